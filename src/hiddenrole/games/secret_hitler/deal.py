"""The deal's fixed chance outcomes, checked: a script may fix the player list, the roles and
the deck (``chance={"order": ..., "roles": ..., "deck": ...}``).

"The Mod rands the player list and puts in it in the opening post of the game thread." Each
check returns the outcome as the game keeps it, or raises :class:`~hiddenrole.engine.BadSetup`
with a one-line message naming the kind and what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine import BadSetup
from . import roles as R


def check_order(players: Sequence[str]) -> Callable[[Any], list[str]]:
    """A check for ``order``: every player of ``players`` exactly once, top first."""

    def check(value: Any) -> list[str]:
        if not isinstance(value, list) or sorted(value) != sorted(players):
            raise BadSetup("chance 'order' must list every player exactly once (top first)")
        return list(value)
    return check


def check_roles(players: Sequence[str]) -> Callable[[Any], dict[str, str]]:
    """A check for ``roles``: name -> ``liberal``/``fascist``/``hitler`` for every player, as
    many of each as the player count deals (roles.py)."""
    count = len(players)

    def check(value: Any) -> dict[str, str]:
        if not isinstance(value, dict) or set(value) != set(players):
            raise BadSetup("chance 'roles' must give every player a role")
        if any(r not in R.ROLES for r in value.values()):
            raise BadSetup(f"chance 'roles': roles are {', '.join(R.ROLES)}")
        if sorted(value.values()) != sorted(R.roleset(count)):
            want = R.roleset(count)
            raise BadSetup(
                f"chance 'roles': {count} players are {want.count(R.LIBERAL)} liberals, "
                f"{want.count(R.FASCIST)} fascists and 1 hitler")
        return dict(value)
    return check


def check_deck(value: Any) -> list[str]:
    """A check for ``deck``: the 17 cards top first, 6 ``"L"`` and 11 ``"F"``."""
    if not isinstance(value, list) or len(value) != 17 or any(c not in R.CARDS for c in value):
        raise BadSetup("chance 'deck' must list the 17 cards top first, each \"L\" or \"F\"")
    if value.count(R.L) != R.DECK_LIBERAL:
        raise BadSetup(f"chance 'deck' must hold 6 L and 11 F, not {value.count(R.L)} L")
    return list(value)


def check_reshuffle(pool: list[str]) -> Callable[[Any], list[str]]:
    """A check for one ``reshuffles`` outcome: a deck (top first) holding the cards of ``pool``."""

    def check(v: Any) -> list[str]:  # a fixed (scripted) deck holds the same cards
        want = sorted(pool)
        if not isinstance(v, list) or sorted(v) != want:
            raise BadSetup(
                f"chance 'reshuffles': a reshuffled deck must hold the {len(pool)} cards "
                f"{want.count('L')} L and {want.count('F')} F")
        return list(v)
    return check


def role_info(player: str, roles: dict[str, str], order: list[str], codes: dict[str, list[list[int]]]
              ) -> dict[str, Any]:
    """What the Mod tells ``player`` at the deal: ``role`` and ``allegiance``; ``roles`` (every
    player's, in list order) for the fascists, and for Hitler in a small game (roles.py);
    ``votecodes`` (20 ``[yes, no]`` pairs) when ``codes`` has them: "The Mod sends each player
    his private list of votecodes." """
    role = roles[player]
    info: dict[str, Any] = {"role": role, "allegiance": R.allegiance(role)}
    if R.knows_everyone(role, len(order)):
        info["roles"] = {q: roles[q] for q in order}
    if codes:
        info["votecodes"] = codes[player]
    return info
