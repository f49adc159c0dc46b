"""Helpers for the McCarthyism tests: tables with fixed chance outcomes, and short-hand actions."""

from __future__ import annotations

import json
from typing import Any

from instance_state import instance_state
from hiddenrole.games.mccarthyism import McCarthyism
from hiddenrole.games.mccarthyism.cards import DECK

SIX = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def deck(*top: str) -> list[str]:
    """A full 48-card deck order whose first cards (top first) are ``top``."""
    rest = list(DECK)
    for card in top:
        rest.remove(card)
    return list(top) + rest


def table(
    players: list[str] | None = None,
    commies: tuple[str, ...] = ("Bob", "Eve"),
    first: str = "Ann",
    top: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
    seed: int = 0,
    **chance: Any,
) -> McCarthyism:
    """A game with the roles, the first snitch and the top of the deck fixed."""
    players = list(players or SIX)
    fixed = {
        "roles": {p: ("commie" if p in commies else "american") for p in players},
        "first_snitch": first,
        "deck": deck(*top),
    }
    fixed.update(chance)
    return McCarthyism(players, options, seed=seed, chance=fixed)


def act(game: McCarthyism, player: str, action: str, **params: Any):
    """Apply ``{"player": player, "action": action, **params}``; returns the events."""
    return game.apply({"player": player, "action": action, **params})


def vote(game: McCarthyism, yes: set[str] | frozenset[str] = frozenset()) -> None:
    """Every voter still waited for votes: yes when named in ``yes``, else no."""
    for p in list(game.to_act()):
        act(game, p, "vote", vote="yes" if p in yes else "no")


def blacklisted_bob(top: tuple[str, ...] = (), **kw: Any) -> McCarthyism:
    """A :func:`table` (``top`` and ``kw`` as there; Bob and Eve the Commies unless ``commies``
    says otherwise) after turn 1's snitching: Ann snitches on Bob, the vote (Ann and Cid yes)
    blacklists him, Ann plays no card (the one she drew: ``top``'s first). Bob, a blacklisted
    snitch, must now name two players."""
    g = table(top=top, **kw)
    act(g, "Ann", "snitch", target="Bob")
    vote(g, {"Ann", "Cid"})
    act(g, "Ann", "decline")
    return g


def blacklisted_bob_plays(card: str, top: tuple[str, ...], **kw: Any) -> McCarthyism:
    """:func:`blacklisted_bob` on to turn 2's card: Bob names Ann and Eve, the vote blacklists
    neither, Bob draws two (``top``'s second and third) and plays ``card``."""
    g = blacklisted_bob(top, **kw)
    act(g, "Bob", "snitch_pair", targets=["Ann", "Eve"])
    vote(g)
    act(g, "Bob", "play", card=card)
    return g


def double_agent_then_takeover() -> McCarthyism:
    """Bob and Eve the Commies: turn 1 Ann passes and plays "Double Agent", turn 2 Bob passes
    and plays "Commies take over"."""
    g = table(commies=("Bob", "Eve"), top=("double_agent", "commies_take_over"))
    act(g, "Ann", "pass")
    act(g, "Ann", "play", card="double_agent")
    act(g, "Bob", "pass")
    act(g, "Bob", "play", card="commies_take_over")
    return g


def kinds(events) -> list[str]:
    """The kinds of a list of events."""
    return [e.kind for e in events]


def last(game: McCarthyism, kind: str):
    """The last event of ``kind`` in the log (``None`` when there is none)."""
    for e in reversed(game.log):
        if e.kind == kind:
            return e
    return None


def fingerprint(game: McCarthyism) -> str:
    """Everything observable about a game's state, to check that a rejected action changed nothing."""
    # event_forms: the observers' cache of each event's shared JSON form (filled as views are read)
    state = {k: repr(v) for k, v in sorted(instance_state(game).items()) if k not in ("log", "chance", "event_forms")}
    return json.dumps({
        "state": state,
        "log": len(game.log),
        "chance": repr(game.chance.record),
        "views": {str(p): game.view(p) for p in [None, *game.players]},
        "to_act": list(game.to_act()),
        "legal": {p: game.legal_actions(p) for p in game.players},
    }, sort_keys=True, default=str)


def finish_turn(game: McCarthyism) -> None:
    """Pass and decline until the current turn is over (used to move the token on)."""
    turn = game.turn
    while not game.is_over and game.turn == turn:
        step = game.phase
        who = game.to_act()[0]
        if step == "snitching":
            act(game, who, "pass")
        elif step == "reveal":
            act(game, who, "decline")
        elif step == "vote":
            vote(game)
        else:
            game.apply(game.legal_actions(who)[0])
