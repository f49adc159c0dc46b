"""Events: what happened, and who may know it.

Every state change of a game is told by events. An event's *visibility* is either public
(``to is None``: everyone, spectators included) or a set of player names (``to`` a frozenset;
the empty set means only the Mod knows, e.g. the order of the shuffled deck). A player's
view is built from the events visible to them, never from the rest. A finished game's
:class:`Result` is how it ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .frozen import FrozenDict, freeze_json, json_key

PUBLIC = None
_SCALARS = frozenset({str, int, float, bool, type(None)})


@dataclass(slots=True)
class Event:
    """One thing that happened in a game (never changed once emitted; not frozen, for speed).

    Attributes:
        seq: position in the game's event log (0-based), the same on every replay.
        kind: a short name (``"vote_result"``, ``"policy_enacted"``, ``"post"``...).
        data: JSON-serialisable details.
        to: ``None`` for a public event, else the frozenset of the players who see it.
    """

    seq: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: frozenset[str] | None = PUBLIC

    @property
    def public(self) -> bool:
        """True when everyone, spectators included, sees the event."""
        return self.to is None

    def visible_to(self, player: str | None) -> bool:
        """Whether ``player`` (``None`` = a spectator) may see this event."""
        if self.to is None:
            return True
        return player is not None and player in self.to

    def to_json(self, *, reveal: bool = False, seq: int | None = None) -> dict[str, Any]:
        """The event as plain JSON data: ``{"seq", "kind", **data}``.

        ``seq`` replaces the log position in the output: a player's events are numbered in
        the player's own order (see :meth:`hiddenrole.engine.Game.events_for`), since gaps
        in the log positions would count other players' private events. A private event
        carries ``"private": true``; with ``reveal=True`` (after the game) it also names
        its audience in ``"to"`` (sorted).
        """
        out: dict[str, Any] = {"seq": self.seq if seq is None else seq, "kind": self.kind}
        out.update(self.data)
        if self.to is not None:
            out["private"] = True
            if reveal:
                out["to"] = sorted(self.to)
        return out


def shared_form(event: Event, nested: tuple[str, ...] | None = None) -> FrozenDict:
    """``event`` as every viewer who may see it gets it: ``{"kind", **data}``, plus
    ``"private": true`` for a private event (no ``seq``: each viewer numbers its own),
    read-only (:class:`~hiddenrole.engine.frozen.FrozenDict`; tuples become lists, keys
    strings, as on a wire), sharing no changeable object with ``event.data``. Observers make
    it once per event for all viewers (``Game.event_forms``).

    Args:
        event: the event.
        nested: the fields of this kind of event that may hold lists or dicts, all others
            being scalars (the game's ``EVENT_SHAPES``); ``None``: every field is looked at.
    """
    data = event.data
    form: dict[str, Any]
    if nested is None:
        form = {"kind": event.kind}
        for k, v in data.items():
            form[k if type(k) is str else json_key(k)] = v if type(v) in _SCALARS else freeze_json(v)
    else:
        form = {"kind": event.kind, **data}
        for key in nested:
            value = form.get(key)
            if value is not None:
                form[key] = freeze_json(value)
    if event.to is not None:
        form["private"] = True
    return FrozenDict(form)


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    Attributes:
        winner: the winning side's name (one of the game's ``sides``), or ``None`` for a draw.
        reason: a short machine-readable reason (``"five_liberal_policies"``...).
        outcomes: each player's ``"win"``, ``"loss"`` or ``"draw"``.
        detail: extra JSON data (scores, ...).
    """

    winner: str | None
    reason: str
    outcomes: dict[str, str]
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The result as JSON data."""
        return {"winner": self.winner, "reason": self.reason, "outcomes": dict(self.outcomes), **self.detail}
