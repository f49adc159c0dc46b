"""Balance lab throughput: complete simulated games per second with 1 and 2 workers.

Runs the same seeded batch three ways and prints games per second for each:

* ``loop``: the plain loop a user would write, ``play_game`` + ``RandomBot`` on every seat,
  in this process (the baseline the lab's own overhead is measured against);
* ``lab, 1 worker`` and ``lab, 2 workers``: ``plan_run`` + ``execute``, exactly what
  ``hiddenrole simulate GAME --workers W`` runs (worker processes started inside the timing).

It exits 1 when the 2-worker speed-up is below ``--min-speedup`` or the lab with one worker
is slower than ``--max-overhead`` relative to the plain loop; 2 when the game is unavailable.

    .venv/bin/python benchmarks/bench_lab.py                       # secret-hitler, 7 players
    .venv/bin/python benchmarks/bench_lab.py --game mccarthyism --players 12
    .venv/bin/python benchmarks/bench_lab.py --bots liberals=rule   # once rule-based bots are registered
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from hiddenrole.bots import RandomBot
from hiddenrole.engine import HiddenRoleError, derive_seed, new_game
from hiddenrole.lab import execute, play_game, plan_run
from hiddenrole.lab.runs import parse_pairs
from hiddenrole.lab.simulate import player_names


def plain_loop(game: str, players: int, games: int, seed: int) -> float:
    """Seconds to play ``games`` random-bot games with the plain ``play_game`` loop."""
    start = time.perf_counter()
    for i in range(games):
        game_seed = derive_seed(seed, game, players, i)
        g = new_game(game, player_names(players), seed=game_seed)
        play_game(g, {p: RandomBot(p, game_seed) for p in g.players})
    return time.perf_counter() - start


def lab_run(game: str, players: int, games: int, seed: int, workers: int, bots: dict[str, str]) -> float:
    """Seconds for the lab to plan and play the batch with ``workers`` worker processes."""
    start = time.perf_counter()
    plan = plan_run(game, [players], games, seed, bots=bots)
    [by_count] = execute(plan, workers=workers)
    elapsed = time.perf_counter() - start
    assert by_count[players].games == games
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="secret-hitler")
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=4000, help="games per measurement")
    parser.add_argument("--repeat", type=int, default=2, help="measurements of each kind; the best counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", action="append", default=[], help="SIDE=KIND, as in `simulate --bots`")
    parser.add_argument("--min-speedup", type=float, default=1.6, help="2 workers vs 1 (ratio)")
    parser.add_argument("--max-overhead", type=float, default=0.15, help="lab with 1 worker vs the plain loop (fraction)")
    args = parser.parse_args()
    try:
        bots = parse_pairs(args.bots, "--bots")
        plan_run(args.game, [args.players], 1, args.seed, bots=bots)
    except (HiddenRoleError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    kinds = ", ".join(f"{s}={k}" for s, k in bots.items()) or "random bots"
    print(f"{args.game}, {args.players} players, {args.games} games, {kinds}, seed {args.seed}")
    print(f"  load average before: {os.getloadavg()[0]:.2f} (the machine's cores: {os.cpu_count()})")
    rows = []
    best = range(max(1, args.repeat))
    if not bots:
        loop = min(plain_loop(args.game, args.players, args.games, args.seed) for _ in best)
        rows.append(("loop (play_game + RandomBot)", loop))
    one = min(lab_run(args.game, args.players, args.games, args.seed, 1, bots) for _ in best)
    two = min(lab_run(args.game, args.players, args.games, args.seed, 2, bots) for _ in best)
    rows += [("lab, 1 worker", one), ("lab, 2 workers", two)]
    for label, seconds in rows:
        print(f"  {label:30s} {args.games / seconds:9.0f} games/s  ({seconds:.2f} s)")
    speedup = one / two
    print(f"  speed-up with 2 workers: {speedup:.2f}x (target at least {args.min_speedup:.2f}x)")
    failed = speedup < args.min_speedup
    if not bots:
        overhead = one / loop - 1
        print(f"  lab overhead with 1 worker vs the loop: {100 * overhead:+.1f}% (target at most {100 * args.max_overhead:.0f}%)")
        failed = failed or overhead > args.max_overhead
    if failed:
        print(f"FAIL: below target (load average now {os.getloadavg()[0]:.2f}: other work shares the cores)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
