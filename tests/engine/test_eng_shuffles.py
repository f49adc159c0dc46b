"""The engine's one shuffle (``Rng.shuffled``, ``Rng.sample``, ``Rng.countdown``): uniform,
replayable, and drawing exactly what each game's shuffle drew before it moved into the engine.

The games once had three shuffles of their own (Secret Hitler: a draw per Fisher-Yates step;
McCarthyism: Fisher-Yates steps packed into draws of at most 2**47 values; Shady Agents: a
Lehmer code in one draw). The references below are those three as they were written; every
seeded game replays only if the engine's packings give the very same orders.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.engine import ONE_DRAW, PACKED, Rng
from hiddenrole.engine.chance import _plan


def _fisher_yates_reference(rng: Rng, items):
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _packed_plan_reference(n: int, k: int):
    pairs = [(i, i + 1) for i in range(n - 1, 0, -1)] if k < 0 else [(i, n - i) for i in range(k)]
    plan, steps, span = [], [], 1
    for step in pairs:
        if span * step[1] > 1 << 47:
            plan.append((span, tuple(steps)))
            steps, span = [], 1
        steps.append(step)
        span *= step[1]
    if steps:
        plan.append((span, tuple(steps)))
    return plan


def _packed_shuffle_reference(rng: Rng, items):
    out = list(items)
    for span, steps in _packed_plan_reference(len(out), -1):
        r = rng.below(span)
        for i, radix in steps:
            r, j = divmod(r, radix)
            out[i], out[j] = out[j], out[i]
    return out


def _packed_sample_reference(rng: Rng, n: int, k: int):
    pool = list(range(n))
    for span, steps in _packed_plan_reference(n, k):
        r = rng.below(span)
        for i, radix in steps:
            r, j = divmod(r, radix)
            j += i
            pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def _lehmer_reference(rng: Rng, items):
    k = len(items)
    code = rng.below(math.factorial(k)) if k > 1 else 0
    pool, out = list(items), []
    for radix in range(k, 0, -1):
        code, i = divmod(code, radix)
        out.append(pool.pop(i))
    return out


def _pop_sample_reference(rng: Rng, items, k):
    pool = list(items)
    return [pool.pop(rng.below(len(pool))) for _ in range(k)]


def _both(seed, draw_new, draw_old):
    """Two draws from equal generators, and whether both generators are left in step."""
    a, b = Rng(seed), Rng(seed)
    new, old = draw_new(a), draw_old(b)
    return new, old, a.below(1 << 40) == b.below(1 << 40)


@given(st.integers(0, 2**64), st.integers(0, 60))
def test_the_plain_shuffle_draws_what_secret_hitler_drew(seed, n):
    new, old, in_step = _both(seed, lambda r: r.shuffled(range(n)), lambda r: _fisher_yates_reference(r, range(n)))
    assert new == old and in_step


@given(st.integers(0, 2**64), st.integers(0, 60))
def test_the_packed_shuffle_draws_what_mccarthyism_drew(seed, n):
    new, old, in_step = _both(seed, lambda r: r.shuffled(range(n), per_draw=PACKED),
                              lambda r: _packed_shuffle_reference(r, range(n)))
    assert new == old and in_step


@given(st.integers(0, 2**64), st.integers(0, 45), st.data())
def test_the_packed_sample_draws_what_mccarthyism_drew(seed, n, data):
    k = data.draw(st.integers(0, n))
    new, old, in_step = _both(seed, lambda r: r.sample(range(n), k, per_draw=PACKED, pick=False),
                              lambda r: _packed_sample_reference(r, n, k))
    assert new == old and in_step


@given(st.integers(0, 2**64), st.integers(0, 18))
def test_the_one_draw_shuffle_draws_what_shady_agents_drew(seed, n):
    new, old, in_step = _both(seed, lambda r: r.shuffled(range(n), per_draw=ONE_DRAW, pick=True),
                              lambda r: _lehmer_reference(r, range(n)))
    assert new == old and in_step


@given(st.integers(0, 2**64), st.integers(0, 30), st.data())
def test_the_plain_sample_draws_what_it_drew(seed, n, data):
    k = data.draw(st.integers(0, n))
    new, old, in_step = _both(seed, lambda r: r.sample(range(n), k), lambda r: _pop_sample_reference(r, range(n), k))
    assert new == old and in_step


def _within(counts: Counter, outcomes: int, draws: int) -> bool:
    """Every one of ``outcomes`` equally likely outcomes seen, each within 6 standard deviations."""
    expected = draws / outcomes
    spread = 6 * (expected * (1 - 1 / outcomes)) ** 0.5
    return len(counts) == outcomes and all(abs(c - expected) <= spread for c in counts.values())


@pytest.mark.parametrize("per_draw,pick", [(1, False), (PACKED, False), (ONE_DRAW, True), (1, True)])
def test_every_order_is_equally_likely(per_draw, pick):
    rng = Rng("shuffle")
    counts = Counter(tuple(rng.shuffled("abcd", per_draw=per_draw, pick=pick)) for _ in range(24_000))
    assert set(counts) == set(permutations("abcd"))
    assert _within(counts, 24, 24_000)


def test_a_packed_deck_card_lands_anywhere_equally_often():
    # a 48-card shuffle is spread over 5 draws: the position of one card, and a pair of
    # neighbours whose choices come from different draws
    rng = Rng(7)
    first, pair = Counter(), Counter()
    for _ in range(9_600):
        order = rng.shuffled(range(48), per_draw=PACKED)
        first[order.index(0)] += 1
        pair[order[0] < order[47]] += 1
    assert _within(first, 48, 9_600)
    assert _within(pair, 2, 9_600)


@pytest.mark.parametrize("pick", [True, False])
def test_every_ordered_sample_is_equally_likely(pick):
    rng = Rng(3)
    counts = Counter(tuple(rng.sample(range(5), 2, per_draw=PACKED, pick=pick)) for _ in range(20_000))
    assert set(counts) == set(permutations(range(5), 2))
    assert _within(counts, 20, 20_000)


def test_each_draw_spans_at_most_its_bound_and_covers_every_choice():
    for n, k, per_draw in [(48, 47, PACKED), (20, 19, PACKED), (2, 1, PACKED), (12, 4, PACKED), (10, 10, 1),
                           (18, 18, ONE_DRAW), (19, 19, ONE_DRAW)]:
        plan = _plan(n, k, per_draw)
        assert [r for _, group in plan for r in group] == list(range(n, n - k, -1))
        for span, group in plan:
            assert span == math.prod(group) and (span <= per_draw or len(group) == 1)
    assert len(_plan(48, 47, PACKED)) == 5  # McCarthyism's action deck: 5 draws, not 47
    assert len(_plan(18, 18, ONE_DRAW)) == 1  # Shady Agents' deck and deal: one draw


def test_sizes_out_of_range_are_refused():
    with pytest.raises(ValueError, match="sample of 4 from 3"):
        Rng(0).sample([1, 2, 3], 4)
    with pytest.raises(ValueError):
        Rng(0).countdown(3, -1)
    assert Rng(0).shuffled([]) == [] and Rng(0).shuffled(["x"], per_draw=ONE_DRAW, pick=True) == ["x"]


def test_the_input_is_not_changed():
    items = list(range(10))
    Rng(1).shuffled(items)
    Rng(1).sample(items, 5, pick=False)
    assert items == list(range(10))
