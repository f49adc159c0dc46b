"""Observers: what one viewer may see of a game, kept up to date event by event.

A viewer is a seated player (their name), a spectator (``None``) or the Mod (:data:`MOD`,
who sees every event). An :class:`Observer` follows the game's event log: each event is
looked at once per viewer, when the viewer next asks, and never again, so following a
game costs in proportion to its length (OpenSpiel's observer pattern). It answers:

* :meth:`Observer.new_events`: the events emitted since the last call that the viewer may
  see, as JSON, numbered ``0, 1, 2 ...`` in the viewer's own order (log positions would
  show, by their gaps, how many private events others received);
  :meth:`Observer.new_shared_events` the same without the numbers, for readers that only
  read (bots): each event's read-only JSON form, made once and shared by every viewer;
* :meth:`Observer.snapshot`: the viewer's information state now, without the event list:
  ``game``, ``player``, ``phase``, ``over``, ``players``, ``result``, ``board`` (public)
  and ``private`` (``{}`` for a spectator). Its size does not grow with the game's length,
  so a viewer who (re)joins gets a snapshot plus, once, the events so far;
* :meth:`Observer.view`: the full view (:meth:`Game.view`), the snapshot plus every event.

A :class:`Reader` is an observer for a reader that declares the kinds of event it reads (a
bot's ``READS``): it hands out only the events of those kinds, and looks only at them. The
game's events of those kinds are picked out once per game and set of kinds
(:class:`Selection`), not once per viewer, so a viewer pays for the events it reads, not
for every event of the game; its snapshot is built, when asked, by the game's own observer.

Whether a viewer may see an event is decided in one place, :meth:`Observer.sees` (the
event's audience, :class:`~hiddenrole.engine.events.Event`): the server, the bots, the lab
and the agents all read games through observers, so they share that one filter.

Each game provides its observer class (``Game.OBSERVER``, a ``"module:Class"`` path, so the
game module never imports its views): it folds the viewer's private knowledge from the
events as they pass (:meth:`Observer.observe`) and builds the board and private parts from
the game's public state and that knowledge.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Protocol

from mypy_extensions import mypyc_attr

from .errors import IllegalAction
from .events import Event, Result, shared_form
from .frozen import FrozenDict, FrozenList, json_key

#: The viewer who sees every event (the game's moderator): for exports and audits.
MOD = "\x00mod"

_dumps, _loads = json.dumps, json.loads
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _copy_dict(data: dict[Any, Any]) -> dict[str, Any]:
    return {k if type(k) is str else json_key(k): copy_json(v) for k, v in data.items()}


def _copy_list(data: list[Any]) -> list[Any]:
    # a list of flat dicts (a legal-action list) is copied without a call per dict
    out = []
    for item in data:
        if type(item) is dict:
            for k, v in item.items():
                if type(k) is not str or type(v) not in _SCALARS:
                    out.append(_copy_dict(item))
                    break
            else:
                out.append(item.copy())
        else:
            out.append(copy_json(item))
    return out


def copy_json(data: Any) -> Any:
    """A copy of JSON-like data as a JSON round trip would make it (tuples become lists,
    keys strings, subclasses of dict and list plain ones), sharing no changeable container
    with ``data``: read-only containers (:class:`~hiddenrole.engine.frozen.FrozenDict`,
    :class:`~hiddenrole.engine.frozen.FrozenList`) are kept as they are, since nobody can
    change them. Faster than the round trip for the small objects of a decision (legal
    actions, events)."""
    kind = type(data)
    if kind is dict:
        for k, v in data.items():
            if type(k) is not str or type(v) not in _SCALARS:
                return _copy_dict(data)
        return data.copy()  # str keys and scalar values (most actions and events): one C call
    if kind is list:
        return _copy_list(data)
    if kind is tuple:
        return [copy_json(v) for v in data]
    if kind is FrozenDict or kind is FrozenList:
        return data
    if isinstance(data, (list, tuple)):
        return [copy_json(v) for v in data]
    if isinstance(data, dict):
        return _copy_dict(data)
    return data


def numbered(events: list[dict[str, Any]], start: int) -> list[dict[str, Any]]:
    """``events`` (shared JSON forms, :func:`~hiddenrole.engine.events.shared_form`) as one viewer's own dicts
    ``{"seq", "kind", **data}``, ``seq`` counting on from ``start``; their nested lists and
    dicts stay the shared read-only ones."""
    return [{"seq": i, **e} for i, e in enumerate(events, start)]


class ObservedGame(Protocol):
    """What an observer reads of the game it follows: every :class:`~hiddenrole.engine.game.Game`
    has it (the engine's game module builds observers; this one never imports it)."""

    name: ClassVar[str]  # the game's registry name
    EVENT_SHAPES: ClassVar[dict[str, tuple[str, ...]]]  # event kind -> its fields holding lists or dicts
    players: tuple[str, ...]  # the seated players' names, in seat order
    log: list[Event]  # every event so far, in order (read, never changed)
    event_forms: list[FrozenDict | None]  # each event's shared JSON form, made by its first reader
    selections: dict[frozenset[str], Selection]  # the events of some kinds, picked out once per game
    is_over: bool
    result: Result | None  # how the game ended, once it has

    @property
    def phase(self) -> str:
        """The current phase's name."""

    def view(self, player: str | None) -> dict[str, Any]:
        """The whole view of ``player`` (``None``: a spectator), built by the game itself."""

    def observer(self, viewer: str | None, kinds: frozenset[str] | None = None) -> Observer:
        """A new observer of this game for ``viewer`` (of the events of ``kinds`` only, if given)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Observer:
    """One viewer's window on one game.

    Args:
        game: the game followed (an observer only reads it).
        viewer: a seated player's name, ``None`` for a spectator, or :data:`MOD`.

    Raises:
        IllegalAction: ``viewer`` is not seated at the game.

    Subclasses (one per game) override :meth:`observe` to fold private knowledge from the
    events the viewer sees, and :meth:`board` and :meth:`private`. The base class serves a
    game that provides neither (its own :meth:`Game.view` is then read, minus the events).
    """

    #: The event kinds :meth:`observe` folds (it is called for those only); ``None``: every kind.
    FOLDS: ClassVar[frozenset[str] | None] = None

    def __init__(self, game: ObservedGame, viewer: str | None) -> None:
        if viewer is not None and viewer != MOD and viewer not in game.players:
            raise IllegalAction(viewer, {"view": viewer}, "unknown player")
        self.game = game
        self.viewer = viewer
        self.position = 0  # how far into the game's log this observer has looked
        self.count = 0  # how many events the viewer has seen (their own numbering)
        self.pending: list[dict[str, Any]] = []  # seen by observe(), not yet handed out (shared forms)

    # ------------------------------------------------------------ the filter
    def sees(self, event: Event) -> bool:
        """Whether this observer's viewer may see ``event``: public events are everyone's;
        a private one only its audience's (the Mod sees all)."""
        to = event.to
        if to is None:
            return True
        viewer = self.viewer
        return viewer is not None and (viewer in to or viewer == MOD)

    def catch_up(self) -> None:
        """Look at the events emitted since the last look, once each: those the viewer may
        see are folded into its knowledge (:meth:`observe`) and kept for :meth:`new_events`
        as their shared JSON form (:func:`~hiddenrole.engine.events.shared_form`, made once per event for every
        viewer: following a game costs each viewer a filter and an append per event)."""
        game = self.game
        log = game.log
        end = len(log)
        start = self.position
        if start == end:
            return
        append = self.pending.append
        # the filter is sees(); inlined unless a subclass changes it (every event, every viewer)
        sees = None if type(self).sees is Observer.sees else self.sees
        viewer = self.viewer
        everything = viewer == MOD
        # an observer whose class folds nothing skips the call (Secret Hitler's: its snapshot
        # reads the game's state); one that folds some kinds only is called for those
        observe = None if type(self).observe is Observer.observe else self.observe
        folds = self.FOLDS
        shapes = game.EVENT_SHAPES
        forms = game.event_forms
        if len(forms) < end:
            forms.extend([None] * (end - len(forms)))
        for i in range(start, end):
            event = log[i]
            to = event.to
            if to is not None:  # public events are everyone's
                if sees is None:
                    if not everything and viewer not in to:
                        continue
                elif not sees(event):
                    continue
            if observe is not None and (folds is None or event.kind in folds):
                observe(event)
            form = forms[i]
            if form is None:
                form = forms[i] = shared_form(event, shapes.get(event.kind))
            append(form)
        self.position = end

    def new_events(self) -> list[dict[str, Any]]:
        """The events the viewer may see that were emitted since the last call (JSON dicts
        ``{"seq", "kind", **data}``, ``seq`` in the viewer's own numbering): each dict is
        this viewer's own; lists and dicts inside it are read-only and may be shared with
        other viewers (:mod:`~hiddenrole.engine.frozen`)."""
        self.catch_up()
        pending = self.pending
        self.pending = []
        start = self.count
        self.count = start + len(pending)
        return numbered(pending, start)

    def new_shared_events(self) -> list[dict[str, Any]]:
        """The same events as :meth:`new_events` (they count as handed out), without ``seq``,
        read-only and shared with every other viewer who sees them (:func:`~hiddenrole.engine.events.shared_form`):
        for readers that only read, as bots do; the list is the caller's own."""
        self.catch_up()
        pending = self.pending
        self.pending = []
        self.count += len(pending)
        return pending

    def events_so_far(self) -> list[dict[str, Any]]:
        """The events not handed out yet, numbered as :meth:`new_events` would number them,
        without handing them out (for :meth:`view`: every event, for a fresh observer)."""
        self.catch_up()
        return numbered(self.pending, self.count)

    def observe(self, event: Event) -> None:
        """Fold one event the viewer may see, of a kind in :attr:`FOLDS`, into what the
        observer keeps (default: nothing), once, in the log's order."""

    # --------------------------------------------------------- information state
    def base(self) -> dict[str, Any]:
        """The snapshot keys every game shares: ``game``, ``player``, ``phase``, ``over``,
        ``players``, ``result``."""
        game = self.game
        return {
            "game": game.name,
            "player": self.viewer,
            "phase": game.phase,
            "over": game.is_over,
            "players": list(game.players),
            "result": copy_json(game.result.to_json()) if game.result else None,  # detail holds lists
        }

    def board(self) -> dict[str, Any]:
        """The public state, as JSON data sharing nothing with the game."""
        return self._fallback_view()["board"]

    def private(self) -> dict[str, Any]:
        """What the viewer knows beyond the board (``{}`` for a spectator)."""
        return self._fallback_view()["private"]

    def _fallback_view(self) -> dict[str, Any]:
        # a game without an observer of its own builds its whole view itself
        return self.game.view(None if self.viewer == MOD else self.viewer)

    def snapshot(self) -> dict[str, Any]:
        """The viewer's information state now, without its events (see the module docstring)."""
        self.catch_up()
        out = self.base()
        out["board"] = self.board()
        out["private"] = self.private()
        return out

    def view(self) -> dict[str, Any]:
        """The full view: the snapshot with ``events``, every event the viewer may see so far.
        Only for an observer that has handed out no events yet (a fresh one)."""
        events = self.events_so_far()
        out = self.base()
        result = out.pop("result")
        out["events"] = events
        out["result"] = result
        out["board"] = self.board()
        out["private"] = self.private()
        return out

    def summary(self) -> dict[str, Any]:
        """The game's public summary (no secrets; :meth:`Game.summary`): each game's own shape."""
        raise NotImplementedError(f"{type(self).__name__} gives no summary")

    def thread(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The public thread's new posts among ``events`` (this viewer's new events), as
        ``{"by", "text"}`` (games may add fields): by default the ``post`` events."""
        return [{"by": e["player"], "text": e["text"]} for e in events if e["kind"] == "post" and not e.get("private")]


class Selection:
    """The events of some kinds a game emitted, picked out of its log once for every viewer
    who reads those kinds (:class:`Reader`): each one's shared JSON form and its audience.

    Args:
        kinds: the event kinds kept (a frozenset of names).

    Attributes:
        position: how far into the game's log the selection has looked (count of events).
        forms: the kept events' shared forms (:func:`~hiddenrole.engine.events.shared_form`), in log order.
        audiences: each kept event's audience, ``None`` for a public one (``Event.to``).
        last_private: the index in :attr:`forms` of the last private event kept (-1: none).
    """

    __slots__ = ("kinds", "position", "forms", "audiences", "last_private")

    def __init__(self, kinds: frozenset[str]) -> None:
        self.kinds = kinds
        self.position = 0
        self.forms: list[dict[str, Any]] = []
        self.audiences: list[frozenset[str] | None] = []
        self.last_private = -1

    def advance(self, game: ObservedGame) -> None:
        """Look at the events ``game`` emitted since the last call, once each, keeping those of
        :attr:`kinds`."""
        log = game.log
        end = len(log)
        start = self.position
        if start == end:
            return
        kinds = self.kinds
        shapes = game.EVENT_SHAPES
        forms = game.event_forms
        if len(forms) < end:
            forms.extend([None] * (end - len(forms)))
        kept, audiences = self.forms, self.audiences
        for i in range(start, end):
            event = log[i]
            if event.kind not in kinds:
                continue
            form = forms[i]
            if form is None:
                form = forms[i] = shared_form(event, shapes.get(event.kind))
            to = event.to
            if to is not None:
                self.last_private = len(kept)
            kept.append(form)
            audiences.append(to)
        self.position = end


def selection(game: ObservedGame, kinds: frozenset[str]) -> Selection:
    """The game's :class:`Selection` of ``kinds`` (made on first use; one per game and set of
    kinds, kept in ``game.selections``)."""
    selections = game.selections
    found = selections.get(kinds)
    if found is None:
        found = selections[kinds] = Selection(kinds)
    return found


@mypyc_attr(allow_interpreted_subclasses=True)
class Reader(Observer):
    """An observer for a reader of some kinds of events only (a bot that declares ``READS``).

    Args:
        game: the game followed.
        viewer: a seated player's name, ``None`` for a spectator, or :data:`MOD`.
        kinds: the event kinds handed out (a frozenset of names).

    Raises:
        IllegalAction: ``viewer`` is not seated at the game.

    :meth:`new_events` and :meth:`new_shared_events` hand out the events of ``kinds`` the
    viewer may see (the one filter, :meth:`Observer.sees`), in order, numbered in the
    reader's own order; the other events are never looked at by this viewer (the game's
    :class:`Selection` picks the kinds out once for all; the filter is the base one, public
    events for everyone, a private one for its audience and the Mod). :meth:`snapshot`,
    :meth:`board`, :meth:`private` and :meth:`summary` are those of the game's own observer
    for the viewer, made on first use and caught up from the start then (a reader that asks
    for its snapshot rarely pays for the folds only then); :meth:`view` is that snapshot
    with the reader's own events.
    """

    def __init__(self, game: ObservedGame, viewer: str | None, kinds: frozenset[str]) -> None:
        super().__init__(game, viewer)
        self.kinds = kinds
        self.selected = selection(game, kinds)
        self.index = 0  # how far into the selection this reader has looked
        self.full: Observer | None = None  # the game's own observer for the viewer, once asked

    def catch_up(self) -> None:
        """Look at the selected events (:class:`Selection`) not looked at yet, keeping those the
        viewer may see for :meth:`new_events`."""
        chosen = self.selected
        game = self.game
        if chosen.position != len(game.log):
            chosen.advance(game)
        forms = chosen.forms
        start, end = self.index, len(forms)
        if start == end:
            return
        viewer = self.viewer
        if chosen.last_private < start or viewer == MOD:
            self.pending.extend(forms[start:end])  # all public (or the Mod): one slice
        else:
            append = self.pending.append
            audiences = chosen.audiences
            for i in range(start, end):
                to = audiences[i]
                if to is None or viewer is not None and viewer in to:
                    append(forms[i])
        self.index = end

    def new_shared_events(self) -> list[dict[str, Any]]:
        """As :meth:`Observer.new_shared_events` (the events of the reader's kinds only); one
        call, as it runs at every decision of every bot."""
        chosen = self.selected
        game = self.game
        if chosen.position != len(game.log):
            chosen.advance(game)
        forms = chosen.forms
        start, end = self.index, len(forms)
        pending = self.pending
        if start == end:
            if not pending:
                return []  # nothing new
            new: list[dict[str, Any]] = []
        else:
            viewer = self.viewer
            if chosen.last_private < start or viewer == MOD:
                new = forms[start:end]  # all public (or the Mod): one slice
            else:
                audiences = chosen.audiences
                new = []
                for i in range(start, end):
                    to = audiences[i]
                    if to is None or viewer is not None and viewer in to:
                        new.append(forms[i])
            self.index = end
        if pending:  # looked at by catch_up (a snapshot) but not handed out yet
            pending.extend(new)
            new = pending
            self.pending = []
        self.count += len(new)
        return new

    def _own(self) -> Observer:
        full = self.full
        if full is None:
            full = self.full = self.game.observer(self.viewer)
        return full

    def snapshot(self) -> dict[str, Any]:
        """The game's own observer's snapshot for the viewer (see :meth:`Observer.snapshot`)."""
        full = self._own()
        out = full.snapshot()
        full.pending.clear()  # its events are never handed out: only its folds are kept
        return out

    def board(self) -> dict[str, Any]:
        """As :meth:`Observer.board`, by the game's own observer."""
        full = self._own()
        full.catch_up()
        full.pending.clear()
        return full.board()

    def private(self) -> dict[str, Any]:
        """As :meth:`Observer.private`, by the game's own observer."""
        full = self._own()
        full.catch_up()
        full.pending.clear()
        return full.private()

    def summary(self) -> dict[str, Any]:
        """As :meth:`Observer.summary`, by the game's own observer."""
        return self._own().summary()


def json_copy(data: Any) -> Any:
    """A copy of JSON data made by a JSON round trip (tuples become lists, keys strings)."""
    return _loads(_dumps(data))
