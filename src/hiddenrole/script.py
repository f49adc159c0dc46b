"""Scripted games: play a game from a JSON file (see docs/scripts.md).

The file::

    {"game": "secret-hitler", "players": [...], "options": {...}, "seed": 7,
     "chance": {...fixed chance outcomes...},
     "actions": [{"player": NAME, "action": KIND, ...}, {"timeout": true}, ...]}
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from .engine import Game, HiddenRoleError, IllegalAction, game_class

SCRIPT_KEYS = {"game", "players", "options", "seed", "chance", "actions"}


class ScriptError(HiddenRoleError):
    """A script that cannot be played: malformed, or an action the rules reject.

    Attributes:
        index: the 0-based index of the offending action in ``actions``, or ``None``.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message if index is None else f"action {index}: {message}")


def load_script(data: Any) -> tuple[Game, list[Any]]:
    """Create the script's game; returns it and the list of actions still to play.

    Raises:
        ScriptError: unknown keys, missing ``game``/``players``, bad options or chance outcomes.
    """
    if not isinstance(data, Mapping):
        raise ScriptError("a script is a JSON object")
    unknown = set(data) - SCRIPT_KEYS
    if unknown:
        raise ScriptError(f"unknown keys {sorted(unknown)} (allowed: {sorted(SCRIPT_KEYS)})")
    for key in ("game", "players"):
        if key not in data:
            raise ScriptError(f"missing {key!r}")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ScriptError("'actions' must be a list")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ScriptError("'seed' must be an integer or a string")
    chance = data.get("chance")
    chance = {} if chance is None else chance
    if not isinstance(chance, Mapping):
        raise ScriptError("'chance' must be an object")
    options = data.get("options")
    try:
        cls = game_class(data["game"])
        if isinstance(options, Mapping):  # JSON has types: "5" is not 5 (as over REST)
            cls.OPTIONS.check_json_types(options)
        game = cls(data["players"], options, seed=seed, chance=chance)
    except HiddenRoleError as exc:
        raise ScriptError(str(exc)) from None
    return game, actions


def steps(game: Game, actions: list[Any]) -> Iterator[tuple[int, list[Any]]]:
    """Apply the actions one by one, yielding ``(index, events)`` after each.

    Raises:
        ScriptError: with the index of the first action the game rejects.
    """
    for i, action in enumerate(actions):
        try:
            if isinstance(action, Mapping) and action.get("timeout") is True:
                if set(action) != {"timeout"}:
                    raise IllegalAction(None, action, "a timeout step has no other keys")
                events = game.timeout()
            else:
                events = game.apply(action)
        except HiddenRoleError as exc:
            raise ScriptError(str(exc), i) from None
        yield i, events


def run_script(data: Any, as_player: str | None = None) -> Iterator[str]:
    """Play a script and yield the output lines (JSON text).

    Without ``as_player``: each public event, then the final public summary
    (``{"summary": {...}}``). With ``as_player``: each event that player saw, then that
    player's final view (``{"view": {...}}``).

    Raises:
        ScriptError: a malformed script or a rejected action (naming its index).
    """
    game, actions = load_script(data)
    if as_player is not None and as_player not in game.players:
        raise ScriptError(f"--as {as_player!r}: no such player")
    for event in list(game.log):
        if event.visible_to(as_player):
            yield json.dumps(event.to_json(), sort_keys=True)
    for _, events in steps(game, actions):
        for event in events:
            if event.visible_to(as_player):
                yield json.dumps(event.to_json(), sort_keys=True)
    if as_player is None:
        yield json.dumps({"summary": game.summary()}, sort_keys=True)
    else:
        view = game.view(as_player)
        view.pop("events", None)
        yield json.dumps({"view": view}, sort_keys=True)
