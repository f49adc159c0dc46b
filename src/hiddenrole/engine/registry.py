"""Which games exist: the server, the lab and the CLI find games here, by name."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import BadSetup
from .game import Game

# name -> "module:Class"; a game package registers itself by being listed here.
_GAMES: dict[str, str] = {
    "secret-hitler": "hiddenrole.games.secret_hitler:SecretHitler",
    "mccarthyism": "hiddenrole.games.mccarthyism:McCarthyism",
    "shady-agents": "hiddenrole.games.shady_agents:ShadyAgents",
}


def available_games() -> list[str]:
    """Names of the games whose package is installed, e.g. ``["secret-hitler", ...]``."""
    out = []
    for name in _GAMES:
        try:
            game_class(name)
        except BadSetup:
            continue
        out.append(name)
    return out


def game_class(name: Any) -> type[Game]:
    """The :class:`Game` subclass for ``name``. Raises :class:`BadSetup` for an unknown game."""
    target = _GAMES.get(name) if isinstance(name, str) else None
    if target is None:
        raise BadSetup(f"unknown game {name!r} (known games: {', '.join(_GAMES)})")
    module, _, cls = target.partition(":")
    try:
        return getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError) as exc:
        raise BadSetup(f"game {name!r} is not available: {exc}") from None


def new_game(
    name: Any,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
    *,
    seed: Any = 0,  # an int, str or bytes: checked by the game (BadSetup)
    chance: Mapping[str, Any] | None = None,
) -> Game:
    """Create a game by name. Raises :class:`BadSetup` or :class:`BadOption` on bad input."""
    return game_class(name)(players, options, seed=seed, chance=chance)
