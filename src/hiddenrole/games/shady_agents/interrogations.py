"""The interrogation deck: questions with closed answer sets whose truth the engine knows.

Rules text: "Ziehe die nächste Interrogationskarte und lese sie laut vor. Beginne mit dem
nächsten Spieler im Uhrzeigersinn, der eine Aussage machen muss, die die Karte
beantwortet. Gesetzestreue Agenten müssen ehrlich antworten. Korrupte Agenten müssen
lügen." -- draw the next interrogation card; starting with the next player clockwise,
everyone makes a statement answering it; operatives must answer honestly, deserters must lie.

The rules text has no card list; this deck is ours. Every card asks about facts the
answering player knows about their own tools (held, given and to whom, received and from
whom, discarded). Each card has a *closed* answer set, computed for the answering player,
of at least two answers, and exactly one of them is true in every situation, so an
operative always has one true answer and a deserter always at least one false one. When
``enforce_statements`` is on, the engine offers an operative only the true answer and a
deserter only the false ones.

A card is answered during round 1 only (there are no interrogations in round 2), so every
player then holds one or two of their own tools and has given at most one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .roles import OPERATIVE
from .tools import BULLET, MEDKIT, TOOL_NAMES, Ledger

YES, NO = "yes", "no"
NOTHING = "nothing"
BOTH = "both"

# (ledger, answering seat, calling seat) -> answers / the true answer
Answers = Callable[[Ledger, int, int], tuple[str, ...]]
Truth = Callable[[Ledger, int, int], str]


@dataclass(frozen=True, slots=True)
class Card:
    """One interrogation card.

    Attributes:
        id: the card's name in scripts and events (``"received_bullet"``...).
        question: the question read aloud (English).
        answers: ``(ledger, seat, caller) -> tuple of answer ids``: the closed answer set
            offered to the player at ``seat`` (at least two answers, in a fixed order).
        truth: ``(ledger, seat, caller) -> answer id``: the one true answer for that player,
            computed only from what that player knows (their own tools and the public seating).
        listing: the answer set as documented (for docs/rules/shady-agents.md).
    """

    id: str
    question: str
    answers: Answers
    truth: Truth
    listing: str

    def allowed(self, ledger: Ledger, seat: int, caller: int, role: str) -> tuple[str, ...]:
        """The answers the code allows: the true one for an operative, the false ones for a
        deserter (in answer-set order). Never empty: every card has two or more answers of
        which exactly one is true."""
        true = self.truth(ledger, seat, caller)
        if role == OPERATIVE:
            return (true,)
        return tuple(a for a in self.answers(ledger, seat, caller) if a != true)


def answer_label(answer: str) -> str:
    """An answer id in words: ``"medkit"`` -> ``"a medical kit"``, ``"bullet to Ann"`` ->
    ``"a bullet to Ann"``, ``"3+"`` -> ``"3 or more"``; other ids are their own words."""
    if answer in TOOL_NAMES:
        return TOOL_NAMES[answer]
    tool, sep, rest = answer.partition(" to ")
    if sep and tool in TOOL_NAMES:
        return f"{TOOL_NAMES[tool]} to {rest}"
    return {"3+": "3 or more", BOTH: "both tools", NOTHING: "nothing"}.get(answer, answer)


# ----------------------------------------------------------------- answer sets
_YES_NO = (YES, NO)
_WHICH = (NOTHING, BULLET, MEDKIT)


def _yes_no(_l: Ledger, _s: int, _c: int) -> tuple[str, ...]:
    return _YES_NO


def _which(_l: Ledger, _s: int, _c: int) -> tuple[str, ...]:
    return _WHICH


def _yn(flag: bool) -> str:
    return YES if flag else NO


def _received_from(ledger: Ledger, seat: int, giver: int) -> str:
    for tool, source, _ in ledger.received[seat]:
        if source == giver:
            return tool
    return NOTHING


def _gave_to(ledger: Ledger, seat: int, receiver: int) -> str:
    for tool, target, _ in ledger.gave[seat]:
        if target == receiver:
            return tool
    return NOTHING


def _gave_answers(ledger: Ledger, seat: int, _c: int) -> tuple[str, ...]:
    names = ledger.names
    others = [names[i] for i in range(len(names)) if i != seat]
    return (NOTHING, *(f"{BULLET} to {q}" for q in others), *(f"{MEDKIT} to {q}" for q in others))


def _gave_truth(ledger: Ledger, seat: int, _c: int) -> str:
    gave = ledger.gave[seat]
    if not gave:
        return NOTHING
    tool, receiver, _ = gave[0]
    return f"{tool} to {ledger.names[receiver]}"


def _holding(ledger: Ledger, seat: int, _c: int) -> str:
    held = ledger.held[seat]
    return BOTH if len(held) == 2 else held[0]


def _received_count(ledger: Ledger, seat: int, _c: int) -> str:
    k = len(ledger.received[seat])
    return "3+" if k >= 3 else str(k)


def _balance(ledger: Ledger, seat: int, _c: int) -> str:
    kits, bullets = ledger.tally(seat)
    return "more" if kits > bullets else ("fewer" if kits < bullets else "equal")


def _gave_kit_to_neighbour(ledger: Ledger, seat: int, _c: int) -> str:
    n = len(ledger.names)
    neighbours = ((seat - 1) % n, (seat + 1) % n)
    return _yn(any(t == MEDKIT and r in neighbours for t, r, _ in ledger.gave[seat]))


DECK: tuple[Card, ...] = (
    Card("holding", "Which of your tools do you still hold?",
         lambda _l, _s, _c: (BULLET, MEDKIT, BOTH), _holding,
         "bullet | medkit | both"),
    Card("holding_medkit", "Do you still hold your medical kit?",
         _yes_no, lambda l, s, _c: _yn(MEDKIT in l.held[s]), "yes | no"),
    Card("holding_bullet", "Do you still hold your bullet?",
         _yes_no, lambda l, s, _c: _yn(BULLET in l.held[s]), "yes | no"),
    Card("gave", "What did you give, and to whom?",
         _gave_answers, _gave_truth,
         "nothing | bullet to P | medkit to P (P: each other player)"),
    Card("gave_tool", "Which tool have you given away?",
         _which, lambda l, s, _c: l.gave[s][0][0] if l.gave[s] else NOTHING,
         "nothing | bullet | medkit"),
    Card("gave_medkit_to_neighbour", "Did you give a medical kit to a player seated next to you?",
         _yes_no, _gave_kit_to_neighbour, "yes | no"),
    Card("received_count", "How many tools have you received?",
         lambda _l, _s, _c: ("0", "1", "2", "3+"), _received_count,
         "0 | 1 | 2 | 3+"),
    Card("received_bullet", "Did you receive a bullet?",
         _yes_no, lambda l, s, _c: _yn(any(t == BULLET for t, _, _ in l.received[s])), "yes | no"),
    Card("received_medkit", "Did you receive a medical kit?",
         _yes_no, lambda l, s, _c: _yn(any(t == MEDKIT for t, _, _ in l.received[s])), "yes | no"),
    Card("received_balance", "Have you received more medical kits than bullets, fewer, or as many?",
         lambda _l, _s, _c: ("more", "fewer", "equal"), _balance,
         "more | fewer | equal"),
    Card("received_first", "Which tool did you receive first?",
         _which, lambda l, s, _c: l.received[s][0][0] if l.received[s] else NOTHING,
         "nothing | bullet | medkit"),
    Card("received_last", "Which tool did you receive most recently?",
         _which, lambda l, s, _c: l.received[s][-1][0] if l.received[s] else NOTHING,
         "nothing | bullet | medkit"),
    Card("from_left", "What did the player seated before you give you?",
         _which, lambda l, s, _c: _received_from(l, s, (s - 1) % len(l.names)),
         "nothing | bullet | medkit"),
    Card("from_right", "What did the player seated after you give you?",
         _which, lambda l, s, _c: _received_from(l, s, (s + 1) % len(l.names)),
         "nothing | bullet | medkit"),
    Card("to_right", "What did you give the player seated after you?",
         _which, lambda l, s, _c: _gave_to(l, s, (s + 1) % len(l.names)),
         "nothing | bullet | medkit"),
    Card("discarded", "Which tool did you discard to call an interrogation?",
         _which, lambda l, s, _c: l.discarded[s] or NOTHING,
         "nothing | bullet | medkit"),
)

CARDS: dict[str, Card] = {card.id: card for card in DECK}
CARD_IDS: tuple[str, ...] = tuple(CARDS)
