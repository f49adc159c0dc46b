"""Whom a player may choose, and why a choice is refused.

"The snitch chooses a non-blacklisted player"; a blacklisted snitch "must choose 2
non-blacklisted players to snitch on. If he is a commie, he must choose as many commies as
possible"; "A whitelisted player cannot be chosen by the snitch for any purpose" while
protected (the engine applies this to every choice of a player by someone else); each card
that chooses a player has its own rule (``cards.TARGETING``).

These functions read the game's public state only (its ``tokens``, ``turn``, ``choices``).
"""

from __future__ import annotations

from typing import Any

from hiddenrole.engine import FrozenList

from . import cards as C
from .roles import COMMIE
from .rules import snitch_pairs
from .state import McCarthyismState
from .steps import SNITCH_PAIR, SNITCHING


def snitch_targets(game: McCarthyismState, snitch: str, blacklisted: bool) -> tuple[str, ...]:
    """The players ``snitch`` may snitch on this turn, in seat order: the non-blacklisted players
    but the snitch, not whitelist-protected."""
    tokens = game.tokens
    eligible = free = tokens.free
    if not blacklisted:
        i = free.index(snitch)
        eligible = free[:i] + free[i + 1:]
    turn = game.turn
    if tokens.protected_until >= turn:
        protected = tokens.protected
        eligible = tuple([q for q in eligible if protected.get(q, 0) < turn])
    return eligible


def snitch_pair_choices(game: McCarthyismState, snitch: str, eligible: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The choices of a blacklisted snitch among ``eligible`` (at least one player): pairs, a Commie
    snitch's with as many Commies as possible (ruling 1 for who is a Commie), or the one player
    when only one can be chosen (ruling 10). Each in seat order."""
    if len(eligible) == 1:
        return [eligible]
    sides = game.roles.allegiances()
    return snitch_pairs(eligible, sides[snitch] == COMMIE, sides)


def card_targets(game: McCarthyismState, card: str, chooser: str) -> list[str]:
    """The players ``chooser`` may choose for ``card`` now, in seat order (``cards.TARGETING``).

    Args:
        card: a card that chooses a player (a key of ``cards.TARGETING``; else ``KeyError``).
        chooser: the card's player.
    """
    rule = C.TARGETING[card]
    tokens = game.tokens
    t = game.turn
    prot = tokens.protected
    black = tokens.blacklisted
    if rule == "blacklisted":
        out = tokens.escaped
        return [p for p in game.players if p in black and p not in out and (p == chooser or prot.get(p, 0) < t)]
    if rule == "clean_other":
        return [p for p in game.players if p != chooser and p not in black and prot.get(p, 0) < t]
    out = tokens.escaped
    return [p for p in game.players if p != chooser and p not in out and prot.get(p, 0) < t]


def legal_pair(choices: Any, targets: Any) -> tuple[str, ...] | None:
    """The chosen players as one of the legal ``choices`` (that choice's tuple, in seat order),
    or ``None``; either order names the same pair."""
    if type(targets) is not list and type(targets) is not FrozenList:  # a listed action's is frozen
        return None
    pair = tuple(targets)
    for c in (pair, pair[::-1]):
        if c in choices:
            return choices[choices.index(c)]
    return None


def why_not_pair(game: McCarthyismState, player: str, targets: Any) -> str:
    """Why ``targets`` is not a legal choice of the blacklisted snitch ``player`` (one line)."""
    size = len(next(iter(game.choices)))
    if not isinstance(targets, list) or len(targets) != size or not all(isinstance(t, str) for t in targets):
        return f"'targets' must be a list of {size} player names"
    if len(set(targets)) != size:
        return "the two players must be different"
    for t in targets:
        if t not in game.tokens.seat or t == player or t in game.tokens.blacklisted or game.is_protected(t):
            return why_not_target(game, player, t)
    return "a Commie snitch must choose as many Commies as possible"


def why_not_card_target(game: McCarthyismState, chooser: str, target: Any) -> str:
    """Why ``target`` may not be chosen for the card in play (one line)."""
    card = game.card_in_play
    tokens = game.tokens
    if type(target) is str:
        if card == C.KNOW_A_GUY and target in tokens.seat and target not in tokens.blacklisted:
            return f"{target} is not blacklisted"
        if card == C.KNOW_A_GUY and target in tokens.escaped:
            return f"{target} escaped to the Reds and cannot become whitelisted"
        if card == C.SUPER_SNITCH and target in tokens.blacklisted:
            return f"{target} is already blacklisted"
    return why_not_target(game, chooser, target)


def why_not_target(game: McCarthyismState, chooser: str, target: Any) -> str:
    """Why ``chooser`` may not choose ``target`` now (one line)."""
    tokens = game.tokens
    if not isinstance(target, str) or target not in tokens.seat:
        return f"{target!r} is not a player"
    if target == chooser:
        return "you cannot choose yourself here"
    if target in tokens.escaped:
        return f"{target} escaped to the Reds and has left the game"
    if target in tokens.blacklisted and game.phase in (SNITCHING, SNITCH_PAIR):
        return f"{target} is blacklisted; the snitch chooses non-blacklisted players"
    if game.is_protected(target):
        return (f"{target} was whitelisted and cannot be chosen for any purpose until after turn "
                f"{tokens.protected[target]}")
    return f"{target} cannot be chosen now"
