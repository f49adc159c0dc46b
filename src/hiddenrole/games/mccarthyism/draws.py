"""The game's packed draws: uniform shuffles and samples that take several choices from one draw.

A uniform integer below ``m1 * m2 * ... * mk`` read as mixed-radix digits gives ``k``
independent uniform digits (digit ``i`` below ``mi``). Fisher-Yates needs one uniform choice
per step, so the steps are grouped into draws of the engine's :class:`~hiddenrole.engine.Rng`
spanning at most 2**47 values each (its rejection sampling then redraws less than 1% of the
time): the 48-card action deck takes 5 draws instead of 47. The chance outcomes stay
explicit: the game calls these inside ``self.chance.outcome(kind, draw, check)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from hiddenrole.engine import Rng

T = TypeVar("T")

_SPAN_CAP = 1 << 47
_PLANS: dict[tuple[int, int], list[tuple[int, tuple[tuple[int, int], ...]]]] = {}


def _plan(n: int, k: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """The draws of a Fisher-Yates over ``n`` items: ``k >= 0`` is a sample of ``k`` (steps
    ``(i, n - i)`` for ``i`` in ``0 .. k-1``); ``k = -1`` a whole shuffle (steps ``(i, i + 1)`` for ``i``
    from ``n - 1`` down to 1). Each ``(span, steps)`` is one draw below ``span``, the product of the
    radices of its ``(position, radix)`` steps."""
    cached = _PLANS.get((n, k))
    if cached is not None:
        return cached
    pairs = [(i, i + 1) for i in range(n - 1, 0, -1)] if k < 0 else [(i, n - i) for i in range(k)]
    plan: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    steps: list[tuple[int, int]] = []
    span = 1
    for step in pairs:
        if span * step[1] > _SPAN_CAP:
            plan.append((span, tuple(steps)))
            steps, span = [], 1
        steps.append(step)
        span *= step[1]
    if steps:
        plan.append((span, tuple(steps)))
    _PLANS[n, k] = plan
    return plan


def shuffled(rng: Rng, items: Sequence[T]) -> list[T]:
    """A new list of ``items`` in a uniformly random order (all ``n!`` orders equally likely).

    Fisher-Yates: for ``i`` from ``n - 1`` down to 1, swap item ``i`` with item ``j``, ``j``
    uniform in ``0 .. i``; the ``j`` are read from packed draws (module docstring).
    """
    out = list(items)
    below = rng.below
    for span, steps in _plan(len(out), -1):
        r = below(span)
        for i, radix in steps:
            r, j = divmod(r, radix)
            out[i], out[j] = out[j], out[i]
    return out


def sample(rng: Rng, n: int, k: int) -> list[int]:
    """``k`` distinct integers of ``0 .. n-1``, uniformly (every ordered choice equally likely), in draw order.

    A partial Fisher-Yates: for ``i`` in ``0 .. k-1``, swap position ``i`` with a uniform
    position in ``i .. n-1``. Raises ``ValueError`` unless ``0 <= k <= n``.
    """
    if not 0 <= k <= n:
        raise ValueError(f"sample of {k} from {n} items")
    pool = list(range(n))
    below = rng.below
    for span, steps in _plan(n, k):
        r = below(span)
        for i, radix in steps:
            r, j = divmod(r, radix)
            j += i
            pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]
