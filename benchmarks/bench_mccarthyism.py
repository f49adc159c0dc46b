"""Benchmark: complete 12-player McCarthyism games per second with random bots, on one core.

Plays complete games exactly as the lab does (``benchmarks/harness.py``): a fresh game per seed
(``derive_seed(seed, "mccarthyism", 12, i)``, default options), a :class:`RandomBot` for
every seat seated with :func:`hiddenrole.bots.seat_bots` (one shared generator per game, as
the lab seats them), and :func:`hiddenrole.lab.play_game` to the end. Runs ``--repeats``
timed batches of ``--games`` games in this one process (one core) and reports, per batch,
games per second of this process's CPU time and of wall-clock time. On a quiet machine the
two agree; on a shared one the wall clock also counts the time the process waited for a
core, so the CPU-time rate (games per CPU-second) is the one-core figure, and the best batch
is the least disturbed one.

Usage::

    .venv/bin/python benchmarks/bench_mccarthyism.py [--games 3000] [--repeats 5] [--players 12] [--target 3000]
        [--floor] [--breakdown] [--bytecodes GAMES]

Exit status 0 when the best batch reaches ``--target`` games per CPU-second, 1 otherwise.

``--floor`` also times the harness alone (:func:`harness.floor`, best of ``--repeats``): a game
with no rules (``harness.NullGame``, a :class:`Game` subclass, so it pays the base class's
constructor: name checks, options, seeding its ``Chance``) with as many actions and timeouts
as the measured games, each action a choice between two listed actions (like a vote), played
the same way (same seeds, ``seat_bots``, ``play_game``). It is the ceiling any game of that
length can reach with ``play_game`` and ``RandomBot`` on this machine; the difference to it
is the rules' share.

``--breakdown`` also times the game without the harness (:func:`breakdown`): set-up alone,
and every recorded action of the same games replayed without bots. ``--bytecodes GAMES``
counts the Python bytecodes a game executes, by package (:func:`bytecodes`).
"""

from __future__ import annotations

import argparse
import sys
import time

import harness
from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.engine import derive_seed
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.lab import play_game
from hiddenrole.lab.simulate import player_names

GAME = "mccarthyism"
TARGET = 3000.0  # complete 12-player games per second on one core (issue 3)


def breakdown(players: int, games: int, seed: int, repeats: int) -> dict[str, float]:
    """Time the rules without the harness (``--breakdown``), in CPU microseconds per game.

    The same games as :func:`harness.play_batch` are played once with the bots to record their actions;
    then, best of ``repeats``: ``setup`` builds each game only (the deal, the shuffle, the
    set-up events and the first turn, with the base class's constructor), ``rules`` builds
    each game and applies its recorded actions (no bots, no ``Observation``, no loop), and
    ``votes`` is the part of ``rules`` spent in the votes that are not the last of their
    vote (timed one by one, less the cost of the timer and of an empty call).
    """
    names = player_names(players)
    recorded = []
    for i in range(games):
        game_seed = derive_seed(seed, GAME, players, i)
        actions: list = []
        play_game(McCarthyism(names, seed=game_seed), seat_bots(names, RandomBot, game_seed),
                  on_step=lambda _g, a: actions.append(a))
        recorded.append((game_seed, actions))

    def setup() -> float:
        cpu = time.process_time()
        for game_seed, _ in recorded:
            McCarthyism(names, seed=game_seed)
        return time.process_time() - cpu

    def rules() -> float:
        cpu = time.process_time()
        for game_seed, actions in recorded:
            apply = McCarthyism(names, seed=game_seed).apply
            for a in actions:
                apply(a)
        return time.process_time() - cpu

    def votes() -> float:
        clock = time.perf_counter_ns
        spent = 0

        def same_call(action: dict) -> list:  # a call like apply's that does nothing: the timer's cost
            return []

        for game_seed, actions in recorded:
            apply = McCarthyism(names, seed=game_seed).apply
            for a in actions:
                if a["action"] == "vote" and a is not actions[-1]:
                    t0 = clock()
                    events = apply(a)
                    t1 = clock()
                    same_call(a)
                    t2 = clock()
                    if not events:  # not the last vote of its vote (that one tallies: events)
                        spent += (t1 - t0) - (t2 - t1)
                else:
                    apply(a)
        return spent / 1e9

    return {name: 1e6 * min(f() for _ in range(repeats)) / games
            for name, f in (("setup", setup), ("rules", rules), ("votes", votes))}


def bytecodes(players: int, games: int, seed: int) -> dict[str, float]:
    """Python bytecodes executed per game (``--bytecodes``), by where their code lives: the
    game package, the engine, code compiled from strings (the dataclass and named-tuple
    constructors: ``Event``, ``Observation``...) and the rest (the harness: lab, bots).

    Counted with :func:`sys.settrace` opcode events, so deterministic and independent of the
    machine's load (and about 50 times slower than a timed run: keep ``games`` small).
    """
    counts = {"game": 0, "engine": 0, "constructors": 0, "harness": 0}

    def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
        path = frame.f_code.co_filename
        where = ("game" if "/games/mccarthyism/" in path else "engine" if "/engine/" in path
                 else "constructors" if path == "<string>" else "harness")
        frame.f_trace_opcodes = True

        def count(frame, event, arg):  # type: ignore[no-untyped-def]
            if event == "opcode":
                counts[where] += 1
            return count

        return count

    sys.settrace(tracer)
    try:
        harness.play_batch(GAME, players, games, seed)
    finally:
        sys.settrace(None)
    return {k: v / games for k, v in counts.items()}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit status (0: target met)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    harness.add_options(parser, games=3000, players=12, player_range="3..20", target=TARGET)
    parser.add_argument("--floor", action="store_true", help="also time the lab loop alone (harness.NullGame)")
    parser.add_argument("--breakdown", action="store_true", help="also time set-up, the rules alone and the votes")
    parser.add_argument("--bytecodes", type=int, default=0, metavar="GAMES",
                        help="also count the bytecodes executed per game over GAMES games (slow)")
    args = parser.parse_args(argv)
    batches = harness.timed_batches(GAME, args.players, args.games, args.repeats, args.seed)
    if args.floor:
        harness.report_floor(GAME, args.players, batches, args.target, args.seed, repeats=args.repeats)
    if args.breakdown:
        parts = breakdown(args.players, args.games, args.seed, args.repeats)
        print(
            f"without the harness (recorded actions replayed, best of {args.repeats}): set-up {parts['setup']:.1f} "
            f"us/game; set-up and every action {parts['rules']:.1f} us/game, of which the votes that are "
            f"not the last of their vote {parts['votes']:.1f} us/game"
        )
    if args.bytecodes:
        counts = bytecodes(args.players, args.bytecodes, args.seed)
        print(f"bytecodes per game ({args.bytecodes} games): "
              + ", ".join(f"{k} {v:,.0f}" for k, v in counts.items()) + f"; in all {sum(counts.values()):,.0f}")
    return harness.conclude(GAME, args.players, batches, args.target)


if __name__ == "__main__":
    sys.exit(main())
