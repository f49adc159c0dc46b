"""Shady Agents' action list and observation encoding for the environments.

Actions: ``give`` a ``bullet`` or ``medkit`` to a seat; ``give_both`` (the first player's
round-2 hand-out: a seat for the bullet and one for the medkit); ``interrogate``, with no
``discard`` (the first player) or discarding a ``bullet`` or a ``medkit``; ``answer`` an
interrogation with a seat's name or ``discarded``, ``bullet``, ``medkit``, ``both``
(free-text answers, allowed with ``enforce_statements`` off, are not offered).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .encoding import SEATS, Encoding, Features, Template

TOOLS = ("bullet", "medkit")
ROLES = ("operative", "deserter")
QUESTIONS = (
    "medkit_to", "bullet_to", "nearer_after_you", "nearer_before_you", "nearer_you", "nearer_after_caller",
    "nearer_before_caller", "nearer_caller", "earlier_in_round_one", "nearer_first_player", "parted_first",
)


class ShadyAgentsEncoding(Encoding):
    """Shady Agents (4-10 players). Components, in order (``[seat i]``: one per seat):

    * ``round=1|2``, ``interrogating`` (an interrogation is open), ``cards_left/11``,
      ``question=...`` (the open interrogation's card, one-hot of :data:`QUESTIONS`);
    * per seat: ``turn``, ``first_player``, ``holding/2`` (tools held), ``received/4`` (tools
      received), ``discarded``, ``caller`` (the open interrogation's caller), ``answered``;
    * ``gift[giver seat i -> receiver seat j]`` (the public record of who gave to whom);
    * private: ``my_role=...`` (one-hot of :data:`ROLES`), ``holding[tool]``,
      ``gave[tool -> seat i]``, ``received[tool <- seat i]``, ``my_discard=bullet|medkit``.
    """

    TEMPLATES = (
        Template("give", tool=TOOLS, target=SEATS),
        Template("give_both", bullet=SEATS, medkit=SEATS),
        Template("interrogate"),
        Template("interrogate", discard=TOOLS),
        Template("answer", answer=(SEATS, "discarded", "bullet", "medkit", "both")),
    )

    def encode(self, snapshot: Mapping[str, Any], f: Features) -> None:
        players = self.players
        board: Mapping[str, Any] = snapshot["board"]
        private: Mapping[str, Any] = snapshot["private"]
        current = board.get("current_card") or {}
        f.one_hot("round", board.get("round"), (1, 2))
        f.flag("interrogating", bool(current))
        f.scaled("cards_left", board.get("cards_left"), len(QUESTIONS))
        f.one_hot("question", current.get("card"), QUESTIONS)
        f.seats("turn", players, board.get("turn"))
        f.seats("first_player", players, board.get("first_player"))
        f.seat_values("holding", players, board.get("holding"), 2)
        f.seat_values("received", players, board.get("received"), 4)
        f.seats("discarded", players, board.get("discarded"))
        f.seats("caller", players, current.get("caller"))
        open_answers = []
        interrogations = board.get("interrogations") or []
        if current and interrogations:
            open_answers = [a.get("player") for a in interrogations[-1].get("answers") or []]
        f.seats("answered", players, open_answers)
        gifts = {(g.get("giver"), g.get("receiver")) for g in board.get("gifts") or []}
        for i, giver in enumerate(players):
            for j, receiver in enumerate(players):
                if i != j:
                    f.flag(f"gift[seat {i} -> seat {j}]", (giver, receiver) in gifts)
        f.one_hot("my_role", private.get("role"), ROLES)
        holding = list(private.get("holding") or [])
        for tool in TOOLS:
            f.flag(f"holding[{tool}]", tool in holding)
        gave = {(g.get("tool"), g.get("to")) for g in private.get("gave") or []}
        received = {(g.get("tool"), g.get("from")) for g in private.get("received") or []}
        for tool in TOOLS:
            f.seats(f"gave[{tool}]", players, [p for t, p in gave if t == tool])
        for tool in TOOLS:
            f.seats(f"received[{tool}]", players, [p for t, p in received if t == tool])
        f.one_hot("my_discard", private.get("discarded"), TOOLS)
