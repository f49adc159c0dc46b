"""Issue 7's acceptance, measured: rule-based <side> beat random <side>'s win rate against the
same (random) opponents, for each side of each game.

The full measurement (2,000 seeded games each, the figures in docs/bots.md) is made with
``hiddenrole simulate``; this slow test repeats it with 400 games per side and asks for a
clear margin: the rule side's 95% Wilson interval lies wholly above the random side's rate
plus 5 points.
"""

from __future__ import annotations

import pytest

from hiddenrole.lab import simulate

GAMES = 400
MARGIN = 0.05

CASES = [
    ("secret-hitler", 7, "liberals"),
    ("secret-hitler", 7, "fascists"),
    ("mccarthyism", 9, "americans"),
    ("mccarthyism", 9, "commies"),
    ("mccarthyism", 12, "americans"),
    ("mccarthyism", 12, "commies"),
    ("shady-agents", 8, "operatives"),
    ("shady-agents", 8, "deserters"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "side"), CASES)
def test_rule_side_beats_random_side(game: str, players: int, side: str) -> None:
    random_rate, _, _ = simulate(game, [players], GAMES, 0, bots={"*": "random"})[players].win_rate(side)
    rule = simulate(game, [players], GAMES, 0, bots={"*": "random", side: "rule"})[players]
    rate, low, _ = rule.win_rate(side)
    assert low > random_rate + MARGIN, (
        f"{game} {players}: rule {side} {rate:.3f} (low {low:.3f}) vs random {random_rate:.3f}"
    )
