"""Truth labels for the interrogation answers, for after the game (the export's ``truth``).

An answer is true when it is the card's true answer for where the answerer's two tools
went by the end (:attr:`.interrogations.Card.truth` of the answerer's completion, with the
public facts as they stood when they answered): "Gesetzestreue Agenten müssen ehrlich
antworten. Korrupte Agenten müssen lügen."
"""

from __future__ import annotations

from typing import Any

from .interrogations import DISCARD, Card, Completion, Seat
from .tools import BULLET, MEDKIT, Ledger

#: one answer as the game keeps it: (interrogation number from 1, seat, card, the seat's
#: public facts when it answered, the answer event's data)
Answered = tuple[int, int, Card, Seat, dict[str, Any]]


def completion(ledger: Ledger, seat: int) -> Completion | None:
    """Where ``seat``'s two tools went: ``(medkit target, round, bullet target, round)``
    (target ``DISCARD`` with round 1 for the discarded tool), or ``None`` while one is held."""
    fates: dict[str, tuple[int, int]] = {}
    for tool, receiver, round_ in ledger.gave[seat]:
        fates[tool] = (receiver, round_)
    discarded = ledger.discarded[seat]
    if discarded is not None:
        fates[discarded] = (DISCARD, 1)
    if MEDKIT not in fates or BULLET not in fates:
        return None
    (mt, mr), (bt, br) = fates[MEDKIT], fates[BULLET]
    return (mt, mr, bt, br)


def answer_labels(answered: list[Answered], ledger: Ledger) -> list[dict[str, Any]]:
    """Each answer chosen from its card's answers, in the order given, labelled:
    ``{"player", "interrogation", "card", "answer", "true_answer", "true"}``. Free-text
    answers (option ``enforce_statements`` off) and answers of a player who still holds a
    tool (a game ended early) are left out: the engine cannot judge them."""
    out = []
    for number, seat, card, info, data in answered:
        said = data.get("answer")
        fate = completion(ledger, seat)
        if said is None or fate is None:
            continue
        truth = card.truth(fate, info)
        out.append({"player": data["player"], "interrogation": number, "card": card.id, "answer": said,
                    "true_answer": truth, "true": truth == said})
    return out
