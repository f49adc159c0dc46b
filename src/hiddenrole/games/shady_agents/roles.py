"""Roles and the deal.

Rules text: "In diesem Spiel für 4 bis 10 Spieler übernimmst du die Rolle eines
GESETZESTREUEN OPERATIVS oder eines KORRUPTEN DESERTEURS." -- every player is a
law-abiding *operative* (who always tells the truth) or a corrupt *deserter* (who always
lies).

"Wenn es eine GERADE Anzahl von Spielern gibt, mische ein Deck mit Charakterkarten, wobei
die Hälfte der Spieler auf der Seite der gesetzestreuen Operativen und die andere Hälfte
auf der Seite der korrumpierten Deserteure ist. Verteile zufällig eine Karte an jeden
Spieler." -- an even table is dealt half operatives, half deserters.

"Wenn es eine UNGERADE Anzahl von Spielern gibt, wähle zwei gerade Sets von ROLLE-Karten
(eine Karte mehr als die Anzahl der Spieler). Teile die ROLLE-Karten aus und enthülle die
letzte." -- an odd table of ``n`` uses ``n + 1`` cards, half of each role; ``n`` are
dealt and the last one is revealed to everyone: its team is the smaller one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hiddenrole.engine import ONE_DRAW, BadSetup, Rng

OPERATIVE = "operative"
DESERTER = "deserter"
ROLES = (OPERATIVE, DESERTER)

OPERATIVES = "operatives"
DESERTERS = "deserters"
SIDES = (OPERATIVES, DESERTERS)

SIDE_OF_ROLE = {OPERATIVE: OPERATIVES, DESERTER: DESERTERS}


def role_cards(count: int) -> list[str]:
    """The role cards for ``count`` players (a count): ``count`` cards for an even table,
    ``count + 1`` for an odd one, half operatives and half deserters, operatives first."""
    half = (count + 1) // 2
    return [OPERATIVE] * half + [DESERTER] * half


def draw_deal(players: Sequence[str]) -> Any:
    """A ``draw`` function for the ``"roles"`` chance outcome: shuffles :func:`role_cards`,
    deals one card to each player in seat order and, for an odd table, reveals the last.

    Returns (from the generator): ``{"deal": {name: role}, "revealed": role or None}``.
    """

    def draw(rng: Rng) -> dict[str, Any]:
        cards = rng.shuffled(role_cards(len(players)), per_draw=ONE_DRAW, pick=True)
        deal = dict(zip(players, cards))
        revealed = cards[len(players)] if len(cards) > len(players) else None
        return {"deal": deal, "revealed": revealed}

    return draw


def check_deal(players: Sequence[str]) -> Any:
    """A ``check`` function for a ``"roles"`` outcome fixed by a script or a host.

    Accepts ``{"deal": {name: role}, "revealed": role}`` or just ``{name: role}`` (for an
    odd table the revealed card is then the role dealt one fewer time, which is the only
    card that can be left over). Returns the first form.

    Raises:
        BadSetup: a name that is not a player, a player without a role, a role other than
            ``"operative"``/``"deserter"``, role counts that are not half and half (even
            table) or one apart (odd table), or a revealed card that does not match them.
    """
    count = len(players)

    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise BadSetup("chance 'roles' must be an object {player: role} or {deal: {...}, revealed: role}")
        if isinstance(value.get("deal"), Mapping):
            extra = set(value) - {"deal", "revealed"}
            if extra:
                raise BadSetup(f"chance 'roles': unknown keys {sorted(extra)} (allowed: deal, revealed)")
            deal, revealed = value["deal"], value.get("revealed")
        else:
            deal, revealed = value, None
        unknown = [p for p in deal if p not in players]
        if unknown:
            raise BadSetup(f"chance 'roles': {unknown} are not players of this table")
        missing = [p for p in players if p not in deal]
        if missing:
            raise BadSetup(f"chance 'roles': no role for {missing}")
        bad = {p: r for p, r in deal.items() if r not in ROLES}
        if bad:
            raise BadSetup(f"chance 'roles': roles must be 'operative' or 'deserter', not {bad}")
        ops = sum(1 for r in deal.values() if r == OPERATIVE)
        des = count - ops
        if count % 2 == 0:
            if ops != des:
                raise BadSetup(
                    f"chance 'roles': an even table of {count} is dealt {count // 2} operatives and "
                    f"{count // 2} deserters, not {ops} and {des}"
                )
            if revealed is not None:
                raise BadSetup("chance 'roles': an even table has no revealed card")
        else:
            if abs(ops - des) != 1:
                raise BadSetup(
                    f"chance 'roles': an odd table of {count} is dealt {(count + 1) // 2} of one role and "
                    f"{(count - 1) // 2} of the other, not {ops} operatives and {des} deserters"
                )
            left = OPERATIVE if ops < des else DESERTER
            if revealed is None:
                revealed = left
            elif revealed != left:
                raise BadSetup(
                    f"chance 'roles': with {ops} operatives and {des} deserters dealt, the revealed "
                    f"card is {left!r}, not {revealed!r}"
                )
        return {"deal": {p: deal[p] for p in players}, "revealed": revealed}

    return check


def check_first(players: Sequence[str]) -> Callable[[Any], str]:
    """A check for a fixed ``"first"`` chance outcome: a player's name or 0-based seat (or a
    one-item list of either); returns the name.

    Raises (the check):
        BadSetup: not a player of ``players``, or a seat out of range.
    """

    def check(value: Any) -> str:
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value < len(players):
                raise BadSetup(f"chance 'first': seat {value} is not in 0..{len(players) - 1}")
            return players[value]
        if isinstance(value, str) and value in players:
            return value
        raise BadSetup(f"chance 'first': {value!r} is not a player (give a name or a 0-based seat)")

    return check
