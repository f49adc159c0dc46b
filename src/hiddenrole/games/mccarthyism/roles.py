"""Role cards and allegiance.

Rulebook, *Setup*: "For n<21 players: take 2/3 n rounded down commie cards and 4/3 n rounded
up American cards and distribute 1 to each player." Those fractions add up to 2n cards, of
which n are dealt (option ``deal=pool``, the default: :func:`pool_cards`), so the number of
Commies is itself random and secret; option ``deal=fixed`` deals exactly ``floor(n/3)``
Commies (option ``commie_count``) and the rest Americans.

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


def pool_cards(players: int) -> tuple[int, int]:
    """The pool the role cards are dealt from (``deal=pool``), for ``players`` players (count):
    ``(commie cards, american cards)`` = ``(floor(2n/3), ceil(4n/3))``, 2n cards in all.

    "take 2/3 n rounded down commie cards and 4/3 n rounded up American cards and distribute
    1 to each player". ``floor(2n/3) < n`` for every n >= 1, so no pool deal is all Commies.
    """
    return 2 * players // 3, -(-4 * players // 3)


def default_commie_count(players: int) -> int:
    """The number of Commie role cards of the fixed deal (``deal=fixed``) for ``players``
    players (count): ``floor(players / 3)``, the mean of the pool deal rounded down."""
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


class RoleCards:
    """The role cards the players hold, the double agent token and "Commies take over" (ruling 1).

    Args:
        dealt: name -> the role card dealt (``"commie"``/``"american"``), in seat order.

    Attributes (read them; change them through the methods):
        double_agent: who holds the double agent token (``None``: nobody yet).
        taken_over: whether "Commies take over" was played (in force for the rest of the game).
    """

    def __init__(self, dealt: dict[str, str]) -> None:
        self.cards = dict(dealt)
        self.double_agent: str | None = None
        self.taken_over = False

    def card_of(self, player: str) -> str:
        """The role card ``player`` holds now (``KeyError`` for a name not seated)."""
        return self.cards[player]

    def allegiance_of(self, player: str) -> str:
        """``player``'s allegiance now (ruling 1): their card, flipped by the token and by the takeover."""
        return allegiance(self.cards[player], player == self.double_agent, self.taken_over)

    def allegiances(self) -> dict[str, str]:
        """Every player's allegiance now, by name in seat order (a new dict)."""
        da, tk = self.double_agent, self.taken_over
        if da is None and not tk:  # no flip: the role cards
            return dict(self.cards)
        return {p: allegiance(card, p == da, tk) for p, card in self.cards.items()}

    def swap(self, player: str, target: str) -> tuple[str, str]:
        """"Switch roles with another player" (ruling 7: the token stays); returns (``player``'s old
        card, their new card)."""
        cards = self.cards
        mine, theirs = cards[player], cards[target]
        cards[player], cards[target] = theirs, mine
        return mine, theirs

    def take_double_agent(self, player: str) -> str | None:
        """``player`` takes the double agent token; returns who held it (``None``: nobody)."""
        previous, self.double_agent = self.double_agent, player
        return previous

    def take_over(self) -> None:
        """"Commies and loyal Americans switch orientations" for the rest of the game."""
        self.taken_over = True
