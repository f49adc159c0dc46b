"""The Shady Agents rules engine: two rounds of face-down tools, and interrogations.

Rules text (the order of play): "Es gibt zwei Runden in diesem Spiel. Runde 1: Das Spiel
beginnt, indem jeder Spieler die Wahl hat, einen ZUG ZU MACHEN oder EINER INTERROGATION
ZU RUFEN." ... "Zweite Runde: Nachdem jeder Spieler die Möglichkeit hatte, einen Zug zu
machen oder einer Interrogation zu rufen, spielt jeder nun in umgekehrter Reihenfolge
seine verbleibende Werkzeugkarte. Es gibt keine weiteren Interrogationen in der zweiten
Runde. Das Spiel endet, wenn der erste Spieler beide Werkzeugkarten gleichzeitig verteilt."

Phases: ``"round_1"`` (the player to act makes a move or calls an interrogation),
``"interrogation"`` (every player answers the drawn card in turn, from the caller's
left-hand neighbour round to the caller), ``"round_2"`` (in reverse order, each player
hands out what they still hold; the first player last) and ``"over"``.

Action kinds (each ``{"player": NAME, "action": KIND, ...}``; see docs/rules/shady-agents.md):

* ``give {tool, target}``: a move in round 1, or the hand-out of the one remaining tool in round 2.
* ``give_both {bullet, medkit}``: the first player's round-2 hand-out of both tools at once
  (when they kept both by calling an interrogation without discarding).
* ``interrogate {discard}``: call an interrogation, discarding ``"bullet"`` or ``"medkit"``
  face down; the first player gives no ``discard`` (or, with the option
  ``first_player_may_discard``, may give one).
* ``answer {answer}`` (one id of the card's answer set) or, with ``enforce_statements``
  off, ``answer {text}``.
* ``post {text}``: the public chat ("Fühle dich frei zu diskutieren!"), any time until the end.

Chance kinds: ``"roles"``, ``"first"``, ``"interrogations"``, ``"timeouts"`` (a sequence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from hiddenrole.engine import ONE_DRAW, BadSetup, Event, Game, IllegalAction, Timer, seating_of

from .interrogations import CARD_IDS, CARDS, Card
from .options import OPTIONS
from .roles import OPERATIVE, SIDE_OF_ROLE, SIDES, check_deal, draw_deal
from .scoring import score
from .seating import ShadySeating
from .spycode import SpyCode
from .timeouts import check_both, check_listed, check_one, check_pick
from .tools import BULLET, MEDKIT, TOOLS, Ledger

ROUND_1 = "round_1"
INTERROGATION = "interrogation"
ROUND_2 = "round_2"
OVER = "over"

_MOD_ONLY: frozenset[str] = frozenset()
_ROUND_1_KINDS = ("give", "interrogate")
_ANSWER_KINDS = ("answer",)
MAX_TEXT = 1000  # characters of a chat post or a free-text answer

_GIVE_KEYS = frozenset({"player", "action", "tool", "target"})
_GIVE_BOTH_KEYS = frozenset({"player", "action", BULLET, MEDKIT})
_INTERROGATE_KEYS = frozenset({"player", "action", "discard"})
_ANSWER_KEYS = frozenset({"player", "action", "answer"})
_TEXT_KEYS = frozenset({"player", "action", "text"})

# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class ShadyAgents(Game):
    """Shady Agents for 4 to 10 players (see the module docstring and docs/rules/shady-agents.md).

    Args: as :class:`hiddenrole.engine.Game` (players in seat order, clockwise; options
    ``enforce_statements``, ``first_player_may_discard``, ``turn_seconds``, ``answer_seconds``; seed; fixed chance outcomes).

    Raises:
        BadSetup: a player count outside 4..10, bad names, or a fixed chance outcome that
            is malformed (the message names the kind and what is wrong).
        BadOption: an unknown option or a bad value.
    """

    name = "shady-agents"
    title = "Shady Agents"
    min_players = 4
    max_players = 10
    sides = SIDES
    OPTIONS = OPTIONS
    CHANCE_KINDS = frozenset({"roles", "first", "interrogations", "timeouts"})
    CHANCE_SEQUENCES = frozenset({"timeouts"})
    EVENT_KINDS = frozenset({
        "role",  # private: a player's role card (role, side)
        "revealed_card",  # an odd table's revealed role card (role, side, bonus)
        "deck",  # the Mod only: the interrogation deck's order
        "first_player",  # the first player and round 1's order
        "give",  # a face-down tool changed hands (giver, receiver, round)
        "tool",  # private to giver and receiver: which tool it was
        "discard",  # private to the caller: the tool discarded to call an interrogation
        "interrogation",  # a card drawn (caller, card, question, discarded, number)
        "answer",  # one player's answer to the card (player, card, answer or text)
        "post",  # a chat message (player, text)
        "round_two",  # round 2 begins (its order)
        "reveal",  # the end: every role, gift and discard
        "game_over",  # the result (winner, reason, scores...)
    })
    # the fields that hold lists or dicts, by kind (the reveal and the result are looked at
    # field by field); every other field is a scalar (tests/engine checks every emitted event)
    EVENT_SHAPES = {
        **dict.fromkeys(EVENT_KINDS - {"reveal", "game_over"}, ()),
        "deck": ("order",), "first_player": ("order",), "round_two": ("order",),
    }
    LEGAL_ACTIONS_FRESH = True  # legal_actions() copies the listed actions at every call
    OBSERVER = "hiddenrole.games.shady_agents.views:ShadyAgentsObserver"
    NARRATOR = "hiddenrole.games.shady_agents.narration:ShadyAgentsNarrator"

    # ------------------------------------------------------------------ set-up
    # ------------------------------------------------------------ set-up

    def setup(self) -> None:
        """Deal the roles, pick the first player, shuffle the interrogation deck (ruling 2)."""
        players = self.players
        n = len(players)
        table = self._table = seating_of(ShadySeating, players)  # shared by the games of this seating
        self._seat, self._others, self._templates = table.seat, table.others, table.templates
        self._pairs, self._answer_templates = table.pairs, table.answer_templates
        deal = self.chance.outcome("roles", draw_deal(players), check_deal(players))
        self._roles: list[str] = [deal["deal"][p] for p in players]
        self.revealed_card: str | None = deal["revealed"]
        self.bonus_side: str | None = SIDE_OF_ROLE[self.revealed_card] if self.revealed_card else None
        first = self.chance.outcome("first", lambda rng: players[rng.below(n)], self._check_first)
        self._first: int = self._seat[first]
        self._deck: list[str] = self.chance.outcome(
            "interrogations", lambda rng: rng.shuffled(CARD_IDS, per_draw=ONE_DRAW, pick=True), _check_deck
        )
        self._deck_pos = 0
        self._may_discard: int = 1 if self.options["first_player_may_discard"] else 0
        self.ledger = Ledger(players)
        self._order: list[int] = table.orders[self._first]  # round 1, clockwise (never changed)
        self._round = 1
        self._pos = 0  # index into the current round's order
        self._phase = ROUND_1
        self._current = self._first
        self._waiting: tuple[str, ...] = (first,)
        self._kinds: tuple[str, ...] = _ROUND_1_KINDS
        self._step = 0  # counts completed steps (for timer keys)
        self._card: Card | None = None
        self._answerers: list[int] = []
        self._answer_pos = 0
        self.interrogations: list[dict[str, Any]] = []
        self.chat: list[dict[str, str]] = []
        self._legal: list[dict[str, Any]] | None = None
        self._answers_now: tuple[str, ...] = ()
        # the answers as promises, each player held to theirs to the end (spycode.py)
        self.code = SpyCode(table, self._first, bool(self._may_discard), self.ledger)
        log = self.log
        for k, (alone, role) in enumerate(zip(table.audience, self._roles)):
            log.append(Event(k, "role", {"role": role, "side": SIDE_OF_ROLE[role]}, alone))
        if self.revealed_card is not None:
            log.append(Event(len(log), "revealed_card",
                             {"role": self.revealed_card, "side": self.bonus_side, "bonus": 1}, None))
        log.append(Event(len(log), "deck", {"order": list(self._deck)}, _MOD_ONLY))
        log.append(Event(len(log), "first_player",
                         {"player": first, "order": list(table.order_names[self._first])}, None))

    def _check_first(self, value: Any) -> str:
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value < len(self.players):
                raise BadSetup(f"chance 'first': seat {value} is not in 0..{len(self.players) - 1}")
            return self.players[value]
        if isinstance(value, str) and value in self.players:
            return value
        raise BadSetup(f"chance 'first': {value!r} is not a player (give a name or a 0-based seat)")

    # ----------------------------------------------------- the questions

    @property
    def phase(self) -> str:
        """``"round_1"``, ``"interrogation"``, ``"round_2"`` or ``"over"``."""
        return self._phase

    @property
    def first_player(self) -> str:
        """The first player's name (the chance outcome ``"first"``)."""
        return self.players[self._first]

    @property
    def round(self) -> int | None:
        """1 or 2 (an interrogation belongs to round 1), ``None`` once the game is over."""
        return None if self.is_over else self._round

    @property
    def caller(self) -> str | None:
        """The player who called the interrogation being answered, or ``None``."""
        return self.players[self.code.caller] if self._phase == INTERROGATION else None

    @property
    def cards_left(self) -> int:
        """How many interrogation cards are left in the deck."""
        return len(self._deck) - self._deck_pos

    def answers_to(self, player: str) -> tuple[str, ...]:
        """The answer set of the current card for ``player`` (every answer, the code aside);
        ``()`` when no card is being answered. Raises ``KeyError`` for a name not at the table."""
        card = self.current_card
        return () if card is None else card.answers(self.code.info(self._seat[player]))

    def role_of(self, player: str) -> str:
        """``player``'s role, ``"operative"`` or ``"deserter"`` (the Mod's knowledge).
        Raises ``KeyError`` for a name not at the table."""
        return self._roles[self._seat[player]]

    def side_of(self, player: str) -> str:
        """``player``'s side, ``"operatives"`` or ``"deserters"`` (roles never change, so
        this is also the side at the end). Raises ``KeyError`` for a name not at the table."""
        return SIDE_OF_ROLE[self._roles[self._seat[player]]]

    @property
    def current_card(self) -> Card | None:
        """The interrogation card being answered, or ``None``."""
        return self._card if self._phase == INTERROGATION else None

    def to_act(self) -> tuple[str, ...]:
        """The one player the game waits for (``()`` once over)."""
        return self._waiting

    def legal_actions(self, player: str) -> list[dict[str, Any]]:
        """Every action ``player`` may take now (posts are not listed); ``[]`` when it is
        not their turn.

        Returns new plain dicts in a new list each call: the caller's own, sharing nothing
        with the game (the listed moves are built once per seating and copied)."""
        if player not in self._waiting:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._build_legal()
        return list(map(dict.copy, legal))

    def timers(self) -> list[Timer]:
        """The deadline of the current step: ``turn_seconds`` for a turn of round 1 or 2,
        ``answer_seconds`` for an answer (none when that option is 0 or the game is over)."""
        if self.is_over:
            return []
        if self._phase == INTERROGATION:
            seconds = self.options["answer_seconds"]
        else:
            seconds = self.options["turn_seconds"]
        return [Timer(f"{self._phase}-{self._step}", float(seconds))] if seconds else []

    # ------------------------------- round 1: a move or an interrogation

    def _give(self, player: str, action: Mapping[str, Any]) -> None:
        """A move (round 1) or the hand-out of the last tool (round 2).

        Rule: "nimmt er eines seiner Werkzeuge ... und gibt es einem anderen Spieler" --
        the player gives one of their own tools to another player (ruling 1: never oneself).
        """
        seat = self._seat[player]
        if seat != self._current or "give" not in self._kinds:
            self._check_turn(player, action, "give")
        if len(action) != 4:
            self._check_keys(player, action, _GIVE_KEYS)
        tool = action.get("tool")
        if tool not in self.ledger.held[seat]:
            if tool not in TOOLS:
                raise IllegalAction(player, action, f"'tool' must be 'bullet' or 'medkit', not {tool!r}")
            raise IllegalAction(player, action, f"you no longer hold your {tool}")
        target = action.get("target")
        to = self._seat.get(target) if type(target) is str else None
        if to is None or to == seat:
            to = self._target(player, action, "target")  # raises, naming the problem
        if self.code.bound(seat):
            self.code.check(player, action, seat, ("give", tool, to))
            self.code.narrow(seat, ("give", tool, to))
        self.code.acted[seat] = True
        self._hand(seat, tool, to, False)
        self._next_turn()

    def _hand(self, seat: int, tool: str, target: int, by_timeout: bool) -> None:
        rnd = self._round
        self.ledger.give(seat, tool, target, rnd)
        players = self.players
        giver, receiver = players[seat], players[target]
        data = {"giver": giver, "receiver": receiver, "round": rnd}
        if by_timeout:
            data["by_timeout"] = True
        log = self.log
        k = len(log)
        # public: a face-down tool changed hands; private to giver and receiver: which tool
        log.append(Event(k, "give", data, None))
        log.append(Event(k + 1, "tool", {"giver": giver, "receiver": receiver, "tool": tool},
                         self._pairs[seat][target]))

    def _interrogate(self, player: str, action: Mapping[str, Any]) -> None:
        """Call an interrogation (round 1 only).

        Rule: "kannst du eines deiner Werkzeuge auswählen ... und es ablegen, ohne es zu
        offenbaren" -- discard one own tool face down; "Da der erste Spieler weniger
        Informationen hat ..., muss dieser Spieler nicht auf eines seiner Werkzeuge
        verzichten" -- the first player need not give up a tool: they keep both, or, with
        the option ``first_player_may_discard``, may also discard one.
        """
        seat = self._check_turn(player, action, "interrogate")
        self._check_keys(player, action, _INTERROGATE_KEYS)
        discard = action.get("discard")
        if seat == self._first and (discard is None or not self._may_discard):
            if discard is not None:
                raise IllegalAction(
                    player, action,
                    "the first player calls an interrogation without discarding: give no 'discard' "
                    "(the option first_player_may_discard allows one)",
                )
        else:
            if discard is None:
                raise IllegalAction(
                    player, action, "missing 'discard': to call an interrogation you discard 'bullet' or 'medkit'"
                )
            if discard not in TOOLS:
                raise IllegalAction(player, action, f"'discard' must be 'bullet' or 'medkit', not {discard!r}")
            if discard not in self.ledger.held[seat]:
                raise IllegalAction(player, action, f"you no longer hold your {discard}")
        self.code.check(player, action, seat, ("call",) if discard is None else ("discard", discard))
        self._call(seat, discard)

    def _call(self, seat: int, discard: str | None) -> None:
        """"Ziehe die nächste Interrogationskarte und lese sie laut vor. Beginne mit dem
        nächsten Spieler im Uhrzeigersinn": the answers go round from the caller's left to the caller."""
        player = self.players[seat]
        self.code.narrow(seat, ("call",) if discard is None else ("discard", discard))
        self.code.acted[seat] = True
        if discard is not None:
            self.ledger.discard(seat, discard)
            self.emit("discard", to=(player,), player=player, tool=discard)
        card = CARDS[self._deck[self._deck_pos]]
        self._deck_pos += 1
        n = len(self.players)
        self._card = card
        self.code.caller = seat
        self._answerers = [(seat + k) % n for k in range(1, n + 1)]
        self._answer_pos = 0
        self.interrogations.append(
            {"caller": player, "card": card.id, "question": card.question, "discarded": discard is not None,
             "answers": []}
        )
        self.emit("interrogation", caller=player, card=card.id, question=card.question,
                  discarded=discard is not None, number=len(self.interrogations))
        self._phase = INTERROGATION
        self._set_current(self._answerers[0])

    # ------------------------------------------------- the interrogation

    def _answer(self, player: str, action: Mapping[str, Any]) -> None:
        """Answer the interrogation card (enforcing the spy code when ``enforce_statements``).

        Rule: "Gesetzestreue Agenten müssen ehrlich antworten. Korrupte Agenten müssen
        lügen." -- an operative may choose only the true answer, a deserter only a false one.
        """
        seat = self._seat[player]
        if seat != self._current or "answer" not in self._kinds:
            self._check_turn(player, action, "answer")
        card = self._card
        assert card is not None
        enforce = self.options["enforce_statements"]
        if "text" in action:
            if enforce:
                raise IllegalAction(
                    player, action,
                    "free-text answers need the option enforce_statements=false: give 'answer', one of "
                    + _listing(card.answers(self.code.info(seat))),
                )
            self._check_keys(player, action, _TEXT_KEYS)
            text = _text(player, action)
            self._record_answer(seat, {"player": player, "card": card.id, "text": text}, False)
            return
        if "answer" not in action:
            raise IllegalAction(player, action, "missing 'answer' (one of the card's answers)")
        if len(action) != 3:
            self._check_keys(player, action, _ANSWER_KEYS)
        answer = action["answer"]
        if self._legal is not None and type(answer) is str and answer in self._answers_now:
            # one of the answers listed for this step: the code allows it
            self._record_answer(seat, {"player": player, "card": card.id, "answer": answer}, False)
            return
        answers = card.answers(self.code.info(seat))
        if type(answer) is not str or answer not in answers:
            raise IllegalAction(
                player, action, f"{answer!r} is not an answer to {card.id!r}; answers: {_listing(answers)}"
            )
        if enforce and answer not in self._legal_answers():
            if self._roles[seat] == OPERATIVE:
                raise IllegalAction(player, action, f"an operative must answer truthfully, and {answer!r} is false "
                                                    "(nothing you can still do makes it true)")
            raise IllegalAction(player, action, f"a deserter must lie, and {answer!r} is true "
                                                "(nothing you can still do makes it false)")
        self._record_answer(seat, {"player": player, "card": card.id, "answer": answer}, False)

    def _legal_answers(self) -> tuple[str, ...]:
        if self._legal is None:
            self._legal = self._build_legal()
        return self._answers_now

    def _record_answer(self, seat: int, data: dict[str, Any], by_timeout: bool) -> None:
        """Record an answer (a promise under the spy code); after the caller's own answer,
        round 1 goes on with the player after the caller."""
        if by_timeout:
            data["by_timeout"] = True
        if self.options["enforce_statements"] and "answer" in data:
            card = self._card
            assert card is not None
            self.code.keep(seat, card, data["answer"], self._roles[seat] == OPERATIVE)
        self.interrogations[-1]["answers"].append(data)  # shared with the event: never changed
        log = self.log
        log.append(Event(len(log), "answer", data, None))
        self._answer_pos += 1
        if self._answer_pos < len(self._answerers):
            self._set_current(self._answerers[self._answer_pos])
            return
        # every player, the caller last, has answered: round 1 goes on after the caller
        self._phase = ROUND_1
        self._next_turn()

    # --------------------------------------------- round 2: the hand-out

    def _give_both(self, player: str, action: Mapping[str, Any]) -> None:
        """The first player's last turn when they kept both tools.

        Rule: "Das Spiel endet, wenn der erste Spieler beide Werkzeugkarten gleichzeitig
        verteilt." -- both tools at once, each to another player (the same one or two).
        """
        seat = self._check_turn(player, action, "give_both")
        if len(action) != 4:
            self._check_keys(player, action, _GIVE_BOTH_KEYS)
        to_bullet = self._target(player, action, BULLET)
        to_kit = self._target(player, action, MEDKIT)
        self.code.check(player, action, seat, ("both", to_bullet, to_kit))
        self.code.narrow(seat, ("both", to_bullet, to_kit))
        self._hand(seat, BULLET, to_bullet, False)
        self._hand(seat, MEDKIT, to_kit, False)
        self._next_turn()

    # -------------------------------------------- turn order and the end

    def _set_current(self, seat: int) -> None:
        """The next step waits for ``seat``."""
        self._current = seat
        self._waiting = (self.players[seat],)
        self._legal = None
        self._step += 1
        phase = self._phase
        if phase == ROUND_1:
            self._kinds = _ROUND_1_KINDS
        elif phase == INTERROGATION:
            self._kinds = _ANSWER_KINDS
        else:
            self._kinds = self._kinds_now()

    def _next_turn(self) -> None:
        """The turn passes to the next player of the round; after the last, round 2 begins
        (or, after round 2, the game ends)."""
        pos = self._pos = self._pos + 1
        order = self._order
        if pos < len(order):
            self._set_current(order[pos])
            return
        if self._round == 1:
            # "spielt jeder nun in umgekehrter Reihenfolge seine verbleibende Werkzeugkarte"
            self._round = 2
            self._phase = ROUND_2
            self._order = self._table.reversed_orders[self._first]  # shared, never changed
            self._pos = 0
            self.emit("round_two", order=list(self._table.reversed_names[self._first]))
            self._set_current(self._order[0])
            return
        self._finish()

    def _finish(self) -> None:
        """"Alle Spieler decken ihre Rollenkarten auf. Alle Werkzeuge werden umgedreht." """
        self._phase = OVER
        self._current = -1
        self._waiting = ()
        self._kinds = ()
        self._legal = None
        ledger = self.ledger
        players = self.players
        # every step but the first started with _set_current, which counts them
        result = score(ledger, self._roles, self.bonus_side, turns=self._step + 1)
        self.finish(result)  # is_over and result (engine contract)
        gifts = [
            {"giver": players[g], "receiver": players[r], "tool": t, "round": rd} for g, t, r, rd in ledger.gifts
        ]
        log = self.log
        k = len(log)
        log.append(Event(k, "reveal", {
            "roles": dict(zip(players, self._roles)),
            "gifts": gifts,
            "discards": {players[s]: d for s, d in enumerate(ledger.discarded) if d is not None},
        }, None))
        log.append(Event(k + 1, "game_over", {"winner": result.winner, "reason": result.reason, **result.detail}, None))

    # ---------------------------------------------------------- the chat

    def _post(self, player: str, action: Mapping[str, Any]) -> None:
        """A public chat message ("Fühle dich frei zu diskutieren!"): part of the game state."""
        self._check_keys(player, action, _TEXT_KEYS)
        text = _text(player, action)
        self.chat.append({"player": player, "text": text})
        self.emit("post", player=player, text=text)

    # ---------------------------------------------------------- timeouts

    def _timeout(self) -> None:
        """Ruling 3: a missing move or hand-out gives a random own tool to a random other
        player (each of both tools in the first player's double hand-out); a missing answer
        is a random legal answer. Each default is a ``"timeouts"`` chance outcome."""
        seat = self._current
        others = self._others[seat]
        if self._phase == INTERROGATION:
            card = self._card
            assert card is not None
            options = [a["answer"] for a in self._build_legal()]
            pick = self.chance.outcome(
                "timeouts", lambda rng: {"answer": rng.choice(options)}, check_pick(options, "answer"),
                sequence=True,
            )
            self._record_answer(
                seat, {"player": self.players[seat], "card": card.id, "answer": pick["answer"]}, True
            )
            return
        held = self.ledger.held[seat]
        if self.code.bound(seat):
            # a random legal move: one that keeps the player's answers as the code wants them
            listed = self._build_legal()
            legal = [a for a in listed if a["action"] in ("give", "give_both")]
            if not legal:  # the answers leave only a call: make it, discarding what they promised
                calls = [{"discard": a.get("discard")} for a in listed]
                pick = self.chance.outcome("timeouts", lambda rng: dict(rng.choice(calls)),
                                           check_listed(calls, "an interrogation call"), sequence=True)
                self._call(seat, pick["discard"])
                return
            if legal[0]["action"] == "give_both":
                pairs = [{BULLET: a[BULLET], MEDKIT: a[MEDKIT]} for a in legal]
                pick = self.chance.outcome("timeouts", lambda rng: dict(rng.choice(pairs)),
                                           check_listed(pairs, "a double hand-out"), sequence=True)
                self.code.narrow(seat, ("both", self._seat[pick[BULLET]], self._seat[pick[MEDKIT]]))
                self._hand(seat, BULLET, self._seat[pick[BULLET]], True)
                self._hand(seat, MEDKIT, self._seat[pick[MEDKIT]], True)
            else:
                moves = [{"tool": a["tool"], "target": a["target"]} for a in legal]
                pick = self.chance.outcome("timeouts", lambda rng: dict(rng.choice(moves)),
                                           check_listed(moves, "a move"), sequence=True)
                self.code.narrow(seat, ("give", pick["tool"], self._seat[pick["target"]]))
                self._hand(seat, pick["tool"], self._seat[pick["target"]], True)
            self.code.acted[seat] = True
            self._next_turn()
            return
        if self._phase == ROUND_2 and len(held) == 2:
            def draw_both(rng):
                return {BULLET: rng.choice(others), MEDKIT: rng.choice(others)}

            pick = self.chance.outcome("timeouts", draw_both, check_both(others), sequence=True)
            self._hand(seat, BULLET, self._seat[pick[BULLET]], True)
            self._hand(seat, MEDKIT, self._seat[pick[MEDKIT]], True)
        else:
            tools = tuple(held)

            def draw_one(rng):
                return {"tool": rng.choice(tools), "target": rng.choice(others)}

            pick = self.chance.outcome("timeouts", draw_one, check_one(tools, others), sequence=True)
            self._hand(seat, pick["tool"], self._seat[pick["target"]], True)
        self.code.acted[seat] = True
        self._next_turn()

    # -------------------------------------- listing and checking actions

    def _build_legal(self) -> list[dict[str, Any]]:
        """The actions of the player to act (shared templates: never handed out)."""
        seat = self._current
        if self._phase == INTERROGATION:
            card = self._card
            assert card is not None
            info_key = self.code.info_key(seat)
            info = self.code.info(seat, info_key)
            if self.options["enforce_statements"]:
                plans, truths = self.code.answer_truths(seat, card, info)
                operative = self._roles[seat] == OPERATIVE
                seen = tuple([a for a, mask in truths.items() if mask & plans])
                # the listed answers depend only on these (and the seating): built once, shared
                # (never handed out: legal_actions copies them)
                answers_key = (card.id, info_key, operative, seen)
                listed = self._answer_templates.get(answers_key)
                if listed is None:
                    if len(self._answer_templates) > 50_000:
                        self._answer_templates.clear()
                    answers = card.allowed_seen(seen, info, operative)
                    listed = self._answer_templates[answers_key] = (answers, self._answer_actions(seat, answers))
                self._answers_now = listed[0]  # valid until the step ends (see _set_current)
                return listed[1]
            answers = card.answers(info)
            self._answers_now = answers
            return self._answer_actions(seat, answers)
        # moves and hand-outs depend only on the seat, the tools held, the phase and
        # whether the seat is the first player: built once per seating and shared (never
        # handed out: legal_actions copies them)
        held = self.ledger.held[seat]
        # an int key: seat, whether the first player may discard, the tools held (3 both, 1 the
        # bullet, 2 the kit), round 1 or 2, first?
        key = seat << 5 | self._may_discard << 4 | (3 if len(held) == 2 else 1 if held[0] == BULLET else 2) << 2 | (
            2 if self._phase == ROUND_1 else 0) | (seat == self._first)
        template = self._templates.get(key)
        if template is None:
            template = self._templates[key] = self._turn_actions(seat)
        return self.code.allowed_moves(seat, key, template) if self.code.bound(seat) else template

    def _answer_actions(self, seat: int, answers: tuple[str, ...]) -> list[dict[str, Any]]:
        p = self.players[seat]
        return [{"player": p, "action": "answer", "answer": a} for a in answers]

    def _turn_actions(self, seat: int) -> list[dict[str, Any]]:
        p = self.players[seat]
        others = self._others[seat]
        held = self.ledger.held[seat]
        if self._phase == ROUND_2 and len(held) == 2:
            return [
                {"player": p, "action": "give_both", BULLET: b, MEDKIT: m} for b in others for m in others
            ]
        out = [{"player": p, "action": "give", "tool": t, "target": q} for t in held for q in others]
        if self._phase == ROUND_1:
            if seat == self._first:
                out.append({"player": p, "action": "interrogate"})
            if seat != self._first or self._may_discard:
                out.extend({"player": p, "action": "interrogate", "discard": t} for t in held)
        return out

    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(
                player, action, f"unknown action kind {kind!r} (known: give, give_both, interrogate, answer, post)"
            )
        handler(self, player, action)

    def _check_turn(self, player: str, action: Mapping[str, Any], what: str) -> int:
        seat = self._seat[player]
        if seat != self._current:
            if self._current < 0:
                raise IllegalAction(player, action, "the game is over")
            raise IllegalAction(
                player, action, f"it is {self.players[self._current]}'s turn to {self._doing()}, not yours"
            )
        if what not in self._kinds:
            raise IllegalAction(player, action, f"you cannot {what} now: it is the time to {self._doing()}")
        return seat

    def _doing(self) -> str:
        if self._phase == INTERROGATION:
            return f"answer the interrogation card {self._card.id!r}"  # type: ignore[union-attr]
        if self._phase == ROUND_1:
            return "make a move or call an interrogation (round 1)"
        if len(self.ledger.held[self._current]) == 2:
            return "hand out both tools at once with give_both (round 2)"
        return "hand out the remaining tool (round 2)"

    def _kinds_now(self) -> tuple[str, ...]:
        """The action kinds the player to act may use now (besides ``post``)."""
        if self._phase == INTERROGATION:
            return _ANSWER_KINDS
        if self._phase == ROUND_1:
            return _ROUND_1_KINDS
        if len(self.ledger.held[self._current]) == 2:
            return ("give_both",)
        return ("give",)

    @staticmethod
    def _check_keys(player: str, action: Mapping[str, Any], allowed: frozenset[str]) -> None:
        extra = [k for k in action if k not in allowed]
        if extra:
            raise IllegalAction(player, action, f"unknown parameters {sorted(map(str, extra))}")

    def _target(self, player: str, action: Mapping[str, Any], key: str) -> int:
        if key not in action:
            raise IllegalAction(player, action, f"missing {key!r} (the player who receives the tool)")
        target = action[key]
        seat = self._seat.get(target) if isinstance(target, str) else None
        if seat is None:
            raise IllegalAction(player, action, f"{key!r}: {target!r} is not a player of this table")
        if target == player:
            raise IllegalAction(
                player, action, "a tool can never be given to oneself: it goes to another player (ruling 1)"
            )
        return seat


_HANDLERS = {
    "give": ShadyAgents._give,
    "give_both": ShadyAgents._give_both,
    "interrogate": ShadyAgents._interrogate,
    "answer": ShadyAgents._answer,
    "post": ShadyAgents._post,
}


def _text(player: str, action: Mapping[str, Any]) -> str:
    text = action.get("text")
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(player, action, "'text' must be a non-empty string")
    if len(text) > MAX_TEXT:
        raise IllegalAction(player, action, f"'text' is longer than {MAX_TEXT} characters")
    return text


def _listing(answers: tuple[str, ...] | list[str]) -> str:
    return ", ".join(repr(a) for a in answers)


def _check_deck(value: Any) -> list[str]:
    """Validate a fixed ``"interrogations"`` outcome: a list of distinct card ids, the top
    card first; cards not listed follow in the deck's documented order."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadSetup("chance 'interrogations' must be a list of card ids, the top card first")
    unknown = [v for v in value if v not in CARDS]
    if unknown:
        raise BadSetup(f"chance 'interrogations': unknown cards {unknown} (cards: {', '.join(CARD_IDS)})")
    if len(set(value)) != len(value):
        raise BadSetup("chance 'interrogations': a card is listed twice (each card is used once, ruling 2)")
    return list(value) + [c for c in CARD_IDS if c not in value]
