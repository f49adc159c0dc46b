"""Cases found by mutation testing (`make mutation`, docs/testing.md): each expected outcome
is written by hand from the rules and rulings, never computed by the engine."""

from __future__ import annotations

import pytest
from sa_helpers import SIX, SIX_ROLES, give, interrogate, table

from hiddenrole.engine import BadSetup
from hiddenrole.games.shady_agents import ShadyAgents


def free_table(timeouts):
    """Ann first, cards not enforced (so a timeout draws any double hand-out), the
    ``"timeouts"`` outcomes fixed to ``timeouts``."""
    return ShadyAgents(SIX, {"enforce_statements": False}, seed=1,
                       chance={"roles": SIX_ROLES, "first": "Ann", "interrogations": ["parted_first"],
                               "timeouts": timeouts})


def to_anns_second_turn(g: ShadyAgents) -> None:
    """Ann calls the interrogation keeping both tools; everyone answers and plays round 1
    by timeouts until it is Ann's turn in round 2 (she still holds both tools)."""
    interrogate(g, "Ann")
    while not (g.phase == "round_2" and g.to_act() == ("Ann",)):
        p = g.to_act()[0]
        g.apply(g.legal_actions(p)[0])


def test_a_double_hand_out_by_timeout_follows_the_fixed_outcome():
    # ruling 3: a missing double hand-out gives the bullet and the medical kit to the players
    # the "timeouts" outcome names; here Cid gets the bullet and Bob the medical kit
    g = free_table([{"bullet": "Cid", "medkit": "Bob"}])
    to_anns_second_turn(g)
    g.timeout()
    receivers = [e.data["receiver"] for e in g.log if e.kind == "give" and e.data["giver"] == "Ann"]
    assert receivers == ["Cid", "Bob"]
    # Ann's ledger line: (tool, receiver's seat, round); Bob sits at 1, Cid at 2
    assert g.ledger.gave[0] == [("bullet", 2, 2), ("medkit", 1, 2)]


@pytest.mark.parametrize("outcome", [
    {"bullet": "Ann", "medkit": "Bob"},   # Ann cannot give her bullet to herself
    {"bullet": "Bob", "medkit": "Ann"},   # nor her medical kit
    {"bullet": "Bob", "medkit": "Zed"},   # Zed is not at the table
    {"bullet": "Bob"},                     # both tools must be named
    {"bullet": "Bob", "medkit": "Cid", "tool": "bullet"},
    ["Bob", "Cid"],
])
def test_a_double_hand_out_outcome_that_is_not_two_other_players_is_refused(outcome):
    g = free_table([outcome])
    to_anns_second_turn(g)
    with pytest.raises(BadSetup, match="chance 'timeouts': expected"):
        g.timeout()


def test_seat_zero_as_the_fixed_first_player_is_the_first_seat():
    # a "first" outcome may name a seat number, 0-based: seat 0 is Ann
    g = ShadyAgents(SIX, seed=1, chance={"roles": SIX_ROLES, "first": 0})
    assert g.to_act() == ("Ann",)
    g = ShadyAgents(SIX, seed=1, chance={"roles": SIX_ROLES, "first": [5]})
    assert g.to_act() == ("Fay",)


def test_a_timed_out_turn_that_can_only_call_records_its_pick_as_a_timeouts_outcome():
    # Cid (operative) answered that his bullet is discarded: at his turn he can only call an
    # interrogation discarding it; the timeout's pick is the "timeouts" outcome {discard: bullet}
    g = ShadyAgents(SIX, seed=1, chance={"roles": SIX_ROLES, "first": "Ann", "interrogations": ["bullet_to", "medkit_to"]})
    interrogate(g, "Ann")
    while g.phase == "interrogation":
        p = g.to_act()[0]
        g.apply({"player": p, "action": "answer",
                 "answer": "discarded" if p == "Cid" else g.legal_actions(p)[0]["answer"]})
    g.timeout()  # Bob
    assert g.to_act() == ("Cid",)
    g.timeout()
    assert g.chance.record[-1] == ("timeouts", {"discard": "bullet"})


def test_both_hand_outs_of_a_timed_out_double_turn_say_they_came_by_timeout():
    # cards enforced: Ann (first, kept both tools) answered "bullet" to "parted_first"; at her
    # timed-out second turn the fixed double hand-out Bob (bullet) and Cid (medical kit) keeps
    # her answer, and both public hand-outs are marked as made by the timeout
    g = ShadyAgents(SIX, seed=1, chance={"roles": SIX_ROLES, "first": "Ann", "interrogations": ["parted_first"],
                                         "timeouts": [{"bullet": "Bob", "medkit": "Cid"}]})
    interrogate(g, "Ann")
    while g.to_act() != ("Ann",) or g.phase != "round_2":
        g.apply(g.legal_actions(g.to_act()[0])[0])
    g.timeout()
    anns = [e.data for e in g.log if e.kind == "give" and e.data["giver"] == "Ann"]
    assert anns == [{"giver": "Ann", "receiver": "Bob", "round": 2, "by_timeout": True},
                    {"giver": "Ann", "receiver": "Cid", "round": 2, "by_timeout": True}]


def test_a_players_completions_never_hand_a_tool_to_themselves_and_only_the_first_may_keep_both():
    # (medkit target, its round, bullet target, its round); seats Ann 0 .. Fay 5, -1 a discard.
    # Cid, not first, before his round-1 turn: a tool to one of the 5 others now and the
    # other to one of the 5 in round 2 (2 x 25), or a discard and the other tool in round 2
    # (2 x 5): 60 ways, none of them to Cid himself, none keeping both tools for round 2
    from hiddenrole.games.shady_agents.interrogations import completions
    ann, bob, cid, dee, fay, discard = 0, 1, 2, 3, 5, -1
    plans = completions(6, cid, [], None, ["bullet", "medkit"], False, False, True)
    assert len(plans) == 60
    assert all(cid not in (medkit, bullet) for medkit, _, bullet, _ in plans)
    assert (ann, 1, bob, 2) in plans and (fay, 2, dee, 1) in plans
    assert (discard, 1, fay, 2) in plans and (ann, 2, discard, 1) in plans
    assert (ann, 2, bob, 2) not in plans
    # Ann, the first player, when the first player may not discard: a tool now (2 x 25) or
    # a call keeping both, then both in round 2 (25): 75 ways, no discard
    plans = completions(6, ann, [], None, ["bullet", "medkit"], False, True, False)
    assert len(plans) == 75
    assert (bob, 2, cid, 2) in plans and (fay, 2, fay, 2) in plans
    assert all(discard not in (medkit, bullet) for medkit, _, bullet, _ in plans)
    assert all(ann not in (medkit, bullet) for medkit, _, bullet, _ in plans)


def test_completions_after_a_discard_a_call_or_with_the_first_player_discard_option():
    from hiddenrole.games.shady_agents.interrogations import completions, plan_table
    ann, bob, cid, dee, eve, fay, discard = 0, 1, 2, 3, 4, 5, -1
    # Dee discarded her bullet in round 1 and holds the medical kit: it goes to one of the
    # 5 others in round 2
    plans = completions(6, dee, [], "bullet", ["medkit"], True, False, False)
    assert sorted(plans) == [(q, 2, discard, 1) for q in (ann, bob, cid, eve, fay)]
    # Ann, first, called without giving anything up: both tools go out in round 2 (5 x 5)
    plans = completions(6, ann, [], None, ["bullet", "medkit"], True, True, False)
    assert len(plans) == 25 and (bob, 2, fay, 2) in plans
    assert all(mr == br == 2 for _, mr, _, br in plans)
    # Ann, first, before her turn, when the first player may discard: a tool now (2 x 25),
    # a discard (2 x 5), or a call keeping both (25): 85 ways
    plans = completions(6, ann, [], None, ["bullet", "medkit"], False, True, True)
    assert len(plans) == 85 and (discard, 1, cid, 2) in plans and (dee, 2, discard, 1) in plans
    # a plan table knows whose it is
    assert plan_table(6, cid, [], None, ["bullet", "medkit"], False, False, True).seat == cid


def test_completions_of_a_player_who_gave_the_medical_kit_in_round_one():
    # Bob gave his medical kit to Ann in round 1 and holds the bullet: it goes to one of the
    # 5 others in round 2
    from hiddenrole.games.shady_agents.interrogations import completions
    ann, bob = 0, 1
    plans = completions(6, bob, [("medkit", ann, 1)], None, ["bullet"], True, False, False)
    assert sorted(plans) == [(ann, 1, q, 2) for q in (0, 2, 3, 4, 5)]


def test_the_end_reveals_the_discarded_tool_of_the_only_player_who_discarded():
    # Ann and Bob give their bullets in round 1, Cid calls an interrogation discarding his
    # medical kit; everybody else only gives and answers: at the end, the only discard shown
    # is Cid's medical kit
    g = table(first="Ann", deck=["parted_first"])
    give(g, "Ann", "bullet", "Bob")
    give(g, "Bob", "bullet", "Cid")
    interrogate(g, "Cid", discard="medkit")
    while not g.is_over:
        actions = g.legal_actions(g.to_act()[0])
        g.apply(next(a for a in actions if a["action"] in ("give", "give_both", "answer")))
    (reveal,) = [e for e in g.log if e.kind == "reveal"]
    assert reveal.data["discards"] == {"Cid": "medkit"}
    assert reveal.data["gifts"][:2] == [{"giver": "Ann", "receiver": "Bob", "tool": "bullet", "round": 1},
                                        {"giver": "Bob", "receiver": "Cid", "tool": "bullet", "round": 1}]


def test_a_timed_out_player_left_only_a_call_by_their_answer_follows_the_fixed_outcome():
    # Ann (first) calls; Cid, an operative yet to play, answers "Who gets your medical kit?"
    # with "discarded": his answer must stay true, so his only moves are a call discarding
    # the medical kit. He times out: the "timeouts" outcome fixed to that call is used, and
    # Cid's medical kit is discarded by his own interrogation call
    g = table(first="Ann", deck=["medkit_to", "bullet_to"], timeouts=[{"discard": "medkit"}])
    interrogate(g, "Ann")
    for p, value in [("Bob", "Ann"), ("Cid", "discarded"), ("Dee", "Ann"), ("Eve", "Ann"), ("Fay", "Ann"),
                     ("Ann", "Bob")]:
        g.apply({"player": p, "action": "answer", "answer": value})
    give(g, "Bob", "bullet", "Ann")
    assert g.to_act() == ("Cid",)
    assert [a for a in g.legal_actions("Cid")] == [{"player": "Cid", "action": "interrogate", "discard": "medkit"}]
    g.timeout()
    assert g.ledger.discarded[2] == "medkit"
    call = [e for e in g.log if e.kind == "interrogation"][-1]
    assert (call.data["caller"], call.data["discarded"]) == ("Cid", True)


# "Each player also takes a set of tool cards: one BULLET and one MEDICAL KIT"; the deck of
# interrogation cards is this project's own, one of each (docs/rules/shady-agents.md)
INTERROGATIONS = ("medkit_to", "bullet_to", "nearer_after_you", "nearer_before_you", "nearer_you",
                  "nearer_after_caller", "nearer_before_caller", "nearer_caller", "earlier_in_round_one",
                  "nearer_first_player", "parted_first")


def test_the_cards_on_the_table_are_each_players_two_tools_held_given_or_discarded():
    # six players: six bullets, six medical kits and the eleven interrogation cards, whether a
    # tool is held (the deal), given (Ann's bullet to Bob) or discarded (Bob's medical kit,
    # to call an interrogation), and whether a card is in the deck or drawn
    expected = {"bullet": 6, "medkit": 6} | dict.fromkeys(INTERROGATIONS, 1)
    g = table(first="Ann")
    assert g.cards() == expected
    give(g, "Ann", "bullet", "Bob")
    assert g.cards() == expected
    interrogate(g, "Bob", "medkit")
    assert g.ledger.discarded[1] == "medkit"
    assert g.cards() == expected
