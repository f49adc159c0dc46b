"""What depends only on a table's seat order, built once and shared by every game of it.

A simulation plays thousands of games with the same names in the same seats, and a host runs
a handful of tables: each game class keeps its seat-order tables (seat numbers, one-player
audiences, the action dicts a player can ever be offered...) in a :class:`Seating` subclass,
and :func:`seating_of` builds it once per class and seat order. A seating holds no game
state; its caches only grow.
"""

from __future__ import annotations

from typing import TypeVar

#: Seatings kept at once (cleared when full; a game keeps its own reference).
MAX_SEATINGS = 256


class Seating:
    """The seat-order tables every game needs; a game's subclass adds its own.

    Args:
        players: the names in seat order (already validated).

    Attributes:
        players: the names in seat order (a tuple).
        seat: name -> seat number (0-based).
        audience: per seat, ``frozenset({name})``: the audience of that player's private events.
    """

    __slots__ = ("players", "seat", "audience")

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.seat = {p: i for i, p in enumerate(players)}
        self.audience = tuple(frozenset((p,)) for p in players)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self.players)!r})"


S = TypeVar("S", bound=Seating)

_SEATINGS: dict[tuple[type, tuple[str, ...]], Seating] = {}
_SEATED: set[tuple[str, ...]] = set()


def seating_of(kind: type[S], players: tuple[str, ...]) -> S:
    """The shared ``kind`` seating of ``players`` (validated names in seat order), built on first use.

    Kept in one cache of at most :data:`MAX_SEATINGS` seatings over every game class."""
    key = (kind, players)
    table = _SEATINGS.get(key)
    if table is None:
        if len(_SEATINGS) >= MAX_SEATINGS:
            _SEATINGS.clear()
            _SEATED.clear()
        table = _SEATINGS[key] = kind(players)
        _SEATED.add(players)
    return table  # type: ignore[return-value]  # the key's class built it


def seated_before(players: object) -> tuple[str, ...] | None:
    """``players`` as a tuple when it is a list or tuple of names some game has seated (so
    already validated by :func:`~hiddenrole.engine.game.check_player_names`; the count is
    the caller's to check), else ``None``."""
    if type(players) is not list and type(players) is not tuple:
        return None
    try:
        key = tuple(players)
        return key if key in _SEATED else None
    except TypeError:  # an unhashable "name": not seated; the full check names the problem
        return None
