"""Round 1 (moves and interrogation calls), round 2 (reverse order), the end, and rulings 1-2."""

from __future__ import annotations

import pytest
from sa_helpers import SIX, answer, give, give_both, interrogate, rejected, table

from hiddenrole.engine import IllegalAction


def answer_all(g, value_for=None):
    """Answer the current card for everyone with the first allowed answer."""
    while g.phase == "interrogation":
        p = g.to_act()[0]
        answer(g, p, g.legal_actions(p)[0]["answer"])


def test_round_one_goes_clockwise_from_the_first_player():
    g = table(first="Dee")
    order = []
    while g.phase == "round_1":
        p = g.to_act()[0]
        order.append(p)
        give(g, p, "bullet", "Ann" if p != "Ann" else "Bob")
    assert order == ["Dee", "Eve", "Fay", "Ann", "Bob", "Cid"]


def test_a_move_gives_one_own_tool_face_down_to_another_player():
    g = table(first="Ann")
    events = give(g, "Ann", "medkit", "Cid")
    assert g.ledger.held[0] == ["bullet"]
    assert g.ledger.received[2] == [("medkit", 0, 1)]
    public = [e for e in events if e.public]
    private = [e for e in events if not e.public]
    assert [e.kind for e in public] == ["give"]
    assert public[0].data == {"giver": "Ann", "receiver": "Cid", "round": 1}
    assert "tool" not in public[0].data
    assert [e.kind for e in private] == ["tool"]
    assert private[0].to == frozenset({"Ann", "Cid"}) and private[0].data["tool"] == "medkit"
    assert g.to_act() == ("Bob",)


def test_ruling_1_a_tool_can_never_be_given_to_oneself():
    g = table(first="Ann")
    rejected(g, {"player": "Ann", "action": "give", "tool": "bullet", "target": "Ann"}, "oneself", "ruling 1")
    assert all(a.get("target") != "Ann" for a in g.legal_actions("Ann"))
    for p in SIX[:5]:
        give(g, g.to_act()[0], "bullet", "Fay" if g.to_act()[0] != "Fay" else "Ann")
    # round 2 too, and for both tools of the first player's double hand-out (answers on the
    # honour system, so that they bind nobody's moves)
    g = table(first="Ann", options={"enforce_statements": False})
    interrogate(g, "Ann")
    answer_all(g)
    for _ in range(5):
        p = g.to_act()[0]
        give(g, p, "bullet", "Ann")
    for _ in range(5):
        p = g.to_act()[0]
        rejected(g, {"player": p, "action": "give", "tool": "medkit", "target": p}, "oneself")
        give(g, p, "medkit", "Ann")
    assert g.to_act() == ("Ann",)
    rejected(g, {"player": "Ann", "action": "give_both", "bullet": "Bob", "medkit": "Ann"}, "oneself", "ruling 1")
    rejected(g, {"player": "Ann", "action": "give_both", "bullet": "Ann", "medkit": "Bob"}, "oneself")


@pytest.mark.parametrize(
    "action, words",
    [
        ({"player": "Bob", "action": "give", "tool": "bullet", "target": "Ann"}, "Ann's turn"),
        ({"player": "Ann", "action": "give", "tool": "knife", "target": "Bob"}, "'bullet' or 'medkit'"),
        ({"player": "Ann", "action": "give", "target": "Bob"}, "missing 'tool'"),
        ({"player": "Ann", "action": "give", "tool": "bullet"}, "missing 'target'"),
        ({"player": "Ann", "action": "give", "tool": "bullet", "target": "Zed"}, "not a player"),
        ({"player": "Ann", "action": "give", "tool": "bullet", "target": ["Bob"]}, "not a player"),
        ({"player": "Ann", "action": "give", "tool": "bullet", "target": "Bob", "x": 1}, "unknown key 'x' in a 'give' action"),
        ({"player": "Ann", "action": "give_both", "bullet": "Bob", "medkit": "Cid"}, "cannot give_both now"),
        ({"player": "Ann", "action": "answer", "answer": "yes"}, "cannot answer now"),
        ({"player": "Ann", "action": "shoot"}, "unknown action kind 'shoot'"),
        ({"player": "Zed", "action": "give"}, "unknown player"),
        ({"player": "Ann"}, "missing the action kind"),
    ],
)
def test_malformed_or_out_of_turn_moves_are_rejected_and_change_nothing(action, words):
    g = table(first="Ann")
    rejected(g, action, words)


def test_a_player_cannot_give_a_tool_they_no_longer_hold():
    g = table(first="Ann")
    for _ in range(6):
        p = g.to_act()[0]
        give(g, p, "bullet", "Ann" if p != "Ann" else "Bob")
    # round 2 in reverse order: Fay first, who holds only her medical kit
    assert g.to_act() == ("Fay",)
    rejected(g, {"player": "Fay", "action": "give", "tool": "bullet", "target": "Ann"}, "no longer hold your bullet")


def test_received_tools_stay_with_the_receiver_and_are_not_passed_on():
    g = table(first="Ann")
    give(g, "Ann", "bullet", "Bob")
    # Bob now has three cards in front of him but only his own two may be given
    assert g.view("Bob")["private"]["holding"] == ["bullet", "medkit"]
    give(g, "Bob", "bullet", "Cid")
    assert g.view("Bob")["private"]["received"] == [{"tool": "bullet", "from": "Ann", "round": 1}]
    assert g.view("Bob")["private"]["holding"] == ["medkit"]
    assert {a["tool"] for a in g.legal_actions("Cid") if a["action"] == "give"} == {"bullet", "medkit"}


def test_calling_an_interrogation_discards_one_own_tool_face_down():
    g = table(first="Ann", deck=["parted_first"])
    give(g, "Ann", "bullet", "Bob")
    events = interrogate(g, "Bob", "medkit")
    assert g.ledger.discarded[1] == "medkit" and g.ledger.held[1] == ["bullet"]
    discard = [e for e in events if e.kind == "discard"]
    assert discard[0].to == frozenset({"Bob"}) and discard[0].data["tool"] == "medkit"
    call = [e for e in events if e.kind == "interrogation"][0]
    assert call.public and call.data["caller"] == "Bob" and call.data["card"] == "parted_first"
    assert call.data["discarded"] is True and "tool" not in call.data
    assert g.phase == "interrogation"
    assert g.view("Ann")["board"]["discarded"] == ["Bob"]
    assert "medkit" not in str(g.view("Ann")["board"]["discarded"])


@pytest.mark.parametrize(
    "action, words",
    [
        ({"player": "Bob", "action": "interrogate"}, "missing 'discard'"),
        ({"player": "Bob", "action": "interrogate", "discard": "bullet"}, "no longer hold your bullet"),
        ({"player": "Bob", "action": "interrogate", "discard": "gun"}, "'bullet' or 'medkit'"),
        ({"player": "Bob", "action": "interrogate", "discard": "medkit", "card": "x"}, "unknown key 'card' in an 'interrogate' action"),
    ],
)
def test_bad_interrogation_calls(action, words):
    g = table(first="Ann")
    give(g, "Ann", "medkit", "Cid")
    g.ledger.held[1].remove("bullet")  # Bob has lost his bullet (only to exercise the check)
    rejected(g, action, words)


def test_first_player_interrogates_without_discarding_and_then_hands_out_both_tools():
    # "Da der erste Spieler weniger Informationen hat ... muss dieser Spieler nicht auf eines
    # seiner Werkzeuge verzichten"; "Das Spiel endet, wenn der erste Spieler beide
    # Werkzeugkarten gleichzeitig verteilt."
    g = table(first="Cid", deck=["parted_first"], options={"enforce_statements": False})
    rejected(g, {"player": "Cid", "action": "interrogate", "discard": "bullet"}, "without discarding")
    assert {"player": "Cid", "action": "interrogate"} in g.legal_actions("Cid")
    assert not [a for a in g.legal_actions("Cid") if a.get("discard")]
    interrogate(g, "Cid")
    assert g.ledger.held[2] == ["bullet", "medkit"] and g.ledger.discarded[2] is None
    # every player answers, from the caller's next clockwise to the caller
    order = []
    while g.phase == "interrogation":
        p = g.to_act()[0]
        order.append(p)
        answer(g, p, g.legal_actions(p)[0]["answer"])
    assert order == ["Dee", "Eve", "Fay", "Ann", "Bob", "Cid"]
    for p in ["Dee", "Eve", "Fay", "Ann", "Bob"]:
        assert g.to_act() == (p,)
        give(g, p, "bullet", "Cid")
    # round 2, reverse order: Bob first ... Cid (the first player) last
    assert g.phase == "round_2"
    seen = []
    while g.to_act() != ("Cid",):
        p = g.to_act()[0]
        seen.append(p)
        rejected(g, {"player": p, "action": "interrogate", "discard": "medkit"}, "cannot interrogate now")
        give(g, p, "medkit", "Cid")
    assert seen == ["Bob", "Ann", "Fay", "Eve", "Dee"]
    assert all(a["action"] == "give_both" for a in g.legal_actions("Cid"))
    assert len(g.legal_actions("Cid")) == 25
    rejected(g, {"player": "Cid", "action": "give", "tool": "bullet", "target": "Ann"}, "both tools at once")
    rejected(g, {"player": "Cid", "action": "give_both", "bullet": "Ann"}, "missing 'medkit'")
    rejected(g, {"player": "Cid", "action": "interrogate"}, "cannot interrogate now")
    assert not g.is_over
    events = give_both(g, "Cid", "Ann", "Ann")
    assert g.is_over and g.phase == "over" and g.to_act() == ()
    assert [e.kind for e in events][:4] == ["give", "tool", "give", "tool"]
    assert g.ledger.count() == 12 and not any(g.ledger.held)


def test_round_two_is_in_reverse_order_and_the_game_ends_with_the_first_players_hand_out():
    g = table(first="Eve")
    for _ in range(6):
        p = g.to_act()[0]
        give(g, p, "medkit", "Ann" if p != "Ann" else "Bob")
    assert g.phase == "round_2"
    event = [e for e in g.log if e.kind == "round_two"][0]
    assert event.data["order"] == ["Dee", "Cid", "Bob", "Ann", "Fay", "Eve"]
    for p in event.data["order"]:
        assert not g.is_over
        assert g.to_act() == (p,)
        # round 2: only the remaining tool, no interrogation
        assert {a["action"] for a in g.legal_actions(p)} == {"give"}
        give(g, p, "bullet", "Ann" if p != "Ann" else "Bob")
    assert g.is_over
    with pytest.raises(IllegalAction, match="the game is over"):
        give(g, "Eve", "bullet", "Ann")
    with pytest.raises(IllegalAction, match="the game is over"):
        g.timeout()


def test_ruling_2_each_card_is_drawn_once_in_deck_order():
    # every player but the first calls an interrogation: five cards, in deck order, none twice
    deck = ["bullet_to", "nearer_you", "parted_first", "medkit_to", "nearer_caller"]
    g = table(first="Ann", deck=deck, options={"enforce_statements": False})
    give(g, "Ann", "bullet", "Bob")
    for p in ["Bob", "Cid", "Dee", "Eve", "Fay"]:
        interrogate(g, p, "bullet")
        answer_all(g)
    assert [rec["card"] for rec in g.interrogations] == deck
    assert g.view(None)["board"]["cards_left"] == 11 - 5


def test_posts_are_public_chat_in_the_game_state_any_time():
    g = table(first="Ann")
    g.apply({"player": "Fay", "action": "post", "text": "Bob lies."})
    assert g.to_act() == ("Ann",)  # posting is no move
    interrogate(g, "Ann")
    g.apply({"player": "Cid", "action": "post", "text": "Answer honestly!"})
    board = g.view(None)["board"]
    assert board["chat"] == [{"player": "Fay", "text": "Bob lies."}, {"player": "Cid", "text": "Answer honestly!"}]
    assert [e.kind for e in g.log if e.kind == "post" and e.public] == ["post", "post"]
    rejected(g, {"player": "Cid", "action": "post", "text": "  "}, "non-empty")
    rejected(g, {"player": "Cid", "action": "post", "text": "x" * 1001}, "longer than 1000")
    rejected(g, {"player": "Cid", "action": "post"}, "missing 'text'")
    rejected(g, {"player": "Cid", "action": "post", "text": "hi", "to": "Ann"}, "unknown key 'to' in a 'post' action")
    assert g.can_post("Cid")


def test_every_listed_action_is_accepted_and_moves_the_game_on():
    g = table(first="Bob")
    listed = g.legal_actions("Bob")
    # 2 tools x 5 others, and the first player's interrogation without discard
    assert len(listed) == 11
    for a in listed:
        h = table(first="Bob")
        events = h.apply(dict(a))
        assert events and h.to_act() != ("Bob",)
        assert h.phase == ("interrogation" if a["action"] == "interrogate" else "round_1")


def test_listed_actions_are_the_callers_own():
    """legal_actions hands out new plain dicts each call: changing one changes nothing in the
    game (the moves of a seating are built once and copied)."""
    g = table(first="Bob")
    listed = g.legal_actions("Bob")
    a = listed[0]
    assert type(a) is dict and a == {"player": "Bob", "action": "give", "tool": "bullet", "target": "Ann"}
    a["target"] = "Bob"
    listed.clear()
    again = g.legal_actions("Bob")
    assert again[0] == {"player": "Bob", "action": "give", "tool": "bullet", "target": "Ann"} and len(again) == 11
    assert all(x is not y for x, y in zip(again, g.legal_actions("Bob")))
    interrogate(g, "Bob")
    answers = g.legal_actions("Cid")
    answers[0]["answer"] = "junk"
    assert g.legal_actions("Cid")[0]["answer"] != "junk"
    assert g.legal_actions("Ann") == []


def test_first_player_may_discard_off_the_first_player_never_gives_up_a_tool():
    # "muss dieser Spieler nicht auf eines seiner Werkzeuge verzichten": by default (the option
    # first_player_may_discard off) the first player calls only without discarding.
    g = table(first="Bob", deck=["parted_first"])
    calls = [a for a in g.legal_actions("Bob") if a["action"] == "interrogate"]
    assert calls == [{"player": "Bob", "action": "interrogate"}]
    rejected(g, {"player": "Bob", "action": "interrogate", "discard": "medkit"},
             "without discarding", "first_player_may_discard")


@pytest.mark.parametrize("discard", ["bullet", "medkit"])
def test_first_player_may_discard_on_the_first_player_chooses_to_keep_both_or_give_one_up(discard):
    # "need not" allows it: with the option on, the first player may discard one tool face
    # down like anyone else, and then hands out only the other one in round 2.
    g = table(first="Bob", deck=["parted_first"], options={"first_player_may_discard": True,
                                                             "enforce_statements": False})
    calls = [a for a in g.legal_actions("Bob") if a["action"] == "interrogate"]
    assert calls == [{"player": "Bob", "action": "interrogate"},
                     {"player": "Bob", "action": "interrogate", "discard": "bullet"},
                     {"player": "Bob", "action": "interrogate", "discard": "medkit"}]
    events = interrogate(g, "Bob", discard)
    assert g.ledger.discarded[1] == discard
    kept = {"bullet": "medkit", "medkit": "bullet"}[discard]
    assert g.ledger.held[1] == [kept]
    assert [e.data for e in events if e.kind == "discard"] == [{"player": "Bob", "tool": discard}]
    call = [e for e in events if e.kind == "interrogation"][0]
    assert call.public and call.data["discarded"] is True
    answer_all(g)
    for p in ["Cid", "Dee", "Eve", "Fay", "Ann"]:
        give(g, p, "bullet", "Bob")
    for p in ["Ann", "Fay", "Eve", "Dee", "Cid"]:
        give(g, p, "medkit", "Bob")
    # the first player's last turn: the one tool left, then the game ends
    assert g.legal_actions("Bob")[0] == {"player": "Bob", "action": "give", "tool": kept, "target": "Ann"}
    assert not [a for a in g.legal_actions("Bob") if a["action"] == "give_both"]
    give(g, "Bob", kept, "Ann")
    assert g.is_over and g.ledger.count() == 12


def test_first_player_may_discard_on_still_allows_keeping_both():
    g = table(first="Bob", deck=["parted_first"], options={"first_player_may_discard": True})
    interrogate(g, "Bob")
    assert g.ledger.held[1] == ["bullet", "medkit"] and g.ledger.discarded[1] is None
    rejected(g, {"player": "Cid", "action": "interrogate", "discard": "medkit"}, "cannot interrogate now")


def test_first_player_may_discard_is_a_documented_option():
    from hiddenrole.engine import BadOption
    from hiddenrole.games.shady_agents import ShadyAgents
    doc = {o["name"]: o for o in ShadyAgents.OPTIONS.describe()}["first_player_may_discard"]
    assert doc["default"] is False and doc["type"] == "bool"
    assert "first player" in doc["doc"] and "_" not in doc["doc"] and doc["doc"].endswith(".")
    with pytest.raises(BadOption, match="first_player_may_discard"):
        table(options={"first_player_may_discard": "often"})
