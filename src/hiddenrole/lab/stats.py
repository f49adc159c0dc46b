"""Statistics for win rates."""

from __future__ import annotations

import math


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
