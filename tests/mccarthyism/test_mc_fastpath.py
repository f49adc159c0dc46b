"""The engine's listed-action path (``Game.listed``, the step's listed actions: an action equal to
one of them is carried out without re-checking) changes nothing about what a game does: the same
game played through the full checks (``apply_checked``) gives the same log."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from listed_play import logs_three_ways
from mc_helpers import SIX, act, table, vote

from hiddenrole.engine import IllegalAction
from hiddenrole.games.mccarthyism import McCarthyism


@settings(max_examples=25, deadline=None)
@given(n=st.integers(3, 14), seed=st.integers(0, 2**32))
def test_fast_path_copies_and_full_checks_play_the_same_game(n, seed):
    logs = logs_three_ways(lambda: McCarthyism([f"P{i}" for i in range(1, n + 1)], seed=seed), seed)
    assert logs[0] == logs[1] == logs[2]


def test_a_pair_named_in_the_other_order_is_the_same_choice():
    g = table(commies=("Bob", "Eve"))
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})  # Bob is blacklisted, and snitch next
    act(g, "Ann", "decline")
    assert g.phase == "snitch_pair" and g.snitch == "Bob"
    listed = g.legal_actions("Bob")[0]["targets"]
    act(g, "Bob", "snitch_pair", targets=listed[::-1])
    assert [e.data["targets"] for e in g.log if e.kind == "snitched" and "targets" in e.data] == [listed]
    assert g.phase == "vote" and g.vote.targets == tuple(listed)


def test_a_listed_action_of_someone_not_waited_for_first_is_still_checked():
    g = table()
    act(g, "Ann", "snitch", target="Cid")
    assert g.to_act()[0] == "Ann"
    act(g, "Fay", "vote", vote="yes")  # a later voter may vote first
    assert "Fay" not in g.to_act() and g.to_act()[0] == "Ann"
    with pytest.raises(IllegalAction, match="already voted"):
        act(g, "Fay", "vote", vote="no")
    with pytest.raises(IllegalAction, match="'vote' must be 'yes' or 'no'"):
        act(g, "Ann", "vote", vote="maybe")
    assert g.players == tuple(SIX)


def test_the_listed_actions_are_the_actors_or_the_first_waiting_voters():
    g = table()
    ann = [{"player": "Ann", "action": "snitch", "target": t} for t in ("Bob", "Cid", "Dee", "Eve", "Fay")]
    assert g.listed == ann + [{"player": "Ann", "action": "call_end"}, {"player": "Ann", "action": "pass"}]
    act(g, "Ann", "snitch", target="Cid")
    assert g.listed == [{"player": "Ann", "action": "vote", "vote": "yes"}, {"player": "Ann", "action": "vote", "vote": "no"}]
    act(g, "Ann", "vote", vote="no")
    assert g.listed == [{"player": "Bob", "action": "vote", "vote": "yes"}, {"player": "Bob", "action": "vote", "vote": "no"}]
    act(g, "Dee", "vote", vote="no")  # not the first waiting voter: Bob's votes stay listed
    assert g.listed == [{"player": "Bob", "action": "vote", "vote": "yes"}, {"player": "Bob", "action": "vote", "vote": "no"}]
    g.timeout()  # the missing votes count as no: the vote fails, Ann draws a card
    assert g.phase == "reveal" and g.listed == [{"player": "Ann", "action": "play", "card": g.hand[0]},
                                                {"player": "Ann", "action": "decline"}]
    g.apply({"player": "Ann", "action": "decline"})
    assert g.snitch == "Bob" and g.listed[-1] == {"player": "Bob", "action": "pass"}
