"""Helpers shared by the rule-based bots: reading new events, choosing among legal actions.

Everything here works on JSON data only (an :class:`~hiddenrole.bots.base.Observation`'s
``legal_actions`` and ``view``): a bot never holds a reference to a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..engine import Action, Rng
from .base import Observation

#: The most posts a rule-based bot makes in one game (count): play_game asks the bot again
#: after each post, so a bound keeps every game finite whatever the bot wants to say.
MAX_POSTS_PER_GAME = 60


class EventCursor:
    """Yields each event of a view once, in order (by ``seq``), across a bot's decisions."""

    def __init__(self) -> None:
        self.last_seq = -1

    def new(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The events of ``view["events"]`` not returned before (a list of JSON event dicts)."""
        events = view.get("events") or []
        last = self.last_seq
        if events and events[-1]["seq"] <= last:
            return []
        # events are in seq order: scan back to the first unseen one
        i = len(events)
        while i > 0 and events[i - 1]["seq"] > last:
            i -= 1
        fresh = events[i:]
        if fresh:
            self.last_seq = fresh[-1]["seq"]
        return fresh


def new_events(observation: Observation, cursor: EventCursor) -> list[dict[str, Any]]:
    """The events new to the bot at this decision: the observation's own (its observer's),
    or, when a caller passed a whole view instead, those of ``view["events"]`` that
    ``cursor`` has not returned before."""
    events = observation.events
    if events is None:
        return cursor.new(observation.view or {})
    return events


def find(legal: Sequence[Action], kind: str, **params: Any) -> Action | None:
    """The first legal action of ``kind`` whose parameters equal ``params``, or ``None``."""
    for action in legal:
        if action.get("action") == kind and all(action.get(k) == v for k, v in params.items()):
            return action
    return None


def of_kind(legal: Sequence[Action], kind: str) -> list[Action]:
    """The legal actions of ``kind`` (in their listed order)."""
    return [a for a in legal if a.get("action") == kind]


def best(
    candidates: Iterable[Action], score: Callable[[Action], float], rng: Rng
) -> Action:
    """The candidate with the highest ``score``; ties are broken at random (seeded ``rng``).

    Raises:
        ValueError: ``candidates`` is empty.
    """
    top: list[Action] = []
    top_score = float("-inf")
    for action in candidates:
        s = score(action)
        if s > top_score:
            top, top_score = [action], s
        elif s == top_score:
            top.append(action)
    if not top:
        raise ValueError("no candidate action")
    return top[0] if len(top) == 1 else rng.choice(top)
