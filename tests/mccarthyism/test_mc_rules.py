"""The counting rules as pure functions: vote thresholds, protection, the Commie snitch's pairs, winners."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from hiddenrole.games.mccarthyism.roles import allegiance, default_commie_count
from hiddenrole.games.mccarthyism.rules import (
    blacklisting_passes, ending_passes, protection_turns, snitch_pairs, winners,
)


def test_thresholds_on_exact_thirds():
    assert [blacklisting_passes(y, 6) for y in range(7)] == [False, False, True, True, True, True, True]
    assert [ending_passes(y, 6) for y in range(7)] == [False, False, False, False, True, True, True]
    assert not blacklisting_passes(2, 7) and blacklisting_passes(3, 7)
    assert not ending_passes(3, 5) and ending_passes(4, 5)
    assert blacklisting_passes(1, 1) and ending_passes(1, 1) and not ending_passes(0, 1)


@given(st.integers(1, 20), st.data())
def test_thresholds_match_fractions(voters, data):
    yes = data.draw(st.integers(0, voters))
    assert blacklisting_passes(yes, voters) == (yes / voters >= 1 / 3 - 1e-12)
    assert ending_passes(yes, voters) == (yes / voters >= 2 / 3 - 1e-12)


def test_protection_and_commie_count_defaults():
    assert [protection_turns(n) for n in (3, 15, 17, 18, 20)] == [5, 5, 5, 6, 6]
    assert [default_commie_count(n) for n in (3, 5, 6, 12, 20)] == [1, 1, 2, 4, 6]


def test_allegiance_flips():
    assert allegiance("commie", False, False) == "commie"
    assert allegiance("commie", True, False) == "american"
    assert allegiance("american", False, True) == "commie"
    assert allegiance("american", True, True) == "american"


@given(st.lists(st.booleans(), min_size=0, max_size=10), st.booleans())
def test_commie_pairs_hold_as_many_commies_as_possible(commie_flags, commie_snitch):
    names = [f"P{i}" for i in range(len(commie_flags))]
    side = {p: ("commie" if f else "american") for p, f in zip(names, commie_flags)}
    pairs = snitch_pairs(names, commie_snitch, side)
    size = min(2, len(names))
    assert all(len(p) == size for p in pairs)
    if size == 0:
        assert pairs == []
        return
    every = list(combinations(names, size))
    if not commie_snitch:
        assert pairs == every
    else:
        best = max(sum(side[x] == "commie" for x in c) for c in every)
        assert pairs == [c for c in every if sum(side[x] == "commie" for x in c) == best]


def test_winners():
    side = {"A": "commie", "B": "american", "C": "american"}
    assert winners(side, []) == ("commies", {"A": "win", "B": "loss", "C": "loss"})
    assert winners(side, ["A", "C"]) == ("americans", {"A": "loss", "B": "win", "C": "loss"})
    # ruling: every player blacklisted: no free Commie and nobody remaining, so nobody wins
    assert winners({"A": "american"}, ["A"]) == (None, {"A": "loss"})
    assert winners(side, ["A", "B", "C"]) == (None, {"A": "loss", "B": "loss", "C": "loss"})
    # ruling: no Commie at all (a pool deal of no Commie card): the non-blacklisted players win
    assert winners({"A": "american", "B": "american"}, ["B"]) == ("americans", {"A": "win", "B": "loss"})
    # every player a Commie (no Commie card dealt, then "Commies take over"): one free Commie wins for all
    assert winners({"A": "commie", "B": "commie"}, ["B"]) == ("commies", {"A": "win", "B": "win"})
