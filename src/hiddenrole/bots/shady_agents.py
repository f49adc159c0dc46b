"""A rule-based Shady Agents bot: knights and knaves over the possible team assignments.

"Law-abiding agents must answer honestly. Corrupt agents must lie." Every interrogation
card asks where the answerer's own two tools go (past or future; an answer about a tool
not yet handed out is a promise the engine holds the player to), so every answer heard is
a statement about its speaker's side: it is true exactly when the speaker is an operative.
The bot keeps the set of *worlds* -- the assignments of sides to the players that fit its
own role and the deal's team sizes. It keeps each answer it heard until what it knows of
the speaker's tools settles it: the public gifts (who gave a face-down tool to whom, in
which round), the discards, and the tools it received itself. When every way the speaker's
tools can have gone makes the answer true, the worlds where the speaker is a deserter are
ruled out; when every way makes it false, those where the speaker is an operative.

It then gives the medical kit to the player most likely on its own team and the bullet to
the player most likely on the other team. The first player interrogates for free; another
player calls an interrogation only while nobody is a likely enough target. An operative
answers with the promise its best plan keeps. A deserter answers "as if its bullet and
medical kit had swapped places" -- the lie the public record can never refute -- and then
plays that swap (it gives the bullet to the player it named for its medical kit), so it
never exposes itself.

The bot follows the game on the event stream: at each decision it reads only the events new
to it (``Observation.events``) and keeps its reasoning up to date as they arrive; it reads
its information state (``Observation.view``) once, at its first decision (the seating, the
options shown on the board, the cards left). The chance of each player being an operative
is worked out once per state of the worlds, not at every candidate action.

The cards' meaning is restated here (the bot sees the game only as a player does);
``tests/bots/test_bot_shady_agents.py`` checks it against the engine's deck.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from mypy_extensions import mypyc_attr

from ..engine import Action
from .base import Bot, Observation
from .common import EventCursor, best

BULLET, MEDKIT = "bullet", "medkit"
TOOLS = (BULLET, MEDKIT)
OPERATIVE, DESERTER = "operative", "deserter"
DISCARDED, BOTH = "discarded", "both"
GONE = -1  # the receiver seat of a discarded tool
FREE = -2  # the round-1 "move" of a first player who called without discarding

# a tool's fate: (receiver seat or GONE, round); a plan: (medkit fate, bullet fate)
Fate = tuple[int, int]
Plan = tuple[Fate, Fate]


def say(card: str, n: int, me: int, caller: int, first: int, names: list[str], plan: Plan) -> str | None:
    """The true answer to ``card`` of the player at seat ``me`` whose tools go as ``plan``
    (``n`` players; ``caller``, ``first``: seats), or ``None`` for a card the bot does not know."""
    m, b = plan
    if card == "medkit_to":
        return DISCARDED if m[0] == GONE else names[m[0]]
    if card == "bullet_to":
        return DISCARDED if b[0] == GONE else names[b[0]]
    if card == "parted_first":
        km = (m[1], -1 if m[0] == GONE else (m[0] - me) % n)
        kb = (b[1], -1 if b[0] == GONE else (b[0] - me) % n)
    else:
        how = _ORDERS.get(card)
        if how is None:
            return None
        kind, ref = how
        seat = me if ref == "you" else caller if ref == "caller" else first
        km = (_place(kind, seat, m[0], n), m[1])
        kb = (_place(kind, seat, b[0], n), b[1])
    return MEDKIT if km < kb else BULLET if kb < km else BOTH


def _place(kind: str, ref: int, target: int, n: int) -> int:
    """Where ``target`` comes in an order round the table from ``ref`` (a discarded tool last)."""
    if target == GONE:
        return n * n
    after = (target - ref) % n
    if kind == "after":
        return after
    if kind == "before":
        return (ref - target) % n
    return min(after, n - after) * n + after


_ORDERS = {
    "nearer_after_you": ("after", "you"), "nearer_before_you": ("before", "you"), "nearer_you": ("either", "you"),
    "nearer_after_caller": ("after", "caller"), "nearer_before_caller": ("before", "caller"),
    "nearer_caller": ("either", "caller"), "earlier_in_round_one": ("after", "first"),
    "nearer_first_player": ("either", "first"),
}


#: the cards whose true answer depends on the caller's seat, the first player's seat, the names
_BY_CALLER = frozenset(card for card, (_, ref) in _ORDERS.items() if ref == "caller")
_BY_FIRST = frozenset(card for card, (_, ref) in _ORDERS.items() if ref == "first")
_BY_NAMES = frozenset(("medkit_to", "bullet_to"))


def _ref(card: str, caller: int, first: int, names: tuple[str, ...]) -> object:
    """What the true answer to ``card`` depends on besides a plan and the answerer's seat:
    the caller's seat, the first player's seat, the names, or nothing (``-1``)."""
    if card in _BY_CALLER:
        return caller
    if card in _BY_FIRST:
        return first
    if card in _BY_NAMES:
        return names
    return -1


class _PlanSet:
    """The ways one player's two tools can go given what is known of them (:attr:`plans`,
    a list never changed; a set of them is an ``int`` mask, bit ``i`` for ``plans[i]``), and
    what they answer: per card (and :func:`_ref`), the mask of the plans whose true answer
    (or whose swap's) is each answer. Shared by every bot (a pure function of what is known,
    the player's seat and the table size); its caches only grow.

    Attributes:
        plans: the plans, in a fixed order.
        full: the mask of every plan.
        apart: the mask of the plans whose two tools go to two places.
    """

    __slots__ = ("plans", "full", "apart", "_masks", "_groups", "_verdicts")

    def __init__(self, plans: list[Plan]) -> None:
        self.plans = plans
        self.full: int = (1 << len(plans)) - 1
        self.apart: int = sum(1 << i for i, c in enumerate(plans) if c[0][0] != c[1][0])
        self._masks: dict[tuple[str, object, bool], dict[str | None, int]] = {}
        self._groups: dict[tuple[str, object, bool], list[tuple[str, list[tuple[int, int, int]]]]] = {}
        self._verdicts: dict[tuple[str, object, str], int] = {}

    def masks(self, card: str, ref: object, me: int, caller: int, first: int, names: tuple[str, ...],
              swapped: bool) -> dict[str | None, int]:
        """``{answer: mask}``: :func:`say` of each plan (of its swap, when ``swapped``) for
        the player at seat ``me``, by answer (``None`` for a card the bot does not know);
        only answers some plan gives; ``ref`` is :func:`_ref`. Read only."""
        key = (card, ref, swapped)
        out = self._masks.get(key)
        if out is None:
            out = {}
            n, named = len(names), list(names)
            for i, c in enumerate(self.plans):
                a = say(card, n, me, caller, first, named, (c[1], c[0]) if swapped else c)
                out[a] = out.get(a, 0) | 1 << i
            self._masks[key] = out
        return out

    def groups(self, card: str, ref: object, me: int, caller: int, first: int, names: tuple[str, ...],
               swapped: bool) -> list[tuple[str, list[tuple[int, int, int]]]]:
        """:meth:`masks` but ``None``, each answer's plans grouped by where the two tools go:
        ``[(answer, [(medkit receiver, bullet receiver, mask), ...]), ...]``. Read only."""
        key = (card, ref, swapped)
        out = self._groups.get(key)
        if out is None:
            out = []
            plans = self.plans
            for a, mask in self.masks(card, ref, me, caller, first, names, swapped).items():
                if a is None:
                    continue
                by: dict[tuple[int, int], int] = {}
                for i, c in enumerate(plans):
                    if mask >> i & 1:
                        pair = (c[0][0], c[1][0])
                        by[pair] = by.get(pair, 0) | 1 << i
                out.append((a, [(mt, bt, m) for (mt, bt), m in by.items()]))
            self._groups[key] = out
        return out

    def verdict(self, card: str, ref: object, me: int, caller: int, first: int, names: tuple[str, ...],
                answer: str) -> int:
        """Whether ``answer`` to ``card`` is true in every plan (``1``), in none (``0``),
        or neither (``-1``; also when there is no plan)."""
        key = (card, ref, answer)
        verdict = self._verdicts.get(key)
        if verdict is None:
            seen = self.masks(card, ref, me, caller, first, names, False)
            verdict = -1 if not seen else 0 if answer not in seen else 1 if len(seen) == 1 else -1
            self._verdicts[key] = verdict
        return verdict


#: what is known of a player -> their plans (a cache shared by every bot: a pure function of the key)
_PLANS: dict[tuple[Any, ...], _PlanSet] = {}


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
    summary = ("Plays its side's obvious strategy and reasons only from what its seat has seen "
               "(whom it suspects, what was claimed, how people voted).")
    #: the event kinds :meth:`_read` reads (the play loop hands out no others)
    READS = frozenset({"answer", "give", "tool", "interrogation", "discard", "first_player", "role"})

    def __init__(self, player: str, seed: int = 0, rng: Any = None) -> None:
        super().__init__(player, seed, rng)
        self.cursor = EventCursor()
        self.players: list[str] = []
        self.role: str | None = None
        self.seat: dict[str, int] = {}  # seat by name
        self.first = -1  # the first player's seat
        self.round1: dict[str, int] = {}  # player -> round-1 receiver seat, GONE (discarded) or FREE
        self.round2: dict[str, list[int]] = {}  # player -> round-2 receiver seats
        self.known: dict[str, dict[str, Fate]] = {}  # player -> {tool: fate} of the tools I saw go
        self._sets: dict[str, _PlanSet] = {}  # player -> their plans now (dropped when what I know of them changes)
        # my plans that keep my answers, and those whose swap keeps them too (with my tools going to
        # two places), as masks over my plan set's plans: (plan set, answers counted, kept, covered)
        self._mine: tuple[_PlanSet, int, int, int] | None = None
        self.claims: dict[str, list[tuple[str, int, str]]] = {}  # player -> unsettled (card, caller, answer)
        self.mine: list[tuple[str, int, str]] = []  # my own answers (card, caller seat, answer)
        self.caller = -1  # the seat of the last caller
        self._last_give: tuple[str, str, int] | None = None  # the last public gift (giver, receiver, round)
        self._names: tuple[str, ...] = ()  # the seating, as a key of the shared caches
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
        # the value table as lists by receiver seat, a discarded tool (-1) last: (table, kit, bullet)
        self._value_lists: tuple[dict[str, dict[str, float]], list[float], list[float]] | None = None

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
        self.seat = {p: i for i, p in enumerate(self.players)}
        self._sets.clear()
        self._names = tuple(self.players)
        if self.first < 0 and board.get("first_player") in self.seat:
            self.first = self.seat[board["first_player"]]

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

    # ------------------------------------------------------------ what answers say
    def plans(self, p: str) -> list[Plan]:
        """Every way ``p``'s two tools can go that fits what I know: the public gifts and
        discards, and the tools I saw go (mine, and those given to me). A shared list: read only."""
        return self._plan_set(p).plans

    def _plan_set(self, p: str) -> _PlanSet:
        """:meth:`plans` of ``p`` with their answers (shared; kept until what I know of ``p`` changes)."""
        known_set = self._sets.get(p)
        if known_set is not None:
            return known_set
        n = len(self.players)
        me = self.seat[p]
        r1 = self.round1.get(p)
        r2 = sorted(self.round2.get(p, ()))
        known = self.known.get(p, {})
        first = me == self.first
        key = (n, me, first, r1, tuple(r2), known.get(MEDKIT), known.get(BULLET))
        cached = _PLANS.get(key)
        if cached is not None:
            self._sets[p] = cached
            return cached
        fates = [(q, r) for q in range(n) if q != me for r in (1, 2)]
        fates.append((GONE, 1))
        out: list[Plan] = []
        for m in fates:
            if MEDKIT in known and known[MEDKIT] != m:
                continue
            for b in fates:
                if BULLET in known and known[BULLET] != b:
                    continue
                if m[1] == 1 and b[1] == 1:
                    continue  # one round-1 turn
                now = m if m[1] == 1 else b if b[1] == 1 else None
                if r1 is None:
                    if now is None and not first:
                        continue
                elif r1 == FREE:
                    if now is not None:
                        continue
                elif now is None or now[0] != r1:
                    continue
                if r2 and sorted(f[0] for f in (m, b) if f[1] == 2) != r2:
                    continue
                out.append((m, b))
        if len(_PLANS) > 65536:
            _PLANS.clear()
        plan_set = _PLANS[key] = self._sets[p] = _PlanSet(out)
        return plan_set

    def _settle(self, p: str, newest: bool = False) -> None:
        """Weigh ``p``'s answers that what I know now settles (true or false in every way
        ``p``'s tools can have gone); ``newest``: only the last one is new since the others
        were weighed against what I know now."""
        claims = self.claims.get(p)
        if not claims or p not in self.round1:
            return  # nothing to settle, or p has not played yet (any answer can still come true)
        me, names, first = self.seat[p], self._names, self.first
        plan_set = self._sets.get(p)
        if plan_set is None:
            plan_set = self._plan_set(p)
        if newest:
            card, caller, answer = claims[-1]
            verdict = plan_set.verdict(card, _ref(card, caller, first, names), me, caller, first, names, answer)
            if verdict >= 0:
                claims.pop()
                self._weigh(p, 1.0 if verdict else 0.0)
            return
        left = []
        for card, caller, answer in claims:
            verdict = plan_set.verdict(card, _ref(card, caller, first, names), me, caller, first, names, answer)
            if verdict < 0:
                left.append((card, caller, answer))
            else:
                self._weigh(p, 1.0 if verdict else 0.0)
        self.claims[p] = left

    def _mine_now(self) -> tuple[_PlanSet, int, int]:
        """My plan set and, as masks over its plans, the plans that keep every answer I gave
        as my code wants it, and of those (as a deserter) the ones whose swap makes every
        answer I gave true with my two tools going to two places: the table cannot tell
        them from the swap. Narrowed answer by answer while what I know of my tools stays
        the same."""
        me = self.player
        plan_set = self._plan_set(me)
        mine = self.mine
        cached = self._mine
        if cached is not None and cached[0] is plan_set:
            done, kept, covered = cached[1], cached[2], cached[3]
        else:
            done, kept, covered = 0, plan_set.full, plan_set.apart
        if done < len(mine):
            s, names, first = self.seat[me], self._names, self.first
            honest = self.role == OPERATIVE
            for card, caller, a in mine[done:]:
                ref = _ref(card, caller, first, names)
                true = plan_set.masks(card, ref, s, caller, first, names, False).get(a, 0)
                kept = kept & true if honest else kept & ~true
                covered &= kept & plan_set.masks(card, ref, s, caller, first, names, True).get(a, 0)
            self._mine = (plan_set, len(mine), kept, covered)
        return plan_set, kept, covered

    def _my_plans(self) -> list[Plan]:
        """The ways my tools can still go that keep every answer I gave as my code wants it."""
        plan_set, kept, _ = self._mine_now()
        return [c for i, c in enumerate(plan_set.plans) if kept >> i & 1]

    def _covered_plans(self) -> list[Plan]:
        """Of my plans (:meth:`_my_plans`, as a deserter), those whose swap makes every answer
        I gave true, with my two tools going to two places: the table cannot tell them from the swap."""
        plan_set, _, covered = self._mine_now()
        return [c for i, c in enumerate(plan_set.plans) if covered >> i & 1]

    def _plan_value(self, c: Plan) -> float:
        values = self._value_table()
        m, b = c
        return (values[MEDKIT][self.players[m[0]]] if m[0] >= 0 else 0.0) + (
            values[BULLET][self.players[b[0]]] if b[0] >= 0 else 0.0)

    # ------------------------------------------------------------ reading
    def _read(self, view: dict[str, Any] | None, events: list[dict[str, Any]]) -> None:
        me = self.player
        for e in events:
            kind = e["kind"]
            if kind == "answer":
                speaker = e["player"]
                if "answer" not in e:
                    continue
                if speaker == me:
                    self.mine.append((e["card"], self.caller, e["answer"]))
                elif self.enforced:
                    if self._table is None:
                        self._init_worlds(view or {})
                    self.claims.setdefault(speaker, []).append((e["card"], self.caller, e["answer"]))
                    if self._open and speaker in self.round1:
                        # the earlier claims were weighed against what I know of the speaker
                        # now (each change of it settles them again): only this one is new
                        self._settle(speaker, True)
            elif kind == "give":
                giver, receiver = e["giver"], e["receiver"]
                if self.seat:
                    if e["round"] == 1:
                        self.round1[giver] = self.seat[receiver]
                    else:
                        self.round2.setdefault(giver, []).append(self.seat[receiver])
                    self._sets.pop(giver, None)
                    self._last_give = (giver, receiver, e["round"])
                    if self._open and giver != me:
                        self._settle(giver)
            elif kind == "tool":
                giver, receiver = e["giver"], e["receiver"]
                last = self._last_give
                rnd = last[2] if last is not None and last[0] == giver and last[1] == receiver else 1
                if self.seat:
                    self.known.setdefault(giver, {})[e["tool"]] = (self.seat[receiver], rnd)
                    self._sets.pop(giver, None)
                    if self._open and giver != me:
                        self._settle(giver)
            elif kind == "interrogation":
                self.card = e["card"]
                self.cards_left -= 1
                if self.seat:
                    caller = e["caller"]
                    self.caller = self.seat[caller]
                    self.round1[caller] = GONE if e["discarded"] else FREE
                    self._sets.pop(caller, None)
                    if caller != me and self._open:
                        self._settle(caller)
            elif kind == "discard":
                if e["player"] == me and self.seat:
                    self.known.setdefault(me, {})[e["tool"]] = (GONE, 1)
                    self._sets.pop(me, None)
            elif kind == "first_player":
                if self.seat:
                    self.first = self.seat[e["player"]]
                    self._sets.clear()
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
        if self.role == DESERTER and self.enforced and self.mine:
            legal = self._keep_cover(legal)
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
        """An operative promises what its best plan makes true; a deserter tells the lie of
        its best plan's swap (never refuted by the public record), else its best lie."""
        answers = [a for a in legal if a.get("action") == "answer" and "answer" in a]
        if not answers:
            return legal[0]
        card = self.card
        if card is None or not self.seat or self.role is None:
            return answers[0]
        s, n, names, caller = self.seat[self.player], len(self.players), self.players, self.caller
        plan_set, kept, covered = self._mine_now()
        # each plan's value (_plan_value, the same sums): by receiver seat, a discarded tool (-1) last
        values = self._value_table()
        lists = self._value_lists
        if lists is None or lists[0] is not values:
            kits, bullets = values[MEDKIT], values[BULLET]
            lists = self._value_lists = (values, [kits.get(p, 0.0) for p in names] + [0.0],
                                         [bullets.get(p, 0.0) for p in names] + [0.0])
        kit, bullet = lists[1], lists[2]
        score: dict[str, float] = {}
        operative = self.role == OPERATIVE
        mask = kept if operative else covered  # the plans whose answer (or whose swap's) I may give
        groups = plan_set.groups(card, _ref(card, caller, self.first, self._names), s, caller, self.first,
                                 self._names, not operative)
        for a, ways in groups:  # the best value of a plan giving each answer (a max: in any order)
            top = -9.0
            for mt, bt, m in ways:
                if m & mask:
                    value = kit[mt] + bullet[bt]
                    if value > top:  # as max(top, value)
                        top = value
            if top > -9.0:
                score[a] = top
        if not operative and not score:  # no cover left: the best lie all the same
            for c in self._my_plans():
                truth = say(card, n, s, caller, self.first, names, c)
                for x in answers:
                    if x["answer"] != truth:
                        score[x["answer"]] = max(score.get(x["answer"], -99.0), self._plan_value(c) - 10.0)
        return best(answers, lambda a: score.get(a["answer"], -100.0), self.rng)

    def _keep_cover(self, legal: list[Action]) -> list[Action]:
        """Of a deserter's legal moves, those that keep a plan whose swap the public record
        cannot tell apart (all of them when none does)."""
        held = set(TOOLS)
        for tool, fate in self.known.get(self.player, {}).items():
            held.discard(tool)
        acted = self.player in self.round1
        steps = {_next_step(c, acted, len(held), self.players) for c in self._covered_plans()}
        kept = [a for a in legal if _step_of(a) in steps]
        return kept or legal


def _next_step(c: Plan, acted: bool, held: int, names: list[str]) -> tuple[Any, ...]:
    """My next action in plan ``c`` as a key (see :func:`_step_of`)."""
    (mt, mr), (bt, br) = c
    if not acted:
        if mr == 1:
            return ("discard", MEDKIT) if mt == GONE else ("give", MEDKIT, names[mt])
        if br == 1:
            return ("discard", BULLET) if bt == GONE else ("give", BULLET, names[bt])
        return ("call",)
    if held == 2:
        return ("both", names[bt], names[mt])
    return ("give", MEDKIT, names[mt]) if mr == 2 else ("give", BULLET, names[bt])


def _step_of(a: Action) -> tuple[Any, ...]:
    kind = a["action"]
    if kind == "give":
        return ("give", a["tool"], a["target"])
    if kind == "give_both":
        return ("both", a[BULLET], a[MEDKIT])
    if kind == "interrogate":
        return ("call",) if "discard" not in a else ("discard", a["discard"])
    return (kind,)
