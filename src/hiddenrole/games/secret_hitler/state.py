"""What a Secret Hitler table holds, and the moves every phase makes with it.

:class:`SecretHitlerState` declares the table's facts: the player list, the roles, the deck,
the board, the candidates and term limits, the step and who acts. Beside them, the questions
and moves the phases share: who is eligible for Chancellor, who owns a votecode, wait for one
player (``set_step``), recount the living, keep the board at dusk, end the game. The rulebook,
:class:`~.game.SecretHitler` (game.py), deals and runs the phases; election.py, session.py,
powers.py and announcements.py take a :class:`SecretHitlerState`, so none of them imports the
rulebook.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from mypy_extensions import mypyc_attr

from ...engine import Game, Result
from . import roles as R
from .actions import ActionLists
from .claimbook import ClaimBook
from .votecodes import code_owners

OVER = "over"


# compiled build: a subclass of a class open to interpreted subclasses must be open too
@mypyc_attr(allow_interpreted_subclasses=True)
class SecretHitlerState(Game):
    """A Secret Hitler table's facts (dealt by :meth:`~.game.SecretHitler.setup`) and the moves
    the phases share. Abstract: the rulebook (:class:`~.game.SecretHitler`) is the game."""

    # the options, resolved (options.py)
    rules: dict[str, Any]
    turbo: bool  # the turbo forum rules (else the official rules)
    timed: bool  # turbo deadlines
    president_powers: bool  # the President (else the Chancellor) uses the powers
    cast_rule: bool  # a majority of the votes cast (else of the living) elects
    veto_fails: bool  # a veto moves the election tracker
    investigate_once: bool  # ruling 8
    tracker_limit: int  # failed elections that enact the top card
    count: int  # players at the start
    powers: tuple[str | None, ...]  # the power of each Fascist policy slot
    # the deal
    order: list[str]  # the player list, top first
    roles: dict[str, str]  # name -> liberal / fascist / hitler
    votecodes: dict[str, list[list[int]]]  # turbo: name -> 20 [yes, no] pairs
    _code_owner: dict[int, tuple[str, int, str]] | None  # built on the first bold post
    # the cards and the board
    deck: list[str]  # top card last: pop() draws the top
    discards: list[str]
    hand: list[str]  # the President's or the Chancellor's cards now
    liberal_policies: int
    fascist_policies: int
    tracker: int  # the election tracker
    alive: set[str]
    living: tuple[str, ...]  # the living in list order (count_living)
    _alive_frozen: frozenset[str]
    investigated: set[str]
    investigations: dict[str, dict[str, str]]  # investigator -> {investigated: party}
    peeks: dict[str, list[list[str]]]  # President -> the three top cards they saw, each time
    # the election
    votes: dict[str, str]  # voter -> "yes" / "no"
    last_regular: int  # index in the player list of the last regular Presidential Candidate
    special_candidate: str | None
    presidential_candidate: str | None
    chancellor_candidate: str | None
    president: str | None  # the last elected government (night 0's counts)
    chancellor: str | None
    limit_president: str | None  # the term limits of the next nomination
    limit_chancellor: str | None
    chaos_exempt: bool  # turbo: a top-deck lifted the term limits for the next nomination (ruling 11)
    nominees: list[str]  # night 0's two nominations
    eligible: dict[str, dict[str, Any]]  # eligible Chancellor -> the nomination action
    pair: int  # index of today's votecode pair
    veto_refused: bool
    power: str | None  # the power being used now
    # the phase, the step and who acts
    report: dict[str, Any]  # a turbo night's facts, announced at dawn
    day: int
    phase_name: str
    step: str
    actor: str | None
    waiting: tuple[str, ...]
    legal_by: dict[str, list[dict[str, Any]]]  # player -> legal actions now
    living_votes: dict[str, list[dict[str, Any]]]  # the living's vote actions
    _result: Result | None
    night_secret: bool  # a turbo night's facts are announced at dawn
    dusk: dict[str, Any]  # the public board at dusk (publish)
    only: dict[str, frozenset[str]]  # name -> the audience of that player alone
    lists: ActionLists  # the listed actions, made once per table (actions.py)
    claim_book: ClaimBook  # the governments' sessions and the claims open (claimbook.py)

    # -------------------------------------------------------------- questions
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

    @property
    def code_owner(self) -> dict[int, tuple[str, int, str]]:
        """code -> (player, day of the pair (1..20), "yes"/"no"), built on the first bold post."""
        if self._code_owner is None:
            self._code_owner = code_owners(self.votecodes)
        return self._code_owner

    # ------------------------------------------------------------------ moves
    def count_living(self) -> None:
        """Recompute the living in list order and their vote actions (after a kill)."""
        alive = self.alive
        self.living = living = tuple([q for q in self.order if q in alive])
        self._alive_frozen = frozenset(living)
        self.living_votes = self.lists.living_votes(living)

    def set_step(self, step: str, actor: str, legal: list[dict[str, Any]]) -> None:
        """Wait for ``actor`` alone at ``step``, who may take the actions ``legal`` (the engine's
        ``listed``, carried out without the handlers' checks: :meth:`Game.apply`)."""
        self.step = step
        self.actor = actor
        self.listed = legal
        self.legal_by = {actor: legal}
        self.waiting = (actor,)

    def wait_for_nobody(self) -> None:
        """Nobody may act now (a vote's end, a night waiting for its deadline, the game's end)."""
        self.actor = None
        self.listed = []
        self.legal_by = {}
        self.waiting = ()

    def announced(self) -> dict[str, Any]:
        """The public counts as the table knows them (during a turbo night: as they were at
        dusk): ``liberal_policies``, ``fascist_policies``, ``election_tracker``, ``deck_size``,
        ``discard_size`` and ``alive_set`` (a set of names)."""
        if self.night_secret:
            return dict(self.dusk)
        return {"liberal_policies": self.liberal_policies, "fascist_policies": self.fascist_policies,
                "election_tracker": self.tracker, "deck_size": len(self.deck),
                "discard_size": len(self.discards), "alive_set": self.alive}

    def publish(self) -> None:
        """Keep the public board (counts, the living) as it is now in ``dusk``: a turbo night's
        facts stay secret until dawn."""
        self.dusk = {"liberal_policies": self.liberal_policies, "fascist_policies": self.fascist_policies,
                     "election_tracker": self.tracker, "deck_size": len(self.deck),
                     "discard_size": len(self.discards), "alive_set": self._alive_frozen}

    @abstractmethod
    def end_session(self) -> None:
        """The session and its power are done: what follows is the rulebook's
        (:meth:`~.game.SecretHitler.end_session`)."""

    def end_game(self, winner: str, reason: str) -> None:
        """Ruling 10: a win ends the game at once. ``winner``: ``"liberals"``/``"fascists"``."""
        sides = {p: R.side(self.roles[p]) for p in self.players}
        self._result = Result(winner, reason, {p: "win" if s == winner else "loss" for p, s in sides.items()})
        self.finish(self._result)  # is_over and result (engine contract)
        self.step = OVER
        self.phase_name = "over"
        self.wait_for_nobody()
        self.report = {}
        self.night_secret = False
        self.claim_book.close()
        self.emit("game_over", by="Mod", winner=winner, reason=reason, roles=dict(self.roles))
