"""Views: what each player (or a spectator) may know, as plain JSON data.

Rules text: "Die Spieler müssen ihre Rollenkarten während des Spiels geheim halten." and
"Nur der Spieler, der die Werkzeugkarte erhalten hat, kann sie ansehen." -- until the end
a player's view shows their own role only, and the identity of a given tool only to its
receiver (and to its giver, who chose it); everyone sees that "X gave a face-down tool to
Y", how many tools each player still holds, who discarded (not what), every interrogation
answer and the chat. An odd table's revealed role card is public. At the end
("Alle Spieler decken ihre Rollenkarten auf. Alle Werkzeuge werden umgedreht.") every
role, gift and discard is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .interrogations import answer_label
from .roles import SIDE_OF_ROLE

if TYPE_CHECKING:  # pragma: no cover
    from .game import ShadyAgents


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
        "round": None if over else game._round,
        "turn": game._waiting[0] if game._waiting else None,
        "holding": {p: len(ledger.held[s]) for s, p in enumerate(players)},
        "received": {p: len(ledger.received[s]) for s, p in enumerate(players)},
        "gifts": gifts,
        "discarded": [players[s] for s, d in enumerate(ledger.discarded) if d is not None],
        "interrogations": [
            {**rec, "answers": [dict(a) for a in rec["answers"]]} for rec in game.interrogations
        ],
        "current_card": None if card is None else {
            "card": card.id, "question": card.question, "caller": players[game._caller],
        },
        "cards_left": len(game._deck) - game._deck_pos,
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
    seat = game._seat[player]
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
    if card is not None and game._waiting == (player,):
        answers = card.answers(ledger, seat, game._caller)
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
    """``player``'s information state (``None``: a spectator, whose ``private`` is ``{}``).

    Raises:
        IllegalAction: ``player`` is not at the table.
    """
    v = game.base_view(player)
    v["board"] = board(game)
    v["private"] = {} if player is None else private(game, player)
    return v


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
