"""Play one game to its end with bots, through the engine contract only."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from mypy_extensions import mypyc_attr

from ..bots.base import Bot, Observation
from ..engine import Game, Result

MAX_STEPS = 100_000

_dumps, _loads = json.dumps, json.loads
# Observation((player, legal, view)) without the named tuple's Python-level __new__ (a frame
# per decision of every simulated game): the same object, made by tuple.__new__ in C
_observation = partial(tuple.__new__, Observation)


def json_copy(data: Any) -> Any:
    """A copy of JSON data made by a JSON round trip: what a bot on the other end of a wire
    would receive, sharing no object with the game (tuples become lists, keys strings).

    Raises:
        TypeError: ``data`` is not JSON-serialisable (a game bug: views are JSON data).
    """
    return _loads(_dumps(data))


@mypyc_attr(native_class=False)  # the compiled build cannot subclass RuntimeError natively
class RunawayGame(RuntimeError):
    """A game that did not end within :data:`MAX_STEPS` actions and timeouts (an engine bug)."""


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one simulated game: its result, and its length in actions and timeouts."""

    result: Result
    actions: int
    timeouts: int


def play_game(
    game: Game,
    bots: Mapping[str, Bot],
    *,
    max_steps: int = MAX_STEPS,
    on_step: Callable[[Game, Any], None] | None = None,
) -> GameRecord:
    """Play ``game`` to its end.

    Whenever the current step waits for players (:meth:`Game.to_act`), the first of them
    is asked for an action (the others in turn, since ``to_act`` is asked again after each
    action); when it waits for nobody, the deadline is passed with :meth:`Game.timeout`.
    Each bot is given only an :class:`Observation`: its legal actions and, if it asks
    for it, its view; a bot that asks for the view (``needs_view``) gets both as a JSON
    copy (:func:`json_copy`), so no object it is given belongs to the game's state. (A bot
    with ``needs_view = False`` gets the engine's legal-action list itself, which it must
    not change, so that random bots stay fast.)

    Args:
        game: a fresh game.
        bots: a bot for every player who may be asked to act, by name.
        max_steps: the bound on actions plus timeouts (count).
        on_step: called after each step with the game and the action (``None`` for a timeout).

    Raises:
        RunawayGame: the game had not ended after ``max_steps`` steps.
        KeyError: a player with no bot was asked to act.
    """
    actions = timeouts = 0
    # local names: this loop runs once per step of every simulated game
    to_act, legal_actions, apply, timeout = game.to_act, game.legal_actions, game.apply, game.timeout
    choose = {p: bot.choose for p, bot in bots.items()}  # each bot's bound method, by player
    viewers = {p for p, bot in bots.items() if bot.needs_view}
    for _ in range(max_steps):
        if game.is_over:
            assert game.result is not None
            return GameRecord(game.result, actions, timeouts)
        waiting = to_act()
        if not waiting:
            timeout()
            timeouts += 1
            if on_step is not None:
                on_step(game, None)
            continue
        player = waiting[0]
        legal = legal_actions(player)
        if player in viewers:
            # a JSON copy of the legal actions and the view: nothing the bot is given is an
            # object of the game's state (bots that never look at the view skip the copy)
            legal, view = json_copy((legal, game.view(player)))
            action = choose[player](_observation((player, legal, view)))
        else:
            action = choose[player](_observation((player, legal, None)))
        apply(action)
        actions += 1
        if on_step is not None:
            on_step(game, action)
    raise RunawayGame(f"{game.name}: no end after {max_steps} steps (seed {game.seed!r})")
