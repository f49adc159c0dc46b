"""The rulebook's figure: "The probability of choosing two of these [basic cards] is around 44%"."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from hiddenrole.bots import RandomBot
from hiddenrole.engine import PACKED, Rng
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import BASIC_CARDS, DECK
from hiddenrole.lab import play_game

EXACT = Fraction(comb(32, 2), comb(48, 2))


def test_basic_cards_are_two_thirds_of_the_deck():
    assert sum(1 for c in DECK if c in BASIC_CARDS) == 32
    assert Fraction(32, 48) == Fraction(2, 3)  # "approx. 66% of cards in the game"


def test_exact_probability_of_two_basic_cards_from_a_full_deck():
    assert EXACT == Fraction(62, 141)
    assert round(float(EXACT), 4) == 0.4397  # "around 44%" holds
    assert Fraction(2, 3) ** 2 == Fraction(4, 9)  # drawing with replacement would give 44.4%


def test_the_games_own_shuffle_matches_the_exact_value():
    rng = Rng("mc-odds")
    draws = 20_000
    both = 0
    for _ in range(draws):
        deck = rng.shuffled(DECK, per_draw=PACKED)  # the game's own deck shuffle
        both += deck[0] in BASIC_CARDS and deck[1] in BASIC_CARDS
    rate = both / draws
    assert abs(rate - float(EXACT)) < 0.012  # 3.4 standard errors


def test_two_card_draws_in_random_bot_games_are_close_to_44_percent():
    pairs = both = 0
    for seed in range(200):
        g = McCarthyism([f"P{i}" for i in range(1, 13)], seed=seed)
        play_game(g, {p: RandomBot(p, seed) for p in g.players})
        for e in g.log:
            if e.kind == "hand" and len(e.data["cards"]) == 2:
                pairs += 1
                both += all(c in BASIC_CARDS for c in e.data["cards"])
    assert pairs > 1000
    assert abs(both / pairs - 0.44) < 0.05
