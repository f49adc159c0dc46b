"""The rulings of issue 15: cases the rules text leaves open, each played through a game with
the expected outcome written by hand (docs/rules/mccarthyism.md records each ruling next to
the sentence it interprets)."""

from __future__ import annotations

import pytest
from mc_helpers import SIX, act, fingerprint, last, table, vote

from hiddenrole.engine import IllegalAction
from hiddenrole.games.mccarthyism.rules import ending_passes

C = "confess_to_the_feds"
E = "escape_to_the_reds"
THREE = ["Ann", "Bob", "Cid"]


# ---------------------------------------------------------------- every player blacklisted
def test_every_player_blacklisted_means_nobody_wins():
    """"If all commies are blacklisted, then the remaining non-blacklisted players win": with every
    player blacklisted no Commie is free and nobody remains, so nobody wins and everyone loses."""
    g = table(THREE, commies=("Bob",), top=("super_snitch", C, C, E, E))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="super_snitch")
    act(g, "Ann", "choose", target="Bob")  # turn 1: Bob blacklisted, no vote
    act(g, "Bob", "snitch_pair", targets=["Ann", "Cid"])
    vote(g)  # turn 2: the pair vote fails; Bob draws two confessions
    act(g, "Bob", "play", card=C)  # blacklisted when confessing: never snitch again
    act(g, "Cid", "pass")
    act(g, "Cid", "play", card=E)  # turn 3: Cid escapes
    assert g.snitch == "Ann" and g.legal_actions("Ann") == [
        {"player": "Ann", "action": "call_end"}, {"player": "Ann", "action": "pass"}]
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card=E)  # turn 4: Ann escapes; nobody can be snitch any more
    assert g.is_over and g.result.reason == "turns_done"
    assert g.result.winner is None
    assert g.result.outcomes == {"Ann": "loss", "Bob": "loss", "Cid": "loss"}
    assert last(g, "game_over").data["winner"] is None
    assert last(g, "game_over").data["blacklisted"] == ["Ann", "Bob", "Cid"]


# ---------------------------------------------------------------- a pool deal of no Commie card
def test_no_commie_dealt_the_non_blacklisted_players_win():
    """Ruling (deal): the deal stands; with no Commie "all commies are blacklisted" holds, so the
    non-blacklisted players win and a blacklisted American still loses."""
    g = table(THREE, commies=(), top=("deep_research", C, C))
    assert [e for e in g.log if e.kind == "commies"] == []  # nobody wakes up
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann"})  # 1 of 3 is 1/3: Bob is blacklisted
    act(g, "Ann", "decline")
    act(g, "Bob", "snitch_pair", targets=["Ann", "Cid"])
    vote(g)  # fails
    act(g, "Bob", "play", card=C)
    act(g, "Cid", "call_end")
    vote(g, {"Ann", "Cid"})  # 2 of the 2 non-blacklisted players
    assert g.is_over and g.result.reason == "end_vote"
    assert g.result.winner == "americans"
    assert g.result.outcomes == {"Ann": "win", "Bob": "loss", "Cid": "win"}


def test_no_commie_dealt_then_commies_take_over_makes_everyone_a_commie():
    """With no Commie card dealt, "Commies take over" turns every player into a Commie (ruling 1):
    one free Commie is enough, so every player wins."""
    g = table(THREE, commies=(), top=("commies_take_over",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="commies_take_over")
    assert [g.allegiance_of(p) for p in THREE] == ["commie", "commie", "commie"]
    act(g, "Bob", "call_end")
    vote(g, {"Bob", "Cid"})  # 2 of 3 is 2/3
    assert g.is_over and g.result.winner == "commies"
    assert g.result.outcomes == {"Ann": "win", "Bob": "win", "Cid": "win"}


def test_pool_deal_of_one_commie_wakes_that_commie_alone():
    """"Commies wake up and look at other commies": a lone Commie sees that there is no other."""
    g = table(commies=("Dee",))
    (e,) = [e for e in g.log if e.kind == "commies"]
    assert e.to == frozenset({"Dee"}) and e.data == {"commies": ["Dee"]}
    assert g.view("Dee")["private"]["commies_at_start"] == ["Dee"]


# ---------------------------------------------------------------- Double Agent
def test_double_agent_played_again_by_its_holder_keeps_the_token_and_does_not_flip_back():
    """"You get the double agent token": a player who already holds it keeps it; there is one
    token, so a second Double Agent card does not flip them back."""
    g = table(commies=("Bob", "Eve"), top=("double_agent", C, C, C, C, C, "double_agent"))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="double_agent")  # turn 1
    assert g.allegiance_of("Ann") == "commie"
    for p in ("Bob", "Cid", "Dee", "Eve", "Fay"):  # turns 2-6
        act(g, p, "pass")
        act(g, p, "decline")
    assert g.snitch == "Ann" and g.turn == 7
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="double_agent")
    assert last(g, "double_agent").data == {"player": "Ann", "previous": "Ann"}
    assert g.roles.double_agent == "Ann"
    assert g.allegiance_of("Ann") == "commie" and g.side_of("Ann") == "commies"
    assert g.view(None)["board"]["double_agent"] == "Ann"


def test_double_agent_goes_to_whoever_plays_it_the_target_of_something_to_say_included():
    """The card chooses nobody: "You get the double agent token" - the player who plays it, which
    for a card drawn through "You look like you have something to say" is the chosen player."""
    g = table(commies=("Bob", "Eve"), top=("something_to_say", "double_agent", C))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="something_to_say")
    act(g, "Ann", "choose", target="Cid")
    assert g.to_act() == ("Cid",) and sorted(g.hand) == sorted(["double_agent", C])
    act(g, "Cid", "play", card="double_agent")
    assert g.roles.double_agent == "Cid"
    assert g.allegiance_of("Cid") == "commie" and g.allegiance_of("Ann") == "american"


# ---------------------------------------------------------------- a chosen player is someone else
@pytest.mark.parametrize("card", ["super_snitch", "you_seem_suspicious", "something_to_say"])
def test_a_chosen_player_is_another_player_super_snitch_cannot_name_themselves(card):
    """Only "I know a guy" says "(you can choose yourself)"; the other cards that choose a player
    ("Freely blacklist a chosen player", ...) choose another player."""
    g = table(top=(card,))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card=card)
    assert [a["target"] for a in g.legal_actions("Ann")] == ["Bob", "Cid", "Dee", "Eve", "Fay"]
    before = fingerprint(g)
    with pytest.raises(IllegalAction, match="you cannot choose yourself here"):
        act(g, "Ann", "choose", target="Ann")
    assert fingerprint(g) == before


# ---------------------------------------------------------------- the end vote at small tables
# voters -> the fewest yes votes that end the game: "2/3 of the non-blacklisted players" read as
# at least two thirds; an even split (a tie) is below two thirds and does not end it
FEWEST_YES_TO_END = {1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 4, 7: 5, 8: 6, 9: 6}


@pytest.mark.parametrize("voters", sorted(FEWEST_YES_TO_END))
def test_end_vote_threshold_at_small_tables(voters):
    need = FEWEST_YES_TO_END[voters]
    assert [ending_passes(y, voters) for y in range(voters + 1)] == [y >= need for y in range(voters + 1)]


@pytest.mark.parametrize("players, yes, ends", [
    (THREE, 1, False), (THREE, 2, True),  # 2 of 3 is exactly 2/3
    (THREE + ["Dee"], 2, False), (THREE + ["Dee"], 3, True),  # 2 of 4 is a tie: not 2/3
])
def test_end_vote_at_three_and_four_players(players, yes, ends):
    g = table(players, commies=("Bob",))
    act(g, "Ann", "call_end")
    assert g.to_act() == tuple(players)
    vote(g, set(players[:yes]))
    assert last(g, "vote_result").data["voters"] == len(players)
    assert g.is_over is ends


def test_end_vote_tie_of_two_voters_does_not_end_the_game():
    g = table(THREE, commies=("Bob",), top=(E, C))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card=E)  # Ann leaves: 2 non-blacklisted players
    act(g, "Bob", "call_end")
    assert g.to_act() == ("Bob", "Cid")
    vote(g, {"Bob"})  # 1 yes, 1 no
    assert last(g, "vote_result").data == {"motion": "end_game", "targets": [], "yes": 1, "no": 1,
                                           "voters": 2, "passed": False}
    assert not g.is_over and g.phase == "reveal"


# ---------------------------------------------------------------- Commies take over and the pair
def _takeover_then_blacklist(first, second, target):
    """``first`` plays "Commies take over" (turn 1); ``second`` snitches on ``target`` (the next
    seat) and the vote passes (turn 2); ``target`` is the blacklisted snitch of turn 3."""
    g = table(commies=("Bob", "Eve"), first=first, top=("commies_take_over", C))
    act(g, first, "pass")
    act(g, first, "play", card="commies_take_over")
    act(g, second, "snitch", target=target)
    vote(g, {first, second})  # 2 of 6
    act(g, second, "decline")
    assert g.snitch == target and target in g.tokens.blacklisted
    return g


def test_after_commies_take_over_the_card_americans_are_the_commies_a_blacklisted_commie_must_name():
    """After "Commies take over" the players dealt American cards are the Commies (ruling 1). Cid,
    dealt an American card, is now a blacklisted Commie: "he must choose as many commies as
    possible", and the Commies he can choose are Ann, Dee and Fay (not Bob and Eve, dealt Commie
    cards, now Americans)."""
    g = _takeover_then_blacklist("Ann", "Bob", "Cid")
    pairs = [a["targets"] for a in g.legal_actions("Cid")]
    assert pairs == [["Ann", "Dee"], ["Ann", "Fay"], ["Dee", "Fay"]]
    with pytest.raises(IllegalAction, match="as many Commies as possible"):
        act(g, "Cid", "snitch_pair", targets=["Bob", "Eve"])


def test_after_commies_take_over_a_blacklisted_snitch_dealt_a_commie_card_may_name_any_pair():
    """Eve, dealt a Commie card, is an American after the takeover: any two players will do."""
    g = _takeover_then_blacklist("Cid", "Dee", "Eve")
    pairs = [a["targets"] for a in g.legal_actions("Eve")]
    assert pairs == [["Ann", "Bob"], ["Ann", "Cid"], ["Ann", "Dee"], ["Ann", "Fay"], ["Bob", "Cid"],
                     ["Bob", "Dee"], ["Bob", "Fay"], ["Cid", "Dee"], ["Cid", "Fay"], ["Dee", "Fay"]]


def test_after_commies_take_over_the_double_agent_flips_back_for_the_pair():
    """A Double Agent dealt a Commie card is an American; after the takeover, a Commie again (ruling 1):
    Bob (Commie card, token, takeover) is a Commie a blacklisted Commie must name."""
    g = table(commies=("Bob", "Eve"), first="Bob", top=("double_agent", "commies_take_over", C))
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="double_agent")  # turn 1: Bob is an American
    act(g, "Cid", "pass")
    act(g, "Cid", "play", card="commies_take_over")  # turn 2: Bob a Commie again; Eve an American
    act(g, "Dee", "snitch", target="Fay")
    vote(g, {"Dee", "Ann"})
    act(g, "Dee", "decline")  # turn 3: Fay (American card, now a Commie) is blacklisted
    assert g.snitch == "Eve"
    act(g, "Eve", "pass")
    act(g, "Eve", "decline")  # turn 4 (Eve is not blacklisted)
    assert g.snitch == "Fay" and "Fay" in g.tokens.blacklisted
    # Fay's Commies among the others: Ann, Bob (flipped back), Cid, Dee; not Eve
    pairs = [a["targets"] for a in g.legal_actions("Fay")]
    assert pairs == [["Ann", "Bob"], ["Ann", "Cid"], ["Ann", "Dee"], ["Bob", "Cid"], ["Bob", "Dee"],
                     ["Cid", "Dee"]]


# ---------------------------------------------------------------- the reversible token
def test_a_whitelisted_player_can_be_blacklisted_again_once_unprotected():
    """"reversible blacklisted tokens": a whitelisted player whose protection has ended can be
    snitched on again; a passing vote turns the token back over (blacklisted, not whitelisted)."""
    g = table(commies=("Bob", "Eve"), options={"whitelist_protection_turns": 0})
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "decline")  # turn 1: Bob blacklisted
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    vote(g, {"Cid", "Dee"})  # turn 2: Ann and Eve blacklisted, Bob whitelisted (protected through turn 2)
    assert g.tokens.whitelisted == {"Bob"} and last(g, "whitelisted").data["protected_through_turn"] == 2
    act(g, "Bob", "decline")
    assert g.snitch == "Cid" and "Bob" in [a.get("target") for a in g.legal_actions("Cid")]
    act(g, "Cid", "snitch", target="Bob")
    vote(g, {"Cid"})  # 1 of the 4 non-blacklisted players: below 1/3
    assert "Bob" in g.tokens.whitelisted
    act(g, "Cid", "decline")
    act(g, "Dee", "snitch", target="Bob")
    vote(g, {"Cid", "Dee"})  # 2 of 4: Bob is blacklisted again
    assert last(g, "blacklisted").data == {"player": "Bob", "by": "vote"}
    board = g.view(None)["board"]
    assert board["blacklisted"] == ["Ann", "Bob", "Eve"] and board["whitelisted"] == []
