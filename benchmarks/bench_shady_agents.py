"""Benchmark: complete 8-player Shady Agents games per second with random bots, on one core.

Plays complete games exactly as a user's simulation does: a fresh game per seed
(``derive_seed(seed, "shady-agents", 8, i)``, default options), a :class:`RandomBot` for
every seat, and :func:`hiddenrole.lab.play_game` to the end. Runs ``--repeats`` timed
batches of ``--games`` games in this one process (one core) and reports, per batch, games
per second of wall-clock time and of this process's CPU time. On a quiet machine the two
agree; on a shared one (other jobs on the same cores) the wall clock also counts the time
the process waited for a core, so the CPU-time rate is the one-core figure, and the best
batch is the least disturbed one.

Usage::

    .venv/bin/python benchmarks/bench_shady_agents.py [--games 5000] [--repeats 5] [--players 8] [--target 5000]

Exit status 0 when the best batch reaches ``--target`` games per CPU-second, 1 otherwise.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from hiddenrole.bots import RandomBot
from hiddenrole.engine import Result, derive_seed
from hiddenrole.games.shady_agents import ShadyAgents
from hiddenrole.lab import play_game

TARGET = 5000.0  # complete 8-player games per second on one core (issue 4)


def batch(players: int, games: int, seed: int, options: dict | None = None) -> tuple[float, float, int]:
    """Play ``games`` complete games; returns ``(wall seconds, CPU seconds, total actions)``."""
    names = [f"P{i}" for i in range(1, players + 1)]
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        game_seed = derive_seed(seed, "shady-agents", players, i)
        game = ShadyAgents(names, options, seed=game_seed)
        record = play_game(game, {p: RandomBot(p, game_seed) for p in names})
        actions += record.actions
    return time.perf_counter() - start, time.process_time() - cpu, actions


class _NoRules:
    """The harness floor: a game with no rules that lasts ``steps`` actions, each chosen by
    the player's bot among 15 listed actions (about Shady Agents' round-1 choice)."""

    def __init__(self, names: list[str], steps: int) -> None:
        self.players = tuple(names)
        self.seed = 0
        self._left = steps
        self._result: Result | None = None
        self._waiting = (names[0],)
        self._legal = [{"player": names[0], "action": "give", "k": k} for k in range(15)]

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result

    def to_act(self) -> tuple[str, ...]:
        return self._waiting

    def legal_actions(self, player: str) -> list[dict]:
        return list(self._legal)

    def apply(self, action: dict) -> list:
        self._left -= 1
        if self._left == 0:
            self._result = Result(None, "done", {})
        return []


def floor(players: int, games: int, steps: int, seed: int) -> float:
    """CPU seconds per game of the harness alone (seeds, bots, the play loop), ``steps`` long."""
    names = [f"P{i}" for i in range(1, players + 1)]
    cpu = time.process_time()
    for i in range(games):
        game_seed = derive_seed(seed, "shady-agents", players, i)
        play_game(_NoRules(names, steps), {p: RandomBot(p, game_seed) for p in names})  # type: ignore[arg-type]
    return (time.process_time() - cpu) / games


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status (0: target met)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per timed batch (count)")
    parser.add_argument("--repeats", type=int, default=5, help="timed batches (count)")
    parser.add_argument("--players", type=int, default=8, help="player count (4..10)")
    parser.add_argument("--seed", type=int, default=0, help="base seed")
    parser.add_argument("--target", type=float, default=TARGET, help="games per second to reach")
    parser.add_argument("--free-text", action="store_true", help="enforce_statements=false")
    args = parser.parse_args(argv)
    options = {"enforce_statements": False} if args.free_text else None
    batch(args.players, 200, args.seed + 1, options)  # warm-up (imports, caches)
    walls, cpus = [], []
    for r in range(args.repeats):
        wall, cpu, actions = batch(args.players, args.games, args.seed, options)
        walls.append(args.games / wall)
        cpus.append(args.games / cpu)
        print(
            f"batch {r + 1}: {args.games} games, {actions / args.games:.1f} actions/game: "
            f"wall {wall:.3f} s = {walls[-1]:,.0f} games/s; CPU {cpu:.3f} s = {cpus[-1]:,.0f} games/s "
            f"({1e6 * cpu / args.games:.1f} us/game)"
        )
    best = max(cpus)
    steps = round(actions / args.games)
    base = min(floor(args.players, args.games, steps, args.seed) for _ in range(3))
    print(
        f"harness floor (seeds, {args.players} RandomBots, play_game's loop; a {steps}-step game with no rules): "
        f"{1e6 * base:.1f} us/game = {1 / base:,.0f} games per CPU-second; "
        f"the rules take {1e6 / best - 1e6 * base:.1f} us/game at the best batch"
    )
    print(
        f"shady-agents, {args.players} players, random bots, one core, "
        f"{platform.python_implementation()} {platform.python_version()}: "
        f"best {best:,.0f} games per CPU-second (median {sorted(cpus)[len(cpus) // 2]:,.0f}); "
        f"best wall-clock {max(walls):,.0f} games/s; target {args.target:,.0f}"
    )
    if best < args.target:
        print(f"BELOW TARGET: {best:,.0f} < {args.target:,.0f} games/s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
