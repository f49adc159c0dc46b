"""McCarthyism's rulebook on the engine contract, in the order of the rules text: the setup, each
turn (the token moves; the snitch snitches, calls for the end or passes; the secret vote; the
blacklist; reveal evidence), the action cards (``effects.py``), the end.

Steps, as data the engine checks each action against: ``steps.STEPS``. Helpers: ``deal.py``, ``tokens.py``
(blacklist and whitelist tokens, turns left), ``votes.py``, ``deck.py``, ``choices.py`` (whom a
player may choose), ``timeouts.py`` (ruling 11's defaults).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from hiddenrole.engine import PACKED, Event, IllegalAction, Result, Step, Timer, seating_of

from . import cards as C
from . import effects
from .choices import (card_targets, legal_pair, snitch_pair_choices, snitch_targets, why_not_card_target, why_not_pair,
                      why_not_target)
from .deal import check_first_snitch, check_roles, commies_dealt, draw_roles, table_setup
from .deck import ActionDeck
from .options import OPTIONS
from .roles import COMMIE, RoleCards, pool_cards, side_of_allegiance
from .rules import protection_turns, winners
from .seating import McCarthySeating
from .state import McCarthyismState
from .steps import (CARD_TARGET, EVENT_KINDS, EVENT_SHAPES, FORCED_PLAY, MAX_POST, OVER, REVEAL, SNITCH_PAIR,
                    SNITCHING, STEPS, VOTE, out_of_turn)
from .timeouts import default_action
from .tokens import Tokens
from .votes import BLACKLIST, BLACKLIST_PAIR, END_GAME, Vote

_MOD: frozenset[str] = frozenset()  # audience of Mod-only events


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class McCarthyism(McCarthyismState):
    """The McCarthyism rules engine (3 to 20 players).

    Args:
        players: the names in seat order; the snitch token moves from seat ``i`` to ``i + 1``.
        options: see :mod:`hiddenrole.games.mccarthyism.options`.
        seed: seeds every chance outcome not fixed.
        chance: fixed outcomes: ``"roles"`` ({name: "commie"|"american"}: with ``deal=pool`` any deal
            the pool allows, 0 Commies included; with ``deal=fixed`` exactly ``commie_count``), ``"first_snitch"``
            (a name), ``"deck"`` (the 48 card names, top first), ``"reshuffles"`` (a list, one
            new deck order per reshuffle, each a permutation of the discards, top first) and
            ``"timeouts"`` (a list, one per random timeout default: a card name, a target name,
            or a list of names for a pair).

    Raises:
        BadSetup: fewer than 3 or more than 20 players, bad names, or a bad fixed outcome.
        BadOption: an unknown option or a bad value (``commie_count`` must leave an American, and
            applies only to ``deal=fixed``).
    """

    name = "mccarthyism"
    title = "McCarthyism"
    min_players = 3
    max_players = 20
    max_post = MAX_POST
    sides = ("commies", "americans")
    OPTIONS = OPTIONS
    CHANCE_KINDS = frozenset({"roles", "first_snitch", "deck", "reshuffles", "timeouts"})
    CHANCE_SEQUENCES = frozenset({"reshuffles", "timeouts"})
    STEPS = STEPS  # the steps, the kinds each takes and their keys; the event kinds and their shapes: steps.py
    EVENT_KINDS = EVENT_KINDS
    EVENT_SHAPES = EVENT_SHAPES
    LEGAL_ACTIONS_READ_ONLY = True  # the shared action dicts of seating.Seating
    OBSERVER = "hiddenrole.games.mccarthyism.views:McCarthyismObserver"
    NARRATOR = "hiddenrole.games.mccarthyism.narration:McCarthyismNarrator"

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        """"distribute 1 [role card] to each player ... Commies wake up and look at other commies";
        place the action cards in the center (shuffled); then turn 1. What the table holds:
        :class:`~.state.McCarthyismState`."""
        players = self.players
        n = len(players)
        opts = self.options
        self.deal = deal = opts["deal"]
        self.pool = pool_cards(n)
        self.commie_count = commies = commies_dealt(deal, opts["commie_count"], n)
        protect = opts["whitelist_protection_turns"]
        self.protection = protection_turns(n) if protect is None else protect
        self.turns_per_player = opts["turns_per_player"]
        table = self.seating = seating_of(McCarthySeating, players)
        self._only = table.only
        self._vote_legal = table.vote
        self._reveal_votes = opts["reveal_votes"]
        chance = self.chance
        role = chance.outcome("roles", draw_roles(players, self.pool, commies), check_roles(players, self.pool, commies))
        first = chance.outcome("first_snitch", lambda rng: rng.choice(players), check_first_snitch(players))
        order = chance.outcome("deck", lambda rng: rng.shuffled(C.DECK, per_draw=PACKED), C.check_deck)
        self.roles = RoleCards(role)
        self.tokens = Tokens(players, self.turns_per_player, self.protection, self.log)
        self.deck = ActionDeck(order, chance, opts["reshuffle_discards"], self.log)
        self.played = []
        self.turn = 0
        self.snitch = None
        self._first = first
        self.step = SNITCHING
        self._stepno = 0
        self.actor = None
        self._waiting: tuple[str, ...] = ()  # to_act(); the step's listed actions: self.listed (Game.apply)
        self.choices = ()  # what the step's player may choose: names, or pairs of names
        self.hand = []
        self.card_in_play = None
        self.vote = Vote(None, (), ())  # the last vote (votes.py)

        log = self.log
        log.append(Event(0, "setup", table_setup(players, deal, self.pool, commies, first, self.protection,
                                                 self.turns_per_player)))
        log.append(Event(1, "deck", {"cards": list(order)}, _MOD))
        only = self._only
        for p in players:
            log.append(Event(len(log), "role", {"card": role[p]}, only[p]))
        commie_names = [p for p in players if role[p] == COMMIE]
        if commie_names:
            log.append(Event(len(log), "commies", {"commies": commie_names}, frozenset(commie_names)))
        self._next_turn()

    # --------------------------------------------------------------- turns
    def _next_turn(self) -> None:
        """"We start each turn by moving the snitch token one place to the right. If this is the
        first turn, the last person to have talked to law enforcement goes first." Players who can
        no longer be snitch are skipped; the game ends when nobody can ("every player has had 3 turns").

        Then the snitch's choice: not blacklisted, snitch on a player, call for the end, or pass;
        blacklisted, choose two (:func:`choices.snitch_pair_choices`), or draw at once when nobody
        can be chosen (ruling 10).
        """
        left = self.tokens.turns_left
        table = self.seating
        snitch = self.snitch
        for p in table.after[snitch] if snitch is not None else table.starting[self._first]:
            if left[p] > 0:
                break
        else:
            self._end("turns_done")
            return
        self.turn = turn = self.turn + 1
        left[p] -= 1
        self.tokens.turns_had[p] += 1
        self.snitch = p
        blacklisted = p in self.tokens.blacklisted
        log = self.log
        log.append(Event(len(log), "turn", {"turn": turn, "snitch": p, "blacklisted": blacklisted}))
        eligible = snitch_targets(self, p, blacklisted)
        if not blacklisted:
            self.choices = eligible
            legal: list[dict[str, Any]] = list(map(table.snitch[p].__getitem__, eligible))
            legal.append(table.call_end[p])
            legal.append(table.pass_[p])
            self._set_step(SNITCHING, p, legal)
        elif not eligible:
            log.append(Event(len(log), "skipped", {"player": p, "step": SNITCH_PAIR,
                                                   "reason": "no player can be chosen"}))
            self.draw_forced(p)
        else:
            pairs = self.choices = snitch_pair_choices(self, p, eligible)
            self._set_step(SNITCH_PAIR, p, list(map(table.pair[p].__getitem__, pairs)))

    def _set_step(self, step: str, actor: str, legal: list[dict[str, Any]]) -> None:
        self.step = step
        self._stepno += 1
        self.actor = actor
        self._waiting = self.seating.alone[actor]
        self.listed = legal

    # ---------------------------------------------------- the snitch's choice
    def _act_snitch(self, player: str, action: Mapping[str, Any]) -> None:
        """"Snitch on a player: The snitch chooses a non-blacklisted player. All players secretly vote"."""
        target = action["target"]
        if type(target) is not str or target not in self.choices:
            raise IllegalAction(player, action, why_not_target(self, player, target))
        self._do_snitch(player, action)

    def _do_snitch(self, player: str, action: Mapping[str, Any]) -> None:
        log = self.log
        log.append(Event(len(log), "snitched", {"snitch": player, "target": action["target"]}))
        self._open_vote(BLACKLIST, (action["target"],))

    def _do_call_end(self, player: str, action: Mapping[str, Any]) -> None:
        """"Call for the game to end: If 2/3 of the non-blacklisted players vote for the game to end"."""
        log = self.log
        log.append(Event(len(log), "end_called", {"snitch": player}))
        self._open_vote(END_GAME, ())

    def _do_pass(self, player: str, action: Mapping[str, Any]) -> None:
        """"Pass: The turn continues" (to the reveal)."""
        log = self.log
        log.append(Event(len(log), "passed", {"snitch": player}))
        self._reveal()

    def _act_snitch_pair(self, player: str, action: Mapping[str, Any]) -> None:
        """"The snitch must choose 2 non-blacklisted players to snitch on. If he is a commie, he
        must choose as many commies as possible." (only such pairs are legal, in either order)."""
        pair = legal_pair(self.choices, action["targets"])  # the choice, in seat order
        if pair is None:
            raise IllegalAction(player, action, why_not_pair(self, player, action["targets"]))
        self._snitch_on_pair(player, pair)

    def _do_snitch_pair(self, player: str, action: Mapping[str, Any]) -> None:
        self._snitch_on_pair(player, tuple(action["targets"]))  # a listed pair: in seat order already

    def _snitch_on_pair(self, player: str, pair: tuple[str, ...]) -> None:
        log = self.log
        log.append(Event(len(log), "snitched", {"snitch": player, "targets": list(pair)}))
        self._open_vote(BLACKLIST_PAIR, pair)

    # --------------------------------------------------------------- votes
    def _open_vote(self, motion: str, targets: tuple[str, ...]) -> None:
        """"All players secretly vote": a secret vote of the non-blacklisted players (seat order)."""
        vote = self.vote = Vote(motion, targets, self.tokens.free)
        self.step = VOTE
        self._stepno += 1
        self.actor = None
        voters = self._waiting = vote.voters  # the voters who have not voted yet, in seat order
        self.listed = self._vote_legal[voters[0]] if voters else []  # the first voter's two votes
        if not voters:
            self._tally()

    def _act_vote(self, player: str, action: Mapping[str, Any]) -> None:
        """Only non-blacklisted players vote, once, "yes" or "no"."""
        if action["vote"] not in ("yes", "no"):
            raise IllegalAction(player, action, "'vote' must be 'yes' or 'no'")
        self._waiting = (player, *[p for p in self._waiting if p != player])  # cast as a listed vote, its voter first
        self._apply_listed(action)

    def _tally(self) -> None:
        """Count the votes (:class:`votes.Vote`): the counts are told, who voted what only to the Mod (for
        the audit after the game) unless ``reveal_votes``; a passed pair whitelists the snitch ("the given
        characters are blacklisted, and the snitch is whitelisted"); then the reveal."""
        vote = self.vote
        data = vote.result()
        log = self.log
        if self._reveal_votes:
            data["votes"] = vote.ballots()
        else:
            log.append(Event(len(log), "votes", {"votes": vote.ballots()}, _MOD))
        log.append(Event(len(log), "vote_result", data))
        self._waiting = ()
        self.listed = []
        if data["passed"]:
            if vote.motion == END_GAME:
                self._end("end_vote")
                return
            for t in vote.targets:
                self.tokens.blacklist(t, "vote")  # "said character is blacklisted and gets a blacklist token"
            if vote.motion == BLACKLIST_PAIR:
                assert self.snitch is not None
                self.tokens.whitelist(self.snitch, "pair_vote", self.turn)
        self._reveal()

    # ------------------------------------------------------ reveal evidence
    def _reveal(self) -> None:
        """"Reveal evidence: The snitch draws an action card face down and can choose to play it or
        not"; "If the snitch is still blacklisted, they draw two action cards and must play one"."""
        s = self.snitch
        assert s is not None  # a turn has a snitch
        if s in self.tokens.blacklisted:
            self.draw_forced(s)
            return
        hand = self.deck.deal(s, 1, self._only[s])
        if not hand:
            self.end_turn()
            return
        table = self.seating
        self.hand = hand
        self._set_step(REVEAL, s, [table.play[s][hand[0]], table.decline[s]])

    def draw_forced(self, player: str) -> None:
        """Draw two and "must play one" (a blacklisted snitch; the target of "Something to say")."""
        hand = self.deck.deal(player, 2, self._only[player])
        if not hand:
            self.end_turn()
            return
        self.hand = hand
        plays = self.seating.play[player]
        self._set_step(FORCED_PLAY, player,
                       [plays[c] for c in hand] if len(hand) == 1 or hand[0] != hand[1] else [plays[hand[0]]])

    def _act_play(self, player: str, action: Mapping[str, Any]) -> None:
        """Play a drawn action card: it is placed face up, the rest of the hand is discarded face down."""
        card = action["card"]
        if not isinstance(card, str) or card not in self.hand:
            raise IllegalAction(player, action, f"{card!r} is not in your hand ({', '.join(self.hand)})")
        self._do_play(player, action)

    def _do_play(self, player: str, action: Mapping[str, Any]) -> None:
        card = action["card"]
        hand = self.hand
        hand.remove(card)
        self.deck.discards.extend(hand)
        self.hand = []
        self.played.append((player, card))
        log = self.log
        log.append(Event(len(log), "played", {"player": player, "card": card, "discarded": len(hand)}))
        _EFFECTS[card](self, player, card)

    def _do_decline(self, player: str, action: Mapping[str, Any]) -> None:
        """"...and can choose to play it or not": the card is discarded face down."""
        self.deck.discards.extend(self.hand)
        self.hand = []
        log = self.log
        log.append(Event(len(log), "declined", {"player": player}))
        self._next_turn()

    def _ask_target(self, player: str, card: str) -> None:
        """A card that chooses a player (``cards.TARGETING``): its player chooses, or nobody can be chosen."""
        targets = card_targets(self, card, player)
        if not targets:
            self.emit("skipped", player=player, step=card, reason="no player can be chosen")
            self.end_turn()
            return
        self.card_in_play = card
        self.choices = targets
        choose = self.seating.choose[player]
        self._set_step(CARD_TARGET, player, [choose[t] for t in targets])

    def _act_choose(self, player: str, action: Mapping[str, Any]) -> None:
        """Choose the player a played card acts on (``choose`` {target})."""
        target = action["target"]
        if type(target) is not str or target not in self.choices:
            raise IllegalAction(player, action, why_not_card_target(self, player, target))
        self._do_choose(player, action)

    def _do_choose(self, player: str, action: Mapping[str, Any]) -> None:
        card = self.card_in_play
        assert card is not None  # the card that asked for a target
        self.card_in_play = None
        effects.TARGET_EFFECTS[card](self, player, action["target"])

    def end_turn(self) -> None:
        """The turn is over (the hand was played, declined or never drawn): the token moves on."""
        self._next_turn()

    # ----------------------------------------------------------------- end
    def _end(self, reason: str) -> None:
        """"The game ends once there is a successful call for the game to end or every player has
        had 3 turns"; "If even a single commie is not blacklisted at the end, then all the commies
        win ... If all commies are blacklisted, then the remaining non-blacklisted players win"."""
        sides = self.roles.allegiances()  # ruling 1
        black = self.tokens.blacklisted
        winner, outcomes = winners(sides, black)
        detail = {"allegiances": sides, "role_cards": dict(self.roles.cards),
                  "blacklisted": [p for p in self.players if p in black], "double_agent": self.roles.double_agent,
                  "commies_take_over": self.roles.taken_over, "turns": self.turn}
        self.step = OVER
        self.actor = None
        self._waiting, self.listed = (), []  # nobody acts
        self.finish(Result(winner, reason, outcomes, detail))  # is_over and result (engine contract)
        log = self.log
        log.append(Event(len(log), "game_over", {"winner": winner, "reason": reason, **detail}))

    # ------------------------------------------------------------ timeouts
    def _timeout(self) -> None:
        """Ruling 11: a missing vote counts as no; for every other step, :func:`timeouts.default_action`."""
        if self.step == VOTE:
            self.emit("timeout", step=VOTE, missing_votes=len(self._waiting))
            self._tally()
            return
        default = default_action(self)  # drawn before anything changes
        actor = default["player"]
        self.emit("timeout", step=self.step, player=actor)
        _HANDLERS[default["action"]](self, actor, default)

    # ------------------------------------------------------------ questions
    @property
    def phase(self) -> str:
        """The current step: snitching, snitch_pair, vote, reveal, forced_play, card_target or over."""
        return self.step

    def to_act(self) -> tuple[str, ...]:
        """The snitch or the card's player; during a vote, the voters who have not voted (seat order)."""
        return self._waiting

    def legal_actions(self, player: str) -> list[dict[str, Any]]:
        """Every action ``player`` (a name) may take now (``[]`` for anyone not waited for): built once
        per step (a vote's is the voter's ``[yes, no]``) from read-only action dicts shared by every
        game at the table (:mod:`.seating`); callers must not change the list. Kinds: :data:`.steps.STEPS`."""
        if self.step == VOTE:
            return self._vote_legal[player] if player in self._waiting else []
        return self.listed if player == self.actor else []

    def timers(self) -> list[Timer]:
        """One timer for the current step: ``vote_seconds`` for a vote, ``turn_seconds`` otherwise
        (none when that option is 0, or once over). No ``"/"`` in the key: every step is public."""
        if self.is_over:
            return []
        seconds = self.options["vote_seconds" if self.step == VOTE else "turn_seconds"]
        return [Timer(f"turn-{self.turn}-{self._stepno}-{self.step}", seconds)] if seconds else []

    def side_of(self, player: str) -> str:
        """``player``'s side now (``"commies"``/``"americans"``): their allegiance (ruling 1)."""
        return side_of_allegiance(self.allegiance_of(player))

    def allegiance_of(self, player: str) -> str:
        """``player``'s allegiance now, ``"commie"`` or ``"american"`` (ruling 1)."""
        return self.roles.allegiance_of(player)

    def can_be_snitch(self, player: str) -> bool:
        """Whether ``player`` may still become the snitch (turns left, no Confess/Escape bar)."""
        return self.tokens.turns_left[player] > 0

    def hand_of(self, player: str) -> list[str]:
        """The cards ``player`` drew and holds now (a new list; ``[]`` when they hold none)."""
        return list(self.hand) if player == self.actor else []

    def vote_of(self, player: str) -> str | None:
        """``player``'s vote in the open vote (``"yes"``/``"no"``), ``None`` before they vote or with no vote open."""
        return self.vote.votes.get(player) if self.step == VOTE else None

    # ----------------------------------------------------------- table talk
    def can_post(self, player: str) -> bool:
        """Table talk: every player who is still at the table may post while the game runs;
        a player who escaped to the Reds "immediately leave[s] the game" and may not (ruling 12)."""
        return self.result is None and player in self.tokens.seat and player not in self.tokens.escaped

    def _act_post(self, player: str, action: Mapping[str, Any]) -> None:
        """A public post of the table talk (ruling 12): the seed's game is played face to face,
        so the online table gets a thread; a post changes nothing else."""
        text = action["text"]
        if type(text) is not str or not text.strip() or len(text) > MAX_POST:
            raise IllegalAction(player, action, f"a post is a text of 1 to {MAX_POST} characters")
        if player in self.tokens.escaped:
            raise IllegalAction(player, action, f"{player} escaped to the Reds and has left the game")
        log = self.log
        log.append(Event(len(log), "post", {"player": player, "text": text}))

    # ------------------------------------------------------------- dispatch
    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        _HANDLERS[kind](self, player, action)  # the kind, its keys, the step, the player: checked (STEPS)

    def refusal(self, player: str, kind: str, step: Step) -> str:
        return out_of_turn(step.name, kind, player, self.actor, player in self.vote.votes)

    def cards(self) -> dict[str, int]:  # the 48 action cards: to draw, discarded, in the hand, played face up
        return self.deck.cards(self.hand + [card for _, card in self.played])

    def _apply_listed(self, action: Mapping[str, Any]) -> list[Event]:
        """A listed action (:meth:`Game.apply`): in a vote, the first waiting voter's, cast in silence
        ("All players secretly vote") and tallied after the last voter's; else the step's actor's."""
        log = self.log
        if self.step == VOTE:  # most actions are votes: cast here, without a call
            waiting = self._waiting
            vote = self.vote
            vote.votes[waiting[0]] = choice = action["vote"]
            if choice == "yes":
                vote.yes += 1
            self._waiting = rest = waiting[1:]
            if rest:
                self.listed = self._vote_legal[rest[0]]  # the next voter's two votes
                return []  # a vote is cast in silence
            start = len(log)
            self._tally()
            return log[start:]
        start = len(log)
        _LISTED[action["action"]](self, self._waiting[0], action)  # the step's actor's action
        return log[start:]


# kind -> handler (every check); kind -> what a listed, so legal, action does (Game.apply);
# card -> effect: effects.EFFECTS, and the cards that choose a player ask for a target first
_HANDLERS = {
    "snitch": McCarthyism._act_snitch, "call_end": McCarthyism._do_call_end, "pass": McCarthyism._do_pass,
    "snitch_pair": McCarthyism._act_snitch_pair, "vote": McCarthyism._act_vote, "play": McCarthyism._act_play,
    "decline": McCarthyism._do_decline, "choose": McCarthyism._act_choose, "post": McCarthyism._act_post,
}
_LISTED = {
    "snitch": McCarthyism._do_snitch, "call_end": McCarthyism._do_call_end, "pass": McCarthyism._do_pass,
    "snitch_pair": McCarthyism._do_snitch_pair, "play": McCarthyism._do_play,
    "decline": McCarthyism._do_decline, "choose": McCarthyism._do_choose,
}
_EFFECTS: dict[str, Callable[[McCarthyism, str, str], None]] = dict(effects.EFFECTS)
_EFFECTS.update({card: McCarthyism._ask_target for card in effects.TARGET_EFFECTS})
