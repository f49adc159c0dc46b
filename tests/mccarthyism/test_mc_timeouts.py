"""Timers and ruling 11: what a missing action becomes when the deadline passes."""

from __future__ import annotations

import pytest
from mc_helpers import SIX, act, fingerprint, last, table, vote

from hiddenrole.engine import BadSetup, IllegalAction, Timer
from hiddenrole.games.mccarthyism import McCarthyism

C = "confess_to_the_feds"


def test_timers_report_turn_and_vote_seconds():
    g = table()
    (t,) = g.timers()
    assert t.seconds == 120 and t.key.startswith("turn-1-") and "/" not in t.key  # public: every player sees the clock
    act(g, "Ann", "snitch", target="Bob")
    (v,) = g.timers()
    assert v.seconds == 60 and "vote" in v.key and v.key != t.key
    g2 = table(options={"turn_seconds": 0, "vote_seconds": 30})
    assert g2.timers() == []
    act(g2, "Ann", "snitch", target="Bob")
    assert g2.timers() == [Timer(g2.timers()[0].key, 30.0)]


def test_timer_key_changes_with_each_step():
    g = table(top=("you_seem_suspicious",))
    keys = [g.timers()[0].key]
    act(g, "Ann", "pass")
    keys.append(g.timers()[0].key)
    act(g, "Ann", "play", card="you_seem_suspicious")
    keys.append(g.timers()[0].key)
    assert len(set(keys)) == 3


def test_missing_snitch_choice_is_a_pass():
    g = table()
    events = g.timeout()
    assert [e.kind for e in events][:2] == ["timeout", "passed"]
    assert events[0].data == {"step": "snitching", "player": "Ann"}
    assert g.phase == "reveal"


def test_missing_votes_count_as_no():
    g = table()
    act(g, "Ann", "snitch", target="Bob")
    act(g, "Ann", "vote", vote="yes")
    act(g, "Cid", "vote", vote="yes")
    g.timeout()
    assert last(g, "timeout").data == {"step": "vote", "missing_votes": 4}
    r = last(g, "vote_result").data
    assert (r["yes"], r["no"], r["passed"]) == (2, 4, True)
    g2 = table()
    act(g2, "Ann", "snitch", target="Bob")
    act(g2, "Ann", "vote", vote="yes")
    g2.timeout()
    assert last(g2, "vote_result").data["passed"] is False
    assert last(g2, "votes").data["votes"]["Dee"] == "no"


def test_optional_play_is_declined():
    g = table(top=("super_snitch",))
    act(g, "Ann", "pass")
    g.timeout()
    assert last(g, "declined").data == {"player": "Ann"}
    assert g.deck.discards == ["super_snitch"] and g.snitch == "Bob"


def _blacklisted_bob(top=(), seed=0):
    g = table(commies=("Bob", "Eve"), top=top, seed=seed)
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "decline")
    return g


def test_forced_pair_is_chosen_at_random_among_the_legal_pairs():
    chosen = set()
    for seed in range(30):
        g = _blacklisted_bob(seed=seed)
        g.timeout()
        pair = last(g, "snitched").data["targets"]
        assert "Eve" in pair  # still only legal pairs for a Commie snitch
        chosen.add(tuple(pair))
    assert len(chosen) > 1
    g = _blacklisted_bob()
    g.chance.fixed["timeouts"] = [["Fay", "Eve"]]
    g.timeout()
    assert last(g, "snitched").data["targets"] == ["Eve", "Fay"]
    assert g.chance.record[-1] == ("timeouts", ["Eve", "Fay"])


def test_a_fixed_timeout_choice_that_is_not_legal_is_bad_setup():
    g = _blacklisted_bob()
    g.chance.fixed["timeouts"] = [["Ann", "Cid"]]
    before = fingerprint(g)
    with pytest.raises(BadSetup, match="not a legal choice"):
        g.timeout()
    assert fingerprint(g) == before


def test_forced_play_is_chosen_at_random():
    g = _blacklisted_bob(top=("loose_lips", "double_agent", C))
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    vote(g)
    g.chance.fixed["timeouts"] = [C]
    g.timeout()
    assert last(g, "played").data == {"player": "Bob", "card": C, "discarded": 1}
    assert g.deck.discards == ["loose_lips", "double_agent"]  # Ann's declined card, then Bob's other card


def test_forced_target_is_chosen_at_random():
    g = table(top=("you_seem_suspicious",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="you_seem_suspicious")
    g.chance.fixed["timeouts"] = ["Dee"]
    g.timeout()
    assert last(g, "saw_role").data["target"] == "Dee"


def test_timeouts_in_a_script_are_replayed_the_same():
    def run():
        g = McCarthyism(SIX, seed=9)
        while not g.is_over:
            g.timeout()
        return [e.to_json() for e in g.log], g.chance.record

    assert run() == run()


def test_timeout_after_the_end_is_illegal():
    g = table(options={"turns_per_player": 1})
    while not g.is_over:
        g.timeout()
    with pytest.raises(IllegalAction):
        g.timeout()
