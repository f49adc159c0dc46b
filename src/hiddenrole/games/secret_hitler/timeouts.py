"""Deadlines and ruling 9's timeout defaults.

The deadlines (seconds, :func:`step_timers`): "Each day lasts ..." (roles.py's
``day_length``); "it is then night for 4 minutes"; each private step of a night 2 minutes
("Within 2 minutes, the President must PM the Mod ..."). The official rules have no deadlines
of their own; a timed official game gives each step the same 2 minutes.

Ruling 9: a missing night-0 nomination, discard, enactment or power target is chosen at
random among the legal choices. Each random default is a ``"timeouts"`` chance outcome
(:func:`random_default`); night 0's Chancellor is the Mod's ``"picks"`` outcome
(:func:`pick_chancellor`). A fixed outcome that is not a legal choice raises
:class:`~hiddenrole.engine.BadSetup` naming what was expected.
"""

from __future__ import annotations

from typing import Any

from ...engine import BadSetup, Chance, Timer
from . import roles as R

NIGHT_END = "night_end"


def step_timers(step: str, day: int, phase: str, turbo: bool, again: bool) -> list[Timer]:
    """The running deadlines of ``step`` on ``day`` (0: night 0) in ``phase``, for a timed game:
    a day's length during the nomination and the vote; a turbo night's 4 minutes plus the
    current private step's 2 minutes (night 0: the step's only); an official step's 2 minutes.
    ``again``: the Chancellor enacts again after a forbidden veto (a step of its own)."""
    if step in ("nominate", "vote"):
        return [Timer(f"day-{day}", R.day_length(day))]
    name = "enact_again" if again else step
    if turbo:
        if day == 0:
            return [Timer(f"night-0/{name}", R.STEP_SECONDS)]
        out = [Timer(f"night-{day}", R.NIGHT_SECONDS)]
        if step != NIGHT_END:
            out.append(Timer(f"night-{day}/{name}", R.STEP_SECONDS))
        return out
    return [Timer(f"{phase}-{day}/{name}", R.STEP_SECONDS)]


def random_default(chance: Chance, choices: list[Any]) -> Any:
    """Ruling 9: one of ``choices`` (the step's legal choices), drawn uniformly."""

    def check(v: Any) -> Any:
        if v not in choices:
            raise BadSetup(f"chance 'timeouts': {v!r} is not one of {choices}")
        return v
    return chance.outcome("timeouts", lambda r: r.choice(choices), check, sequence=True)


def pick_chancellor(chance: Chance, nominees: list[str]) -> str:
    """"The Mod rands the Chancellor from the President's 2 nominations" (chance "picks")."""

    def check(v: Any) -> str:
        if v not in nominees:
            raise BadSetup(f"chance 'picks': {v!r} is not one of the nominees {nominees}")
        return str(v)
    return chance.outcome("picks", lambda r: r.choice(nominees), check, sequence=True)
