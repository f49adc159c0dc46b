"""Tools: every player's bullet and medical kit, and where each one went.

Rules text: "Jeder Spieler nimmt auch ein Set von Werkzeugkarten: eine KUGEL und ein
MEDIZINISCHES KIT." -- each player starts with one bullet and one medical kit.
"Die Werkzeugkarte bleibt verdeckt. Nur der Spieler, der die Werkzeugkarte erhalten hat,
kann sie ansehen." -- a given tool stays face down; only its receiver may look at it.

A tool a player received stays with them: it is scored for them and never passed on
(only a player's own two tools are ever given or discarded). The :class:`Ledger` holds
the whole truth and is the Mod's secret; views show each player only their part.
"""

from __future__ import annotations

from typing import Any

BULLET = "bullet"
MEDKIT = "medkit"
TOOLS = (BULLET, MEDKIT)

TOOL_NAMES = {BULLET: "a bullet", MEDKIT: "a medical kit"}


class Ledger:
    """Where every tool of a table is: held, given (to whom, in which round) or discarded.

    Seats are 0-based indices into ``names``. Per seat:

    * ``held[s]``: the seat's own tools still in hand (a list of ``"bullet"``/``"medkit"``).
    * ``gave[s]``: ``(tool, receiver seat, round)`` for each tool the seat gave, in order.
    * ``received[s]``: ``(tool, giver seat, round)`` for each tool the seat received, in order.
    * ``discarded[s]``: the tool the seat discarded to call an interrogation, or ``None``.
    * ``kits[s]``, ``bullets[s]``: how many medical kits and bullets the seat received.

    And ``gifts``: every gift in the order it was made, as ``(giver, tool, receiver, round)``.

    Invariant: for every seat, ``held + gave + discarded`` are exactly its two own tools,
    so the table always has ``2 * len(names)`` tools (see :meth:`count`).
    """

    __slots__ = ("names", "held", "gave", "received", "discarded", "kits", "bullets", "gifts")

    def __init__(self, names: tuple[str, ...]) -> None:
        n = len(names)
        self.names = names
        self.held: list[list[str]] = [[BULLET, MEDKIT] for _ in range(n)]
        self.gave: list[list[tuple[str, int, int]]] = [[] for _ in range(n)]
        self.received: list[list[tuple[str, int, int]]] = [[] for _ in range(n)]
        self.discarded: list[str | None] = [None] * n
        self.kits: list[int] = [0] * n  # medical kits received, by seat
        self.bullets: list[int] = [0] * n  # bullets received, by seat
        self.gifts: list[tuple[int, str, int, int]] = []  # (giver, tool, receiver, round), in order

    def give(self, giver: int, tool: str, receiver: int, round_: int) -> None:
        """Move ``tool`` from ``giver``'s hand to ``receiver`` (seats; ``round_`` is 1 or 2).

        The caller has checked that the giver holds the tool and the receiver is another seat.
        """
        self.held[giver].remove(tool)
        self.gave[giver].append((tool, receiver, round_))
        self.received[receiver].append((tool, giver, round_))
        self.gifts.append((giver, tool, receiver, round_))
        if tool == MEDKIT:
            self.kits[receiver] += 1
        else:
            self.bullets[receiver] += 1

    def revealed(self) -> dict[str, Any]:
        """Every tool face up, for the end: ``{"gifts": [{giver, receiver, tool, round}] in
        order, "discards": {name: tool}}``."""
        names = self.names
        return {
            "gifts": [{"giver": names[g], "receiver": names[r], "tool": t, "round": rd} for g, t, r, rd in self.gifts],
            "discards": {names[s]: d for s, d in enumerate(self.discarded) if d is not None},
        }

    def discard(self, seat: int, tool: str) -> None:
        """Discard ``tool`` from ``seat``'s hand, face down (to call an interrogation)."""
        self.held[seat].remove(tool)
        self.discarded[seat] = tool

    def count(self) -> int:
        """The number of tools on the table: held + given + discarded (always ``2 * n``)."""
        return (
            sum(len(h) for h in self.held)
            + sum(len(g) for g in self.gave)
            + sum(1 for d in self.discarded if d is not None)
        )

    def tools(self) -> dict[str, int]:
        """Every tool on the table, held, given or discarded: ``{"bullet": n, "medkit": n}``."""
        counts = {BULLET: 0, MEDKIT: 0}
        for held, gave, discarded in zip(self.held, self.gave, self.discarded):
            for tool in held + [g[0] for g in gave] + ([discarded] if discarded is not None else []):
                counts[tool] += 1
        return counts

    def tally(self, seat: int) -> tuple[int, int]:
        """``(medical kits, bullets)`` received by ``seat`` (counts)."""
        return self.kits[seat], self.bullets[seat]
