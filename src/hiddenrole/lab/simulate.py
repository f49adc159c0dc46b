"""Simulate many seeded games per player count and count how they ended.

Game ``i`` at player count ``n`` is seeded with ``derive_seed(seed, game, n, i)``, so a
result does not depend on how the games are split between workers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import bot_class
from ..engine import derive_seed, game_class
from .play import play_game
from .stats import wilson_interval


@dataclass
class CountResult:
    """The tally of the games at one player count."""

    players: int
    games: int = 0
    wins: Counter = field(default_factory=Counter)  # side -> count; "draw" for draws
    reasons: Counter = field(default_factory=Counter)
    actions: int = 0  # total actions over the games (for the mean game length)

    def add(self, winner: str | None, reason: str, actions: int) -> None:
        """Count one finished game."""
        self.games += 1
        self.wins[winner if winner is not None else "draw"] += 1
        self.reasons[reason] += 1
        self.actions += actions

    def win_rate(self, side: str) -> tuple[float, float, float]:
        """``(rate, low, high)``: ``side``'s win rate and its 95% Wilson interval."""
        wins = self.wins.get(side, 0)
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0, low, high)

    def to_json(self) -> dict[str, Any]:
        """The tally as JSON data."""
        return {
            "players": self.players,
            "games": self.games,
            "wins": dict(self.wins),
            "reasons": dict(self.reasons),
            "mean_actions": self.actions / self.games if self.games else 0.0,
        }


def player_names(count: int) -> list[str]:
    """Seat names for simulated games: ``P1 .. Pn``."""
    return [f"P{i}" for i in range(1, count + 1)]


def play_one(
    game_name: str,
    count: int,
    seed: int,
    index: int,
    options: Mapping[str, Any] | None = None,
    bots: Mapping[str, str] | None = None,
) -> tuple[str | None, str, int]:
    """Play game ``index`` of a run; returns ``(winner, reason, actions)``.

    Args:
        bots: bot kind by side (``{"liberals": "rule"}``), else ``"random"`` for everyone;
            a key ``"*"`` sets the default kind. Sides are told to bots after the deal by
            the game's ``side_of(player)`` when the game has it.
    """
    cls = game_class(game_name)
    game_seed = derive_seed(seed, game_name, count, index)
    game = cls(player_names(count), options, seed=game_seed)
    kinds = dict(bots or {})
    default = kinds.pop("*", "random")
    side_of: Callable[[str], str] | None = getattr(game, "side_of", None)
    seats = {}
    for p in game.players:
        kind = kinds.get(side_of(p), default) if (kinds and side_of) else default
        seats[p] = bot_class(kind, game_name)(p, game_seed)
    record = play_game(game, seats)
    return record.result.winner, record.result.reason, record.actions


def simulate(
    game_name: str,
    counts: Sequence[int],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    bots: Mapping[str, str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[int, CountResult]:
    """Play ``games`` games at each player count in ``counts`` (in this process).

    Args:
        progress: called with 1 after each game (for a progress bar).

    Returns:
        ``{count: CountResult}``.
    """
    out: dict[int, CountResult] = {}
    for n in counts:
        tally = CountResult(n)
        for i in range(games):
            winner, reason, actions = play_one(game_name, n, seed, i, options, bots)
            tally.add(winner, reason, actions)
            if progress is not None:
                progress(1)
        out[n] = tally
    return out


def parse_range(text: str) -> list[int]:
    """``"5..10"`` -> ``[5, ..., 10]``; ``"7"`` -> ``[7]``; ``"5,7,9"`` -> ``[5, 7, 9]``.

    Raises ``ValueError`` naming the text when it is none of these.
    """
    text = text.strip()
    try:
        if ".." in text:
            lo, hi = text.split("..", 1)
            a, b = int(lo), int(hi)
            if a > b:
                raise ValueError
            return list(range(a, b + 1))
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise ValueError(f"bad player range {text!r}: use N, N..M or N,M,...") from None
