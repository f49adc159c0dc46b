"""Benchmark: complete 12-player McCarthyism games per second with random bots, on one core.

Plays complete games exactly as a user's simulation does: a fresh game per seed
(``derive_seed(seed, "mccarthyism", 12, i)``, default options), a :class:`RandomBot` for
every seat, and :func:`hiddenrole.lab.play_game` to the end. Runs ``--repeats`` timed
batches of ``--games`` games in this one process (one core) and reports each batch and the
best; the machine is shared, so the best batch is the least disturbed one.

Usage::

    .venv/bin/python benchmarks/bench_mccarthyism.py [--games 3000] [--repeats 5] [--players 12] [--target 3000]

Exit status 0 when the best batch reaches ``--target`` games per second, 1 otherwise.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from hiddenrole.bots import RandomBot
from hiddenrole.engine import derive_seed
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.lab import play_game

TARGET = 3000.0  # complete 12-player games per second on one core (issue 3)


def batch(players: int, games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` complete games; returns ``(seconds, total actions)``."""
    names = [f"P{i}" for i in range(1, players + 1)]
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        game_seed = derive_seed(seed, "mccarthyism", players, i)
        game = McCarthyism(names, seed=game_seed)
        record = play_game(game, {p: RandomBot(p, game_seed) for p in names})
        actions += record.actions
    return time.perf_counter() - start, actions


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status (0: target met)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per timed batch (count)")
    parser.add_argument("--repeats", type=int, default=5, help="timed batches (count)")
    parser.add_argument("--players", type=int, default=12, help="player count (3..20)")
    parser.add_argument("--seed", type=int, default=0, help="base seed")
    parser.add_argument("--target", type=float, default=TARGET, help="games per second to reach")
    args = parser.parse_args(argv)
    batch(args.players, 200, args.seed + 1)  # warm-up (imports, caches)
    rates = []
    for r in range(args.repeats):
        seconds, actions = batch(args.players, args.games, args.seed)
        rate = args.games / seconds
        rates.append(rate)
        print(
            f"batch {r + 1}: {args.games} games in {seconds:.3f} s = {rate:,.0f} games/s "
            f"({1e6 * seconds / args.games:.1f} us/game, {actions / args.games:.1f} actions/game)"
        )
    best = max(rates)
    print(
        f"mccarthyism, {args.players} players, random bots, one core, "
        f"{platform.python_implementation()} {platform.python_version()}: "
        f"best {best:,.0f} games/s (median {sorted(rates)[len(rates) // 2]:,.0f}); target {args.target:,.0f}"
    )
    if best < args.target:
        print(f"BELOW TARGET: {best:,.0f} < {args.target:,.0f} games/s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
