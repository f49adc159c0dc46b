"""Shady Agents told in words: a handful of events and prompts with their expected
sentences, written by hand, in English and in German (games/shady_agents/narration.py; the
German words are the rules text's own: Kugel, medizinisches Kit, Interrogation)."""

from __future__ import annotations

import pytest

from hiddenrole.engine import MOD
from hiddenrole.games.shady_agents.narration import ShadyAgentsNarrator

PLAYERS = ("Ann", "Bob", "Cid", "Dee", "Eve")


def tell(kind, data, to=None, viewer=None, lang="en"):
    return ShadyAgentsNarrator(PLAYERS, {}, viewer, lang).event(kind, data, None if to is None else frozenset(to))


TOOL = {"giver": "Ann", "receiver": "Bob", "tool": "medkit"}


@pytest.mark.parametrize(("viewer", "lang", "expected"), [
    ("Bob", "en", ["Ann gave you a medical kit."]),
    ("Ann", "en", ["You gave Bob a medical kit."]),
    (MOD, "en", ["The tool Ann gave Bob was a medical kit."]),
    ("Bob", "de", ["Ann hat dir ein medizinisches Kit gegeben."]),
    ("Ann", "de", ["Du hast Bob ein medizinisches Kit gegeben."]),
])
def test_a_tool_is_told_to_its_giver_and_receiver(viewer, lang, expected):
    assert tell("tool", TOOL, {"Ann", "Bob"}, viewer, lang) == expected


def test_an_interrogation_reads_its_question_in_the_viewers_language():
    data = {"caller": "Cid", "card": "bullet_to", "question": "Who gets your bullet?", "discarded": True,
            "number": 2}
    assert tell("interrogation", data)[0] == "Cid discarded a tool face down and called interrogation 2: “Who gets your bullet?”"
    assert tell("interrogation", data, lang="de")[0] == (
        "Cid hat verdeckt ein Werkzeug abgelegt und Interrogation 2 gerufen: „Wer bekommt deine Kugel?“")


@pytest.mark.parametrize(("card", "answer", "en", "de"), [
    ("bullet_to", "Dee", "Bob answered: Dee.", "Bob antwortete: Dee."),
    ("bullet_to", "discarded", "Bob answered: nobody: it is discarded.", "Bob antwortete: niemand: es wird abgelegt."),
    ("nearer_you", "bullet", "Bob answered: my bullet goes to a player seated nearer to me than my medical kit does.",
     "Bob antwortete: meine Kugel geht an einen Spieler, der näher bei mir sitzt als der, an den mein medizinisches Kit "
     "geht."),
    ("parted_first", "medkit", "Bob answered: I part with my medical kit before my bullet.",
     "Bob antwortete: ich gebe mein medizinisches Kit vor meiner Kugel weg."),
    ("parted_first", "both", "Bob answered: both, at once to the same player.",
     "Bob antwortete: beide, gleichzeitig an denselben Spieler."),
])
def test_answers_in_words(card, answer, en, de):
    assert tell("answer", {"player": "Bob", "card": card, "answer": answer}) == [en]
    assert tell("answer", {"player": "Bob", "card": card, "answer": answer}, lang="de") == [de]


def test_the_end_shows_how_the_scores_arose():
    data = {"winner": "deserters", "reason": "higher_score", "scores": {"operatives": 0, "deserters": 2},
            "medkits": {"operatives": 2, "deserters": 3}, "bullets": {"operatives": 3, "deserters": 1},
            "bonus": {"operatives": 1, "deserters": 0}}
    assert tell("game_over", data) == [
        "The corrupt deserters won on points: 2 to 0.",
        "The law-abiding operatives scored 0 points: 2 medical kits, minus 3 bullets, plus 1 bonus.",
        "The corrupt deserters scored 2 points: 3 medical kits, minus 1 bullet, plus 0 bonus."]
    assert tell("game_over", data, lang="de")[0] == "Die korrupten Deserteure haben nach Punkten gewonnen: 2 zu 0."


def test_negative_scores_take_the_minus_sign():
    # "−" (U+2212), never the hyphen-minus, as the trial's "-1 zu -2" was
    data = {"winner": "operatives", "reason": "higher_score", "scores": {"operatives": -1, "deserters": -2},
            "medkits": {"operatives": 2, "deserters": 1}, "bullets": {"operatives": 3, "deserters": 3},
            "bonus": {"operatives": 0, "deserters": 0}}
    assert tell("game_over", data) == [
        "The law-abiding operatives won on points: \u22121 to \u22122.",
        "The law-abiding operatives scored \u22121 point: 2 medical kits, minus 3 bullets, plus 0 bonus.",
        "The corrupt deserters scored \u22122 points: 1 medical kit, minus 3 bullets, plus 0 bonus."]
    assert tell("game_over", data, lang="de")[0] == \
        "Die gesetzestreuen Operativen haben nach Punkten gewonnen: \u22121 zu \u22122."


# the verdict (the first sentence of the end): the tie-break and the draw with their numbers,
# one medical kit / one point in the singular, in English and in German
@pytest.mark.parametrize(("data", "en", "de"), [
    ({"winner": "operatives", "reason": "more_medical_kits", "scores": {"operatives": 1, "deserters": 1},
      "medkits": {"operatives": 3, "deserters": 1}},
     "The law-abiding operatives won on the tie-break: both sides scored 1 point, and they received 3 medical kits, "
     "the other side 1 medical kit.",
     "Die gesetzestreuen Operativen haben bei Punktgleichstand gewonnen: Beide Seiten erzielten 1 Punkt; "
     "sie erhielten 3 medizinische Kits, die andere Seite 1 medizinisches Kit."),
    ({"winner": "deserters", "reason": "more_medical_kits", "scores": {"operatives": 0, "deserters": 0},
      "medkits": {"operatives": 0, "deserters": 1}},
     "The corrupt deserters won on the tie-break: both sides scored 0 points, and they received 1 medical kit, "
     "the other side 0 medical kits.",
     "Die korrupten Deserteure haben bei Punktgleichstand gewonnen: Beide Seiten erzielten 0 Punkte; "
     "sie erhielten 1 medizinisches Kit, die andere Seite 0 medizinische Kits."),
    ({"winner": None, "reason": "draw", "scores": {"operatives": 0, "deserters": 0},
      "medkits": {"operatives": 1, "deserters": 1}},
     "The game is a draw: both sides scored 0 points and received 1 medical kit each.",
     "Unentschieden: Beide Seiten erzielten 0 Punkte und erhielten je 1 medizinisches Kit."),
    ({"winner": None, "reason": "draw", "scores": {"operatives": -1, "deserters": -1},
      "medkits": {"operatives": 2, "deserters": 2}},
     "The game is a draw: both sides scored −1 point and received 2 medical kits each.",
     "Unentschieden: Beide Seiten erzielten −1 Punkt und erhielten je 2 medizinische Kits."),
])
def test_the_verdict_in_words(data, en, de):
    full = {**data, "bullets": {"operatives": 0, "deserters": 0}, "bonus": {"operatives": 0, "deserters": 0}}
    assert tell("game_over", full)[0] == en
    assert tell("game_over", full, lang="de")[0] == de


def test_the_end_counts_one_medical_kit_and_one_bullet_in_the_singular():
    data = {"winner": "operatives", "reason": "higher_score", "scores": {"operatives": 0, "deserters": -3},
            "medkits": {"operatives": 1, "deserters": 0}, "bullets": {"operatives": 1, "deserters": 3},
            "bonus": {"operatives": 0, "deserters": 0}}
    assert tell("game_over", data)[1] == "The law-abiding operatives scored 0 points: 1 medical kit, minus 1 bullet, plus 0 bonus."
    assert tell("game_over", data, lang="de")[1:] == [
        "Die gesetzestreuen Operativen erzielten 0 Punkte: 1 medizinisches Kit, minus 1 Kugel, plus 0 Bonus.",
        "Die korrupten Deserteure erzielten −3 Punkte: 0 medizinische Kits, minus 3 Kugeln, plus 0 Bonus."]


def test_the_role_says_the_spy_code():
    assert tell("role", {"role": "deserter", "side": "deserters"}, {"Eve"}, "Eve") == [
        "You are a corrupt deserter.", "Your spy code: you must lie when you answer an interrogation."]
    assert tell("role", {"role": "operative", "side": "operatives"}, {"Eve"}, "Eve", "de") == [
        "Du bist ein gesetzestreuer Operativer.",
        "Dein Spionagecode: Du musst die Wahrheit sagen, wenn du eine Interrogation beantwortest."]


def test_the_move_prompt_says_what_a_tool_and_an_interrogation_do():
    view = {"phase": "round_1", "over": False, "board": {}, "private": {"side": "operatives"}}
    legal = [{"player": "Bob", "action": "give", "tool": "bullet", "target": "Ann"},
             {"player": "Bob", "action": "interrogate", "discard": "medkit"}]
    told = ShadyAgentsNarrator(PLAYERS, {}, "Bob", "en").situation(view, legal, ("Bob",), True)
    assert told["phase"] == "Round 1: each player gives a tool or calls an interrogation."
    assert told["deadline_note"] == "When time runs out, the Mod gives one of the player's tools to a random other player."
    prompt = told["prompt"]
    assert prompt["title"] == "Your move: give a tool face down, or call an interrogation."
    assert [c["label"] for c in prompt["choices"]] == ["Give a bullet to Ann", "Discard a medical kit and call an interrogation"]
    german = ShadyAgentsNarrator(PLAYERS, {}, "Bob", "de").prompt(view, legal)
    assert [c["label"] for c in german["choices"]] == [
        "Gib Ann eine Kugel", "Lege ein medizinisches Kit ab und rufe eine Interrogation"]


# issue 13's trial: Alice (an operative) had given her medical kit to Bob and held only her
# bullet; "my medical kit" read as "I hold my medical kit". The answers say what they claim.
def test_the_answer_prompt_says_what_each_answer_claims_and_why_both_may_be_offered():
    view = {"phase": "interrogation", "over": False, "private": {"side": "operatives"},
            "board": {"current_card": {"card": "nearer_caller", "caller": "Dee", "question": "?"}}}
    legal = [{"player": "Ann", "action": "answer", "answer": "bullet"},
             {"player": "Ann", "action": "answer", "answer": "medkit"}]
    prompt = ShadyAgentsNarrator(PLAYERS, {}, "Ann", "en").prompt(view, legal)
    assert [c["label"] for c in prompt["choices"]] == [
        "my bullet goes to a player seated nearer to the caller than my medical kit does",
        "my medical kit goes to a player seated nearer to the caller than my bullet does"]
    assert prompt["explain"] == (
        "You are a law-abiding operative: your spy code says you must tell the truth. The card asks where your tools "
        "go, not which one you hold. Only answers that are true, or that your later moves can still make true, are "
        "offered; once you answer, your later moves must keep it true.")
    german = ShadyAgentsNarrator(PLAYERS, {}, "Ann", "de").prompt(view, legal)
    assert [c["label"] for c in german["choices"]] == [
        "meine Kugel geht an einen Spieler, der näher beim Rufenden sitzt als der, an den mein medizinisches Kit geht",
        "mein medizinisches Kit geht an einen Spieler, der näher beim Rufenden sitzt als der, an den meine Kugel geht"]
    deserter = dict(view, private={"side": "deserters"})
    assert ShadyAgentsNarrator(PLAYERS, {}, "Bob", "en").prompt(deserter, legal)["explain"] == (
        "You are a corrupt deserter: your spy code says you must lie. The card asks where your tools go, not which "
        "one you hold. Only answers that are false, or that your later moves can still make false, are offered; "
        "once you answer, your later moves must keep it false.")


# issue 13's trial: in round 2 Bob's bullet could go only to Alice or Bot 3, and nothing said why
def test_a_hand_out_narrowed_by_the_spy_code_says_who_is_missing_and_why():
    view = {"phase": "round_2", "over": False, "board": {}, "private": {"side": "deserters"}}
    legal = [{"player": "Eve", "action": "give", "tool": "bullet", "target": "Ann"},
             {"player": "Eve", "action": "give", "tool": "bullet", "target": "Dee"}]
    prompt = ShadyAgentsNarrator(PLAYERS, {}, "Eve", "en").prompt(view, legal)
    assert prompt["explain"] == (
        "A medical kit gives the receiver's team a point, a bullet costs it one; only the receiver sees which it was. "
        "Bob and Cid cannot get a bullet from you: that would break an answer you gave in an interrogation (your "
        "answers are promises your moves must keep to the end of the game).")
    german = ShadyAgentsNarrator(PLAYERS, {}, "Eve", "de").prompt(view, legal)
    assert german["explain"].endswith(
        "Bob und Cid können eine Kugel nicht von dir bekommen: Das würde eine Antwort brechen, die du in einer "
        "Interrogation gegeben hast (deine Antworten sind Versprechen, die deine Züge bis zum Ende des Spiels "
        "einhalten müssen).")
    # every other player offered: nothing is missing, nothing to explain
    free = [{"player": "Eve", "action": "give", "tool": "bullet", "target": q} for q in ("Ann", "Bob", "Cid", "Dee")]
    assert ShadyAgentsNarrator(PLAYERS, {}, "Eve", "en").prompt(view, free)["explain"] == (
        "A medical kit gives the receiver's team a point, a bullet costs it one; only the receiver sees which it was.")


# fresh-user trial 13 (German): holding both tools, the prompt said "Gib dein verbleibendes
# Werkzeug verdeckt weiter." and offered only the bullet, without saying why
def test_two_tools_without_an_interrogation_say_why_and_a_tool_nobody_may_get_is_named():
    view = {"phase": "round_1", "over": False, "board": {},
            "private": {"side": "operatives", "holding": ["bullet", "medkit"]}}
    legal = [{"player": "Bob", "action": "give", "tool": "bullet", "target": q} for q in ("Ann", "Cid", "Dee", "Eve")]
    prompt = ShadyAgentsNarrator(PLAYERS, {}, "Bob", "en").prompt(view, legal)
    assert prompt["title"] == ("Your move: give one of your tools face down. You cannot call an interrogation now: "
                               "it would break an answer you gave.")
    assert prompt["explain"] == (
        "A medical kit gives the receiver's team a point, a bullet costs it one; only the receiver sees which it was. "
        "You cannot give a medical kit to anyone now: that would break an answer you gave in an interrogation (your "
        "answers are promises your moves must keep to the end of the game).")
    german = ShadyAgentsNarrator(PLAYERS, {}, "Bob", "de").prompt(view, legal)
    assert german["title"] == ("Dein Zug: Gib verdeckt eines deiner Werkzeuge weiter. Eine Interrogation kannst du "
                               "jetzt nicht rufen: Sie würde eine Antwort brechen, die du gegeben hast.")
    assert german["explain"].endswith(
        "Du kannst ein medizinisches Kit jetzt niemandem geben: Das würde eine Antwort brechen, die du in einer "
        "Interrogation gegeben hast (deine Antworten sind Versprechen, die deine Züge bis zum Ende des Spiels "
        "einhalten müssen).")
    # round 2, one tool left: the remaining tool
    last = dict(view, phase="round_2", private={"side": "operatives", "holding": ["bullet"]})
    assert ShadyAgentsNarrator(PLAYERS, {}, "Bob", "de").prompt(last, legal)["title"] == (
        "Gib dein verbleibendes Werkzeug verdeckt weiter.")


def test_who_we_wait_for_is_said_with_the_step():
    round_1 = {"phase": "round_1", "over": False, "board": {}}
    assert ShadyAgentsNarrator(PLAYERS, {}, "Ann", "en").waiting_words(round_1, ("Cid",)) == (
        "Waiting for Cid to give a tool or call an interrogation.")
    asked = {"phase": "interrogation", "over": False, "board": {}}
    assert ShadyAgentsNarrator(PLAYERS, {}, None, "de").waiting_words(asked, ("Cid",)) == (
        "Warten, bis Cid auf die Interrogation antwortet.")
