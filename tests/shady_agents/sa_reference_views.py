"""A frozen copy of the Shady Agents view builder as it was before the event stream (issue 12:
``games/shady_agents/views.py`` at commit 9b9e0e8), kept as the reference that the observers'
snapshots and streams are compared with (test_sa_stream.py). Do not change it: it is what a
player's full view was, read straight from the game's state and its whole log.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from hiddenrole.games.shady_agents.interrogations import answer_label
from hiddenrole.games.shady_agents.roles import SIDE_OF_ROLE

if TYPE_CHECKING:  # pragma: no cover
    from hiddenrole.games.shady_agents.game import ShadyAgents


def board(game: ShadyAgents) -> dict[str, Any]:
    """The public state: seats and turn, face-down gifts, tool counts, discards (who, not
    what), interrogations with their answers, the chat, the revealed card of an odd table;
    after the end also every role, tool and the scores."""
    players = game.players
    ledger = game.ledger
    over = game.is_over
    gifts = []  # in the order they were made
    for g, tool, r, rd in ledger.gifts:
        gift = {"giver": players[g], "receiver": players[r], "round": rd}
        if over:
            gift["tool"] = tool
        gifts.append(gift)
    card = game.current_card
    out: dict[str, Any] = {
        "first_player": game.first_player,
        "round": game.round,
        "turn": game.to_act()[0] if game.to_act() else None,
        "holding": {p: len(ledger.held[s]) for s, p in enumerate(players)},
        "received": {p: len(ledger.received[s]) for s, p in enumerate(players)},
        "gifts": gifts,
        "discarded": [players[s] for s, d in enumerate(ledger.discarded) if d is not None],
        "interrogations": [
            {**rec, "answers": [dict(a) for a in rec["answers"]]} for rec in game.interrogations
        ],
        "current_card": None if card is None else {
            "card": card.id, "question": card.question, "caller": game.caller,
        },
        "cards_left": game.cards_left,
        "chat": [dict(m) for m in game.chat],
        "revealed_card": game.revealed_card,
        "bonus_side": game.bonus_side,
        "enforce_statements": game.options["enforce_statements"],
    }
    if over:
        out["roles"] = {p: game.role_of(p) for p in players}
        out["discards"] = {players[s]: d for s, d in enumerate(ledger.discarded) if d is not None}
        out["scores"] = dict(game.result.detail["scores"])  # type: ignore[union-attr]
    return out


def private(game: ShadyAgents, player: str) -> dict[str, Any]:
    """What ``player`` knows beyond the board: their role and side, the tools they hold,
    what they gave (and to whom), what they received (and from whom), what they discarded,
    and, when it is their turn to answer, the answer set and the answers their code allows."""
    players = game.players
    seat = game.players.index(player)
    ledger = game.ledger
    role = game.role_of(player)
    out: dict[str, Any] = {
        "role": role,
        "side": SIDE_OF_ROLE[role],
        "holding": list(ledger.held[seat]),
        "gave": [{"tool": t, "to": players[r], "round": rd} for t, r, rd in ledger.gave[seat]],
        "received": [{"tool": t, "from": players[g], "round": rd} for t, g, rd in ledger.received[seat]],
        "discarded": ledger.discarded[seat],
    }
    card = game.current_card
    if card is not None and game.to_act() == (player,):
        answers = game.answers_to(player)  # (the deck of issue 15: answers from public facts)
        allowed = [a["answer"] for a in game.legal_actions(player)]
        out["interrogation"] = {
            "card": card.id,
            "question": card.question,
            "answers": [{"answer": a, "label": answer_label(a)} for a in answers],
            "allowed": allowed,
            "free_text": not game.options["enforce_statements"],
        }
    return out


def view(game: ShadyAgents, player: str | None) -> dict[str, Any]:
    """``player``'s information state (``None``: a spectator, whose ``private`` is ``{}``),
    as JSON text would carry it (a JSON round trip).

    The keys every game shares are built here as ``Game.base_view`` built them then (the
    events visible to the player, numbered in the player's own order), so that the
    reference does not depend on today's engine.
    """
    if player is not None and player not in game.players:
        raise ValueError(f"unknown player {player!r}")
    visible = [e for e in game.log if e.to is None or (player is not None and player in e.to)]
    v = {
        "game": game.name,
        "player": player,
        "phase": game.phase,
        "over": game.is_over,
        "players": list(game.players),
        "events": [e.to_json(seq=i) for i, e in enumerate(visible)],
        "result": game.result.to_json() if game.result else None,
    }
    v["board"] = board(game)
    v["private"] = {} if player is None else private(game, player)
    return json.loads(json.dumps(v))


def summary(game: ShadyAgents) -> dict[str, Any]:
    """The public summary: the board, plus the result once the game is over."""
    b = board(game)
    return {
        "game": game.name,
        "phase": game.phase,
        "players": list(game.players),
        "board": b,
        "result": game.result.to_json() if game.result else None,
    }
