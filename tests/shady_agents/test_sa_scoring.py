"""The end of the game: +1 per medical kit, -1 per bullet, the odd-table bonus, the
tie-break on medical kits, the draw, and the final reveal."""

from __future__ import annotations

import pytest
from sa_helpers import give, table

from hiddenrole.games.shady_agents import Ledger
from hiddenrole.games.shady_agents.narration import ShadyAgentsNarrator
from hiddenrole.games.shady_agents.scoring import score

FOUR = ["A", "B", "C", "D"]
FOUR_ROLES = {"A": "operative", "B": "deserter", "C": "operative", "D": "deserter"}


def play_four(moves):
    """Play a 4-player game (A, C operatives; B, D deserters; A first) from eight gives."""
    g = table(FOUR, roles=FOUR_ROLES, first="A")
    for giver, tool, target in moves:
        assert g.to_act() == (giver,)
        give(g, giver, tool, target)
    assert g.is_over
    return g


def test_operatives_win_on_score():
    g = play_four([
        ("A", "medkit", "C"), ("B", "bullet", "D"), ("C", "bullet", "B"), ("D", "medkit", "A"),
        ("D", "bullet", "B"), ("C", "medkit", "A"), ("B", "medkit", "C"), ("A", "bullet", "D"),
    ])
    r = g.result
    # operatives: A kits from D and C, C kits from A and B -> +4; deserters: B bullets
    # from C and D, D bullets from B and A -> -4
    assert r.detail["scores"] == {"operatives": 4, "deserters": -4}
    assert (r.winner, r.reason) == ("operatives", "higher_score")
    assert r.outcomes == {"A": "win", "B": "loss", "C": "win", "D": "loss"}


def test_deserters_win_on_score():
    g = play_four([
        ("A", "medkit", "B"), ("B", "bullet", "C"), ("C", "medkit", "D"), ("D", "bullet", "A"),
        ("D", "medkit", "B"), ("C", "bullet", "A"), ("B", "medkit", "D"), ("A", "bullet", "C"),
    ])
    r = g.result
    assert r.detail["scores"] == {"operatives": -4, "deserters": 4}
    assert (r.winner, r.reason) == ("deserters", "higher_score")
    assert r.outcomes == {"A": "loss", "B": "win", "C": "loss", "D": "win"}


def test_tie_is_won_by_the_team_with_more_medical_kits():
    # "Bei einem Unentschieden gewinnt das Team mit den meisten MEDIKITs."
    g = play_four([
        ("A", "medkit", "C"), ("B", "medkit", "A"), ("C", "bullet", "A"), ("D", "bullet", "C"),
        ("D", "medkit", "B"), ("C", "medkit", "A"), ("B", "bullet", "D"), ("A", "bullet", "C"),
    ])
    r = g.result
    assert r.detail["scores"] == {"operatives": 0, "deserters": 0}
    assert r.detail["medkits"] == {"operatives": 3, "deserters": 1}
    assert (r.winner, r.reason) == ("operatives", "more_medical_kits")
    assert r.outcomes == {"A": "win", "B": "loss", "C": "win", "D": "loss"}


def test_tie_on_score_and_medical_kits_is_a_draw():
    g = play_four([
        ("A", "medkit", "C"), ("B", "bullet", "A"), ("C", "bullet", "B"), ("D", "bullet", "C"),
        ("D", "medkit", "B"), ("C", "medkit", "A"), ("B", "medkit", "D"), ("A", "bullet", "D"),
    ])
    r = g.result
    assert r.detail["scores"] == {"operatives": 0, "deserters": 0}
    assert r.detail["medkits"] == {"operatives": 2, "deserters": 2}
    assert (r.winner, r.reason) == (None, "draw")
    assert set(r.outcomes.values()) == {"draw"}
    assert g.view(None)["result"]["winner"] is None


def ledger_with(names, gifts):
    ledger = Ledger(tuple(names))
    for giver, tool, receiver in gifts:
        ledger.give(names.index(giver), tool, names.index(receiver), 1)
    return ledger


def test_odd_table_bonus_point_for_the_smaller_team_decides():
    # "Wenn es eine ungerade Anzahl von Spielern gibt, erhält das Team mit weniger
    # Spielern einen zusätzlichen Punkt."
    names = ["A", "B", "C", "D", "E"]
    roles = ["operative", "deserter", "operative", "deserter", "operative"]
    ledger = ledger_with(names, [("A", "medkit", "C"), ("B", "medkit", "D")])
    # 1 - 0 each: a tie without the bonus; the deserters (2 players) are the smaller team
    r = score(ledger, roles, "deserters")
    assert r.detail["scores"] == {"operatives": 1, "deserters": 2}
    assert r.detail["bonus"] == {"operatives": 0, "deserters": 1}
    assert (r.winner, r.reason) == ("deserters", "higher_score")
    # without the bonus it would have gone to the tie-break and then a draw
    assert score(ledger, roles, None).winner is None


def test_bonus_can_create_a_tie_that_medical_kits_break():
    names = ["A", "B", "C", "D", "E"]
    roles = ["operative", "deserter", "operative", "deserter", "operative"]
    ledger = ledger_with(names, [("A", "medkit", "C"), ("C", "medkit", "A"), ("B", "bullet", "A"),
                                 ("D", "medkit", "B")])
    ledger.give(4, "bullet", 3, 1)
    # operatives: A kit and bullet, C kit = 2 - 1 = 1; deserters: B kit, D bullet = 0, +1 bonus
    r = score(ledger, roles, "deserters")
    assert r.detail["scores"] == {"operatives": 1, "deserters": 1}
    assert (r.winner, r.reason) == ("operatives", "more_medical_kits")


def test_odd_table_bonus_in_a_played_game():
    five = {"A": "operative", "B": "deserter", "C": "operative", "D": "deserter", "E": "operative"}
    g = table(list("ABCDE"), roles=five, first="A")
    assert g.bonus_side == "deserters" and g.revealed_card == "deserter"
    while not g.is_over:
        p = g.to_act()[0]
        give(g, p, g.ledger.held[g.players.index(p)][0], "B" if p != "B" else "D")
    assert g.result.detail["bonus"] == {"operatives": 0, "deserters": 1}
    d = g.result.detail
    for side in ("operatives", "deserters"):
        assert d["scores"][side] == d["medkits"][side] - d["bullets"][side] + d["bonus"][side]


@pytest.mark.parametrize("first", ["A", "C"])
def test_everything_is_revealed_at_the_end(first):
    # "Alle Spieler decken ihre Rollenkarten auf. Alle Werkzeuge werden umgedreht."
    g = table(FOUR, roles=FOUR_ROLES, first=first)
    while not g.is_over:
        p = g.to_act()[0]
        g.apply(g.legal_actions(p)[0])
    reveal = [e for e in g.log if e.kind == "reveal"][0]
    assert reveal.public and reveal.data["roles"] == FOUR_ROLES
    assert len(reveal.data["gifts"]) == 8 and all("tool" in x for x in reveal.data["gifts"])
    over = [e for e in g.log if e.kind == "game_over"][0]
    assert over.data["winner"] == g.result.winner
    board = g.view("A")["board"]
    assert board["roles"] == FOUR_ROLES and all("tool" in x for x in board["gifts"])
    assert board["scores"] == g.result.detail["scores"]
    assert g.side_of("B") == "deserters" and g.side_of("A") == "operatives"
    reveal_all = g.reveal()
    assert reveal_all["result"]["winner"] == g.result.winner


def test_the_result_carries_the_arithmetic_of_every_score_in_words():
    g = play_four([
        ("A", "medkit", "C"), ("B", "bullet", "D"), ("C", "bullet", "B"), ("D", "medkit", "A"),
        ("D", "bullet", "B"), ("C", "medkit", "A"), ("B", "medkit", "C"), ("A", "bullet", "D"),
    ])
    d = g.result.detail
    assert d["arithmetic"]["players"] == {
        "A": [{"tool": "medkit", "giver": "D", "points": 1}, {"tool": "medkit", "giver": "C", "points": 1}],
        "B": [{"tool": "bullet", "giver": "C", "points": -1}, {"tool": "bullet", "giver": "D", "points": -1}],
        "C": [{"tool": "medkit", "giver": "A", "points": 1}, {"tool": "medkit", "giver": "B", "points": 1}],
        "D": [{"tool": "bullet", "giver": "B", "points": -1}, {"tool": "bullet", "giver": "A", "points": -1}],
    }
    assert d["arithmetic"]["sides"] == {
        "operatives": [{"player": "A", "points": 2}, {"player": "C", "points": 2}],
        "deserters": [{"player": "B", "points": -2}, {"player": "D", "points": -2}],
    }
    # the end screen and the export read the result as JSON: the arithmetic is in it
    result = g.view(None)["result"]
    assert result["arithmetic"] == d["arithmetic"] and "verdict" not in result  # the narrator says it
    assert g.summary()["result"]["arithmetic"]["players"]["B"][0] == {"tool": "bullet", "giver": "C", "points": -1}


def test_ruling_discarded_tools_score_for_nobody():
    # A (first) calls for free; B discards its medical kit, C its bullet: those two tools
    # appear in no score and no line of the arithmetic.
    g = table(FOUR, roles=FOUR_ROLES, first="A", options={"enforce_statements": False})
    g.apply({"player": "A", "action": "interrogate"})
    while g.phase == "interrogation":
        p = g.to_act()[0]
        g.apply(g.legal_actions(p)[0])
    g.apply({"player": "B", "action": "interrogate", "discard": "medkit"})
    while g.phase == "interrogation":
        p = g.to_act()[0]
        g.apply(g.legal_actions(p)[0])
    g.apply({"player": "C", "action": "interrogate", "discard": "bullet"})
    while g.phase == "interrogation":
        p = g.to_act()[0]
        g.apply(g.legal_actions(p)[0])
    while not g.is_over:
        p = g.to_act()[0]
        g.apply(g.legal_actions(p)[0])
    d = g.result.detail
    received = sum(len(x) for x in d["arithmetic"]["players"].values())
    assert received == 6  # 8 tools, 2 discarded
    assert d["medkits"]["operatives"] + d["medkits"]["deserters"] == 3  # 4 kits, B's discarded
    assert d["bullets"]["operatives"] + d["bullets"]["deserters"] == 3  # 4 bullets, C's discarded
    assert all(i["tool"] in ("medkit", "bullet") for x in d["arithmetic"]["players"].values() for i in x)


def test_ruling_the_odd_table_bonus_is_one_point_not_a_medical_kit():
    # The two sentences ("Das enthüllte Team erhält am Ende einen Punktbonus" and "das Team
    # mit weniger Spielern einen zusätzlichen Punkt") are one bonus point for the revealed
    # card's team; the tie-break counts medical kits received and not the bonus.
    names = ["A", "B", "C", "D", "E"]
    roles = ["operative", "deserter", "operative", "deserter", "operative"]
    ledger = ledger_with(names, [("A", "medkit", "B"), ("B", "medkit", "A"), ("C", "bullet", "D"),
                                 ("D", "medkit", "C")])
    # operatives: A +1, C +1 = 2; deserters: B +1, D -1 = 0, +1 bonus = 1
    r = score(ledger, roles, "deserters")
    assert r.detail["scores"] == {"operatives": 2, "deserters": 1}
    assert r.detail["arithmetic"]["sides"]["deserters"] == [
        {"player": "B", "points": 1}, {"player": "D", "points": -1},
        {"bonus": True, "points": 1}]
    assert r.detail["arithmetic"]["sides"]["operatives"] == [
        {"player": "A", "points": 1}, {"player": "C", "points": 1},
        {"player": "E", "points": 0}]
    # a tie made by the bonus: 1 kit each side, so the bonus is not a kit and it is a draw
    tie = ledger_with(names, [("A", "medkit", "B"), ("B", "medkit", "A"), ("C", "bullet", "D"),
                              ("D", "bullet", "C")])
    # operatives: A +1, C -1 = 0; deserters: B +1, D -1 = 0, +1 bonus = 1 -> deserters win
    assert score(tie, roles, "deserters").detail["scores"] == {"operatives": 0, "deserters": 1}
    r = score(tie, roles, "operatives")  # were the operatives the smaller team: 1 - 0
    assert (r.winner, r.reason) == ("operatives", "higher_score")
    tie.give(4, "bullet", 0, 2)  # E shoots A: operatives -1 + 1 bonus = 0 = deserters 0
    r = score(tie, roles, "operatives")
    assert r.detail["scores"] == {"operatives": 0, "deserters": 0}
    assert r.detail["medkits"] == {"operatives": 1, "deserters": 1}
    assert (r.winner, r.reason) == (None, "draw")


def test_verdict_of_a_tie_broken_on_medical_kits():
    g = play_four([
        ("A", "medkit", "C"), ("B", "medkit", "A"), ("C", "bullet", "A"), ("D", "bullet", "C"),
        ("D", "medkit", "B"), ("C", "medkit", "A"), ("B", "bullet", "D"), ("A", "bullet", "C"),
    ])
    r = g.result
    assert (r.winner, r.reason, r.detail["medkits"]) == ("operatives", "more_medical_kits", {"operatives": 3, "deserters": 1})
    told = ShadyAgentsNarrator(FOUR, {}, None, "en").event("game_over", {"winner": r.winner, "reason": r.reason, **r.detail})
    assert told[0] == ("The law-abiding operatives won on the tie-break: both sides scored 0 points, and they "
                       "received 3 medical kits, the other side 1 medical kit.")
