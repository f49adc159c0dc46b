"""The interrogation deck and the enforced spy code: operatives answer truthfully, deserters lie."""

from __future__ import annotations

import pytest
from sa_helpers import SIX, SIX_ROLES, answer, give, interrogate, rejected, table

from hiddenrole.games.shady_agents import DECK
from hiddenrole.games.shady_agents.interrogations import CARDS, answer_label

# The situation of every test below (6 players; Ann, Cid, Eve operatives; Bob, Dee, Fay
# deserters; Ann first). Round 1: Ann gives her medical kit to Bob, Bob his bullet to Dee,
# Cid his medical kit to Dee, Dee her bullet to Cid; Eve calls an interrogation,
# discarding her medical kit. Then Fay, Ann, Bob, Cid, Dee and Eve answer, in that order.
ANSWERERS = ["Fay", "Ann", "Bob", "Cid", "Dee", "Eve"]

# The true answer of each answerer, worked out by hand from the situation above.
TRUTH = {
    "holding":          ["both", "bullet", "medkit", "bullet", "medkit", "bullet"],
    "holding_medkit":   ["yes", "no", "yes", "no", "yes", "no"],
    "holding_bullet":   ["yes", "yes", "no", "yes", "no", "yes"],
    "gave":             ["nothing", "medkit to Bob", "bullet to Dee", "medkit to Dee", "bullet to Cid", "nothing"],
    "gave_tool":        ["nothing", "medkit", "bullet", "medkit", "bullet", "nothing"],
    "gave_medkit_to_neighbour": ["no", "yes", "no", "yes", "no", "no"],
    "received_count":   ["0", "0", "1", "1", "2", "0"],
    "received_bullet":  ["no", "no", "no", "yes", "yes", "no"],
    "received_medkit":  ["no", "no", "yes", "no", "yes", "no"],
    "received_balance": ["equal", "equal", "more", "fewer", "equal", "equal"],
    "received_first":   ["nothing", "nothing", "medkit", "bullet", "bullet", "nothing"],
    "received_last":    ["nothing", "nothing", "medkit", "bullet", "medkit", "nothing"],
    "from_left":        ["nothing", "nothing", "medkit", "nothing", "medkit", "nothing"],
    "from_right":       ["nothing", "nothing", "nothing", "bullet", "nothing", "nothing"],
    "to_right":         ["nothing", "medkit", "nothing", "medkit", "nothing", "nothing"],
    "discarded":        ["nothing", "nothing", "nothing", "nothing", "nothing", "medkit"],
}


def situation(card: str, options=None):
    g = table(first="Ann", deck=[card], options=options)
    give(g, "Ann", "medkit", "Bob")
    give(g, "Bob", "bullet", "Dee")
    give(g, "Cid", "medkit", "Dee")
    give(g, "Dee", "bullet", "Cid")
    interrogate(g, "Eve", "medkit")
    return g


def test_the_deck_has_at_least_12_distinct_cards_with_closed_answer_sets():
    assert len(DECK) >= 12
    assert len({c.id for c in DECK}) == len(DECK)
    assert set(TRUTH) == set(CARDS), "every card has a hand-worked case"
    g = situation("holding")
    for card in DECK:
        for s in range(6):
            answers = card.answers(g.ledger, s, 4)
            assert len(answers) >= 2 and len(set(answers)) == len(answers)
            assert card.truth(g.ledger, s, 4) in answers


@pytest.mark.parametrize("card", sorted(TRUTH))
def test_every_card_answered_truthfully_by_operatives_and_falsely_by_deserters(card):
    g = situation(card)
    assert g.interrogations[0]["card"] == card
    for player, true in zip(ANSWERERS, TRUTH[card]):
        assert g.to_act() == (player,)
        options = g.view(player)["private"]["interrogation"]
        all_answers = [o["answer"] for o in options["answers"]]
        assert true in all_answers
        false = [a for a in all_answers if a != true]
        assert false, "a deserter always has a false answer"
        legal = [a["answer"] for a in g.legal_actions(player)]
        if SIX_ROLES[player] == "operative":
            # "Gesetzestreue Agenten müssen ehrlich antworten."
            assert legal == [true] == options["allowed"]
            err = rejected(g, {"player": player, "action": "answer", "answer": false[0]},
                           "an operative must answer truthfully", repr(false[0]), "is false")
            assert err.player == player
            answer(g, player, true)
        else:
            # "Korrupte Agenten müssen lügen."
            assert legal == false == options["allowed"]
            rejected(g, {"player": player, "action": "answer", "answer": true},
                     "a deserter must lie", repr(true), "is true")
            answer(g, player, false[-1])
    record = g.interrogations[0]["answers"]
    assert [a["player"] for a in record] == ANSWERERS
    # answers are public events
    public = [e for e in g.log if e.kind == "answer"]
    assert all(e.public for e in public) and len(public) == 6
    assert g.phase == "round_1" and g.to_act() == ("Fay",)


def test_gave_answers_name_every_other_player_and_not_oneself():
    g = situation("gave")
    answers = [o["answer"] for o in g.view("Fay")["private"]["interrogation"]["answers"]]
    assert answers[0] == "nothing"
    assert len(answers) == 1 + 2 * 5
    assert "bullet to Fay" not in answers and "medkit to Ann" in answers
    assert answer_label("medkit to Ann") == "a medical kit to Ann"


@pytest.mark.parametrize(
    "action, words",
    [
        ({"player": "Fay", "action": "answer", "answer": "maybe"}, "'maybe' is not an answer to 'holding'"),
        ({"player": "Fay", "action": "answer", "answer": 3}, "is not an answer"),
        ({"player": "Fay", "action": "answer"}, "missing 'answer'"),
        ({"player": "Fay", "action": "answer", "answer": "bullet", "why": "x"}, "unknown parameters"),
        ({"player": "Fay", "action": "answer", "text": "I hold both"}, "enforce_statements=false"),
        ({"player": "Ann", "action": "answer", "answer": "bullet"}, "Fay's turn"),
        ({"player": "Fay", "action": "give", "tool": "bullet", "target": "Ann"}, "cannot give now"),
        ({"player": "Fay", "action": "interrogate", "discard": "bullet"}, "cannot interrogate now"),
    ],
)
def test_bad_answers_are_rejected_naming_what_was_wrong(action, words):
    g = situation("holding")
    rejected(g, action, words)


def test_an_operative_answering_outside_the_set_is_told_the_answers():
    g = situation("holding")
    answer(g, "Fay", "bullet")
    err = rejected(g, {"player": "Ann", "action": "answer", "answer": "knife"}, "not an answer")
    assert "'bullet', 'medkit', 'both'" in str(err)


def test_free_text_answers_when_enforce_statements_is_off():
    g = situation("holding", options={"enforce_statements": False})
    view = g.view("Fay")["private"]["interrogation"]
    assert view["free_text"] is True and view["allowed"] == ["bullet", "medkit", "both"]
    # any answer of the set, true or not, and any text
    answer(g, "Fay", "both")  # true, from a deserter: not checked
    g.apply({"player": "Ann", "action": "answer", "text": "I gave my kit to a friend."})
    answer(g, "Bob", "medkit")  # true
    answer(g, "Cid", "medkit")  # false, from an operative: not checked
    rejected(g, {"player": "Dee", "action": "answer", "text": ""}, "non-empty")
    rejected(g, {"player": "Dee", "action": "answer", "answer": "nope"}, "not an answer")
    rejected(g, {"player": "Dee", "action": "answer", "text": "hi", "answer": "both"}, "unknown parameters")
    g.apply({"player": "Dee", "action": "answer", "text": "Medkit."})
    answer(g, "Eve", "both")
    answers = g.view(None)["board"]["interrogations"][0]["answers"]
    assert answers[1] == {"player": "Ann", "card": "holding", "text": "I gave my kit to a friend."}
    assert [a.get("answer") for a in answers] == ["both", None, "medkit", "medkit", None, "both"]


def test_no_interrogations_in_round_two():
    g = table(first="Ann")
    for p in SIX:
        give(g, p, "bullet", "Ann" if p != "Ann" else "Bob")
    assert g.phase == "round_2"
    p = g.to_act()[0]
    rejected(g, {"player": p, "action": "interrogate", "discard": "medkit"}, "cannot interrogate now")
    assert all(a["action"] != "interrogate" for a in g.legal_actions(p))
