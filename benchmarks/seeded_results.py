"""The lab's seeded results, as one hash per game: proof that a change to the engine, the bots
or the play loop left every seeded game exactly as it was.

    .venv/bin/python benchmarks/seeded_results.py                 # 2,000 games per game
    .venv/bin/python benchmarks/seeded_results.py --games 200
    .venv/bin/python benchmarks/seeded_results.py --human --games 300   # the human bots' rows

For each game and player count below, games ``0 .. N-1`` are played as the lab plays them
(``hiddenrole.lab.simulate.play_seeded``: seed ``derive_seed(seed, game, players, i)``, bots
seated after the deal) with rule bots in every seat, and random bots in every seat. Two
SHA-256 digests are printed per row: of the results (winner, reason, actions, turns,
timeouts of each game, in order), and of every action every bot chose. Run it before and
after a change: the digests must be the same (docs/performance.md records them). ``--human``
prints the same digests for human bots in every seat instead (default parameters; also
McCarthyism at 20 players).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from hiddenrole.bots import seat_bots
from hiddenrole.engine import derive_seed, game_class
from hiddenrole.lab import play_game
from hiddenrole.lab.simulate import load_target, play_seeded, player_names

ROWS = [("secret-hitler", 7), ("mccarthyism", 12), ("shady-agents", 8)]
KINDS = {"rule": None, "random": "hiddenrole.bots.random_bot:RandomBot"}
HUMAN_ROWS = [("secret-hitler", 7), ("mccarthyism", 12), ("mccarthyism", 20), ("shady-agents", 8)]
SEED = 2026


def digests(game: str, players: int, kind: str, games: int) -> tuple[str, str]:
    """The (results, actions) SHA-256 hex digests of ``games`` seeded games with ``kind`` bots."""
    cls = game_class(game)
    from hiddenrole.bots.base import _BOTS  # the registered targets, by kind and game
    target = _BOTS[kind].get(game) or _BOTS[kind]["*"]
    results, actions = hashlib.sha256(), hashlib.sha256()
    bot_cls = load_target(target)
    for i in range(games):
        results.update(repr(play_seeded(cls, game, players, SEED, i, None, {"*": target})).encode())
        game_seed = derive_seed(SEED, game, players, i)
        g = cls(player_names(players), None, seed=game_seed)
        bots = seat_bots(g.players, bot_cls, game_seed)
        play_game(g, bots, on_step=lambda _g, a: actions.update(
            json.dumps(a, sort_keys=True).encode() if a is not None else b"timeout"))
    return results.hexdigest()[:16], actions.hexdigest()[:16]


def main(argv: list[str]) -> int:
    """Print one line per game, player count and bot kind; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per row (default 2,000)")
    parser.add_argument("--human", action="store_true", help="the human bots' rows instead")
    args = parser.parse_args(argv)
    import hiddenrole.engine.game as g
    print(f"build: {'compiled' if not g.__file__.endswith('.py') else 'pure'}; {args.games} games per row, seed {SEED}")
    for game, players in HUMAN_ROWS if args.human else ROWS:
        for kind in ("human",) if args.human else KINDS:
            start = time.perf_counter()
            res, act = digests(game, players, kind, args.games)
            print(f"{game:<14} {players:>2}p {kind:<6} results {res}  actions {act}  ({time.perf_counter() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
