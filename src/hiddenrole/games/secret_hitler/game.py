"""The Secret Hitler state machine: night 0, election days, legislative nights, powers.

The turbo forum rules (``variant="turbo"``, the rules text) and the published rules
(``variant="official"``) share this machine; docs/rules/secret-hitler.md quotes every sentence
of the rules text next to the code that implements it. Steps (``game.step``):

* ``nominate_pair`` (turbo night 0): "Within 2 minutes, the President must PM the Mod his 2
  nominations for Chancellor."
* ``nominate`` (each day / election): the Presidential Candidate "names a Chancellor Candidate".
* ``vote``: "All players vote in the thread by posting their votecode in bold before the
  deadline" (turbo) or vote directly, revealed together (official).
* ``discard``: the President "must PM the Mod the 2 policy cards he wants to pass on".
* ``enact``: the Chancellor "must PM the Mod which policy card he wants to play" (or vetoes).
* ``veto``: "The President may then ALLOW or FORBID the Chancellor's veto."
* ``power``: examine an identity, call a special election, or kill.
* ``night_end`` (turbo, timed): the night's actions are done; it lasts its full 4 minutes.
* ``over``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from ...engine import BadSetup, Event, Game, IllegalAction, Result, Timer, field_of
from . import roles as R
from .claimbook import ClaimBook
from .options import OFFICIAL, OPTIONS, PRESIDENT, TURBO, VOTES_CAST, resolved
from .votecodes import PAIRS, bold_codes, check_votecodes, draw_votecodes, malformed_codes, unbolded_codes

NOMINATE_PAIR = "nominate_pair"
NOMINATE = "nominate"
VOTE = "vote"
DISCARD = "discard"
ENACT = "enact"
VETO = "veto"
POWER = "power"
NIGHT_END = "night_end"
OVER = "over"

MOD: frozenset[str] = frozenset()  # Mod-only events (the deck order)
MAX_POST = 5000  # characters in one post
TRACKER_LIMIT = {TURBO: 2, OFFICIAL: 3}  # failed elections that enact the top card


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class SecretHitler(Game):
    """Secret Hitler, turbo forum rules (default) or the official rules (``variant="official"``).

    Args: see :class:`hiddenrole.engine.Game` (5 to 10 players). Chance outcomes a script may
    fix: ``order`` (the player list, top first), ``roles`` (name -> ``liberal``/``fascist``/
    ``hitler``), ``deck`` (17 cards top first, ``"L"``/``"F"``), ``votecodes`` (name -> 20
    ``[yes, no]`` pairs), and, used in turn, ``reshuffles`` (decks top first), ``picks`` (the
    Mod's random picks: night 0's Chancellor) and ``timeouts`` (random timeout defaults).

    Raises:
        BadSetup: a player count outside 5..10 or a bad fixed chance outcome.
        BadOption: a bad option (see :data:`~hiddenrole.games.secret_hitler.options.OPTIONS`).
    """

    name = "secret-hitler"
    title = "Secret Hitler"
    min_players = 5
    max_players = 10
    sides = ("liberals", "fascists")
    OPTIONS = OPTIONS
    CHANCE_KINDS = frozenset({"order", "roles", "deck", "votecodes", "reshuffles", "picks", "timeouts"})
    CHANCE_SEQUENCES = frozenset({"reshuffles", "picks", "timeouts"})
    #: Every event kind the game emits (public ones carry ``"by": "Mod"`` when the Mod
    #: announces them; the others are a player's post or nomination, or private).
    EVENT_KINDS = frozenset({
        # the deal: the player list (public), each role and votecodes, the deck (Mod only)
        "player_list", "role", "deck",
        # nominations: night 0's pair (private), a day's Chancellor Candidate, none by timeout
        "nominations", "nominated", "no_nomination",
        # the thread and the vote: posts (turbo votes are posts), official votes cast, a bold
        # code that counted for nothing (private), the tally
        "post", "voted", "vote_ignored", "vote_result",
        # the legislative session (private) and its public outcome
        "policies_drawn", "discarded", "policies_passed", "enacted", "veto_requested",
        "veto_answered", "vetoed", "policy_enacted", "reshuffled",
        # powers: private results and timeout choices, the public announcement
        "peek", "investigation", "special_election_chosen", "execution_chosen", "executive_action",
        # turbo dawns: the night's facts, then the new day; the end; a claim (claimbook.py)
        "night_report", "day_start", "game_over", "claim",
    })
    #: The fields that hold lists or dicts, by kind; every other field is a scalar (tests/engine
    #: checks every emitted event).
    EVENT_SHAPES = {
        **dict.fromkeys(EVENT_KINDS, ()),
        "player_list": ("order",), "role": ("roles", "votecodes"), "deck": ("cards",), "nominations": ("targets",),
        "vote_result": ("votes",), "policies_drawn": ("cards",), "policies_passed": ("cards",), "peek": ("cards",),
        "day_start": ("action",), "night_report": ("action",), "game_over": ("roles",),
    }
    #: The observer that builds every view (:class:`.views.SecretHitlerObserver`).
    OBSERVER = "hiddenrole.games.secret_hitler.views:SecretHitlerObserver"
    NARRATOR = "hiddenrole.games.secret_hitler.narration:SecretHitlerNarrator"
    TRUTH = "hiddenrole.games.secret_hitler.claimbook:truth_labels"  # the claims' truth labels

    # ------------------------------------------------------------------ set-up
    def setup(self) -> None:
        """Deal: the player list, the roles, the deck and the votecodes; then night 0 (turbo)
        or the first election (official)."""
        opts = resolved(self.options)
        self.rules = opts
        self.turbo = opts["variant"] == TURBO
        self.timed = opts["pace"] == TURBO
        self.president_powers = opts["power_holder"] == PRESIDENT
        self.cast_rule = opts["pass_rule"] == VOTES_CAST
        self.veto_fails = opts["veto_counts_as_failed_election"]
        self.investigate_once = opts["investigate_once"]
        self.tracker_limit = TRACKER_LIMIT[opts["variant"]]
        players = self.players
        self.count = n = len(players)
        self.powers = R.POWERS[n]
        chance = self.chance

        self.order: list[str] = chance.outcome("order", lambda r: r.shuffled(players), self._check_order)
        self.roles: dict[str, str] = chance.outcome(
            "roles", lambda r: dict(zip(players, r.shuffled(R.roleset(n)))), self._check_roles)
        deck = chance.outcome("deck", lambda r: r.shuffled(R.DECK), _check_deck)
        self.votecodes: dict[str, list[list[int]]] = {}
        self._code_owner: dict[int, tuple[str, int, str]] | None = None  # built on the first bold post
        if self.turbo:
            self.votecodes = chance.outcome(
                "votecodes", lambda r: draw_votecodes(r, players), lambda v: check_votecodes(v, players))

        self.deck: list[str] = deck[::-1]  # top card last: pop() draws the top
        self.discards: list[str] = []
        self.hand: list[str] = []
        self.liberal_policies = self.fascist_policies = self.tracker = 0
        self.alive: set[str] = set(players)
        self.investigated: set[str] = set()
        self.investigations: dict[str, dict[str, str]] = {}
        self.peeks: dict[str, list[list[str]]] = {}
        self.votes: dict[str, str] = {}
        self.rot = 0  # index in the player list of the last regular Presidential Candidate
        self.special_candidate: str | None = None
        self.presidential_candidate: str | None = None
        self.chancellor_candidate: str | None = None
        self.president: str | None = None  # the last elected government (night 0's counts)
        self.chancellor: str | None = None
        self.limit_president: str | None = None  # the term limits of the next nomination
        self.limit_chancellor: str | None = None
        # turbo: the term limits a top-deck lifted for the next nomination only (ruling 11)
        self.chaos_exempt = False
        self.nominees: list[str] = []
        self.veto_refused = False
        self.power: str | None = None
        self.report: dict[str, Any] = {}  # a turbo night's facts, announced at dawn
        self.day = 0
        self.phase_name = "night" if self.turbo else "election"
        self.step = ""
        self.actor: str | None = None
        self._to_act: tuple[str, ...] = ()
        self._legal: list[dict[str, Any]] = []
        self._legal_by: dict[str, list[dict[str, Any]]] = {}  # player -> legal actions now
        self._result: Result | None = None
        self._night_secret = False  # a turbo night's facts are announced at dawn
        self._only = {p: frozenset((p,)) for p in players}
        self._vote_actions = {
            p: [{"player": p, "action": "vote", "vote": "yes"}, {"player": p, "action": "vote", "vote": "no"}]
            for p in players}
        self._living: tuple[str, ...] = ()  # the living in list order (see _count_living)
        self._living_votes: dict[str, list[dict[str, Any]]] = {}  # their vote actions
        self._count_living()
        self._pair = 0  # index of today's votecode pair
        self._card_actions: dict[tuple[str, str, str], dict[str, Any]] = {}
        self._card_lists: dict[tuple[str, str, bool, bool], list[dict[str, Any]]] = {}
        self._target_actions: dict[tuple[str, str, str], dict[str, Any]] = {}
        # Presidential Candidate -> [(name, nomination action)] for every other player in list
        # order, made on the candidate's first day; each day keeps the eligible ones
        self._nominations: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        self._eligible: dict[str, dict[str, Any]] = {}  # eligible Chancellor -> nomination action
        self.claim_book = ClaimBook()  # the governments' sessions and the claims open (claimbook.py)
        self._publish()

        # "The Mod rands the player list and puts in it in the opening post of the game thread."
        self.emit("player_list", by="Mod", order=list(self.order), president=self.order[0])
        # each player's role; "The Mod sends each player his private list of votecodes."
        for p in players:
            role = self.roles[p]
            info: dict[str, Any] = {"role": role, "allegiance": R.allegiance(role)}
            if R.knows_everyone(role, n):
                info["roles"] = {q: self.roles[q] for q in self.order}
            if self.turbo:
                info["votecodes"] = self.votecodes[p]
            self.log.append(Event(len(self.log), "role", info, self._only[p]))
        self.emit("deck", to=MOD, cards=deck)
        if self.turbo:
            # "The top name in that list is randed President."
            self.president = self.order[0]
            self._set_step(NOMINATE_PAIR, self.president, self._pair_actions(self.president))
        else:
            self.rot = len(self.order) - 1  # so that the first candidate is the top name
            self._start_day()

    def _check_order(self, value: Any) -> list[str]:
        if not isinstance(value, list) or sorted(value) != sorted(self.players):
            raise BadSetup("chance 'order' must list every player exactly once (top first)")
        return list(value)

    def _check_roles(self, value: Any) -> dict[str, str]:
        if not isinstance(value, dict) or set(value) != set(self.players):
            raise BadSetup("chance 'roles' must give every player a role")
        if any(r not in R.ROLES for r in value.values()):
            raise BadSetup(f"chance 'roles': roles are {', '.join(R.ROLES)}")
        if sorted(value.values()) != sorted(R.roleset(self.count)):
            want = R.roleset(self.count)
            raise BadSetup(
                f"chance 'roles': {self.count} players are {want.count(R.LIBERAL)} liberals, "
                f"{want.count(R.FASCIST)} fascists and 1 hitler")
        return dict(value)

    # -------------------------------------------------------------- questions
    @property
    def phase(self) -> str:
        """``night`` / ``day`` (turbo), ``election`` / ``legislative`` / ``executive`` (official), ``over``."""
        return self.phase_name

    def to_act(self) -> tuple[str, ...]:
        """The players the current step waits for (see :class:`hiddenrole.engine.Game`)."""
        return self._to_act

    def legal_actions(self, player: str) -> list[dict[str, Any]]:
        """The concrete actions ``player`` may take now. The lists are cached per step and
        shared: callers must not change them. Posts (free text) are not listed; the claims
        the player may make now (:mod:`.claimbook`) come last."""
        legal = self._legal_by.get(player) or []
        claims = self.claim_book.offers.get(player) if self.claim_book.offers else None
        return legal + claims if claims else legal

    def can_post(self, player: str) -> bool:
        """Living players may post while the game runs: "The killed player is dead just as in
        werewolf (no posting, etc)"."""
        return self._result is None and player in self.alive

    def timers(self) -> list[Timer]:
        """The running deadlines (seconds): a turbo day's length; a night's 4 minutes plus the
        current private step's 2 minutes; night 0's steps 2 minutes each. None when untimed."""
        if not self.timed or self._result is not None:
            return []
        step = self.step
        d = self.day
        if step in (NOMINATE, VOTE):
            return [Timer(f"day-{d}", R.day_length(d))]
        name = "enact_again" if step == ENACT and self.veto_refused else step
        if self.turbo:
            if d == 0:
                return [Timer(f"night-0/{name}", R.STEP_SECONDS)]
            out = [Timer(f"night-{d}", R.NIGHT_SECONDS)]
            if step != NIGHT_END:
                out.append(Timer(f"night-{d}/{name}", R.STEP_SECONDS))
            return out
        return [Timer(f"{self.phase_name}-{d}/{name}", R.STEP_SECONDS)]

    def side_of(self, player: str) -> str:
        """``"liberals"`` or ``"fascists"``: the side ``player``'s role plays for."""
        return R.side(self.roles[player])

    def eligible_chancellors(self) -> list[str]:
        """Who the Presidential Candidate may name now, in list order: living, not themselves,
        "neither the last President nor the last Chancellor" (ruling 4: the last *elected*; "In
        5-player games, only the last Chancellor is ineligible", read as 5 or fewer living);
        nobody is term-limited right after a top-deck."""
        pc = self.presidential_candidate
        alive = self.alive
        banned = {pc, self.limit_chancellor}
        if len(alive) > 5:
            banned.add(self.limit_president)
        return [p for p in self.order if p in alive and p not in banned]

    # ------------------------------------------------------------------ input
    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        """Dispatch on the action kind after checking its keys; the handler validates the rest."""
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(player, action, f"unknown action {kind!r} (known: {', '.join(_HANDLERS)})")
        keys = _KEYS[kind]
        if len(action) > len(keys) or not keys.issuperset(action):
            _refuse_keys(player, kind, action)
        handler(self, player, kind, action)

    def _expect(self, player: str, action: Mapping[str, Any], step: str, what: str) -> None:
        if self.step != step:
            raise IllegalAction(player, action, f"nobody may {what} now (the current step is {self.step!r})")
        if player != self.actor:
            raise IllegalAction(player, action, f"only {self.actor} may {what} now")

    # nominations -----------------------------------------------------------
    def _act_nominate(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        if self.step == NOMINATE_PAIR:
            self._expect(p, a, NOMINATE_PAIR, "nominate")
            if "target" in a:
                raise IllegalAction(p, a, "night 0's nomination names two players in 'targets', not a 'target'")
            targets = field_of(p, a, "targets", list)
            eligible = [q for q in self.order if q != p]
            if len(targets) != 2 or targets[0] == targets[1] or any(t not in eligible for t in targets):
                raise IllegalAction(p, a, "night 0's President nominates two different other players")
            self._do_nominate_pair(list(targets), False)
            return
        if p != self.actor or self.step != NOMINATE:
            self._expect(p, a, NOMINATE, "nominate a Chancellor Candidate")
        if "targets" in a:
            raise IllegalAction(p, a, "a day's nomination names one Chancellor Candidate in 'target', not 'targets'")
        target = field_of(p, a, "target")
        if target not in self._eligible:
            why = "dead" if target in self._only and target not in self.alive else "not eligible"
            if target == p:
                why = "the Presidential Candidate"
            elif target in (self.limit_chancellor, self.limit_president):
                why = "term-limited (the last elected President or Chancellor)"
            raise IllegalAction(p, a, f"{target!r} cannot be Chancellor Candidate: {why}")
        self._do_nominate(target)

    def _do_nominate_pair(self, targets: list[str], by_timeout: bool) -> None:
        p = self.president
        assert p is not None  # night 0's President is the top name
        self.nominees = targets
        data: dict[str, Any] = {"targets": targets}
        if by_timeout:
            data["by_timeout"] = True
        self.emit("nominations", to=self._only[p], **data)
        # "The Mod PMs the President the first 3 policy cards in the deck."
        self._draw_three(p)

    def _do_nominate(self, target: str) -> None:
        self.chancellor_candidate = target
        log = self.log
        log.append(Event(len(log), "nominated", {"president": self.presidential_candidate, "chancellor": target}, None))
        self.votes = {}
        self.step = VOTE
        self.actor = None
        self._legal = []
        self._to_act = self._living
        # turbo votes can be changed (the lists stay); an official vote removes the voter's
        self._legal_by = self._living_votes if self.turbo else dict(self._living_votes)

    # votes ------------------------------------------------------------------
    def _act_vote(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        if self.step != VOTE:
            raise IllegalAction(p, a, "there is no vote now")
        if p not in self.alive:
            raise IllegalAction(p, a, "dead players cannot vote")
        v = a.get("vote")
        if v == "yes":
            i = 0
        elif v == "no":
            i = 1
        else:
            raise IllegalAction(p, a, "'vote' must be \"yes\" or \"no\"")
        if self.turbo:
            # shorthand for posting one's own code of today in bold
            code = self.votecodes[p][self._pair][i]
            if p == self.presidential_candidate:
                data = {"player": p, "text": f"**{code}**", "mark": "P"}
            elif p == self.chancellor_candidate:
                data = {"player": p, "text": f"**{code}**", "mark": "C"}
            else:
                data = {"player": p, "text": f"**{code}**"}
            log = self.log
            log.append(Event(len(log), "post", data, None))
            # as _count_vote
            self.votes[p] = v
            waiting = self._to_act
            if p in waiting:
                self._to_act = waiting = waiting[1:] if waiting[0] == p else tuple([q for q in waiting if q != p])
                if not waiting and not self.timed:
                    self._end_vote()
            return
        if p in self.votes:
            raise IllegalAction(p, a, "you have already voted")
        del self._legal_by[p]
        self.emit("voted", player=p)
        self._count_vote(p, v)

    def _count_vote(self, p: str, v: str) -> None:
        self.votes[p] = v
        waiting = self._to_act
        if p in waiting:
            self._to_act = waiting[1:] if waiting[0] == p else tuple([q for q in waiting if q != p])
            if not self._to_act and not (self.turbo and self.timed):
                self._end_vote()

    def _act_post(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        text = field_of(p, a, "text")
        if p not in self.alive:
            raise IllegalAction(p, a, "dead players cannot post")
        if not text.strip() or len(text) > MAX_POST:
            raise IllegalAction(p, a, f"a post has 1 to {MAX_POST} characters")
        self._post_event(p, text)
        if self.turbo:
            for code in bold_codes(text):
                if self._result is None:
                    self._post_code(p, code)
            if self._result is None:
                self._post_mistakes(p, text)

    def _act_claim(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """A structured claim (:mod:`.claimbook`): checked there, posted as a public event."""
        if p not in self.alive:
            raise IllegalAction(p, a, "dead players cannot claim")
        data = self.claim_book.claim(p, a)
        self.log.append(Event(len(self.log), "claim", data, None))

    def _post_mistakes(self, p: str, text: str) -> None:
        """Votecodes the poster got wrong count for nothing, and the poster is told why in
        private: bold text with digits that is not a 3-digit code (``**41**``), and one of
        the poster's own codes posted without bold (``412``)."""
        for raw in malformed_codes(text):
            self.emit("vote_ignored", to=self._only[p], code=raw, reason=f"{raw!r} is not a 3-digit votecode")
        owner = self.code_owner
        for code in unbolded_codes(text):
            mine = owner.get(code)
            if mine is not None and mine[0] == p:
                self.emit("vote_ignored", to=self._only[p], code=code, reason=f"{code} is not in bold")

    def _post_event(self, p: str, text: str) -> None:
        data: dict[str, Any] = {"player": p, "text": text}
        if self.turbo and self.phase_name == "day":
            if p == self.presidential_candidate:
                data["mark"] = "P"
            elif p == self.chancellor_candidate:
                data["mark"] = "C"
        self.log.append(Event(len(self.log), "post", data, None))

    @property
    def code_owner(self) -> dict[int, tuple[str, int, str]]:
        """code -> (player, day of the pair (1..20), "yes"/"no")."""
        if self._code_owner is None:
            owner: dict[int, tuple[str, int, str]] = {}
            for p, pairs in self.votecodes.items():
                for i, (yes, no) in enumerate(pairs):
                    owner[yes] = (p, i + 1, "yes")
                    owner[no] = (p, i + 1, "no")
            self._code_owner = owner
        return self._code_owner

    def _post_code(self, p: str, code: int) -> None:
        """A bold code in a post: the last valid code by the deadline counts; anything else
        counts for nothing and the poster is told why in private."""
        owner = self.code_owner.get(code)
        reason = None
        vote = ""
        if owner is None or owner[0] != p:
            reason = f"{code} is not one of your votecodes"
        else:
            _, day, vote = owner
            today = (self.day - 1) % PAIRS + 1 if self.day else 0
            if day != today:
                reason = f"{code} is your code for day {day}, not for day {self.day}"
            elif self.phase_name != "day":
                reason = f"the vote of day {self.day} is closed"
            elif self.step != VOTE:
                reason = "no Chancellor Candidate has been named yet"
        if reason is not None:
            self.emit("vote_ignored", to=self._only[p], code=code, reason=reason)
            return
        self._count_vote(p, vote)

    def _end_vote(self) -> None:
        """The tally: "the Mod announces this fact and how each player actually voted"."""
        votes = self.votes
        living = self._living
        table = {p: votes.get(p, "no vote") for p in living}
        cast = list(table.values())
        yes = cast.count("yes")
        no = cast.count("no")
        passed = yes > no if self.cast_rule else 2 * yes > len(living)
        pc, cc = self.presidential_candidate, self.chancellor_candidate
        assert pc is not None and cc is not None  # a vote follows a nomination
        log = self.log
        log.append(Event(len(log), "vote_result", {
            "by": "Mod", "day": self.day, "president": pc, "chancellor": cc,
            "votes": table, "yes": yes, "no": no, "passed": passed}, None))
        self._to_act = ()
        self._legal_by = {}
        if not passed:
            self._failed_election()
            return
        self.president, self.chancellor = pc, cc
        self.limit_president, self.limit_chancellor = pc, cc
        self.chaos_exempt = False
        if self.fascist_policies >= R.HITLER_ZONE and self.roles[cc] == R.HITLER:
            self._end("fascists", "hitler_elected")
            return
        self.phase_name = "night" if self.turbo else "legislative"
        self.report = {}
        self._draw_three(pc)

    def _failed_election(self) -> None:
        """A ticket voted down (or no Chancellor Candidate named): the tracker moves.

        Ruling 11: in the turbo rules the exemption after a top-deck is for "the next
        Presidential Candidate" only, so once that candidate's election failed the last elected
        President and Chancellor are term-limited again; the official rules' "term-limits are
        forgotten" lasts until a government is elected."""
        if self.chaos_exempt:
            self.chaos_exempt = False
            self.limit_president, self.limit_chancellor = self.president, self.chancellor
        self.tracker += 1
        if self.tracker >= self.tracker_limit:
            self._top_deck()
            if self._result is not None:
                return
        self._start_day()

    # the legislative session -----------------------------------------------
    def _draw_three(self, president: str) -> None:
        deck = self.deck
        self.hand = hand = [deck.pop(), deck.pop(), deck.pop()]
        log = self.log
        log.append(Event(len(log), "policies_drawn", {"cards": list(hand)}, self._only[president]))
        self.claim_book.drawn(president, self.chancellor if self.day else None, hand, self.day)
        if self.turbo:
            self._publish()
            self._night_secret = True
        # as _set_step(DISCARD, president, ...)
        self.step = DISCARD
        self.actor = president
        self._legal = legal = self._card_list(president, "discard", hand)
        self._legal_by = {president: legal}
        self._to_act = (president,)

    def _act_discard(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        if self.step != DISCARD or p != self.actor:
            self._expect(p, a, DISCARD, "discard")
        card = a.get("card")
        if card not in self.hand:
            raise IllegalAction(p, a, f"'card' must be one of your cards {self.hand}")
        pick = self._pick_chancellor() if self.day == 0 and self.turbo else None
        self._do_discard(card, pick, False)

    def _pick_chancellor(self) -> str:
        """"The Mod rands the Chancellor from the President's 2 nominations" (chance "picks")."""
        nominees = self.nominees

        def check(v: Any) -> str:
            if v not in nominees:
                raise BadSetup(f"chance 'picks': {v!r} is not one of the nominees {nominees}")
            return v
        return self.chance.outcome("picks", lambda r: r.choice(nominees), check, sequence=True)

    def _do_discard(self, card: str, pick: str | None, by_timeout: bool) -> None:
        hand = self.hand
        hand.remove(card)
        self.discards.append(card)
        president = self.actor
        assert president is not None  # the discarding President
        if by_timeout:
            self.emit("discarded", to=self._only[president], card=card, by_timeout=True)
        if pick is not None:
            self.chancellor = self.limit_chancellor = pick
            self.limit_president = president
        chancellor = self.chancellor
        assert chancellor is not None  # elected, or picked by the Mod on night 0
        self.veto_refused = False
        self.claim_book.passed(chancellor, hand)
        log = self.log
        log.append(Event(len(log), "policies_passed", {"president": president, "cards": list(hand)},
                         self._only[chancellor]))
        self._enact_step(chancellor)

    def _enact_step(self, chancellor: str) -> None:
        legal = self._card_list(chancellor, "enact", self.hand)
        if self.fascist_policies >= R.VETO_AT and not self.veto_refused:
            legal = legal + [self._target(chancellor, "veto", "")]
        self._set_step(ENACT, chancellor, legal)

    def _act_enact(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        if self.step != ENACT or p != self.actor:
            self._expect(p, a, ENACT, "enact a policy")
        card = a.get("card")
        if card not in self.hand:
            raise IllegalAction(p, a, f"'card' must be one of your cards {self.hand}")
        self._do_enact(card, False)

    def _do_enact(self, card: str, by_timeout: bool) -> None:
        hand = self.hand
        hand.remove(card)
        self.discards.extend(hand)
        self.hand = []
        if by_timeout:
            assert self.actor is not None  # the enacting Chancellor
            self.emit("enacted", to=self._only[self.actor], card=card, by_timeout=True)
        self.claim_book.session_over(card, self.alive)
        self._enact_policy(card, False)

    def _act_veto(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        self._expect(p, a, ENACT, "veto")
        if self.fascist_policies < R.VETO_AT:
            raise IllegalAction(p, a, "the veto is unlocked only after the 5th Fascist policy")
        if self.veto_refused:
            raise IllegalAction(p, a, "the President forbade your veto: you must enact a policy")
        president = self._session_president()
        self.emit("veto_requested", to=(president, p))
        self._set_step(VETO, president, [
            self._target(president, "veto_response", True), self._target(president, "veto_response", False)])

    def _act_veto_response(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        self._expect(p, a, VETO, "answer the veto")
        allow = field_of(p, a, "allow", bool)
        self._do_veto_response(allow, False)

    def _do_veto_response(self, allow: bool, by_timeout: bool) -> None:
        president = self.actor
        chancellor = self._session_chancellor()
        data: dict[str, Any] = {"allow": allow}
        if by_timeout:
            data["by_timeout"] = True
        self.emit("veto_answered", to=(president, chancellor), **data)
        if not allow:
            # "the Chancellor must implement one of the two policies just as before"
            self.veto_refused = True
            self._enact_step(chancellor)
            return
        # "both policies are discarded"
        self.claim_book.session_over("veto", self.alive)
        self.discards.extend(self.hand)
        self.hand = []
        if self.veto_fails:
            self.tracker += 1  # ruling 5
        else:
            # "2 consecutive elections with no majority support": this government was elected
            # (majority yes), so it ends the streak of failed elections
            self.tracker = 0
        self._announce("veto", True)
        self._reshuffle_if_needed()
        self._end_session()

    def _session_president(self) -> str:
        return self.president  # type: ignore[return-value]

    def _session_chancellor(self) -> str:
        return self.chancellor  # type: ignore[return-value]

    def _enact_policy(self, card: str, top_deck: bool) -> None:
        """A policy is played: count it, reset the tracker, check the win, reshuffle (ruling 6),
        then the power of a Fascist policy enacted by a government."""
        if card == R.L:
            self.liberal_policies += 1
        else:
            self.fascist_policies += 1
        self.tracker = 0
        secret = self._night_secret and not top_deck
        over = self.liberal_policies >= R.LIBERAL_WIN or self.fascist_policies >= R.FASCIST_WIN
        if secret and not over:
            self.report["policy"] = card
        else:
            log = self.log
            log.append(Event(len(log), "policy_enacted", {
                "by": "Mod", "card": card, "top_deck": top_deck,
                "liberal_policies": self.liberal_policies, "fascist_policies": self.fascist_policies}, None))
        if over:
            if self.liberal_policies >= R.LIBERAL_WIN:
                self._end("liberals", "five_liberal_policies")
            else:
                self._end("fascists", "six_fascist_policies")
            return
        if len(self.deck) < 3:
            self._reshuffle_if_needed()
        if top_deck:
            return  # "played WITHOUT its powers"
        power = self.powers[self.fascist_policies - 1] if card == R.F else None
        if power is None:
            self._end_session()
        else:
            self._start_power(power)

    # powers -----------------------------------------------------------------
    def _holder(self, power: str) -> str:
        if self.president_powers or R.TURBO_HOLDER[power] == "president":
            return self.president  # type: ignore[return-value]
        return self.chancellor  # type: ignore[return-value]

    def _power_targets(self, power: str, holder: str) -> list[str]:
        alive = self.alive
        targets = [p for p in self.order if p in alive and p != holder]
        if power == R.INVESTIGATE and self.investigate_once:
            targets = [p for p in targets if p not in self.investigated]
        return targets

    def _start_power(self, power: str) -> None:
        holder = self._holder(power)
        if power == R.PEEK:
            deck = self.deck
            top = [deck[-1], deck[-2], deck[-3]]
            self.emit("peek", to=self._only[holder], cards=top)
            self.peeks.setdefault(holder, []).append(top)
            self._announce("action", {"power": R.PEEK, "player": holder})
            self._end_session()
            return
        targets = self._power_targets(power, holder)
        if not targets:  # ruling 8: a power with no legal target is skipped
            self._announce("action", {"power": power, "player": holder, "skipped": True})
            self._end_session()
            return
        self.power = power
        if not self.turbo:
            self.phase_name = "executive"
        self._set_step(POWER, holder, [self._target(holder, power, t) for t in targets])

    def _act_power(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        self._expect(p, a, POWER, kind.replace("_", " "))
        if kind != self.power:
            raise IllegalAction(p, a, f"the power to use now is {self.power!r}")
        target = field_of(p, a, "target")
        if target not in self._power_targets(kind, p):
            if target == p:
                why = "you cannot target yourself"
            elif target in self.investigated and kind == R.INVESTIGATE and self.investigate_once:
                why = "that player was already investigated (ruling 8)"
            else:
                why = "not a living player"
            raise IllegalAction(p, a, f"{target!r} is not a legal target: {why}")
        self._do_power(target, False)

    def _do_power(self, target: str, by_timeout: bool) -> None:
        power = self.power
        holder = self.actor
        assert holder is not None and power is not None
        self.power = None
        extra = {"by_timeout": True} if by_timeout else {}
        if power == R.INVESTIGATE:
            # "the Mod replies by PM 'Fascist' or 'Liberal.'"
            shown = R.allegiance(self.roles[target])
            self.investigated.add(target)
            self.investigations.setdefault(holder, {})[target] = shown
            self.claim_book.investigated(holder, target, shown)
            self.emit("investigation", to=self._only[holder], target=target, allegiance=shown, **extra)
        elif power == R.SPECIAL_ELECTION:
            self.special_candidate = target  # the rotation pointer stays on the caller (ruling 7)
            if extra:
                self.emit("special_election_chosen", to=self._only[holder], target=target, **extra)
        else:
            self.alive.discard(target)
            self._count_living()
            self.claim_book.died(target)
            if extra:
                self.emit("execution_chosen", to=self._only[holder], target=target, **extra)
            if self.roles[target] == R.HITLER:
                self._announce_now(power, holder, target)
                self._end("liberals", "hitler_killed")
                return
        self._announce("action", {"power": power, "player": holder, "target": target})
        self._end_session()

    # end of a session, dawn, days -------------------------------------------
    def _announce(self, key: str, value: Any) -> None:
        """A fact of the legislative session or its power: kept for the dawn announcement in
        the turbo rules ("The Mod opens the thread announcing ... what action was taken"),
        public at once in the official rules."""
        if self.turbo:
            self.report[key] = value
        elif key == "veto":
            self.emit("vetoed", by="Mod", president=self.president, chancellor=self.chancellor)
        else:
            self.emit("executive_action", by="Mod", **value)

    def _announce_now(self, power: str, holder: str, target: str) -> None:
        """A kill that ends the game is announced at once, after the night's policy."""
        if self.turbo and self.report.get("policy"):
            self.emit("policy_enacted", by="Mod", card=self.report.pop("policy"), top_deck=False,
                      liberal_policies=self.liberal_policies, fascist_policies=self.fascist_policies)
        self.emit("executive_action", by="Mod", power=power, player=holder, target=target)

    def _end_session(self) -> None:
        self.hand = []
        if self.turbo and self.timed and self.day > 0:
            # "it is then night for 4 minutes": the night waits for its deadline
            self.step = NIGHT_END
            self.actor = None
            self._legal = []
            self._legal_by = {}
            self._to_act = ()
            return
        self._dawn()

    def _dawn(self) -> None:
        report = self.report
        self.report = {}
        self._night_secret = False
        if self.tracker >= self.tracker_limit:
            self._top_deck(report)
            if self._result is not None:
                return
        self._start_day(report)

    def _top_deck(self, report: dict[str, Any] | None = None) -> None:
        """"After 2 consecutive elections with no majority support ..., the next policy card in
        the deck is played WITHOUT its powers" (3 in the official rules); term limits are
        lifted: for the next nomination only in the turbo rules, until a government is elected
        in the official rules (ruling 11)."""
        if report:
            self._emit_report(report)
            report.clear()
        card = self.deck.pop()
        self.limit_president = self.limit_chancellor = None
        self.chaos_exempt = self.turbo
        self._enact_policy(card, True)

    def _emit_report(self, report: dict[str, Any]) -> None:
        """The night's facts, announced before a top-deck that happens at dawn."""
        if self.turbo:
            data = dict(report)
            self.emit("night_report", by="Mod", night=self.day, **data)

    def _start_day(self, report: dict[str, Any] | None = None) -> None:
        """"The new Presidential Candidate is the next name in the opening post player list"
        (ruling 7: after a special election the rotation resumes after the caller)."""
        self.day += 1
        self.phase_name = "day" if self.turbo else "election"
        alive = self.alive
        order = self.order
        if self.special_candidate is not None:
            pc = self.special_candidate
            self.special_candidate = None
        else:
            size = len(order)
            i = self.rot
            while True:
                i = (i + 1) % size
                if order[i] in alive:
                    break
            self.rot = i
            pc = order[i]
        self.presidential_candidate = pc
        self.chancellor_candidate = None
        self.votes = {}
        day = self.day
        self._pair = (day - 1) % PAIRS
        data: dict[str, Any] = {"by": "Mod", "day": day, "presidential_candidate": pc}
        if report:
            data.update(report)
        if self.turbo and day == 1:
            data["chancellor"] = self.chancellor
        log = self.log
        log.append(Event(len(log), "day_start", data, None))
        # the legal nominations: as eligible_chancellors(), from the candidate's cached actions
        everyone = self._nominations.get(pc)
        if everyone is None:
            everyone = self._nominations[pc] = [
                (q, {"player": pc, "action": "nominate", "target": q}) for q in order if q != pc]
        lc = self.limit_chancellor
        lp = self.limit_president if len(alive) > 5 else lc
        self._eligible = eligible = {q: a for q, a in everyone if q in alive and q != lc and q != lp}
        # as _set_step(NOMINATE, pc, ...)
        self.step = NOMINATE
        self.actor = pc
        self._legal = legal = list(eligible.values())
        self._legal_by = {pc: legal}
        self._to_act = (pc,)

    def _reshuffle_if_needed(self) -> None:
        """Ruling 6: "If we run out of policy cards, the discards are shuffled and returned to
        the deck" as soon as fewer than 3 remain (chance "reshuffles", a deck top first)."""
        if len(self.deck) >= 3:
            return
        pool = self.deck[::-1] + self.discards

        def check(v: Any) -> list[str]:  # a fixed (scripted) deck holds the same cards
            want = sorted(pool)
            if not isinstance(v, list) or sorted(v) != want:
                raise BadSetup(
                    f"chance 'reshuffles': a reshuffled deck must hold the {len(pool)} cards "
                    f"{want.count('L')} L and {want.count('F')} F")
            return list(v)
        new = self.chance.outcome("reshuffles", lambda r: r.shuffled(pool), check, sequence=True)
        self.deck = new[::-1]
        self.discards = []
        log = self.log
        log.append(Event(len(log), "deck", {"cards": new}, MOD))
        if self._night_secret:
            self.report["reshuffled"] = True
        else:
            log.append(Event(len(log), "reshuffled", {"by": "Mod", "deck_size": len(new)}, None))

    def _end(self, winner: str, reason: str) -> None:
        """Ruling 10: a win ends the game at once."""
        sides = {p: R.side(self.roles[p]) for p in self.players}
        self._result = Result(winner, reason, {p: "win" if s == winner else "loss" for p, s in sides.items()})
        self.finish(self._result)  # is_over and result (engine contract)
        self.step = OVER
        self.phase_name = "over"
        self.actor = None
        self._legal = []
        self._legal_by = {}
        self._to_act = ()
        self.report = {}
        self._night_secret = False
        self.claim_book.close()
        self.emit("game_over", by="Mod", winner=winner, reason=reason, roles=dict(self.roles))

    # ---------------------------------------------------------------- timeout
    def _timeout(self) -> None:
        """Ruling 9: a missing night-0 nomination, discard, enactment or power target is chosen
        at random among the legal choices (chance "timeouts"); a day with no Chancellor
        Candidate is a failed election; an unanswered veto is forbidden; a vote ends at its
        deadline; a finished night ends."""
        step = self.step
        if step == VOTE:
            self._end_vote()
        elif step == NOMINATE:
            self.emit("no_nomination", by="Mod", day=self.day, by_timeout=True)
            self._to_act = ()
            self._failed_election()
        elif step == NIGHT_END:
            self._dawn()
        elif step == VETO:
            self._do_veto_response(False, True)
        elif step == NOMINATE_PAIR:
            pairs = [a["targets"] for a in self._legal]
            self._do_nominate_pair(list(self._random_default(pairs)), True)
        elif step == DISCARD:
            choices = sorted(set(self.hand))
            card = self._random_default(choices)
            pick = self._pick_chancellor() if self.day == 0 and self.turbo else None
            self._do_discard(card, pick, True)
        elif step == ENACT:
            self._do_enact(self._random_default(sorted(set(self.hand))), True)
        elif step == POWER:
            self._do_power(self._random_default([a["target"] for a in self._legal]), True)

    def _random_default(self, choices: list[Any]) -> Any:
        def check(v: Any) -> Any:
            if v not in choices:
                raise BadSetup(f"chance 'timeouts': {v!r} is not one of {choices}")
            return v
        return self.chance.outcome("timeouts", lambda r: r.choice(choices), check, sequence=True)

    # ---------------------------------------------------------------- helpers
    def _count_living(self) -> None:
        """Recompute the living in list order and their vote actions (after a kill)."""
        alive = self.alive
        self._living = living = tuple([q for q in self.order if q in alive])
        self._alive_frozen = frozenset(living)
        actions = self._vote_actions
        self._living_votes = {q: actions[q] for q in living}

    def _set_step(self, step: str, actor: str, legal: list[dict[str, Any]]) -> None:
        self.step = step
        self.actor = actor
        self._legal = legal
        self._legal_by = {actor: legal}
        self._to_act = (actor,)

    def _target(self, p: str, kind: str, target: Any) -> dict[str, Any]:
        key = (p, kind, target)
        action = self._target_actions.get(key)
        if action is None:
            if kind == "veto":
                action = {"player": p, "action": "veto"}
            elif kind == "veto_response":
                action = {"player": p, "action": kind, "allow": target}
            else:
                action = {"player": p, "action": kind, "target": target}
            self._target_actions[key] = action
        return action

    def _card_list(self, p: str, kind: str, hand: list[str]) -> list[dict[str, Any]]:
        """``p``'s ``kind`` ("discard"/"enact") actions for the card kinds in ``hand``, L first
        (cached per player, kind and the kinds held)."""
        key = (p, kind, R.L in hand, R.F in hand)
        out = self._card_lists.get(key)
        if out is None:
            cache = self._card_actions
            out = []
            for card in (R.L, R.F):
                if card in hand:
                    action = cache.get((p, kind, card))
                    if action is None:
                        action = cache[p, kind, card] = {"player": p, "action": kind, "card": card}
                    out.append(action)
            self._card_lists[key] = out
        return out

    def _pair_actions(self, p: str) -> list[dict[str, Any]]:
        others = [q for q in self.order if q != p]
        return [{"player": p, "action": "nominate", "targets": [a, b]}
                for i, a in enumerate(others) for b in others[i + 1:]]

    @property
    def night_secret(self) -> bool:
        """Whether a turbo night is under way whose facts stay secret until dawn."""
        return self._night_secret

    def announced(self) -> dict[str, Any]:
        """The public counts as the table knows them (during a turbo night: as they were at
        dusk): ``liberal_policies``, ``fascist_policies``, ``election_tracker``, ``deck_size``,
        ``discard_size`` and ``alive_set`` (a set of names)."""
        if self._night_secret:
            return {"liberal_policies": self._pub_lib, "fascist_policies": self._pub_fas,
                    "election_tracker": self._pub_tracker, "deck_size": self._pub_deck,
                    "discard_size": self._pub_discard, "alive_set": self._pub_alive_set}
        return {"liberal_policies": self.liberal_policies, "fascist_policies": self.fascist_policies,
                "election_tracker": self.tracker, "deck_size": len(self.deck),
                "discard_size": len(self.discards), "alive_set": self.alive}

    def _publish(self) -> None:
        """Make the public board (counts, the living) match the state; a turbo night's facts
        stay secret until dawn."""
        self._pub_deck = len(self.deck)
        self._pub_discard = len(self.discards)
        self._pub_lib = self.liberal_policies
        self._pub_fas = self.fascist_policies
        self._pub_tracker = self.tracker
        self._pub_alive_set = self._alive_frozen

    def emit(self, kind: str, to: Any = None, **data: Any) -> Event:
        """Append an event (see :meth:`hiddenrole.engine.Game.emit`); a frozenset audience is
        used as it is."""
        log = self.log
        if to is not None and type(to) is not frozenset:
            to = frozenset(to)
        event = Event(len(log), kind, data, to)
        log.append(event)
        return event

    # ------------------------------------------------------------------ views
    # view(player) and summary() are built by the observer (OBSERVER: views.SecretHitlerObserver)


_HANDLERS = {
    "nominate": SecretHitler._act_nominate, "vote": SecretHitler._act_vote, "post": SecretHitler._act_post,
    "discard": SecretHitler._act_discard, "enact": SecretHitler._act_enact, "veto": SecretHitler._act_veto,
    "veto_response": SecretHitler._act_veto_response, "investigate": SecretHitler._act_power,
    "special_election": SecretHitler._act_power, "execute": SecretHitler._act_power,
    "claim": SecretHitler._act_claim,
}  # action kind -> handler (validates completely, then changes the state)

_BASE_KEYS = frozenset({"player", "action"})
#: the keys each action kind may carry; anything else is refused, so nothing unvalidated is
#: ever stored with an action (nominate takes "targets" on night 0, "target" on a day)
_KEYS = {
    "nominate": _BASE_KEYS | {"target", "targets"}, "vote": _BASE_KEYS | {"vote"}, "post": _BASE_KEYS | {"text"},
    "discard": _BASE_KEYS | {"card"}, "enact": _BASE_KEYS | {"card"}, "veto": _BASE_KEYS,
    "veto_response": _BASE_KEYS | {"allow"}, "investigate": _BASE_KEYS | {"target"},
    "special_election": _BASE_KEYS | {"target"}, "execute": _BASE_KEYS | {"target"},
    "claim": _BASE_KEYS | {"as", "drew", "passed", "got", "party"},
}


def _refuse_keys(player: str, kind: str, action: Mapping[str, Any]) -> None:
    extra = sorted(str(k) for k in action if k not in _KEYS[kind])
    raise IllegalAction(player, action, f"unknown keys {extra} (a {kind!r} action takes {sorted(_KEYS[kind])})")


def _check_deck(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) != 17 or any(c not in R.CARDS for c in value):
        raise BadSetup("chance 'deck' must list the 17 cards top first, each \"L\" or \"F\"")
    if value.count(R.L) != R.DECK_LIBERAL:
        raise BadSetup(f"chance 'deck' must hold 6 L and 11 F, not {value.count(R.L)} L")
    return list(value)
