"""Ruling 3, the timeout defaults: "a missing move or hand-out gives a random own tool to a
random other player (each of both tools in the first player's double hand-out); a missing
answer is a random legal answer" (docs/rules/shady-agents.md). Each default is a
``"timeouts"`` chance outcome, drawn here (:func:`default_answer`, :func:`default_move`) and
carried out by :meth:`ShadyAgents._timeout`.

A fixed outcome must be a legal default for the step it fills, else :class:`BadSetup`
names what was expected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hiddenrole.engine import BadSetup, Chance

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


def default_answer(chance: Chance, answers: list[str]) -> str:
    """A missing answer: one of ``answers`` (those the code allows), drawn uniformly."""
    pick = chance.outcome("timeouts", lambda rng: {"answer": rng.choice(answers)}, check_pick(answers, "answer"),
                          sequence=True)
    return pick["answer"]


def default_move(chance: Chance, listed: list[dict[str, Any]] | None, both: bool, held: tuple[str, ...],
                 others: tuple[str, ...]) -> dict[str, Any]:
    """A missing move or hand-out, drawn uniformly.

    Args:
        listed: the player's listed actions when their answers bind them (one of those that
            keeps the answers is drawn; when only calls are left, a call), else ``None``.
        both: whether the step is the first player's double hand-out.
        held: the tools the player holds; others: the other players' names.

    Returns:
        ``{"tool", "target"}``, ``{"bullet", "medkit"}`` (the receivers of a double
        hand-out) or, for a bound player left only a call, ``{"discard": tool or None}``.
    """
    if listed is not None:
        legal = [a for a in listed if a["action"] in ("give", "give_both")]
        if not legal:  # the answers leave only a call: make it, discarding what they promised
            calls = [{"discard": a.get("discard")} for a in listed]
            return chance.outcome("timeouts", lambda rng: dict(rng.choice(calls)),
                                  check_listed(calls, "an interrogation call"), sequence=True)
        if legal[0]["action"] == "give_both":
            pairs = [{BULLET: a[BULLET], MEDKIT: a[MEDKIT]} for a in legal]
            return chance.outcome("timeouts", lambda rng: dict(rng.choice(pairs)),
                                  check_listed(pairs, "a double hand-out"), sequence=True)
        moves = [{"tool": a["tool"], "target": a["target"]} for a in legal]
        return chance.outcome("timeouts", lambda rng: dict(rng.choice(moves)), check_listed(moves, "a move"),
                              sequence=True)
    if both:
        return chance.outcome("timeouts", lambda rng: {BULLET: rng.choice(others), MEDKIT: rng.choice(others)},
                              check_both(others), sequence=True)
    return chance.outcome("timeouts", lambda rng: {"tool": rng.choice(held), "target": rng.choice(others)},
                          check_one(held, others), sequence=True)
