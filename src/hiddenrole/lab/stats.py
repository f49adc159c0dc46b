"""Statistics for win rates: Wilson intervals, and the paired comparison of two settings
played on the same seeds (exact McNemar test, Newcombe's interval for the change)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any
from dataclasses import dataclass


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Args:
        successes: count of wins (0 .. trials).
        trials: count of games; 0 gives ``(0.0, 1.0)``.
        z: the normal quantile (1.96 for 95%).

    Returns:
        ``(low, high)`` as fractions in ``[0, 1]``.
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes={successes} outside 0..{trials}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def pooled_wilson(wins: int, games: int) -> tuple[float, float, float]:
    """``(rate, low, high)`` of ``wins`` out of ``games`` with its 95% Wilson interval (fractions)."""
    low, high = wilson_interval(wins, games)
    return (wins / games if games else 0.0, low, high)


@dataclass(frozen=True)
class PairedComparison:
    """Two settings played on the same seeds, for one side: did the change move its win rate?

    Attributes:
        games: seeds played with both settings (count).
        wins_a, wins_b: games the side won with setting A / with setting B (counts).
        only_a: seeds the side won with A but not with B (discordant pairs, count).
        only_b: seeds the side won with B but not with A (count).
        difference: the win rate with B minus the win rate with A (a fraction, -1..1).
        low, high: its 95% interval (Newcombe's square-and-add interval for paired data).
        p_value: the two-sided exact McNemar test of "the change does not move the win rate".
    """

    games: int
    wins_a: int
    wins_b: int
    only_a: int
    only_b: int
    difference: float
    low: float
    high: float
    p_value: float

    @property
    def moved(self) -> bool:
        """Whether the change moved the win rate at the 5% level (``p_value < 0.05``)."""
        return self.p_value < 0.05


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """The two-sided exact McNemar p-value from the discordant pairs (counts).

    Under "no change", each of the ``only_a + only_b`` seeds where the two settings disagree
    is equally likely to favour either: an exact binomial test with p = 1/2
    (:func:`scipy.stats.binomtest`). With no discordant pair the p-value is 1.

    Raises ``ValueError`` on a negative count.
    """
    if only_a < 0 or only_b < 0:
        raise ValueError(f"discordant pair counts must not be negative, not {only_a} and {only_b}")
    if only_a + only_b == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(min(1.0, binomtest(only_b, only_a + only_b, 0.5, alternative="two-sided").pvalue))


def paired_difference_interval(both: int, only_a: int, only_b: int, neither: int) -> tuple[float, float, float]:
    """The change in a win rate between two settings played on the same seeds, with its 95% interval.

    Newcombe's square-and-add interval for paired proportions (Newcombe 1998, method 10;
    Fagerland, Lydersen and Laake, *Statistical Analysis of Contingency Tables*, ch. 8),
    built from the Wilson intervals of the two win rates and their correlation.

    Args:
        both: seeds the side won with both settings; ``only_a``/``only_b``: won only with
            setting A / only with B; ``neither``: won with neither (counts).

    Returns:
        ``(difference, low, high)``: the win rate with B minus the win rate with A, as fractions.

    Raises:
        ValueError: a negative count, or no games.
    """
    cells = (both, only_a, only_b, neither)
    if min(cells) < 0:
        raise ValueError(f"counts must not be negative, not {cells}")
    n = sum(cells)
    if n == 0:
        raise ValueError("no games to compare")
    wins_a, wins_b = both + only_a, both + only_b
    pa, pb = wins_a / n, wins_b / n
    la, ua = wilson_interval(wins_a, n)
    lb, ub = wilson_interval(wins_b, n)
    product = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = 0.0
    if product > 0:
        cross = both * neither - only_a * only_b
        corrected = cross - n / 2 if cross > n / 2 else (cross if cross < 0 else 0.0)
        phi = corrected / math.sqrt(product)
    d = pb - pa
    low = d - math.sqrt(max(0.0, (pb - lb) ** 2 - 2 * phi * (pb - lb) * (ua - pa) + (ua - pa) ** 2))
    high = d + math.sqrt(max(0.0, (ub - pb) ** 2 - 2 * phi * (ub - pb) * (pa - la) + (pa - la) ** 2))
    return (d, max(-1.0, low), min(1.0, high))


def compare_paired(a: Sequence[bool], b: Sequence[bool]) -> PairedComparison:
    """Compare a side's results seed by seed: ``a[i]``/``b[i]`` say whether it won seed ``i``
    with setting A / B. Returns the discordant pairs, the change with its interval and the
    exact McNemar p-value.

    Raises ``ValueError`` when the two lists differ in length or are empty.
    """
    if len(a) != len(b):
        raise ValueError(f"the two settings were played on different seeds ({len(a)} and {len(b)} games)")
    both = sum(1 for x, y in zip(a, b) if x and y)
    only_a = sum(1 for x, y in zip(a, b) if x and not y)
    only_b = sum(1 for x, y in zip(a, b) if y and not x)
    neither = len(a) - both - only_a - only_b
    d, low, high = paired_difference_interval(both, only_a, only_b, neither)
    return PairedComparison(len(a), both + only_a, both + only_b, only_a, only_b, d, low, high,
                            mcnemar_exact(only_a, only_b))


def paired_rows(
    a: Mapping[int, Any], b: Mapping[int, Any], side: str
) -> list[tuple[str, PairedComparison]]:
    """The paired comparison of ``side`` at each player count, then over all counts pooled.

    Args:
        a, b: ``{player count: CountResult}`` of settings A and B, each game's winner kept
            (``per_game``: game index -> winning side).
        side: the side compared.

    Returns:
        ``[(str(count), comparison), ..., ("all", pooled comparison)]``: pooling pairs each
        seed of each count with itself, so the pooled test is still paired.

    Raises:
        ValueError: a count missing from one setting, or a count whose games were not kept
            or were played on other seeds.
    """
    rows: list[tuple[str, PairedComparison]] = []
    all_a: list[bool] = []
    all_b: list[bool] = []
    for n in a:
        if n not in b:
            raise ValueError(f"setting B has no games at {n} players")
        games_a, games_b = a[n].per_game, b[n].per_game
        if not games_a or set(games_a) != set(games_b):
            raise ValueError(f"at {n} players the two settings were not played on the same seeds, game by game")
        order = sorted(games_a)
        won_a = [games_a[i] == side for i in order]
        won_b = [games_b[i] == side for i in order]
        rows.append((str(n), compare_paired(won_a, won_b)))
        all_a += won_a
        all_b += won_b
    rows.append(("all", compare_paired(all_a, all_b)))
    return rows
