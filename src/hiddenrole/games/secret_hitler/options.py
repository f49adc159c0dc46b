"""The options of a Secret Hitler table (rulings 1, 3, 5, 8 and the variant and pace; the
variant also decides ruling 11).

``None`` defaults mean "the variant's own rule" and are resolved by :func:`resolved`.
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, OptionSet

TURBO = "turbo"
OFFICIAL = "official"
UNTIMED = "untimed"
PRESIDENT = "president"
LIVING_MAJORITY = "living_majority"
VOTES_CAST = "votes_cast"
#: failed elections in a row that enact the top policy card, by variant
TRACKER_LIMIT = {TURBO: 2, OFFICIAL: 3}

OPTIONS = OptionSet([
    Option("variant", TURBO,
           "Which rules are played: the turbo forum game (a night 0, votes posted as votecodes, the top "
           "policy enacted after 2 failed elections) or the official board game (no night 0, direct "
           "votes, the top policy enacted after 3 failed elections).",
           choices=(TURBO, OFFICIAL)),
    Option("pace", None,
           "Whether the turbo deadlines run (day 1 lasts 14 minutes and each later day one minute "
           "less, at least 6; a night 4 minutes; each private step 2 minutes) or there are none and a "
           "day ends when every living player has voted; by default the turbo game has deadlines and "
           "the board game none.",
           choices=(TURBO, UNTIMED), nullable=True),
    Option("power_holder", None,
           "Who uses the presidential powers: as in the turbo game, where the Chancellor investigates "
           "and executes while the President peeks and calls special elections, or the President "
           "alone, as in the board game (by default the one of the rules played).",
           choices=(TURBO, PRESIDENT), nullable=True),
    Option("pass_rule", LIVING_MAJORITY,
           "When a ticket is elected: when more than half of the living players vote yes, or when "
           "more yes than no votes are cast.",
           choices=(LIVING_MAJORITY, VOTES_CAST)),
    Option("veto_counts_as_failed_election", True,
           "Whether a veto the President allows moves the election tracker like a failed election.",
           kind=bool),
    Option("investigate_once", True,
           "Whether each player's party membership can be investigated only once per game.", kind=bool),
])


def resolved(options: dict[str, Any]) -> dict[str, Any]:
    """The options with the variant-dependent defaults (``None``) filled in."""
    out = dict(options)
    official = out["variant"] == OFFICIAL
    if out["pace"] is None:
        out["pace"] = UNTIMED if official else TURBO
    if out["power_holder"] is None:
        out["power_holder"] = PRESIDENT if official else TURBO
    return out
