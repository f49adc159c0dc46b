"""Chance outcomes: every random event of a game is drawn here, from a seeded generator.

A game never calls :mod:`random` directly. It asks its :class:`Chance` for a named outcome
(``"order"``, ``"roles"``, ``"deck"``, ``"reshuffles"``, ``"picks"``, ``"timeout"``...). In play
the outcome is drawn from :class:`Rng`; a script or a test may *fix* it instead. Every outcome
is recorded, so a game can be replayed and audited (the server's ``verify`` re-draws them
from the seed and compares).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar

from .errors import BadSetup

T = TypeVar("T")

_TWO_53: Final = 1 << 53


def seed_to_int(seed: int | str | bytes) -> int:
    """Turn a seed (an int, or any string/bytes) into a non-negative int, the same on every Python.

    Ints are used as they are (negative ones are folded with ``abs``); strings and bytes
    are hashed with SHA-256.
    """
    if isinstance(seed, bool):
        raise TypeError("a seed is an int, str or bytes, not a bool")
    if isinstance(seed, int):
        return abs(seed)
    if isinstance(seed, str):
        seed = seed.encode("utf-8")
    return int.from_bytes(hashlib.sha256(seed).digest()[:16], "big")


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed derived from several parts (e.g. a base seed and a game index).

    Used by the balance lab so that game ``i`` of a run has the same seed whatever the
    number of workers.
    """
    text = "/".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


class Rng:
    """A seeded generator whose draws are identical on every Python version.

    Python guarantees only that ``random.Random(seed).random()`` yields the same sequence
    across versions (not ``shuffle``, ``randrange`` or ``choice``), so every draw here is
    built from ``random()``: a 53-bit integer, and rejection sampling for uniform integers.
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int | str | bytes) -> None:
        self._random = random.Random(seed_to_int(seed)).random

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1``. Raises ``ValueError`` when ``n < 1``."""
        if n < 1:
            raise ValueError(f"below({n}): n must be at least 1")
        if n == 1:
            return 0
        limit = _TWO_53 - (_TWO_53 % n)
        rand = self._random
        while True:
            r = int(rand() * _TWO_53)
            if r < limit:
                return r % n

    def below_many(self, n: int, k: int) -> list[int]:
        """``k`` independent uniform integers in ``0 .. n-1``, in draw order.

        Cheaper than ``k`` calls of :meth:`below` for small ``n``: one 53-bit draw is split
        into as many base-``n`` digits as fit (e.g. five 3-digit codes), with rejection
        sampling on the packed value so every digit stays exactly uniform.
        Raises ``ValueError`` when ``n < 1`` or ``k < 0``.
        """
        if n < 1 or k < 0:
            raise ValueError(f"below_many({n}, {k}): need n >= 1 and k >= 0")
        if n == 1:
            return [0] * k
        per = 1
        while n ** (per + 1) <= _TWO_53:
            per += 1
        span = n**per
        limit = _TWO_53 - (_TWO_53 % span)
        rand = self._random
        out: list[int] = []
        keep = out.append
        digits = range(per)
        while len(out) < k:
            r = int(rand() * _TWO_53)
            if r < limit:
                # the base-n digits of r % span, least significant first
                for _ in digits:
                    keep(r % n)
                    r //= n
        del out[k:]  # the last draw's unused digits
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        below = self.below
        for i in range(len(out) - 1, 0, -1):
            j = below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements, in draw order."""
        if not 0 <= k <= len(items):
            raise ValueError(f"sample of {k} from {len(items)} items")
        pool = list(items)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return out


class Chance:
    """The source of a game's chance outcomes.

    Args:
        seed: the game's seed (int, str or bytes).
        fixed: optional outcomes fixed by a script or a host, by kind. For a kind drawn
            once (``"order"``, ``"roles"``, ``"deck"``...) the value is the outcome; for a
            kind drawn repeatedly the value is a list used in turn (``"reshuffles"``,
            ``"picks"``...), after which draws come from the generator again.

    Every outcome, drawn or fixed, is appended to :attr:`record` as ``(kind, outcome)``.
    """

    __slots__ = ("seed", "rng", "fixed", "record", "_used")

    def __init__(self, seed: int | str | bytes = 0, fixed: Mapping[str, Any] | None = None) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.fixed: dict[str, Any] = dict(fixed or {})
        self.record: list[tuple[str, Any]] = []
        self._used: dict[str, int] = {}

    def outcome(
        self,
        kind: str,
        draw: Callable[[Rng], T],
        check: Callable[[Any], T] | None = None,
        *,
        sequence: bool = False,
    ) -> T:
        """Return the next outcome of ``kind``.

        Args:
            kind: the outcome's name, as scripts name it.
            draw: draws the outcome from the generator when it is not fixed.
            check: validates a fixed outcome and returns it normalised; it raises
                :class:`~hiddenrole.engine.errors.BadSetup` (or ``ValueError``, which is
                wrapped) naming what is wrong. Without it a fixed value is taken as it is.
            sequence: the kind is drawn repeatedly; its fixed value is a list used in turn.

        Raises:
            BadSetup: a fixed outcome that ``check`` rejects.
        """
        if kind in self.fixed:
            value: Any = self.fixed[kind]
            use = True
            if sequence:
                i = self._used.get(kind, 0)
                if not isinstance(value, list):
                    raise BadSetup(f"chance {kind!r} must be a list of outcomes, used in turn")
                if i < len(value):
                    self._used[kind] = i + 1
                    value = value[i]
                else:
                    use = False
            if use:
                if check is not None:
                    try:
                        value = check(value)
                    except BadSetup:
                        raise
                    except (ValueError, TypeError, KeyError) as exc:
                        raise BadSetup(f"chance {kind!r}: {exc}") from None
                self.record.append((kind, value))
                return value
        value = draw(self.rng)
        self.record.append((kind, value))
        return value
