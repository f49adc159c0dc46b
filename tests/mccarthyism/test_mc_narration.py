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
        "Cid played “Super snitch”: Cid blacklists a player of their choice, without a vote.",
        "The other card was discarded."]
    assert tell("played", {"player": "Cid", "card": "super_snitch", "discarded": 0}, lang="de") == [
        "Cid spielt „Superspitzel“: Cid setzt einen frei gewählten Spieler ohne Abstimmung auf die schwarze Liste."]


#: every card played by Bob, as every viewer reads it: told about Bob, never to "you" (written by hand)
PLAYED_BY_BOB = {
    "confess_to_the_feds": (
        "Bob played “Confess to the Feds”: Bob shows their role card to everyone. If Bob is blacklisted, they can "
        "never be snitch again; if not, they can be snitch exactly one more time.",
        "Bob spielt „Beichte beim FBI“: Bob zeigt allen die eigene Rollenkarte. Steht Bob auf der schwarzen Liste, "
        "kann Bob nie wieder Spitzel werden; sonst noch genau ein weiteres Mal."),
    "escape_to_the_reds": (
        "Bob played “Escape to the Reds”: Bob leaves the game at once: blacklisted for good, their role stays secret "
        "and they can never be snitch again.",
        "Bob spielt „Flucht zu den Roten“: Bob verlässt das Spiel sofort: für immer auf der schwarzen Liste, die Rolle "
        "bleibt geheim, und Bob kann nie wieder Spitzel werden."),
    "deep_research": (
        "Bob played “Deep research”: Bob looks at every card left in the action deck.",
        "Bob spielt „Gründliche Recherche“: Bob sieht sich alle Karten an, die noch im Aktionsstapel liegen."),
    "double_agent": (
        "Bob played “Double agent”: Bob takes the double agent token and plays for the opposite of their role card "
        "until someone else takes the token.",
        "Bob spielt „Doppelagent“: Bob nimmt den Doppelagenten-Marker und spielt für die Gegenseite der eigenen "
        "Rollenkarte, bis jemand anderes den Marker nimmt."),
    "lemme_see_what_you_got_there": (
        "Bob played “Lemme see what you got there”: Bob looks at the role card of the player to their right.",
        "Bob spielt „Zeig mal her, was du da hast“: Bob sieht sich die Rollenkarte des Spielers zur Rechten an."),
    "you_seem_suspicious": (
        "Bob played “You seem suspicious”: Bob looks at the role card of a player of their choice.",
        "Bob spielt „Du wirkst verdächtig“: Bob sieht sich die Rollenkarte eines frei gewählten Spielers an."),
    "i_know_a_guy": (
        "Bob played “I know a guy”: Bob whitelists a blacklisted player of their choice (themselves too).",
        "Bob spielt „Ich kenne da jemanden“: Bob setzt einen frei gewählten Spieler von der schwarzen auf die weiße "
        "Liste (auch sich selbst)."),
    "super_snitch": (
        "Bob played “Super snitch”: Bob blacklists a player of their choice, without a vote.",
        "Bob spielt „Superspitzel“: Bob setzt einen frei gewählten Spieler ohne Abstimmung auf die schwarze Liste."),
    "loose_lips": (
        "Bob played “Loose lips”: Everyone looks at the role card of the player to their right.",
        "Bob spielt „Lose Zungen“: Alle sehen sich die Rollenkarte des Spielers zu ihrer Rechten an."),
    "commies_take_over": (
        "Bob played “Commies take over”: Commies and loyal Americans switch sides for the rest of the game.",
        "Bob spielt „Die Kommunisten übernehmen“: Kommunisten und loyale Amerikaner tauschen für den Rest des Spiels "
        "die Seiten."),
    "something_to_say": (
        "Bob played “You look like you have something to say”: A player of Bob's choice draws two action cards and "
        "must play one of them.",
        "Bob spielt „Du siehst aus, als hättest du etwas zu sagen“: Ein von Bob gewählter Spieler zieht zwei "
        "Aktionskarten und muss eine davon spielen."),
    "too_much_to_drink": (
        "Bob played “I think we've both had too much to drink”: Bob swaps role cards with a player of their choice "
        "and sees their new card; that player is not told.",
        "Bob spielt „Ich glaube, wir haben beide zu viel getrunken“: Bob tauscht die Rollenkarte mit einem frei "
        "gewählten Spieler und sieht die neue Karte; dieser erfährt es nicht."),
}


@pytest.mark.parametrize("card", sorted(PLAYED_BY_BOB))
@pytest.mark.parametrize("viewer", ["Ann", "Bob", MOD])
def test_a_card_played_is_told_about_its_player_not_to_the_reader(card, viewer):
    english, german = PLAYED_BY_BOB[card]
    data = {"player": "Bob", "card": card, "discarded": 0}
    assert tell("played", data, viewer=viewer) == [english]
    assert tell("played", data, viewer=viewer, lang="de") == [german]


@pytest.mark.parametrize(("turns", "protect", "lang", "expected"), [
    (1, 1, "en", ["Ann holds the snitch token first; everyone is snitch once.",
                  "A whitelisted player cannot be chosen for 1 turn."]),
    (2, 3, "en", ["Ann holds the snitch token first; everyone is snitch 2 times.",
                  "A whitelisted player cannot be chosen for 3 turns."]),
    (1, 1, "de", ["Ann hat zuerst den Spitzel-Marker; jeder ist einmal Spitzel.",
                  "Wer auf der weißen Liste steht, kann 1 Zug lang nicht gewählt werden."]),
    (2, 3, "de", ["Ann hat zuerst den Spitzel-Marker; jeder ist 2-mal Spitzel.",
                  "Wer auf der weißen Liste steht, kann 3 Züge lang nicht gewählt werden."]),
])
def test_the_setup_counts_turns_in_singular_and_plural(turns, protect, lang, expected):
    data = {"players": list(PLAYERS), "commies": 2, "americans": 4, "first_snitch": "Ann",
            "turns_per_player": turns, "whitelist_protection_turns": protect}
    assert tell("setup", data, lang=lang)[1:] == expected


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


@pytest.mark.parametrize(("targets", "lang", "options", "expected"), [
    (["Bob"], "en", {}, ("Secret vote: blacklist Bob?",
                         "Bob is blacklisted if at least 2 of the 6 voters say yes. Only the counts are announced.")),
    (["Bob", "Cid"], "en", {}, ("Secret vote: blacklist Bob and Cid?",
                                "Bob and Cid are blacklisted if at least 2 of the 6 voters say yes. "
                                "Only the counts are announced.")),
    (["Bob"], "en", {"reveal_votes": True}, (
        "Vote by name: blacklist Bob?",
        "Bob is blacklisted if at least 2 of the 6 voters say yes. Who voted what is shown after the count.")),
    (["Bob", "Cid"], "de", {}, ("Geheime Abstimmung: Bob und Cid auf die schwarze Liste setzen?",
                                "Bob und Cid kommen auf die schwarze Liste, wenn mindestens 2 der 6 Stimmberechtigten "
                                "mit Ja stimmen. Nur die Zahlen werden bekanntgegeben.")),
    (["Bob"], "de", {"reveal_votes": True}, (
        "Namentliche Abstimmung: Bob auf die schwarze Liste setzen?",
        "Bob kommt auf die schwarze Liste, wenn mindestens 2 der 6 Stimmberechtigten mit Ja stimmen. "
        "Nach der Auszählung sieht jeder, wer wie gestimmt hat.")),
])
def test_the_blacklist_vote_prompt_states_the_threshold_and_how_secret_it_is(targets, lang, options, expected):
    """Issue 13 (second trial): before anyone voted, "Bob is blacklisted with 2 yes of 6 votes"
    read as a result; and the prompt said "Secret vote" where the board said "Open vote"."""
    view = {"phase": "vote", "over": False, "players": list(PLAYERS),
            "board": {"step": "vote", "turn": 2, "snitch": "Ann", "blacklisted": [],
                      "vote": {"motion": "blacklist", "targets": targets}}}
    legal = [{"player": "Dee", "action": "vote", "vote": "yes"}, {"player": "Dee", "action": "vote", "vote": "no"}]
    prompt = McCarthyismNarrator(PLAYERS, options, "Dee", lang).prompt(view, legal)
    assert (prompt["title"], prompt["explain"]) == expected


def test_the_end_vote_prompt_states_the_threshold():
    view = {"phase": "vote", "over": False, "players": list(PLAYERS),
            "board": {"step": "vote", "turn": 2, "snitch": "Ann", "blacklisted": [], "vote": {"motion": "end_game"}}}
    legal = [{"player": "Dee", "action": "vote", "vote": "yes"}, {"player": "Dee", "action": "vote", "vote": "no"}]
    prompt = McCarthyismNarrator(PLAYERS, {"reveal_votes": True}, "Dee", "en").prompt(view, legal)
    assert prompt["title"] == "Vote by name: end the game now?"
    assert prompt["explain"] == (
        "The game ends if at least 4 of the 6 voters say yes; then the Commies win if any Commie is not blacklisted, "
        "else the players who are not blacklisted win. Who voted what is shown after the count.")


@pytest.mark.parametrize(("data", "lang", "expected"), [
    ({"blacklisted": False, "snitch_turns_left": 1}, "en", "They can be snitch one more time."),
    ({"blacklisted": True, "snitch_turns_left": 0}, "en", "They are blacklisted, so they can never be snitch again."),
    ({"blacklisted": False, "snitch_turns_left": 0}, "en",
     "They can never be snitch again: the game has no turns as snitch left for them."),
    ({"blacklisted": False, "snitch_turns_left": 0}, "de",
     "Diese Person kann nie wieder Spitzel werden: Das Spiel hat für sie keine Züge als Spitzel mehr übrig."),
])
def test_a_confession_says_why_the_player_can_never_be_snitch_again(data, lang, expected):
    """Issue 13 (second trial): the card says "if not, they can be snitch exactly one more time",
    then "Dave confessed ... They can never be snitch again." with no reason: ruling 2 gives no
    player more turns as snitch than the game allows, and the sentence now says so."""
    said = tell("confessed", {"player": "Dee", "card": "american", **data}, lang=lang)
    assert said[1] == expected


# fresh-user trial 13: the TV showed only "Clara, Bot 5 und Dieter Müller-Lüdenscheidt"
def test_who_we_wait_for_is_a_sentence_in_both_languages():
    vote = {"phase": "vote", "over": False, "players": list(PLAYERS),
            "board": {"step": "vote", "turn": 3, "vote": {"motion": "end_game"}}}
    tv = McCarthyismNarrator(PLAYERS, {}, None, "de").situation(vote, [], ("Cid", "Dee", "Eve"), True)
    assert tv["waiting_words"] == "Warten, bis Cid, Dee und Eve abstimmen."
    assert tv["deadline_note"] == "Wenn die Zeit abläuft, zählt eine fehlende Stimme als Nein."
    snitching = {"phase": "snitching", "over": False, "players": list(PLAYERS),
                 "board": {"step": "snitching", "turn": 2, "snitch": "Ann"}}
    assert McCarthyismNarrator(PLAYERS, {}, "Bob", "en").waiting_words(snitching, ("Ann",)) == (
        "Waiting for Ann to snitch on someone, call for the end or pass.")
    assert McCarthyismNarrator(PLAYERS, {}, "Ann", "en").waiting_words(snitching, ("Ann",)) is None


@pytest.mark.parametrize(("options", "lang", "expected"), [
    ({}, "en", ("Snitching starts a secret vote: with 2 yes of 6 votes the player is blacklisted.",
                "A secret vote: with 4 yes of 6 votes the game ends now, and the Commies win if any Commie is not "
                "blacklisted. Be sure before you call it.",
                "Turn 2: the secret vote on blacklisting Bob.")),
    ({"reveal_votes": True}, "en", (
        "Snitching starts a vote by name: with 2 yes of 6 votes the player is blacklisted.",
        "A vote by name: with 4 yes of 6 votes the game ends now, and the Commies win if any Commie is not "
        "blacklisted. Be sure before you call it.",
        "Turn 2: the vote by name on blacklisting Bob.")),
    ({"reveal_votes": False}, "de", (
        "Verpfeifen startet eine geheime Abstimmung: Mit 2 Ja von 6 Stimmen kommt der Spieler auf die schwarze Liste.",
        "Eine geheime Abstimmung: Mit 4 Ja von 6 Stimmen endet das Spiel sofort, und die Kommunisten gewinnen, wenn "
        "auch nur einer von ihnen nicht auf der schwarzen Liste steht. Sei dir sicher, bevor du es forderst.",
        "Zug 2: geheime Abstimmung über die schwarze Liste für Bob.")),
    ({"reveal_votes": True}, "de", (
        "Verpfeifen startet eine namentliche Abstimmung: Mit 2 Ja von 6 Stimmen kommt der Spieler auf die schwarze "
        "Liste.",
        "Eine namentliche Abstimmung: Mit 4 Ja von 6 Stimmen endet das Spiel sofort, und die Kommunisten gewinnen, "
        "wenn auch nur einer von ihnen nicht auf der schwarzen Liste steht. Sei dir sicher, bevor du es forderst.",
        "Zug 2: namentliche Abstimmung über die schwarze Liste für Bob.")),
])
def test_the_snitch_prompt_names_the_kind_of_vote_the_table_chose(options, lang, expected):
    """Issue 13 (last things): the snitch was told "a secret vote" at a table voting by name."""
    view = {"phase": "snitching", "over": False, "players": list(PLAYERS),
            "board": {"step": "snitching", "turn": 2, "snitch": "Ann", "blacklisted": []}}
    legal = [{"player": "Ann", "action": "snitch", "target": "Bob"}, {"player": "Ann", "action": "call_end"},
             {"player": "Ann", "action": "pass"}]
    narrator = McCarthyismNarrator(PLAYERS, options, "Ann", lang)
    prompt = narrator.prompt(view, legal)
    vote_view = {"phase": "vote", "over": False, "players": list(PLAYERS),
                 "board": {"step": "vote", "turn": 2, "snitch": "Ann", "blacklisted": [],
                           "vote": {"motion": "blacklist", "targets": ["Bob"]}}}
    assert (prompt["explain"], prompt["choices"][1]["explain"], narrator.phase(vote_view)) == expected


@pytest.mark.parametrize(("options", "expected"), [
    ({}, "A secret vote follows: with 2 yes of 5 votes both are blacklisted and you are whitelisted. "
         "A Commie must name as many Commies as possible."),
    ({"reveal_votes": True}, "A vote by name follows: with 2 yes of 5 votes both are blacklisted and you are "
                             "whitelisted. A Commie must name as many Commies as possible."),
])
def test_the_blacklisted_snitch_prompt_names_the_kind_of_vote(options, expected):
    view = {"phase": "snitching", "over": False, "players": list(PLAYERS),
            "board": {"step": "snitch_pair", "turn": 2, "snitch": "Ann", "blacklisted": ["Ann"]}}
    legal = [{"player": "Ann", "action": "snitch_pair", "targets": ["Bob", "Cid"]}]
    prompt = McCarthyismNarrator(PLAYERS, options, "Ann", "en").prompt(view, legal)
    assert prompt["title"] == "You are a blacklisted snitch: name two players to snitch on."
    assert prompt["explain"] == expected
    assert prompt["choices"] == [{"action": 0, "label": "Bob and Cid", "explain": None}]
