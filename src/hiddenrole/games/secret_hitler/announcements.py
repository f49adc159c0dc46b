"""The Mod's announcements of a legislative session and its power: at once in the official
rules, at dawn in the turbo rules ("The Mod opens the thread announcing ... what action was
taken"), where a night's facts are kept in ``game.report`` until then.

Each function takes the game (:class:`~.state.SecretHitlerState`) and emits through its public
``emit``.
"""

from __future__ import annotations

from typing import Any

from .state import SecretHitlerState


def announce(game: SecretHitlerState, key: str, value: Any) -> None:
    """A fact of the legislative session or its power: kept for the dawn announcement in
    the turbo rules ("The Mod opens the thread announcing ... what action was taken"),
    public at once in the official rules."""
    if game.turbo:
        game.report[key] = value
    elif key == "veto":
        game.emit("vetoed", by="Mod", president=game.president, chancellor=game.chancellor)
    else:
        game.emit("executive_action", by="Mod", **value)


def announce_now(game: SecretHitlerState, power: str, holder: str, target: str) -> None:
    """A kill that ends the game is announced at once, after the night's policy."""
    if game.turbo and game.report.get("policy"):
        game.emit("policy_enacted", by="Mod", card=game.report.pop("policy"), top_deck=False,
                  liberal_policies=game.liberal_policies, fascist_policies=game.fascist_policies)
    game.emit("executive_action", by="Mod", power=power, player=holder, target=target)


def emit_report(game: SecretHitlerState, report: dict[str, Any]) -> None:
    """The night's facts, announced before a top-deck that happens at dawn."""
    if game.turbo:
        data = dict(report)
        game.emit("night_report", by="Mod", night=game.day, **data)
