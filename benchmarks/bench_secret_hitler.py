"""Benchmark: complete 7-player Secret Hitler games per second with random bots, on one core.

Plays games exactly as a user would: ``hiddenrole.lab.play_game`` with a ``RandomBot`` in
every seat, seated as the lab seats them (``seat_bots``: one generator for a game's bots), a
fresh game per seed. Prints, for the default options (turbo) and for the
official variant, games per second of wall time and per second of this process's CPU time
(the machine is shared, so the CPU figure is the per-core one), and, for context, the cost
of the same loop around a game that does nothing (the harness floor: bots, observations,
``play_game``, seated the same way). Exits 1 when the default options fall below the target (CPU figure).

    .venv/bin/python benchmarks/bench_secret_hitler.py [--games N] [--target GPS]
"""

from __future__ import annotations

import argparse
import sys
import time

from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.engine import Result, new_game
from hiddenrole.lab.play import play_game

PLAYERS = [f"P{i}" for i in range(1, 8)]
TARGET = 3000.0  # complete 7-player games per second on one core


def measure(games: int, options: dict[str, str]) -> tuple[float, float, float, float]:
    """Play ``games`` games; returns (games per wall second, games per CPU second, actions per
    game, timeouts per game)."""
    actions = timeouts = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        game = new_game("secret-hitler", PLAYERS, options, seed=seed)
        record = play_game(game, seat_bots(PLAYERS, RandomBot, seed))
        actions += record.actions
        timeouts += record.timeouts
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / cpu, actions / games, timeouts / games


class _NullGame:
    """A game that only counts its steps: what play_game + RandomBot cost by themselves.

    It asks a bot for ``actions`` actions, then waits for its deadline ``timeouts`` times
    (as a real game passes deadlines without asking anyone), then ends."""

    name = "null"
    seed = 0

    def __init__(self, actions: int, timeouts: int) -> None:
        self.left = actions
        self.deadlines = timeouts
        self.is_over = actions + timeouts <= 0
        self.result = Result("nobody", "null", {})
        self._waiting = (PLAYERS[0],)
        self._legal = [{"player": PLAYERS[0], "action": "vote", "vote": v} for v in ("yes", "no")]

    def to_act(self):
        return self._waiting

    def legal_actions(self, player):
        return self._legal

    def apply(self, action):
        self.left -= 1
        if self.left <= 0:
            self._waiting = ()
            self.is_over = self.deadlines <= 0
        return []

    def timeout(self):
        self.deadlines -= 1
        self.is_over = self.deadlines <= 0
        return []

    def view(self, player):  # never called: RandomBot does not ask for its view
        return {}


def floor(games: int, actions: float, timeouts: float) -> float:
    """Games per CPU second of the harness alone (seating the bots, ``play_game``'s loop, an
    ``Observation`` and a bot draw per action), for games of so many actions and timeouts."""
    cpu = time.process_time()
    for seed in range(games):
        play_game(_NullGame(round(actions), round(timeouts)), seat_bots(PLAYERS, RandomBot, seed))
    return games / (time.process_time() - cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per measurement")
    parser.add_argument("--target", type=float, default=TARGET, help="games per CPU second required")
    args = parser.parse_args()
    measure(200, {})  # warm up
    results = {}
    for label, options in (("turbo (default options)", {}), ("official", {"variant": "official"})):
        wall, cpu, actions, timeouts = measure(args.games, options)
        results[label] = cpu
        print(f"{label}: {cpu:,.0f} games/s per CPU second ({wall:,.0f} wall), "
              f"{actions + timeouts:.1f} steps per game ({actions:.1f} actions, {timeouts:.1f} timeouts), "
              f"{args.games} games, 7 players")
        print(f"  harness floor for games of {actions:.0f} actions and {timeouts:.0f} timeouts "
              f"(play_game + seat_bots + RandomBot, no rules): {floor(args.games, actions, timeouts):,.0f} games/s")
    default = results["turbo (default options)"]
    if default < args.target:
        print(f"below target: {default:,.0f} < {args.target:,.0f} games/s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
