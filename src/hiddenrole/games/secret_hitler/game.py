"""The Secret Hitler rulebook: night 0, election days, legislative nights, powers.

The turbo forum rules (``variant="turbo"``, the rules text) and the published rules
(``variant="official"``) share this machine; docs/rules/secret-hitler.md quotes every sentence
of the rules text next to the code that implements it. This module reads in the order of the
rules: the deal, night 0, then each day: the nomination, the vote, the legislative session,
the powers, the veto, the election tracker, the dawn and the end. Steps (``game.step``):

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

Each action's handler is here; what the table holds and the moves every phase shares (wait
for a player, end the game) are state.py's :class:`~.state.SecretHitlerState`, this class's
base; each phase's effects are election.py, session.py, powers.py and announcements.py
(functions over that state); beside them actions.py, deal.py, events.py, timeouts.py and
votecodes.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from ...engine import Event, IllegalAction, Step, Timer, field_of, seating_of
from . import election, events, powers, session
from . import roles as R
from .actions import DOING, STEPS, ActionLists
from .claimbook import ClaimBook
from .deal import check_deck, check_order, check_roles, role_info
from .options import OPTIONS, PRESIDENT, TRACKER_LIMIT, TURBO, VOTES_CAST, resolved
from .timeouts import pick_chancellor, random_default, step_timers
from .state import SecretHitlerState
from .votecodes import check_votecodes, draw_votecodes

NOMINATE_PAIR = "nominate_pair"
NOMINATE = election.NOMINATE
VOTE = election.VOTE
DISCARD = session.DISCARD
ENACT = session.ENACT
VETO = "veto"
POWER = powers.POWER
NIGHT_END = "night_end"

MOD = session.MOD  # Mod-only events (the deck order)
MAX_POST = 5000  # characters in one post


# compiled build: a subclass of a class open to interpreted subclasses must be open too,
# or mypyc runs its __init__ twice
@mypyc_attr(allow_interpreted_subclasses=True)
class SecretHitler(SecretHitlerState):
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
    max_post = MAX_POST
    sides = ("liberals", "fascists")
    OPTIONS = OPTIONS
    CHANCE_KINDS = frozenset({"order", "roles", "deck", "votecodes", "reshuffles", "picks", "timeouts"})
    CHANCE_SEQUENCES = frozenset({"reshuffles", "picks", "timeouts"})
    EVENT_KINDS = events.EVENT_KINDS  # every kind the game emits, and the shapes of their fields
    EVENT_SHAPES = events.EVENT_SHAPES
    STEPS = STEPS  # the steps, the kinds each takes and their keys (actions.py): checked by the engine
    #: The observer that builds every view (:class:`.views.SecretHitlerObserver`).
    OBSERVER = "hiddenrole.games.secret_hitler.views:SecretHitlerObserver"
    NARRATOR = "hiddenrole.games.secret_hitler.narration:SecretHitlerNarrator"
    TRUTH = "hiddenrole.games.secret_hitler.claimbook:truth_labels"  # the claims' truth labels
    LEGAL_ACTIONS_READ_ONLY = True  # the listed actions are read-only (actions.py, claimbook.py)

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

        self.order = chance.outcome("order", lambda r: r.shuffled(players), check_order(players))
        self.roles = chance.outcome(
            "roles", lambda r: dict(zip(players, r.shuffled(R.roleset(n)))), check_roles(players))
        deck = chance.outcome("deck", lambda r: r.shuffled(R.DECK), check_deck)
        self.votecodes = {}
        self._code_owner = None  # built on the first bold post
        if self.turbo:
            self.votecodes = chance.outcome(
                "votecodes", lambda r: draw_votecodes(r, players), lambda v: check_votecodes(v, players))

        self.deck = deck[::-1]  # top card last: pop() draws the top
        self.discards = []
        self.hand = []
        self.liberal_policies = self.fascist_policies = self.tracker = 0
        self.alive = set(players)
        self.investigated = set()
        self.investigations = {}
        self.peeks = {}
        self.votes = {}
        self.last_regular = 0  # index in the player list of the last regular Presidential Candidate
        self.special_candidate = None
        self.presidential_candidate = None
        self.chancellor_candidate = None
        self.president = None  # the last elected government (night 0's counts)
        self.chancellor = None
        self.limit_president = None  # the term limits of the next nomination
        self.limit_chancellor = None
        # turbo: the term limits a top-deck lifted for the next nomination only (ruling 11)
        self.chaos_exempt = False
        self.nominees = []
        self.veto_refused = False
        self.power = None
        self.report = {}  # a turbo night's facts, announced at dawn
        self.day = 0
        self.phase_name = "night" if self.turbo else "election"
        self.step = ""
        self.actor = None
        self.waiting = ()
        self.legal_by = {}  # player -> legal actions now
        self._result = None
        self.night_secret = False  # a turbo night's facts are announced at dawn
        self.only = {p: frozenset((p,)) for p in players}
        self.lists = seating_of(ActionLists, players)  # the listed actions, made once per table (actions.py)
        self.living = ()  # the living in list order (see count_living)
        self.living_votes = {}  # their vote actions
        self.count_living()
        self.pair = 0  # index of today's votecode pair
        self.eligible = {}  # eligible Chancellor -> nomination action
        self.dusk = {}  # the public board at dusk (publish)
        self.claim_book = ClaimBook()  # the governments' sessions and the claims open (claimbook.py)
        self.publish()

        # "The Mod rands the player list and puts in it in the opening post of the game thread."
        self.emit("player_list", by="Mod", order=list(self.order), president=self.order[0])
        # each player's role; "The Mod sends each player his private list of votecodes."
        for p in players:
            info = role_info(p, self.roles, self.order, self.votecodes)
            self.log.append(Event(len(self.log), "role", info, self.only[p]))
        self.emit("deck", to=MOD, cards=deck)
        if self.turbo:
            # "The top name in that list is randed President."
            self.president = self.order[0]
            self.set_step(NOMINATE_PAIR, self.president, self.lists.pair(self.president, self.order))
        else:
            self.last_regular = len(self.order) - 1  # so that the first candidate is the top name
            election.start_day(self)

    # -------------------------------------------------------------- questions
    @property
    def phase(self) -> str:
        """``night`` / ``day`` (turbo), ``election`` / ``legislative`` / ``executive`` (official), ``over``."""
        return self.phase_name

    def to_act(self) -> tuple[str, ...]:
        """The players the current step waits for (see :class:`hiddenrole.engine.Game`)."""
        return self.waiting

    def legal_actions(self, player: str) -> list[dict[str, Any]]:
        """The concrete actions ``player`` may take now. The lists are shared and their actions
        read-only: callers must not change them. Posts (free text) are not listed; the claims
        the player may make now (:mod:`.claimbook`) come last."""
        offers = self.claim_book.offers
        if offers and player in offers:
            return (self.legal_by.get(player) or []) + offers[player]
        return self.legal_by.get(player) or []

    def legal_moves(self, player: str) -> list[dict[str, Any]]:
        """:meth:`legal_actions` without the claims (shared and read-only as they are)."""
        return self.legal_by.get(player) or []

    def can_post(self, player: str) -> bool:
        """Living players may post while the game runs: "The killed player is dead just as in
        werewolf (no posting, etc)"."""
        return self._result is None and player in self.alive

    def timers(self) -> list[Timer]:
        """The running deadlines (seconds): a turbo day's length; a night's 4 minutes plus the
        current private step's 2 minutes; night 0's steps 2 minutes each. None when untimed."""
        if not self.timed or self._result is not None:
            return []
        return step_timers(self.step, self.day, self.phase_name, self.turbo, self.step == ENACT and self.veto_refused)

    def side_of(self, player: str) -> str:
        """``"liberals"`` or ``"fascists"``: the side ``player``'s role plays for."""
        return R.side(self.roles[player])

    # ------------------------------------------------------------------ input
    def _apply(self, player: str, kind: str, action: Mapping[str, Any]) -> None:
        """Dispatch on the action kind (its keys, the step and the player were checked by the engine:
        ``actions.STEPS``); the handler validates the rest."""
        _HANDLERS[kind](self, player, kind, action)

    def _apply_listed(self, action: Mapping[str, Any]) -> list[Event]:
        """A listed action (:meth:`Game.apply`), so legal: a vote (the first waiting voter's) is
        cast at once; any other action goes to its handler."""
        if self.step != VOTE:
            return super()._apply_listed(action)  # its handler, as on the checked path
        log = self.log
        start = len(log)
        self._cast(action["player"], action["vote"])
        return log[start:]

    def refusal(self, player: str, kind: str, step: Step) -> str:
        """Why ``player`` may not take an action of ``kind`` at ``step``: nobody may now, or only the actor."""
        if kind == "vote":
            return "there is no vote now"
        what = "nominate" if step.name == NOMINATE_PAIR else DOING.get(kind, kind.replace("_", " "))
        if kind not in step.kinds:
            return f"nobody may {what} now (the current step is {step.name!r})"
        return f"only {self.actor} may {what} now"

    def cards(self) -> dict[str, int]:
        """The 17 policy cards: in the deck, the discards, the hand and enacted: card -> how many."""
        return session.policy_cards(self)

    # night 0 and the nominations ---------------------------------------------
    def _act_nominate(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """Night 0: "Within 2 minutes, the President must PM the Mod his 2 nominations for
        Chancellor." A day: the Presidential Candidate "names a Chancellor Candidate", who is
        "neither the last President nor the last Chancellor" (see eligible_chancellors)."""
        if self.step == NOMINATE_PAIR:
            if "target" in a:
                raise IllegalAction(p, a, "night 0's nomination names two players in 'targets', not a 'target'")
            targets = field_of(p, a, "targets", list)
            eligible = [q for q in self.order if q != p]
            if len(targets) != 2 or targets[0] == targets[1] or any(t not in eligible for t in targets):
                raise IllegalAction(p, a, "night 0's President nominates two different other players")
            self._do_nominate_pair(list(targets), False)
            return
        if "targets" in a:
            raise IllegalAction(p, a, "a day's nomination names one Chancellor Candidate in 'target', not 'targets'")
        target = field_of(p, a, "target")
        if target not in self.eligible:
            why = "dead" if target in self.only and target not in self.alive else "not eligible"
            if target == p:
                why = "the Presidential Candidate"
            elif target in (self.limit_chancellor, self.limit_president):
                why = "term-limited (the last elected President or Chancellor)"
            raise IllegalAction(p, a, f"{target!r} cannot be Chancellor Candidate: {why}")
        self._do_nominate(target)

    def _do_nominate_pair(self, targets: list[str], by_timeout: bool) -> None:
        """Night 0's two nominations (private to the Mod), then the President's three cards."""
        p = self.president
        assert p is not None  # night 0's President is the top name
        self.nominees = targets
        data: dict[str, Any] = {"targets": targets}
        if by_timeout:
            data["by_timeout"] = True
        self.emit("nominations", to=self.only[p], **data)
        # "The Mod PMs the President the first 3 policy cards in the deck."
        session.draw_three(self, p)

    def _do_nominate(self, target: str) -> None:
        """The Chancellor Candidate is named in the thread; every living player votes."""
        self.chancellor_candidate = target
        log = self.log
        log.append(Event(len(log), "nominated", {"president": self.presidential_candidate, "chancellor": target}, None))
        self.votes = {}
        self.step = VOTE
        self.actor = None
        self.waiting = living = self.living
        # turbo votes can be changed (the lists stay); an official vote removes the voter's
        self.legal_by = self.living_votes if self.turbo else dict(self.living_votes)
        self.listed = self.living_votes[living[0]]  # the first waiting voter's two votes (count_vote)

    # the vote (election.py: the tally, the election tracker) ---------------------
    def _act_vote(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """"All players vote in the thread by posting their votecode in bold before the
        deadline": in the turbo rules ``vote`` is shorthand for that post (the last code by the
        deadline counts); in the official rules each living player votes once."""
        if p not in self.alive:
            raise IllegalAction(p, a, "dead players cannot vote")
        v = a.get("vote")
        if v != "yes" and v != "no":
            raise IllegalAction(p, a, "'vote' must be \"yes\" or \"no\"")
        if p in self.votes and not self.turbo:
            raise IllegalAction(p, a, "you have already voted")
        self._cast(p, v)

    def _cast(self, p: str, v: str) -> None:
        """``p``'s legal vote ``v``: in the turbo rules the post of their code of today; in the
        official rules their one vote, cast in private."""
        if self.turbo:
            election.post_vote(self, p, v, 0 if v == "yes" else 1)
            return
        del self.legal_by[p]
        self.emit("voted", player=p)
        election.count_vote(self, p, v)

    def _act_post(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """"All players must communicate entirely within the thread"; "The killed player is dead
        just as in werewolf (no posting, etc)". In the turbo rules a bold code in a post votes."""
        text = field_of(p, a, "text")
        if p not in self.alive:
            raise IllegalAction(p, a, "dead players cannot post")
        if not text.strip() or len(text) > MAX_POST:
            raise IllegalAction(p, a, f"a post has 1 to {MAX_POST} characters")
        election.post(self, p, text)

    def _act_claim(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """A structured claim (:mod:`.claimbook`): checked there, posted as a public event."""
        self.log.append(Event(len(self.log), "claim", self.claim_book.claim(p, a), None))

    # the legislative session (session.py) ------------------------------------
    def _act_discard(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """The President "must PM the Mod the 2 policy cards he wants to pass on"."""
        card = a.get("card")
        if card not in self.hand:
            raise IllegalAction(p, a, f"'card' must be one of your cards {self.hand}")
        self._discard(card, False)

    def _discard(self, card: str, by_timeout: bool) -> None:
        """The President discards ``card``; on turbo night 0 "The Mod rands the Chancellor from
        the President's 2 nominations" first (chance "picks")."""
        pick = pick_chancellor(self.chance, self.nominees) if self.day == 0 and self.turbo else None
        session.discard(self, card, pick, by_timeout)

    def _act_enact(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """The Chancellor "must PM the Mod which policy card he wants to play"."""
        card = a.get("card")
        if card not in self.hand:
            raise IllegalAction(p, a, f"'card' must be one of your cards {self.hand}")
        session.enact(self, card, False)

    # the powers (powers.py) ----------------------------------------------------
    def _act_power(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """The holder of the power names its target: a living player other than themselves,
        not one investigated before (ruling 8, with ``investigate_once``)."""
        if kind != self.power:
            raise IllegalAction(p, a, f"the power to use now is {self.power!r}")
        target = field_of(p, a, "target")
        if target not in powers.targets_of(self, kind, p):
            if target == p:
                why = "you cannot target yourself"
            elif target in self.investigated and kind == R.INVESTIGATE and self.investigate_once:
                why = "that player was already investigated (ruling 8)"
            else:
                why = "not a living player"
            raise IllegalAction(p, a, f"{target!r} is not a legal target: {why}")
        powers.use(self, target, False)

    # the veto ------------------------------------------------------------------
    def _act_veto(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """"After enactment of the 5th Fascist policy card, ... The Chancellor may now VETO them.
        ... The President may then ALLOW or FORBID the Chancellor's veto." """
        if self.fascist_policies < R.VETO_AT:
            raise IllegalAction(p, a, "the veto is unlocked only after the 5th Fascist policy")
        if self.veto_refused:
            raise IllegalAction(p, a, "the President forbade your veto: you must enact a policy")
        president = self.president
        assert president is not None  # the session's President
        self.emit("veto_requested", to=(president, p))
        self.set_step(VETO, president, [
            self.lists.target(president, "veto_response", True), self.lists.target(president, "veto_response", False)])

    def _act_veto_response(self, p: str, kind: str, a: Mapping[str, Any]) -> None:
        """The President's answer: ``allow`` true or false (session.veto_response)."""
        allow = field_of(p, a, "allow", bool)
        session.veto_response(self, allow, False)

    # the end of a session, of the game ------------------------------------------
    def end_session(self) -> None:
        """The session and its power are done: "it is then night for 4 minutes" (turbo, timed:
        the night waits for its deadline), else the dawn (election.dawn)."""
        self.hand = []
        if self.turbo and self.timed and self.day > 0:
            self.step = NIGHT_END
            self.wait_for_nobody()
            return
        election.dawn(self)

    # ---------------------------------------------------------------- timeout
    def _timeout(self) -> None:
        """Ruling 9: a missing night-0 nomination, discard, enactment or power target is chosen
        at random among the legal choices (chance "timeouts"); a day with no Chancellor
        Candidate is a failed election; an unanswered veto is forbidden; a vote ends at its
        deadline; a finished night ends."""
        step = self.step
        if step == VOTE:
            election.end_vote(self)
        elif step == NOMINATE:
            self.emit("no_nomination", by="Mod", day=self.day, by_timeout=True)
            self.wait_for_nobody()
            election.failed_election(self)
        elif step == NIGHT_END:
            election.dawn(self)
        elif step == VETO:
            session.veto_response(self, False, True)
        elif step == NOMINATE_PAIR:
            pairs = [a["targets"] for a in self.listed]
            self._do_nominate_pair(list(random_default(self.chance, pairs)), True)
        elif step == DISCARD:
            self._discard(random_default(self.chance, sorted(set(self.hand))), True)
        elif step == ENACT:
            session.enact(self, random_default(self.chance, sorted(set(self.hand))), True)
        elif step == POWER:
            powers.use(self, random_default(self.chance, [a["target"] for a in self.listed]), True)


_HANDLERS = {
    "nominate": SecretHitler._act_nominate, "vote": SecretHitler._act_vote, "post": SecretHitler._act_post,
    "discard": SecretHitler._act_discard, "enact": SecretHitler._act_enact, "veto": SecretHitler._act_veto,
    "veto_response": SecretHitler._act_veto_response, "investigate": SecretHitler._act_power,
    "special_election": SecretHitler._act_power, "execute": SecretHitler._act_power,
    "claim": SecretHitler._act_claim,
}  # action kind -> handler (validates completely, then changes the state)
