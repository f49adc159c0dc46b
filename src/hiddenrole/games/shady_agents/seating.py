"""What depends only on the seating (the players' names in seat order): shared by every
game of that seating, so that simulations of many games build it once.

Also :class:`LegalAction`, the read-only dict in which moves and hand-outs are listed.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr


def _read_only(*args: Any, **kwargs: Any) -> None:
    # no self parameter: compiled, this is a builtin function, which is not bound as a method
    raise TypeError("a listed legal action is read-only; copy it with dict(action) to change it")


@mypyc_attr(native_class=False)  # the compiled build cannot subclass dict natively
class LegalAction(dict):
    """A listed legal action: a plain JSON object that cannot be changed in place.

    The moves and hand-outs of a seat are the same in every game of a table, so they are
    built once and shared; changing one would change it everywhere, hence read-only
    (every method that changes a dict raises ``TypeError``).
    Copy it (``dict(action)``) to get a changeable dict.
    """

    __slots__ = ()

    def __reduce__(self):  # pickles and deep-copies as a plain dict
        return (dict, (dict(self),))


# set after the class body: the compiled build supports no method aliases in a class body
for _name in ("__setitem__", "__delitem__", "clear", "pop", "popitem", "setdefault", "update", "__ior__"):
    setattr(LegalAction, _name, _read_only)


class Seating:
    """What depends only on the seating, computed once and shared by every game of it.

    Never changed after construction, except :attr:`templates` (a cache that only grows).

    Attributes (seats are 0-based indices into the names):
        seats: seat by name.
        others: per seat, the other players' names in seat order (the possible receivers).
        alone: per seat, the one-player audience of a private event.
        pairs: ``pairs[giver][receiver]``, the audience of a private ``tool`` event.
        orders, order_names: per first seat, round 1's order (seats, names), clockwise.
        reversed_orders, reversed_names: per first seat, round 2's order.
        templates: listed moves and hand-outs (lists of :class:`LegalAction`) by an int
            key made of the seat, the tools held, the round and whether the seat is the
            first player (see ``ShadyAgents._build_legal``).
    """

    __slots__ = ("seats", "others", "alone", "pairs", "orders", "order_names", "reversed_orders", "reversed_names",
                 "templates")

    def __init__(self, players: tuple[str, ...]) -> None:
        n = len(players)
        self.seats = {p: i for i, p in enumerate(players)}
        self.others = tuple(tuple(q for q in players if q != p) for p in players)
        self.alone = tuple(frozenset((p,)) for p in players)  # audience of a private event
        self.pairs = tuple(tuple(frozenset((p, q)) for q in players) for p in players)  # giver, receiver
        self.orders = tuple([(f + k) % n for k in range(n)] for f in range(n))  # round 1, by first seat
        self.order_names = tuple([players[i] for i in order] for order in self.orders)
        self.reversed_orders = tuple(order[::-1] for order in self.orders)  # round 2
        self.reversed_names = tuple(names[::-1] for names in self.order_names)
        self.templates: dict[int, list[dict[str, Any]]] = {}  # lists of LegalAction


_SEATINGS: dict[tuple[str, ...], Seating] = {}


def seating_of(players: tuple[str, ...]) -> Seating:
    """The shared :class:`Seating` of ``players`` (a tuple of names in seat order).

    Kept in a module-level cache of at most 256 seatings (cleared when full; a game keeps
    its own reference)."""
    seating = _SEATINGS.get(players)
    if seating is None:
        if len(_SEATINGS) > 256:
            _SEATINGS.clear()
        seating = _SEATINGS[players] = Seating(players)
    return seating
