"""Every action card (rulebook, *Action cards*) and the rulings on them (2-10)."""

from __future__ import annotations

import pytest
from mc_helpers import (
    act, blacklisted_bob, blacklisted_bob_plays, deck, double_agent_then_takeover, finish_turn, fingerprint, last, table,
    vote,
)

from hiddenrole.engine import BadSetup, IllegalAction
from hiddenrole.games.mccarthyism.cards import DECK

C = "confess_to_the_feds"


def snitches(g, turns):
    out = []
    for _ in range(turns):
        if g.is_over:
            break
        out.append(g.snitch)
        finish_turn(g)
    return out


def conserved(g):
    return len(g.deck.pile) + len(g.deck.discards) + len(g.played) + len(g.hand) == 48


# ---------------------------------------------------------------- Confess to the Feds (ruling 2)
def test_confess_by_a_non_blacklisted_player_reveals_and_allows_exactly_one_more_turn():
    g = table(top=(C,))
    act(g, "Ann", "pass")
    events = act(g, "Ann", "play", card=C)
    confessed = [e for e in events if e.kind == "confessed"][0]
    assert confessed.public
    assert confessed.data == {"player": "Ann", "card": "american", "blacklisted": False, "snitch_turns_left": 1}
    assert g.view("Cid")["board"]["confessed"] == {"Ann": "american"}
    assert g.view("Cid")["private"]["seen_roles"]["Ann"]["card"] == "american"
    order = snitches(g, 30)
    assert order.count("Ann") == 1  # turn 7 only (plus turn 1 already played)
    assert order[5] == "Ann" and order[11] == "Bob"
    assert g.is_over and g.turn == 17


def test_confess_by_a_blacklisted_player_means_never_snitch_again():
    g = blacklisted_bob_plays(C, ("loose_lips", C, C))
    c = last(g, "confessed").data
    assert c == {"player": "Bob", "card": "commie", "blacklisted": True, "snitch_turns_left": 0}
    assert not g.can_be_snitch("Bob")
    order = snitches(g, 30)
    assert "Bob" not in order
    assert order[:6] == ["Cid", "Dee", "Eve", "Fay", "Ann", "Cid"]


# ---------------------------------------------------------------- Escape to the Reds (ruling 3)
def test_escape_blacklists_for_good_without_reveal_and_no_whitelist_can_undo_it():
    g = table(top=("escape_to_the_reds", "i_know_a_guy"))
    act(g, "Ann", "pass")
    events = act(g, "Ann", "play", card="escape_to_the_reds")
    esc = [e for e in events if e.kind == "escaped"][0]
    assert esc.public and esc.data == {"player": "Ann"}  # no identity
    assert "Ann" in g.tokens.blacklisted and "Ann" in g.tokens.escaped and not g.can_be_snitch("Ann")
    assert g.view(None)["board"]["confessed"] == {}
    # turn 2: Bob snitches on Cid; Ann may not vote
    act(g, "Bob", "snitch", target="Cid")
    assert "Ann" not in g.to_act()
    vote(g, {"Bob", "Dee"})
    act(g, "Bob", "play", card="i_know_a_guy")
    assert [a["target"] for a in g.legal_actions("Bob")] == ["Cid"]
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="cannot become whitelisted"):
        act(g, "Bob", "choose", target="Ann")
    assert fingerprint(g) == before
    act(g, "Bob", "choose", target="Cid")
    assert "Ann" in g.tokens.blacklisted and "Cid" not in g.tokens.blacklisted
    assert "Ann" not in snitches(g, 30)


def test_escaped_player_cannot_be_chosen_by_any_card():
    g = table(top=("escape_to_the_reds", "you_seem_suspicious"))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="escape_to_the_reds")
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="you_seem_suspicious")
    assert "Ann" not in [a["target"] for a in g.legal_actions("Bob")]


# ---------------------------------------------------------------- Deep research (ruling 4)
@pytest.mark.parametrize("in_order", [True, False])
def test_deep_research_shows_the_cards_left_in_the_deck(in_order):
    g = table(top=("deep_research", "loose_lips", "double_agent"), options={"deep_research_in_order": in_order})
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="deep_research")
    e = last(g, "deep_research")
    assert e.to == frozenset({"Ann"})
    expected = deck("deep_research", "loose_lips", "double_agent")[1:]
    assert e.data["cards"] == (expected if in_order else sorted(expected))
    assert len(e.data["cards"]) == 47
    assert g.view("Ann")["private"]["deep_research"]["cards"] == e.data["cards"]
    assert "deep_research" not in g.view("Bob")["private"]


# ---------------------------------------------------------------- Double Agent
def test_double_agent_token_passes_from_one_player_to_another():
    g = table(commies=("Bob", "Eve"), top=("double_agent", "double_agent"))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="double_agent")
    assert last(g, "double_agent").data == {"player": "Ann", "previous": None}
    assert g.allegiance_of("Ann") == "commie" and g.side_of("Ann") == "commies"
    assert g.view(None)["board"]["double_agent"] == "Ann"  # the token is public (ruling 1)
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="double_agent")
    assert last(g, "double_agent").data == {"player": "Bob", "previous": "Ann"}
    assert g.allegiance_of("Ann") == "american"
    assert g.allegiance_of("Bob") == "american"  # a Commie card, flipped


# ---------------------------------------------------------------- Lemme see / Loose Lips (ruling 5)
def test_lemme_see_shows_the_role_of_the_player_to_the_right():
    g = table(commies=("Bob", "Eve"), top=("lemme_see_what_you_got_there",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="lemme_see_what_you_got_there")
    saw = last(g, "saw_role")
    assert saw.to == frozenset({"Ann"})
    assert saw.data == {"target": "Bob", "card": "commie", "how": "lemme_see_what_you_got_there"}
    assert last(g, "looked").data == {"player": "Ann", "target": "Bob"}
    assert g.view("Ann")["private"]["seen_roles"]["Bob"]["card"] == "commie"
    assert "Bob" not in g.view("Cid")["private"]["seen_roles"]


def test_right_skips_players_who_escaped():
    g = table(first="Bob", top=("escape_to_the_reds", C, C, C, C, "lemme_see_what_you_got_there"))
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="escape_to_the_reds")
    assert g.tokens.right_of("Ann") == "Cid"
    for _ in range(4):
        finish_turn(g)
    assert g.snitch == "Ann"
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="lemme_see_what_you_got_there")
    assert last(g, "saw_role").data["target"] == "Cid"


def test_loose_lips_everybody_sees_the_card_to_their_right():
    g = table(commies=("Bob", "Eve"), top=("loose_lips",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="loose_lips")
    seen = {next(iter(e.to)): e.data["target"] for e in g.log if e.kind == "saw_role"}
    assert seen == {"Ann": "Bob", "Bob": "Cid", "Cid": "Dee", "Dee": "Eve", "Eve": "Fay", "Fay": "Ann"}
    for e in g.log:
        if e.kind == "saw_role":
            assert len(e.to) == 1 and e.data["card"] == g.roles.cards[e.data["target"]]
    assert g.view("Dee")["private"]["seen_roles"] == {"Eve": {"card": "commie", "how": "loose_lips", "turn": 1}}


# ---------------------------------------------------------------- You seem suspicious
def test_you_seem_suspicious_looks_at_a_chosen_players_role():
    g = table(commies=("Bob", "Eve"), top=("you_seem_suspicious",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="you_seem_suspicious")
    assert g.phase == "card_target" and g.to_act() == ("Ann",)
    assert [a["target"] for a in g.legal_actions("Ann")] == ["Bob", "Cid", "Dee", "Eve", "Fay"]
    with pytest.raises(IllegalAction, match="yourself"):
        act(g, "Ann", "choose", target="Ann")
    act(g, "Ann", "choose", target="Eve")
    assert last(g, "saw_role").data == {"target": "Eve", "card": "commie", "how": "you_seem_suspicious"}
    assert last(g, "saw_role").to == frozenset({"Ann"})
    assert g.snitch == "Bob"


# ---------------------------------------------------------------- I know a guy (ruling 6)
def test_i_know_a_guy_whitelists_a_blacklisted_player_even_yourself_with_protection():
    g = blacklisted_bob_plays("i_know_a_guy", ("loose_lips", "i_know_a_guy", C))
    assert g.legal_actions("Bob") == [{"player": "Bob", "action": "choose", "target": "Bob"}]
    with pytest.raises(IllegalAction, match="not blacklisted"):
        act(g, "Bob", "choose", target="Cid")
    act(g, "Bob", "choose", target="Bob")
    assert last(g, "whitelisted").data == {"player": "Bob", "by": "i_know_a_guy", "protected_through_turn": 7}
    assert "Bob" not in g.tokens.blacklisted and g.is_protected("Bob")
    assert "Bob" not in [a.get("target") for a in g.legal_actions("Cid")]


def test_i_know_a_guy_with_nobody_blacklisted_is_skipped():
    g = table(top=("i_know_a_guy",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="i_know_a_guy")
    assert last(g, "skipped").data == {"player": "Ann", "step": "i_know_a_guy", "reason": "no player can be chosen"}
    assert g.snitch == "Bob"


# ---------------------------------------------------------------- Super snitch
def test_super_snitch_blacklists_a_chosen_player_without_a_vote():
    g = table(top=("super_snitch",))
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "play", card="super_snitch")
    assert [a["target"] for a in g.legal_actions("Ann")] == ["Cid", "Dee", "Eve", "Fay"]
    with pytest.raises(IllegalAction, match="already blacklisted"):
        act(g, "Ann", "choose", target="Bob")
    events = act(g, "Ann", "choose", target="Dee")
    assert [e.kind for e in events][:1] == ["blacklisted"]
    assert events[0].data == {"player": "Dee", "by": "super_snitch"}
    assert "vote_result" not in [e.kind for e in events]


# ---------------------------------------------------------------- Commies take over (ruling 1)
def _takeover_game(second_card):
    g = table(commies=("Bob", "Eve"), top=("super_snitch", second_card, C, C))
    act(g, "Ann", "snitch", target="Eve")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "play", card="super_snitch")
    act(g, "Ann", "choose", target="Bob")
    act(g, "Bob", "snitch_pair", targets=["Cid", "Dee"])
    vote(g)
    act(g, "Bob", "play", card=second_card)
    act(g, "Cid", "snitch", target="Fay")
    vote(g, {"Ann", "Cid"})
    act(g, "Cid", "decline")
    act(g, "Dee", "call_end")
    vote(g, {"Ann", "Cid", "Dee"})
    assert g.is_over
    return g.result


def test_commies_take_over_changes_who_wins():
    without = _takeover_game(C)
    assert without.winner == "americans"
    assert without.outcomes == {"Ann": "win", "Bob": "loss", "Cid": "win", "Dee": "win", "Eve": "loss", "Fay": "loss"}
    flipped = _takeover_game("commies_take_over")
    assert flipped.winner == "commies"
    assert flipped.detail["commies_take_over"] is True
    assert flipped.detail["allegiances"]["Fay"] == "commie"
    assert flipped.outcomes == {"Ann": "win", "Bob": "loss", "Cid": "win", "Dee": "win", "Eve": "loss", "Fay": "win"}


def test_takeover_flips_the_double_agent_back():
    g = double_agent_then_takeover()
    assert g.view(None)["board"]["commies_take_over"] is True
    assert g.allegiance_of("Ann") == "american"  # American card, flipped twice
    assert g.allegiance_of("Bob") == "american" and g.allegiance_of("Cid") == "commie"


# ---------------------------------------------------------------- Something to say (ruling 8)
def test_something_to_say_makes_the_chosen_player_draw_two_and_play_one():
    g = table(top=("something_to_say", C, "double_agent"))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="something_to_say")
    act(g, "Ann", "choose", target="Cid")
    assert g.phase == "forced_play" and g.to_act() == ("Cid",)
    assert g.hand == [C, "double_agent"]
    assert g.view("Cid")["private"]["hand"] == [C, "double_agent"]
    assert "hand" not in g.view("Ann")["private"]
    with pytest.raises(IllegalAction, match="Cid's card"):
        act(g, "Ann", "play", card=C)
    act(g, "Cid", "play", card=C)  # the effect is Cid's: Cid confesses
    assert last(g, "confessed").data["player"] == "Cid"
    assert g.tokens.turns_left["Cid"] == 1
    assert g.snitch == "Bob" and g.deck.discards == ["double_agent"]


# ---------------------------------------------------------------- Too much to drink (ruling 7)
def test_drink_swaps_role_cards_and_the_other_view_keeps_the_last_seen_card():
    g = table(commies=("Bob", "Eve"), top=("too_much_to_drink", C, C, C, C, C, C, C))
    g.roles.double_agent = "Ann"  # the double agent token stays put
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="too_much_to_drink")
    before_bob = g.view("Bob")
    act(g, "Ann", "choose", target="Bob")
    assert g.roles.cards["Ann"] == "commie" and g.roles.cards["Bob"] == "american"
    assert g.roles.double_agent == "Ann"
    ann = g.view("Ann")["private"]
    assert ann["role_card"] == {"card": "commie", "how": "drink", "turn": 1, "marked": "last seen"}
    assert ann["seen_roles"]["Bob"]["card"] == "american"
    bob = g.view("Bob")["private"]
    assert bob["role_card"] == {"card": "commie", "how": "dealt", "turn": 0, "marked": "last seen"}
    assert bob == before_bob["private"]
    # nobody else is told who was chosen
    swapped = last(g, "swapped")
    assert swapped.to == frozenset({"Ann"})
    for p in ("Bob", "Cid"):
        assert all(e["kind"] not in ("swapped", "target_chosen") for e in g.view(p)["events"])
        after_play = [e for e in g.view(p)["events"] if e["seq"] > swapped.seq - 1 and e["kind"] != "turn"]
        assert "Bob" not in str(after_play)
    # a later confession shows Bob the card he really holds
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card=C)
    assert g.view("Bob")["private"]["role_card"]["card"] == "american"


# ---------------------------------------------------------------- Deck (ruling 9)
def test_deck_exhaustion_reshuffles_the_discards():
    players = ["Ann", "Bob", "Cid"]
    g = table(players, commies=("Bob",), options={"turns_per_player": 20})
    for _ in range(48):
        finish_turn(g)
        assert conserved(g)
    assert len(g.deck.pile) == 0 and len(g.deck.discards) == 48
    new_order = list(reversed(DECK))
    g2 = table(players, commies=("Bob",), options={"turns_per_player": 20}, reshuffles=[new_order])
    for _ in range(48):
        finish_turn(g2)
    act(g2, g2.snitch, "pass")
    assert last(g2, "reshuffled").data == {"cards": 48}
    assert last(g2, "hand").data["cards"] == [new_order[0]]
    assert g2.chance.record[-1] == ("reshuffles", new_order)
    assert last(g2, "deck").to == frozenset()
    assert conserved(g2)
    act(g, g.snitch, "pass")  # drawn from the seed when not fixed
    assert g.chance.record[-1][0] == "reshuffles" and sorted(g.chance.record[-1][1]) == sorted(DECK)


def test_a_bad_fixed_reshuffle_is_bad_setup():
    players = ["Ann", "Bob", "Cid"]
    g = table(players, commies=("Bob",), options={"turns_per_player": 20}, reshuffles=[["loose_lips"]])
    for _ in range(48):
        finish_turn(g)
    with pytest.raises(BadSetup, match="reshuffles"):
        act(g, g.snitch, "pass")


def test_without_reshuffle_draws_stop_when_the_deck_runs_out():
    players = ["Ann", "Bob", "Cid"]
    g = table(players, commies=("Bob",), options={"turns_per_player": 20, "reshuffle_discards": False})
    for _ in range(48):
        finish_turn(g)
    act(g, g.snitch, "pass")
    assert last(g, "skipped").data["step"] == "draw"
    assert g.turn == 50


def test_confess_on_the_last_turn_gives_no_extra_turn():
    g = table(top=(C,), options={"turns_per_player": 1})
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card=C)
    assert last(g, "confessed").data["snitch_turns_left"] == 0
    assert snitches(g, 10) == ["Bob", "Cid", "Dee", "Eve", "Fay"]


def _whitelisted_bob(top):
    g = blacklisted_bob(("loose_lips", *top))
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    vote(g, {"Cid", "Dee"})
    act(g, "Bob", "decline")  # Bob whitelisted, protected through turn 7
    act(g, "Cid", "pass")
    return g


@pytest.mark.parametrize("card", ["you_seem_suspicious", "super_snitch", "something_to_say", "too_much_to_drink"])
def test_protected_player_cannot_be_a_cards_target(card):
    g = _whitelisted_bob((C, card))
    act(g, "Cid", "play", card=card)
    assert "Bob" not in [a["target"] for a in g.legal_actions("Cid")]
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="whitelisted and cannot be chosen"):
        act(g, "Cid", "choose", target="Bob")
    assert fingerprint(g) == before


def test_loose_lips_skips_escaped_players():
    g = table(first="Bob", top=("escape_to_the_reds", "loose_lips"))
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="escape_to_the_reds")
    act(g, "Cid", "pass")
    act(g, "Cid", "play", card="loose_lips")
    seen = {next(iter(e.to)): e.data["target"] for e in g.log if e.kind == "saw_role"}
    assert seen == {"Ann": "Cid", "Cid": "Dee", "Dee": "Eve", "Eve": "Fay", "Fay": "Ann"}


def test_something_to_say_target_can_play_a_card_that_chooses():
    g = table(commies=("Bob", "Eve"), top=("something_to_say", "you_seem_suspicious", C))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="something_to_say")
    act(g, "Ann", "choose", target="Dee")
    act(g, "Dee", "play", card="you_seem_suspicious")
    assert g.phase == "card_target" and g.to_act() == ("Dee",)
    assert "Dee" not in [a["target"] for a in g.legal_actions("Dee")]
    act(g, "Dee", "choose", target="Bob")
    assert last(g, "saw_role").to == frozenset({"Dee"})
    assert g.snitch == "Bob"  # the token moves on from Ann


def test_looks_show_the_role_card_not_the_double_agent_allegiance():
    g = table(commies=("Bob", "Eve"), top=("double_agent", "you_seem_suspicious"))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="double_agent")
    assert g.allegiance_of("Ann") == "commie"
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="you_seem_suspicious")
    act(g, "Bob", "choose", target="Ann")
    assert last(g, "saw_role").data["card"] == "american"  # ruling 1: the card; the token is public
    assert g.view("Bob")["board"]["double_agent"] == "Ann"
