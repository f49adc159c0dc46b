"""The steps and action kinds, the keys each takes (``STEPS``), and the legal actions listed at each step.

Action kinds (each ``{"player": NAME, "action": KIND, ...}``; docs/rules/secret-hitler.md):

* ``nominate {targets}`` (night 0: two other players) or ``nominate {target}`` (a day's
  Chancellor Candidate);
* ``vote {vote: "yes"|"no"}``; ``post {text}`` (turbo votes are bold codes in posts);
* ``discard {card}``, ``enact {card}``, ``veto``, ``veto_response {allow: true|false}``;
* ``investigate``, ``special_election``, ``execute`` ``{target}``.

:class:`ActionLists` builds the listed actions (``SecretHitler.legal_actions``) once per
table (seat order) and shares them between its games, read-only
(:class:`~hiddenrole.engine.frozen.FrozenDict`: the play loop hands a bot a copy of the list
only, ``SecretHitler.LEGAL_ACTIONS_READ_ONLY``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import FrozenDict, FrozenList, Kind, Seating, Step, Steps
from . import roles as R

Action = dict[str, Any]

#: The steps as data (the engine checks each action's kind, keys and turn against it; the
#: handlers in game.py the rest): who acts, the kinds each step takes, what its deadline does
#: (ruling 9: timeouts.py), the next step where it is always the same. Posts and claims are
#: taken at any step (the game judges them: the living post, claims when the claim book offers).
STEPS = Steps(
    [Kind("nominate", optional=("target", "targets")),  # "targets" on night 0, "target" on a day
     Kind("vote", ("vote",)), Kind("post", ("text",)), Kind("discard", ("card",)), Kind("enact", ("card",)),
     Kind("veto"), Kind("veto_response", ("allow",)), Kind("investigate", ("target",)),
     Kind("special_election", ("target",)), Kind("execute", ("target",)),
     Kind("claim", optional=("as", "drew", "passed", "got", "party"))],
    [Step("nominate_pair", "night 0's President (the top name)", ("nominate",),
          "two random other players are nominated", next="discard"),
     Step("nominate", "the Presidential Candidate", ("nominate",), "no nomination: a failed election", next="vote"),
     Step("vote", "every living player (a turbo vote may be changed until the deadline)", ("vote",),
          "the vote ends with the votes cast", waited=False),
     Step("discard", "the President", ("discard",), "a random card of the three is discarded", next="enact"),
     Step("enact", "the Chancellor", ("enact", "veto"), "a random card of the two is enacted"),
     Step("veto", "the President", ("veto_response",), "the veto is forbidden"),
     Step("power", "the holder of the power", ("investigate", "special_election", "execute"),
          "a random legal target"),
     Step("night_end", "nobody: the night lasts its full 4 minutes", (), "the dawn"),
     Step("over", "nobody", (), "nothing: the game is over")],
    anytime=("post", "claim"))
#: what an action of each kind does, for the refusal of one out of turn (else the kind's name)
DOING = {"nominate": "nominate a Chancellor Candidate", "enact": "enact a policy", "veto_response": "answer the veto"}


class ActionLists(Seating):
    """Every action a player of one table can be listed, made once per seat order and shared
    by its games (:func:`~hiddenrole.engine.seating_of`: a simulation plays thousands of games
    at one table), read-only (:class:`~hiddenrole.engine.frozen.FrozenDict`). A game's legal
    actions are lists of these dicts; the tables are all built up front and never change.

    Args:
        players: the players' names (validated, in seat order).
    """

    __slots__ = ("votes", "nominate", "pairs", "card_lists", "target_actions")

    def __init__(self, players: tuple[str, ...]) -> None:
        super().__init__(players)
        F = FrozenDict
        #: name -> [yes vote, no vote]
        self.votes: dict[str, list[Action]] = {
            p: [F(player=p, action="vote", vote="yes"), F(player=p, action="vote", vote="no")] for p in players}
        #: Presidential Candidate -> {name: nomination action} for every other player
        self.nominate: dict[str, dict[str, Action]] = {
            p: {q: F(player=p, action="nominate", target=q) for q in players if q != p} for p in players}
        #: (President, a, b) -> night 0's nomination of a and b (in that order)
        self.pairs: dict[tuple[str, str, str], Action] = {
            (p, a, b): F(player=p, action="nominate", targets=FrozenList((a, b)))
            for p in players for a in players for b in players if len({p, a, b}) == 3}
        #: (name, "discard"/"enact", holds L, holds F) -> the card actions, L first
        self.card_lists: dict[tuple[str, str, bool, bool], list[Action]] = {}
        for p in players:
            for kind in ("discard", "enact"):
                lib: Action = F(player=p, action=kind, card=R.L)
                fas: Action = F(player=p, action=kind, card=R.F)
                self.card_lists[p, kind, True, True] = [lib, fas]
                self.card_lists[p, kind, True, False] = [lib]
                self.card_lists[p, kind, False, True] = [fas]
                self.card_lists[p, kind, False, False] = []
        #: (name, kind, target) -> a power on a player, the veto, the answers to a veto
        self.target_actions: dict[tuple[str, str, Any], Action] = {}
        for p in players:
            for power in (R.INVESTIGATE, R.SPECIAL_ELECTION, R.EXECUTE):
                for t in players:
                    self.target_actions[p, power, t] = F(player=p, action=power, target=t)
            self.target_actions[p, "veto", ""] = F(player=p, action="veto")
            for allow in (True, False):
                self.target_actions[p, "veto_response", allow] = F(player=p, action="veto_response", allow=allow)

    def living_votes(self, living: Sequence[str]) -> dict[str, list[Action]]:
        """The vote actions of ``living``, by name."""
        votes = self.votes
        return {q: votes[q] for q in living}

    def target(self, p: str, kind: str, target: Any) -> Action:
        """``p``'s ``kind`` action on ``target`` (a power's target, a veto answer's ``allow``;
        ``veto`` has none)."""
        return self.target_actions[p, kind, target]

    def cards(self, p: str, kind: str, hand: list[str]) -> list[Action]:
        """``p``'s ``kind`` ("discard"/"enact") actions for the card kinds in ``hand``, L first."""
        return self.card_lists[p, kind, R.L in hand, R.F in hand]

    def pair(self, p: str, order: Sequence[str]) -> list[Action]:
        """Night 0's nominations of ``p``: every pair of two other players (list order)."""
        others = [q for q in order if q != p]
        pairs = self.pairs
        return [pairs[p, a, b] for i, a in enumerate(others) for b in others[i + 1:]]
