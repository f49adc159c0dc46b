"""The packed draws (draws.py): the deck shuffle and the deal's sample are uniform, complete and replayable."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.engine import Rng
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import DECK
from hiddenrole.games.mccarthyism.draws import _SPAN_CAP, _plan, sample, shuffled


def _within(counts: Counter, outcomes: int, draws: int) -> bool:
    """Every one of ``outcomes`` equally likely outcomes seen, each within 6 standard deviations."""
    expected = draws / outcomes
    spread = 6 * (expected * (1 - 1 / outcomes)) ** 0.5
    return len(counts) == outcomes and all(abs(c - expected) <= spread for c in counts.values())


def test_shuffle_gives_every_order_equally_often():
    rng = Rng("shuffle")
    counts = Counter(tuple(shuffled(rng, "abcd")) for _ in range(24_000))
    assert set(counts) == set(permutations("abcd"))
    assert _within(counts, 24, 24_000)


def test_each_card_lands_anywhere_equally_often():
    # a 48-card shuffle is spread over 5 draws: check the position of one card and of a pair of
    # neighbours, whose digits come from different draws
    rng = Rng(7)
    first = Counter()
    pair = Counter()
    for _ in range(9_600):
        order = shuffled(rng, range(48))
        first[order.index(0)] += 1
        pair[order[0] < order[47]] += 1
    assert _within(first, 48, 9_600)
    assert _within(pair, 2, 9_600)


def test_sample_gives_every_ordered_choice_equally_often():
    rng = Rng(3)
    counts = Counter(tuple(sample(rng, 5, 2)) for _ in range(20_000))
    assert set(counts) == set(permutations(range(5), 2))
    assert _within(counts, 20, 20_000)


@given(st.integers(0, 60), st.integers(0, 2**64))
def test_shuffle_is_a_permutation_and_replayable(n, seed):
    items = list(range(n))
    out = shuffled(Rng(seed), items)
    assert sorted(out) == items
    assert out == shuffled(Rng(seed), items)
    assert items == list(range(n))  # the input is not changed


@given(st.integers(0, 25), st.data())
def test_sample_is_distinct_and_in_range(n, data):
    k = data.draw(st.integers(0, n))
    out = sample(Rng(data.draw(st.integers(0, 2**32))), n, k)
    assert len(out) == k == len(set(out)) and all(0 <= i < n for i in out)


def test_sample_rejects_impossible_sizes():
    with pytest.raises(ValueError, match="sample of 4 from 3"):
        sample(Rng(0), 3, 4)
    with pytest.raises(ValueError):
        sample(Rng(0), 3, -1)


def test_each_draw_spans_at_most_2_to_the_47_and_covers_every_step():
    for n, k in [(48, -1), (20, -1), (2, -1), (12, 4), (20, 19)]:
        plan = _plan(n, k)
        steps = [s for _, group in plan for s in group]
        assert all(span <= _SPAN_CAP for span, _ in plan)
        for span, group in plan:
            product = 1
            for _, radix in group:
                product *= radix
            assert product == span
        if k < 0:
            assert steps == [(i, i + 1) for i in range(n - 1, 0, -1)]
        else:
            assert steps == [(i, n - i) for i in range(k)]
    assert len(_plan(48, -1)) == 5  # the action deck: 5 draws, not 47


def test_the_game_deals_and_shuffles_through_chance_outcomes():
    g = McCarthyism([f"P{i}" for i in range(1, 13)], seed=11)
    kinds = [k for k, _ in g.chance.record]
    assert kinds == ["roles", "first_snitch", "deck"]
    deck = dict(g.chance.record)["deck"]
    assert sorted(deck) == sorted(DECK) and g._deck[::-1] == deck
    again = McCarthyism([f"P{i}" for i in range(1, 13)], seed=11)
    assert again.chance.record == g.chance.record
