"""Views: JSON information states built only from what each player may know."""

from __future__ import annotations

import json

import pytest
from mc_helpers import SIX, act, table, vote

from hiddenrole.engine import IllegalAction


def test_view_has_the_shared_keys_board_and_private():
    g = table()
    v = g.view("Ann")
    assert {"game", "player", "phase", "over", "players", "events", "result", "board", "private"} <= set(v)
    assert v["game"] == "mccarthyism" and v["phase"] == "snitching" and v["over"] is False
    assert v["board"]["snitch"] == "Ann" and v["board"]["acting"] == ["Ann"]
    # the pool deal (default): the pool is public, the number of Commies is not
    assert v["board"]["deck"] == 48 and v["board"]["commie_count"] is None
    assert v["board"]["deal"] == "pool" and v["board"]["pool"] == {"commie_cards": 4, "american_cards": 8}
    json.dumps(v)
    fixed = table(options={"deal": "fixed"}).view("Ann")["board"]
    assert fixed["deal"] == "fixed" and fixed["commie_count"] == 2 and fixed["pool"] is None


def test_spectator_sees_only_public_facts():
    g = table()
    v = g.view(None)
    assert v["private"] == {}
    assert all(not e.get("private") for e in v["events"])
    text = json.dumps(v)
    assert "commie\"" not in text.replace("commie_count", "").replace("commies_take_over", "")


def test_player_sees_own_role_and_nobody_elses():
    g = table(commies=("Bob", "Eve"))
    ann = g.view("Ann")
    assert ann["private"]["role_card"] == {"card": "american", "how": "dealt", "turn": 0, "marked": "last seen"}
    assert ann["private"]["seen_roles"] == {}
    assert [e["kind"] for e in ann["events"] if e.get("private")] == ["role"]
    bob = g.view("Bob")
    assert [e["kind"] for e in bob["events"] if e.get("private")] == ["role", "commies"]


def test_open_vote_shows_counts_not_votes():
    g = table()
    act(g, "Ann", "snitch", target="Bob")
    act(g, "Bob", "vote", vote="yes")
    board = g.view("Cid")["board"]
    assert board["vote"] == {"motion": "blacklist", "targets": ["Bob"], "voters": SIX, "voted": 1, "secret": True}
    assert "my_vote" not in g.view("Cid")["private"]
    assert g.view("Bob")["private"]["my_vote"] == "yes"
    vote(g)
    assert "vote" not in g.view("Cid")["board"]


def test_the_open_vote_says_whether_it_is_secret_by_the_option():
    """Issue 13 (second trial): the board said "Open vote" while the prompt said "Secret vote";
    the board now carries the table's option, as the prompt reads it."""
    g = table(options={"reveal_votes": True})
    act(g, "Ann", "snitch", target="Bob")
    assert g.view(None)["board"]["vote"]["secret"] is False


def test_unknown_player_view_is_illegal():
    g = table()
    with pytest.raises(IllegalAction, match="unknown player"):
        g.view("Zed")


def test_summary_is_public_and_the_end_reveals_everything():
    g = table(options={"turns_per_player": 1})
    s = g.summary()
    assert s["result"] is None and "role" not in json.dumps(s)
    with pytest.raises(IllegalAction):
        g.reveal()
    while not g.is_over:
        g.timeout()
    out = g.reveal()
    assert out["result"]["winner"] in ("commies", "americans")
    assert out["result"]["role_cards"]["Bob"] == "commie"
    assert any(e["kind"] == "role" and e["to"] == ["Ann"] for e in out["events"])
    assert g.view("Ann")["result"] == out["result"]
