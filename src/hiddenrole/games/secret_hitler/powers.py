"""The executive powers of a Fascist policy: "the President examines the top 3 policy cards",
"examines the identity of a player", "calls a special election", "kills a player".

Who holds a power is ruling 1 (the turbo rules give some to the Chancellor, roles.py's
``TURBO_HOLDER``); a power with no legal target is skipped (ruling 8). Each function takes
the game (:class:`~.state.SecretHitlerState`) and works through its public attributes and methods.
"""

from __future__ import annotations

from . import roles as R
from .announcements import announce, announce_now
from .state import SecretHitlerState


POWER = "power"


def holder_of(game: SecretHitlerState, power: str) -> str:
    """Who uses ``power``: the President, or in the turbo rules the Chancellor for the
    identity and the kill ("the Chancellor PMs the Mod which player he wants to kill"; ruling 1)."""
    if game.president_powers or R.TURBO_HOLDER[power] == "president":
        return game.president  # type: ignore[return-value]
    return game.chancellor  # type: ignore[return-value]


def targets_of(game: SecretHitlerState, power: str, holder: str) -> list[str]:
    """The legal targets of ``holder``'s ``power``, in list order: the other living players,
    not one investigated before (ruling 8, with ``investigate_once``)."""
    alive = game.alive
    targets = [p for p in game.order if p in alive and p != holder]
    if power == R.INVESTIGATE and game.investigate_once:
        targets = [p for p in targets if p not in game.investigated]
    return targets


def start(game: SecretHitlerState, power: str) -> None:
    """A Fascist policy's ``power``: the peek happens at once ("examine the next three policy
    cards in the deck"); the others wait for the holder's target (skipped without one)."""
    holder = holder_of(game, power)
    if power == R.PEEK:
        deck = game.deck
        top = [deck[-1], deck[-2], deck[-3]]
        game.emit("peek", to=game.only[holder], cards=top)
        game.peeks.setdefault(holder, []).append(top)
        announce(game, "action", {"power": R.PEEK, "player": holder})
        game.end_session()
        return
    targets = targets_of(game, power, holder)
    if not targets:  # ruling 8: a power with no legal target is skipped
        announce(game, "action", {"power": power, "player": holder, "skipped": True})
        game.end_session()
        return
    game.power = power
    if not game.turbo:
        game.phase_name = "executive"
    game.set_step(POWER, holder, [game.lists.target(holder, power, t) for t in targets])


def use(game: SecretHitlerState, target: str, by_timeout: bool) -> None:
    """The power on ``target``: an investigation shows the allegiance ("Hitler comes up as
    'Fascist'"); a special election names the next Presidential Candidate; a kill removes
    the player, and "If it was Hitler, the Liberals win"."""
    power = game.power
    holder = game.actor
    assert holder is not None and power is not None
    game.power = None
    extra = {"by_timeout": True} if by_timeout else {}
    if power == R.INVESTIGATE:
        # "the Mod replies by PM 'Fascist' or 'Liberal.'"
        shown = R.allegiance(game.roles[target])
        game.investigated.add(target)
        game.investigations.setdefault(holder, {})[target] = shown
        game.claim_book.investigated(holder, target, shown)
        game.emit("investigation", to=game.only[holder], target=target, allegiance=shown, **extra)
    elif power == R.SPECIAL_ELECTION:
        game.special_candidate = target  # the rotation pointer stays on the caller (ruling 7)
        if extra:
            game.emit("special_election_chosen", to=game.only[holder], target=target, **extra)
    else:
        game.alive.discard(target)
        game.count_living()
        game.claim_book.died(target)
        if extra:
            game.emit("execution_chosen", to=game.only[holder], target=target, **extra)
        if game.roles[target] == R.HITLER:
            announce_now(game, power, holder, target)
            game.end_game("liberals", "hitler_killed")
            return
    announce(game, "action", {"power": power, "player": holder, "target": target})
    game.end_session()
