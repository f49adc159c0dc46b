"""Cases found by mutation testing (`make mutation`, docs/testing.md): each expected outcome
is written by hand from the rules and rulings, never computed by the engine."""

from __future__ import annotations

import pytest
from mc_helpers import SIX, act, table, vote

from hiddenrole.engine import BadSetup, IllegalAction
from hiddenrole.games.mccarthyism import McCarthyism


def test_a_roles_outcome_that_leaves_out_a_player_names_who_is_missing_and_who_is_unknown():
    roles = {p: "american" for p in SIX if p != "Fay"} | {"Zed": "commie"}
    with pytest.raises(BadSetup, match=r"missing \['Fay'\], unknown \['Zed'\]"):
        McCarthyism(SIX, chance={"roles": roles})


def test_a_pair_of_one_name_is_refused_as_not_two_names():
    # Ann snitches on Bob, the vote blacklists him, Ann declines to play a card: Bob, a
    # blacklisted snitch, must now name two players
    g = table(commies=("Cid", "Eve"))
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "decline")
    assert g.phase == "snitch_pair" and g.to_act() == ("Bob",)
    for targets in (["Ann"], ["Ann", "Cid", "Dee"], "Ann"):
        with pytest.raises(IllegalAction, match="'targets' must be a list of 2 player names"):
            act(g, "Bob", "snitch_pair", targets=targets)
    with pytest.raises(IllegalAction, match="the two players must be different"):
        act(g, "Bob", "snitch_pair", targets=["Ann", "Ann"])
