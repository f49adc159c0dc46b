"""Uniform shuffles drawn with a single draw from the game's :class:`~hiddenrole.engine.Rng`.

A shuffle of ``k`` items (``k <= 18``, so that ``k!`` is below ``2**53``) is one uniform
integer ``code`` in ``0 .. k! - 1`` (``Rng.below``, which is built only on
``random.random()`` and so is the same on every Python) read as a number in the
factorial base (a Lehmer code): its digits pick the next item among those left. This is
a bijection between codes and orders, so every order is equally likely, and it costs one
draw instead of ``k - 1`` (the deal and the deck shuffle are drawn in every game).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

from hiddenrole.engine import Rng

T = TypeVar("T")

_FACTORIALS = [math.factorial(k) for k in range(19)]


def shuffled(rng: Rng, items: Sequence[T]) -> list[T]:
    """A new list of ``items`` in a uniformly random order (one draw from ``rng``).

    Raises:
        ValueError: more than 18 items.
    """
    k = len(items)
    if k > 18:
        raise ValueError(f"shuffled: {k} items is more than 18")
    code = rng.below(_FACTORIALS[k]) if k > 1 else 0
    pool = list(items)
    out = []
    for radix in range(k, 0, -1):
        code, i = divmod(code, radix)
        out.append(pool.pop(i))
    return out
