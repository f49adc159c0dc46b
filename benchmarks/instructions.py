"""Play seeded games inside ``functools.reduce``, for counting their instructions with callgrind.

CPU times on a shared machine wander by 30% and more between batches; instruction counts do
not. This script plays games 0 to 2 of ``bench_bots.py``'s seeds as a warm-up (imports,
caches), then games 3 to ``3 + N - 1`` inside ``functools.reduce``, so that callgrind counts
only those (docs/performance.md)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        .venv/bin/python benchmarks/instructions.py secret-hitler 7 human 10

Divide the ``summary`` (``Ir``) of the ``callgrind.out.*`` file by N for the instructions per
game. KIND is ``rule``, ``human`` or ``random``. Prints the actions played in the N games.
"""

from __future__ import annotations

import functools
import sys

from bench_bots import target_of

from hiddenrole.engine import BadSetup, game_class
from hiddenrole.lab.simulate import play_seeded


def main(argv: list[str]) -> int:
    """Play the games named by ``argv`` (GAME PLAYERS KIND N); returns the exit status."""
    if len(argv) != 4 or not argv[1].isdigit() or not argv[3].isdigit():
        print("usage: instructions.py GAME PLAYERS KIND N (PLAYERS and N whole numbers)", file=sys.stderr)
        return 2
    game, players, kind, n = argv[0], int(argv[1]), argv[2], int(argv[3])
    try:
        cls = game_class(game)
        targets = {"*": target_of(kind, game)}
    except (KeyError, ValueError, BadSetup) as exc:
        print(f"instructions.py: {exc}", file=sys.stderr)
        return 2
    cache: dict = {}
    for i in range(3):
        play_seeded(cls, game, players, 0, i, None, targets, cache, count_phases=False)

    def one(actions: int, i: int) -> int:
        return actions + play_seeded(cls, game, players, 0, i, None, targets, cache, count_phases=False)[2]

    print(functools.reduce(one, range(3, 3 + n), 0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
