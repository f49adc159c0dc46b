"""Helpers for the Shady Agents tests: fixed tables, scripted steps, random play, snapshots."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from hiddenrole.engine import IllegalAction, Rng
from hiddenrole.games.shady_agents import ShadyAgents

SIX = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
# Ann, Cid, Eve are operatives; Bob, Dee, Fay are deserters
SIX_ROLES = {"Ann": "operative", "Bob": "deserter", "Cid": "operative",
             "Dee": "deserter", "Eve": "operative", "Fay": "deserter"}


def table(players=SIX, roles=None, first=None, deck=None, options=None, seed=1, **chance: Any) -> ShadyAgents:
    """A game with the given outcomes fixed (``roles``: name -> role; ``first``: a name;
    ``deck``: card ids, top first; more chance kinds as keywords)."""
    fixed: dict[str, Any] = dict(chance)
    if roles is not None:
        fixed["roles"] = roles
    elif players == SIX:
        fixed["roles"] = SIX_ROLES
    if first is not None:
        fixed["first"] = first
    if deck is not None:
        fixed["interrogations"] = deck
    return ShadyAgents(players, options, seed=seed, chance=fixed)


def give(game: ShadyAgents, player: str, tool: str, target: str):
    return game.apply({"player": player, "action": "give", "tool": tool, "target": target})


def interrogate(game: ShadyAgents, player: str, discard: str | None = None):
    action: dict[str, Any] = {"player": player, "action": "interrogate"}
    if discard is not None:
        action["discard"] = discard
    return game.apply(action)


def answer(game: ShadyAgents, player: str, value: str):
    return game.apply({"player": player, "action": "answer", "answer": value})


def give_both(game: ShadyAgents, player: str, bullet: str, medkit: str):
    return game.apply({"player": player, "action": "give_both", "bullet": bullet, "medkit": medkit})


def snapshot(game: ShadyAgents) -> str:
    """Everything observable about a game, as one string (to check that nothing changed)."""
    ledger = game.ledger
    state = {
        "log": [e.to_json(reveal=True) for e in game.log],
        "chance": game.chance.record,
        "views": {p: game.view(p) for p in [*game.players, None] if p is not None},
        "spectator": game.view(None),
        "to_act": game.to_act(),
        "legal": {p: game.legal_actions(p) for p in game.players},
        "ledger": [ledger.held, ledger.gave, ledger.received, ledger.discarded, ledger.kits, ledger.bullets],
        "phase": game.phase,
        "timers": [(t.key, t.seconds) for t in game.timers()],
    }
    return json.dumps(state, sort_keys=True, default=str)


def rejected(game: ShadyAgents, action: dict[str, Any], *words: str) -> IllegalAction:
    """Assert that ``action`` raises IllegalAction whose message has every word, and that
    the game did not change at all."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    message = str(info.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert snapshot(game) == before
    return info.value


def random_steps(game: ShadyAgents, seed: int, timeout_rate: float = 0.1,
                 post_rate: float = 0.05) -> Iterator[Any]:
    """Play ``game`` to its end with random legal actions, some timeouts and some chat
    posts, yielding after each step the action (``None`` for a timeout)."""
    rng = Rng(seed)
    while not game.is_over:
        if rng.below(1000) < post_rate * 1000:
            poster = rng.choice(game.players)
            game.apply({"player": poster, "action": "post", "text": f"I trust {rng.choice(game.players)}"})
            yield {"post": poster}
            continue
        waiting = game.to_act()
        assert len(waiting) == 1
        if rng.below(1000) < timeout_rate * 1000:
            game.timeout()
            yield None
            continue
        legal = game.legal_actions(waiting[0])
        assert legal, "the player to act always has a legal action"
        action = rng.choice(legal)
        game.apply(action)
        yield action
