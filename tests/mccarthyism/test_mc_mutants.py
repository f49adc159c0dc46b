"""Cases found by mutation testing (`make mutation`, docs/testing.md): each expected outcome
is written by hand from the rules and rulings, never computed by the engine."""

from __future__ import annotations

import pytest
from mc_helpers import (
    SIX, act, blacklisted_bob, blacklisted_bob_plays, double_agent_then_takeover, finish_turn, last, table, vote,
)

from hiddenrole.engine import BadSetup, IllegalAction
from hiddenrole.games.mccarthyism import McCarthyism


def test_a_roles_outcome_that_leaves_out_a_player_names_who_is_missing_and_who_is_unknown():
    roles = {p: "american" for p in SIX if p != "Fay"} | {"Zed": "commie"}
    with pytest.raises(BadSetup, match=r"missing \['Fay'\], unknown \['Zed'\]"):
        McCarthyism(SIX, chance={"roles": roles})


def test_a_pair_of_one_name_is_refused_as_not_two_names():
    # Ann snitches on Bob, the vote blacklists him, Ann declines to play a card: Bob, a
    # blacklisted snitch, must now name two players
    g = blacklisted_bob(commies=("Cid", "Eve"))
    assert g.phase == "snitch_pair" and g.to_act() == ("Bob",)
    for targets in (["Ann"], ["Ann", "Cid", "Dee"], "Ann"):
        with pytest.raises(IllegalAction, match="'targets' must be a list of 2 player names"):
            act(g, "Bob", "snitch_pair", targets=targets)
    with pytest.raises(IllegalAction, match="the two players must be different"):
        act(g, "Bob", "snitch_pair", targets=["Ann", "Ann"])


C = "confess_to_the_feds"


def test_the_takeover_event_names_who_played_the_card():
    g = double_agent_then_takeover()
    takeovers = [e.data for e in g.log if e.kind == "takeover"]
    assert takeovers == [{"player": "Bob"}]


def whitelisted_then_escaped() -> McCarthyism:
    """Turn 1 Ann's snitching blacklists Bob; turn 2 Bob, blacklisted, draws two and whitelists
    himself with "I know a guy" (protected through turn 2 + 10 = 12); turns 3-7 the others
    pass and decline; turn 8 Bob draws "Escape to the Reds" and plays it."""
    g = blacklisted_bob_plays("i_know_a_guy", ("loose_lips", "i_know_a_guy", C, C, C, C, C, C, "escape_to_the_reds"),
                              options={"whitelist_protection_turns": 10})
    act(g, "Bob", "choose", target="Bob")
    assert g.view(None)["board"]["protected_through_turn"] == {"Bob": 12}
    for p in ("Cid", "Dee", "Eve", "Fay", "Ann"):
        act(g, p, "pass")
        act(g, p, "decline")
    assert g.view(None)["board"]["turn"] == 8
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="escape_to_the_reds")
    return g


def test_escaping_to_the_reds_ends_a_whitelisting_protection():
    # Bob is blacklisted for good (ruling 3), so no longer protected
    g = whitelisted_then_escaped()
    board = g.view(None)["board"]
    assert board["escaped"] == ["Bob"] and board["protected_through_turn"] == {}
    assert not g.is_protected("Bob")


def test_lemme_see_with_everyone_else_escaped_is_skipped_naming_the_card():
    # three players, Bob first: Bob and Cid each draw "Escape to the Reds" and play it, so at
    # Ann's turn nobody is to her right; her "Lemme see" is skipped, and the event names the
    # card and the reason
    lemme = "lemme_see_what_you_got_there"
    g = table(["Ann", "Bob", "Cid"], commies=("Cid",), first="Bob",
              top=("escape_to_the_reds", "escape_to_the_reds", lemme))
    for p in ("Bob", "Cid"):
        act(g, p, "pass")
        act(g, p, "play", card="escape_to_the_reds")
    assert g.to_act() == ("Ann",)
    act(g, "Ann", "pass")
    events = act(g, "Ann", "play", card=lemme)
    skipped = [e.data for e in events if e.kind == "skipped"]
    assert skipped == [{"player": "Ann", "step": lemme, "reason": "nobody is to the right"}]
    assert [e for e in events if e.kind in ("looked", "saw_role")] == []


def test_each_event_sits_at_its_place_in_the_log_and_a_draw_says_how_many_cards():
    # an event's seq is its position in the log (0, 1, 2, ...), whitelistings and escapes
    # included; a draw tells everyone who drew and how many cards: Ann 1, Bob (blacklisted) 2
    g = whitelisted_then_escaped()
    assert [e.seq for e in g.log] == list(range(len(g.log)))
    assert {"whitelisted", "escaped"} <= {e.kind for e in g.log}
    drew = [e.data for e in g.log if e.kind == "drew"]
    assert drew[:2] == [{"player": "Ann", "count": 1}, {"player": "Bob", "count": 2}]


def test_the_game_over_event_names_the_winner_and_the_reason():
    # Ann calls for the end and all three vote yes: the game ends by the end vote; Bob, the
    # only Commie, is not blacklisted, so the Commies win
    g = table(["Ann", "Bob", "Cid"], commies=("Bob",))
    act(g, "Ann", "call_end")
    vote(g, {"Ann", "Bob", "Cid"})
    data = last(g, "game_over").data
    assert (data["winner"], data["reason"], data["turns"]) == ("commies", "end_vote", 1)


@pytest.mark.parametrize("in_order", [True, False])
def test_deep_research_says_whether_the_cards_are_in_draw_order(in_order):
    g = table(top=("deep_research",), options={"deep_research_in_order": in_order})
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="deep_research")
    assert last(g, "deep_research").data["in_order"] is in_order


def test_the_timer_of_each_step_counts_the_steps_one_by_one():
    # the timer's key is "turn-TURN/STEP-PHASE", the step counted from 1 over the game
    g = table(top=("you_seem_suspicious",))
    keys = [g.timers()[0].key]
    act(g, "Ann", "pass")
    keys.append(g.timers()[0].key)
    act(g, "Ann", "play", card="you_seem_suspicious")
    keys.append(g.timers()[0].key)
    act(g, "Ann", "choose", target="Cid")
    keys.append(g.timers()[0].key)
    act(g, "Bob", "snitch", target="Cid")
    keys.append(g.timers()[0].key)
    assert keys == ["turn-1-1-snitching", "turn-1-2-reveal", "turn-1-3-card_target", "turn-2-4-snitching",
                    "turn-2-5-vote"]


def test_a_blacklisted_snitchs_draws_at_the_end_of_the_deck():
    # 3 players, 20 turns each, no reshuffle (rule 10: fewer cards when fewer are left).
    # Turns 1-46 pass and decline, one card drawn each: 2 left. Turn 47 Bob's snitching
    # blacklists Cid and Bob draws one (1 left); turn 48 Cid, blacklisted, must draw two and
    # gets the last one; turn 51 Cid's forced draw finds none: skipped
    g = table(["Ann", "Bob", "Cid"], commies=("Bob",), options={"turns_per_player": 20, "reshuffle_discards": False})
    for _ in range(46):
        finish_turn(g)
    act(g, "Bob", "snitch", target="Cid")
    vote(g, {"Ann", "Bob"})
    act(g, "Bob", "decline")
    act(g, "Cid", "snitch_pair", targets=["Ann", "Bob"])
    vote(g)
    assert last(g, "drew").data == {"player": "Cid", "count": 1}
    act(g, "Cid", "play", card=g.legal_actions("Cid")[0]["card"])
    act(g, "Cid", "choose", target="Bob")
    finish_turn(g)
    finish_turn(g)
    assert g.view(None)["board"]["turn"] == 51 and g.to_act() == ("Cid",)
    act(g, "Cid", "snitch_pair", targets=["Ann", "Bob"])
    vote(g)
    skipped = last(g, "skipped")
    assert skipped.data == {"player": "Cid", "step": "draw", "reason": "no action card is left"}
    assert [e.seq for e in g.log] == list(range(len(g.log)))


def test_something_to_say_tells_who_chose_whom():
    # ruling 8: Ann plays "You look like you have something to say" and chooses Cid; the
    # event names both, so every reader learns who must draw two and play one
    g = table(top=("something_to_say", C, "double_agent"))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="something_to_say")
    act(g, "Ann", "choose", target="Cid")
    event = last(g, "must_say_something")
    assert event.public and event.data == {"player": "Ann", "target": "Cid"}


def test_you_seem_suspicious_tells_everyone_who_looked_at_whom():
    # "Look at the role of a chosen player": the table learns that Ann looked at Cid; only Ann
    # sees Cid's card
    g = table(commies=("Bob", "Eve"), top=("you_seem_suspicious",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="you_seem_suspicious")
    act(g, "Ann", "choose", target="Cid")
    looked = last(g, "looked")
    assert looked.public and looked.data == {"player": "Ann", "target": "Cid"}
    saw = last(g, "saw_role")
    assert saw.to == frozenset({"Ann"}) and (saw.data["target"], saw.data["card"]) == ("Cid", "american")


def test_a_card_cannot_choose_a_whitelisted_player_through_the_last_protected_turn():
    # whitelist protection of 1 turn: Bob, whitelisted during turn 2, cannot be chosen during
    # turns 2 and 3 and can from turn 4 on (docs/rules/mccarthyism.md). Turn 3 Cid's "You seem
    # suspicious" offers everyone else but Bob; turn 4 Dee's offers Bob again
    g = blacklisted_bob_plays("i_know_a_guy", ("loose_lips", "i_know_a_guy", C, "you_seem_suspicious",
                                               "you_seem_suspicious"), options={"whitelist_protection_turns": 1})
    act(g, "Bob", "choose", target="Bob")
    assert g.view(None)["board"]["protected_through_turn"] == {"Bob": 3}
    act(g, "Cid", "pass")
    act(g, "Cid", "play", card="you_seem_suspicious")
    assert g.view(None)["board"]["turn"] == 3
    assert [a["target"] for a in g.legal_actions("Cid")] == ["Ann", "Dee", "Eve", "Fay"]
    act(g, "Cid", "choose", target="Ann")
    act(g, "Dee", "pass")
    act(g, "Dee", "play", card="you_seem_suspicious")
    assert g.view(None)["board"]["turn"] == 4
    assert [a["target"] for a in g.legal_actions("Dee")] == ["Ann", "Bob", "Cid", "Eve", "Fay"]
