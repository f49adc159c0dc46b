"""Role cards and allegiance.

Rulebook, *Setup*: "For n<21 players: take 2/3 n rounded down commie cards and 4/3 n rounded
up American cards and distribute 1 to each player." Those fractions add up to 2n cards, so
the engine's ruling is ``floor(n/3)`` Commies and the rest Americans (option ``commie_count``).

Ruling 1: a player's *allegiance* is their role card, flipped while they hold the double agent
token, and flipped again while "Commies take over" is in force.
"""

from __future__ import annotations

COMMIE = "commie"
AMERICAN = "american"
ROLE_CARDS = (COMMIE, AMERICAN)

# The two sides, as the engine's ``sides`` and the result's ``winner`` name them.
COMMIES = "commies"
AMERICANS = "americans"

_FLIP = {COMMIE: AMERICAN, AMERICAN: COMMIE}


def default_commie_count(players: int) -> int:
    """The number of Commie role cards for ``players`` players (count): ``floor(players / 3)``.

    Implements the ruling on "take 2/3 n rounded down commie cards and 4/3 n rounded up
    American cards" (which would deal 2n cards): one third of the table, rounded down.
    """
    return players // 3


def allegiance(card: str, double_agent: bool, takeover: bool) -> str:
    """A player's allegiance (``"commie"`` or ``"american"``), ruling 1.

    Args:
        card: the role card the player holds now.
        double_agent: the player holds the double agent token ("making you the opposite
            role of what is given").
        takeover: "Commies take over" is in force ("Commies and loyal Americans switch
            orientations").
    """
    if double_agent is not takeover:  # exactly one flip
        return _FLIP[card]
    return card


def side_of_allegiance(role: str) -> str:
    """The side (``"commies"`` / ``"americans"``) of an allegiance."""
    return COMMIES if role == COMMIE else AMERICANS
