"""The deal and the deck are chance outcomes, drawn with the engine's packed shuffle
(tests/engine/test_eng_shuffles.py checks the shuffle itself)."""

from __future__ import annotations

from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import DECK


def test_the_game_deals_and_shuffles_through_chance_outcomes():
    g = McCarthyism([f"P{i}" for i in range(1, 13)], seed=11)
    kinds = [k for k, _ in g.chance.record]
    assert kinds == ["roles", "first_snitch", "deck"]
    deck = dict(g.chance.record)["deck"]
    assert sorted(deck) == sorted(DECK) and g.deck.pile[::-1] == deck
    again = McCarthyism([f"P{i}" for i in range(1, 13)], seed=11)
    assert again.chance.record == g.chance.record
