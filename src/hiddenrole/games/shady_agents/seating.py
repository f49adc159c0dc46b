"""What depends only on the seating (the players' names in seat order): shared by every
game of that seating, so that simulations of many games build it once.
"""

from __future__ import annotations

from typing import Any

from hiddenrole.engine import Seating


class ShadySeating(Seating):
    """What depends only on the seating, computed once and shared by every game of it.

    Never changed after construction, except its caches (:attr:`templates`,
    :attr:`template_steps`, :attr:`infos`, :attr:`answer_templates`), which only grow.

    Attributes (seats are 0-based indices into the names), besides the engine's
    (:class:`~hiddenrole.engine.Seating`: ``players``, ``seat``, ``audience``):
        others: per seat, the other players' names in seat order (the possible receivers).
        pairs: ``pairs[giver][receiver]``, the audience of a private ``tool`` event.
        orders, order_names: per first seat, round 1's order (seats, names), clockwise.
        reversed_orders, reversed_names: per first seat, round 2's order.
        templates: listed moves and hand-outs (lists of action dicts, never handed out:
            ``legal_actions`` copies them) by an int key made of the seat, the tools held,
            the round and whether the seat is the first player (see ``ShadyAgents._build_legal``).
        template_steps: by the same key, each listed action as a next step (see
            ``interrogations.next_step``), in the template's order.
        infos: what the interrogation cards need to know of a seat (``interrogations.Seat``),
            by an int key (``ShadyAgents._info_key``).
        answer_templates: the answers a seat may give and the listed answer actions (never
            handed out), by card, seat facts, role and the true answers still possible.
    """

    __slots__ = ("others", "pairs", "orders", "order_names", "reversed_orders", "reversed_names",
                 "templates", "template_steps", "infos", "answer_templates")

    def __init__(self, players: tuple[str, ...]) -> None:
        super().__init__(players)
        n = len(players)
        self.others = tuple(tuple(q for q in players if q != p) for p in players)
        self.pairs = tuple(tuple(frozenset((p, q)) for q in players) for p in players)  # giver, receiver
        self.orders = tuple([(f + k) % n for k in range(n)] for f in range(n))  # round 1, by first seat
        self.order_names = tuple([players[i] for i in order] for order in self.orders)
        self.reversed_orders = tuple(order[::-1] for order in self.orders)  # round 2
        self.reversed_names = tuple(names[::-1] for names in self.order_names)
        self.templates: dict[int, list[dict[str, Any]]] = {}  # copied by legal_actions
        self.template_steps: dict[int, list[tuple[Any, ...]]] = {}  # each template's actions as next steps
        self.infos: dict[int, Any] = {}  # interrogations.Seat by ShadyAgents._info_key
        self.answer_templates: dict[tuple[Any, ...], tuple[tuple[str, ...], list[dict[str, Any]]]] = {}
