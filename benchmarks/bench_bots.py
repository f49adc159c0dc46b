"""Benchmark: what a rule bot and a human bot cost, against a random bot, in complete games on one core.

Rule and human bots read the game (their events and information state through their observer);
random bots read nothing. Both play complete games exactly as the lab plays them
(``hiddenrole.lab.simulate.play_seeded``: seed ``derive_seed(seed, game, players, i)``, bots
seated after the deal, one shared generator per game). For each row, batches of rule-bot
games and random-bot games alternate (rule, random, rule, random ...) so both see the same
minutes of a shared machine; the figure is **CPU seconds per game** (this process, one
core), the best batch of each kind, and their ratio: how many times a realistic game costs
a random one. The target (issues 12 and 17): at most 3 for Secret Hitler 7p, McCarthyism
12p and 20p, Shady Agents 8p, for the rule bots (``rule`` rows) and the human bots
(``human`` rows, default parameters).

``--curve`` also prints, for every player count of each game (McCarthyism 5 to 20), the
rule bots' cost per game and per action: a cost per action that stays flat while games get
longer is a cost per game linear in the game's length (before the event stream it grew with
the length: each decision re-read the whole log).

Usage::

    .venv/bin/python benchmarks/bench_bots.py [--games 300] [--repeats 3] [--curve] [--target 3]

Exit status 0 when every row's ratio is at most ``--target``, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time

from hiddenrole.bots.base import bot_class
from hiddenrole.engine import game_class
from hiddenrole.lab.simulate import play_seeded

ROWS = [("secret-hitler", 7), ("mccarthyism", 12), ("mccarthyism", 20), ("shady-agents", 8)]
KINDS = ("rule", "human")
TARGET = 3.0


def target_of(kind: str, game: str) -> str:
    """The ``module:Class`` of the ``kind`` bot for ``game``."""
    cls = bot_class(kind, game)
    return f"{cls.__module__}:{cls.__qualname__}"


def batch(game: str, players: int, kind: str, games: int, seed: int) -> tuple[float, int]:
    """Play ``games`` seeded games with ``kind`` bots in every seat; returns (CPU seconds, actions)."""
    cls = game_class(game)
    targets = {"*": target_of(kind, game)}
    cache: dict = {}
    actions = 0
    start = time.process_time()
    for i in range(games):
        actions += play_seeded(cls, game, players, seed, i, None, targets, cache, count_phases=False)[2]
    return time.process_time() - start, actions


def row(game: str, players: int, games: int, repeats: int, seed: int, kind: str = "rule") -> tuple[float, float, float]:
    """Best CPU ms per game of ``kind`` bots and of random bots (alternating batches), and their ratio."""
    batch(game, players, kind, max(games // 10, 5), seed + 1)  # warm up (imports, caches)
    batch(game, players, "random", max(games // 10, 5), seed + 1)
    rule, rand = [], []
    for _ in range(repeats):
        rule.append(batch(game, players, kind, games, seed)[0] / games)
        rand.append(batch(game, players, "random", games, seed)[0] / games)
    r, q = min(rule) * 1e3, min(rand) * 1e3
    return r, q, r / q


def curve(game: str, games: int, seed: int) -> None:
    """Print the rule bots' cost per game and per action at every player count of ``game``."""
    cls = game_class(game)
    low = max(cls.min_players, 5)
    print(f"  {game}: players  ms/game  actions/game  us/action")
    for n in range(low, cls.max_players + 1):
        cpu, actions = batch(game, n, "rule", games, seed)
        print(f"  {'':>{len(game)}}  {n:>7}  {cpu / games * 1e3:7.2f}  {actions / games:12.0f}  {cpu / actions * 1e6:9.1f}")


def main(argv: list[str]) -> int:
    """Run the rows (and the curve); returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per timed batch (count)")
    parser.add_argument("--repeats", type=int, default=3, help="timed batches of each kind (count)")
    parser.add_argument("--seed", type=int, default=0, help="base seed")
    parser.add_argument("--target", type=float, default=TARGET, help="the highest rule/random ratio allowed")
    parser.add_argument("--curve", action="store_true", help="also the cost per action at every player count")
    args = parser.parse_args(argv)
    import hiddenrole.engine.game as g
    build = "pure Python" if g.__file__.endswith(".py") else "compiled"
    print(f"bench_bots ({build} build): CPU ms per complete game, best of {args.repeats} batches of {args.games}")
    print(f"{'game':<14} {'players':>7} {'kind':>6} {'bots':>8} {'random':>8} {'ratio':>6}")
    ok = True
    ratios: dict[tuple[str, int], dict[str, float]] = {}
    for game, players in ROWS:
        for kind in KINDS:
            r, q, ratio = row(game, players, args.games, args.repeats, args.seed, kind)
            mark = "ok" if ratio <= args.target else f"over {args.target:g}"
            ok &= ratio <= args.target
            ratios.setdefault((game, players), {})[kind] = ratio
            print(f"{game:<14} {players:>7} {kind:>6} {r:8.3f} {q:8.3f} {ratio:6.2f}  {mark}", flush=True)
    print(f"cost of a game against random bots' (target at most {args.target:g}x):")
    for (game, players), by_kind in ratios.items():
        print(f"  {game} {players} players: " + ", ".join(f"{k} / random {v:.2f}x" for k, v in by_kind.items()))
    if args.curve:
        print("rule bots, cost by player count:")
        for game in ("secret-hitler", "mccarthyism", "shady-agents"):
            curve(game, max(args.games // 3, 30), args.seed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
