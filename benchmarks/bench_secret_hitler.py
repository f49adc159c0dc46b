"""Benchmark: complete 7-player Secret Hitler games per second with random bots, on one core.

Plays games exactly as a user would: ``hiddenrole.lab.play_game`` with a ``RandomBot`` in
every seat. Prints games per second for the default options (turbo) and for the official
variant; exits 1 when the default options fall below the target.

    .venv/bin/python benchmarks/bench_secret_hitler.py [--games N] [--target GPS]
"""

from __future__ import annotations

import argparse
import sys
import time

from hiddenrole.bots import RandomBot
from hiddenrole.engine import new_game
from hiddenrole.lab.play import play_game

PLAYERS = [f"P{i}" for i in range(1, 8)]
TARGET = 3000.0  # complete 7-player games per second on one core


def measure(games: int, options: dict[str, str]) -> tuple[float, float]:
    """Play ``games`` games; returns (games per second, mean steps per game)."""
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        game = new_game("secret-hitler", PLAYERS, options, seed=seed)
        record = play_game(game, {p: RandomBot(p, seed) for p in PLAYERS})
        steps += record.actions + record.timeouts
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per measurement")
    parser.add_argument("--target", type=float, default=TARGET, help="games per second required")
    args = parser.parse_args()
    measure(200, {})  # warm up
    results = {}
    for label, options in (("turbo (default options)", {}), ("official", {"variant": "official"})):
        gps, steps = measure(args.games, options)
        results[label] = gps
        print(f"{label}: {gps:,.0f} games/s ({steps:.1f} steps per game, {args.games} games, 7 players)")
    default = results["turbo (default options)"]
    if default < args.target:
        print(f"below target: {default:,.0f} < {args.target:,.0f} games/s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
