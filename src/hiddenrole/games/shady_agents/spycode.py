"""The spy code over time: an interrogation answer is a promise about where the answerer's
tools go, and the engine holds each player to it until the end of the game.

Rules text: "Gesetzestreue Agenten müssen ehrlich antworten. Korrupte Agenten müssen
lügen." -- an operative's answers must be true and a deserter's false; an answer about a
tool not yet handed out stays binding (docs/rules/shady-agents.md, "The interrogation
deck"; :mod:`.interrogations` defines the cards and a seat's completions).

:class:`SpyCode` keeps, per seat, the answers given and the ways the seat's tools can still
go that keep them all as the code wants them (a bit mask over the completions of a
:class:`~.interrogations.PlanTable`); the game asks it which answers and moves are allowed
and tells it what each seat did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hiddenrole.engine import IllegalAction

from .interrogations import Card, Completion, PlanTable, Seat, completions, next_step, plan_table
from .seating import ShadySeating
from .tools import BULLET, MEDKIT, Ledger

Step = tuple[Any, ...]  # a next_step key: ("give", tool, seat), ("both", seat, seat), ("call",), ("discard", tool)


class SpyCode:
    """The answers of one game as promises (see the module docstring).

    Args:
        table: the game's seating (names, seats, and the caches shared by its games).
        first: the first player's seat.
        may_discard: whether the first player may discard to call an interrogation (the
            option ``first_player_may_discard``).
        ledger: the game's tools (read, never changed here).

    Attributes:
        acted: per seat, whether it has taken its round-1 turn (set by the game).
        caller: the seat that called the interrogation being answered (-1: none; set by the game).
    """

    def __init__(self, table: ShadySeating, first: int, may_discard: bool, ledger: Ledger) -> None:
        n = len(table.players)
        self.table = table
        self.first = first
        self.may_discard = may_discard
        self.ledger = ledger
        self.acted: list[bool] = [False] * n
        self.caller = -1
        # each seat's answers (card, caller, answer, kept true?)
        self.promises: list[list[tuple[Card, int, str, bool]]] = [[] for _ in range(n)]
        # per seat, once it has answered: its plans as a mask over the completions of a
        # PlanTable (roots: the seat's situation at its first answer); None before that
        self.roots: list[PlanTable | None] = [None] * n
        self.plan_masks: list[int] = [0] * n
        # the answerer's plans and true answers, this step: (seat, table, plans mask, {answer: mask})
        self.truths: tuple[int, PlanTable, int, dict[str, int]] | None = None

    def bound(self, seat: int) -> bool:
        """Whether ``seat`` has answered (its later moves must keep its answers)."""
        return bool(self.promises[seat])

    # ---------------------------------------------------------------- facts
    def info_key(self, seat: int) -> int:
        """The facts :meth:`info` is made of, as an int: the seat, the caller (-1: none),
        the first player, whether a tool of the seat can be discarded, whether it can hand
        out both at once (seats are below 16)."""
        first = seat == self.first
        ledger = self.ledger
        can_discard = ledger.discarded[seat] is not None or (
            not self.acted[seat] and (not first or self.may_discard))
        can_double = first and len(ledger.held[seat]) == 2
        return seat | (self.caller + 1) << 4 | self.first << 9 | can_discard << 13 | can_double << 14

    def info(self, seat: int, key: int = -1) -> Seat:
        """What the cards need to answer for ``seat`` (public facts only); ``key``: its
        :meth:`info_key`, if known. Shared by the games of the seating (read only)."""
        if key < 0:
            key = self.info_key(seat)
        infos = self.table.infos
        info = infos.get(key)
        if info is None:
            info = infos[key] = Seat(seat, self.caller, self.first, self.table.players, bool(key >> 13 & 1),
                                     bool(key >> 14 & 1))
        return info

    def _info_for(self, seat: int, caller: int) -> Seat:
        info = self.info(seat)
        return info if info.caller == caller else Seat(seat, caller, info.first, info.names, info.can_discard,
                                                       info.can_double)

    # ---------------------------------------------------------------- plans
    def _completions(self, seat: int) -> list[Completion]:
        ledger = self.ledger
        return completions(len(self.table.players), seat, ledger.gave[seat], ledger.discarded[seat],
                           ledger.held[seat], self.acted[seat], seat == self.first, self.may_discard)

    def plans(self, seat: int) -> tuple[PlanTable, int]:
        """The ways ``seat``'s tools can still end that keep every answer it gave as the spy
        code wants it: a table and the mask of those plans among its completions."""
        root = self.roots[seat]
        if root is not None:
            return root, self.plan_masks[seat]
        ledger = self.ledger
        table = plan_table(len(self.table.players), seat, ledger.gave[seat], ledger.discarded[seat],
                           ledger.held[seat], self.acted[seat], seat == self.first, self.may_discard)
        return table, table.full

    def step_masks(self, seat: int) -> dict[Step, int]:
        """``{next step: mask}`` over the completions of ``seat``'s root table (it has answered)."""
        root = self.roots[seat]
        assert root is not None
        return root.steps(self.acted[seat], len(self.ledger.held[seat]))

    def narrow(self, seat: int, step: Step) -> None:
        """``seat`` acted (``step``, a :func:`~.interrogations.next_step` key): keep the plans that did so."""
        if self.roots[seat] is not None:
            self.plan_masks[seat] &= self.step_masks(seat).get(step, 0)

    def step_of(self, action: Mapping[str, Any]) -> Step:
        """A listed move or hand-out as a :func:`~.interrogations.next_step` key."""
        kind = action["action"]
        seat = self.table.seat
        if kind == "give":
            return ("give", action["tool"], seat[action["target"]])
        if kind == "give_both":
            return ("both", seat[action[BULLET]], seat[action[MEDKIT]])
        return ("call",) if "discard" not in action else ("discard", action["discard"])

    # ------------------------------------------------------------- the game asks
    def allowed_moves(self, seat: int, key: int, listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The moves of ``listed`` (the template of ``key``) that keep ``seat``'s answers."""
        steps_of = self.table.template_steps
        keys = steps_of.get(key)
        if keys is None:
            keys = steps_of[key] = [self.step_of(a) for a in listed]
        steps = self.step_masks(seat)
        plans = self.plan_masks[seat]
        return [a for a, step in zip(listed, keys) if steps.get(step, 0) & plans]

    def answer_truths(self, seat: int, card: Card, info: Seat) -> tuple[int, dict[str, int]]:
        """``seat``'s plans (a mask) and, per answer to ``card``, the plans in which it is
        true; kept for the promise the answer makes (:meth:`keep`)."""
        table, plans = self.plans(seat)
        truths = table.truths(card, info)
        self.truths = (seat, table, plans, truths)
        return plans, truths

    def check(self, player: str, action: Mapping[str, Any], seat: int, step: Step) -> None:
        """Refuse an action that would break one of ``seat``'s interrogation answers.

        Raises:
            IllegalAction: naming the answer it would break.
        """
        if not self.promises[seat] or self.step_masks(seat).get(step, 0) & self.plan_masks[seat]:
            return
        acted, held = self.acted[seat], len(self.ledger.held[seat])
        plans = [c for c in self._completions(seat) if next_step(c, acted, held) == step]
        for card, caller, answer, true in self.promises[seat]:
            info = self._info_for(seat, caller)
            plans = [c for c in plans if (card.truth(c, info) == answer) == true]
            if not plans:
                break
        code = "an operative's answers must stay true" if true else "a deserter's answers must stay false"
        raise IllegalAction(
            player, action,
            f"this would break your answer {answer!r} to {card.question!r} ({code} to the end of the game)",
        )

    # ------------------------------------------------------------ the game tells
    def keep(self, seat: int, card: Card, answer: str, true: bool) -> None:
        """``seat`` answered ``card`` with ``answer``; ``true``: an operative (the answer must
        stay true), else a deserter (it must stay false).

        Called after :meth:`answer_truths` looked the answers up for ``seat`` this step: the
        game checks every answer against them first (listed, checked one by one, or drawn by a
        timeout), so the promise is kept with those truths."""
        self.promises[seat].append((card, self.caller, answer, true))
        known = self.truths
        assert known is not None
        assert known[0] == seat
        table, plans, truths = known[1], known[2], known[3]
        mask = truths.get(answer, 0)
        self.roots[seat] = table
        self.plan_masks[seat] = plans & mask if true else plans & ~mask
        self.truths = None
