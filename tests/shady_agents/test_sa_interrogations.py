"""The interrogation deck and the enforced spy code: operatives answer truthfully, deserters
lie, and an answer about a tool not yet handed out is a promise the engine holds them to.

Every expected answer below is worked out by hand from the seating (Ann 0, Bob 1, Cid 2,
Dee 3, Eve 4, Fay 5, clockwise), never by the cards' own code."""

from __future__ import annotations

import pytest
from sa_helpers import SIX, SIX_ROLES, answer, give, interrogate, rejected, table

from hiddenrole.games.shady_agents import DECK
from hiddenrole.games.shady_agents.interrogations import CARDS, DISCARD, Seat, answer_label

ANN, BOB, CID, DEE, EVE, FAY = range(6)
NAMES = tuple(SIX)


def info(seat, caller=EVE, first=ANN, can_discard=True, can_double=False):
    return Seat(seat, caller, first, NAMES, can_discard, can_double)


# (case, answering seat, completion (medkit target, round, bullet target, round), caller,
#  {card: the true answer}); a discarded tool has target DISCARD (-1), round 1.
CASES = [
    # Cid gives his medical kit to Fay in round 1 and his bullet to Ann in round 2. Eve called.
    # Clockwise from Cid: Fay is 3 seats on, Ann 4; counter-clockwise Fay 3, Ann 2; either
    # way Fay 3, Ann 2. From Eve clockwise: Fay 1, Ann 2; counter-clockwise: Fay 5, Ann 4;
    # either way Fay 1, Ann 2. From Ann (first) clockwise: Fay 5, Ann 0; either way Fay 1, Ann 0.
    ("Cid: kit to Fay now, bullet to Ann later", CID, (FAY, 1, ANN, 2), EVE, {
        "medkit_to": "Fay", "bullet_to": "Ann",
        "nearer_after_you": "medkit", "nearer_before_you": "bullet", "nearer_you": "bullet",
        "nearer_after_caller": "medkit", "nearer_before_caller": "bullet", "nearer_caller": "medkit",
        "earlier_in_round_one": "bullet", "nearer_first_player": "bullet", "parted_first": "medkit",
    }),
    # Dee discards her bullet to call and hands her medical kit to Bob in round 2: a discarded
    # tool reaches nobody, so it comes last in every order; it was parted with first.
    ("Dee: bullet discarded, kit to Bob", DEE, (BOB, 2, DISCARD, 1), EVE, {
        "medkit_to": "Bob", "bullet_to": "discarded",
        "nearer_after_you": "medkit", "nearer_before_you": "medkit", "nearer_you": "medkit",
        "nearer_after_caller": "medkit", "nearer_before_caller": "medkit", "nearer_caller": "medkit",
        "earlier_in_round_one": "medkit", "nearer_first_player": "medkit", "parted_first": "bullet",
    }),
    # Eve gives Ann her medical kit in round 1 and her bullet in round 2: the same receiver,
    # so the earlier round decides every order.
    ("Eve: both to Ann, kit first", EVE, (ANN, 1, ANN, 2), BOB, {
        "medkit_to": "Ann", "bullet_to": "Ann",
        "nearer_after_you": "medkit", "nearer_before_you": "medkit", "nearer_you": "medkit",
        "nearer_after_caller": "medkit", "nearer_before_caller": "medkit", "nearer_caller": "medkit",
        "earlier_in_round_one": "medkit", "nearer_first_player": "medkit", "parted_first": "medkit",
    }),
    # Ann (first) hands out both at once: kit to Bob (1 seat after her), bullet to Fay (1 seat
    # before her). Either way they are as near: the one after counts first. Caller: Dee.
    # From Dee clockwise: Bob 4, Fay 2; counter-clockwise Bob 2, Fay 4; either way 2 and 2
    # (Fay is after Dee). From Ann (first): Bob 1, Fay 5; either way 1 and 1 (Bob after).
    ("Ann: both at once, kit to Bob, bullet to Fay", ANN, (BOB, 2, FAY, 2), DEE, {
        "medkit_to": "Bob", "bullet_to": "Fay",
        "nearer_after_you": "medkit", "nearer_before_you": "bullet", "nearer_you": "medkit",
        "nearer_after_caller": "bullet", "nearer_before_caller": "medkit", "nearer_caller": "bullet",
        "earlier_in_round_one": "medkit", "nearer_first_player": "medkit", "parted_first": "medkit",
    }),
    # Ann (first) hands both to Cid at once: "both" for every order.
    ("Ann: both at once to Cid", ANN, (CID, 2, CID, 2), DEE, {
        "medkit_to": "Cid", "bullet_to": "Cid",
        "nearer_after_you": "both", "nearer_before_you": "both", "nearer_you": "both",
        "nearer_after_caller": "both", "nearer_before_caller": "both", "nearer_caller": "both",
        "earlier_in_round_one": "both", "nearer_first_player": "both", "parted_first": "both",
    }),
    # Fay: bullet to Eve (the caller, who counts as nearest to herself) in round 1, kit to
    # Cid in round 2. From Fay clockwise: Eve 5, Cid 3; counter-clockwise Eve 1, Cid 3;
    # either way Eve 1, Cid 3. From Ann: Eve 4, Cid 2; either way Eve 2, Cid 2 (Cid after Ann).
    ("Fay: bullet to the caller Eve, kit to Cid", FAY, (CID, 2, EVE, 1), EVE, {
        "medkit_to": "Cid", "bullet_to": "Eve",
        "nearer_after_you": "medkit", "nearer_before_you": "bullet", "nearer_you": "bullet",
        "nearer_after_caller": "bullet", "nearer_before_caller": "bullet", "nearer_caller": "bullet",
        "earlier_in_round_one": "medkit", "nearer_first_player": "medkit", "parted_first": "bullet",
    }),
]


def test_the_deck_has_a_card_for_every_possible_call():
    # a table has at most 10 players and each calls at most once (ruling 2)
    assert len(DECK) >= 10
    assert len({c.id for c in DECK}) == len(DECK)
    assert {c.id for c in DECK} == set(CASES[0][4]), "every card has hand-worked cases"


@pytest.mark.parametrize("case, seat, completion, caller, truths", CASES, ids=[c[0] for c in CASES])
def test_every_card_against_hand_worked_answers(case, seat, completion, caller, truths):
    for card_id, expected in truths.items():
        card = CARDS[card_id]
        got = card.truth(completion, info(seat, caller, can_double=seat == ANN))
        assert got == expected, (case, card_id)


@pytest.mark.parametrize("case, seat, completion, caller, truths", CASES, ids=[c[0] for c in CASES])
def test_every_card_changes_its_answer_when_the_two_tools_swap_places(case, seat, completion, caller, truths):
    # the design rule: a deserter's lie "as if my tools had swapped places" is always a lie
    mt, mr, bt, br = completion
    if mt == bt:
        return  # one receiver for both: "who gets your kit" cannot tell them apart (a careful
        # deserter sends them to two players; test_sa_fairness.py)
    swapped = (bt, br, mt, mr)
    for card in DECK:
        i = info(seat, caller, can_double=seat == ANN)
        assert card.truth(swapped, i) != card.truth(completion, i), (case, card.id)


def test_answer_sets_follow_the_public_facts():
    # a player who can no longer discard is not offered "discarded"; "both" only to the first
    # player who still holds both tools
    g = table(first="Ann", deck=["medkit_to", "nearer_after_you"])
    give(g, "Ann", "medkit", "Bob")
    interrogate(g, "Bob", "bullet")
    panel = g.view("Cid")["private"]["interrogation"]
    assert [a["answer"] for a in panel["answers"]] == ["Ann", "Bob", "Dee", "Eve", "Fay", "discarded"]
    assert panel["answers"][-1]["label"] == "nobody: it is discarded"
    while g.to_act() != ("Ann",):
        p = g.to_act()[0]
        answer(g, p, g.legal_actions(p)[0]["answer"])
    # Ann gave a tool in round 1: no discard for her
    assert [a["answer"] for a in g.view("Ann")["private"]["interrogation"]["answers"]] == [
        "Bob", "Cid", "Dee", "Eve", "Fay"]
    assert answer_label("medkit") == "my medical kit" and answer_label("bullet") == "my bullet"
    assert answer_label("Fay") == "Fay"


def test_an_answer_about_the_future_is_a_promise_operatives_keep():
    # Ann (operative, first) calls for free; Bob answers first. Cid (operative) says his
    # medical kit goes to Fay: from then on he may only move his medical kit to Fay, or move
    # his bullet (to anyone) or discard it, and must then hand the kit to Fay in round 2.
    g = table(first="Ann", deck=["medkit_to"])
    interrogate(g, "Ann")
    answer(g, "Bob", "Ann")  # a deserter: his kit will not go to Ann
    assert {a["answer"] for a in g.legal_actions("Cid")} == {"Ann", "Bob", "Dee", "Eve", "Fay", "discarded"}
    answer(g, "Cid", "Fay")
    for p in ["Dee", "Eve", "Fay", "Ann"]:
        answer(g, p, g.legal_actions(p)[0]["answer"])
    assert g.to_act() == ("Bob",)
    rejected(g, {"player": "Bob", "action": "give", "tool": "medkit", "target": "Ann"},
             "this would break your answer 'Ann' to 'Who gets your medical kit?'",
             "a deserter's answers must stay false")
    give(g, "Bob", "medkit", "Cid")
    legal = g.legal_actions("Cid")
    assert {"player": "Cid", "action": "give", "tool": "medkit", "target": "Fay"} in legal
    assert not [a for a in legal if a.get("tool") == "medkit" and a["target"] != "Fay"]
    assert not [a for a in legal if a.get("discard") == "medkit"]
    assert len([a for a in legal if a.get("tool") == "bullet"]) == 5
    rejected(g, {"player": "Cid", "action": "give", "tool": "medkit", "target": "Dee"},
             "this would break your answer 'Fay'", "an operative's answers must stay true")
    rejected(g, {"player": "Cid", "action": "interrogate", "discard": "medkit"}, "this would break your answer")
    give(g, "Cid", "bullet", "Dee")
    for p in ["Dee", "Eve", "Fay"]:
        give(g, p, "bullet", "Ann")
    # round 2 in reverse order: Fay, Eve, Dee, Cid ... Dee and Fay (deserters) said "Ann"
    # for their kits, Eve (operative) too
    rejected(g, {"player": "Fay", "action": "give", "tool": "medkit", "target": "Ann"}, "must stay false")
    give(g, "Fay", "medkit", "Bob")
    assert g.legal_actions("Eve") == [{"player": "Eve", "action": "give", "tool": "medkit", "target": "Ann"}]
    give(g, "Eve", "medkit", "Ann")
    give(g, "Dee", "medkit", "Bob")
    assert g.legal_actions("Cid") == [{"player": "Cid", "action": "give", "tool": "medkit", "target": "Fay"}]
    # a timeout keeps the promise too
    g.timeout()
    assert g.ledger.gave[CID][-1] == ("medkit", FAY, 2)


def test_a_deserter_must_keep_an_answer_false_and_an_operative_true():
    g = table(first="Ann", deck=["parted_first"])
    give(g, "Ann", "bullet", "Cid")
    interrogate(g, "Bob", "medkit")
    # Cid (operative) has not played yet: either answer can still come true
    assert [a["answer"] for a in g.legal_actions("Cid")] == ["bullet", "medkit"]
    answer(g, "Cid", "bullet")
    # Dee (deserter) likewise may say either, and must then make it false
    answer(g, "Dee", "medkit")
    answer(g, "Eve", "medkit")
    answer(g, "Fay", "bullet")
    # Ann (operative) gave her bullet in round 1: the truth is settled
    assert g.legal_actions("Ann") == [{"player": "Ann", "action": "answer", "answer": "bullet"}]
    rejected(g, {"player": "Ann", "action": "answer", "answer": "medkit"},
             "an operative must answer truthfully", "'medkit' is false")
    answer(g, "Ann", "bullet")
    # Bob (deserter) discarded his medical kit first: he must say the bullet
    assert g.legal_actions("Bob") == [{"player": "Bob", "action": "answer", "answer": "bullet"}]
    rejected(g, {"player": "Bob", "action": "answer", "answer": "medkit"}, "a deserter must lie", "'medkit' is true")
    answer(g, "Bob", "bullet")
    # Cid must part with the bullet first, Dee with the bullet (her "medkit" stays false),
    # Eve with the kit, Fay with the kit
    assert {a.get("tool") or a.get("discard") for a in g.legal_actions("Cid")} == {"bullet"}
    give(g, "Cid", "bullet", "Dee")
    assert {a.get("tool") or a.get("discard") for a in g.legal_actions("Dee")} == {"bullet"}
    give(g, "Dee", "bullet", "Cid")
    assert {a.get("tool") or a.get("discard") for a in g.legal_actions("Eve")} == {"medkit"}
    give(g, "Eve", "medkit", "Fay")
    assert {a.get("tool") or a.get("discard") for a in g.legal_actions("Fay")} == {"medkit"}


@pytest.mark.parametrize(
    "action, words",
    [
        ({"player": "Fay", "action": "answer", "answer": "maybe"}, "'maybe' is not an answer to 'nearer_after_you'"),
        ({"player": "Fay", "action": "answer", "answer": 3}, "is not an answer"),
        ({"player": "Fay", "action": "answer"}, "missing 'answer'"),
        ({"player": "Fay", "action": "answer", "answer": "bullet", "why": "x"}, "unknown key 'why' in an 'answer' action"),
        ({"player": "Fay", "action": "answer", "text": "I hold both"}, "enforce_statements=false"),
        ({"player": "Ann", "action": "answer", "answer": "bullet"}, "Fay's turn"),
        ({"player": "Fay", "action": "give", "tool": "bullet", "target": "Ann"}, "cannot give now"),
        ({"player": "Fay", "action": "interrogate", "discard": "bullet"}, "cannot interrogate now"),
        ({"player": "Fay", "action": "answer", "answer": "both"}, "'both' is not an answer"),
    ],
)
def test_bad_answers_are_rejected_naming_what_was_wrong(action, words):
    g = table(first="Eve", deck=["nearer_after_you"])
    interrogate(g, "Eve")
    rejected(g, action, words)


def test_answers_are_public_and_every_player_answers_once_from_the_callers_left():
    g = table(first="Ann", deck=["bullet_to"])
    give(g, "Ann", "medkit", "Bob")
    interrogate(g, "Bob", "bullet")
    order = []
    while g.phase == "interrogation":
        p = g.to_act()[0]
        order.append(p)
        answer(g, p, g.legal_actions(p)[0]["answer"])
    assert order == ["Cid", "Dee", "Eve", "Fay", "Ann", "Bob"]
    public = [e for e in g.log if e.kind == "answer"]
    assert all(e.public for e in public) and len(public) == 6
    # Bob (deserter) discarded his bullet: "discarded" is true, so he names a player
    assert g.interrogations[0]["answers"][-1]["answer"] != "discarded"


def test_free_text_answers_when_enforce_statements_is_off():
    g = table(first="Ann", deck=["nearer_after_you"], options={"enforce_statements": False})
    give(g, "Ann", "medkit", "Bob")
    interrogate(g, "Bob", "medkit")
    view = g.view("Cid")["private"]["interrogation"]
    assert view["free_text"] is True and view["allowed"] == ["bullet", "medkit"]
    answer(g, "Cid", "bullet")
    g.apply({"player": "Dee", "action": "answer", "text": "My kit goes next door."})
    rejected(g, {"player": "Eve", "action": "answer", "text": ""}, "non-empty")
    rejected(g, {"player": "Eve", "action": "answer", "answer": "nope"}, "not an answer")
    rejected(g, {"player": "Eve", "action": "answer", "text": "hi", "answer": "both"}, "'answer' or, as free text, 'text': not both")
    for p in ["Eve", "Fay", "Ann", "Bob"]:
        answer(g, p, "medkit")
    answers = g.view(None)["board"]["interrogations"][0]["answers"]
    assert answers[1] == {"player": "Dee", "card": "nearer_after_you", "text": "My kit goes next door."}
    # nothing is promised on the honour system: Cid may move his medical kit
    assert {"player": "Cid", "action": "give", "tool": "medkit", "target": "Ann"} in g.legal_actions("Cid")


def test_no_interrogations_in_round_two():
    g = table(first="Ann")
    for p in SIX:
        give(g, p, "bullet", "Ann" if p != "Ann" else "Bob")
    assert g.phase == "round_2"
    p = g.to_act()[0]
    rejected(g, {"player": p, "action": "interrogate", "discard": "medkit"}, "cannot interrogate now")
    assert all(a["action"] != "interrogate" for a in g.legal_actions(p))


def test_the_roles_of_the_six_player_table():
    assert [SIX_ROLES[p] for p in SIX] == ["operative", "deserter"] * 3


def test_the_fast_reading_of_many_plans_is_the_cards_own():
    from hiddenrole.games.shady_agents.interrogations import completions
    for seat in range(6):
        plans = completions(6, seat, [], None, ["bullet", "medkit"], False, seat == ANN, True)
        for caller in (EVE, seat):
            i = info(seat, caller, can_double=seat == ANN)
            for card in DECK:
                assert card.truths(plans, i) == [card.truth(c, i) for c in plans], card.id


def test_the_plan_tables_masks_are_the_cards_own_answers_and_next_steps():
    """PlanTable (the engine's promise bookkeeping as bitmasks) holds, for each answer, exactly
    the completions whose true answer it is, and for each next step exactly the completions
    that take it; and a true answer does not depend on the caller, the first player or the
    names unless the card says so (what the shared tables are keyed by)."""
    from hiddenrole.games.shady_agents.interrogations import next_step, plan_table
    situations = [  # (seat, gave, discarded, held, acted, first)
        (CID, [], None, ["bullet", "medkit"], False, False),
        (ANN, [], None, ["bullet", "medkit"], False, True),
        (ANN, [], None, ["bullet", "medkit"], True, True),
        (DEE, [("medkit", BOB, 1)], None, ["bullet"], True, False),
        (DEE, [], "bullet", ["medkit"], True, False),
        (EVE, [("bullet", FAY, 1), ("medkit", ANN, 2)], None, [], True, False),
    ]
    for seat, gave, discarded, held, acted, first in situations:
        table = plan_table(6, seat, gave, discarded, held, acted, first, True)
        plans = table.completions
        assert table.full == (1 << len(plans)) - 1
        for a, h in ((acted, len(held)), (True, max(len(held) - 1, 0))):
            steps = table.steps(a, h)
            for i, c in enumerate(plans):
                assert [s for s, m in steps.items() if m >> i & 1] == [next_step(c, a, h)]
        for caller in (BOB, EVE):
            for first_seat in (ANN, CID):
                i = Seat(seat, caller, first_seat, NAMES, True, first and len(held) == 2)
                for card in DECK:
                    masks = table.truths(card, i)
                    for k, c in enumerate(plans):
                        assert [t for t, m in masks.items() if m >> k & 1] == [card.truth(c, i)], card.id
    # what each card's truth depends on, besides the completion and the answerer's seat
    renamed = tuple(n.upper() for n in NAMES)
    plans = plan_table(6, CID, [], None, ["bullet", "medkit"], False, False, True).completions
    for card in DECK:
        base = [card.truth(c, Seat(CID, EVE, ANN, NAMES, True, False)) for c in plans]
        by_caller = [card.truth(c, Seat(CID, BOB, ANN, NAMES, True, False)) for c in plans]
        by_first = [card.truth(c, Seat(CID, EVE, DEE, NAMES, True, False)) for c in plans]
        by_names = [card.truth(c, Seat(CID, EVE, ANN, renamed, True, False)) for c in plans]
        assert (base != by_caller) == (card.id in {"nearer_after_caller", "nearer_before_caller", "nearer_caller"})
        assert (base != by_first) == (card.id in {"earlier_in_round_one", "nearer_first_player"})
        assert (base != by_names) == (card.id in {"medkit_to", "bullet_to"})
