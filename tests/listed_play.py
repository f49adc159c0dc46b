"""A game played at random by whichever waiting player the draw picks (not only the first, as
the play loop asks), each action applied as listed, as a JSON copy, or through every check
(``apply_checked``): the engine's listed-action path (``Game.listed``) must play the same game
all three ways. Used by each game's ``test_*_fastpath.py``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hiddenrole.engine import Game, Rng


def _play(game: Game, seed: int, how: str) -> list[dict[str, Any]]:
    rng = Rng(seed + 1)
    while not game.is_over:
        for listed in game.listed:  # each listed action is legal now
            assert listed in game.legal_moves(listed["player"]), (listed, game.phase)
        who = game.to_act()
        if not who:
            game.timeout()
            continue
        player = who[rng.below(len(who))]
        action = rng.choice(game.legal_moves(player))
        if how == "copy":
            game.apply(json.loads(json.dumps(action)))
        elif how == "checked":
            game.apply_checked(action)
        else:
            game.apply(action)
    assert game.listed == []
    return [e.to_json(reveal=True) for e in game.log]


def logs_three_ways(new: Callable[[], Game], seed: int) -> list[list[dict[str, Any]]]:
    """The revealed logs of three games ``new()`` makes (the same seat order, options and seed),
    played with the actions drawn from ``seed``: applied as listed, as JSON copies, and through
    every check."""
    return [_play(new(), seed, how) for how in ("listed", "copy", "checked")]
