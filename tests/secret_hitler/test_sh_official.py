"""The official variant: no night 0, direct votes revealed together, 3 failed elections, the
President uses every power, no timers unless the host sets a pace."""

import pytest

from hiddenrole.engine import IllegalAction
from sh_helpers import act, elect, fail, fingerprint, legislate, new


def official(n=7, options=None, **kw):
    return new(n, {"variant": "official", **(options or {})}, **kw)


def test_no_night0_the_first_president_nominates_one_candidate_and_the_table_votes():
    g = official(prefix="FFF")
    assert g.phase == "election" and g.day == 1 and g.presidential_candidate == "Ann"
    assert g.to_act() == ("Ann",) and g.timers() == []
    assert "votecodes" not in g.view("Ann")["private"]
    act(g, "Ann", "nominate", target="Bob")
    assert g.to_act() == tuple(g.order)


def test_votes_are_direct_secret_until_all_have_voted_then_revealed_together():
    g = official()
    act(g, "Ann", "nominate", target="Bob")
    act(g, "Cat", "vote", vote="no")
    voted = g.log[-1]
    assert voted.kind == "voted" and voted.public and voted.data == {"player": "Cat"}
    assert "no" not in str(g.view("Dan")["events"][-1])
    assert g.view("Cat")["private"]["vote"] == "no" and "vote" not in g.view("Dan")["private"]
    assert g.legal_actions("Cat") == []
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="already voted"):
        act(g, "Cat", "vote", vote="yes")
    assert fingerprint(g) == before
    for p in ("Ann", "Bob", "Dan", "Eve", "Fay", "Gus"):
        act(g, p, "vote", vote="yes")
    result = [e for e in g.log if e.kind == "vote_result"][-1]
    assert result.data["votes"]["Cat"] == "no" and result.data["passed"] is True
    assert g.phase == "legislative" and g.step == "discard"


def test_posts_are_plain_chat_without_votecodes():
    g = official()
    act(g, "Ann", "nominate", target="Bob")
    act(g, "Cat", "post", text="**123** hello")
    assert g.votes == {} and not any(e.kind == "vote_ignored" for e in g.log)
    assert "mark" not in g.log[-1].data


def test_enacted_policy_and_powers_are_public_at_once_and_the_president_uses_them():
    g = official(prefix="FFF" + "FFF")
    elect(g, "Bob"); legislate(g, "F", "F")  # F1: no power at 7
    assert g.log[-2].kind == "policy_enacted" and g.log[-2].public
    assert g.summary()["fascist_policies"] == 1 and g.presidential_candidate == "Bob"
    elect(g, "Cat"); legislate(g, "F", "F")  # F2: the President (Bob) investigates
    assert g.phase == "executive" and g.to_act() == ("Bob",)
    act(g, "Bob", "investigate", target="Eve")
    assert g.view("Bob")["private"]["investigations"] == {"Eve": "fascist"}
    public = [e for e in g.log if e.kind == "executive_action"][-1]
    assert public.public and public.data == {"by": "Mod", "power": "investigate", "player": "Bob", "target": "Eve"}
    assert g.phase == "election" and g.presidential_candidate == "Cat"


def test_three_failed_elections_enact_the_top_card():
    g = official(prefix="L")
    fail(g); fail(g)
    assert g.tracker == 2 and g.liberal_policies == 0
    fail(g)
    assert g.liberal_policies == 1 and g.tracker == 0
    assert g.eligible_chancellors() == [p for p in g.order if p != g.presidential_candidate]


def test_hitler_knows_the_fascists_only_at_five_and_six():
    assert "roles" in official(6).view("Eve")["private"]
    assert "roles" not in official(7).view("Eve")["private"]


def test_official_with_turbo_pace_has_deadlines():
    g = official(options={"pace": "turbo"})
    assert [(t.key, t.seconds) for t in g.timers()] == [("day-1", 840)]
    act(g, "Ann", "nominate", target="Bob")
    for p in g.order[:6]:
        act(g, p, "vote", vote="yes")
    g.timeout()  # Gus did not vote: "no vote"
    result = [e for e in g.log if e.kind == "vote_result"][-1].data
    assert result["votes"]["Gus"] == "no vote" and result["passed"] is True
    assert [(t.key, t.seconds) for t in g.timers()] == [("legislative-1/discard", 120)]
