"""Benchmark: complete 8-player Shady Agents games per second with random bots, on one core.

Plays complete games exactly as the lab does (``benchmarks/harness.py``): a fresh game per seed
(``derive_seed(seed, "shady-agents", 8, i)``, default options), a :class:`RandomBot` for
every seat seated with :func:`hiddenrole.bots.seat_bots` (one shared generator per game, as
the lab seats them), and :func:`hiddenrole.lab.play_game` to the end. Runs ``--repeats``
timed batches of ``--games`` games in this one process (one core) and reports, per batch,
games per second of this process's CPU time and of wall-clock time. On a quiet machine the
two agree; on a shared one (other jobs on the same cores) the wall clock also counts the time
the process waited for a core, so the CPU-time rate (games per CPU-second) is the one-core
figure, and the best batch is the least disturbed one. Then the harness floor (the same loop
around a game with no rules and as many actions and timeouts, each action a choice among 15
listed ones, about Shady Agents' round-1 choice; best of 3) and the rules' share.

Usage::

    .venv/bin/python benchmarks/bench_shady_agents.py [--games 5000] [--repeats 5] [--players 8] [--target 5000]
        [--free-text]

Exit status 0 when the best batch reaches ``--target`` games per CPU-second, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys

import harness

GAME = "shady-agents"
TARGET = 5000.0  # complete 8-player games per second on one core (issue 4)
CHOICES = 15  # listed actions per step in the floor's game (about a round-1 choice)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status (0: target met)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    harness.add_options(parser, games=5000, players=8, player_range="4..10", target=TARGET)
    parser.add_argument("--free-text", action="store_true", help="enforce_statements=false")
    args = parser.parse_args(argv)
    options = {"enforce_statements": False} if args.free_text else None
    batches = harness.timed_batches(GAME, args.players, args.games, args.repeats, args.seed, options)
    harness.report_floor(GAME, args.players, batches, args.target, args.seed, choices=CHOICES)
    return harness.conclude(GAME, args.players, batches, args.target)


if __name__ == "__main__":
    sys.exit(main())
