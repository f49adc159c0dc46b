"""Every game refuses junk in an action's parameters with IllegalAction and changes nothing.

At every step of seeded random games of each registered game, each parameter of a legal
action is replaced by values of every JSON type (and unhashable ones, which a membership
test on a set would turn into a TypeError), and a stray key is added: each such action
must be refused with :class:`IllegalAction` (never another exception) and leave the log
as it was, unless it happens to be one of the listed legal actions.
"""

from __future__ import annotations

import pytest

from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.engine import IllegalAction, available_games, game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.simulate import player_names

JUNK = (None, 0, 7, 1.5, True, "", "Zed", [], ["Ann"], [None, None], {}, {"a": 1})
GAMES = available_games()


def junk_variants(action):
    """Copies of ``action`` with one parameter replaced by junk, and one with a stray key."""
    for key in action:
        if key in ("player", "action"):
            continue
        for value in JUNK:
            yield {**action, key: value}
    yield {**action, "stray": 1}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(1, 9))
def test_junk_parameters_are_refused_and_change_nothing(game, seed):
    cls = game_class(game)
    count = max(cls.min_players, 6)
    g = cls(player_names(count), None, seed=seed)
    checked = [0]

    def probe(game_, _action):
        if game_.is_over:
            return
        for player in game_.players:
            legal = game_.legal_actions(player)
            if not legal:
                continue
            for variant in junk_variants(legal[0]):
                if variant in legal:
                    continue
                before = len(game_.log)
                with pytest.raises(IllegalAction):
                    game_.apply(variant)
                assert len(game_.log) == before, variant
                checked[0] += 1

    probe(g, None)
    play_game(g, seat_bots(g.players, RandomBot, seed), on_step=probe, max_steps=5000)
    assert g.is_over and checked[0] > 100
