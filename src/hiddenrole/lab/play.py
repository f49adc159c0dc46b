"""Play one game to its end with bots, through the engine contract only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from ..bots.base import Bot, Observation
from ..engine import Action, Game, Observer, Result
from ..engine.observer import copy_json, json_copy

__all__ = ["GameRecord", "MAX_STEPS", "RunawayGame", "json_copy", "play_game"]

MAX_STEPS = 100_000


@mypyc_attr(native_class=False)  # the compiled build cannot subclass RuntimeError natively
class RunawayGame(RuntimeError):
    """A game that did not end within :data:`MAX_STEPS` actions and timeouts (an engine bug)."""


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one simulated game: its result, and its length in actions, timeouts and
    decision moments (see :func:`play_game`)."""

    result: Result
    actions: int
    timeouts: int
    moments: int = 0


def _per_player(offered: dict[str, Callable[[str], list[Action]]]) -> Callable[[str], list[Action]]:
    """One function that offers each player what ``offered`` names for them."""
    def offer(player: str) -> list[Action]:
        return offered[player](player)
    return offer


def play_game(
    game: Game,
    bots: Mapping[str, Bot],
    *,
    max_steps: int = MAX_STEPS,
    on_step: Callable[[Game, Any], None] | None = None,
    on_moment: Callable[[Game], None] | None = None,
) -> GameRecord:
    """Play ``game`` to its end.

    Whenever the current step waits for players (:meth:`Game.to_act`), the first of them
    is asked for an action (the others in turn, since ``to_act`` is asked again after each
    action); when it waits for nobody, the deadline is passed with :meth:`Game.timeout`.
    Each bot is given only an :class:`Observation`: its legal actions and, if it reads
    them (``needs_view``), the events new to it (of the kinds it reads, ``Bot.READS``) and
    its information state, both through its own :class:`~hiddenrole.engine.Observer`
    (:class:`~hiddenrole.engine.observer.Reader`), which looks at each event once: a
    decision costs the same on day 1 and on day 20. The events are read-only and shared
    with the other bots (:meth:`~hiddenrole.engine.Observer.new_shared_events`). Its legal
    actions are its own list: the game's fresh one (``Game.LEGAL_ACTIONS_FRESH``), a copy of
    the list of read-only actions (``Game.LEGAL_ACTIONS_READ_ONLY``) or a deep copy
    (:func:`~hiddenrole.engine.observer.copy_json`): nothing it can change is the game's.

    It counts the game's *decision moments*: an action starts a new moment unless the
    moment's players were all asked at once (a vote) and this player has not yet acted in
    it; a table that plays without deadlines spends about the same time on each moment.

    Args:
        game: a fresh game.
        bots: a bot for every player who may be asked to act, by name.
        max_steps: the bound on actions plus timeouts (count).
        on_step: called after each step with the game and the action (``None`` for a timeout).
        on_moment: called with the game before the first action of each decision moment and
            before each timeout (cheaper than ``on_step`` when a vote has many actions).

    Raises:
        RunawayGame: the game had not ended after ``max_steps`` steps.
        KeyError: a player with no bot was asked to act.
    """
    actions = timeouts = moments = 0
    asked: frozenset[str] = frozenset()  # who the current decision moment waited for
    acted: set[str] = set()  # who has acted in it
    # local names: this loop runs once per step of every simulated game
    to_act, legal_actions, apply, timeout = game.to_act, game.legal_actions, game.apply, game.timeout
    choose = {p: bot.choose for p, bot in bots.items()}  # each bot's bound method, by player
    # what a bot is offered: the legal actions, or, in a game with statements (a claim), the
    # moves alone to a bot that never makes one (Bot.MAKES_STATEMENTS)
    moves = game.legal_moves if game.lists_statements() else legal_actions
    offered: dict[str, Callable[[str], list[Action]]] = {
        p: legal_actions if bot.MAKES_STATEMENTS else moves for p, bot in bots.items()}
    ways = set(offered.values())
    offer = ways.pop() if len(ways) == 1 else _per_player(offered)  # (one function when every bot agrees)
    fresh = game.LEGAL_ACTIONS_FRESH  # else the bot gets its own copy of the list
    read_only = game.LEGAL_ACTIONS_READ_ONLY  # ... of the list only: its actions are read-only
    # each bot's observer hands out the kinds of event it reads (READS), or all of them
    observers: dict[str, Observer] = {p: game.observer(p, bot.READS) for p, bot in bots.items() if bot.needs_view}
    for _ in range(max_steps):
        if game.is_over:
            assert game.result is not None
            return GameRecord(game.result, actions, timeouts, moments)
        waiting = to_act()
        if not waiting:
            if on_moment is not None:
                on_moment(game)
            timeout()
            timeouts += 1
            if on_step is not None:
                on_step(game, None)
            continue
        player = waiting[0]
        if player in acted or player not in asked:
            moments += 1
            asked = frozenset(waiting)
            acted = {player}
            if on_moment is not None:
                on_moment(game)
        else:
            acted.add(player)
        observer = observers.get(player)
        if observer is not None:
            legal = offer(player)
            if not fresh:
                legal = list(legal) if read_only else copy_json(legal)
            action = choose[player](Observation(player, legal, None, observer.new_shared_events(), observer))
        else:
            action = choose[player](Observation(player, offer(player)))
        apply(action)
        actions += 1
        if on_step is not None:
            on_step(game, action)
    raise RunawayGame(f"{game.name}: no end after {max_steps} steps (seed {game.seed!r})")
