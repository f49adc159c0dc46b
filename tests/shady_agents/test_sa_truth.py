"""Truth labels of the interrogation answers (truth.py): each answer chosen from the card's
answers is true when the answerer's tools ended where it said; written by hand below."""

from __future__ import annotations

from sa_helpers import SIX_ROLES, answer, give, give_both, interrogate, table

from hiddenrole.bots.base import bot_class, seat_bots
from hiddenrole.lab import play_game


def test_each_answer_is_labelled_by_where_the_tools_went():
    # the honour system (no spy code): anyone may say anything; Ann is first and calls at once
    g = table(first="Ann", deck=["medkit_to"], options={"enforce_statements": False})
    interrogate(g, "Ann")
    answer(g, "Bob", "Ann")
    answer(g, "Cid", "Fay")
    answer(g, "Dee", "Ann")
    answer(g, "Eve", "Bob")
    g.apply({"player": "Fay", "action": "answer", "text": "Nobody you know."})  # free text: not judged
    answer(g, "Ann", "Cid")
    for p, target in [("Bob", "Ann"), ("Cid", "Dee"), ("Dee", "Ann"), ("Eve", "Ann"), ("Fay", "Ann")]:
        give(g, p, "bullet", target)
    assert g.phase == "round_2"
    for p, target in [("Fay", "Bob"), ("Eve", "Bob"), ("Dee", "Cid"), ("Cid", "Fay"), ("Bob", "Ann")]:
        assert g.to_act() == (p,)
        give(g, p, "medkit", target)
    give_both(g, "Ann", bullet="Bob", medkit="Cid")
    assert g.is_over
    label = {"interrogation": 1, "card": "medkit_to"}
    assert g.reveal()["truth"] == [
        {"player": "Bob", **label, "answer": "Ann", "true_answer": "Ann", "true": True},
        {"player": "Cid", **label, "answer": "Fay", "true_answer": "Fay", "true": True},
        {"player": "Dee", **label, "answer": "Ann", "true_answer": "Cid", "true": False},
        {"player": "Eve", **label, "answer": "Bob", "true_answer": "Bob", "true": True},
        {"player": "Ann", **label, "answer": "Cid", "true_answer": "Cid", "true": True},
    ]


def test_under_the_spy_code_operatives_answers_are_true_and_deserters_false():
    # "Gesetzestreue Agenten müssen ehrlich antworten. Korrupte Agenten müssen lügen."
    seen = 0
    for seed in range(6):
        g = table(seed=seed)
        play_game(g, seat_bots(g.players, bot_class("rule", "shady-agents"), seed))
        for label in g.truth_labels():
            assert label["true"] is (SIX_ROLES[label["player"]] == "operative"), label
            seen += 1
    assert seen > 0
