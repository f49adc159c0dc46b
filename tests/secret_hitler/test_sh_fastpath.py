"""The engine's listed-action path in Secret Hitler (``Game.listed``: the actor's actions, or
the first waiting voter's two votes, carried out without the handlers' checks) changes nothing
about what a game does: the same game played through every check (``apply_checked``) gives
the same log, in both variants, whoever votes first."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from listed_play import logs_three_ways
from sh_helpers import NAMES, act, new

from hiddenrole.engine import IllegalAction
from hiddenrole.games.secret_hitler import SecretHitler

OFFICIAL = {"variant": "official"}


@settings(max_examples=20, deadline=None)
@given(n=st.integers(5, 10), variant=st.sampled_from(["turbo", "official"]), seed=st.integers(0, 2**32))
def test_fast_path_copies_and_full_checks_play_the_same_game(n, variant, seed):
    logs = logs_three_ways(lambda: SecretHitler(NAMES[:n], {"variant": variant}, seed=seed), seed)
    assert logs[0] == logs[1] == logs[2]


def _votes(player: str) -> list[dict[str, str]]:
    return [{"player": player, "action": "vote", "vote": "yes"}, {"player": player, "action": "vote", "vote": "no"}]


def test_the_listed_actions_are_the_actors_or_the_first_waiting_voters():
    g = new(7, OFFICIAL)
    assert g.presidential_candidate == "Ann"
    assert g.listed == [{"player": "Ann", "action": "nominate", "target": t}
                        for t in ("Bob", "Cat", "Dan", "Eve", "Fay", "Gus")]
    act(g, "Ann", "nominate", target="Bob")
    assert g.listed == _votes("Ann")
    act(g, "Ann", "vote", vote="yes")
    assert g.listed == _votes("Bob")
    act(g, "Dan", "vote", vote="no")  # not the first waiting voter: Bob's votes stay listed
    assert g.listed == _votes("Bob")
    with pytest.raises(IllegalAction, match="you have already voted"):
        act(g, "Dan", "vote", vote="yes")  # the official rules: once (the full checks)
    for p in ("Bob", "Cat", "Eve", "Fay"):
        act(g, p, "vote", vote="yes")
    assert g.listed == _votes("Gus")
    act(g, "Gus", "vote", vote="no")  # 5 yes of 7: Ann and Bob are elected; Ann draws three
    assert g.step == "discard" and g.actor == "Ann"
    assert g.listed == g.legal_actions("Ann") and {a["action"] for a in g.listed} == {"discard"}


def test_a_turbo_vote_changed_after_the_first_voters_turn_takes_the_full_path():
    g = new(7)  # turbo: night 0 first
    act(g, "Ann", "nominate", targets=["Bob", "Cat"])
    assert g.listed == [a for a in g.legal_actions("Ann") if a["action"] == "discard"]
    g.timeout()  # a random discard (and night 0's Chancellor picked at random)
    g.timeout()  # a random enactment
    while g.step != "nominate":
        g.timeout()
    pc = g.presidential_candidate
    act(g, pc, "nominate", target=g.eligible_chancellors()[0])
    first = g.to_act()[0]
    assert g.listed == _votes(first)
    act(g, first, "vote", vote="yes")
    act(g, first, "vote", vote="no")  # a turbo vote may be changed: its last code counts
    assert g.votes[first] == "no" and first not in g.to_act()
    assert g.listed == _votes(g.to_act()[0])
