"""The interrogation deck: questions about where a player's own two tools go.

Rules text: "Ziehe die nächste Interrogationskarte und lese sie laut vor. Beginne mit dem
nächsten Spieler im Uhrzeigersinn, der eine Aussage machen muss, die die Karte
beantwortet. Gesetzestreue Agenten müssen ehrlich antworten. Korrupte Agenten müssen
lügen." -- draw the next interrogation card; starting with the next player clockwise,
everyone makes a statement answering it; operatives must answer honestly, deserters must lie.

The rules text names no cards; this deck is ours (docs/rules/shady-agents.md, "The
interrogation deck"). Its one design rule: **no card ever forces a deserter into a lie
that the table can see through.** What the table sees of a player's tools is who gave a
face-down tool to whom, who discarded, and so how many tools each one holds; a question
whose answer those facts settle (how many tools did you receive?) makes a deserter's lie
plain. So every card asks where the answerer's own two tools go -- *go*, past or future:

* a tool's **fate** is its receiver and the round it is handed out in, or ``DISCARDED``;
* a player's **completion** is the fate of both their tools by the end of the game, given
  what they have done so far (:func:`completions`);
* an answer about a tool not yet handed out is a promise the engine holds the player to:
  an operative's answers stay true and a deserter's stay false until the end (``keeps``).

Every card is *antisymmetric*: if a player's bullet and medical kit swapped fates (and the
two go to different places), the card's true answer changes. The table cannot tell a
completion from its swap (tools travel face down), so a deserter always has the lie
"the truth as if my tools had swapped places", and keeps it consistent with everything
public by playing the swap: a deserter who named their bullet's receiver as their
medical kit's gives them the bullet. ``tests/shady_agents/test_sa_fairness.py`` checks
it over random games against a separate reading of the public record.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from hiddenrole.engine import BadSetup

from .tools import BULLET, MEDKIT

DISCARDED = "discarded"
BOTH = "both"
DISCARD = -1  # the target of a discarded tool

# A fate: (target seat or DISCARD, round 1 or 2). A completion: (medkit fate, bullet fate)
# flattened as (medkit target, medkit round, bullet target, bullet round).
Completion = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Seat:
    """What a card needs to know about the table to answer for one player (all public).

    Attributes:
        seat: the answering player's seat (0-based).
        caller: the seat of the player who called the interrogation.
        first: the first player's seat.
        names: the players' names in seat order.
        can_discard: whether "discarded" can be (or is) a fate of one of this player's tools.
        can_double: whether this player can still hand out both tools at once (the first
            player who called without discarding).
    """

    seat: int
    caller: int
    first: int
    names: tuple[str, ...]
    can_discard: bool
    can_double: bool


Truth = Callable[[Completion, Seat], str]
Answers = Callable[[Seat], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Card:
    """One interrogation card.

    Attributes:
        id: the card's name in scripts and events (``"medkit_to"``...).
        question: the question read aloud (plain English).
        answers: ``(seat info) -> tuple of answer ids``, the closed answer set offered.
        truth: ``(completion, seat info) -> answer id``: the true answer if the player's
            tools end as ``completion``.
        listing: the answer set in words (for docs/rules/shady-agents.md).
    """

    id: str
    question: str
    answers: Answers
    truth: Truth
    listing: str

    def truths(self, plans: Sequence[Completion], info: Seat) -> list[str]:
        """``[self.truth(c, info) for c in plans]``, worked out faster for the cards that
        order the receivers (each receiver's place computed once)."""
        place = _PLACES.get(self.id)
        if place is None:
            truth = self.truth
            return [truth(c, info) for c in plans]
        n = len(info.names)
        table = [place(t, info) for t in range(n)]
        table.append(place(DISCARD, info))  # index -1
        out = []
        for mt, mr, bt, br in plans:
            m, b = table[mt], table[bt]
            out.append(MEDKIT if m < b or (m == b and mr < br) else BULLET if b < m or mr > br else BOTH)
        return out

    def allowed(self, plans: Sequence[Completion], info: Seat, operative: bool,
                truths: Sequence[str] | None = None) -> tuple[str, ...]:
        """The answers the spy code allows, given the player's possible completions
        ``plans`` (those that keep every earlier answer as the code wants it): for an
        operative each answer some plan makes true, for a deserter each answer some plan
        makes false; in answer-set order. Never empty while ``plans`` is not. ``truths``:
        :meth:`truths` of the plans, if already worked out."""
        return self.allowed_seen(set(self.truths(plans, info) if truths is None else truths), info, operative)

    def allowed_seen(self, seen: Collection[str], info: Seat, operative: bool) -> tuple[str, ...]:
        """:meth:`allowed`, given ``seen``: the distinct true answers of the player's possible
        completions (as :meth:`PlanTable.truths` finds them)."""
        answers = self.answers(info)
        if operative:
            return tuple(a for a in answers if a in seen)
        if len(seen) > 1:
            return answers
        return tuple(a for a in answers if a not in seen)


def answer_label(answer: str) -> str:
    """An answer id in words: ``"medkit"`` -> ``"my medical kit"``, ``"bullet"`` -> ``"my
    bullet"``, ``"both"`` -> ``"both, at once to the same player"``, ``"discarded"`` ->
    ``"nobody: it is discarded"``; a player's name is itself."""
    return _LABELS.get(answer, answer)


_LABELS = {MEDKIT: "my medical kit", BULLET: "my bullet", BOTH: "both, at once to the same player",
           DISCARDED: "nobody: it is discarded"}


# --------------------------------------------------------------- completions
def completions(
    n: int, seat: int, gave: Sequence[tuple[str, int, int]], discarded: str | None, held: Sequence[str],
    acted: bool, first: bool, may_discard: bool,
) -> list[Completion]:
    """Every way the two tools of ``seat`` can end, given what it has done so far.

    Args:
        n: the number of players.
        seat: the player's seat.
        gave: ``(tool, receiver seat, round)`` of each tool they gave so far.
        discarded: the tool they discarded, or ``None``.
        held: the tools they still hold.
        acted: whether they have taken their round-1 turn (a move or a call).
        first: whether they are the first player.
        may_discard: whether the first player may discard (the option).

    Returns: completions ``(medkit target, medkit round, bullet target, bullet round)``
    (target ``DISCARD`` = -1 with round 1 for a discarded tool), in a fixed order; a list
    shared by every caller with the same arguments (a cache): never change it.
    """
    return plan_table(n, seat, gave, discarded, held, acted, first, may_discard).completions


def plan_table(
    n: int, seat: int, gave: Sequence[tuple[str, int, int]], discarded: str | None, held: Sequence[str],
    acted: bool, first: bool, may_discard: bool,
) -> PlanTable:
    """The :class:`PlanTable` of :func:`completions` with the same arguments: shared by every
    caller with the same arguments (a cache of at most 50,000, cleared when full)."""
    key = (n, seat, tuple(gave), discarded, tuple(held), acted, first, may_discard)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 50_000:
            _TABLES.clear()
        table = _TABLES[key] = PlanTable(seat, _completions(n, seat, gave, discarded, held, acted, first, may_discard))
    return table


class PlanTable:
    """A player's completions (:func:`completions`) and, as bitmasks over that list (bit
    ``i`` stands for ``completions[i]``), those that take each next step and those that
    make each answer to a card true: a set of the player's possible plans is one ``int``,
    narrowed by ``&`` when the player answers or acts. Built once per situation and shared
    (only its caches grow); never change what it returns.

    Attributes:
        seat: the player's seat.
        completions: the completions, in :func:`completions`' order.
        full: the mask of every completion.
    """

    __slots__ = ("seat", "completions", "full", "_steps", "_truths")

    def __init__(self, seat: int, plans: list[Completion]) -> None:
        self.seat = seat
        self.completions = plans
        self.full: int = (1 << len(plans)) - 1
        self._steps: dict[int, dict[tuple[str | int, ...], int]] = {}
        self._truths: dict[tuple[str, int, tuple[str, ...]], dict[str, int]] = {}

    def steps(self, acted: bool, held: int) -> dict[tuple[str | int, ...], int]:
        """``{next step: mask of the completions that take it}`` (:func:`next_step` with
        ``acted`` and ``held``, the number of tools held); a shared dict: read only."""
        key = held * 2 + acted
        out = self._steps.get(key)
        if out is None:
            out = {}
            for i, c in enumerate(self.completions):
                step = next_step(c, acted, held)
                out[step] = out.get(step, 0) | 1 << i
            self._steps[key] = out
        return out

    def truths(self, card: Card, info: Seat) -> dict[str, int]:
        """``{answer: mask of the completions that make it the true answer to card}`` for
        the player ``info`` describes (``info.seat`` is :attr:`seat`); a shared dict: read only."""
        by = _DEPENDS.get(card.id, "")  # what besides the completion the truth depends on
        key = (card.id, info.caller if by == "caller" else info.first if by == "first" else -1,
               info.names if by == "names" else ())
        out = self._truths.get(key)
        if out is None:
            out = {}
            for i, t in enumerate(card.truths(self.completions, info)):
                out[t] = out.get(t, 0) | 1 << i
            if len(self._truths) > 4096:
                self._truths.clear()
            self._truths[key] = out
        return out


_TABLES: dict[tuple[object, ...], PlanTable] = {}


def _completions(
    n: int, seat: int, gave: Sequence[tuple[str, int, int]], discarded: str | None, held: Sequence[str],
    acted: bool, first: bool, may_discard: bool,
) -> list[Completion]:
    fixed: dict[str, tuple[int, int]] = {t: (r, rd) for t, r, rd in gave}
    if discarded is not None:
        fixed[discarded] = (DISCARD, 1)
    others = [q for q in range(n) if q != seat]
    out: list[Completion] = []

    if len(held) == 0:
        m, b = fixed[MEDKIT], fixed[BULLET]
        out.append((m[0], m[1], b[0], b[1]))
    elif len(held) == 1:
        if held[0] == MEDKIT:
            b = fixed[BULLET]
            out.extend((q, 2, b[0], b[1]) for q in others)
        else:
            m = fixed[MEDKIT]
            out.extend((m[0], m[1], q, 2) for q in others)
    elif acted:  # the first player who called without discarding: both at once in round 2
        out.extend((qm, 2, qb, 2) for qm in others for qb in others)
    else:  # the round-1 turn to come: a move, or a call (with a discard, or the first player's free call)
        out.extend((q2, 2, q, 1) for q in others for q2 in others)  # the bullet now
        out.extend((q, 1, q2, 2) for q in others for q2 in others)  # the medical kit now
        if not first or may_discard:
            out.extend((q2, 2, DISCARD, 1) for q2 in others)
            out.extend((DISCARD, 1, q2, 2) for q2 in others)
        if first:
            out.extend((qm, 2, qb, 2) for qm in others for qb in others)
    return out


def next_step(c: Completion, acted: bool, held: int) -> tuple[str | int, ...]:
    """The player's next action in completion ``c``, as a key (``("give", tool, target)``,
    ``("discard", tool)``, ``("call",)`` for the first player's free call, ``("both",
    bullet target, medkit target)``); ``acted``: the round-1 turn is taken; ``held``: the
    number of tools held."""
    mt, mr, bt, br = c
    if not acted:
        if mr == 1:
            return ("discard", MEDKIT) if mt == DISCARD else ("give", MEDKIT, mt)
        if br == 1:
            return ("discard", BULLET) if bt == DISCARD else ("give", BULLET, bt)
        return ("call",)
    if held == 2:
        return ("both", bt, mt)
    return ("give", MEDKIT, mt) if mr == 2 else ("give", BULLET, bt)


# ------------------------------------------------------------------ the cards
def _tool_answers(info: Seat) -> tuple[str, ...]:
    return (BULLET, MEDKIT, BOTH) if info.can_double else (BULLET, MEDKIT)


def _receiver_answers(info: Seat) -> tuple[str, ...]:
    names = info.names
    out = tuple(names[q] for q in range(len(names)) if q != info.seat)
    return (*out, DISCARDED) if info.can_discard else out


def _receiver(target: int, info: Seat) -> str:
    return DISCARDED if target == DISCARD else info.names[target]


# the place of a target in an order round the table (smaller: nearer); a discarded tool last
def _after(ref: Callable[[Seat], int]) -> Callable[[int, Seat], int]:
    def place(t: int, info: Seat) -> int:
        n = len(info.names)
        return n if t == DISCARD else (t - ref(info)) % n
    return place


def _before(ref: Callable[[Seat], int]) -> Callable[[int, Seat], int]:
    def place(t: int, info: Seat) -> int:
        n = len(info.names)
        return n if t == DISCARD else (ref(info) - t) % n
    return place


def _either(ref: Callable[[Seat], int]) -> Callable[[int, Seat], int]:
    # seats either way; of two players as near, the one after the reference comes first
    def place(t: int, info: Seat) -> int:
        n = len(info.names)
        if t == DISCARD:
            return n * n
        after = (t - ref(info)) % n
        return min(after, n - after) * n + after
    return place


def _which(place: Callable[[int, Seat], int]) -> Truth:
    """The tool whose receiver comes first by ``place``; of two tools to the same player,
    the one handed out in the earlier round; both at once: ``"both"``."""
    def truth(c: Completion, info: Seat) -> str:
        m = (place(c[0], info), c[1])
        b = (place(c[2], info), c[3])
        return MEDKIT if m < b else BULLET if b < m else BOTH
    return truth


def _parted_first(c: Completion, info: Seat) -> str:
    # by round; within a round (the first player's double hand-out) by the receiver's seat after you
    n = len(info.names)
    m = (c[1], -1 if c[0] == DISCARD else (c[0] - info.seat) % n)
    b = (c[3], -1 if c[2] == DISCARD else (c[2] - info.seat) % n)
    return MEDKIT if m < b else BULLET if b < m else BOTH


def _you(info: Seat) -> int:
    return info.seat


def _caller(info: Seat) -> int:
    return info.caller


def _first(info: Seat) -> int:
    return info.first


_TOOLS = "bullet | medkit (| both: the first player handing both to one player at once)"
_PLAYERS = "each other player (| discarded, for a player who discarded or still may)"

DECK: tuple[Card, ...] = (
    Card("medkit_to", "Who gets your medical kit?", _receiver_answers,
         lambda c, info: _receiver(c[0], info), _PLAYERS),
    Card("bullet_to", "Who gets your bullet?", _receiver_answers,
         lambda c, info: _receiver(c[2], info), _PLAYERS),
    Card("nearer_after_you", "Which of your tools goes to the player seated nearer after you (clockwise)?",
         _tool_answers, _which(_after(_you)), _TOOLS),
    Card("nearer_before_you", "Which of your tools goes to the player seated nearer before you (counter-clockwise)?",
         _tool_answers, _which(_before(_you)), _TOOLS),
    Card("nearer_you", "Which of your tools goes to the player seated nearer to you, counting seats either way?",
         _tool_answers, _which(_either(_you)), _TOOLS),
    Card("nearer_after_caller", "Which of your tools goes to the player seated nearer after the caller "
         "(the caller counts as nearest)?", _tool_answers, _which(_after(_caller)), _TOOLS),
    Card("nearer_before_caller", "Which of your tools goes to the player seated nearer before the caller "
         "(the caller counts as nearest)?", _tool_answers, _which(_before(_caller)), _TOOLS),
    Card("nearer_caller", "Which of your tools goes to the player seated nearer to the caller, counting seats "
         "either way (the caller counts as nearest)?", _tool_answers, _which(_either(_caller)), _TOOLS),
    Card("earlier_in_round_one", "Which of your tools goes to the player who plays earlier in round 1?",
         _tool_answers, _which(_after(_first)), _TOOLS),
    Card("nearer_first_player", "Which of your tools goes to the player seated nearer to the first player, "
         "counting seats either way (the first player counts as nearest)?",
         _tool_answers, _which(_either(_first)), _TOOLS),
    Card("parted_first", "Which of your tools do you give away or discard first?",
         _tool_answers, _parted_first, _TOOLS),
)

#: the order of receivers behind each "which of your tools" card but ``parted_first``
_PLACES: dict[str, Callable[[int, Seat], int]] = {
    "nearer_after_you": _after(_you), "nearer_before_you": _before(_you), "nearer_you": _either(_you),
    "nearer_after_caller": _after(_caller), "nearer_before_caller": _before(_caller),
    "nearer_caller": _either(_caller), "earlier_in_round_one": _after(_first),
    "nearer_first_player": _either(_first),
}

CARDS: dict[str, Card] = {card.id: card for card in DECK}
CARD_IDS: tuple[str, ...] = tuple(CARDS)

#: what a card's true answer depends on besides the completion and the answerer's seat: the
#: caller's seat, the first player's seat or the players' names (answers naming a receiver)
_DEPENDS: dict[str, str] = {
    "medkit_to": "names", "bullet_to": "names", "nearer_after_caller": "caller", "nearer_before_caller": "caller",
    "nearer_caller": "caller", "earlier_in_round_one": "first", "nearer_first_player": "first",
}


def check_deck(value: Any) -> list[str]:
    """Validate a fixed ``"interrogations"`` chance outcome: a list of distinct card ids, the
    top card first; cards not listed follow in the deck's documented order.

    Raises:
        BadSetup: not a list of card ids, an unknown card, or a card listed twice.
    """
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadSetup("chance 'interrogations' must be a list of card ids, the top card first")
    unknown = [v for v in value if v not in CARDS]
    if unknown:
        raise BadSetup(f"chance 'interrogations': unknown cards {unknown} (cards: {', '.join(CARD_IDS)})")
    if len(set(value)) != len(value):
        raise BadSetup("chance 'interrogations': a card is listed twice (each card is used once, ruling 2)")
    return list(value) + [c for c in CARD_IDS if c not in value]
