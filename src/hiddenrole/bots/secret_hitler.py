"""A rule-based Secret Hitler bot: each side's obvious strategy, reasoning from what it saw.

Liberals pass a Liberal policy whenever they hold one, distrust governments that enacted a
Fascist policy (weighing the President's and Chancellor's public claims), vote down tickets
with a suspect, and examine and kill the most suspect. Fascists pass Fascist policies when
it does not expose them (a partner in government, or a claim that covers it), protect
Hitler, vote Hitler in as Chancellor once 3 Fascist policies are down, and examine Hitler to
"clear" him. After a legislative session both members claim what they saw, and every bot
reads the claims.

A bot keeps its claims in the forum's claim notation (``claim president drew FFL passed FL``,
``claim chancellor got FL enacted L``, ``claim investigate P3 fascist``) and makes each as the
game's structured claim action (``{"action": "claim", "as": "president", "drew": "FFL",
"passed": "FL"}``, :mod:`hiddenrole.games.secret_hitler.claimbook`) while it is open, else as
a plain post of the notation (no bold text, so it never counts as a vote in the turbo rules).
It reads both: a claim event is read as its notation. Liberals claim the truth; a Fascist
whose government enacted a Fascist policy claims it had no choice (``FFF``/``FF``), and a
Fascist investigator calls a fellow Fascist Liberal.

A bot posts at most :data:`~hiddenrole.bots.common.MAX_POSTS_PER_GAME` times a game.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from ..engine import Action
from .base import Bot, Observation
from .common import EventCursor, MAX_POSTS_PER_GAME, best, find, new_events

#: Suspicion (a score: higher = more likely on the Fascist team) for a proven Fascist.
PROVEN = 100.0


def _cards(text: str) -> str:
    """The policy cards named in ``text``, sorted: ``"lfF"`` -> ``"FFL"`` (F sorts first)."""
    upper = text.upper()
    return "F" * upper.count("F") + "L" * upper.count("L")


_CLAIM_WORDS: dict[str, tuple[str, ...] | None] = {}  # text -> _claim_words(text), bounded


def _claim_words(text: str) -> tuple[str, ...] | None:
    """The words of a claim post (``"claim"`` and at least 3 more), else ``None``. Every bot
    reads each claim: the words of the recent texts are kept (a bounded number)."""
    words = _CLAIM_WORDS.get(text)
    if words is None and text not in _CLAIM_WORDS:
        split = tuple(text.split())
        words = split if len(split) >= 4 and split[0] == "claim" else None
        if len(_CLAIM_WORDS) >= 512:
            _CLAIM_WORDS.clear()
        _CLAIM_WORDS[text] = words
    return words


def _notation(e: dict[str, Any]) -> str:
    """A claim event in the claim notation (a Chancellor's without the enacted policy)."""
    role = e.get("as")
    if role == "president":
        return f"claim president drew {e.get('drew')} passed {e.get('passed')}"
    if role == "chancellor":
        return f"claim chancellor got {e.get('got')}"
    return f"claim investigate {e.get('target')} {e.get('party')}"


def _structured(text: str, claims: list[Action]) -> Action | None:
    """The claim action among ``claims`` that says what the notation ``text`` says, if any."""
    words = text.split()
    if not claims or len(words) < 4 or words[0] != "claim":
        return None
    if words[1] == "president" and len(words) >= 6:
        want = {"as": "president", "drew": _cards(words[3]), "passed": _cards(words[5])}
    elif words[1] == "chancellor":
        want = {"as": "chancellor", "got": _cards(words[3])}
    elif words[1] == "investigate":
        want = {"as": "investigator", "party": words[-1]}
    else:
        return None
    for action in claims:
        if all(action.get(k) == v for k, v in want.items()):
            return action
    return None


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class SecretHitlerBot(Bot):
    """The rule-based Secret Hitler bot (kind ``"rule"``); plays either variant.

    It keeps, from its own observations only: its role and the roles it was told, a
    suspicion score per player, what it drew, passed and was passed, and the claims posted;
    and, from the public events, what it needs of the board (the ticket voted on, the
    Fascist policies, the election tracker) and its private step's cards. It follows the
    game by its new events (each read once), so a decision costs the same all game long.
    """

    kind = "rule"
    summary = ("Plays its side's obvious strategy and reasons only from what its seat has seen "
               "(whom it suspects, what was claimed, how people voted).")
    #: the event kinds :meth:`_read` reads (the play loop hands out no others)
    READS: ClassVar[frozenset[str] | None] = frozenset({
        "post", "nominated", "vote_result", "day_start", "night_report", "policy_enacted", "policies_drawn",
        "policies_passed", "role", "player_list", "executive_action", "investigation", "no_nomination", "vetoed",
        "claim",
    })

    def __init__(self, player: str, seed: int = 0, rng: Any = None) -> None:
        super().__init__(player, seed, rng)
        self.cursor = EventCursor()
        self.role: str | None = None
        self.known: dict[str, str] = {}  # player -> "liberal"/"fascist"/"hitler" (roles told)
        self.cleared: set[str] = set()  # proven liberals (own examinations)
        self.suspicion: dict[str, float] = {}
        self.government: tuple[str, str] | None = None  # last elected (President, Chancellor)
        self.my_draw: str | None = None  # cards I drew as President this session
        self.my_pass: str | None = None  # cards I passed as President
        self.my_got: str | None = None  # cards passed to me as Chancellor
        self.pending_posts: list[str] = []
        self.posts = 0
        self.claims: dict[tuple[str, str], str] = {}  # (role in government, player) -> cards
        self.yes_voters: list[str] = []  # who elected the last government
        # the public board as far as the bot needs it, kept from the events (the snapshot is
        # read only for what no event tells: the tracker's limit, the tracker after a veto)
        self.ticket: tuple[str | None, str | None] = (None, None)  # the last nomination
        self.fascist_policies = 0  # Fascist policies announced
        self.tracker: int | None = 0  # failed elections in a row (None: read the board)
        self.tracker_limit: int | None = None  # failed elections that top-deck (from the board)
        self.hand: list[str] = []  # the cards of my private step (drawn, or passed to me)

    # ------------------------------------------------------------ reading
    @property
    def fascist(self) -> bool:
        """True for a Fascist or Hitler."""
        return self.role in ("fascist", "hitler")

    @property
    def plays_fascist(self) -> bool:
        """True when I play the Fascists' game openly: a Fascist, or a Hitler who knows the
        Fascists (5-6 players). A Hitler who knows nobody plays as a liberal would."""
        return self.role == "fascist" or self.role == "hitler" and len(self.known) > 1

    def _team(self, p: str | None) -> str | None:
        role = self.known.get(p) if p is not None else None
        if role is None:
            return None
        return "liberal" if role == "liberal" else "fascist"

    def _bump(self, p: str | None, amount: float) -> None:
        if p and p != self.player:
            self.suspicion[p] = self.suspicion.get(p, 0.0) + amount

    def _read(self, events: list[dict[str, Any]]) -> None:
        """Fold the new events into what the bot keeps (each event once, in order)."""
        for e in events:
            kind = e["kind"]
            if kind == "post":  # most events: votes (turbo), chatter, claims
                text = e.get("text", "")
                if "claim" in text:
                    self._claim(e["player"], text)
                continue
            if kind == "claim":  # a structured claim, read as its notation
                self._claim(e["player"], _notation(e))
                continue
            if kind == "nominated":
                self.ticket = (e["president"], e["chancellor"])
            elif kind == "vote_result":
                if e.get("passed"):
                    self.government = (e["president"], e["chancellor"])
                    yes_voters: list[str] = []
                    for p, v in e.get("votes", {}).items():
                        if v == "yes":
                            yes_voters.append(p)
                    self.yes_voters = yes_voters
                    self.my_draw = self.my_pass = self.my_got = None  # a new session
                elif self.tracker is not None:
                    self.tracker += 1
            elif kind == "day_start" or kind == "night_report":
                if kind == "day_start" and e.get("chancellor") and self.government:
                    self.government = (self.government[0], e["chancellor"])
                policy = e.get("policy")
                if policy is not None:  # the night's policy (as _enacted)
                    self.tracker = 0
                    if policy == "F":
                        self.fascist_policies += 1
                    self._policy(policy)
                if e.get("veto"):
                    self.tracker = None  # a veto may count as a failed election (an option)
                if kind == "day_start" and e.get("action"):
                    self._action(e["action"])
            elif kind == "policy_enacted":
                self._enacted(e["card"])
                self.fascist_policies = e["fascist_policies"]
                if not e.get("top_deck"):
                    self._policy(e["card"])
            elif kind == "policies_drawn":
                self.hand = list(e["cards"])
                self.my_draw = _cards("".join(e["cards"]))
            elif kind == "policies_passed":
                self.hand = list(e["cards"])
                self.my_got = _cards("".join(e["cards"]))
            elif kind == "role":
                self.role = e["role"]
                self.known.update(e.get("roles") or {})
                self.known[self.player] = e["role"]
            elif kind == "player_list":
                self.government = (e["president"], "")
            elif kind == "executive_action":
                self._action(e)
            elif kind == "investigation":
                if e["allegiance"] == "liberal":
                    self.cleared.add(e["target"])
                    self.suspicion[e["target"]] = -PROVEN
                else:
                    self.suspicion[e["target"]] = PROVEN
                self._queue(f"claim investigate {e['target']} {self._claimed_allegiance(e)}")
            elif kind == "no_nomination":
                if self.tracker is not None:
                    self.tracker += 1
            elif kind == "vetoed":
                self.tracker = None

    def _enacted(self, card: str) -> None:
        """A policy was played (announced): the tracker is reset, Fascist policies counted."""
        self.tracker = 0
        if card == "F":
            self.fascist_policies += 1

    def _claimed_allegiance(self, e: dict[str, Any]) -> str:
        """What I say I saw: the truth, except a Fascist covers a partner (protects Hitler)."""
        if self.fascist and self._team(e["target"]) == "fascist":
            return "liberal"
        return e["allegiance"]

    def _action(self, action: dict[str, Any]) -> None:
        """A public executive action: killing a player I know to be liberal is suspect."""
        power, holder, target = action.get("power"), action.get("player"), action.get("target")
        if power == "execute" and (self._team(target) == "liberal" or target in self.cleared):
            self._bump(holder, 3.0)

    def _policy(self, card: str) -> None:
        """A government's policy is announced: weigh it against what I know and was told."""
        if not self.government:
            return
        pres, chanc = self.government
        me = self.player
        suspicion = self.suspicion
        if card == "F":
            for p in (pres, chanc):  # as _bump, inlined (a few times per event)
                if p and p != me:
                    suspicion[p] = suspicion.get(p, 0.0) + 1.0
            for p in self.yes_voters:
                if p and p != me:
                    suspicion[p] = suspicion.get(p, 0.0) + 0.25
            if me == pres and self.my_pass and "L" in self.my_pass:
                self._bump(chanc, PROVEN)  # I passed a Liberal policy; they enacted F
            if me == chanc and self.my_got == "FF":
                self._bump(pres, 2.0)  # they passed me FF (a FFF draw is possible)
        else:
            for p in (pres, chanc):
                if p and p != me:
                    suspicion[p] = suspicion.get(p, 0.0) - 1.0
        if me in (pres, chanc) and (me == pres and self.my_draw or me == chanc and self.my_got):
            self._queue_claims(card)

    def _queue_claims(self, card: str) -> None:
        pres, _ = self.government or ("", "")
        if self.player == pres and self.my_draw:
            drew, passed = self.my_draw, self.my_pass or self.my_draw[:2]
            if self.fascist and card == "F":
                drew, passed = "FFF", "FF"  # the cover story
            self._queue(f"claim president drew {drew} passed {passed}")
        elif self.my_got:
            got = self.my_got
            if self.fascist and card == "F":
                got = "FF"
            self._queue(f"claim chancellor got {got} enacted {card}")

    def _queue(self, text: str) -> None:
        self.pending_posts.append(text)

    def _claim(self, poster: str, text: str) -> None:
        if poster == self.player:
            return
        words = _claim_words(text)
        if words is None:
            return
        if words[1] == "investigate" and len(words) >= 4:
            target, seen = " ".join(words[2:-1]), words[-1]  # a name may hold spaces ("Bot 6")
            mine = self._team(target) or ("liberal" if target in self.cleared else None)
            if mine is not None and mine != seen:
                self._bump(poster, PROVEN)  # a lie about a player I know
            elif seen == "fascist":
                self._bump(target, 3.0)
            elif seen == "liberal":
                self._bump(target, -1.0)
            return
        if not self.government:
            return
        pres, chanc = self.government
        if words[1] == "president" and poster == pres and len(words) >= 6:
            passed = _cards(words[5])
            self.claims[("president", poster)] = passed
            if self.player == chanc and self.my_got and passed != self.my_got:
                self._bump(poster, PROVEN)  # they lie about what they passed me
            other = self.claims.get(("chancellor", chanc))
            if other is not None and other != passed:
                self._conflict(pres, chanc)
        elif words[1] == "chancellor" and poster == chanc and len(words) >= 4:
            got = _cards(words[3])
            self.claims[("chancellor", poster)] = got
            if self.player == pres and self.my_pass and got != self.my_pass:
                self._bump(poster, PROVEN)
            if "L" in got and len(words) >= 6 and words[5] == "F":
                self._bump(poster, PROVEN)  # says they had a Liberal policy and enacted F
            other = self.claims.get(("president", pres))
            if other is not None and other != got:
                self._conflict(pres, chanc)

    def _conflict(self, pres: str, chanc: str) -> None:
        """The President's and the Chancellor's claims disagree: one of them lies."""
        self._bump(pres, 2.0)
        self._bump(chanc, 2.0)

    # ------------------------------------------------------------ deciding
    def score(self, p: str) -> float:
        """My suspicion of ``p``: higher is more likely on the Fascist team; a role I was told
        or examined is certain (``±PROVEN``); myself ``-PROVEN``."""
        if p == self.player:
            return -PROVEN
        team = self._team(p)
        if team is not None:
            return -PROVEN if team == "liberal" else PROVEN
        if p in self.cleared:
            return -PROVEN
        return self.suspicion.get(p, 0.0)

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``, or a claim post (bounded) during a day step.

        The bot decides from its new events (:attr:`Observation.events`) and what it kept
        from the earlier ones; it reads the snapshot (:attr:`Observation.view`) only for the
        election tracker's limit and for the tracker after a veto."""
        events = observation.events
        if events is None:
            events = new_events(observation, self.cursor)
        if events:
            self._read(events)
        legal = observation.legal_actions
        claims: list[Action] = []
        if legal[-1].get("action") == "claim":  # the claims I may make now come last
            claims = [a for a in legal if a.get("action") == "claim"]
            legal = legal[:len(legal) - len(claims)]
        a0 = legal[0]
        kind = a0.get("action")
        if self.pending_posts and self.posts < MAX_POSTS_PER_GAME and (kind == "vote" or kind == "nominate" or any(
                a.get("action") in ("vote", "nominate") for a in legal)):
            if "targets" not in (a0 or {}):  # never during night 0's nomination
                self.posts += 1
                text = self.pending_posts.pop(0)
                return _structured(text, claims) or {"player": self.player, "action": "post", "text": text}
        if len(legal) == 1:
            return self._remember(a0)
        if kind == "nominate" and "targets" in a0:
            return self._nominate_pair(legal)
        if kind == "nominate":
            return self._nominate(legal)
        if kind == "vote":
            return self._vote(legal, observation)
        if kind == "discard":
            return self._remember(self._discard(legal))
        if kind in ("enact", "veto"):
            return self._enact(legal)
        if kind == "veto_response":
            return self._veto_response(legal)
        if kind in ("investigate", "execute", "special_election"):
            return self._power(legal, kind)
        return self.rng.choice(legal)

    def _remember(self, action: Action) -> Action:
        if action.get("action") == "discard":
            hand = list(self.hand)
            if action["card"] in hand:
                hand.remove(action["card"])
            self.my_pass = _cards("".join(hand))
        return action

    def _hitler(self) -> str | None:
        for p, r in self.known.items():
            if r == "hitler":
                return p
        return None

    def _nominee_score(self, p: str, fascist_policies: int) -> float:
        if self.plays_fascist:
            if self._hitler() == p and fascist_policies >= 3:
                return 10.0  # Hitler elected Chancellor after 3 Fascist policies wins
            return 3.0 if self._team(p) == "fascist" else 0.0
        return -self.score(p)

    def _nominate_pair(self, legal: list[Action]) -> Action:
        def value(a: Action) -> float:  # night 0: no policy yet
            return sum(self._nominee_score(t, 0) for t in a["targets"]) + self.rng.below(100) / 1000
        return best(legal, value, self.rng)

    def _nominate(self, legal: list[Action]) -> Action:
        fas = self.fascist_policies
        return best(legal, lambda a: self._nominee_score(a["target"], fas), self.rng)

    def _vote(self, legal: list[Action], observation: Observation) -> Action:
        pres, chanc = self.ticket
        want = "yes" if self._yes_vote(pres, chanc, self.fascist_policies, observation) else "no"
        for action in legal:  # as find(legal, "vote", vote=want)
            if action.get("action") == "vote" and action.get("vote") == want:
                return action
        return legal[0]

    def _tracker_full(self, observation: Observation) -> bool:
        """One more failed election would top-deck. The events keep the tracker, except after
        a veto (whether it counts as a failed election is a table option); the tracker's limit
        (2 failed elections turbo, 3 official) is read from the board the first time it
        matters: with the tracker at 0, one more failure never reaches it."""
        tracker = self.tracker
        if tracker == 0:
            return False
        if tracker is None or self.tracker_limit is None:
            board = (observation.view or {}).get("board", {})
            self.tracker_limit = board.get("tracker_limit", 2)
            self.tracker = tracker = board.get("election_tracker", 0)
        return tracker >= self.tracker_limit - 1  # type: ignore[operator]

    def _yes_vote(self, pres: str | None, chanc: str | None, fas: int, observation: Observation) -> bool:
        if self.player in (pres, chanc):
            return True
        if self.plays_fascist:
            if chanc == self._hitler() and fas >= 3:
                return True  # "electing Hitler as Chancellor any time after the third Fascist card"
            if self._team(pres) == "fascist" or self._team(chanc) == "fascist":
                return True
            return self.rng.below(100) < 35  # a few yes votes, to look like a liberal
        # a liberal (or a Hitler who knows nobody): trust by suspicion
        score = self.score
        pres_score, chanc_score = score(pres or ""), score(chanc or "")
        # max(score, 0.0) of each (a zero's sign aside, which no comparison sees)
        risk = (pres_score if pres_score > 0.0 else 0.0) + (chanc_score if chanc_score > 0.0 else 0.0)
        if fas >= 3 and chanc_score > -PROVEN / 2:
            risk += 0.75  # the Chancellor might be Hitler
        threshold = 2.5 if self._tracker_full(observation) else 1.5
        return risk < threshold

    def _discard(self, legal: list[Action]) -> Action:
        if self.plays_fascist:
            # pass F: a partner enacts it, and "I drew F F F" covers me with a liberal
            return find(legal, "discard", card="L") or legal[0]
        return find(legal, "discard", card="F") or legal[0]  # pass L when I can

    def _enact(self, legal: list[Action]) -> Action:
        hand = self.hand
        veto = find(legal, "veto")
        if self.plays_fascist:
            pres = (self.government or ("", ""))[0]
            if "L" in hand and "F" in hand and self._team(pres) == "liberal" and self.fascist_policies <= 1:
                # the President knows they passed me a Liberal policy: keep my cover early on
                return find(legal, "enact", card="L") or legal[0]
            return find(legal, "enact", card="F") or find(legal, "enact", card="L") or legal[0]
        if veto is not None and "L" not in hand:
            return veto
        return find(legal, "enact", card="L") or find(legal, "enact", card="F") or legal[0]

    def _veto_response(self, legal: list[Action]) -> Action:
        allow = not self.plays_fascist and self.my_pass == "FF"
        return find(legal, "veto_response", allow=allow) or legal[0]

    def _power(self, legal: list[Action], kind: str) -> Action:
        if self.plays_fascist:
            hitler = self._hitler()

            def value(a: Action) -> float:
                t = a["target"]
                team = self._team(t)
                if kind == "execute":
                    return -10.0 if team == "fascist" else self.rng.below(10) - self.score(t)
                if kind == "investigate":
                    return 5.0 if t == hitler else (1.0 if team == "fascist" else 0.0)
                return 5.0 if team == "fascist" else 0.0  # special election: a partner
            return best(legal, value, self.rng)
        if kind == "special_election":
            return best(legal, lambda a: -self.score(a["target"]), self.rng)
        if kind == "investigate":
            # the most suspect player I cannot yet prove
            return best(
                legal, lambda a: self.score(a["target"]) if abs(self.score(a["target"])) < PROVEN else -PROVEN,
                self.rng,
            )
        return best(legal, lambda a: self.score(a["target"]), self.rng)
