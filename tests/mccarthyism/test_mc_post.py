"""Ruling 12: the table talk -- a public thread every player still at the table may post in."""

from __future__ import annotations

import json

import pytest
from mc_helpers import act, table

from hiddenrole.engine import IllegalAction


def test_any_player_may_post_at_any_step_and_everyone_sees_it():
    g = table()
    before = (g.phase, g.to_act(), [list(map(str, g.legal_actions(p))) for p in g.players])
    events = act(g, "Dee", "post", text="Bob looks shifty")
    assert [(e.kind, e.public, e.data) for e in events] == [("post", True, {"player": "Dee", "text": "Bob looks shifty"})]
    assert (g.phase, g.to_act(), [list(map(str, g.legal_actions(p))) for p in g.players]) == before
    assert any(e["kind"] == "post" and e["text"] == "Bob looks shifty" for e in g.view(None)["events"])
    act(g, "Ann", "snitch", target="Bob")
    act(g, "Eve", "post", text="during the vote")  # posting does not count as voting
    assert "Eve" in g.to_act()


@pytest.mark.parametrize("text, message", [("", "1 to 1000"), ("   ", "1 to 1000"), ("x" * 1001, "1 to 1000"), (5, "1 to 1000")])
def test_bad_posts_are_refused_and_change_nothing(text, message):
    g = table()
    before = json.dumps(g.view(None))
    with pytest.raises(IllegalAction, match=message):
        act(g, "Ann", "post", text=text)
    with pytest.raises(IllegalAction, match="missing 'text'"):
        g.apply({"player": "Ann", "action": "post"})
    assert json.dumps(g.view(None)) == before


def test_a_player_who_escaped_to_the_reds_has_left_and_cannot_post():
    g = table(top=("escape_to_the_reds",))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="escape_to_the_reds")
    assert not g.can_post("Ann") and g.can_post("Bob")
    with pytest.raises(IllegalAction, match="escaped to the Reds and has left the game"):
        act(g, "Ann", "post", text="hello from Moscow")


def test_no_post_after_the_end():
    g = table()
    act(g, "Ann", "call_end")
    for p in list(g.to_act()):
        act(g, p, "vote", vote="yes")
    assert g.is_over and not g.can_post("Ann")
    with pytest.raises(IllegalAction, match="the game is over"):
        act(g, "Ann", "post", text="gg")
