"""Secret Hitler told in words: a handful of events and prompts with their expected
sentences, written by hand, in English and in German (games/secret_hitler/narration.py)."""

from __future__ import annotations

import pytest

from hiddenrole.engine import MOD
from hiddenrole.games.secret_hitler.narration import SecretHitlerNarrator

PLAYERS = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus")
TURBO = {"variant": "turbo"}


def tell(kind, data, to=None, viewer=None, lang="en", options=TURBO):
    return SecretHitlerNarrator(PLAYERS, options, viewer, lang).event(kind, data, None if to is None else frozenset(to))


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["You drew Fascist, Fascist, Liberal."]),
    ("de", ["Du hast gezogen: Faschistisch, Faschistisch, Liberal."]),
])
def test_the_president_reads_the_three_policies_drawn(lang, expected):
    assert tell("policies_drawn", {"cards": ["F", "F", "L"]}, {"Anna"}, "Anna", lang) == expected


def test_the_mod_reads_whose_hand_it_was():
    assert tell("policies_drawn", {"cards": ["L", "F", "F"]}, {"Cleo"}, MOD) == ["Cleo drew Liberal, Fascist, Fascist."]
    assert tell("policies_passed", {"president": "Cleo", "cards": ["F", "L"]}, {"Dan"}, MOD) == [
        "Cleo passed Fascist, Liberal to Dan."]


VOTES = {"Anna": "yes", "Ben": "yes", "Cleo": "no", "Dan": "yes", "Eva": "yes", "Finn": "no", "Gus": "yes"}


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["Anna and Ben were elected: 5 yes, 2 no.", "Ja! from Anna, Ben, Dan, Eva, and Gus.",
            "Nein! from Cleo and Finn."]),
    ("de", ["Anna und Ben wurden gewählt: 5 Ja, 2 Nein.", "Ja! von Anna, Ben, Dan, Eva und Gus.",
            "Nein! von Cleo und Finn."]),
])
def test_a_vote_result_names_the_ticket_the_count_and_each_vote(lang, expected):
    data = {"by": "Mod", "day": 2, "president": "Anna", "chancellor": "Ben", "votes": VOTES, "yes": 5, "no": 2,
            "passed": True}
    assert tell("vote_result", data, viewer="Cleo", lang=lang) == expected


@pytest.mark.parametrize(("options", "lang", "expected"), [
    (TURBO, "en", "The Mod enacted the top policy (Liberal): the election tracker had reached 2. Its power is not used."),
    ({"variant": "official"}, "en",
     "The Mod enacted the top policy (Liberal): the election tracker had reached 3. Its power is not used."),
    (TURBO, "de", "Der Mod hat das oberste Gesetz erlassen (Liberal): Der Wahlzähler hatte 2 erreicht. "
                  "Seine Sonderfähigkeit wird nicht genutzt."),
])
def test_a_top_deck_names_the_policy_and_the_tracker(options, lang, expected):
    data = {"by": "Mod", "card": "L", "top_deck": True, "liberal_policies": 1, "fascist_policies": 2}
    told = tell("policy_enacted", data, lang=lang, options=options)
    assert told[0] == expected
    assert told[1] == {"en": "The board now shows 1 of 5 Liberal and 2 of 6 Fascist policies.",
                       "de": "Auf dem Spielbrett liegen jetzt 1 von 5 liberalen und 2 von 6 faschistischen Gesetzen."}[lang]


@pytest.mark.parametrize(("reason", "why"), [
    ("123 is not one of your votecodes", "it is not one of your votecodes."),
    ("123 is your code for day 2, not for day 3", "it is your code for day 2, not for today (day 3)."),
    ("the vote of day 3 is closed", "the vote of day 3 is already closed."),
    ("no Chancellor Candidate has been named yet", "no Chancellor Candidate has been named yet."),
    ("'12' is not a 3-digit votecode", "a votecode has exactly 3 digits."),
])
def test_a_code_that_counted_for_nothing_tells_its_poster_why(reason, why):
    assert tell("vote_ignored", {"code": 123, "reason": reason}, {"Eva"}, "Eva") == [
        f"Your bold code 123 did not count as a vote: {why}"]


def test_an_unbolded_code_tells_its_poster_to_bold_it():
    told = {"code": 412, "reason": "412 is not in bold"}
    assert tell("vote_ignored", told, {"Eva"}, "Eva") == [
        "Your votecode 412 was not in bold, so it did not count as a vote: post **412** to vote."]
    assert tell("vote_ignored", told, {"Eva"}, "Eva", "de") == [
        "Dein Abstimmungscode 412 war nicht fett gesetzt und zählte deshalb nicht als Stimme: Poste **412**, um abzustimmen."]
    assert tell("vote_ignored", {"code": "41", "reason": "'41' is not a 3-digit votecode"}, {"Eva"}, "Eva", "de") == [
        "Dein fett gesetzter Code 41 zählte nicht als Stimme: Ein Abstimmungscode hat genau 3 Ziffern."]


def test_a_code_ignored_in_german():
    told = tell("vote_ignored", {"code": 123, "reason": "123 is your code for day 2, not for day 3"}, {"Eva"}, "Eva", "de")
    assert told == ["Dein fett gesetzter Code 123 zählte nicht als Stimme: Er ist dein Code für Tag 2, nicht für heute (Tag 3)."]


def test_dawn_tells_the_night():
    data = {"by": "Mod", "day": 3, "presidential_candidate": "Gus", "policy": "F",
            "action": {"power": "execute", "player": "Dan", "target": "Ben"}}
    assert tell("day_start", data) == ["Day 3 begins.", "A Fascist policy was enacted in the night.",
                                       "Dan executed Ben.", "Gus is the Presidential Candidate."]
    assert tell("day_start", data, lang="de") == ["Tag 3 beginnt.", "In der Nacht wurde ein Gesetz erlassen: Faschistisch.",
                                                  "Dan hat Ben hingerichtet.", "Gus ist Präsidentschaftskandidat."]


def test_a_fascist_learns_the_others_and_hitler():
    data = {"role": "fascist", "allegiance": "fascist", "roles": {
        "Anna": "fascist", "Ben": "liberal", "Cleo": "fascist", "Dan": "hitler", "Eva": "liberal", "Finn": "liberal",
        "Gus": "liberal"}}
    assert tell("role", data, {"Anna"}, "Anna") == ["You are a Fascist.", "You know the other Fascists: Cleo; Hitler is Dan."]
    assert tell("role", data, {"Anna"}, "Anna", "de") == [
        "Du bist ein Faschist.", "Du kennst die anderen Faschisten: Cleo; Hitler ist Dan."]


def test_the_vote_prompt_names_the_ticket_and_what_yes_and_no_do():
    view = {"phase": "day", "over": False, "board": {
        "step": "vote", "day": 4, "presidential_candidate": "Anna", "chancellor_candidate": "Dan",
        "election_tracker": 1, "tracker_limit": 2, "fascist_policies": 3},
        "private": {"todays_codes": {"yes": 111, "no": 222}}}
    legal = [{"player": "Eva", "action": "vote", "vote": "yes"}, {"player": "Eva", "action": "vote", "vote": "no"}]
    told = SecretHitlerNarrator(PLAYERS, TURBO, "Eva", "en").situation(view, legal, ("Eva", "Gus"), True)
    assert told["phase"] == "Day 4: the vote on Anna as President and Dan as Chancellor."
    assert told["waiting_for"] == "You and Gus"
    assert told["deadline_note"] == ("When the day ends the votes are counted; a player without a vote counts as "
                                     "not voting yes.")
    prompt = told["prompt"]
    assert prompt["title"] == "Vote on the ticket: Anna as President and Dan as Chancellor."
    assert prompt["explain"] == ("If the ticket fails, the election tracker moves to 2 of 2; at 2 the top policy is "
                                 "enacted. Three Fascist policies are down: if Dan is Hitler and is elected, the "
                                 "Fascists win.")
    assert prompt["choices"] == [
        {"action": 0, "label": "Ja! (yes)",
         "explain": "Anna and Dan form the government if the ticket passes. This posts your code 111 in bold."},
        {"action": 1, "label": "Nein! (no)", "explain": "You vote against this government. This posts your code 222 in bold."},
    ]
    german = SecretHitlerNarrator(PLAYERS, TURBO, "Eva", "de").situation(view, legal, ("Eva", "Gus"), True)
    assert german["prompt"]["title"] == "Stimme über die Regierung ab: Anna als Präsident und Dan als Kanzler."
    assert german["waiting_for"] == "Du und Gus"


def test_night_zero_prompt_says_what_a_pair_is():
    view = {"phase": "night", "over": False, "board": {"step": "nominate_pair", "day": 0}, "private": {}}
    legal = [{"player": "Anna", "action": "nominate", "targets": ["Ben", "Cleo"]},
             {"player": "Anna", "action": "nominate", "targets": ["Ben", "Dan"]}]
    prompt = SecretHitlerNarrator(PLAYERS, TURBO, "Anna", "en").prompt(view, legal)
    assert prompt["title"] == "Night 0: nominate two players as possible Chancellors."
    assert prompt["explain"].startswith("The Mod picks one of your two at random to be Chancellor")
    assert [c["label"] for c in prompt["choices"]] == ["Ben and Cleo", "Ben and Dan"]


# claims in the forum's notation (what the rule bots post) are told in the reader's language
@pytest.mark.parametrize(("text", "en", "de"), [
    ("claim president drew FFL passed FL",
     "Anna claims: as President they drew Fascist, Fascist, Liberal and passed Fascist, Liberal to the Chancellor.",
     "Anna behauptet, als Präsident Faschistisch, Faschistisch, Liberal gezogen und Faschistisch, Liberal "
     "an den Kanzler weitergegeben zu haben."),
    ("claim chancellor got LF enacted L",
     "Anna claims: as Chancellor they got Liberal, Fascist and enacted Liberal.",
     "Anna behauptet, als Kanzler Liberal, Faschistisch bekommen und Liberal erlassen zu haben."),
    ("claim investigate Ben fascist",
     "Anna claims: they investigated Ben and saw the party membership Fascist.",
     "Anna behauptet, Ben untersucht zu haben – Partei: die Faschisten."),
    ("claim investigate Bot 6 liberal",  # a name with a space, as the server's bots have
     "Anna claims: they investigated Bot 6 and saw the party membership Liberal.",
     "Anna behauptet, Bot 6 untersucht zu haben – Partei: die Liberalen."),
])
def test_a_claim_post_is_told_in_the_readers_language(text, en, de):
    assert tell("post", {"player": "Anna", "text": text}) == [en]
    assert tell("post", {"player": "Anna", "text": text}, lang="de") == [de]


@pytest.mark.parametrize("text", ["claim I am liberal", "claim president drew FFX passed FL",
                                  "claim investigate Ben maybe", "I claim president drew FFL passed FL"])
def test_any_other_post_is_quoted_as_written(text):
    assert tell("post", {"player": "Anna", "text": text}) == [f"Anna wrote: “{text}”"]


def test_every_post_of_the_rule_bots_is_a_number_or_a_told_claim():
    # a real game of rule bots: every post they make is a votecode (bold digits, the same in
    # every language) or a claim the narrator tells in German; never English words. Their
    # claims are claim actions (told in German too) while open, else posts in the notation.
    from hiddenrole.bots.secret_hitler import SecretHitlerBot
    from hiddenrole.engine import game_class
    from hiddenrole.lab import play_game

    g = game_class("secret-hitler")(list(PLAYERS), seed=11)
    play_game(g, {p: SecretHitlerBot(p, 11) for p in g.players})
    german = SecretHitlerNarrator(PLAYERS, g.options, MOD, "de")
    posts = [e.data for e in g.log if e.kind == "post"]
    claims = [e.data for e in g.log if e.kind == "claim"]
    assert claims, "the rule bots made no claim in this game"
    for c in claims:
        told = german.event("claim", c)
        assert told[0].startswith(f"{c['player']} behauptet, "), told
    for p in posts:
        if p["text"].startswith("claim "):
            told = german.event("post", p)
            assert told[0].startswith(f"{p['player']} behauptet, ") and p["text"] not in told[0], told
        else:
            assert p["text"].strip("*").isdigit(), p["text"]


def test_a_post_that_reads_like_a_vote_tells_its_poster_what_to_post_instead():
    told = {"code": "12a", "reason": "'12a' is not a bold votecode", "yes": 412, "no": 734}
    assert tell("vote_ignored", told, {"Eva"}, "Eva") == [
        "Your post “12a” did not count as a vote: to vote, post your code for today in bold, **412** for yes or "
        "**734** for no."]
    assert tell("vote_ignored", told, {"Eva"}, "Eva", "de") == [
        "Dein Beitrag „12a“ zählte nicht als Stimme: Um abzustimmen, poste deinen Code für heute fett, **412** für Ja "
        "oder **734** für Nein."]
    assert tell("vote_ignored", told, {"Eva"}, MOD) == ["Eva's post “12a” did not count as a vote."]


def test_a_wrong_code_during_a_vote_also_says_what_to_post():
    told = {"code": 123, "reason": "123 is not one of your votecodes", "yes": 412, "no": 734}
    assert tell("vote_ignored", told, {"Eva"}, "Eva") == [
        "Your bold code 123 did not count as a vote: it is not one of your votecodes.",
        "To vote today, post **412** for yes or **734** for no."]
    assert tell("vote_ignored", told, {"Eva"}, "Eva", "de")[1] == "Um heute abzustimmen, poste **412** für Ja oder **734** für Nein."


def test_a_party_is_a_noun_in_german():
    """German names a party by its members ("die Liberalen"), never by the policy's adjective."""
    data = {"target": "Ben", "allegiance": "fascist"}
    assert tell("investigation", data, {"Eva"}, "Eva") == ["You investigated Ben: their party membership is Fascist."]
    assert tell("investigation", data, {"Eva"}, "Eva", "de") == ["Du hast Ben untersucht – Partei: die Faschisten."]
    assert tell("investigation", {"target": "Ben", "allegiance": "liberal"}, {"Eva"}, MOD, "de") == [
        "Eva hat Ben untersucht – Partei: die Liberalen."]
    assert tell("claim", {"player": "Anna", "as": "investigator", "target": "Ben", "party": "liberal"}, lang="de") == [
        "Anna behauptet, Ben untersucht zu haben – Partei: die Liberalen."]


# fresh-user trial 13: the header read "Gina · you are Hal"; the step is now said in words
def test_who_we_wait_for_is_a_sentence_with_the_step_in_words():
    nominate = {"phase": "day", "over": False, "board": {"step": "nominate", "day": 2, "presidential_candidate": "Gus"}}
    told = SecretHitlerNarrator(PLAYERS, TURBO, "Anna", "en").situation(nominate, [], ("Gus",), True)
    assert told["waiting_words"] == "Waiting for Gus to choose a Chancellor Candidate."
    assert told["waiting_for"] == "Gus"  # the names alone stay for the refusals
    german = SecretHitlerNarrator(PLAYERS, TURBO, "Anna", "de").situation(nominate, [], ("Gus",), True)
    assert german["waiting_words"] == "Warten, bis Gus einen Kanzlerkandidaten wählt."
    vote = {"phase": "day", "over": False, "board": {"step": "vote", "day": 2}}
    assert SecretHitlerNarrator(PLAYERS, TURBO, "Anna", "de").waiting_words(vote, ("Ben", "Cleo")) == (
        "Warten, bis Ben und Cleo abstimmen.")
    assert SecretHitlerNarrator(PLAYERS, TURBO, None, "en").waiting_words(vote, ("Ben",)) == "Waiting for Ben to vote."
    # the viewer's own turn: the prompt speaks, not this sentence
    assert SecretHitlerNarrator(PLAYERS, TURBO, "Ben", "en").waiting_words(vote, ("Ben", "Cleo")) is None
