"""McCarthyism told in words: a handful of events and prompts with their expected sentences,
written by hand, in English and in German (games/mccarthyism/narration.py)."""

from __future__ import annotations

import pytest

from hiddenrole.engine import MOD
from hiddenrole.games.mccarthyism.narration import McCarthyismNarrator

PLAYERS = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def tell(kind, data, to=None, viewer=None, lang="en"):
    return McCarthyismNarrator(PLAYERS, {}, viewer, lang).event(kind, data, None if to is None else frozenset(to))


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["Ann snitched on Bob: everyone not blacklisted votes on blacklisting Bob."]),
    ("de", ["Ann hat Bob verpfiffen: Alle, die nicht auf der schwarzen Liste stehen, stimmen ab, ob Bob auf die "
            "schwarze Liste kommt."]),
])
def test_a_snitch_names_the_vote_that_follows(lang, expected):
    assert tell("snitched", {"snitch": "Ann", "target": "Bob"}, lang=lang) == expected


def test_an_end_vote_result_names_the_threshold():
    data = {"motion": "end_game", "targets": [], "yes": 3, "no": 3, "voters": 6, "passed": False}
    assert tell("vote_result", data) == [
        "The vote to end the game failed: 3 yes, 3 no (two thirds of 6 voters needed)."]
    assert tell("vote_result", data, lang="de") == [
        "Die Abstimmung über das Spielende ist gescheitert: 3 Ja, 3 Nein (nötig waren zwei Drittel von 6 Stimmberechtigten)."]


def test_a_blacklist_result_with_names_when_votes_are_shown():
    data = {"motion": "blacklist_pair", "targets": ["Bob", "Eve"], "yes": 2, "no": 3, "voters": 5, "passed": True,
            "votes": {"Ann": "yes", "Bob": "no", "Cid": "yes", "Dee": "no", "Eve": "no"}}
    assert tell("vote_result", data) == [
        "The vote to blacklist Bob and Eve passed: 2 yes, 3 no (one third of 5 voters needed).",
        "Yes from Ann and Cid.", "No from Bob, Dee, and Eve."]


def test_a_card_played_says_its_rule():
    assert tell("played", {"player": "Cid", "card": "super_snitch", "discarded": 1}) == [
        "Cid played “Super snitch”: You blacklist a player of your choice, without a vote.",
        "The other card was discarded."]
    assert tell("played", {"player": "Cid", "card": "super_snitch", "discarded": 0}, lang="de") == [
        "Cid spielt „Superspitzel“: Du setzt einen Spieler deiner Wahl ohne Abstimmung auf die schwarze Liste."]


def test_private_knowledge_speaks_to_its_reader_or_names_it_for_the_mod():
    data = {"target": "Dee", "card": "commie", "how": "loose_lips"}
    assert tell("saw_role", data, {"Cid"}, "Cid") == ["You saw Dee's role card: Commie (by “Loose lips”)."]
    assert tell("saw_role", data, {"Cid"}, MOD) == ["Cid saw Dee's role card: Commie (by “Loose lips”)."]
    assert tell("saw_role", data, {"Cid"}, "Cid", "de") == [
        "Du hast die Rollenkarte von Dee gesehen: Kommunist (durch „Lose Zungen“)."]


def test_a_missing_vote_at_the_deadline():
    assert tell("timeout", {"step": "vote", "missing_votes": 1}) == ["Time ran out: 1 missing vote counts as no."]
    assert tell("timeout", {"step": "vote", "missing_votes": 2}, lang="de") == [
        "Die Zeit ist um: 2 fehlende Stimmen zählen als Nein."]


def test_the_reshuffle():
    assert tell("reshuffled", {"cards": 17}) == ["The discards were shuffled into a new action deck of 17 cards."]


def test_the_snitch_prompt_gives_the_thresholds_and_warns_before_the_end_vote():
    view = {"phase": "snitching", "over": False, "players": list(PLAYERS),
            "board": {"step": "snitching", "turn": 2, "snitch": "Ann", "blacklisted": []}}
    legal = [{"player": "Ann", "action": "snitch", "target": "Bob"}, {"player": "Ann", "action": "call_end"},
             {"player": "Ann", "action": "pass"}]
    told = McCarthyismNarrator(PLAYERS, {}, "Ann", "en").situation(view, legal, ("Ann",), True)
    assert told["phase"] == "Turn 2: Ann, the snitch, snitches on someone, calls for the end or passes."
    assert told["waiting_for"] == "You"
    assert told["deadline_note"] == "When time runs out, the snitch passes."
    prompt = told["prompt"]
    assert prompt["explain"] == ("Snitching starts a secret vote: with 2 yes of 6 votes the player is blacklisted.")
    assert prompt["choices"][0] == {"action": 0, "label": "Snitch on Bob", "explain": None}
    assert prompt["choices"][1]["label"] == "Call for the end of the game"
    assert prompt["choices"][1]["explain"] == (
        "A secret vote: with 4 yes of 6 votes the game ends now, and the Commies win if any Commie is not "
        "blacklisted. Be sure before you call it.")
    german = McCarthyismNarrator(PLAYERS, {}, "Ann", "de").prompt(view, legal)
    assert german["choices"][1]["label"] == "Spielende fordern"


def test_the_pool_deal_keeps_the_number_of_commies_secret():
    data = {"players": list(PLAYERS), "deal": "pool", "commie_cards": 4, "american_cards": 8, "first_snitch": "Bob",
            "deck": 48, "whitelist_protection_turns": 5, "turns_per_player": 3}
    assert tell("setup", data)[0] == ("The game begins with 6 players, dealt from a pool of 4 Commie and 8 loyal "
                                      "American role cards: nobody knows how many Commies are at the table.")
    fixed = dict(data, deal="fixed", commies=2, americans=4)
    del fixed["commie_cards"], fixed["american_cards"]
    assert tell("setup", fixed, lang="de")[0] == "Das Spiel beginnt mit 6 Spielern: 2 Kommunisten und 4 loyale Amerikaner."


def test_nobody_wins_when_everyone_is_blacklisted():
    data = {"winner": None, "reason": "turns_done", "allegiances": {p: "american" for p in PLAYERS},
            "blacklisted": list(PLAYERS)}
    assert tell("game_over", data)[0] == "Nobody won: every player was blacklisted."


@pytest.mark.parametrize(("targets", "lang", "expected"), [
    (["Bob"], "en", "Bob is blacklisted with 2 yes of 6 votes."),
    (["Bob", "Cid"], "en", "Bob and Cid are blacklisted with 2 yes of 6 votes."),
    (["Bob", "Cid"], "de", "Mit 2 Ja von 6 Stimmen kommen Bob und Cid auf die schwarze Liste."),
])
def test_the_blacklist_vote_prompt_agrees_with_how_many_are_named(targets, lang, expected):
    view = {"phase": "vote", "over": False, "players": list(PLAYERS),
            "board": {"step": "vote", "turn": 2, "snitch": "Ann", "blacklisted": [],
                      "vote": {"motion": "blacklist", "targets": targets}}}
    legal = [{"player": "Dee", "action": "vote", "vote": "yes"}, {"player": "Dee", "action": "vote", "vote": "no"}]
    assert McCarthyismNarrator(PLAYERS, {}, "Dee", lang).prompt(view, legal)["explain"] == expected
