"""Truth labels for the interrogation answers, for after the game (the export's ``truth``;
``ShadyAgents.TRUTH``).

An answer is true when it is the card's true answer for where the answerer's two tools went
by the end (:attr:`.interrogations.Card.truth` of the answerer's completion): "Gesetzestreue
Agenten müssen ehrlich antworten. Korrupte Agenten müssen lügen." A card's truth depends on
the seats only (the answerer's, the caller's, the first player's), so the labels are read
from the public events (``interrogation``, ``answer``) and the ledger: nothing is kept
during the game.
"""

from __future__ import annotations

from typing import Any

from .interrogations import CARDS, DISCARD, Completion, Seat
from .tools import BULLET, MEDKIT, Ledger


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


def answer_labels(game: Any) -> list[dict[str, Any]]:
    """Each answer of ``game`` (a :class:`~.game.ShadyAgents`) chosen from its card's
    answers, in the order given, labelled: ``{"player", "interrogation", "card", "answer",
    "true_answer", "true"}`` (``interrogation``: its number, from 1). Free-text answers (option
    ``enforce_statements`` off) and answers of a player who still holds a tool (a game ended
    early) are left out: the engine cannot judge them."""
    names: tuple[str, ...] = tuple(game.players)
    seat_of = {name: i for i, name in enumerate(names)}
    first = seat_of[game.first_player]
    ledger: Ledger = game.ledger
    out: list[dict[str, Any]] = []
    number, caller = 0, -1
    for event in game.log:
        data = event.data
        if event.kind == "interrogation":
            number, caller = data["number"], seat_of[data["caller"]]
        elif event.kind == "answer" and "answer" in data:
            seat = seat_of[data["player"]]
            fate = completion(ledger, seat)
            if fate is None:
                continue
            # the card's truth reads the seats only (not what the seat could still do)
            truth = CARDS[data["card"]].truth(fate, Seat(seat, caller, first, names, False, False))
            out.append({"player": data["player"], "interrogation": number, "card": data["card"],
                        "answer": data["answer"], "true_answer": truth, "true": truth == data["answer"]})
    return out
