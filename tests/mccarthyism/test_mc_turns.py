"""The turn cycle, sentence by sentence (rulebook, *Gameplay cycle* and *Endgame rules*)."""

from __future__ import annotations

import pytest
from mc_helpers import SIX, act, finish_turn, fingerprint, kinds, last, table, vote

from hiddenrole.engine import IllegalAction


# 1. "We start each turn by moving the snitch token one place to the right."
def test_snitch_token_moves_one_seat_right_each_turn_and_wraps():
    g = table(first="Dee")
    order = []
    for _ in range(8):
        order.append(g.snitch)
        finish_turn(g)
    assert order == ["Dee", "Eve", "Fay", "Ann", "Bob", "Cid", "Dee", "Eve"]
    turns = [e.data for e in g.log if e.kind == "turn"]
    assert [t["turn"] for t in turns[:8]] == list(range(1, 9))


# 2a. Snitch not blacklisted: "Snitch on a player, Call for the game to end, or Pass"
def test_free_snitch_may_snitch_on_a_non_blacklisted_player_call_end_or_pass():
    g = table()
    legal = g.legal_actions("Ann")
    assert {"player": "Ann", "action": "pass"} in legal
    assert {"player": "Ann", "action": "call_end"} in legal
    assert sorted(a["target"] for a in legal if a["action"] == "snitch") == ["Bob", "Cid", "Dee", "Eve", "Fay"]
    assert g.to_act() == ("Ann",) and g.phase == "snitching"
    assert g.legal_actions("Bob") == []


def test_snitching_on_a_player_opens_a_secret_vote_of_the_non_blacklisted():
    g = table()
    act(g, "Ann", "snitch", target="Bob")
    assert g.phase == "vote"
    assert g.to_act() == tuple(SIX)
    act(g, "Cid", "vote", vote="yes")
    assert g.to_act() == ("Ann", "Bob", "Dee", "Eve", "Fay")
    # nobody but the voter learns the vote before the tally
    assert g.view("Cid")["private"]["my_vote"] == "yes"
    assert "my_vote" not in g.view("Ann")["private"]
    with pytest.raises(IllegalAction, match="already voted"):
        act(g, "Cid", "vote", vote="no")


@pytest.mark.parametrize("yes, passed", [(0, False), (1, False), (2, True), (6, True)])
def test_blacklisting_passes_with_one_third_of_the_non_blacklisted(yes, passed):
    g = table()
    act(g, "Ann", "snitch", target="Bob")
    vote(g, set(SIX[:yes]))
    result = last(g, "vote_result").data
    assert result == {"motion": "blacklist", "targets": ["Bob"], "yes": yes, "no": 6 - yes, "voters": 6,
                      "passed": passed}
    assert ("Bob" in g.tokens.blacklisted) is passed
    assert g.phase == "reveal" and g.to_act() == ("Ann",)  # then the reveal, either way


def test_blacklisted_players_do_not_vote_and_whitelisted_ones_do():
    g = table(top=("super_snitch",))
    act(g, "Ann", "snitch", target="Cid")
    vote(g, {"Ann", "Bob"})
    act(g, "Ann", "play", card="super_snitch")
    act(g, "Ann", "choose", target="Dee")  # Cid and Dee blacklisted
    finish_turn(g) if g.turn == 1 else None
    # turn 2: Bob snitches on Eve; Cid and Dee may not vote
    act(g, "Bob", "snitch", target="Eve")
    assert g.to_act() == ("Ann", "Bob", "Eve", "Fay")
    with pytest.raises(IllegalAction, match="blacklisted players do not vote"):
        act(g, "Cid", "vote", vote="yes")
    assert g.legal_actions("Cid") == []
    vote(g)
    assert last(g, "vote_result").data["voters"] == 4


def test_votes_are_secret_only_counts_are_announced():
    g = table()
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Cid", "Dee"})
    result = last(g, "vote_result")
    assert result.public and "votes" not in result.data
    mod = last(g, "votes")
    assert mod.to == frozenset() and mod.data["votes"]["Cid"] == "yes" and mod.data["votes"]["Ann"] == "no"
    for p in SIX:
        assert all(e["kind"] != "votes" for e in g.view(p)["events"])


def test_option_reveal_votes_names_the_votes():
    g = table(options={"reveal_votes": True})
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Cid"})
    assert last(g, "vote_result").data["votes"] == {"Ann": "no", "Bob": "no", "Cid": "yes", "Dee": "no",
                                                    "Eve": "no", "Fay": "no"}


@pytest.mark.parametrize("yes, ends", [(3, False), (4, True), (6, True)])
def test_call_for_the_end_passes_with_two_thirds(yes, ends):
    g = table()
    act(g, "Ann", "call_end")
    assert g.phase == "vote"
    vote(g, set(SIX[:yes]))
    assert last(g, "vote_result").data["motion"] == "end_game"
    assert g.is_over is ends
    if ends:
        assert g.result.reason == "end_vote"
        assert g.to_act() == () and g.legal_actions("Ann") == []
    else:
        assert g.phase == "reveal"


def test_pass_goes_straight_to_the_reveal():
    g = table(top=("deep_research",))
    events = act(g, "Ann", "pass")
    assert kinds(events) == ["passed", "drew", "hand"]
    assert g.phase == "reveal"
    assert g.legal_actions("Ann") == [{"player": "Ann", "action": "play", "card": "deep_research"},
                                      {"player": "Ann", "action": "decline"}]


def test_reveal_evidence_draws_one_card_face_down_play_or_not():
    g = table(top=("double_agent", "loose_lips"))
    act(g, "Ann", "pass")
    hand = last(g, "hand")
    assert hand.to == frozenset({"Ann"}) and hand.data == {"cards": ["double_agent"]}
    assert last(g, "drew").public and last(g, "drew").data == {"player": "Ann", "count": 1}
    assert g.view("Ann")["private"]["hand"] == ["double_agent"]
    assert "hand" not in g.view("Bob")["private"]
    act(g, "Ann", "decline")
    assert g.deck.discards == ["double_agent"] and g.snitch == "Bob"
    assert last(g, "declined").data == {"player": "Ann"}  # the declined card stays secret


# 2b. Snitch blacklisted
def _blacklist_bob(g):
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "decline")
    assert g.snitch == "Bob" and "Bob" in g.tokens.blacklisted


def test_blacklisted_snitch_must_snitch_on_two_and_cannot_pass():
    g = table(commies=("Cid", "Eve"))  # Bob is an American
    _blacklist_bob(g)
    assert g.phase == "snitch_pair"
    legal = g.legal_actions("Bob")
    assert {a["action"] for a in legal} == {"snitch_pair"}
    assert len(legal) == 10  # any 2 of Ann, Cid, Dee, Eve, Fay
    for bad in ({"action": "pass"}, {"action": "call_end"}, {"action": "snitch", "target": "Ann"}):
        with pytest.raises(IllegalAction):
            g.apply({"player": "Bob", **bad})


def test_commie_snitch_must_choose_as_many_commies_as_possible():
    g = table(commies=("Bob", "Eve"))
    _blacklist_bob(g)
    pairs = [a["targets"] for a in g.legal_actions("Bob")]
    assert pairs == [["Ann", "Eve"], ["Cid", "Eve"], ["Dee", "Eve"], ["Eve", "Fay"]]
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="as many Commies as possible"):
        act(g, "Bob", "snitch_pair", targets=["Ann", "Cid"])
    assert fingerprint(g) == before
    act(g, "Bob", "snitch_pair", targets=["Eve", "Dee"])  # any order
    assert last(g, "snitched").data == {"snitch": "Bob", "targets": ["Dee", "Eve"]}


def test_commie_snitch_with_two_commies_available_must_name_both():
    g = table(commies=("Bob", "Eve", "Fay"), options={"deal": "fixed", "commie_count": 3})
    _blacklist_bob(g)
    assert [a["targets"] for a in g.legal_actions("Bob")] == [["Eve", "Fay"]]


def test_double_agent_commie_snitch_is_american_for_the_rule():
    g = table(commies=("Bob", "Eve"), first="Bob", top=("double_agent",))
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="double_agent")  # Bob's allegiance is now American (ruling 1)
    assert g.allegiance_of("Bob") == "american" and g.side_of("Bob") == "americans"
    g2 = table(commies=("Bob", "Eve"))
    g2.roles.double_agent = "Bob"
    _blacklist_bob(g2)
    assert g2.allegiance_of("Bob") == "american"
    assert len(g2.legal_actions("Bob")) == 10


def test_pair_vote_that_passes_blacklists_both_and_whitelists_the_snitch():
    g = table(commies=("Bob", "Eve"), top=("confess_to_the_feds", "loose_lips"))
    _blacklist_bob(g)
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    assert g.to_act() == ("Ann", "Cid", "Dee", "Eve", "Fay")  # Bob is blacklisted: no vote
    vote(g, {"Cid", "Dee"})  # 2 of 5 >= 1/3
    assert last(g, "vote_result").data["passed"] is True
    assert {"Ann", "Eve"} <= g.tokens.blacklisted and "Bob" not in g.tokens.blacklisted
    assert g.tokens.whitelisted == {"Bob"}
    wl = last(g, "whitelisted")
    assert wl.data == {"player": "Bob", "by": "pair_vote", "protected_through_turn": 2 + 5}
    # whitelisted: the normal reveal (one card, may decline)
    assert g.phase == "reveal" and g.hand == ["loose_lips"]
    board = g.view(None)["board"]
    assert board["whitelisted"] == ["Bob"] and board["blacklisted"] == ["Ann", "Eve"]


def test_pair_vote_that_fails_leaves_the_snitch_to_draw_two_and_play_one():
    g = table(commies=("Bob", "Eve"), top=("confess_to_the_feds", "double_agent", "loose_lips"))
    _blacklist_bob(g)
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    vote(g, {"Cid"})
    assert last(g, "vote_result").data["passed"] is False
    assert g.phase == "forced_play" and g.hand == ["double_agent", "loose_lips"]
    assert last(g, "hand").data == {"cards": ["double_agent", "loose_lips"]}
    with pytest.raises(IllegalAction, match="must play one"):
        act(g, "Bob", "decline")
    act(g, "Bob", "play", card="loose_lips")
    assert g.deck.discards[-1] == "double_agent" and g.played[-1] == ("Bob", "loose_lips")


def test_whitelist_protection_expires_after_the_set_number_of_turns():
    g = table(commies=("Bob", "Eve"), options={"whitelist_protection_turns": 2})
    _blacklist_bob(g)  # turn 1
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    vote(g, {"Cid", "Dee"})  # turn 2: Bob whitelisted, protected through turn 4
    act(g, "Bob", "decline")
    seen = {}
    for _ in range(3):  # turns 3, 4, 5
        choosable = {x for a in g.legal_actions(g.snitch) for x in (a.get("targets") or [a.get("target")])}
        seen[g.turn] = "Bob" in choosable
        finish_turn(g)
    assert seen == {3: False, 4: False, 5: True}


def test_protected_player_cannot_be_snitched_on():
    g = table(commies=("Bob", "Eve"))
    _blacklist_bob(g)
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    vote(g, {"Cid", "Dee"})
    act(g, "Bob", "decline")
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="whitelisted and cannot be chosen"):
        act(g, "Cid", "snitch", target="Bob")
    assert fingerprint(g) == before


@pytest.mark.parametrize("n, turns", [(6, 5), (12, 5), (15, 5), (18, 6), (20, 6)])
def test_default_protection_is_max_of_n_over_3_and_5(n, turns):
    from hiddenrole.games.mccarthyism import McCarthyism
    g = McCarthyism([f"P{i}" for i in range(n)], seed=1)
    assert g.protection == turns


# Rule 10: fewer eligible players than asked
def test_only_one_eligible_player_is_snitched_on_alone_and_none_skips_the_step():
    players = ["Ann", "Bob", "Cid"]
    g = table(players, commies=("Bob",), top=("super_snitch", "confess_to_the_feds", "confess_to_the_feds",
                                                "confess_to_the_feds", "confess_to_the_feds"))
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann"})
    act(g, "Ann", "play", card="super_snitch")
    act(g, "Ann", "choose", target="Cid")
    # turn 2: Bob blacklisted; only Ann is not blacklisted
    assert g.legal_actions("Bob") == [{"player": "Bob", "action": "snitch_pair", "targets": ["Ann"]}]
    act(g, "Bob", "snitch_pair", targets=["Ann"])
    assert g.to_act() == ("Ann",)
    vote(g, {"Ann"})
    assert g.tokens.blacklisted == {"Ann", "Cid"} and g.tokens.whitelisted == {"Bob"}
    act(g, "Bob", "decline")
    # turn 3: Cid blacklisted, Ann blacklisted, Bob protected: nobody to choose
    assert g.snitch == "Cid"
    skipped = [e for e in g.log if e.kind == "skipped"][-1]
    assert skipped.data == {"player": "Cid", "step": "snitch_pair", "reason": "no player can be chosen"}
    assert g.phase == "forced_play" and len(g.hand) == 2


# Endgame
def test_game_ends_once_every_player_has_had_three_turns():
    g = table()
    for _ in range(18):
        assert not g.is_over
        finish_turn(g)
    assert g.is_over and g.result.reason == "turns_done"
    assert g.tokens.turns_had == {p: 3 for p in SIX}
    assert g.phase == "over" and g.timers() == []
    with pytest.raises(IllegalAction, match="game is over"):
        act(g, "Ann", "pass")


def test_turns_per_player_option():
    g = table(options={"turns_per_player": 1})
    for _ in range(6):
        finish_turn(g)
    assert g.is_over and g.turn == 6


def test_commies_win_when_one_commie_is_not_blacklisted():
    g = table(commies=("Bob", "Eve"))
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "decline")
    act(g, "Bob", "snitch_pair", targets=["Cid", "Eve"])
    vote(g)  # fails
    act(g, "Bob", "play", card="confess_to_the_feds")
    act(g, "Cid", "call_end")
    vote(g, {"Ann", "Cid", "Dee", "Fay"})  # 4 of 5
    assert g.result.winner == "commies" and g.result.reason == "end_vote"
    assert g.result.outcomes == {"Ann": "loss", "Bob": "win", "Cid": "loss", "Dee": "loss", "Eve": "win",
                                 "Fay": "loss"}


def test_americans_win_outcomes():
    g = table(commies=("Bob", "Eve"), top=("super_snitch", "confess_to_the_feds", "confess_to_the_feds",
                                            "confess_to_the_feds"))
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "play", card="super_snitch")
    act(g, "Ann", "choose", target="Eve")  # both Commies blacklisted
    act(g, "Bob", "snitch_pair", targets=["Cid", "Dee"])
    vote(g)  # fails; Bob confesses (blacklisted: never snitch again)
    act(g, "Bob", "play", card="confess_to_the_feds")
    act(g, "Cid", "snitch", target="Fay")
    vote(g, {"Ann", "Cid"})  # Fay (an American) blacklisted
    act(g, "Cid", "decline")
    act(g, "Dee", "call_end")
    vote(g, {"Ann", "Cid", "Dee"})
    assert g.result.winner == "americans"
    assert g.result.outcomes == {"Ann": "win", "Bob": "loss", "Cid": "win", "Dee": "win", "Eve": "loss",
                                 "Fay": "loss"}
    assert g.side_of("Fay") == "americans" and g.side_of("Bob") == "commies"
