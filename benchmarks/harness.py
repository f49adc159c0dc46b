"""What the game benchmarks share: timed batches of random-bot games, the harness floor, the report.

The game benchmarks (``bench_secret_hitler.py``, ``bench_mccarthyism.py``,
``bench_shady_agents.py``) import this module; they run as scripts, so this folder is on
``sys.path``. It is not a benchmark itself (``run_all.py`` runs only ``bench_*.py``).

What is measured: complete games played exactly as the lab plays them
(``hiddenrole.lab.simulate.play_seeded``): game ``i`` of a batch gets the seed
``derive_seed(seed, game, players, i)``, a fresh game is made with it, a ``RandomBot`` sits in
every seat, all seated with ``hiddenrole.bots.seat_bots`` (one shared generator per game,
seeded from the game's seed), and ``hiddenrole.lab.play_game`` plays it to the end. A batch is
timed in wall-clock seconds (``time.perf_counter``) and in this process's CPU seconds
(``time.process_time``); the figure that counts is **games per CPU-second** (one core,
whatever else runs on a shared machine), the wall-clock rate is printed beside it.

The harness floor (:func:`floor`) is the same loop (same seeds, ``seat_bots``, an
``Observation`` and a ``RandomBot`` draw per action, ``play_game``) around :class:`NullGame`,
a game with no rules and exactly as many actions and timeouts in all as the measured batch:
the ceiling any game of that length can reach with this harness; the difference is the
rules' share.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.engine import Game, OptionSet, Result, derive_seed, game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.simulate import player_names

WARM_UP = 200  # games played before timing (imports, caches), on other seeds


@dataclass(frozen=True)
class Batch:
    """One timed batch: ``games`` games, ``wall`` and ``cpu`` seconds, total ``actions`` and ``timeouts``."""

    games: int
    wall: float
    cpu: float
    actions: int
    timeouts: int

    @property
    def per_cpu_second(self) -> float:
        """Games per CPU-second (the one-core figure)."""
        return self.games / self.cpu

    @property
    def per_wall_second(self) -> float:
        """Games per second of wall-clock time."""
        return self.games / self.wall

    @property
    def us_per_game(self) -> float:
        """CPU microseconds per game."""
        return 1e6 * self.cpu / self.games


def length(batch: Batch) -> str:
    """A game's average length in a batch: ``"92.4 actions and 14.0 timeouts"`` (timeouts only if any)."""
    return f"{batch.actions / batch.games:.1f} actions" + (
        f" and {batch.timeouts / batch.games:.1f} timeouts" if batch.timeouts else "")


def play_batch(game: str, players: int, games: int, seed: int = 0,
               options: Mapping[str, Any] | None = None) -> Batch:
    """Play ``games`` complete games of ``game`` (a registered name) with ``players`` random bots,
    seeded and seated as the lab does; returns the timed :class:`Batch`."""
    cls = game_class(game)
    names = player_names(players)
    actions = timeouts = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        game_seed = derive_seed(seed, game, players, i)
        record = play_game(cls(names, options, seed=game_seed), seat_bots(names, RandomBot, game_seed))
        actions += record.actions
        timeouts += record.timeouts
    return Batch(games, time.perf_counter() - wall, time.process_time() - cpu, actions, timeouts)


class NullGame(Game):
    """A game with no rules, shaped like the engine contract ``play_game`` uses (``to_act``,
    ``legal_actions``, ``apply``, ``timeout``, ``is_over``, ``result``).

    The first seat is asked for ``actions`` actions, each a choice among ``choices`` listed
    ones; then the game passes ``timeouts`` deadlines (``to_act`` empty, as a real game waiting
    for its deadline), then ends. A :class:`Game` subclass, so it pays the base class's
    constructor (name checks, options, seeding its ``Chance``) like a real game.
    """

    name = "null"
    title = "Null"
    min_players = 1
    max_players = 40
    sides = ("all",)
    OPTIONS = OptionSet([])
    phase = "play"

    def side_of(self, player: str) -> str:
        """Everyone is on the one side."""
        return "all"

    @classmethod
    def lists_statements(cls) -> bool:
        """No claims: the play loop offers the listed choices as they are (as to a real game's
        random bot, which is offered its moves alone)."""
        return False

    def __init__(self, players: Sequence[str], *, seed: int = 0, actions: int, timeouts: int,
                 choices: int = 2) -> None:
        self._left, self._deadlines, self._choices = actions, timeouts, choices
        super().__init__(players, seed=seed)

    def setup(self) -> None:
        """Nothing to deal: the first seat's listed actions."""
        first = self.players[0]
        self._waiting: tuple[str, ...] = (first,) if self._left > 0 else ()
        self._legal = [{"player": first, "action": "choose", "k": k} for k in range(self._choices)]
        self._end_if_done()

    def _end_if_done(self) -> None:
        if self._left <= 0 and self._deadlines <= 0:
            self.finish(Result("all", "length", {}))

    def to_act(self) -> tuple[str, ...]:
        """The first seat while actions are left, then nobody."""
        return self._waiting

    def legal_actions(self, player: str) -> list[dict]:
        """The listed choices (the same list every step)."""
        return self._legal

    def timers(self) -> list:
        """None."""
        return []

    def apply(self, action: Mapping[str, Any]) -> list:
        """Count the action; nothing else."""
        self._left -= 1
        if self._left <= 0:
            self._waiting = ()
            self._end_if_done()
        return []

    def timeout(self) -> list:
        """Count the deadline; nothing else."""
        self._deadlines -= 1
        self._end_if_done()
        return []

    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def _timeout(self) -> None:
        raise NotImplementedError

    def view(self, player: str | None) -> dict:  # never called: RandomBot does not ask for it
        """Empty."""
        return {}

    def summary(self) -> dict:
        """Empty."""
        return {}


def floor(game: str, players: int, like: Batch, seed: int = 0, choices: int = 2, repeats: int = 3) -> Batch:
    """The harness alone, best (least CPU) of ``repeats``: ``like.games`` :class:`NullGame` s with
    the seeds and seats of ``play_batch(game, players, like.games, seed)``, together exactly
    ``like.actions`` actions and ``like.timeouts`` timeouts (spread evenly over the games)."""
    names = player_names(players)
    n = like.games
    best: Batch | None = None
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        for i in range(n):
            game_seed = derive_seed(seed, game, players, i)
            null = NullGame(names, seed=game_seed, choices=choices,
                            actions=like.actions * (i + 1) // n - like.actions * i // n,
                            timeouts=like.timeouts * (i + 1) // n - like.timeouts * i // n)
            play_game(null, seat_bots(names, RandomBot, game_seed))
        run = Batch(n, time.perf_counter() - wall, time.process_time() - cpu, like.actions, like.timeouts)
        if best is None or run.cpu < best.cpu:
            best = run
    assert best is not None
    return best


def add_options(parser: argparse.ArgumentParser, *, games: int, players: int, player_range: str,
                target: float, repeats: int = 5) -> None:
    """The options the game benchmarks share: ``--games``, ``--repeats``, ``--players``,
    ``--seed``, ``--target`` (with the script's defaults)."""
    parser.add_argument("--games", type=int, default=games, help="games per timed batch (count)")
    parser.add_argument("--repeats", type=int, default=repeats, help="timed batches (count)")
    parser.add_argument("--players", type=int, default=players, help=f"player count ({player_range})")
    parser.add_argument("--seed", type=int, default=0, help="base seed")
    parser.add_argument("--target", type=float, default=target, help="games per CPU-second to reach")


def timed_batches(game: str, players: int, games: int, repeats: int, seed: int = 0,
                  options: Mapping[str, Any] | None = None, label: str = "batch") -> list[Batch]:
    """Warm up (:data:`WARM_UP` games on ``seed + 1``), then play and print ``repeats`` timed
    batches of ``games`` games (:func:`play_batch`, the same seeds each time)."""
    play_batch(game, players, WARM_UP, seed + 1, options)
    batches = []
    for r in range(repeats):
        b = play_batch(game, players, games, seed, options)
        batches.append(b)
        name = f"{label} {r + 1}" if repeats > 1 else label
        print(
            f"{name}: {b.games} games, {length(b)} per game: CPU {b.cpu:.3f} s = {b.per_cpu_second:,.0f} games/s ({b.us_per_game:.1f} us/game); "
            f"wall {b.wall:.3f} s = {b.per_wall_second:,.0f} games/s",
            flush=True,
        )
    return batches


def report_floor(game: str, players: int, batches: list[Batch], target: float, seed: int = 0,
                 choices: int = 2, repeats: int = 3) -> Batch:
    """Time and print the harness floor for games like ``batches[-1]`` (:func:`floor`), and the
    rules' share at the best batch (and what ``target`` games per CPU-second leaves them)."""
    f = floor(game, players, batches[-1], seed, choices, repeats)
    best_us = min(b.us_per_game for b in batches)
    print(
        f"harness floor (a no-rules game of {length(f)}, {choices} choices per action; "
        f"same seeds, seat_bots, {players} RandomBots, play_game): "
        f"{f.us_per_game:.1f} us/game = {f.per_cpu_second:,.0f} games per CPU-second; "
        f"the rules take {best_us - f.us_per_game:.1f} us/game at the best batch"
        + (f" (the target leaves them {1e6 / target - f.us_per_game:.1f} us)" if target > 0 else ""),
        flush=True,
    )
    return f


def build() -> str:
    """Which build of hiddenrole runs: ``"compiled (mypyc)"`` when the engine module is a C
    extension (setup.py, ``make compiled``), else ``"pure Python"``."""
    import hiddenrole.engine.game as engine_game

    return "compiled (mypyc)" if not engine_game.__file__.endswith(".py") else "pure Python"


def conclude(game: str, players: int, batches: list[Batch], target: float, label: str = "") -> int:
    """Print the closing line (best and median games per CPU-second, best wall-clock rate, the
    target); returns the exit status: 0 when the best batch reaches ``target``, else 1 (and a
    ``BELOW TARGET`` line on stderr)."""
    rates = sorted(b.per_cpu_second for b in batches)
    best = rates[-1]
    print(
        f"{game}{' ' + label if label else ''}, {players} players, random bots, one core, "
        f"{platform.python_implementation()} {platform.python_version()}, {build()}: "
        f"best {best:,.0f} games per CPU-second"
        + (f" (median {rates[len(rates) // 2]:,.0f} of {len(rates)} batches)" if len(rates) > 1 else "")
        + f"; best wall-clock {max(b.per_wall_second for b in batches):,.0f} games/s; target {target:,.0f}"
    )
    if best < target:
        print(f"BELOW TARGET: {best:,.0f} < {target:,.0f} games per CPU-second", file=sys.stderr)
        return 1
    return 0
