"""Helpers for the Secret Hitler tests: tables with fixed chance outcomes, and drivers."""

from __future__ import annotations

import json
from typing import Any

from instance_state import instance_state
from hiddenrole.games.secret_hitler import SecretHitler

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]

# fixed roles per count: Cat is a Fascist, Eve is Hitler; more Fascists: Fay, Hal
ROLES = {
    5: {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler"},
    6: {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler", "Fay": "liberal"},
    7: {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler", "Fay": "fascist",
        "Gus": "liberal"},
    8: {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler", "Fay": "fascist",
        "Gus": "liberal", "Hal": "liberal"},
    9: {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler", "Fay": "fascist",
        "Gus": "liberal", "Hal": "fascist", "Ivy": "liberal"},
    10: {"Ann": "liberal", "Bob": "liberal", "Cat": "fascist", "Dan": "liberal", "Eve": "hitler", "Fay": "fascist",
         "Gus": "liberal", "Hal": "fascist", "Ivy": "liberal", "Jon": "liberal"},
}


def deck(prefix: str = "", rest_liberal_first: bool = False) -> list[str]:
    """A 17-card deck (top first) starting with ``prefix``, the remaining cards after it
    (Fascist cards first unless ``rest_liberal_first``)."""
    cards = list(prefix)
    lib = 6 - cards.count("L")
    fas = 11 - cards.count("F")
    assert lib >= 0 and fas >= 0, prefix
    rest = ["L"] * lib + ["F"] * fas if rest_liberal_first else ["F"] * fas + ["L"] * lib
    return cards + rest


def new(n: int = 7, options: dict[str, Any] | None = None, *, prefix: str = "", seed: int = 1,
        **chance: Any) -> SecretHitler:
    """A table of ``n`` players (``NAMES[:n]``), the player list in that order, fixed roles."""
    players = NAMES[:n]
    fixed = {"order": list(players), "roles": dict(ROLES[n]), "deck": deck(prefix)}
    fixed.update(chance)
    return SecretHitler(players, options, seed=seed, chance=fixed)


def act(g: SecretHitler, player: str, kind: str, **kw: Any):
    return g.apply({"player": player, "action": kind, **kw})


def night0(g: SecretHitler, pair=("Bob", "Cat"), discard: str = "F", enact: str | None = None) -> None:
    """Play turbo night 0; the Mod's pick must be fixed in ``chance['picks']``."""
    president = g.order[0]
    act(g, president, "nominate", targets=list(pair))
    act(g, president, "discard", card=discard)
    chancellor = g.actor
    card = enact if enact is not None else g.hand[0]
    act(g, chancellor, "enact", card=card)
    assert g.step in ("nominate", "power", "over"), g.step


def vote(g: SecretHitler, yes=None, no=()) -> None:
    """Every living player votes (yes unless listed in ``no``, or only ``yes`` if given), then
    the deadline passes when the day waits for it."""
    for p in [q for q in g.order if q in g.alive]:
        v = "no" if (p in no or (yes is not None and p not in yes)) else "yes"
        act(g, p, "vote", vote=v)
    if g.step == "vote":
        g.timeout()


def elect(g: SecretHitler, chancellor: str, yes=None, no=()) -> None:
    """The Presidential Candidate nominates ``chancellor`` and the table votes."""
    act(g, g.presidential_candidate, "nominate", target=chancellor)
    vote(g, yes, no)


def fail(g: SecretHitler, chancellor: str | None = None) -> None:
    """A failed election (everyone votes no)."""
    target = chancellor or g.eligible_chancellors()[0]
    act(g, g.presidential_candidate, "nominate", target=target)
    vote(g, yes=())


def legislate(g: SecretHitler, discard: str, enact: str) -> None:
    """The elected President discards, the Chancellor enacts."""
    act(g, g.actor, "discard", card=discard)
    act(g, g.actor, "enact", card=enact)


def end_night(g: SecretHitler) -> None:
    if g.step == "night_end":
        g.timeout()


def moves(g: SecretHitler, player: str) -> list[dict[str, Any]]:
    """``player``'s legal actions without the claims they may make (which come last)."""
    return [a for a in g.legal_actions(player) if a["action"] != "claim"]


def fingerprint(g: SecretHitler) -> str:
    """Everything in the game's state, as text (to check that nothing changed)."""
    # code_owner: a lazily built index of the votecodes (read, it fills _code_owner);
    # event_forms: the observers' cache of each event's shared JSON form (filled as views are read)
    # (the listed actions, ActionLists, print their caches: a compiled one cannot be deep-copied)
    state = instance_state(g, skip=("chance", "code_owner", "event_forms"))
    rng_state = g.chance.rng._random.__self__.getstate()
    return repr(sorted(state.items(), key=lambda kv: kv[0])) + repr(g.chance.record) + repr(
        g.chance._used) + repr(rng_state)


def public_lines(g: SecretHitler) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True) for e in g.log if e.public]
