"""The errors the engine raises. Every one names what was wrong."""

from __future__ import annotations

from typing import Any


class HiddenRoleError(Exception):
    """Base class of every error hiddenrole raises on bad input."""


class IllegalAction(HiddenRoleError):
    """An action that the rules do not allow now.

    Raised by :meth:`hiddenrole.engine.Game.apply` (and ``timeout``) before anything
    changes: the game state is exactly as it was before the call.

    Attributes:
        player: the acting player's name, or ``None`` for a timeout or an action with no player.
        action: the offending action (a JSON-like dict) as given.
        reason: a sentence saying which rule the action breaks.
    """

    def __init__(self, player: str | None, action: Any, reason: str) -> None:
        self.player = player
        self.action = action
        self.reason = reason
        who = player if player is not None else "(no player)"
        super().__init__(f"{who}: illegal action {_short(action)}: {reason}")


class BadOption(HiddenRoleError):
    """A game option that is unknown or has a value outside its documented range."""

    def __init__(self, name: str, value: Any, reason: str) -> None:
        self.name = name
        self.value = value
        self.reason = reason
        super().__init__(f"option {name}={value!r}: {reason}")


class BadSetup(HiddenRoleError):
    """A table that cannot start: wrong player count, duplicate or empty names, bad chance outcome."""


def _short(action: Any, limit: int = 200) -> str:
    text = repr(action)
    return text if len(text) <= limit else text[: limit - 3] + "..."
