"""Benchmark: complete 7-player Secret Hitler games per second with random bots, on one core.

Plays complete games exactly as the lab does (``benchmarks/harness.py``): a fresh game per seed
(``derive_seed(0, "secret-hitler", 7, i)``), a ``RandomBot`` in every seat seated with
``hiddenrole.bots.seat_bots`` (one shared generator per game), ``hiddenrole.lab.play_game`` to
the end. For the default options (turbo) and for the official variant, one timed batch of
``--games`` games each in this one process: games per CPU-second of this process (the one-core
figure on a shared machine) and per wall-clock second, actions and timeouts per game; then the
harness floor for games of that length (the same loop around a game with no rules, best of 3)
and the rules' share.

    .venv/bin/python benchmarks/bench_secret_hitler.py [--games 3000] [--target 3000]

Exit status 0 when the default options (turbo) reach ``--target`` games per CPU-second, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys

import harness

GAME, PLAYERS = "secret-hitler", 7
TARGET = 3000.0  # complete 7-player games per second on one core
CONFIGS = (("turbo (default options)", {}), ("official", {"variant": "official"}))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status (0: target met)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per measurement (count)")
    parser.add_argument("--target", type=float, default=TARGET, help="games per CPU-second required")
    args = parser.parse_args(argv)
    measured = {}
    for label, options in CONFIGS:
        measured[label] = harness.timed_batches(GAME, PLAYERS, args.games, 1, options=options, label=label)
        harness.report_floor(GAME, PLAYERS, measured[label], args.target)
    return harness.conclude(GAME, PLAYERS, measured[CONFIGS[0][0]], args.target, label=CONFIGS[0][0])


if __name__ == "__main__":
    sys.exit(main())
