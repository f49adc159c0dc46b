"""The options of a Secret Hitler table (rulings 1, 3, 5, 8 and the variant and pace).

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

OPTIONS = OptionSet([
    Option("variant", TURBO,
           "turbo: the turbo forum rules (night 0, votecodes, 2 failed elections top-deck); "
           "official: the published rules (no night 0, direct votes, 3 failed elections).",
           choices=(TURBO, OFFICIAL)),
    Option("pace", None,
           "turbo: the text's deadlines (day d lasts 14-(d-1) minutes, at least 6; a night lasts 4 "
           "minutes; each private step 2 minutes); untimed: no deadlines, a day ends when every "
           "living player has voted. Default: turbo for the turbo variant, untimed for the official.",
           choices=(TURBO, UNTIMED), nullable=True),
    Option("power_holder", None,
           "Ruling 1. turbo: the Chancellor examines identities and kills, the President peeks and "
           "calls the special election; president: the President uses every power. Default: turbo "
           "for the turbo variant, president for the official.",
           choices=(TURBO, PRESIDENT), nullable=True),
    Option("pass_rule", LIVING_MAJORITY,
           "Ruling 3. living_majority: a ticket passes when strictly more than half of the living "
           "players voted yes; votes_cast: when more yes than no votes were cast.",
           choices=(LIVING_MAJORITY, VOTES_CAST)),
    Option("veto_counts_as_failed_election", True,
           "Ruling 5: a veto the President allows moves the election tracker like a failed election.",
           kind=bool),
    Option("investigate_once", True,
           "Ruling 8: a player's identity can be examined only once per game.", kind=bool),
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
