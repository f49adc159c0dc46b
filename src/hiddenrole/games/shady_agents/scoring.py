"""The end of the game: scores, the tie-break, and the result.

Rules text: "Dein Team erhält +1 für jedes medizinische Kit und -1 für jede Kugel, die auf
dich gespielt wurde. Das Team mit der höchsten Punktzahl gewinnt. Wenn es eine ungerade
Anzahl von Spielern gibt, erhält das Team mit weniger Spielern einen zusätzlichen Punkt.
Bei einem Unentschieden gewinnt das Team mit den meisten MEDIKITs." -- each team scores
+1 per medical kit and -1 per bullet received by its members, +1 for the smaller team of
an odd table; the higher score wins; on a tie the team whose members received more
medical kits wins; if that ties too, the game is a draw (the text says nothing more).

Rulings (docs/rules/shady-agents.md, "Scoring"): the odd table's bonus is one point, the
one both sentences about it describe ("Das enthüllte Team erhält am Ende einen
Punktbonus" and "das Team mit weniger Spielern"), given to the revealed card's team; it
is a point, not a medical kit, so the tie-break does not count it; a discarded tool
scores for nobody. The result carries the arithmetic (:func:`arithmetic`); the narrator
says the verdict in the reader's language (narration.verdict).
"""

from __future__ import annotations

from typing import Any

from hiddenrole.engine import Result

from .roles import DESERTER, DESERTERS, OPERATIVE, OPERATIVES
from .tools import MEDKIT, Ledger

def arithmetic(ledger: Ledger, roles: list[str], bonus_side: str | None) -> dict[str, Any]:
    """How each score arose, for the end screen and the export (language-free: the client
    and the narrator put it in words).

    Args: as :func:`score`.

    Returns:
        ``{"players": {name: [{"tool", "giver", "points"}...]}, "sides": {side: [{"player",
        "points"} or {"bonus": True, "points": 1}...]}}``: per player, each tool they received
        in the order it was given (``{"tool": "medkit", "giver": "Ann", "points": 1}``; a
        bullet is -1); per side, each member's total (in seat order, also when 0) and, for an
        odd table's smaller team, the bonus point. A side's points add up to its score.
    """
    names = ledger.names
    players: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for giver, tool, receiver, _ in ledger.gifts:
        players[names[receiver]].append({"tool": tool, "giver": names[giver], "points": 1 if tool == MEDKIT else -1})
    sides: dict[str, list[dict[str, Any]]] = {OPERATIVES: [], DESERTERS: []}
    for name, role in zip(names, roles):
        side = OPERATIVES if role == OPERATIVE else DESERTERS
        sides[side].append({"player": name, "points": sum(i["points"] for i in players[name])})
    if bonus_side is not None:
        sides[bonus_side].append({"bonus": True, "points": 1})
    return {"players": players, "sides": sides}


def score(ledger: Ledger, roles: list[str], bonus_side: str | None, turns: int | None = None) -> Result:
    """Score a finished table.

    Args:
        ledger: where every tool went.
        roles: each seat's role (``"operative"``/``"deserter"``), by seat.
        bonus_side: the smaller team of an odd table (``"operatives"``/``"deserters"``),
            which gets +1; ``None`` for an even table.
        turns: the game's length in turns (count: each move, interrogation call, answer
            and hand-out), reported as ``detail["turns"]`` for the balance lab; or ``None``.

    Returns:
        ``Result(winner, reason, outcomes, detail)``: ``winner`` is ``"operatives"``,
        ``"deserters"`` or ``None`` (a draw); ``reason`` is ``"higher_score"``,
        ``"more_medical_kits"`` (tie-break) or ``"draw"``; ``detail`` has ``scores``,
        ``medkits``, ``bullets`` and ``bonus`` per side and ``arithmetic`` (:func:`arithmetic`).
    """
    ok = ob = dk = db = 0  # medical kits and bullets received by operatives / deserters
    for role, k, b in zip(roles, ledger.kits, ledger.bullets):
        if role == OPERATIVE:
            ok += k
            ob += b
        else:
            dk += k
            db += b
    o_bonus = 1 if bonus_side == OPERATIVES else 0
    d_bonus = 1 if bonus_side == DESERTERS else 0
    ops, des = ok - ob + o_bonus, dk - db + d_bonus
    if ops != des:
        winner: str | None = OPERATIVES if ops > des else DESERTERS
        reason = "higher_score"
    elif ok != dk:
        winner = OPERATIVES if ok > dk else DESERTERS
        reason = "more_medical_kits"
    else:
        winner, reason = None, "draw"
    if winner is None:
        outcomes = dict.fromkeys(ledger.names, "draw")
    else:
        win_role = OPERATIVE if winner == OPERATIVES else DESERTER
        outcomes = {name: ("win" if role == win_role else "loss") for name, role in zip(ledger.names, roles)}
    detail: dict[str, Any] = {
        "scores": {OPERATIVES: ops, DESERTERS: des},
        "medkits": {OPERATIVES: ok, DESERTERS: dk},
        "bullets": {OPERATIVES: ob, DESERTERS: db},
        "bonus": {OPERATIVES: o_bonus, DESERTERS: d_bonus},
        "arithmetic": arithmetic(ledger, roles, bonus_side),
    }
    if turns is not None:
        detail["turns"] = turns
    return Result(winner, reason, outcomes, detail)
