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

    def countdown(self, n: int, k: int, per_draw: int = 1) -> list[int]:
        """``k`` independent uniform choices, the ``i``-th in ``0 .. n-1-i`` (the choices of a
        shuffle or a sample of ``n`` items), in order.

        ``per_draw`` is the largest span one draw of :meth:`below` may cover: consecutive
        choices are packed greedily into one draw below the product of their ranges while
        that product stays within ``per_draw`` (1: one draw per choice; :data:`PACKED`: the
        48-card deck in 5 draws; :data:`ONE_DRAW`: up to 18 items in a single draw), and read
        back as mixed-radix digits, the first choice least significant. Every choice stays
        exactly uniform and independent; the packing only changes how many draws are used,
        so a game keeps its packing for its seeded games to replay.

        Raises:
            ValueError: ``k`` not in ``0 .. n``.
        """
        if not 0 <= k <= n:
            raise ValueError(f"sample of {k} from {n} items")
        plan = _plan(n, k, per_draw)
        out: list[int] = []
        keep = out.append
        below = self.below
        for span, radices in plan:
            r = below(span)
            for radix in radices:
                r, d = divmod(r, radix)
                keep(d)
        return out

    def shuffled(self, items: Sequence[T], *, per_draw: int = 1, pick: bool = False) -> list[T]:
        """A new list with the items in a uniformly random order.

        Args:
            items: what to shuffle (not changed).
            per_draw: how the choices are packed into draws (:meth:`countdown`).
            pick: False (the default): Fisher-Yates, for ``i`` from the last position down to 1
                swap position ``i`` with a uniform ``j`` in ``0 .. i``; True: each choice picks
                the next item among those left (a Lehmer code). Both give every order with
                the same chance; a game keeps its choice so its seeded games replay.
        """
        out = list(items)
        n = len(out)
        if pick:
            return [out.pop(d) for d in self.countdown(n, n, per_draw)]
        i = n - 1
        for j in self.countdown(n, n - 1 if n else 0, per_draw):
            out[i], out[j] = out[j], out[i]
            i -= 1
        return out

    def sample(self, items: Sequence[T], k: int, *, per_draw: int = 1, pick: bool = True) -> list[T]:
        """``k`` distinct elements, in draw order, every ordered choice equally likely.

        Args:
            items: the pool (not changed).
            k: how many, ``0 .. len(items)``.
            per_draw: how the choices are packed into draws (:meth:`countdown`).
            pick: True (the default): each choice takes the item at that place among those
                left; False: a partial Fisher-Yates, position ``i`` swapped with a uniform
                position in ``i .. n-1``.

        Raises:
            ValueError: ``k`` not in ``0 .. len(items)``.
        """
        pool = list(items)
        choices = self.countdown(len(pool), k, per_draw)
        if pick:
            return [pool.pop(d) for d in choices]
        for i, d in enumerate(choices):
            j = i + d
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


#: ``per_draw`` for choices packed into draws of at most 2**47 values (rejection redraws < 1%).
PACKED: Final = 1 << 47
#: ``per_draw`` for all the choices of up to 18 items in one draw (18! < 2**53).
ONE_DRAW: Final = _TWO_53

_PLANS: dict[tuple[int, int, int], list[tuple[int, tuple[int, ...]]]] = {}


def _plan(n: int, k: int, per_draw: int) -> list[tuple[int, tuple[int, ...]]]:
    """The draws of :meth:`Rng.countdown`: ``(span, radices)`` per draw, the radices ``n, n-1,
    ... n-k+1`` grouped greedily so that each span (their product) stays within ``per_draw``
    (a radix larger than ``per_draw`` is a draw of its own). Cached by its arguments."""
    key = (n, k, per_draw)
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    plan = []
    group: list[int] = []
    span = 1
    for radix in range(n, n - k, -1):
        if group and span * radix > per_draw:
            plan.append((span, tuple(group)))
            group, span = [], 1
        group.append(radix)
        span *= radix
    if group:
        plan.append((span, tuple(group)))
    if len(_PLANS) > 4096:
        _PLANS.clear()
    _PLANS[key] = plan
    return plan


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
