"""McCarthyism's turn cycle, as a state machine on the engine contract.

Each turn (rulebook, *Gameplay cycle*):

1. "We start each turn by moving the snitch token one place to the right. If this is the first
   turn, the last person to have talked to law enforcement goes first." The token moves in
   seat order (seat ``i`` to ``i + 1``; ruling 5 calls that direction "right") and skips the
   players who can no longer be snitch. The first snitch is the chance outcome ``"first_snitch"``.
2. A snitch who is not blacklisted snitches on one player, calls for the game to end, or
   passes; then reveals evidence: draws one action card and plays it or declines it.
3. A blacklisted snitch must snitch on two players (a Commie on as many Commies as possible);
   if the vote passes both are blacklisted and the snitch is whitelisted. Then a snitch still
   blacklisted draws two cards and must play one; a whitelisted one does the normal reveal.

Steps (``phase``): ``snitching``, ``snitch_pair``, ``vote``, ``reveal``, ``forced_play``,
``card_target``, ``over``. Only the snitch, a card's player or the voters ever act.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from hiddenrole.engine import (PACKED, BadOption, BadSetup, Event, FrozenDict, FrozenList, Game, IllegalAction, Result, Rng,
                               Timer, check_player_names, seated_before, seating_of)

from . import cards as C
from . import effects
from .options import OPTIONS
from .roles import AMERICAN, COMMIE, ROLE_CARDS, allegiance, default_commie_count, pool_cards, side_of_allegiance
from .rules import blacklisting_passes, ending_passes, protection_turns, snitch_pairs, winners
from .seating import McCarthySeating

SNITCHING = "snitching"
SNITCH_PAIR = "snitch_pair"
VOTE = "vote"
REVEAL = "reveal"
FORCED_PLAY = "forced_play"
CARD_TARGET = "card_target"
OVER = "over"

# the deals (option "deal")
POOL = "pool"
FIXED = "fixed"

# vote motions
BLACKLIST = "blacklist"
BLACKLIST_PAIR = "blacklist_pair"
END_GAME = "end_game"

_MOD: frozenset[str] = frozenset()  # audience of Mod-only events

# the keys each action kind takes (validated exactly: a malformed action changes nothing)
_KEYS = {
    "snitch": frozenset({"player", "action", "target"}),
    "call_end": frozenset({"player", "action"}),
    "pass": frozenset({"player", "action"}),
    "snitch_pair": frozenset({"player", "action", "targets"}),
    "vote": frozenset({"player", "action", "vote"}),
    "play": frozenset({"player", "action", "card"}),
    "decline": frozenset({"player", "action"}),
    "choose": frozenset({"player", "action", "target"}),
    "post": frozenset({"player", "action", "text"}),
}
MAX_POST = 1000  # characters in one post of the table talk


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class McCarthyism(Game):
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
    sides = ("commies", "americans")
    OPTIONS = OPTIONS
    CHANCE_KINDS = frozenset({"roles", "first_snitch", "deck", "reshuffles", "timeouts"})
    CHANCE_SEQUENCES = frozenset({"reshuffles", "timeouts"})
    EVENT_KINDS = frozenset({
        # the deal and the turns
        "setup", "deck", "role", "commies", "turn", "skipped", "timeout", "post",
        # the snitch's choice and the votes
        "snitched", "end_called", "passed", "votes", "vote_result", "blacklisted", "whitelisted", "escaped",
        # the action cards
        "drew", "hand", "reshuffled", "played", "declined", "confessed", "deep_research", "double_agent",
        "looked", "saw_role", "takeover", "must_say_something", "swapped",
        "game_over",
    })
    # the fields that hold a list of names or cards, or a dict of names to strings; every kind
    # not named here has scalar fields only (tests/engine checks every emitted event)
    EVENT_SHAPES = {
        **dict.fromkeys(EVENT_KINDS, ()),
        "setup": ("players",), "deck": ("cards",), "commies": ("commies",), "hand": ("cards",),
        "deep_research": ("cards",), "snitched": ("targets",), "votes": ("votes",),
        "vote_result": ("targets", "votes"), "game_over": ("allegiances", "role_cards", "blacklisted"),
    }
    LEGAL_ACTIONS_READ_ONLY = True  # the shared action dicts of seating.Seating
    OBSERVER = "hiddenrole.games.mccarthyism.views:McCarthyismObserver"
    NARRATOR = "hiddenrole.games.mccarthyism.narration:McCarthyismNarrator"

    # ------------------------------------------------------------------ setup
    @classmethod
    def check_players(cls, players: Any) -> tuple[str, ...]:
        """:meth:`Game.check_players`, skipped for a seat order already seated (validated) before.

        Raises:
            BadSetup: as :meth:`Game.check_players` (count out of 3..20, empty, long or duplicate names).
        """
        names = seated_before(players)
        if names is not None and cls.min_players <= len(names) <= cls.max_players:
            return names
        return check_player_names(players, cls.title, cls.min_players, cls.max_players)

    def setup(self) -> None:
        """Deal the role cards, show the Commies each other, shuffle the action deck, and start turn 1."""
        players = self.players
        n = self._n = len(players)
        opts = self.options
        commies = opts["commie_count"]
        self._deal = deal = opts["deal"]
        self._pool = pool_cards(n)
        if deal == POOL:
            if commies is not None:
                raise BadOption("commie_count", commies, "applies only to deal=fixed")
        elif commies is None:
            commies = default_commie_count(n)
        elif commies >= n:
            raise BadOption("commie_count", commies, f"must be below the player count ({n})")
        self._commie_count: int | None = commies  # None with the pool deal: secret
        protect = opts["whitelist_protection_turns"]
        self._protection = protection_turns(n) if protect is None else protect
        self._turns_per_player = opts["turns_per_player"]

        table = self._table = seating_of(McCarthySeating, players)
        self._seat = table.seat
        self._only = table.only
        self._vote_legal = table.vote
        self._reveal_votes = opts["reveal_votes"]
        # --- chance: the deal, the first snitch, the deck
        chance = self.chance
        role = chance.outcome("roles", self._draw_roles, self._check_roles)
        first = chance.outcome("first_snitch", lambda rng: rng.choice(players), self._check_player)
        order = chance.outcome("deck", lambda rng: rng.shuffled(C.DECK, per_draw=PACKED), C.check_deck)

        self._role: dict[str, str] = dict(role)
        self._double_agent: str | None = None
        self._takeover = False
        self._black: set[str] = set()
        self._free: tuple[str, ...] = players  # the non-blacklisted players, in seat order
        self._white: set[str] = set()
        self._escaped: set[str] = set()
        self._protected: dict[str, int] = {}  # player -> last turn of whitelist protection
        self._protected_until = 0  # the last turn in which anyone is protected (an upper bound)
        self._confessed: dict[str, str] = {}
        self._turns_left = dict.fromkeys(players, self._turns_per_player)
        self._turns_had = dict.fromkeys(players, 0)
        self._deck = order[::-1]  # top card last, for pop()
        self._discard: list[str] = []
        self._played: list[tuple[str, str]] = []
        self._reshuffles = 0
        self._turn = 0
        self._snitch: str | None = None
        self._first = first
        self._step = SNITCHING
        self._stepno = 0
        self._actor: str | None = None
        self._waiting: tuple[str, ...] = ()
        self._legal: list[dict[str, Any]] = []
        self._choices: Any = ()
        self._hand: list[str] = []
        self._card: str | None = None
        self._motion: str | None = None
        self._vote_targets: tuple[str, ...] = ()
        self._voters: tuple[str, ...] = ()
        self._votes: dict[str, str] = {}
        self._yes = 0
        self._result: Result | None = None

        log = self.log
        setup: dict[str, Any] = {"players": list(players), "deal": deal}
        if commies is None:  # the pool deal: only the pool is public
            setup["commie_cards"], setup["american_cards"] = self._pool
        else:
            setup["commies"], setup["americans"] = commies, n - commies
        setup.update({"first_snitch": first, "deck": C.DECK_SIZE, "whitelist_protection_turns": self._protection,
                      "turns_per_player": self._turns_per_player})
        log.append(Event(0, "setup", setup))
        log.append(Event(1, "deck", {"cards": list(order)}, _MOD))
        only = self._only
        for p in players:
            log.append(Event(len(log), "role", {"card": role[p]}, only[p]))
        commie_names = [p for p in players if role[p] == COMMIE]
        if commie_names:
            log.append(Event(len(log), "commies", {"commies": commie_names}, frozenset(commie_names)))
        self._next_turn()

    def _draw_roles(self, rng: Rng) -> dict[str, str]:
        """The deal. Pool: seat ``i`` gets the ``i``-th card of a uniform sample of n of the pool's
        2n cards (Commie cards first in the pool); fixed: ``commie_count`` seats drawn uniformly."""
        n = self._n
        count = self._commie_count
        if count is None:
            commie_cards = self._pool[0]
            cards = rng.sample(range(2 * n), n, per_draw=PACKED, pick=False)
            return {p: (COMMIE if cards[i] < commie_cards else AMERICAN) for i, p in enumerate(self.players)}
        commies = set(rng.sample(range(n), count, per_draw=PACKED, pick=False))
        return {p: (COMMIE if i in commies else AMERICAN) for i, p in enumerate(self.players)}

    def _check_roles(self, value: Any) -> dict[str, str]:
        if not isinstance(value, Mapping):
            raise BadSetup("chance 'roles' must map every player to 'commie' or 'american'")
        if set(value) != set(self.players):
            missing = sorted(set(self.players) - set(value))
            extra = sorted(set(map(str, value)) - set(self.players))
            raise BadSetup(f"chance 'roles' must name every player once (missing {missing}, unknown {extra})")
        bad = sorted(p for p, r in value.items() if r not in ROLE_CARDS)
        if bad:
            raise BadSetup(f"chance 'roles': {bad} must be 'commie' or 'american'")
        commies = sum(1 for r in value.values() if r == COMMIE)
        if self._commie_count is None:
            commie_cards, american_cards = self._pool
            if commies > commie_cards:
                raise BadSetup(f"chance 'roles' deals {commies} Commies; the pool holds only {commie_cards} "
                               f"Commie cards")
            if self._n - commies > american_cards:
                raise BadSetup(f"chance 'roles' deals {self._n - commies} Americans; the pool holds only "
                               f"{american_cards} American cards")
        elif commies != self._commie_count:
            raise BadSetup(f"chance 'roles' deals {commies} Commies; this table has {self._commie_count}")
        return dict(value)

    def _check_player(self, value: Any) -> str:
        if value not in self._seat:
            raise BadSetup(f"chance 'first_snitch': {value!r} is not a player")
        return value

    # ------------------------------------------------------------ questions
    @property
    def phase(self) -> str:
        """The current step: snitching, snitch_pair, vote, reveal, forced_play, card_target or over."""
        return self._step

    def to_act(self) -> tuple[str, ...]:
        """The snitch or the card's player; during a vote, the voters who have not voted (seat order)."""
        return self._waiting

    def legal_actions(self, player: str) -> list[dict[str, Any]]:
        """Every action ``player`` (a name) may take now; ``[]`` for anyone not waited for.

        The list is built once per step (a vote's is the voter's ``[yes, no]``) from action
        dicts shared by every game at the same table (:mod:`.seating`): callers must not
        mutate the list or its dicts. Kinds:
        ``snitch`` {target}, ``call_end``, ``pass``, ``snitch_pair`` {targets: [a, b]},
        ``vote`` {vote: "yes"|"no"}, ``play`` {card}, ``decline``, ``choose`` {target}.
        """
        if self._step == VOTE:
            return self._vote_legal[player] if player in self._waiting else []
        return self._legal if player == self._actor else []

    def timers(self) -> list[Timer]:
        """One timer for the current step: ``vote_seconds`` for a vote, ``turn_seconds`` otherwise
        (none when that option is 0, or once the game is over)."""
        if self._result is not None:
            return []
        if self._step == VOTE:
            seconds = self.options["vote_seconds"]
        else:
            seconds = self.options["turn_seconds"]
        if not seconds:
            return []
        return [Timer(f"turn-{self._turn}/{self._stepno}-{self._step}", seconds)]

    def side_of(self, player: str) -> str:
        """``player``'s side now (``"commies"``/``"americans"``): their allegiance (ruling 1)."""
        return side_of_allegiance(self.allegiance_of(player))

    def allegiance_of(self, player: str) -> str:
        """``player``'s allegiance now, ``"commie"`` or ``"american"`` (ruling 1)."""
        return allegiance(self._role[player], player == self._double_agent, self._takeover)

    def can_be_snitch(self, player: str) -> bool:
        """Whether ``player`` may still become the snitch (turns left, no Confess/Escape bar)."""
        return self._turns_left[player] > 0

    def is_protected(self, player: str) -> bool:
        """Whether ``player`` is whitelisted and still protected in the current turn."""
        return self._protected.get(player, 0) >= self._turn

    def card_targets(self, card: str, chooser: str) -> list[str]:
        """The players ``chooser`` may choose for ``card`` now, in seat order (see ``cards.TARGETING``).

        A whitelisted player "cannot be chosen by the snitch for any purpose" while protected:
        the engine applies this to every choice of a player by someone else.

        Args:
            card: a card that chooses a player (a key of ``cards.TARGETING``; else ``KeyError``).
            chooser: the card's player.
        """
        rule = C.TARGETING[card]
        t = self._turn
        prot = self._protected
        if rule == "blacklisted":
            out = self._escaped
            return [p for p in self.players if p in self._black and p not in out
                    and (p == chooser or prot.get(p, 0) < t)]
        if rule == "clean_other":
            black = self._black
            return [p for p in self.players if p != chooser and p not in black and prot.get(p, 0) < t]
        out = self._escaped
        return [p for p in self.players if p != chooser and p not in out and prot.get(p, 0) < t]

    # --------------------------------------------------------------- turns
    def _next_turn(self) -> None:
        """Move the snitch token one seat to the right, skipping players who can no longer be
        snitch; end the game when nobody can ("every player has had 3 turns").

        Then the snitch's choice: a snitch who is not blacklisted may snitch on any player the
        snitch may choose, call for the end, or pass; a blacklisted one must choose two (a
        Commie as many Commies as possible; ruling 1 for who is a Commie), or one when only
        one can be chosen, or draws at once when none can (ruling 10).
        """
        left = self._turns_left
        table = self._table
        snitch = self._snitch
        for p in table.after[snitch] if snitch is not None else table.starting[self._first]:
            if left[p] > 0:
                break
        else:
            self._end("turns_done")
            return
        self._turn = turn = self._turn + 1
        left[p] -= 1
        self._turns_had[p] += 1
        self._snitch = p
        blacklisted = p in self._black
        log = self.log
        log.append(Event(len(log), "turn", {"turn": turn, "snitch": p, "blacklisted": blacklisted}))
        # whom the snitch may choose: non-blacklisted players but the snitch, not whitelist-protected
        eligible = free = self._free
        if not blacklisted:
            i = free.index(p)
            eligible = free[:i] + free[i + 1:]
        if self._protected_until >= turn:
            prot = self._protected
            eligible = tuple([q for q in eligible if prot.get(q, 0) < turn])
        if not blacklisted:
            self._choices = eligible
            legal: list[dict[str, Any]] = list(map(table.snitch[p].__getitem__, eligible))
            legal.append(table.call_end[p])
            legal.append(table.pass_[p])
            self._step = SNITCHING
            self._stepno += 1
            self._actor = p
            self._waiting = table.alone[p]
            self._legal = legal
            return
        if not eligible:
            log.append(Event(len(log), "skipped", {"player": p, "step": SNITCH_PAIR,
                                                   "reason": "no player can be chosen"}))
            self.draw_forced(p)
            return
        pairs: list[tuple[str, ...]]
        if len(eligible) == 1:
            pairs = [eligible]
        else:
            role, da, tk = self._role, self._double_agent, self._takeover
            if (role[p] == COMMIE) ^ (p == da) ^ tk:  # a Commie by allegiance (ruling 1: each flip inverts)
                pairs = snitch_pairs(eligible, True, {q: allegiance(role[q], q == da, tk) for q in eligible})
            else:
                pairs = snitch_pairs(eligible, False, {})
        self._choices = pairs
        self._step = SNITCH_PAIR
        self._stepno += 1
        self._actor = p
        self._waiting = table.alone[p]
        self._legal = list(map(table.pair[p].__getitem__, pairs))

    def _allegiances(self) -> dict[str, str]:
        """Every player's allegiance now (ruling 1), by name in the order of the deal."""
        da = self._double_agent
        tk = self._takeover
        if da is None and not tk:  # no flip: the role cards
            return dict(self._role)
        return {p: allegiance(r, p == da, tk) for p, r in self._role.items()}

    def _set_step(self, step: str, actor: str, legal: list[dict[str, Any]]) -> None:
        self._step = step
        self._stepno += 1
        self._actor = actor
        self._waiting = self._table.alone[actor]
        self._legal = legal

    # ------------------------------------------------------------- actions
    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(player, action, f"unknown action {kind!r} (actions: {', '.join(_HANDLERS)})")
        keys = _KEYS[kind]
        if len(action) != len(keys) or not keys.issuperset(action):
            extra = sorted(map(str, set(action) - keys))
            missing = sorted(keys - set(action))
            raise IllegalAction(player, action, f"{kind!r} takes the keys {sorted(keys)}"
                                + (f"; unknown {extra}" if extra else "") + (f"; missing {missing}" if missing else ""))
        handler(self, player, action)

    def apply(self, action: Mapping[str, Any]) -> list[Event]:
        """Apply one action ``{"player": NAME, "action": KIND, ...}``; returns the events it caused.

        The same contract as :meth:`Game.apply`, with a fast path: a dict equal to one of the
        actions :meth:`legal_actions` lists for the player waited for first is legal by
        definition and is carried out without checking it again (a bot returns one of those
        very dicts). Every other action is checked key by key and rule by rule.

        Raises:
            IllegalAction: malformed, out of turn or against the rules (naming why); nothing changed.
        """
        waiting = self._waiting
        kind = action.__class__
        if waiting and (kind is FrozenDict or kind is dict):
            # The fast path: an action equal to one the step lists (for a vote, one of the first
            # waiting voter's two) is legal, by the definition of legal_actions; it is carried
            # out at once. Anything else takes the full path, which checks it piece by piece and
            # names the fault.
            if self._step == VOTE:
                first = waiting[0]
                if action in self._vote_legal[first]:
                    vote = action["vote"]
                    if vote == "yes":
                        self._yes += 1
                    self._votes[first] = vote
                    self._waiting = rest = waiting[1:]
                    if rest:
                        return []
                    log = self.log
                    start = len(log)
                    self._tally()
                    return log[start:]
            elif action in self._legal:
                log = self.log
                start = len(log)
                _DO[action["action"]](self, waiting[0], action)
                return log[start:]
        return super().apply(action)

    def can_post(self, player: str) -> bool:
        """Table talk: every player who is still at the table may post while the game runs;
        a player who escaped to the Reds "immediately leave[s] the game" and may not (ruling 12)."""
        return self.result is None and player in self._role and player not in self._escaped

    def _act_post(self, player: str, action: Mapping[str, Any]) -> None:
        """A public post of the table talk (ruling 12): the seed's game is played face to face,
        so the online table gets a thread; a post changes nothing else."""
        text = action["text"]
        if type(text) is not str or not text.strip() or len(text) > MAX_POST:
            raise IllegalAction(player, action, f"a post is a text of 1 to {MAX_POST} characters")
        if player in self._escaped:
            raise IllegalAction(player, action, f"{player} escaped to the Reds and has left the game")
        log = self.log
        log.append(Event(len(log), "post", {"player": player, "text": text}))

    def _not_now(self, player: str, action: Mapping[str, Any], step: str, what: str) -> IllegalAction:
        if self._step != step:
            return IllegalAction(player, action, f"{what} only during {step!r}; the game is at {self._step!r}")
        return IllegalAction(player, action, f"it is {self._actor}'s choice, not {player}'s")

    def _act_snitch(self, player: str, action: Mapping[str, Any]) -> None:
        """"Snitch on a player: The snitch chooses a non-blacklisted player. All players secretly vote"."""
        if self._step != SNITCHING or player != self._actor:
            raise self._not_now(player, action, SNITCHING, "the snitch snitches on a player")
        target = action["target"]
        if type(target) is not str or target not in self._choices:
            raise IllegalAction(player, action, self._why_not_target(player, target))
        self._do_snitch(player, action)

    def _do_snitch(self, player: str, action: Mapping[str, Any]) -> None:
        target = action["target"]
        log = self.log
        log.append(Event(len(log), "snitched", {"snitch": player, "target": target}))
        self._open_vote(BLACKLIST, (target,))

    def _act_call_end(self, player: str, action: Mapping[str, Any]) -> None:
        """"Call for the game to end: If 2/3 of the non-blacklisted players vote for the game to end"."""
        if self._step != SNITCHING or player != self._actor:
            raise self._not_now(player, action, SNITCHING, "the snitch calls for the end")
        self._do_call_end(player, action)

    def _do_call_end(self, player: str, action: Mapping[str, Any]) -> None:
        log = self.log
        log.append(Event(len(log), "end_called", {"snitch": player}))
        self._open_vote(END_GAME, ())

    def _act_pass(self, player: str, action: Mapping[str, Any]) -> None:
        """"Pass: The turn continues" (to the reveal)."""
        if self._step != SNITCHING or player != self._actor:
            raise self._not_now(player, action, SNITCHING, "the snitch passes")
        self._do_pass(player, action)

    def _do_pass(self, player: str, action: Mapping[str, Any]) -> None:
        log = self.log
        log.append(Event(len(log), "passed", {"snitch": player}))
        self._reveal()

    def _act_snitch_pair(self, player: str, action: Mapping[str, Any]) -> None:
        """"The snitch must choose 2 non-blacklisted players to snitch on. If he is a commie, he
        must choose as many commies as possible." (only such pairs are legal)."""
        if self._step != SNITCH_PAIR or player != self._actor:
            raise self._not_now(player, action, SNITCH_PAIR, "a blacklisted snitch snitches on two players")
        targets = action["targets"]
        pair = self._legal_pair(targets)
        if pair is None:
            raise IllegalAction(player, action, self._why_not_pair(player, targets))
        self._snitch_on(player, pair)

    def _do_snitch_pair(self, player: str, action: Mapping[str, Any]) -> None:
        self._snitch_on(player, tuple(action["targets"]))  # a listed action: already in seat order

    def _snitch_on(self, player: str, pair: tuple[str, ...]) -> None:
        log = self.log
        log.append(Event(len(log), "snitched", {"snitch": player, "targets": list(pair)}))
        self._open_vote(BLACKLIST_PAIR, pair)

    def _legal_pair(self, targets: Any) -> tuple[str, ...] | None:
        """The chosen players as a legal choice (the choice's tuple, in seat order), or ``None``."""
        if type(targets) is not list and type(targets) is not FrozenList:  # a listed action's is frozen
            return None
        choices = self._choices
        pair = tuple(targets)
        for c in (pair, pair[::-1]):
            if c in choices:
                return choices[choices.index(c)]
        return None

    def _why_not_pair(self, player: str, targets: Any) -> str:
        size = len(next(iter(self._choices)))
        if not isinstance(targets, list) or len(targets) != size or not all(isinstance(t, str) for t in targets):
            return f"'targets' must be a list of {size} player names"
        if len(set(targets)) != size:
            return "the two players must be different"
        for t in targets:
            if t not in self._seat or t == player or t in self._black or self.is_protected(t):
                return self._why_not_target(player, t)
        return "a Commie snitch must choose as many Commies as possible"

    def _why_not_target(self, chooser: str, target: Any) -> str:
        if not isinstance(target, str) or target not in self._seat:
            return f"{target!r} is not a player"
        if target == chooser:
            return "you cannot choose yourself here"
        if target in self._escaped:
            return f"{target} escaped to the Reds and has left the game"
        if target in self._black and self._step in (SNITCHING, SNITCH_PAIR):
            return f"{target} is blacklisted; the snitch chooses non-blacklisted players"
        if self.is_protected(target):
            return (f"{target} was whitelisted and cannot be chosen for any purpose until after turn "
                    f"{self._protected[target]}")
        return f"{target} cannot be chosen now"

    # --------------------------------------------------------------- votes
    def _open_vote(self, motion: str, targets: tuple[str, ...]) -> None:
        """Open a secret vote of the non-blacklisted players (seat order) on ``motion``."""
        voters = self._free
        self._motion = motion
        self._vote_targets = targets
        self._voters = voters
        self._votes = {}
        self._yes = 0
        self._step = VOTE
        self._stepno += 1
        self._actor = None
        self._legal = []
        self._waiting = voters  # the voters who have not voted yet, in seat order
        if not voters:
            self._tally()

    def _act_vote(self, player: str, action: Mapping[str, Any]) -> None:
        """"All players secretly vote": only non-blacklisted players vote, once, "yes" or "no"."""
        waiting = self._waiting
        if self._step != VOTE or player not in waiting:
            if self._step != VOTE:
                raise IllegalAction(player, action, f"no vote is open; the game is at {self._step!r}")
            if player in self._votes:
                raise IllegalAction(player, action, "you have already voted")
            raise IllegalAction(player, action, "blacklisted players do not vote")
        vote = action["vote"]
        if vote == "yes":
            self._yes += 1
        elif vote != "no":
            raise IllegalAction(player, action, "'vote' must be 'yes' or 'no'")
        self._votes[player] = vote
        self._waiting = waiting[1:] if waiting[0] == player else tuple([p for p in waiting if p != player])
        if len(waiting) == 1:
            self._tally()

    def _tally(self) -> None:
        """Count the votes (missing ones are "no"); announce only the counts (ruling: secret votes).

        Who voted what is recorded in a Mod-only ``votes`` event (for the audit after the game),
        and made public only with the option ``reveal_votes``.
        """
        voters = self._voters
        yes = self._yes
        motion = self._motion
        count = len(voters)
        passed = ending_passes(yes, count) if motion == END_GAME else blacklisting_passes(yes, count)
        votes = self._votes  # never changed after the tally: the next vote gets a new dict
        if len(votes) != count:
            votes = {p: votes.get(p, "no") for p in voters}
        log = self.log
        targets = self._vote_targets
        data: dict[str, Any] = {"motion": motion, "targets": list(targets), "yes": yes,
                                "no": count - yes, "voters": count, "passed": passed}
        if self._reveal_votes:
            data["votes"] = votes
        else:
            log.append(Event(len(log), "votes", {"votes": votes}, _MOD))
        log.append(Event(len(log), "vote_result", data))
        self._waiting = ()
        if passed:
            if motion == END_GAME:
                self._end("end_vote")
                return
            for t in targets:
                self.blacklist(t, "vote")
            if motion == BLACKLIST_PAIR:
                assert self._snitch is not None
                self.whitelist(self._snitch, "pair_vote")
        self._reveal()

    def blacklist(self, player: str, by: str) -> None:
        """Give the player a blacklist token (or turn theirs back over)."""
        self._black.add(player)
        self._white.discard(player)
        free = self._free
        if player in free:
            i = free.index(player)
            self._free = free[:i] + free[i + 1:]
        log = self.log
        log.append(Event(len(log), "blacklisted", {"player": player, "by": by}))

    def escape(self, player: str) -> None:
        """Escape to the Reds: blacklisted for good, never snitch again (ruling 3)."""
        self._escaped.add(player)
        self._black.add(player)
        self._white.discard(player)
        self._free = tuple([p for p in self._free if p != player])
        self._protected.pop(player, None)
        self._turns_left[player] = 0
        log = self.log
        log.append(Event(len(log), "escaped", {"player": player}))

    def whitelist(self, player: str, by: str) -> None:
        """Turn the player's blacklist token over; protect them for ``whitelist_protection_turns`` turns."""
        black = self._black
        black.discard(player)
        self._white.add(player)
        free = self._free
        if player not in free:  # back among the non-blacklisted players, in seat order
            i = bisect_left(free, self._seat[player], key=self._seat.__getitem__)
            self._free = free[:i] + (player,) + free[i:]
        self._protected[player] = last = self._turn + self._protection
        if last > self._protected_until:
            self._protected_until = last
        log = self.log
        log.append(Event(len(log), "whitelisted", {"player": player, "by": by, "protected_through_turn": last}))

    # -------------------------------------------------------------- reveal
    def _reveal(self) -> None:
        """"Reveal evidence": a blacklisted snitch draws two and must play one; otherwise draw one,
        play it or not."""
        s = self._snitch
        assert s is not None  # a turn has a snitch
        if s in self._black:
            self.draw_forced(s)
            return
        log = self.log
        if not self._deck and not self._reshuffle():
            log.append(Event(len(log), "skipped", {"player": s, "step": "draw", "reason": "no action card is left"}))
            self.end_turn()
            return
        card = self._deck.pop()
        self._hand = [card]
        log.append(Event(len(log), "drew", {"player": s, "count": 1}))
        log.append(Event(len(log), "hand", {"cards": [card]}, self._only[s]))
        table = self._table
        self._step = REVEAL
        self._stepno += 1
        self._actor = s
        self._waiting = table.alone[s]
        self._legal = [table.play[s][card], table.decline[s]]

    def draw_forced(self, player: str) -> None:
        """Draw two and "must play one" (a blacklisted snitch; the target of "Something to say")."""
        deck = self._deck
        if len(deck) >= 2:  # the usual case: no reshuffle
            hand = [deck.pop(), deck.pop()]
            log = self.log
            log.append(Event(len(log), "drew", {"player": player, "count": 2}))
            log.append(Event(len(log), "hand", {"cards": hand[:]}, self._only[player]))
        else:
            hand = self._draw(player, 2)
            if not hand:
                self.end_turn()
                return
        self._hand = hand
        table = self._table
        plays = table.play[player]
        self._step = FORCED_PLAY
        self._stepno += 1
        self._actor = player
        self._waiting = table.alone[player]
        self._legal = [plays[c] for c in hand] if len(hand) == 1 or hand[0] != hand[1] else [plays[hand[0]]]

    def _draw(self, player: str, count: int) -> list[str]:
        """Draw up to ``count`` cards (rule 9: reshuffle the discards when the deck runs out; rule 10:
        fewer if there are fewer). Public: how many; private to the drawer: which."""
        deck = self._deck
        hand = []
        for _ in range(count):
            if not deck:
                if not self._reshuffle():
                    break
                deck = self._deck
            hand.append(deck.pop())
        log = self.log
        if hand:
            log.append(Event(len(log), "drew", {"player": player, "count": len(hand)}))
            log.append(Event(len(log), "hand", {"cards": hand[:]}, self._only[player]))
        else:
            log.append(Event(len(log), "skipped", {"player": player, "step": "draw",
                                                   "reason": "no action card is left"}))
        return hand

    def _reshuffle(self) -> bool:
        """Ruling 9: the discards are shuffled into a new deck (chance ``"reshuffles"``)."""
        if not self._discard or not self.options["reshuffle_discards"]:
            return False
        pile = self._discard

        def check(value: Any) -> list[str]:
            if not isinstance(value, list) or sorted(map(str, value)) != sorted(pile):
                raise BadSetup(f"chance 'reshuffles' #{self._reshuffles + 1} must be an order of the discards "
                               f"{sorted(pile)}, top first")
            return list(value)

        order = self.chance.outcome("reshuffles", lambda rng: rng.shuffled(pile, per_draw=PACKED), check, sequence=True)
        self._reshuffles += 1
        self._deck = order[::-1]
        self._discard = []
        self.emit("reshuffled", cards=len(order))
        self.emit("deck", to=(), cards=list(order))
        return True

    def _act_play(self, player: str, action: Mapping[str, Any]) -> None:
        """Play a drawn action card: it is placed face up, the rest of the hand is discarded face down."""
        step = self._step
        if (step != REVEAL and step != FORCED_PLAY) or player != self._actor:
            if step in (REVEAL, FORCED_PLAY):
                raise IllegalAction(player, action, f"it is {self._actor}'s card to play, not {player}'s")
            raise IllegalAction(player, action, f"no card is in hand to play; the game is at {step!r}")
        card = action["card"]
        hand = self._hand
        if not isinstance(card, str) or card not in hand:
            raise IllegalAction(player, action, f"{card!r} is not in your hand ({', '.join(hand)})")
        self._do_play(player, action)

    def _do_play(self, player: str, action: Mapping[str, Any]) -> None:
        card = action["card"]
        hand = self._hand
        hand.remove(card)
        self._discard.extend(hand)
        self._hand = []
        self._played.append((player, card))
        log = self.log
        log.append(Event(len(log), "played", {"player": player, "card": card, "discarded": len(hand)}))
        _EFFECTS[card](self, player, card)

    def _act_decline(self, player: str, action: Mapping[str, Any]) -> None:
        """"...and can choose to play it or not": the card is discarded face down."""
        if self._step != REVEAL or player != self._actor:
            if self._step == FORCED_PLAY:
                raise IllegalAction(player, action, "a blacklisted player must play one of the two cards")
            raise self._not_now(player, action, REVEAL, "a drawn card is declined")
        self._do_decline(player, action)

    def _do_decline(self, player: str, action: Mapping[str, Any]) -> None:
        self._discard.extend(self._hand)
        self._hand = []
        log = self.log
        log.append(Event(len(log), "declined", {"player": player}))
        self._next_turn()

    def _ask_target(self, player: str, card: str) -> None:
        targets = self.card_targets(card, player)
        if not targets:
            self.emit("skipped", player=player, step=card, reason="no player can be chosen")
            self.end_turn()
            return
        self._card = card
        self._choices = targets
        choose = self._table.choose[player]
        self._set_step(CARD_TARGET, player, [choose[t] for t in targets])

    def _act_choose(self, player: str, action: Mapping[str, Any]) -> None:
        """Choose the player a played card acts on (``choose`` {target})."""
        if self._step != CARD_TARGET or player != self._actor:
            raise self._not_now(player, action, CARD_TARGET, "a card's target is chosen")
        target = action["target"]
        if type(target) is not str:
            raise IllegalAction(player, action, self._why_not_target(player, target))
        if target not in self._choices:
            if self._card == C.KNOW_A_GUY and target in self._seat and target not in self._black:
                raise IllegalAction(player, action, f"{target} is not blacklisted")
            if self._card == C.KNOW_A_GUY and target in self._escaped:
                raise IllegalAction(player, action, f"{target} escaped to the Reds and cannot become whitelisted")
            if self._card == C.SUPER_SNITCH and target in self._black:
                raise IllegalAction(player, action, f"{target} is already blacklisted")
            raise IllegalAction(player, action, self._why_not_target(player, target))
        self._do_choose(player, action)

    def _do_choose(self, player: str, action: Mapping[str, Any]) -> None:
        card = self._card
        assert card is not None  # the card that asked for a target
        self._card = None
        _TARGET_EFFECTS[card](self, player, action["target"])

    def end_turn(self) -> None:
        """The turn is over (the hand was played, declined or never drawn): the token moves on."""
        self._next_turn()

    # ------------------------------------------------------------- seating
    def right_of(self, player: str) -> str | None:
        """The player to ``player``'s right: the next seat in the token's direction (ruling 5),
        skipping players who escaped to the Reds; ``None`` when nobody else is left."""
        players = self.players
        n = self._n
        i = self._seat[player]
        out = self._escaped
        for k in range(1, n):
            q = players[(i + k) % n]
            if q not in out:
                return q
        return None

    # ----------------------------------------- what the action cards do (effects.py)
    def show_role(self, looker: str, target: str, how: str) -> None:
        """``looker`` sees ``target``'s role card (``how``: the card that showed it)."""
        self.log.append(Event(len(self.log), "saw_role", {"target": target, "card": self._role[target], "how": how},
                               self._only[looker]))

    def confess(self, player: str) -> tuple[str, bool, int]:
        """Reveal ``player``'s role card to all (ruling 2): a blacklisted player never snitches
        again, another exactly once more. Returns (role card, blacklisted, snitch turns left)."""
        blacklisted = player in self._black
        left = self._turns_left[player] = 0 if blacklisted or not self._turns_left[player] else 1
        self._confessed[player] = role = self._role[player]
        return role, blacklisted, left

    def swap_roles(self, player: str, target: str) -> tuple[str, str]:
        """Swap two players' role cards (ruling 7); returns (``player``'s old card, new card)."""
        role = self._role
        mine, theirs = role[player], role[target]
        role[player], role[target] = theirs, mine
        return mine, theirs

    def take_double_agent(self, player: str) -> str | None:
        """``player`` takes the double agent token; returns who held it (``None``: nobody)."""
        previous, self._double_agent = self._double_agent, player
        return previous

    def take_over(self) -> None:
        """Commies take over: every allegiance flips for the rest of the game (ruling 1)."""
        self._takeover = True

    def still_in(self, player: str) -> bool:
        """Whether ``player`` is still in the game (has not escaped to the Reds)."""
        return player not in self._escaped

    def deck_in_draw_order(self) -> list[str]:
        """The action deck, the next card first (a new list)."""
        return self._deck[::-1]

    # ------------------------------------------------------------ timeouts
    def _timeout(self) -> None:
        """Ruling 11: a missing vote counts as no; a missing snitch choice is a pass; a forced play or
        target is drawn at random among the legal choices (chance ``"timeouts"``); an optional play
        is declined."""
        step = self._step
        actor = self._actor
        if step == VOTE:
            self.emit("timeout", step=step, missing_votes=len(self._waiting))
            self._tally()
            return
        # the default is drawn before anything changes (a bad fixed outcome changes nothing)
        if step == SNITCHING:
            default: dict[str, Any] = {"player": actor, "action": "pass"}
        elif step == REVEAL:
            default = {"player": actor, "action": "decline"}
        elif step == SNITCH_PAIR:
            choice = self._random_choice([list(c) for c in self._choices], self._check_pair)  # in seat order
            default = {"player": actor, "action": "snitch_pair", "targets": choice}
        elif step == FORCED_PLAY:
            card = self._random_choice(sorted(set(self._hand), key=self._hand.index), None)
            default = {"player": actor, "action": "play", "card": card}
        else:  # CARD_TARGET
            target = self._random_choice(list(self._choices), None)  # in seat order
            default = {"player": actor, "action": "choose", "target": target}
        assert actor is not None  # every step but the vote has one actor
        self.emit("timeout", step=step, player=actor)
        _HANDLERS[default["action"]](self, actor, default)

    def _check_pair(self, value: Any) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) and v in self._seat for v in value):
            raise BadSetup(f"chance 'timeouts': {value!r} is not a list of player names")
        return sorted(value, key=self._seat.__getitem__)

    def _random_choice(self, options: list[Any], normalise: Any) -> Any:
        def check(value: Any) -> Any:
            if normalise is not None:
                value = normalise(value)
            if value not in options:
                raise BadSetup(f"chance 'timeouts': {value!r} is not a legal choice now (choices: {options})")
            return value

        return self.chance.outcome("timeouts", lambda rng: rng.choice(options), check, sequence=True)

    # ----------------------------------------------------------------- end
    def _end(self, reason: str) -> None:
        """End the game; "If even a single commie is not blacklisted at the end, then all the commies
        win ... If all commies are blacklisted, then the remaining non-blacklisted players win"."""
        sides = self._allegiances()
        black = self._black
        winner, outcomes = winners(sides, black)
        detail = {
            "allegiances": sides,
            "role_cards": dict(self._role),
            "blacklisted": [p for p in self.players if p in black],
            "double_agent": self._double_agent,
            "commies_take_over": self._takeover,
            "turns": self._turn,
        }
        self._step = OVER
        self._actor = None
        self._waiting = ()
        self._legal = []
        self._result = Result(winner, reason, outcomes, detail)
        self.finish(self._result)  # is_over and result (engine contract)
        log = self.log
        log.append(Event(len(log), "game_over", {"winner": winner, "reason": reason, **detail}))

    # --------------------------------------------------------------- views
    # view(player) is built by the game's observer (OBSERVER: views.McCarthyismObserver)
    # summary() too: McCarthyismObserver.summary, the board and the result once over



# Dispatch tables (kind -> handler; card -> effect), shared by every game.
_HANDLERS = {
    "snitch": McCarthyism._act_snitch, "call_end": McCarthyism._act_call_end, "pass": McCarthyism._act_pass,
    "snitch_pair": McCarthyism._act_snitch_pair, "vote": McCarthyism._act_vote, "play": McCarthyism._act_play,
    "decline": McCarthyism._act_decline, "choose": McCarthyism._act_choose, "post": McCarthyism._act_post,
}
_EFFECTS: dict[str, Callable[[McCarthyism, str, str], None]] = dict(effects.EFFECTS)
_EFFECTS.update({card: McCarthyism._ask_target for card in effects.TARGET_EFFECTS})
_TARGET_EFFECTS = effects.TARGET_EFFECTS
# kind -> what a listed (so legal) action does, without checking it again (the fast path of apply)
_DO = {
    "snitch": McCarthyism._do_snitch, "call_end": McCarthyism._do_call_end, "pass": McCarthyism._do_pass,
    "snitch_pair": McCarthyism._do_snitch_pair, "play": McCarthyism._do_play,
    "decline": McCarthyism._do_decline, "choose": McCarthyism._do_choose,
}
