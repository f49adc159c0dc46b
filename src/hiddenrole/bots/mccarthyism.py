"""A rule-based McCarthyism bot: Commies protect Commies and push Americans; Americans
snitch on the players whose votes and plays were suspicious; sensible card play.

The rulebook's end: "If even a single commie is not blacklisted at the end, then all the
commies win ... If all commies are blacklisted, then the remaining non-blacklisted players
win." And a blacklisting passes with "1/3 or more of the non-blacklisted players".

* **An American** keeps a suspicion per player: certain for roles it was shown (a
  confession, "Lemme see", "You seem suspicious", "Loose lips", a drink swap); raised for a
  snitch who accuses a known American, for a caller of the end while a known Commie is free,
  for a player named by a blacklisted snitch known to be a Commie (who "must choose as many
  commies as possible"), and, when the votes are revealed, for votes that shielded a known
  Commie or struck a known American. It snitches on the most suspect player it may choose,
  votes to blacklist anyone it does not know to be an American, calls (and votes for) the
  end only once it knows every Commie is blacklisted.
* **A Commie** knows the Commies (it woke up with them). It snitches on Americans (the ones
  it knows first), votes against blacklisting a Commie and for blacklisting an American,
  calls the end and votes for it while a Commie is free, whitelists a blacklisted Commie
  with "I know a guy", and never confesses nor escapes when it may decline.

Both decline the cards that would change whose side they are on (Double Agent, Commies take
over, the drink swap) and play the information cards; a forced play takes the least harmful
card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from ..engine import Action
from .base import Bot, Observation
from .common import EventCursor, best, find, of_kind

COMMIE, AMERICAN = "commie", "american"
_FLIP = {COMMIE: AMERICAN, AMERICAN: COMMIE}

CONFESS = "confess_to_the_feds"
ESCAPE = "escape_to_the_reds"

#: Card preference when the bot may play or must play one (higher first), per allegiance.
#: Cards valued below 0 are declined when declining is allowed.
CARD_VALUE: dict[str, dict[str, float]] = {
    AMERICAN: {
        "super_snitch": 5, "you_seem_suspicious": 4, "lemme_see_what_you_got_there": 4, "loose_lips": 3,
        "something_to_say": 3, "i_know_a_guy": 2, "deep_research": 1, CONFESS: 0.5, ESCAPE: -3,
        "double_agent": -2, "commies_take_over": -2, "too_much_to_drink": -2,
    },
    COMMIE: {
        "i_know_a_guy": 5, "super_snitch": 4, "something_to_say": 3, "you_seem_suspicious": 2,
        "lemme_see_what_you_got_there": 2, "deep_research": 1, "loose_lips": -1, CONFESS: -1.5,
        ESCAPE: -4, "double_agent": -2, "commies_take_over": -2, "too_much_to_drink": -2,
    },
}


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class McCarthyismBot(Bot):
    """The rule-based McCarthyism bot (kind ``"rule"``).

    Memory (from its own observations only): the allegiances it knows (its own, the
    Commies it saw at the start, roles shown to it or confessed), a suspicion score per
    player whose card it has not seen (a seen card decides), and the public facts it decides by (the players, the Commie count or the pool, who is
    blacklisted, the motion of the vote, the card in play).

    On the event stream (``observation.events``, the events new since its last decision) it
    keeps all of this from the events and never reads the view, so a decision costs the same
    early and late in a game. Given a whole view instead (``observation.events`` is ``None``),
    it reads the new events of ``view["events"]`` and then takes the view's ``private`` and
    ``board`` as authoritative, as the engine summarises them.
    """

    kind = "rule"
    summary = ("Plays its side's obvious strategy and reasons only from what its seat has seen "
               "(whom it suspects, what was claimed, how people voted).")
    #: the event kinds it reads (in :meth:`_read`: the frequent ones there, the others through
    #: ``_READERS``; the play loop hands out no others)
    READS = frozenset({
        "setup", "role", "commies", "confessed", "saw_role", "swapped", "double_agent", "takeover", "snitched",
        "end_called", "vote_result", "blacklisted", "escaped", "whitelisted", "played",
    })

    def __init__(self, player: str, seed: int = 0, rng: Any = None) -> None:
        super().__init__(player, seed, rng)
        self.cursor = EventCursor()
        self.suspicion: dict[str, float] = {}
        self.cards: dict[str, str] = {}  # player -> role card last seen (mine included)
        self.known: dict[str, str] = {}  # player -> allegiance(player), for every player in cards
        self.double_agent: str | None = None
        self.takeover = False
        # the public facts (from the events; from the board when given a whole view)
        self.players: list[str] = []  # in seat order
        self.base = 1 / 3  # the share of Commies at the table: the prior of commie_chance
        self.black: set[str] = set()  # the blacklisted players
        self.motion: str | None = None  # the motion of the last vote opened, and its targets
        self.targets: list[str] = []
        self.card_in_play: str | None = None  # the last card played
        #: share of the suspicion held kept at each vote's result (1: never forgets; the human
        #: bot's ``memory``, :class:`~hiddenrole.bots.human.HumanMcCarthyismBot`)
        self.memory = 1.0

    # ------------------------------------------------------------ knowledge
    def allegiance(self, p: str) -> str | None:
        """``p``'s allegiance as far as I know (ruling 1: the card, flipped by the double agent
        token and again by "Commies take over"), or ``None``: kept in ``known`` as the cards,
        the token and the takeover change (:meth:`_card`, :meth:`_recount`)."""
        return self.known.get(p)

    def _card(self, p: str, card: str) -> None:
        """``p``'s role card, last seen: ``card``."""
        self.cards[p] = card
        self.known[p] = _FLIP[card] if (p == self.double_agent) is not self.takeover else card
        if p in self.suspicion:  # a seen card decides: suspicion is kept for the unseen only
            del self.suspicion[p]

    def _recount(self) -> None:
        """Every known allegiance again (the double agent token or the takeover changed)."""
        double, takeover = self.double_agent, self.takeover
        self.known = {p: _FLIP[c] if (p == double) is not takeover else c for p, c in self.cards.items()}

    @property
    def mine(self) -> str:
        """My own allegiance (``"commie"`` or ``"american"``)."""
        return self.known.get(self.player) or AMERICAN

    def commie_chance(self, p: str) -> float:
        """How likely (0..1, a score) I think ``p`` is a Commie now."""
        known = self.known.get(p)
        if known is not None:
            return 1.0 if known == COMMIE else 0.0
        return min(0.99, max(0.01, self.base + 0.1 * self.suspicion.get(p, 0.0)))

    def _bump(self, p: str | None, amount: float) -> None:
        if p and p != self.player and p not in self.cards:
            self.suspicion[p] = self.suspicion.get(p, 0.0) + amount

    def _read(self, events: list[dict[str, Any]]) -> None:
        """Fold the new events (JSON dicts, in order) into what I know. With a ``memory`` below 1,
        the suspicion held so far first fades by ``memory`` for each vote's result among them."""
        keep = self.memory
        if keep < 1.0 and self.suspicion:
            fade = 1.0
            for e in events:
                if e["kind"] == "vote_result":
                    fade *= keep
            if fade < 1.0:
                suspicion = self.suspicion
                for p, s in suspicion.items():
                    suspicion[p] = s * fade
        readers = _READERS
        for e in events:
            kind = e["kind"]
            # the frequent kinds are read here, most frequent first (a call through the table
            # for each costs more than these comparisons); the others through the table
            if kind == "vote_result":
                if isinstance(e.get("votes"), dict):  # revealed votes (option reveal_votes)
                    self._weigh_votes(e)
            elif kind == "snitched":
                self._read_snitched(e)
            elif kind == "blacklisted" or kind == "escaped":
                self.black.add(e["player"])
            elif kind == "played":
                self.card_in_play = e["card"]
            elif kind == "confessed":
                self._card(e["player"], e["card"])
            elif kind == "whitelisted":
                self.black.discard(e["player"])
            else:
                read = readers.get(kind)
                if read is not None:
                    read(self, e)

    def _read_setup(self, e: dict[str, Any]) -> None:
        self.players = list(e["players"])
        n = max(len(self.players), 1)
        self.base = _commie_share(e.get("commies"), e.get("commie_cards"), e.get("american_cards"), n)

    def _read_role(self, e: dict[str, Any]) -> None:
        self._card(self.player, e.get("card", self.cards.get(self.player, AMERICAN)))

    def _read_commies(self, e: dict[str, Any]) -> None:
        for p in e["commies"]:
            self._card(p, COMMIE)

    def _read_saw_role(self, e: dict[str, Any]) -> None:
        self._card(e["target"], e["card"])

    def _read_swapped(self, e: dict[str, Any]) -> None:
        self._card(self.player, e["card"])
        self._card(e["target"], e["gave"])

    def _read_double_agent(self, e: dict[str, Any]) -> None:
        self.double_agent = e["player"]
        self._recount()

    def _read_takeover(self, e: dict[str, Any]) -> None:
        self.takeover = True
        self._recount()

    def _read_snitched(self, e: dict[str, Any]) -> None:
        if "targets" in e:
            self.motion, self.targets = "blacklist_pair", list(e["targets"] or [])
            self._pair(e)
            return
        target = e["target"]
        self.motion, self.targets = "blacklist", [target]
        side = self.known.get(target)
        if side == AMERICAN:
            self._bump(e["snitch"], 2.0)
        elif side == COMMIE:
            self._bump(e["snitch"], -1.0)

    def _read_end_called(self, e: dict[str, Any]) -> None:
        self.motion, self.targets = "end_game", []
        self._bump(e["snitch"], 1.0)

    def _read_view(self, view: dict[str, Any]) -> None:
        """A whole view: its private part and board are authoritative."""
        private = view.get("private", {})
        card = (private.get("role_card") or {}).get("card")
        if card:
            self.cards[self.player] = card
        for p in private.get("commies_at_start") or []:
            self.cards.setdefault(p, COMMIE)
        for p, seen in (private.get("seen_roles") or {}).items():
            self.cards[p] = seen["card"]
        board = view.get("board", {})
        self.double_agent = board.get("double_agent", self.double_agent)
        self.takeover = bool(board.get("commies_take_over", self.takeover))
        self.players = list(board.get("turns_had") or {})
        n = max(len(self.players) or 1, 1)
        pool = board.get("pool") or {}
        self.base = _commie_share(board.get("commie_count"), pool.get("commie_cards"), pool.get("american_cards"), n)
        self.black = set(board.get("blacklisted") or [])
        vote = board.get("vote") or {}
        self.motion, self.targets = vote.get("motion"), vote.get("targets") or []
        self.card_in_play = board.get("card_in_play")
        self._recount()
        for p in self.cards:  # a seen card decides: suspicion is kept for the unseen only
            self.suspicion.pop(p, None)

    def _pair(self, e: dict[str, Any]) -> None:
        snitch, targets = e.get("snitch"), e.get("targets") or []
        # "he must choose as many commies as possible": his targets are likely Commies
        amount = 5.0 if self.known.get(snitch or "") == COMMIE else 0.5
        me, suspicion, cards = self.player, self.suspicion, self.cards
        for t in targets:  # _bump, inlined (a pair is read by every bot)
            if t and t != me and t not in cards:
                suspicion[t] = suspicion.get(t, 0.0) + amount

    def _weigh_votes(self, e: dict[str, Any]) -> None:
        """Revealed votes (option ``reveal_votes``): shielding a Commie or striking an American."""
        targets = e.get("targets") or []
        motion = e.get("motion")
        for voter, vote in e["votes"].items():
            if motion == "end_game":
                continue
            for t in targets:
                side = self.known.get(t)
                if side == COMMIE and vote == "no" or side == AMERICAN and vote == "yes":
                    self._bump(voter, 1.0)
                elif side is not None:
                    self._bump(voter, -0.5)

    def _all_commies_blacklisted(self) -> bool:
        """True when I know that every Commie is blacklisted: every free player is a known American."""
        black = self.black
        for p in self.players:
            if p not in black and self.known.get(p) != AMERICAN:
                return False
        return True

    def _commie_free(self) -> bool:
        black = self.black
        return any(self.known.get(p) == COMMIE and p not in black for p in self.players)

    # ------------------------------------------------------------ deciding
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        events = observation.events
        if events is None:  # a whole view: its new events, then its summary
            view = observation.view or {}
            self._read(self.cursor.new(view))
            self._read_view(view)
        elif events:  # none new for most votes (the voters are asked in turn)
            self._read(events)
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        if legal[0].get("action") == "vote":
            return self._vote(legal)
        kinds = {a.get("action") for a in legal}
        if "vote" in kinds:
            return self._vote(legal)
        if kinds & {"snitch", "call_end", "pass"}:
            return self._snitch(legal)
        if "snitch_pair" in kinds:
            return self._snitch_pair(legal)
        if kinds & {"play", "decline"}:
            return self._play(legal)
        if "choose" in kinds:
            return self._target(legal)
        return self.rng.choice(legal)

    def _vote(self, legal: list[Action]) -> Action:
        commie = self.known.get(self.player) == COMMIE  # self.mine, inlined (a vote is the most frequent decision)
        if self.motion == "end_game":
            yes = self._commie_free() if commie else self._all_commies_blacklisted()
        elif commie:
            # protect Commies, push Americans (loops, not all()/any(): a vote is the most
            # frequent decision)
            yes = True
            for t in self.targets:
                if self.known.get(t) == COMMIE:
                    yes = False
                    break
        else:
            # blacklist anyone not known to be an American: every Commie must end up blacklisted
            yes = False
            for t in self.targets:
                if self.known.get(t) != AMERICAN:
                    yes = True
                    break
        want = "yes" if yes else "no"
        for a in legal:
            if a.get("action") == "vote" and a.get("vote") == want:
                return a
        return legal[0]

    def _snitch(self, legal: list[Action]) -> Action:
        snitches: list[Action] = []
        call = skip = None
        for a in legal:  # one pass: a snitch is asked once a turn, with a target per player
            kind = a.get("action")
            if kind == "snitch":
                snitches.append(a)
            elif kind == "call_end":
                if call is None:
                    call = a
            elif kind == "pass" and skip is None:
                skip = a
        if self.mine == COMMIE:
            if call is not None and self._commie_free() and self.rng.below(2) == 0:
                return call
            americans = [a for a in snitches if self.known.get(a["target"]) != COMMIE]
            if americans:
                return self._most_suspect(americans, -1.0)
            return skip or call or legal[0]
        if call is not None and self._all_commies_blacklisted():
            return call
        suspects = [a for a in snitches if self.known.get(a["target"]) != AMERICAN]
        if suspects:
            return self._most_suspect(suspects, 1.0)
        return skip or legal[0]

    def _most_suspect(self, actions: list[Action], sign: float) -> Action:
        """``best(actions, lambda a: sign * self.commie_chance(a["target"]), self.rng)`` (``sign``
        1 or -1), in one loop: the action on the most (``sign`` -1: the least) suspect target,
        ties broken at random."""
        top: list[Action] = []
        top_score = float("-inf")
        cards = self.cards
        base = self.base
        suspicion = self.suspicion
        for a in actions:
            t = a["target"]
            if t in cards:
                c = 1.0 if self.known.get(t) == COMMIE else 0.0
            else:
                c = min(0.99, max(0.01, base + 0.1 * suspicion.get(t, 0.0)))
            score = c if sign > 0 else -c
            if score > top_score:
                top, top_score = [a], score
            elif score == top_score:
                top.append(a)
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def _snitch_pair(self, legal: list[Action]) -> Action:
        """The pair (up to n²/2 of them) with the most suspicion in all (a Commie: the least;
        the engine already forces a Commie's Commies), ties broken at random: ``best`` with the
        score ``sign * sum(chances)``, in one loop over chances computed once per player."""
        commie = self.mine == COMMIE
        chance: dict[str, float] = {}
        top: list[Action] = []
        top_score = float("-inf")
        for a in legal:
            total = 0.0
            for t in a["targets"]:
                c = chance.get(t)
                if c is None:
                    c = chance[t] = self.commie_chance(t)
                total += c
            score = -total if commie else total
            if score > top_score:
                top, top_score = [a], score
            elif score == top_score:
                top.append(a)
        if not top:
            raise ValueError("no candidate action")
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def _play(self, legal: list[Action]) -> Action:
        values = CARD_VALUE[self.mine]
        plays = of_kind(legal, "play")
        decline = find(legal, "decline")
        choice = best(plays, lambda a: values.get(a["card"], 0.0), self.rng) if plays else None
        if choice is None or decline is not None and values.get(choice["card"], 0.0) < 0:
            return decline or legal[0]
        return choice

    def _target(self, legal: list[Action]) -> Action:
        card = self.card_in_play
        commie = self.mine == COMMIE
        black = self.black

        def value(a: Action) -> float:
            t = a["target"]
            c = self.commie_chance(t)
            if card == "i_know_a_guy":  # whitelist a friend
                return (c if commie else -c) + (0.5 if t == self.player else 0.0)
            if card in ("you_seem_suspicious",):  # look at the least known
                return -abs(c - 0.5) if self.known.get(t) is None else -1.0
            if card in ("super_snitch", "something_to_say"):  # strike an enemy
                return (-c if commie else c) - (1.0 if t in black else 0.0)
            return -c if commie else c
        return best(legal, value, self.rng)


def _commie_share(commies: Any, commie_cards: Any, american_cards: Any, n: int) -> float:
    """The share of Commies at the table, as public: the count the fixed deal announces
    (``commies`` of ``n`` players), else the Commie cards' share of the pool the pool deal
    dealt from (its number of Commies is secret), else a third."""
    if isinstance(commies, int):
        return commies / n
    if isinstance(commie_cards, int) and isinstance(american_cards, int) and commie_cards + american_cards > 0:
        return commie_cards / (commie_cards + american_cards)
    return (n // 3) / n


# event kind -> what it tells the bot, for the kinds McCarthyismBot._read does not read itself
# (the kinds it does not read at all are skipped)
_READERS: dict[str, Callable[[McCarthyismBot, dict[str, Any]], None]] = {
    "setup": McCarthyismBot._read_setup, "role": McCarthyismBot._read_role,
    "commies": McCarthyismBot._read_commies, "saw_role": McCarthyismBot._read_saw_role,
    "swapped": McCarthyismBot._read_swapped, "double_agent": McCarthyismBot._read_double_agent,
    "takeover": McCarthyismBot._read_takeover, "end_called": McCarthyismBot._read_end_called,
}
