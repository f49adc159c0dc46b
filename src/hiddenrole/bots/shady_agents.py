"""A rule-based Shady Agents bot: knights and knaves over the possible team assignments.

"Law-abiding agents must answer honestly. Corrupt agents must lie." So every answer heard
is a statement about its speaker's side: it is true exactly when the speaker is an
operative. The bot keeps the set of *worlds* -- the assignments of sides to the players
that fit its own role and the deal's team sizes -- each with a weight. For every answer it
works out, from what it knows of the tools (what it gave, received and discarded, and the
public gifts and discards), the chance ``q`` that the answer is true (``q`` is 0 or 1 when
the answer can be checked outright, as in a knights-and-knaves puzzle; in between when it
depends on a face-down tool the bot never saw, each unseen tool being a bullet or a medical
kit with even odds). A world where the speaker is an operative is weighed by ``q``, one
where they are a deserter by ``1 - q``; worlds of weight 0 are ruled out.

It then gives the medical kit to the player most likely on its own team and the bullet to
the player most likely on the other team. The first player interrogates for free (the
first card, asked before anything was given, shows every side); another player calls an
interrogation only while nobody is a likely enough target. A deserter picks, among the
lies it may tell, the one the public facts make most plausible.

The bot follows the game on the event stream: at each decision it reads only the events new
to it (``Observation.events``) and keeps its reasoning up to date as they arrive; it reads
its information state (``Observation.view``) once, at its first decision (the seating, the
options shown on the board, the cards left). The chance of each player being an operative
is worked out once per state of the worlds, not at every candidate action.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from mypy_extensions import mypyc_attr

from ..engine import Action
from .base import Bot, Observation
from .common import EventCursor, best

BULLET, MEDKIT = "bullet", "medkit"
TOOLS = (BULLET, MEDKIT)
NOTHING = "nothing"
OPERATIVE, DESERTER = "operative", "deserter"

#: Below this chance that the best target is right, a player other than the first calls an
#: interrogation rather than make a move (a probability, 0..1).
SURE_ENOUGH = 0.75


class _Table:
    """What the bots of one seating work out once and share (never changed after it is built):
    for a player, their role and the number of operatives dealt, the possible worlds in a
    fixed order (``combinations`` of the other players, in seat order) and, per player, the
    set of worlds in which they are an operative as a bitmask over that order; the seating's
    neighbours. And a cache, by set of worlds still possible (all of weight 1.0), of what a
    bot works out from them (:meth:`ShadyAgentsBot._numbers`): a pure function of the set,
    so the same for every bot and game of the seating (only ever added to, never changed)."""

    __slots__ = ("worlds", "containing", "full", "left", "right", "me", "operative", "numbers")

    def __init__(self, players: tuple[str, ...], me: str, role: str | None, operatives: int) -> None:
        others = [p for p in players if p != me]
        need = operatives - (1 if role == OPERATIVE else 0)
        mine: frozenset[str] = frozenset((me,)) if role == OPERATIVE else frozenset()
        self.worlds: tuple[frozenset[str], ...] = tuple(frozenset(c) | mine for c in combinations(others, need))
        self.full: int = (1 << len(self.worlds)) - 1
        containing = dict.fromkeys(players, 0)
        for i, ops in enumerate(self.worlds):
            for p in ops:
                containing[p] |= 1 << i
        self.containing: dict[str, int] = containing
        n = len(players)
        self.left: dict[str, str] = {p: players[(i - 1) % n] for i, p in enumerate(players)}
        self.right: dict[str, str] = {p: players[(i + 1) % n] for i, p in enumerate(players)}
        self.me = me
        self.operative = role == OPERATIVE
        # alive bitmask -> (chances by player, values {tool: {player: value}})
        self.numbers: dict[int, tuple[dict[str, float], dict[str, dict[str, float]]]] = {}


#: The true answer to each card of a player who has given, discarded and received nothing
#: (it depends on the card alone; ``None``: a card the bot does not know).
_BLANK_TRUTHS: dict[str, str | None] = {}
_UNKNOWN = "\x00unknown"

_TABLES: dict[tuple[tuple[str, ...], str, str | None, int], _Table] = {}


def _table_of(players: tuple[str, ...], me: str, role: str | None, operatives: int) -> _Table:
    """The shared :class:`_Table` of a seating, player, role and operatives count (a cache of
    at most 1,024, cleared when full)."""
    key = (players, me, role, operatives)
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 1024:
            _TABLES.clear()
        table = _TABLES[key] = _Table(players, me, role, operatives)
    return table


def _best(candidates: list[Action], scores: list[float], rng: Any) -> Action:
    """:func:`~hiddenrole.bots.common.best` of ``candidates`` by their ``scores`` (the same
    choice, and the same tie-break draw), given the scores rather than a function."""
    top: list[Action] = []
    top_score = float("-inf")
    for a, score in zip(candidates, scores):
        if score > top_score:
            top, top_score = [a], score
        elif score == top_score:
            top.append(a)
    if not top:
        raise ValueError("no candidate action")
    return top[0] if len(top) == 1 else rng.choice(top)


def _value_table_of(chances: dict[str, float], me: str, operative: bool) -> dict[str, dict[str, float]]:
    """:meth:`ShadyAgentsBot._value` of each tool for each player but ``me``, from their
    chances of being operatives (``operative``: whether ``me`` is one); the same arithmetic."""
    bullet: dict[str, float] = {}
    kit: dict[str, float] = {}
    for p, chance in chances.items():
        if p == me:
            continue
        ally = chance if operative else 1.0 - chance
        bullet[p] = 1 - 2 * ally
        kit[p] = 2 * ally - 1
    return {BULLET: bullet, MEDKIT: kit}


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class ShadyAgentsBot(Bot):
    """The rule-based Shady Agents bot (kind ``"rule"``).

    Memory (from its own observations only): its role; the seating; every public gift and
    discard in order, with the tool where it gave, received or discarded it; the weighted
    worlds (:attr:`worlds`); the card being answered and the cards left. Worked out once per
    state of the worlds: each player's chance of being an operative and the value of giving
    each tool to each player (while every weight is 1.0, once per set of worlds for every bot
    of the same seating, player and role: a pure function of the set).

    Its choices are exactly those it made when it re-read its whole view at every decision
    (the same arithmetic, in the same order; ``benchmarks/seeded_results.py``).
    """

    kind = "rule"

    def __init__(self, player: str, seed: int = 0, rng: Any = None) -> None:
        super().__init__(player, seed, rng)
        self.cursor = EventCursor()
        self.players: list[str] = []
        self.role: str | None = None
        self.used: dict[str, str | None] = {}  # player -> the tool used in round 1 (None: unseen)
        self.gave: dict[str, str] = {}  # giver -> receiver (round 1)
        self.received: dict[str, list[str]] = {}  # receiver -> givers in order (round 1)
        self.discarded: set[str] = set()
        self.enforced = True
        self.card: str | None = None  # the card of the last interrogation heard
        self.cards_left = 0  # interrogation cards left in the deck
        self.left: dict[str, str] = {}  # player -> the player seated before them (shared, read-only)
        self.right: dict[str, str] = {}  # player -> the player seated after them (shared, read-only)
        # the worlds: while every weight is 1.0 (only checked answers heard), the bitmask of
        # the table's worlds still possible; after that, the weighted dict
        self._table: _Table | None = None
        self._alive = 0
        self._weighted: dict[frozenset[str], float] | None = None
        # caches of the current worlds (cleared by _forget when the worlds change)
        self._open = False  # whether more than one world is still possible
        self._chances: dict[str, float] | None = None  # each player's chance of being an operative
        self._values: dict[str, dict[str, float]] | None = None  # see _value_table

    # ------------------------------------------------------------ worlds
    @property
    def worlds(self) -> dict[frozenset[str], float] | None:
        """The worlds still possible with their weights (``{operatives frozenset: weight}``,
        in the order they were enumerated), or ``None`` before the bot knows its role."""
        if self._weighted is not None:
            return self._weighted
        table = self._table
        if table is None:
            return None
        alive = self._alive
        return {ops: 1.0 for i, ops in enumerate(table.worlds) if alive >> i & 1}

    def _init_worlds(self, view: dict[str, Any]) -> None:
        self.players = list(view["players"])
        board = view.get("board", {})
        self.enforced = bool(board.get("enforce_statements", True))
        n = len(self.players)
        revealed = board.get("revealed_card")
        if n % 2 == 0:
            operatives = n // 2
        else:
            operatives = (n + 1) // 2 - (1 if revealed == OPERATIVE else 0)
        table = self._table = _table_of(tuple(self.players), self.player, self.role, operatives)
        self._alive = table.full
        self._weighted = None
        self._forget()
        self.left, self.right = table.left, table.right
        received = self.received
        for p in self.players:
            if p not in received:
                received[p] = []

    def _forget(self) -> None:
        """The worlds changed: drop what was worked out from them."""
        self._chances = None
        self._values = None
        self._open = self._several_worlds()

    def _several_worlds(self) -> bool:
        """Whether more than one world is still possible."""
        weighted = self._weighted
        if weighted is not None:
            return len(weighted) > 1
        alive = self._alive
        return alive & (alive - 1) != 0

    def _numbers(self) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
        """Each player's chance of being an operative (``{player: chance}``) and the value
        table (:meth:`_value_table`) for the current worlds; shared read-only dicts.

        Each player's weight (the worlds where they are an operative) is summed in the
        worlds' order, as ``sum()`` sums it (from int 0), over the total weight: the same
        numbers as the sums themselves. While every weight is 1.0 these are counts (exact,
        as the sums of 1.0 are), worked out once per set of worlds for the whole seating."""
        table = self._table
        assert table is not None
        weighted = self._weighted
        if weighted is None:
            alive = self._alive
            numbers = table.numbers.get(alive)
            if numbers is None:
                total = alive.bit_count()
                chances = {p: 0.5 if total <= 0 else (alive & m).bit_count() / total
                           for p, m in table.containing.items()}
                if len(table.numbers) > 4096:
                    table.numbers.clear()
                numbers = table.numbers[alive] = (chances, _value_table_of(chances, table.me, table.operative))
        else:
            weight: dict[str, Any] = dict.fromkeys(table.containing, 0)
            for ops, w in weighted.items():
                for p in ops:
                    weight[p] += w
            wtotal = sum(weighted.values())
            chances = {p: 0.5 if wtotal <= 0 else w / wtotal for p, w in weight.items()}
            numbers = (chances, _value_table_of(chances, table.me, table.operative))
        self._chances, self._values = numbers
        return numbers

    def operative_chance(self, p: str) -> float:
        """The chance (0..1) that ``p`` is an operative, over the worlds still possible."""
        chances = self._chances
        if chances is None:
            chances = self._numbers()[0]
        return chances[p]

    def ally_chance(self, p: str) -> float:
        """The chance (0..1) that ``p`` is on my side."""
        q = self.operative_chance(p)
        return q if self.role == OPERATIVE else 1.0 - q

    def _weigh(self, speaker: str, q: float) -> None:
        """An answer by ``speaker`` true with chance ``q``: knights tell the truth, knaves lie."""
        table = self._table
        assert table is not None
        worlds = self._weighted
        if q == 1.0 or q == 0.0:
            # a checked answer: every (positive) weight is kept as it is (w * 1.0) or ruled
            # out (w * 0.0), the same worlds and weights as the general case below
            inside = q == 1.0
            if worlds is None:
                alive = self._alive
                mask = table.containing[speaker]
                kept = alive & mask if inside else alive & ~mask
                if kept and kept != alive:
                    self._alive = kept
                    self._forget()
                return
            new_worlds = {ops: w for ops, w in worlds.items() if (speaker in ops) == inside}
            if new_worlds and len(new_worlds) != len(worlds):
                self._weighted = new_worlds
                self._forget()
            return
        if worlds is None:
            worlds = self.worlds  # every weight 1.0, from now on weighed one by one
            assert worlds is not None
        new = {ops: w * (q if speaker in ops else 1.0 - q) for ops, w in worlds.items()}
        if sum(new.values()) > 0:  # never lose every world (only an unenforced table could)
            self._weighted = {ops: w for ops, w in new.items() if w > 0}
            self._forget()
        elif self._weighted is None:
            self._weighted = worlds

    # ------------------------------------------------------------ truth of answers
    def _truth(self, card: str, p: str, u: dict[str, str]) -> str | None:
        """The true answer of ``p`` to ``card`` if the round-1 tools were ``u`` (player ->
        tool), or ``None`` for a card this bot does not know."""
        used = u.get(p) if p in self.used else None
        if card == "holding":
            return "both" if used is None else (MEDKIT if used == BULLET else BULLET)
        if card == "holding_medkit":
            return "yes" if used != MEDKIT else "no"
        if card == "holding_bullet":
            return "yes" if used != BULLET else "no"
        gave_to = self.gave.get(p)
        gave_tool = used if gave_to is not None else None
        if card == "gave":
            return f"{gave_tool} to {gave_to}" if gave_to else NOTHING
        if card == "gave_tool":
            return gave_tool or NOTHING
        if card == "gave_medkit_to_neighbour":
            return "yes" if gave_tool == MEDKIT and gave_to in (self.left[p], self.right[p]) else "no"
        if card == "to_right":
            return gave_tool if gave_to == self.right[p] else NOTHING
        if card == "discarded":
            return used if p in self.discarded else NOTHING
        givers = self.received[p]
        if card == "from_left":
            left = self.left[p]
            return u[left] if left in givers else NOTHING
        if card == "from_right":
            right = self.right[p]
            return u[right] if right in givers else NOTHING
        got = [u[g] for g in givers]
        if card == "received_count":
            k = len(got)
            return "3+" if k >= 3 else str(k)
        if card == "received_bullet":
            return "yes" if BULLET in got else "no"
        if card == "received_medkit":
            return "yes" if MEDKIT in got else "no"
        if card == "received_balance":
            kits, bullets = got.count(MEDKIT), got.count(BULLET)
            return "more" if kits > bullets else ("fewer" if kits < bullets else "equal")
        if card == "received_first":
            return got[0] if got else NOTHING
        if card == "received_last":
            return got[-1] if got else NOTHING
        return None

    def truth_chance(self, card: str, p: str, answer: str, *, public: bool = False) -> float | None:
        """The chance (0..1) that ``answer`` is ``p``'s true answer to ``card`` given what I
        know now (``public=True``: given the public facts only), each unseen tool a bullet or
        a medical kit with even odds; ``None`` for an unknown card."""
        used = self.used
        givers = self.received.get(p)
        if not givers and p not in used:
            # p has given, discarded and received nothing: the true answer is the card's own
            truth = _BLANK_TRUTHS.get(card, _UNKNOWN)
            if truth is _UNKNOWN:
                truth = _BLANK_TRUTHS[card] = self._truth(card, p, {})
            if truth is None:
                return None
            return 1.0 if truth == answer else 0.0
        if not givers:  # only p's own tool may count
            own = used.get(p) if not public else None
            if p not in used or own is not None:  # it does not count, or I know it
                truth = self._truth(card, p, {} if own is None else {p: own})
                if truth is None:
                    return None
                return 1.0 if truth == answer else 0.0
        fixed: dict[str, str] = {}
        free: list[str] = []
        for q in dict.fromkeys([p, *givers]) if givers else (p,):
            if q not in used:
                continue
            tool = None if public else used[q]
            if tool is None:
                free.append(q)
            else:
                fixed[q] = tool
        if not free:
            truth = self._truth(card, p, fixed)
            if truth is None:
                return None
            return 1.0 if truth == answer else 0.0
        hits = total = 0
        for combo in product(TOOLS, repeat=len(free)):
            u = dict(fixed)
            u.update(zip(free, combo))
            truth = self._truth(card, p, u)
            if truth is None:
                return None
            total += 1
            hits += truth == answer
        return hits / total

    # ------------------------------------------------------------ reading
    def _read(self, view: dict[str, Any] | None, events: list[dict[str, Any]]) -> None:
        me = self.player
        for e in events:
            kind = e["kind"]
            if kind == "answer":
                speaker = e["player"]
                if self.enforced and speaker != me:
                    if self._table is None:
                        self._init_worlds(view or {})
                    # one world left: it is never ruled out (see _weigh) and every chance
                    # over it is 0 or 1 whatever its weight, so no answer can change them
                    if self._open:
                        q = self.truth_chance(e["card"], speaker, e["answer"])
                        if q is not None:
                            self._weigh(speaker, q)
            elif kind == "give":
                if e["round"] == 1:
                    giver, receiver = e["giver"], e["receiver"]
                    self.used.setdefault(giver, None)
                    self.gave[giver] = receiver
                    self.received.setdefault(receiver, []).append(giver)
            elif kind == "tool":
                giver = e["giver"]
                if giver in self.gave and self.gave[giver] == e["receiver"]:
                    if self.used.get(giver) is None and giver in self.used:
                        self.used[giver] = e["tool"]
            elif kind == "interrogation":
                self.card = e["card"]
                self.cards_left -= 1
                if e["discarded"]:
                    self.used.setdefault(e["caller"], None)
                    self.discarded.add(e["caller"])
            elif kind == "discard":
                if e["player"] == me:
                    self.used[me] = e["tool"]
            elif kind == "role":
                self.role = e["role"]

    def update(self, view: dict[str, Any], events: list[dict[str, Any]] | None = None) -> None:
        """Read ``view`` (my information state: the seating, the board) and the events new
        to me (``events``, or those of ``view["events"]`` not read before): gifts, discards,
        the tools I saw, and every answer, which reweighs the worlds."""
        if self.role is None:
            self.role = view.get("private", {}).get("role")
        if self._table is None and self.role is not None:
            self._init_worlds(view)
        self._read(view, self.cursor.new(view) if events is None else events)
        self.cards_left = view.get("board", {}).get("cards_left", 0)

    # ------------------------------------------------------------ deciding
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``: an answer, a move, an interrogation call or a
        hand-out, by the most likely teams."""
        events = observation.events
        if events is None or self._table is None:
            # a whole view was given, or my first decision: read my information state
            self.update(observation.view or {}, events)
        else:
            self._read(None, events)
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        gives: list[Action] = []
        calls: list[Action] = []
        answers = both = False
        for a in legal:
            kind = a["action"]
            if kind == "give":
                gives.append(a)
            elif kind == "interrogate":
                calls.append(a)
            elif kind == "answer":
                answers = True
            elif kind == "give_both":
                both = True
        if answers:
            return self._answer(legal)
        if both:
            values = self._value_table()
            bullet, kit = values[BULLET], values[MEDKIT]
            both_ways = [a for a in legal if a["action"] == "give_both"]
            return _best(both_ways, [bullet[a["bullet"]] + kit[a["medkit"]] for a in both_ways], self.rng)
        if calls:
            for a in calls:
                if "discard" not in a:
                    return a  # the first player asks for free (the first such call)
            if not gives:
                return self._call(calls, gives)
        values = self._value_table()
        top: list[Action] = []  # the best moves (as common.best finds them)
        top_score = float("-inf")
        for a in gives:
            score = values[a["tool"]][a["target"]]
            if score > top_score:
                top, top_score = [a], score
            elif score == top_score:
                top.append(a)
        if calls and self.cards_left and top_score < 2 * SURE_ENOUGH - 1:
            return self._call(calls, gives)  # nobody is a likely enough target: ask
        if not top:
            raise ValueError("no candidate action")
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def _value(self, tool: str, target: str) -> float:
        """The expected change of my side's lead (points) from giving ``tool`` to ``target``:
        a medical kit scores +1 for the receiver's side, a bullet -1."""
        ally = self.ally_chance(target)
        return (2 * ally - 1) if tool == MEDKIT else (1 - 2 * ally)

    def _value_table(self) -> dict[str, dict[str, float]]:
        """:meth:`_value` of each tool for each other player (``{tool: {player: value}}``),
        worked out once per state of the worlds (:meth:`_numbers`), from the same chances as
        :meth:`operative_chance` (the same arithmetic); read-only."""
        values = self._values
        if values is None:
            values = self._numbers()[1]
        return values

    def _call(self, calls: list[Action], gives: list[Action]) -> Action:
        free = [a for a in calls if "discard" not in a]
        if free:
            return free[0]
        # discard the tool whose best use is worth less now
        values = self._value_table()
        worth = {t: max((values[t][a["target"]] for a in gives if a["tool"] == t), default=-2.0) for t in TOOLS}
        drop = min(TOOLS, key=lambda t: (worth[t], t))
        return next((a for a in calls if a.get("discard") == drop), calls[0])

    def _answer(self, legal: list[Action]) -> Action:
        answers = [a for a in legal if a.get("action") == "answer" and "answer" in a]
        if not answers:
            return legal[0]
        card = self.card
        if self.role == OPERATIVE or card is None:
            return answers[0]

        def plausible(a: Action) -> float:
            q = self.truth_chance(card, self.player, a["answer"], public=True)
            return q if q is not None else 0.0
        return best(answers, plausible, self.rng)
