"""Each viewer's stream of a live table: what its connections are sent, computed once.

A :class:`Feed` follows the table's game for one viewer (a seated player, or ``None`` for
the spectators) through an :class:`~hiddenrole.engine.Observer`, which looks at each event
of the game once. Every connection of that viewer shares the feed: at each broadcast the
feed is advanced once (:meth:`Feed.step`) and all of them are sent the same new events,
thread posts and state. What is the same for every viewer (the seat list, the running
deadlines, who the game waits for) is computed once per broadcast (:class:`Broadcast`).

Nothing here reads a game beyond the engine's contract: ``game.observer(viewer)``, the
observer's ``new_events``, ``snapshot`` and ``thread``, and the game's ``legal_actions``,
``can_post``, ``to_act`` and ``is_over``; nor a table beyond :class:`TableView` (which
:class:`~.table.LiveTable` satisfies without naming it: this module does not import the table).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Game, Observer
from ..engine.narration import Narrator, narrator
from .clock import iso
from .mergepatch import strip_nulls

if TYPE_CHECKING:
    from .store import TableRow


class SeatView(Protocol):
    """What a broadcast reads of a seat."""

    def to_json(self) -> dict[str, Any]:
        """The seat's public facts (name, bot, connected, presence...)."""


class TableView(Protocol):
    """What a :class:`Broadcast` and a :class:`Feed` read of a live table (all times in epoch seconds)."""

    @property
    def row(self) -> TableRow:
        """The stored table (its ``status``, and ``next_code``: the "Play again" table)."""

    @property
    def seats(self) -> Sequence[SeatView]:
        """The seats in seat order."""

    @property
    def game(self) -> Game | None:
        """The running or finished game (``None`` before it starts)."""

    @property
    def host(self) -> str | None:
        """The seat that holds the host role, if a player holds it."""

    @property
    def host_away_since(self) -> float | None:
        """Since when the host is away (``None`` while present or not watched)."""

    @property
    def paused_at(self) -> float | None:
        """When the running pause began (``None`` when not paused)."""

    @property
    def paused(self) -> bool:
        """Whether the game is paused (a paused game takes no action)."""

    @property
    def version(self) -> int:
        """Counts the changes of the game's state: a feed rebuilds its parts when it moves."""

    @property
    def bots(self) -> Mapping[str, object]:
        """The seats a bot plays now, by name."""

    @property
    def narration_cache(self) -> NarrationCache:
        """The public events' narration, per language, shared by every feed."""

    def takeover_open(self) -> bool:
        """Whether any seated player may take the host role over now."""

    def spectator_numbers(self) -> list[int]:
        """The numbers of the spectators watching."""

    def deadlines(self) -> dict[str, float]:
        """The running deadlines by timer key (none when untimed, over or paused)."""

    def timed_deadlines(self) -> dict[str, float]:
        """The deadlines as they would run now (during a pause: where they stood)."""

    def deadline_for(self, player: str | None, deadlines: dict[str, float] | None = None,
                     may_act: bool | None = None) -> float | None:
        """The deadline shown to ``player`` (``deadlines``, ``may_act``: if already known)."""


def number_posts(posts: list[dict[str, Any]], start: int) -> list[dict[str, Any]]:
    """Thread posts numbered ``start, start + 1 ...`` (``seq`` first, replacing any the
    observer gave): a post's number is its position in the thread, the same for everyone."""
    out = []
    for i, post in enumerate(posts, start):
        numbered: dict[str, Any] = {"seq": i}
        numbered.update((k, v) for k, v in post.items() if k != "seq")
        out.append(numbered)
    return out


class NarrationCache:
    """The narration of a table's public events, per language, made once for every viewer
    (a public event is told the same way to everyone); private events are told per viewer.
    Made anew when the table's game is rebuilt."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.public: dict[tuple[str, int], list[str]] = {}

    def sentences(self, teller: Narrator, game: Game, index: int) -> list[str]:
        """The sentences telling the event at log position ``index`` to ``teller``'s viewer."""
        if self.game is not game:
            self.game = game
            self.public = {}
        event = game.log[index]
        if event.to is not None:
            return teller.event(event.kind, event.data, event.to)
        key = (teller.lang, index)
        out = self.public.get(key)
        if out is None:
            out = self.public[key] = teller.event(event.kind, event.data, None)
        return out


def narrated(events: list[dict[str, Any]], indices: list[int], teller: Narrator, game: Game,
             cache: NarrationCache) -> list[dict[str, Any]]:
    """``events`` (a viewer's JSON events, at log positions ``indices``) each with its
    ``narration``: the sentences for ``teller``'s viewer in its language."""
    out = []
    for event, index in zip(events, indices):
        told = dict(event)
        told["narration"] = cache.sentences(teller, game, index)
        out.append(told)
    return out


def log_indices(observer: Observer, start: int, end: int) -> list[int]:
    """The log positions in ``start .. end - 1`` of the events ``observer``'s viewer sees (in
    order: the positions of the events its :meth:`~Observer.new_events` gave for that span)."""
    log = observer.game.log
    sees = observer.sees
    return [i for i in range(start, end) if sees(log[i])]


class Broadcast:
    """The facts of one broadcast that are the same for every viewer, each computed once,
    when first needed: the seat list, the running deadlines and who the game waits for.

    Args:
        table: the live table (a :class:`~.table.LiveTable`).
        turn: the broadcast's number (the table's count of broadcasts).
    """

    def __init__(self, table: TableView, turn: int) -> None:
        self.table = table
        self.turn = turn
        self.status = table.row.status
        self.seats = [s.to_json() for s in table.seats]
        self._deadlines: dict[str, float] | None = None
        self._to_act: tuple[str, ...] | None = None
        # the table's part of every state: status, seats, and (when set) the host, the pause,
        # the spectators' numbers, the next game's table
        self.table_part: dict[str, Any] = {"status": self.status, "seats": self.seats}
        if table.host is not None:
            self.table_part["host"] = table.host
        if table.takeover_open():  # any seated player may take the host role over (since when the host is away)
            self.table_part["host_away"] = iso(table.host_away_since)
        if table.paused_at is not None:
            self.table_part["paused"] = iso(table.paused_at)
        spectators = table.spectator_numbers()
        if spectators:
            self.table_part["spectators"] = spectators
        if table.row.next_code is not None:  # "Play again": the next game's table
            self.table_part["next"] = table.row.next_code
        self.lobby: dict[str, Any] = self.table_part  # the state before a game
        self.lobby_bodies: dict[int, tuple[dict[str, Any], str | None]] = {}

    @property
    def deadlines(self) -> dict[str, float]:
        if self._deadlines is None:
            self._deadlines = self.table.deadlines()
        return self._deadlines

    @property
    def to_act(self) -> tuple[str, ...]:
        if self._to_act is None:
            game = self.table.game
            self._to_act = tuple(game.to_act()) if game is not None else ()
        return self._to_act


class Feed:
    """One viewer's stream of one table's game, shared by the viewer's connections.

    Args:
        game: the table's game (a new feed is made when the game is rebuilt).
        viewer: a seated player's name, or ``None`` for the spectators.

    Attributes:
        observer: the viewer's observer of ``game``.
        threads: how many thread posts the viewer was handed so far (the next post's ``seq``).
        connections: how many connections share the feed (the table drops it at 0).
        born: the table's broadcast count when the feed was made.
    """

    def __init__(self, game: Game, viewer: str | None) -> None:
        self.game = game
        self.viewer = viewer
        self.observer: Observer = game.observer(viewer)
        self.threads = 0
        self.connections = 0
        self.born = -1  # the broadcast during which the table made the feed
        self._version: Any = None  # the table version ``_parts`` were built at
        self._parts: dict[str, Any] = {}
        self.turn = -1  # the broadcast the fields below belong to
        self.events: list[dict[str, Any]] = []
        self.thread: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        # per broadcast: id(the state a connection was last sent) -> (that state, update body or None)
        self.bodies: dict[int, tuple[dict[str, Any], str | None]] = {}
        self.indices: list[int] = []  # the log positions of :attr:`events`
        self._seen = 0  # the log position the feed's takes have reached
        self._tellers: dict[str, Narrator] = {}
        # per language, for the broadcast :attr:`turn`: (turn, events, state, bodies)
        self._told: dict[str, tuple[int, list[dict[str, Any]], dict[str, Any], dict[int, Any]]] = {}
        # lang -> (the parts it was made for, the narration, what it was made from)
        self._situation: dict[str, tuple[Any, dict[str, Any], Any]] = {}

    def teller(self, lang: str) -> Narrator:
        """The viewer's narrator in ``lang`` (made once)."""
        teller = self._tellers.get(lang)
        if teller is None:
            teller = self._tellers[lang] = narrator(self.game, self.viewer, lang)
        return teller

    def situation(self, lang: str, parts: dict[str, Any], shared: Broadcast) -> dict[str, Any]:
        """The state's ``narration`` in ``lang`` (phase, who must act, the deadline's note, the
        prompt; no ``null`` member), made once per state of the game."""
        cached = self._situation.get(lang)
        if cached is not None and cached[0] is parts:
            return cached[1]
        # what the narration reads: a post, or another viewer's step, usually leaves it alone, and
        # comparing it costs less than telling it again
        key = (parts["view"], parts["legal_actions"], shared.to_act, "deadline" in parts)
        if cached is not None and cached[2] == key:
            told = cached[1]
        else:
            told = strip_nulls(self.teller(lang).situation(*key))
        self._situation[lang] = (parts, told, key)
        return told

    def told_state(self, state: dict[str, Any], lang: str, table: TableView, shared: Broadcast) -> dict[str, Any]:
        """``state`` (:meth:`state_now`) with its ``narration`` in ``lang``."""
        out = dict(state)
        out["narration"] = self.situation(lang, self.parts(table, shared), shared)
        return out

    def told(self, lang: str, table: TableView, shared: Broadcast) -> tuple[
            list[dict[str, Any]], dict[str, Any], dict[int, Any]]:
        """This broadcast's events and state in ``lang`` (each event with its ``narration``,
        the state with its own) and the update bodies already made for them; made lazily,
        once per broadcast and language, for all of the viewer's connections in that language."""
        cached = self._told.get(lang)
        if cached is not None and cached[0] == self.turn:
            return cached[1], cached[2], cached[3]
        events = narrated(self.events, self.indices, self.teller(lang), self.game, table.narration_cache)
        state = self.told_state(self.state, lang, table, shared)
        bodies: dict[int, Any] = {}
        self._told[lang] = (self.turn, events, state, bodies)
        return events, state, bodies

    def current(self) -> bool:
        """Whether the feed has looked at every event of its game (so a connection may join
        it after a snapshot without getting an event twice)."""
        observer = self.observer
        return observer.position == len(self.game.log) and not observer.pending

    def take(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The viewer's events since the last take and the thread posts among them (numbered)."""
        events = self.observer.new_events()
        end = self.observer.position
        self.indices = log_indices(self.observer, self._seen, end) if events else []
        self._seen = end
        posts = self.observer.thread(events) if events else []
        thread = number_posts(posts, self.threads)
        self.threads += len(thread)
        return events, thread

    def parts(self, table: TableView, shared: Broadcast) -> dict[str, Any]:
        """The game's part of the viewer's state: ``view`` (the observer's snapshot),
        ``legal_actions``, ``can_post``, ``post_limit`` (the most characters a post may have,
        while the viewer may post), ``waiting``, ``deadline``; rebuilt only when the
        table changed (a new log entry) since the last time."""
        if self._version == table.version:
            return self._parts
        game = self.game
        player = self.viewer
        acting = player is not None and player not in table.bots
        legal = game.legal_actions(player) if acting else []
        parts: dict[str, Any] = {
            "view": strip_nulls(self.observer.snapshot()),
            "legal_actions": [] if table.paused else legal,  # a paused game takes no action
            "can_post": bool(acting and game.can_post(player)),  # type: ignore[arg-type]
            "waiting": bool(acting and player in shared.to_act),
        }
        if parts["can_post"] and game.max_post is not None:
            parts["post_limit"] = game.max_post
        deadline = iso(table.deadline_for(player, shared.deadlines, may_act=bool(legal)))
        if deadline is not None:
            parts["deadline"] = deadline
        if table.paused_at is not None:  # the time the viewer's deadline keeps for the resume
            held = table.deadline_for(player, table.timed_deadlines(), may_act=bool(legal))
            if held is not None:
                parts["remaining"] = round(held - table.paused_at, 3)
        self._parts = parts
        self._version = table.version
        return parts

    def state_now(self, table: TableView, shared: Broadcast) -> dict[str, Any]:
        """The viewer's whole state now (no ``null`` member: see :mod:`.mergepatch`)."""
        state = dict(shared.table_part)
        state.update(self.parts(table, shared))
        return state

    def step(self, table: TableView, shared: Broadcast) -> None:
        """Advance the feed once for broadcast ``shared``: :attr:`events`, :attr:`thread`
        and :attr:`state` are then what this broadcast sends the viewer's connections
        (a second call in the same broadcast does nothing)."""
        if self.turn == shared.turn:
            return
        self.turn = shared.turn
        self.events, self.thread = self.take()
        self.state = self.state_now(table, shared)
        self.bodies = {}
