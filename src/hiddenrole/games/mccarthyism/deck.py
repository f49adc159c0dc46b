"""The action deck in the center of the table, and its discard pile.

Ruling 9: when the deck runs out, the discards are shuffled into a new deck (option
``reshuffle_discards``; chance ``"reshuffles"``, one new order per reshuffle); ruling 10: with
fewer cards left than a player must draw, they draw what there is.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hiddenrole.engine import PACKED, BadSetup, Chance, Event


class ActionDeck:
    """The draw pile and the discards.

    Args:
        order: the deck, top card first (the chance outcome ``"deck"``).
        chance: the game's chance outcomes (for the reshuffles).
        reshuffle: whether the discards are shuffled into a new deck when it runs out (ruling 9).
        log: the game's event log (:attr:`~hiddenrole.engine.Game.log`), to tell the table of the
            draws and the reshuffles.

    Attributes:
        pile: the cards left to draw, the top card last (read it; draw with :meth:`draw`).
        discards: the discard pile (cards are added by the game, face down).
        reshuffles: how many times the discards were shuffled into a new deck.
    """

    def __init__(self, order: list[str], chance: Chance, reshuffle: bool, log: list[Event]) -> None:
        self.pile = order[::-1]  # top card last, for pop()
        self.discards: list[str] = []
        self.reshuffles = 0
        self.chance = chance
        self.reshuffle_discards = reshuffle
        self.log = log

    def deal(self, player: str, count: int, audience: frozenset[str]) -> list[str]:
        """:meth:`draw` for ``player``, told to the table: how many (public), which (to ``audience``,
        the player alone); when no card is left, that the draw is skipped."""
        pile = self.pile
        if len(pile) >= count:  # the usual case: the top cards, top first, no reshuffle
            hand = [pile.pop() for _ in range(count)]
        else:
            hand = self.draw(count)
        log = self.log
        if hand:
            log.append(Event(len(log), "drew", {"player": player, "count": len(hand)}))
            log.append(Event(len(log), "hand", {"cards": hand[:]}, audience))
        else:
            log.append(Event(len(log), "skipped", {"player": player, "step": "draw", "reason": "no action card is left"}))
        return hand

    def cards(self, elsewhere: list[str]) -> dict[str, int]:
        """The cards left to draw and the discards, with ``elsewhere`` (the cards in a hand or
        played face up): card -> how many (the whole deck, at every moment of a game)."""
        return dict(Counter(self.pile + self.discards + elsewhere))

    def in_draw_order(self) -> list[str]:
        """The cards left, the next card first (a new list)."""
        return self.pile[::-1]

    def draw(self, count: int) -> list[str]:
        """Draw up to ``count`` cards, top first, reshuffling the discards when the deck runs out
        (ruling 9); fewer if there are fewer (ruling 10)."""
        pile = self.pile
        hand = []
        for _ in range(count):
            if not pile:
                if not self.reshuffle():
                    break
                pile = self.pile
            hand.append(pile.pop())
        return hand

    def reshuffle(self) -> bool:
        """Ruling 9: shuffle the discards into a new deck (chance ``"reshuffles"``); ``False`` (and
        nothing changes) when there are none or the option ``reshuffle_discards`` is off.

        Raises:
            BadSetup: a fixed ``"reshuffles"`` outcome that is not an order of the discards.
        """
        if not self.discards or not self.reshuffle_discards:
            return False
        pile = self.discards

        def check(value: Any) -> list[str]:
            if not isinstance(value, list) or sorted(map(str, value)) != sorted(pile):
                raise BadSetup(f"chance 'reshuffles' #{self.reshuffles + 1} must be an order of the discards "
                               f"{sorted(pile)}, top first")
            return list(value)

        order = self.chance.outcome("reshuffles", lambda rng: rng.shuffled(pile, per_draw=PACKED), check, sequence=True)
        self.reshuffles += 1
        self.pile = order[::-1]
        self.discards = []
        log = self.log
        log.append(Event(len(log), "reshuffled", {"cards": len(order)}))
        log.append(Event(len(log), "deck", {"cards": list(order)}, frozenset()))
        return True
