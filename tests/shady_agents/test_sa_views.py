"""Views: the board (public), the private panel, the spectator, the summary; and that
illegal input of any shape changes nothing."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from sa_helpers import give, interrogate, snapshot, table

from hiddenrole.engine import IllegalAction


def test_board_and_private_panel_during_round_one():
    g = table(first="Ann", deck=["medkit_to"])
    give(g, "Ann", "bullet", "Cid")
    interrogate(g, "Bob", "medkit")
    cid = g.view("Cid")
    assert cid["phase"] == "interrogation" and cid["player"] == "Cid"
    board = cid["board"]
    assert board["first_player"] == "Ann" and board["round"] == 1 and board["turn"] == "Cid"
    assert board["holding"] == {"Ann": 1, "Bob": 1, "Cid": 2, "Dee": 2, "Eve": 2, "Fay": 2}
    assert board["received"]["Cid"] == 1
    assert board["gifts"] == [{"giver": "Ann", "receiver": "Cid", "round": 1}]
    assert board["discarded"] == ["Bob"]
    assert board["current_card"] == {"card": "medkit_to", "question": "Who gets your medical kit?",
                                     "caller": "Bob"}
    assert board["cards_left"] == 10 and board["revealed_card"] is None
    private = cid["private"]
    assert private["role"] == "operative" and private["side"] == "operatives"
    assert private["holding"] == ["bullet", "medkit"]
    assert private["received"] == [{"tool": "bullet", "from": "Ann", "round": 1}]
    assert private["gave"] == [] and private["discarded"] is None
    # Cid has not played yet: his kit can still go to anyone, or be discarded
    assert private["interrogation"]["allowed"] == ["Ann", "Bob", "Dee", "Eve", "Fay", "discarded"]
    assert private["interrogation"]["answers"] == [
        {"answer": "Ann", "label": "Ann"}, {"answer": "Bob", "label": "Bob"}, {"answer": "Dee", "label": "Dee"},
        {"answer": "Eve", "label": "Eve"}, {"answer": "Fay", "label": "Fay"},
        {"answer": "discarded", "label": "nobody: it is discarded"}]
    # the giver knows what they gave; the caller what they discarded
    assert g.view("Ann")["private"]["gave"] == [{"tool": "bullet", "to": "Cid", "round": 1}]
    assert g.view("Bob")["private"]["discarded"] == "medkit"
    # only the player to answer has the interrogation panel
    assert "interrogation" not in g.view("Dee")["private"]


def test_spectator_sees_only_public_things():
    g = table(first="Ann", deck=["parted_first"])
    give(g, "Ann", "bullet", "Cid")
    interrogate(g, "Bob", "medkit")
    v = g.view(None)
    assert v["private"] == {} and v["player"] is None
    assert all(not e.get("private") for e in v["events"])
    text = json.dumps(v)
    assert '"tool"' not in text and '"role"' not in text


def test_views_and_summary_are_json_and_the_summary_has_no_secrets_before_the_end():
    g = table(first="Ann")
    give(g, "Ann", "medkit", "Bob")
    s = g.summary()
    json.dumps(s)
    assert s["result"] is None and "roles" not in s["board"]
    assert "tool" not in json.dumps(s)
    while not g.is_over:
        g.apply(g.legal_actions(g.to_act()[0])[0])
    s = g.summary()
    assert s["result"]["winner"] == g.result.winner and s["board"]["roles"]["Bob"] == "deserter"
    assert s["phase"] == "over" and s["board"]["turn"] is None and s["board"]["round"] is None


def test_unknown_viewer_is_rejected():
    g = table()
    try:
        g.view("Zed")
    except IllegalAction as exc:
        assert "unknown player" in str(exc)
    else:
        raise AssertionError("view of a stranger")


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(
        ["Ann", "Bob", "Fay", "Zed", "bullet", "medkit", "knife", "yes", "no", "both", "nothing",
         "give", "give_both", "interrogate", "answer", "post", "", "hi"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["player", "x"]), inner, max_size=2),
    max_leaves=4,
)
actions = st.dictionaries(
    st.sampled_from(["player", "action", "tool", "target", "discard", "answer", "text", "bullet", "medkit", "x"]),
    junk, max_size=6,
)


@settings(max_examples=300)
@given(st.integers(0, 40), actions)
def test_any_input_is_either_applied_or_rejected_without_changing_anything(steps, action):
    g = table(first="Ann", seed=steps)
    for _ in range(steps):  # somewhere in the game
        if g.is_over:
            break
        g.apply(g.legal_actions(g.to_act()[0])[-1])
    before = snapshot(g)
    try:
        g.apply(action)
    except IllegalAction as exc:
        assert str(exc)
        assert snapshot(g) == before
    else:
        assert snapshot(g) != before


def test_gifts_are_listed_in_the_order_they_were_made():
    g = table(first="Eve")
    give(g, "Eve", "bullet", "Ann")
    give(g, "Fay", "medkit", "Bob")
    give(g, "Ann", "medkit", "Eve")
    assert [(x["giver"], x["receiver"]) for x in g.view(None)["board"]["gifts"]] == [
        ("Eve", "Ann"), ("Fay", "Bob"), ("Ann", "Eve")]
    while not g.is_over:
        g.apply(g.legal_actions(g.to_act()[0])[0])
    reveal = next(e for e in g.log if e.kind == "reveal").data["gifts"]
    gives = [e.data for e in g.log if e.kind == "give"]
    assert [(x["giver"], x["receiver"], x["round"]) for x in reveal] == [
        (x["giver"], x["receiver"], x["round"]) for x in gives]
    assert [x["tool"] for x in reveal] == [e.data["tool"] for e in g.log if e.kind == "tool"]
