"""The steps and action kinds, the keys each takes (``STEPS``), and the legal actions listed at each step.

Action kinds (each ``{"player": NAME, "action": KIND, ...}``; docs/rules/secret-hitler.md):

* ``nominate {targets}`` (night 0: two other players) or ``nominate {target}`` (a day's
  Chancellor Candidate);
* ``vote {vote: "yes"|"no"}``; ``post {text}`` (turbo votes are bold codes in posts);
* ``discard {card}``, ``enact {card}``, ``veto``, ``veto_response {allow: true|false}``;
* ``investigate``, ``special_election``, ``execute`` ``{target}``.

:class:`ActionLists` builds the listed actions (``SecretHitler.legal_actions``) once per
game and shares them: callers must not change them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import Kind, Step, Steps
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


class ActionLists:
    """The listed actions of one game, made once and shared.

    Args:
        players: the players' names.
    """

    def __init__(self, players: Sequence[str]) -> None:
        #: name -> [yes vote, no vote]
        self.votes: dict[str, list[Action]] = {
            p: [{"player": p, "action": "vote", "vote": "yes"}, {"player": p, "action": "vote", "vote": "no"}]
            for p in players}
        # Presidential Candidate -> [(name, nomination action)] for every other player in list
        # order, made on the candidate's first day; each day keeps the eligible ones
        self.nominations: dict[str, list[tuple[str, Action]]] = {}
        self.card_actions: dict[tuple[str, str, str], Action] = {}
        self.card_lists: dict[tuple[str, str, bool, bool], list[Action]] = {}
        self.target_actions: dict[tuple[str, str, Any], Action] = {}

    def __repr__(self) -> str:
        return (f"ActionLists({self.votes!r}, {self.nominations!r}, {self.card_actions!r}, "
                f"{self.card_lists!r}, {self.target_actions!r})")

    def living_votes(self, living: Sequence[str]) -> dict[str, list[Action]]:
        """The vote actions of ``living``, by name."""
        votes = self.votes
        return {q: votes[q] for q in living}

    def candidate(self, pc: str, order: Sequence[str]) -> list[tuple[str, Action]]:
        """``pc``'s nominations of every other player of ``order`` (list order), as
        ``(name, action)`` pairs."""
        everyone = self.nominations.get(pc)
        if everyone is None:
            everyone = self.nominations[pc] = [
                (q, {"player": pc, "action": "nominate", "target": q}) for q in order if q != pc]
        return everyone

    def target(self, p: str, kind: str, target: Any) -> Action:
        """``p``'s ``kind`` action on ``target`` (a power's target, a veto answer's ``allow``;
        ``veto`` has none)."""
        key = (p, kind, target)
        action = self.target_actions.get(key)
        if action is None:
            if kind == "veto":
                action = {"player": p, "action": "veto"}
            elif kind == "veto_response":
                action = {"player": p, "action": kind, "allow": target}
            else:
                action = {"player": p, "action": kind, "target": target}
            self.target_actions[key] = action
        return action

    def cards(self, p: str, kind: str, hand: list[str]) -> list[Action]:
        """``p``'s ``kind`` ("discard"/"enact") actions for the card kinds in ``hand``, L first
        (cached per player, kind and the kinds held)."""
        key = (p, kind, R.L in hand, R.F in hand)
        out = self.card_lists.get(key)
        if out is None:
            cache = self.card_actions
            out = []
            for card in (R.L, R.F):
                if card in hand:
                    action = cache.get((p, kind, card))
                    if action is None:
                        action = cache[p, kind, card] = {"player": p, "action": kind, "card": card}
                    out.append(action)
            self.card_lists[key] = out
        return out


def pair_actions(p: str, order: Sequence[str]) -> list[Action]:
    """Night 0's nominations of ``p``: every pair of two other players (list order)."""
    others = [q for q in order if q != p]
    return [{"player": p, "action": "nominate", "targets": [a, b]}
            for i, a in enumerate(others) for b in others[i + 1:]]
