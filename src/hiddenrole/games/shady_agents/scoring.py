"""The end of the game: scores, the tie-break, and the result.

Rules text: "Dein Team erhält +1 für jedes medizinische Kit und -1 für jede Kugel, die auf
dich gespielt wurde. Das Team mit der höchsten Punktzahl gewinnt. Wenn es eine ungerade
Anzahl von Spielern gibt, erhält das Team mit weniger Spielern einen zusätzlichen Punkt.
Bei einem Unentschieden gewinnt das Team mit den meisten MEDIKITs." -- each team scores
+1 per medical kit and -1 per bullet received by its members, +1 for the smaller team of
an odd table; the higher score wins; on a tie the team whose members received more
medical kits wins; if that ties too, the game is a draw (the text says nothing more).
"""

from __future__ import annotations

from typing import Any

from hiddenrole.engine import Result

from .roles import DESERTERS, OPERATIVES, SIDE_OF_ROLE, SIDES
from .tools import Ledger


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
        ``medkits``, ``bullets`` and ``bonus`` per side.
    """
    kits = {OPERATIVES: 0, DESERTERS: 0}
    bullets = {OPERATIVES: 0, DESERTERS: 0}
    for role, k, b in zip(roles, ledger.kits, ledger.bullets):
        side = SIDE_OF_ROLE[role]
        kits[side] += k
        bullets[side] += b
    bonus = {side: (1 if side == bonus_side else 0) for side in SIDES}
    scores = {side: kits[side] - bullets[side] + bonus[side] for side in SIDES}
    ops, des = scores[OPERATIVES], scores[DESERTERS]
    if ops != des:
        winner: str | None = OPERATIVES if ops > des else DESERTERS
        reason = "higher_score"
    elif kits[OPERATIVES] != kits[DESERTERS]:
        winner = OPERATIVES if kits[OPERATIVES] > kits[DESERTERS] else DESERTERS
        reason = "more_medical_kits"
    else:
        winner, reason = None, "draw"
    outcomes: dict[str, str] = {}
    for seat, role in enumerate(roles):
        name = ledger.names[seat]
        if winner is None:
            outcomes[name] = "draw"
        else:
            outcomes[name] = "win" if SIDE_OF_ROLE[role] == winner else "loss"
    detail: dict[str, Any] = {"scores": scores, "medkits": kits, "bullets": bullets, "bonus": bonus}
    if turns is not None:
        detail["turns"] = turns
    return Result(winner, reason, outcomes, detail)
