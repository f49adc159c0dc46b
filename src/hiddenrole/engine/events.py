"""Events: what happened, and who may know it.

Every state change of a game is told by events. An event's *visibility* is either public
(``to is None``: everyone, spectators included) or a set of player names (``to`` a frozenset;
the empty set means only the Mod knows, e.g. the order of the shuffled deck). A player's
view is built from the events visible to them, never from the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC = None


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
