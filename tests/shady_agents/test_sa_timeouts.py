"""Timers and ruling 3: the defaults of a missing move, hand-out or answer are chance outcomes."""

from __future__ import annotations

from collections import Counter

import pytest
from sa_helpers import SIX, SIX_ROLES, give, interrogate, table

from hiddenrole.engine import BadSetup
from hiddenrole.games.shady_agents import ShadyAgents


def test_timers_name_the_step_and_use_the_phase_length():
    g = table(first="Ann", deck=["parted_first"], options={"turn_seconds": 90, "answer_seconds": 30})
    t1 = g.timers()
    assert [t.seconds for t in t1] == [90] and t1[0].key.startswith("round_1")
    give(g, "Ann", "bullet", "Bob")
    t2 = g.timers()
    assert t2[0].key != t1[0].key  # a new step restarts the clock
    interrogate(g, "Bob", "bullet")
    t3 = g.timers()
    assert [t.seconds for t in t3] == [30] and t3[0].key.startswith("interrogation")
    g.apply({"player": "Ann", "action": "post", "text": "hm"})
    assert g.timers() == t3  # chat does not restart the clock


def test_untimed_options():
    g = table(options={"turn_seconds": 0, "answer_seconds": 0})
    assert g.timers() == []
    g = table(options={"turn_seconds": 0}, first="Ann", deck=["parted_first"])
    interrogate(g, "Ann")
    assert [t.seconds for t in g.timers()] == [60]


def test_a_missing_move_gives_a_random_own_tool_to_a_random_other_player():
    picks = Counter()
    for seed in range(300):
        g = table(first="Cid", seed=seed)
        events = g.timeout()
        give_event = [e for e in events if e.kind == "give"][0]
        assert give_event.public and give_event.data["by_timeout"] is True
        assert give_event.data["giver"] == "Cid" and give_event.data["receiver"] != "Cid"
        tool = [e for e in events if e.kind == "tool"][0].data["tool"]
        picks[(tool, give_event.data["receiver"])] += 1
        assert g.chance.record[-1] == ("timeouts", {"tool": tool, "target": give_event.data["receiver"]})
        assert g.to_act() == ("Dee",)
    # both tools, every other player: 10 outcomes, each about 30 times
    assert len(picks) == 10 and min(picks.values()) > 10


def test_fixed_timeout_outcomes_are_used_in_turn_then_drawn():
    g = table(first="Ann", timeouts=[{"tool": "medkit", "target": "Fay"}, {"tool": "bullet", "target": "Ann"}])
    g.timeout()
    assert g.ledger.gave[0] == [("medkit", 5, 1)]
    g.timeout()
    assert g.ledger.gave[1] == [("bullet", 0, 1)]
    g.timeout()  # drawn from the seed again
    assert len(g.ledger.gave[2]) == 1


@pytest.mark.parametrize(
    "bad",
    [{"tool": "medkit", "target": "Ann"}, {"tool": "knife", "target": "Bob"}, {"tool": "medkit"}, "medkit"],
)
def test_bad_fixed_timeout_outcome(bad):
    g = table(first="Ann", timeouts=[bad])
    with pytest.raises(BadSetup, match="chance 'timeouts'"):
        g.timeout()


def test_a_missing_answer_is_a_random_legal_answer():
    seen = {p: Counter() for p in SIX}
    for seed in range(60):
        g = table(first="Ann", deck=["parted_first"], seed=seed)
        interrogate(g, "Ann")
        while g.phase == "interrogation":
            p = g.to_act()[0]
            legal = [a["answer"] for a in g.legal_actions(p)]
            events = g.timeout()
            ans = [e for e in events if e.kind == "answer"][0]
            assert ans.data["by_timeout"] is True and ans.data["answer"] in legal
            seen[p][ans.data["answer"]] += 1
    # nobody but Ann (first, who kept both) has parted with a tool: any answer can still be
    # made true or false, so each is drawn; Ann may also hand both to one player at once
    for p in SIX:
        assert set(seen[p]) == ({"bullet", "medkit", "both"} if p == "Ann" else {"bullet", "medkit"}), p
        assert sum(seen[p].values()) == 60


def test_answer_timeout_fixed_and_checked_against_the_legal_answers():
    g = table(first="Ann", deck=["parted_first"], timeouts=[{"answer": "bullet"}, {"answer": "both"}])
    interrogate(g, "Ann")
    g.timeout()  # Bob, a deserter, lies "bullet"
    assert g.interrogations[0]["answers"][0]["answer"] == "bullet"
    with pytest.raises(BadSetup, match="chance 'timeouts'"):
        g.timeout()  # Cid is not the first player: he cannot hand out both at once


def test_answer_timeout_with_free_text_picks_any_answer_of_the_set():
    answers = Counter()
    for seed in range(40):
        g = table(first="Ann", deck=["parted_first"], seed=seed, options={"enforce_statements": False})
        interrogate(g, "Ann")
        g.timeout()
        answers[g.interrogations[0]["answers"][0]["answer"]] += 1
    assert set(answers) == {"bullet", "medkit"}  # Bob answers first: "both" is not his to give


def test_first_players_double_hand_out_by_timeout():
    g = table(first="Ann", deck=["parted_first"], timeouts=[])
    interrogate(g, "Ann")
    while g.phase != "round_2" or g.to_act() != ("Ann",):
        g.timeout()
    assert g.ledger.held[0] == ["bullet", "medkit"]
    # Ann answered "bullet" (her first allowed answer): the bullet must go to the player
    # nearer after her, so Bob-and-Bob ("both") and Cid-and-Bob break her answer
    for timeouts, ok in (([{"bullet": "Bob", "medkit": "Ann"}], False), ([{"bullet": "Bob", "medkit": "Bob"}], False),
                         ([{"bullet": "Cid", "medkit": "Bob"}], False), ([{"bullet": "Bob", "medkit": "Cid"}], True)):
        g2 = ShadyAgents(SIX, seed=1, chance={"roles": SIX_ROLES, "first": "Ann", "interrogations": ["parted_first"],
                                              "timeouts": timeouts})
        interrogate(g2, "Ann")
        while g2.to_act() != ("Ann",) or g2.phase != "round_2":
            g2.apply(g2.legal_actions(g2.to_act()[0])[0])
        if ok:
            g2.timeout()
            assert g2.is_over and g2.ledger.gave[0] == [("bullet", 1, 2), ("medkit", 2, 2)]
        else:
            with pytest.raises(BadSetup, match="chance 'timeouts': expected a double hand-out"):
                g2.timeout()
    events = g.timeout()
    assert g.is_over
    gives = [e for e in events if e.kind == "give"]
    assert len(gives) == 2 and all(e.data["giver"] == "Ann" and e.data["receiver"] != "Ann" for e in gives)
    assert g.chance.record[-1][0] == "timeouts" and set(g.chance.record[-1][1]) == {"bullet", "medkit"}


def test_a_timeout_keeps_a_promise_that_leaves_only_a_call():
    # Cid (operative) says his bullet is discarded: at his turn he can only call an
    # interrogation discarding it, and his timeout default does just that.
    g = table(first="Ann", deck=["bullet_to", "medkit_to"])
    interrogate(g, "Ann")
    while g.phase == "interrogation":
        p = g.to_act()[0]
        g.apply({"player": p, "action": "answer",
                 "answer": "discarded" if p == "Cid" else g.legal_actions(p)[0]["answer"]})
    g.timeout()  # Bob
    assert g.to_act() == ("Cid",)
    assert g.legal_actions("Cid") == [{"player": "Cid", "action": "interrogate", "discard": "bullet"}]
    events = g.timeout()
    assert [e.data for e in events if e.kind == "discard"] == [{"player": "Cid", "tool": "bullet"}]
    assert g.phase == "interrogation" and g.interrogations[-1]["caller"] == "Cid"
