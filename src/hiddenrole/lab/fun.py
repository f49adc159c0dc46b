"""Fun, measured: a win-probability estimate for every public moment of a game, and the
quality measures a designer reads from it (after Browne's measures of game quality as
Ludii's evaluation metrics implement them, adapted to hidden-role games).

* :func:`public_features` turns what a spectator sees (the spectator observer's board,
  never hidden state) into numbers;
* :class:`WinModel` is a logistic regression over those numbers, fitted with
  ``scipy.optimize`` on simulated games: the probability that the first side wins;
* :func:`uncertainty`, :func:`lead_changes`, :func:`drama`, :func:`decisive_moment` read one
  game's probability line; :func:`downtime` reads who was asked at each moment;
* :func:`fun_summary` does all of it for the games of one player count and option set,
  fitting on half of the games and drawing the lines of the other half (two-fold cross
  fitting), so no game's line comes from a model that saw its end.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The band of "still open": a game stays open while the favourite's chance is below 80%.
OPEN_LOW, OPEN_HIGH = 0.2, 0.8
#: A comeback: the winner's chance fell this low at some moment.
COMEBACK_BELOW = 0.25
#: The measures a tune may favour (``--favour``), each with what it favours.
FAVOURABLE = {
    "uncertainty": "the game stays open longer",
    "decisive": "the game is decided nearer its end",
    "lead_changes": "the lead changes more often",
    "drama": "the winner comes from further behind",
    "downtime": "less time out of play",
}


def public_features(board: Mapping[str, Any], players: Sequence[str]) -> dict[str, float]:
    """Numbers from a spectator's board (``Observer(game, None).board()``).

    Numbers and booleans are kept under their path (``"policies.liberal"``); a list gives
    its length; a mapping keyed by the seated players gives the count of players whose
    value is true-ish (and, for numbers, their sum), so the features mean the same at
    every table size; strings are left out. Every value is also given divided by the
    player count (``"/n"`` suffix) where it is a count of players.

    Args:
        board: the board JSON; players: the seat names.

    Returns:
        ``{feature name: value}``, with ``"players"`` the player count.
    """
    seated = frozenset(players)
    out: dict[str, float] = {"players": float(len(players))}

    def walk(value: Any, path: str) -> None:
        if isinstance(value, bool):
            out[path] = 1.0 if value else 0.0
        elif isinstance(value, (int, float)):
            out[path] = float(value)
        elif isinstance(value, (list, tuple)):
            out[path + "#"] = float(len(value))
            out[path + "#/n"] = len(value) / len(players)
        elif isinstance(value, Mapping):
            if value and all(k in seated for k in value):
                truthy = sum(1 for v in value.values() if v)
                out[path + "#players"] = float(truthy)
                out[path + "#players/n"] = truthy / len(players)
                numbers = [v for v in value.values() if isinstance(v, (int, float)) and not isinstance(v, bool)]
                if numbers:
                    out[path + "#sum"] = float(sum(numbers))
                return
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else str(key))

    walk(board, "")
    return out


@dataclass
class GameTrace:
    """One game's public moments, for the fun measures.

    Attributes:
        index: the game's index in the run. winner: the winning side (``None``: a draw).
        features: for each public moment (before each decision moment and each deadline),
            :func:`public_features` of the spectator's board.
        asked: for each of those moments, the players asked to act (empty at a deadline).
        players: the seat names.
    """

    index: int
    winner: str | None
    features: list[dict[str, float]] = field(default_factory=list)
    asked: list[tuple[str, ...]] = field(default_factory=list)
    players: tuple[str, ...] = ()


# --------------------------------------------------------------------------- the model
def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass
class WinModel:
    """A logistic regression: the chance that ``side`` wins, from public features.

    Attributes:
        side: the side whose chance it gives (the game's first side).
        names: the features used (those seen in training), in order.
        means, scales: each feature's mean and spread in training (standardisation).
        weights: one per feature; bias: the intercept.
    """

    side: str
    names: list[str]
    means: list[float]
    scales: list[float]
    weights: list[float]
    bias: float

    def predict(self, features: Mapping[str, float]) -> float:
        """The chance (0..1) that :attr:`side` wins, at a moment with these features (a
        feature missing from them counts as 0)."""
        z = self.bias
        for name, mean, scale, w in zip(self.names, self.means, self.scales, self.weights):
            z += w * (features.get(name, 0.0) - mean) / scale
        return _sigmoid(z)

    def line(self, trace: GameTrace) -> list[float]:
        """The chance of :attr:`side` at each public moment of a game."""
        return [self.predict(f) for f in trace.features]


def fit_model(traces: Sequence[GameTrace], side: str, penalty: float = 1e-2) -> WinModel:
    """Fit :class:`WinModel` on games (draws included, as games ``side`` did not win).

    Every moment of a game is a sample labelled with the game's outcome; each game weighs
    1 in all (a long game does not outweigh a short one). The loss is the mean log-loss
    plus ``penalty`` times the squared weights (on standardised features), minimised with
    ``scipy.optimize.minimize`` (L-BFGS-B) from zero: the same games give the same model.

    Raises:
        ValueError: no game with a moment.
    """
    import numpy as np
    from scipy.optimize import minimize

    games = [t for t in traces if t.features]
    if not games:
        raise ValueError("no game with a public moment to fit the win-probability model on")
    names = sorted({name for t in games for f in t.features for name in f})
    rows, labels, weights = [], [], []
    for t in games:
        y = 1.0 if t.winner == side else 0.0
        w = 1.0 / len(t.features)
        for f in t.features:
            rows.append([f.get(name, 0.0) for name in names])
            labels.append(y)
            weights.append(w)
    x = np.array(rows, dtype=float)
    y_arr = np.array(labels, dtype=float)
    w_arr = np.array(weights, dtype=float) / len(games)
    means = x.mean(axis=0)
    scales = x.std(axis=0)
    scales[scales < 1e-9] = 1.0
    z = (x - means) / scales
    base = float(np.clip(np.sum(w_arr * y_arr), 1e-6, 1 - 1e-6))

    def loss(theta: Any) -> tuple[float, Any]:
        b, ws = theta[0], theta[1:]
        s = z @ ws + b
        p = 1.0 / (1.0 + np.exp(-s))
        eps = 1e-12
        value = -np.sum(w_arr * (y_arr * np.log(p + eps) + (1 - y_arr) * np.log(1 - p + eps))) + penalty * ws @ ws
        err_ = w_arr * (p - y_arr)
        grad = np.concatenate(([np.sum(err_)], z.T @ err_ + 2 * penalty * ws))
        return float(value), grad

    start = np.zeros(len(names) + 1)
    start[0] = math.log(base / (1 - base))
    fitted = minimize(loss, start, jac=True, method="L-BFGS-B")
    theta = fitted.x
    return WinModel(side, names, [float(v) for v in means], [float(v) for v in scales],
                    [float(v) for v in theta[1:]], float(theta[0]))


def brier(lines: Sequence[Sequence[float]], outcomes: Sequence[float]) -> float:
    """The Brier score of probability lines against outcomes (1: the side won, 0: it did
    not): the mean squared error over each game's moments, each game weighing 1."""
    scores = [sum((p - y) ** 2 for p in line) / len(line) for line, y in zip(lines, outcomes) if line]
    return sum(scores) / len(scores) if scores else 0.0


# --------------------------------------------------------------------------- the measures
def uncertainty(line: Sequence[float], low: float = OPEN_LOW, high: float = OPEN_HIGH) -> float:
    """How late the outcome is still open: the share of the game's moments up to and
    including the last one at which the chance lies in ``[low, high]`` (0: never open,
    1: open until the last moment). ``line``: the chance of one side at each moment."""
    if not line:
        return 0.0
    last = -1
    for i, p in enumerate(line):
        if low <= p <= high:
            last = i
    return (last + 1) / len(line)


def lead_changes(line: Sequence[float]) -> int:
    """How often the favourite changes: crossings of 0.5 (a moment at exactly 0.5 is no
    side's; the lead changes when the next side to lead differs from the last one)."""
    changes = 0
    leader = 0
    for p in line:
        now = 1 if p > 0.5 else -1 if p < 0.5 else 0
        if now:
            if leader and now != leader:
                changes += 1
            leader = now
    return changes


def winner_line(line: Sequence[float], side_won: bool) -> list[float]:
    """The winner's chance at each moment: ``line`` (the first side's chance) when the first
    side won, else one minus it."""
    return list(line) if side_won else [1.0 - p for p in line]


def drama(line: Sequence[float], side_won: bool) -> float:
    """The comeback: the winner's lowest chance over the game (low: it came from behind)."""
    return min(winner_line(line, side_won)) if line else 1.0


def decisive_moment(line: Sequence[float], side_won: bool) -> float:
    """When the game was decided, as a share of its moments (0..1): the moment the winner's
    chance last crossed above 0.5 and stayed there, divided by the number of moments; 0
    when the winner led from the first moment, 1 when the winner never led before the end."""
    won = winner_line(line, side_won)
    if not won:
        return 1.0
    last = len(won)  # never led: decided at the end
    for i in range(len(won) - 1, -1, -1):
        if won[i] > 0.5:
            last = i
        else:
            break
    return last / len(won)


def downtime(asked: Sequence[Sequence[str]], players: Sequence[str]) -> float:
    """The share of a game a player spends out of play, averaged over the players: for each
    player, the decision moments after their last decision (executed, blacklisted or never
    asked again), divided by the game's decision moments (moments that asked somebody; a
    player never asked is out for the whole game)."""
    moments = [set(a) for a in asked if a]
    total = len(moments)
    if not total or not players:
        return 0.0
    shares = []
    for player in players:
        last = -1
        for i, who in enumerate(moments):
            if player in who:
                last = i
        shares.append((total - 1 - last) / total)
    return sum(shares) / len(shares)


# --------------------------------------------------------------------------- per count
#: Sample win-probability lines kept per player count (the first games by index).
SAMPLE_LINES = 3


def fun_summary(traces: Sequence[GameTrace], side: str) -> dict[str, Any]:
    """The fun measures of the games of one player count and option set.

    The model is fitted twice: on the even-indexed games to draw the lines of the odd
    ones, and on the odd ones for the even ones (needs games of both kinds, else the lines
    come from a model fitted on all games and ``"held_out"`` is false).

    Returns:
        ``{"games", "side", "held_out", "brier", "brier_base", "uncertainty", "lead_changes",
        "drama", "comebacks", "decisive", "downtime", "samples"}``: ``brier`` of the model's
        lines on the games it did not see, ``brier_base`` of the constant predictor (the
        fitting half's win rate); the measures are means over the games (drama and decisive
        over the games with a winner; ``comebacks``: the share of those the winner won from
        below :data:`COMEBACK_BELOW`); ``samples``: ``[{"index", "winner", "line"}]`` for
        the first :data:`SAMPLE_LINES` games (chances rounded to 3 places).

    Raises:
        ValueError: no game with a public moment.
    """
    games = sorted((t for t in traces if t.features), key=lambda t: t.index)
    if not games:
        raise ValueError("no game with a public moment to measure")
    halves = [[t for t in games if t.index % 2 == k] for k in (0, 1)]
    held_out = all(halves)
    lines: dict[int, list[float]] = {}
    base: dict[int, float] = {}
    if held_out:
        for k in (0, 1):
            model = fit_model(halves[k], side)
            rate = sum(1 for t in halves[k] if t.winner == side) / len(halves[k])
            for t in halves[1 - k]:
                lines[t.index] = model.line(t)
                base[t.index] = rate
    else:
        model = fit_model(games, side)
        rate = sum(1 for t in games if t.winner == side) / len(games)
        for t in games:
            lines[t.index] = model.line(t)
            base[t.index] = rate
    outcomes = [1.0 if t.winner == side else 0.0 for t in games]
    decided = [t for t in games if t.winner is not None]

    def mean(values: Sequence[float]) -> float:
        return sum(values) / len(values) if values else 0.0

    lows = [drama(lines[t.index], t.winner == side) for t in decided]
    return {
        "games": len(games),
        "side": side,
        "held_out": held_out,
        "brier": brier([lines[t.index] for t in games], outcomes),
        "brier_base": brier([[base[t.index]] for t in games], outcomes),
        "uncertainty": mean([uncertainty(lines[t.index]) for t in games]),
        "lead_changes": mean([float(lead_changes(lines[t.index])) for t in games]),
        "drama": mean(lows),
        "comebacks": mean([1.0 if low < COMEBACK_BELOW else 0.0 for low in lows]),
        "decisive": mean([decisive_moment(lines[t.index], t.winner == side) for t in decided]),
        "downtime": mean([downtime(t.asked, t.players) for t in games]),
        "samples": [{"index": t.index, "winner": t.winner if t.winner is not None else "draw",
                     "line": [round(p, 3) for p in lines[t.index]]} for t in games[:SAMPLE_LINES]],
    }


def favour_score(summary: Mapping[str, Any], measure: str) -> float:
    """How good a setting is on a fun measure, 0 (worst) .. 1 (best) (see :data:`FAVOURABLE`).

    Raises:
        ValueError: an unknown measure (the message lists them).
    """
    if measure not in FAVOURABLE:
        raise ValueError(f"--favour {measure}: use one of {', '.join(FAVOURABLE)}")
    value = float(summary[measure])
    if measure in ("uncertainty", "decisive"):
        return value
    if measure == "lead_changes":
        return min(1.0, value / 3.0)
    return 1.0 - min(1.0, max(0.0, value))  # drama (winner's low), downtime (share)
