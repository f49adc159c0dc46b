"""The bot contract: a bot is given an :class:`Observation` and returns one legal action."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import Action, Rng, derive_seed


@dataclass(frozen=True, slots=True)
class Observation:
    """What a bot is given to decide: nothing from which the game state can be reached.

    Attributes:
        player: the bot's player name.
        legal_actions: the concrete actions the player may take now (JSON dicts).
        view: the player's information state (JSON data, a fresh copy), or ``None`` for
            bots that declare ``needs_view = False``.
    """

    player: str
    legal_actions: list[Action]
    view: dict[str, Any] | None


class Bot(ABC):
    """A player controlled by the computer.

    Args:
        player: the seat's player name.
        seed: seeds the bot's own choices (int); the lab derives it from the game's seed.
    """

    kind: ClassVar[str]
    needs_view: ClassVar[bool] = True

    def __init__(self, player: str, seed: int = 0) -> None:
        self.player = player
        self.rng = Rng(derive_seed("bot", seed, player))

    @abstractmethod
    def choose(self, observation: Observation) -> Action:
        """Return one element of ``observation.legal_actions`` (which is never empty)."""


# kind -> "module:Class" per game; "random" plays every game.
_BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "hiddenrole.bots.random_bot:RandomBot"},
}


def register_bot(kind: str, game: str, target: str) -> None:
    """Register a bot class (``"module:Class"``) as ``kind`` for ``game`` (``"*"``: every game)."""
    _BOTS.setdefault(kind, {})[game] = target


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that can play ``game``."""
    return [k for k, by_game in _BOTS.items() if game in by_game or "*" in by_game]


def bot_class(kind: str, game: str) -> type[Bot]:
    """The bot class of ``kind`` for ``game``; raises ``ValueError`` naming the known kinds."""
    by_game = _BOTS.get(kind, {})
    target = by_game.get(game) or by_game.get("*")
    if target is None:
        raise ValueError(f"no bot {kind!r} for {game!r} (known: {', '.join(bot_kinds(game))})")
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)
