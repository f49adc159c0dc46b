"""Balance lab throughput: complete simulated games per second with 1 and 2 workers.

Runs the same seeded batch three ways and prints games per second for each:

* ``loop``: the plain loop a user would write, ``play_game`` + ``RandomBot`` on every seat
  (seated with ``seat_bots``, one generator per game, as the lab seats them), in this process (the baseline the lab's own overhead is measured against);
* ``lab, 1 worker`` and ``lab, 2 workers``: ``plan_run`` + ``execute``, exactly what
  ``hiddenrole simulate GAME --workers W`` runs (worker processes started inside the timing).

CPU seconds are measured besides wall time, so the lab's overheads can be judged on a
machine whose cores are shared. Each figure is the best of ``--repeat`` runs. Exit 1 when:

* the lab with one worker spends more than ``--max-overhead`` extra CPU seconds over the
  plain loop (the lab's own cost per game);
* two workers spend more than ``--max-split-overhead`` extra CPU seconds on the same games,
  beyond their fixed start-up (``--startup-cpu``): the work must split without loss;
* the 2-worker speed-up is below ``--min-speedup`` although the cores were idle (load
  average below 0.5 before the run; on a busy shared machine it is printed, not judged).

Exit 2 when the game or a bot kind is unavailable.

    .venv/bin/python benchmarks/bench_lab.py                       # secret-hitler, 7 players
    .venv/bin/python benchmarks/bench_lab.py --game mccarthyism --players 12
    .venv/bin/python benchmarks/bench_lab.py --bots liberals=rule   # once rule-based bots are registered
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from hiddenrole.bots import RandomBot, seat_bots
from hiddenrole.engine import HiddenRoleError, derive_seed, new_game
from hiddenrole.lab import execute, play_game, plan_run
from hiddenrole.lab.runs import parse_pairs
from hiddenrole.lab.simulate import player_names


def plain_loop(game: str, players: int, games: int, seed: int) -> tuple[float, float]:
    """``(wall seconds, CPU seconds)`` to play ``games`` random-bot games with the plain ``play_game`` loop."""
    cpu0 = time.process_time()
    start = time.perf_counter()
    for i in range(games):
        game_seed = derive_seed(seed, game, players, i)
        g = new_game(game, player_names(players), seed=game_seed)
        play_game(g, seat_bots(g.players, RandomBot, game_seed))
    return time.perf_counter() - start, time.process_time() - cpu0


def _tree_cpu_seconds(root: int) -> dict[int, float]:
    """CPU seconds (user + system) of every living process descended from ``root`` (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        cpu[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    out = {}
    for pid in cpu:
        p = pid
        while p in parents and p != root and p > 1:
            p = parents[p]
        if p == root and pid != root:
            out[pid] = cpu[pid]
    return out


def lab_run(
    game: str, players: int, games: int, seed: int, workers: int, bots: dict[str, str]
) -> tuple[float, float]:
    """``(wall seconds, CPU seconds)`` for the lab to plan and play the batch with ``workers``
    worker processes; CPU seconds count this process and its worker processes (sampled from
    /proc whenever a batch finishes, so workers are counted while they live)."""
    seen: dict[int, float] = {}

    def sample(_games: int) -> None:
        if workers > 1 and os.path.isdir("/proc"):
            for pid, seconds in _tree_cpu_seconds(os.getpid()).items():
                seen[pid] = max(seen.get(pid, 0.0), seconds)

    cpu0 = time.process_time()
    start = time.perf_counter()
    plan = plan_run(game, [players], games, seed, bots=bots)
    [by_count] = execute(plan, workers=workers, progress=sample)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu0 + sum(seen.values())
    assert by_count[players].games == games
    return elapsed, cpu


def _best(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The least wall time and the least CPU time over repeated runs."""
    return min(r[0] for r in runs), min(r[1] for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="secret-hitler")
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=4000, help="games per measurement")
    parser.add_argument("--repeat", type=int, default=2, help="measurements of each kind; the best counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", action="append", default=[], help="SIDE=KIND, as in `simulate --bots`")
    parser.add_argument("--min-speedup", type=float, default=1.6, help="2 workers vs 1 (ratio)")
    parser.add_argument("--startup-cpu", type=float, default=0.2,
                        help="CPU seconds allowed for starting 2 workers (a forkserver and 2 interpreters)")
    parser.add_argument("--max-split-overhead", type=float, default=0.25,
                        help="extra CPU seconds allowed for 2 workers vs 1 (fraction; shared cores inflate CPU time)")
    parser.add_argument("--max-overhead", type=float, default=0.15,
                        help="extra CPU seconds allowed for the lab with 1 worker vs the plain loop (fraction)")
    args = parser.parse_args()
    try:
        given = parse_pairs(args.bots, "--bots")
        bots = {"*": "random", **given}  # the plain loop's bots unless told (the lab's own default is human)
        plan_run(args.game, [args.players], 1, args.seed, bots=bots)
    except (HiddenRoleError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    kinds = ", ".join(f"{s}={k}" for s, k in given.items()) or "random bots"
    print(f"{args.game}, {args.players} players, {args.games} games, {kinds}, seed {args.seed}")
    load_before = os.getloadavg()[0]
    idle_before = load_before < 0.5
    print(f"  load average before: {load_before:.2f} (the machine's cores: {os.cpu_count()})")
    rows = []
    best = range(max(1, args.repeat))
    if not given:
        loop, loop_cpu = _best([plain_loop(args.game, args.players, args.games, args.seed) for _ in best])
        rows.append(("loop (play_game + RandomBot)", loop, loop_cpu))
    one, one_cpu = _best([lab_run(args.game, args.players, args.games, args.seed, 1, bots) for _ in best])
    two, two_cpu = _best([lab_run(args.game, args.players, args.games, args.seed, 2, bots) for _ in best])
    rows += [("lab, 1 worker", one, one_cpu), ("lab, 2 workers", two, two_cpu)]
    for label, seconds, cpu in rows:
        print(f"  {label:30s} {args.games / seconds:9.0f} games/s  ({seconds:.2f} s wall; "
              f"{args.games / cpu:.0f} games per CPU second)")
    speedup = one / two
    startup = args.startup_cpu
    inflation = (two_cpu - startup) / one_cpu - 1
    load = os.getloadavg()[0]
    print(f"  speed-up with 2 workers: {speedup:.2f}x (target at least {args.min_speedup:.2f}x on idle cores)")
    print(f"  CPU seconds: {one_cpu:.2f} with 1 worker, {two_cpu:.2f} with 2; beyond the workers' start-up "
          f"({startup:.2f} s) {100 * inflation:+.1f}% (target at most {100 * args.max_split_overhead:.0f}%)")
    failed = inflation > args.max_split_overhead
    if speedup < args.min_speedup:
        if idle_before:
            failed = True
        else:
            print(f"  (speed-up not judged: the cores were busy with other work, load average {load:.2f};"
                  " judge the split by its CPU seconds)")
    if not given:
        overhead = one_cpu / loop_cpu - 1
        print(f"  lab overhead with 1 worker vs the loop: {100 * overhead:+.1f}% CPU seconds "
              f"({loop_cpu:.2f} s vs {one_cpu:.2f} s; target at most {100 * args.max_overhead:.0f}%)")
        failed = failed or overhead > args.max_overhead
    if failed:
        print(f"FAIL: below target (load average now {os.getloadavg()[0]:.2f}: other work shares the cores)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
