"""Benchmark: environment steps per second, random legal actions, one core.

Each row plays complete episodes of the PettingZoo AEC environment
(``hiddenrole.envs.env(game, players=N)``, every seat an agent) the way a learning loop
drives it: ``agent_iter()``, ``last()`` (the observation: the numeric encoding, the action
mask and the narrated text), then ``step()`` with an action drawn uniformly from the mask by
a seeded NumPy generator. Episode ``i`` has the seed ``seed + i``. A step is one agent's
action (the dead steps after the end are not counted; the game's passed deadlines happen
inside steps). The figure is **steps per CPU-second** (this process, one core); wall-clock
steps per second is printed beside it. A second line per row (``--gym``) plays the
Gymnasium wrapper (one learner at seat 0, random bots at the others, the bots' actions
happening inside its steps).

Usage::

    .venv/bin/python benchmarks/bench_envs.py [--episodes 40] [--repeats 3] [--seed 1] [--target 1000]

Exit status 0 when every AEC row reaches ``--target`` steps per CPU-second, 1 otherwise.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import numpy as np

from hiddenrole.envs import env, gym_env

ROWS = [("secret-hitler", 7), ("mccarthyism", 12), ("shady-agents", 8)]
TARGET = 1000.0


def aec_batch(game: str, players: int, episodes: int, seed: int) -> tuple[float, float, int]:
    """Play ``episodes`` AEC episodes; returns (CPU seconds, wall seconds, agent steps)."""
    e = env(game, players=players)
    steps = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(episodes):
        rng = np.random.default_rng(seed + i)
        e.reset(seed=seed + i)
        for _agent in e.agent_iter():
            obs, _reward, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return time.process_time() - cpu, time.perf_counter() - wall, steps


def gym_batch(game: str, players: int, episodes: int, seed: int) -> tuple[float, float, int]:
    """Play ``episodes`` episodes of the Gymnasium wrapper; returns (CPU s, wall s, learner steps)."""
    g = gym_env(game, players=players, seat=0, bots="random")
    steps = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(episodes):
        rng = np.random.default_rng(seed + i)
        obs, _ = g.reset(seed=seed + i)
        done = False
        while not done:
            obs, _r, term, trunc, _ = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            done = term or trunc
    return time.process_time() - cpu, time.perf_counter() - wall, steps


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--episodes", type=int, default=40, help="episodes per batch (default 40)")
    parser.add_argument("--repeats", type=int, default=3, help="batches per row; the best counts (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the first episode's seed (default 1)")
    parser.add_argument("--target", type=float, default=TARGET, help="steps per CPU-second to reach (default 1000)")
    args = parser.parse_args(argv)
    if args.episodes < 1 or args.repeats < 1:
        print("--episodes and --repeats must be at least 1", file=sys.stderr)
        return 2
    print(f"python {platform.python_version()}, {args.episodes} episodes x {args.repeats} batches, "
          f"random legal actions")
    print("game            players  kind  steps/episode  steps/CPU-s  steps/wall-s")
    ok = True
    for game, players in ROWS:
        for kind, batch in (("aec", aec_batch), ("gym", gym_batch)):
            batch(game, players, max(args.episodes // 10, 2), args.seed + 10_000)  # warm up
            best = None
            for _ in range(args.repeats):
                cpu, wall, steps = batch(game, players, args.episodes, args.seed)
                if best is None or cpu < best[0]:
                    best = (cpu, wall, steps)
            assert best is not None
            cpu, wall, steps = best
            rate = steps / cpu
            print(f"{game:<15} {players:>7}  {kind:<4}  {steps / args.episodes:13.1f}  {rate:11,.0f}  {steps / wall:12,.0f}")
            if kind == "aec" and rate < args.target:
                ok = False
    print(f"target: >= {args.target:,.0f} AEC steps per CPU-second: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
