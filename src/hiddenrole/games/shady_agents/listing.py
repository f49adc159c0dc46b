"""What a player may do now, listed (``ShadyAgents.legal_actions``): the answers the spy code
allows, and the moves and hand-outs that keep a player's earlier answers.

The lists depend only on the seating and a few facts (the seat, the tools it holds, the round,
whether it is the first player, the card and the true answers still possible), so they are
built once per seating (:class:`~.seating.ShadySeating`'s caches) and shared: never handed
out (``legal_actions`` copies them), never changed.
"""

from __future__ import annotations

from typing import Any

from .interrogations import Card
from .seating import ShadySeating
from .spycode import SpyCode
from .tools import BULLET, MEDKIT, Ledger

Action = dict[str, Any]


class Listing:
    """The listed actions of one game.

    Args:
        table: the game's seating; code: its spy code; ledger: its tools (read only).
        first: the first player's seat.
        may_discard: 1 when the first player may discard to call an interrogation, else 0.
        enforce: the option ``enforce_statements`` (answers bound by the spy code).
    """

    def __init__(self, table: ShadySeating, code: SpyCode, ledger: Ledger, first: int, may_discard: int,
                 enforce: bool) -> None:
        self.table = table
        self.code = code
        self.ledger = ledger
        self.first = first
        self.may_discard = may_discard
        self.enforce = enforce

    def answers(self, seat: int, card: Card, operative: bool) -> tuple[tuple[str, ...], list[Action]]:
        """The answers to ``card`` that ``seat`` may give, and them as actions: with the spy
        code, an operative's true ones and a deserter's false ones (given what it can still
        do and what it answered before); without it, every answer."""
        code = self.code
        info_key = code.info_key(seat)
        info = code.info(seat, info_key)
        if not self.enforce:
            answers = card.answers(info)
            return answers, self._answer_actions(seat, answers)
        plans, truths = code.answer_truths(seat, card, info)
        seen = tuple([a for a, mask in truths.items() if mask & plans])
        cache = self.table.answer_templates
        answers_key = (card.id, info_key, operative, seen)
        listed = cache.get(answers_key)
        if listed is None:
            if len(cache) > 50_000:
                cache.clear()
            answers = card.allowed_seen(seen, info, operative)
            listed = cache[answers_key] = (answers, self._answer_actions(seat, answers))
        return listed

    def turn(self, seat: int, round_1: bool) -> list[Action]:
        """``seat``'s moves (round 1: a give or an interrogation call) or hand-outs (round 2),
        those that keep its answers when it has given any."""
        held = self.ledger.held[seat]
        # an int key: seat, whether the first player may discard, the tools held (3 both, 1 the
        # bullet, 2 the kit), round 1 or 2, first?
        key = seat << 5 | self.may_discard << 4 | (3 if len(held) == 2 else 1 if held[0] == BULLET else 2) << 2 | (
            2 if round_1 else 0) | (seat == self.first)
        templates = self.table.templates
        template = templates.get(key)
        if template is None:
            template = templates[key] = self._turn_actions(seat, round_1)
        return self.code.allowed_moves(seat, key, template) if self.code.bound(seat) else template

    def _answer_actions(self, seat: int, answers: tuple[str, ...]) -> list[Action]:
        p = self.table.players[seat]
        return [{"player": p, "action": "answer", "answer": a} for a in answers]

    def _turn_actions(self, seat: int, round_1: bool) -> list[Action]:
        p = self.table.players[seat]
        others = self.table.others[seat]
        held = self.ledger.held[seat]
        if not round_1 and len(held) == 2:
            return [{"player": p, "action": "give_both", BULLET: b, MEDKIT: m} for b in others for m in others]
        out = [{"player": p, "action": "give", "tool": t, "target": q} for t in held for q in others]
        if round_1:
            if seat == self.first:
                out.append({"player": p, "action": "interrogate"})
            if seat != self.first or self.may_discard:
                out.extend({"player": p, "action": "interrogate", "discard": t} for t in held)
        return out
