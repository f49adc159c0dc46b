"""Ruling 3, the timeout defaults: validation of the ``"timeouts"`` chance outcomes that a
script or a host fixes (the draws themselves are in :meth:`ShadyAgents._timeout`).

A fixed outcome must be a legal default for the step it fills, else :class:`BadSetup`
names what was expected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hiddenrole.engine import BadSetup

from .tools import BULLET, MEDKIT

Check = Callable[[Any], dict[str, Any]]


def check_pick(options: list[str], key: str) -> Check:
    """A check for ``{key: one of options}`` (a missing answer)."""

    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping) or set(value) != {key} or value[key] not in options:
            raise BadSetup(f"chance 'timeouts': expected {{{key!r}: one of {options}}}, got {value!r}")
        return {key: value[key]}

    return check


def check_one(tools: tuple[str, ...], others: tuple[str, ...]) -> Check:
    """A check for ``{"tool": one of tools, "target": one of others}`` (a missing move or hand-out)."""

    def check(value: Any) -> dict[str, Any]:
        if (
            not isinstance(value, Mapping) or set(value) != {"tool", "target"}
            or value["tool"] not in tools or value["target"] not in others
        ):
            raise BadSetup(
                f"chance 'timeouts': expected {{'tool': one of {list(tools)}, 'target': one of {list(others)}}}, "
                f"got {value!r}"
            )
        return {"tool": value["tool"], "target": value["target"]}

    return check


def check_both(others: tuple[str, ...]) -> Check:
    """A check for ``{"bullet": P, "medkit": Q}``, P and Q among others (a missing double hand-out)."""

    def check(value: Any) -> dict[str, Any]:
        if (
            not isinstance(value, Mapping) or set(value) != {BULLET, MEDKIT}
            or value[BULLET] not in others or value[MEDKIT] not in others
        ):
            raise BadSetup(
                f"chance 'timeouts': expected {{'bullet': P, 'medkit': Q}} with P and Q among {list(others)}, "
                f"got {value!r}"
            )
        return {BULLET: value[BULLET], MEDKIT: value[MEDKIT]}

    return check


def check_listed(picks: list[dict[str, Any]], what: str) -> Check:
    """A check for one of ``picks`` (the moves or double hand-outs that keep a player's
    interrogation answers as the spy code wants them); ``what`` names the step."""

    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping) or dict(value) not in picks:
            raise BadSetup(f"chance 'timeouts': expected {what} that keeps the player's answers, one of {picks}, "
                           f"got {value!r}")
        return dict(value)

    return check
