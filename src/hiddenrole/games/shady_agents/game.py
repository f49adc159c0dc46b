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

Steps and action kinds: ``actions.STEPS`` (who acts, the kinds each step takes and their keys,
what its deadline does), checked by the engine before a handler runs; each handler below
quotes the rule it implements.

Chance kinds: ``"roles"``, ``"first"``, ``"interrogations"``, ``"timeouts"`` (a sequence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from hiddenrole.engine import ONE_DRAW, Event, Game, Step, Timer, seating_of

from .actions import (MAX_TEXT, DOING, HAND_OUT_BOTH, INTERROGATION, OVER, ROUND_1, ROUND_2, STEPS, answer_of, discard_of,
                      receiver, text_of, tool_of)
from .interrogations import CARD_IDS, CARDS, Card, check_deck
from .options import OPTIONS
from .roles import OPERATIVE, SIDE_OF_ROLE, SIDES, check_deal, check_first, draw_deal
from .scoring import score
from .listing import Listing
from .seating import ShadySeating
from .spycode import SpyCode
from .timeouts import default_answer, default_move
from .tools import BULLET, MEDKIT, Ledger

_MOD_ONLY: frozenset[str] = frozenset()

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
    max_post = MAX_TEXT
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
    STEPS = STEPS  # the steps and the keys of each kind (actions.py)
    LEGAL_ACTIONS_FRESH = True  # legal_actions() copies the listed actions at every call
    OBSERVER = "hiddenrole.games.shady_agents.views:ShadyAgentsObserver"
    TRUTH = "hiddenrole.games.shady_agents.truth:answer_labels"  # the answers' truth labels, after the game
    NARRATOR = "hiddenrole.games.shady_agents.narration:ShadyAgentsNarrator"

    # ------------------------------------------------------------ set-up
    def setup(self) -> None:
        """Deal the roles, pick the first player, shuffle the interrogation deck (ruling 2).

        Rules text: "Jeder Spieler erhält eine Rollenkarte" -- a role card to each player
        (an odd table reveals the card left over; its side scores a bonus); every player
        starts with a bullet and a medical kit (tools.py)."""
        players = self.players
        n = len(players)
        table = self._table = seating_of(ShadySeating, players)  # shared by the games of this seating
        self._seat, self._others = table.seat, table.others
        self._pairs = table.pairs
        deal = self.chance.outcome("roles", draw_deal(players), check_deal(players))
        self._roles: list[str] = [deal["deal"][p] for p in players]
        self.revealed_card: str | None = deal["revealed"]
        self.bonus_side: str | None = SIDE_OF_ROLE[self.revealed_card] if self.revealed_card else None
        first = self.chance.outcome("first", lambda rng: players[rng.below(n)], check_first(players))
        self._first: int = self._seat[first]
        self._deck: list[str] = self.chance.outcome(
            "interrogations", lambda rng: rng.shuffled(CARD_IDS, per_draw=ONE_DRAW, pick=True), check_deck
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
        self.step = ROUND_1  # the current step of STEPS (round 2's hand-out of both tools: round_2/both)
        self._stepno = 0  # counts completed steps (for timer keys)
        self._card: Card | None = None
        self._answerers: list[int] = []
        self._answer_pos = 0
        self.interrogations: list[dict[str, Any]] = []
        self.chat: list[dict[str, str]] = []
        self._legal: list[dict[str, Any]] | None = None
        self._answers_now: tuple[str, ...] = ()
        # the answers as promises, each player held to theirs to the end (spycode.py)
        self.code = SpyCode(table, self._first, bool(self._may_discard), self.ledger)
        self.listing = Listing(table, self.code, self.ledger, self._first, self._may_discard,
                               self.options["enforce_statements"])
        for alone, role in zip(table.audience, self._roles):
            self.emit("role", to=alone, role=role, side=SIDE_OF_ROLE[role])
        if self.revealed_card is not None:
            self.emit("revealed_card", role=self.revealed_card, side=self.bonus_side, bonus=1)
        self.emit("deck", to=_MOD_ONLY, order=list(self._deck))
        self.emit("first_player", player=first, order=list(table.order_names[self._first]))

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
        return [Timer(f"{self._phase}-{self._stepno}", float(seconds))] if seconds else []

    # ------------------------------- round 1: a move or an interrogation
    def _give(self, player: str, action: Mapping[str, Any]) -> None:
        """A move (round 1) or the hand-out of the last tool (round 2).

        Rule: "nimmt er eines seiner Werkzeuge ... und gibt es einem anderen Spieler" --
        the player gives one of their own tools to another player (ruling 1: never oneself).
        """
        seat = self._current  # the engine checked the turn (STEPS)
        tool = tool_of(player, action, self.ledger.held[seat])
        target = action.get("target")
        to = self._seat.get(target) if type(target) is str else None
        if to is None or to == seat:
            to = receiver(player, action, "target", self._seat)  # raises, naming the problem
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
        seat = self._current
        discard = discard_of(player, action, seat == self._first, bool(self._may_discard), self.ledger.held[seat])
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
        self.interrogations.append({"caller": player, "card": card.id, "question": card.question,
                                    "discarded": discard is not None, "answers": []})
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
        seat = self._current
        card = self._card
        assert card is not None
        kind, said = answer_of(player, action, card, self.code.info(seat), self.options["enforce_statements"],
                               self._answers_now if self._legal is not None else None, self._legal_answers,
                               self._roles[seat] == OPERATIVE)
        self._record_answer(seat, {"player": player, "card": card.id, kind: said}, False)

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
        seat = self._current
        to_bullet = receiver(player, action, BULLET, self._seat)
        to_kit = receiver(player, action, MEDKIT, self._seat)
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
        self._stepno += 1
        self.step = HAND_OUT_BOTH if self._phase == ROUND_2 and len(self.ledger.held[seat]) == 2 else self._phase

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
        self.step = OVER
        self._legal = None
        ledger = self.ledger
        # every step but the first started with _set_current, which counts them
        result = score(ledger, self._roles, self.bonus_side, turns=self._stepno + 1)
        self.finish(result)  # is_over and result (engine contract)
        log = self.log
        k = len(log)
        log.append(Event(k, "reveal", {"roles": dict(zip(self.players, self._roles)), **ledger.revealed()}, None))
        log.append(Event(k + 1, "game_over", {"winner": result.winner, "reason": result.reason, **result.detail}, None))

    # ---------------------------------------------------------- the chat
    def _post(self, player: str, action: Mapping[str, Any]) -> None:
        """A public chat message ("Fühle dich frei zu diskutieren!"): part of the game state."""
        text = text_of(player, action)
        self.chat.append({"player": player, "text": text})
        self.emit("post", player=player, text=text)

    # ---------------------------------------------------------- timeouts
    def _timeout(self) -> None:
        """Ruling 3: a missing move or hand-out gives a random own tool to a random other
        player (each of both tools in the first player's double hand-out); a missing answer
        is a random legal answer. Each default is a ``"timeouts"`` chance outcome (timeouts.py)."""
        seat = self._current
        if self._phase == INTERROGATION:
            card = self._card
            assert card is not None
            answer = default_answer(self.chance, [a["answer"] for a in self._build_legal()])
            self._record_answer(seat, {"player": self.players[seat], "card": card.id, "answer": answer}, True)
            return
        held = self.ledger.held[seat]
        pick = default_move(self.chance, self._build_legal() if self.code.bound(seat) else None,
                            self._phase == ROUND_2 and len(held) == 2, tuple(held), self._others[seat])
        if "discard" in pick:
            self._call(seat, pick["discard"])
            return
        if BULLET in pick:
            to_bullet, to_kit = self._seat[pick[BULLET]], self._seat[pick[MEDKIT]]
            self.code.narrow(seat, ("both", to_bullet, to_kit))
            self._hand(seat, BULLET, to_bullet, True)
            self._hand(seat, MEDKIT, to_kit, True)
        else:
            to = self._seat[pick["target"]]
            self.code.narrow(seat, ("give", pick["tool"], to))
            self._hand(seat, pick["tool"], to, True)
        self.code.acted[seat] = True
        self._next_turn()

    # -------------------------------------- listing and checking actions
    def _build_legal(self) -> list[dict[str, Any]]:
        """The actions of the player to act (shared lists, listing.py: never handed out); an
        answerer's allowed answers are kept for the step (``_answers_now``)."""
        seat = self._current
        card = self._card
        if self._phase == INTERROGATION:
            assert card is not None
            self._answers_now, listed = self.listing.answers(seat, card, self._roles[seat] == OPERATIVE)
            return listed
        return self.listing.turn(seat, self._phase == ROUND_1)

    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        _HANDLERS[kind](self, player, action)  # the kind, its keys and the turn: checked (STEPS)

    def refusal(self, player: str, kind: str, step: Step) -> str:
        """Why ``player`` may not take an action of ``kind`` now (out of turn, or not at this step)."""
        doing = DOING[step.name].format(card=self._card.id if self._card else "")
        if player not in self._waiting:
            return f"it is {self.players[self._current]}'s turn to {doing}, not yours"
        return f"you cannot {kind} now: it is the time to {doing}"

    def cards(self) -> dict[str, int]:
        """The tools (each player's bullet and medical kit: held, given or discarded) and the
        interrogation cards (left in the deck or drawn): tool or card -> how many."""
        cards = self.ledger.tools()
        for card in self._deck[self._deck_pos:] + [i["card"] for i in self.interrogations]:
            cards[card] = cards.get(card, 0) + 1
        return cards


_HANDLERS = {
    "give": ShadyAgents._give,
    "give_both": ShadyAgents._give_both,
    "interrogate": ShadyAgents._interrogate,
    "answer": ShadyAgents._answer,
    "post": ShadyAgents._post,
}
