"""A frozen copy of the rule-based Shady Agents bot as it was before the event stream (issue 12:
``bots/shady_agents.py`` at commit ad36bb6), which read its whole view at every decision and
re-summed the worlds at every candidate action. Kept as the reference that the incremental
bot's choices are compared with (test_bot_shady_agents.py): the same observations must give
the same actions. Do not change it.
"""
from __future__ import annotations

from itertools import combinations, product
from typing import Any

from hiddenrole.engine import Action
from hiddenrole.bots.base import Bot, Observation
from hiddenrole.bots.common import EventCursor, best, new_events, of_kind

BULLET, MEDKIT = "bullet", "medkit"
TOOLS = (BULLET, MEDKIT)
NOTHING = "nothing"
OPERATIVE, DESERTER = "operative", "deserter"

#: Below this chance that the best target is right, a player other than the first calls an
#: interrogation rather than make a move (a probability, 0..1).
SURE_ENOUGH = 0.75


class ReferenceShadyAgentsBot(Bot):
    """The rule-based Shady Agents bot (kind ``"rule"``).

    Memory (from its own observations only): its role; the seating; every public gift and
    discard in order, with the tool where it gave, received or discarded it; the weighted
    worlds (``{operatives frozenset: weight}``).
    """

    kind = "rule"

    def __init__(self, player: str, seed: int = 0, rng: Any = None) -> None:
        super().__init__(player, seed, rng)
        self.cursor = EventCursor()
        self.players: list[str] = []
        self.role: str | None = None
        self.worlds: dict[frozenset[str], float] | None = None
        self.used: dict[str, str | None] = {}  # player -> the tool used in round 1 (None: unseen)
        self.gave: dict[str, str] = {}  # giver -> receiver (round 1)
        self.received: dict[str, list[str]] = {}  # receiver -> givers in order (round 1)
        self.discarded: set[str] = set()
        self.enforced = True

    # ------------------------------------------------------------ worlds
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
        me = self.player
        others = [p for p in self.players if p != me]
        need = operatives - (1 if self.role == OPERATIVE else 0)
        self.worlds = {
            frozenset(c) | ({me} if self.role == OPERATIVE else frozenset()): 1.0
            for c in combinations(others, need)
        }
        for p in self.players:
            self.received.setdefault(p, [])

    def operative_chance(self, p: str) -> float:
        """The chance (0..1) that ``p`` is an operative, over the worlds still possible."""
        assert self.worlds is not None
        total = sum(self.worlds.values())
        if total <= 0:
            return 0.5
        return sum(w for ops, w in self.worlds.items() if p in ops) / total

    def ally_chance(self, p: str) -> float:
        """The chance (0..1) that ``p`` is on my side."""
        q = self.operative_chance(p)
        return q if self.role == OPERATIVE else 1.0 - q

    def _weigh(self, speaker: str, q: float) -> None:
        """An answer by ``speaker`` true with chance ``q``: knights tell the truth, knaves lie."""
        assert self.worlds is not None
        new = {ops: w * (q if speaker in ops else 1.0 - q) for ops, w in self.worlds.items()}
        if sum(new.values()) > 0:  # never lose every world (only an unenforced table could)
            self.worlds = {ops: w for ops, w in new.items() if w > 0}

    # ------------------------------------------------------------ truth of answers
    def _truth(self, card: str, p: str, u: dict[str, str]) -> str | None:
        """The true answer of ``p`` to ``card`` if the round-1 tools were ``u`` (player ->
        tool), or ``None`` for a card this bot does not know."""
        seat = self.players.index(p)
        n = len(self.players)
        used = u.get(p) if p in self.used else None
        gave_to = self.gave.get(p)
        gave_tool = used if gave_to is not None else None
        held = [t for t in TOOLS if t != used]
        got = [u[g] for g in self.received[p]]

        def from_(q: str) -> str:
            return u[q] if q in self.received[p] else NOTHING

        left, right = self.players[(seat - 1) % n], self.players[(seat + 1) % n]
        if card == "holding":
            return "both" if len(held) == 2 else held[0]
        if card == "holding_medkit":
            return "yes" if MEDKIT in held else "no"
        if card == "holding_bullet":
            return "yes" if BULLET in held else "no"
        if card == "gave":
            return f"{gave_tool} to {gave_to}" if gave_to else NOTHING
        if card == "gave_tool":
            return gave_tool or NOTHING
        if card == "gave_medkit_to_neighbour":
            return "yes" if gave_tool == MEDKIT and gave_to in (left, right) else "no"
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
        if card == "from_left":
            return from_(left)
        if card == "from_right":
            return from_(right)
        if card == "to_right":
            return gave_tool if gave_to == right else NOTHING
        if card == "discarded":
            return used if p in self.discarded else NOTHING
        return None

    def truth_chance(self, card: str, p: str, answer: str, *, public: bool = False) -> float | None:
        """The chance (0..1) that ``answer`` is ``p``'s true answer to ``card`` given what I
        know now (``public=True``: given the public facts only), each unseen tool a bullet or
        a medical kit with even odds; ``None`` for an unknown card."""
        relevant = [p, *self.received.get(p, [])]
        fixed: dict[str, str] = {}
        free: list[str] = []
        for q in dict.fromkeys(relevant):
            if q not in self.used:
                continue
            tool = None if public else self.used[q]
            if tool is None:
                free.append(q)
            else:
                fixed[q] = tool
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
    def _read(self, view: dict[str, Any], events: list[dict[str, Any]]) -> None:
        for e in events:
            kind = e["kind"]
            if kind == "role":
                self.role = e["role"]
            elif kind == "give" and e.get("round") == 1:
                giver, receiver = e["giver"], e["receiver"]
                self.used.setdefault(giver, None)
                self.gave[giver] = receiver
                self.received.setdefault(receiver, []).append(giver)
            elif kind == "tool" and e.get("giver") in self.gave and self.gave[e["giver"]] == e.get("receiver"):
                if self.used.get(e["giver"]) is None and e["giver"] in self.used:
                    self.used[e["giver"]] = e["tool"]
            elif kind == "interrogation" and e.get("discarded"):
                self.used.setdefault(e["caller"], None)
                self.discarded.add(e["caller"])
            elif kind == "discard" and e.get("player") == self.player:
                self.used[self.player] = e["tool"]
            elif kind == "answer" and self.enforced and e["player"] != self.player:
                if self.worlds is None:
                    self._init_worlds(view)
                q = self.truth_chance(e["card"], e["player"], e["answer"])
                if q is not None:
                    self._weigh(e["player"], q)

    def update(self, view: dict[str, Any], events: list[dict[str, Any]] | None = None) -> None:
        """Read the events new to me (``events``, or those of ``view["events"]`` not read
        before): gifts, discards, the tools I saw, and every answer, which reweighs the worlds."""
        if self.role is None:
            self.role = view.get("private", {}).get("role")
        if self.worlds is None and self.role is not None:
            self._init_worlds(view)
        self._read(view, self.cursor.new(view) if events is None else events)

    # ------------------------------------------------------------ deciding
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``: an answer, a move, an interrogation call or a
        hand-out, by the most likely teams."""
        view = observation.view or {}
        self.update(view, new_events(observation, self.cursor))
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        kinds = {a.get("action") for a in legal}
        if "answer" in kinds:
            return self._answer(legal, view)
        if "give_both" in kinds:
            return best(
                (a for a in legal if a.get("action") == "give_both"),
                lambda a: self._value(BULLET, a["bullet"]) + self._value(MEDKIT, a["medkit"]),
                self.rng,
            )
        gives = of_kind(legal, "give")
        calls = of_kind(legal, "interrogate")
        if calls and (not gives or self._should_interrogate(gives, calls, view)):
            return self._call(calls, gives)
        return best(gives, lambda a: self._value(a["tool"], a["target"]), self.rng)

    def _value(self, tool: str, target: str) -> float:
        """The expected change of my side's lead (points) from giving ``tool`` to ``target``:
        a medical kit scores +1 for the receiver's side, a bullet -1."""
        ally = self.ally_chance(target)
        return (2 * ally - 1) if tool == MEDKIT else (1 - 2 * ally)

    def _should_interrogate(self, gives: list[Action], calls: list[Action], view: dict[str, Any]) -> bool:
        if any("discard" not in a for a in calls):
            return True  # the first player asks for free
        if not view.get("board", {}).get("cards_left", 0):
            return False
        top = max(self._value(a["tool"], a["target"]) for a in gives)
        return top < 2 * SURE_ENOUGH - 1

    def _call(self, calls: list[Action], gives: list[Action]) -> Action:
        free = [a for a in calls if "discard" not in a]
        if free:
            return free[0]
        # discard the tool whose best use is worth less now
        worth = {t: max((self._value(t, a["target"]) for a in gives if a["tool"] == t), default=-2.0) for t in TOOLS}
        drop = min(TOOLS, key=lambda t: (worth[t], t))
        return next((a for a in calls if a.get("discard") == drop), calls[0])

    def _answer(self, legal: list[Action], view: dict[str, Any]) -> Action:
        answers = [a for a in legal if a.get("action") == "answer" and "answer" in a]
        if not answers:
            return legal[0]
        card = (view.get("private", {}).get("interrogation") or {}).get("card")
        if self.role == OPERATIVE or card is None:
            return answers[0]

        def plausible(a: Action) -> float:
            q = self.truth_chance(card, self.player, a["answer"], public=True)
            return q if q is not None else 0.0
        return best(answers, plausible, self.rng)
