"""Information states: the public board, each player's private knowledge, the public summary.

A view is built from what the player may know: the public board (what the Mod announced),
their role (and the roles they were told: "Fascists who know everyone's role"), their
votecodes, the cards they hold in their private step, the results of their own
investigations and peeks, and the events addressed to them. During a turbo night the board
shows the state as it stood at nightfall: the night's facts are announced at dawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import roles as R
from .thread import thread_posts

if TYPE_CHECKING:
    from .game import SecretHitler


def _public(game: SecretHitler) -> dict[str, Any]:
    if game._night_secret:
        return {
            "liberal_policies": game._pub_lib, "fascist_policies": game._pub_fas,
            "election_tracker": game._pub_tracker, "deck_size": game._pub_deck,
            "discard_size": game._pub_discard, "alive_set": game._pub_alive_set,
        }
    return {
        "liberal_policies": game.liberal_policies, "fascist_policies": game.fascist_policies,
        "election_tracker": game.tracker, "deck_size": len(game.deck),
        "discard_size": len(game.discards), "alive_set": game.alive,
    }


def build_summary(game: SecretHitler) -> dict[str, Any]:
    """The public summary: ``phase``, ``day``, ``liberal_policies``, ``fascist_policies``,
    ``election_tracker``, ``president``, ``chancellor`` (the last elected), ``presidential_candidate``,
    ``alive`` (in the player list's order), ``deck_size``, ``discard_size``, ``winner``, ``reason``,
    plus ``variant``."""
    pub = _public(game)
    alive = pub.pop("alive_set")
    res = game.result
    return {
        "variant": game.rules["variant"],
        "phase": game.phase,
        "day": game.day,
        **pub,
        "president": game.president,
        "chancellor": None if game.turbo and game.day == 0 else game.chancellor,  # night 0's pick is told at dawn
        "presidential_candidate": game.presidential_candidate,
        "alive": [p for p in game.order if p in alive],
        "winner": res.winner if res else None,
        "reason": res.reason if res else None,
    }


def build_view(game: SecretHitler, player: str | None) -> dict[str, Any]:
    """``player``'s information state (``None``: a spectator): ``base_view`` keys plus
    ``board`` (public) and ``private``.

    Raises:
        IllegalAction: an unknown player.
    """
    out = game.base_view(player)
    board = build_summary(game)
    alive = set(board["alive"])
    board.update({
        # a turbo night's private steps (and how fast they went) are nobody else's business
        "step": "night" if game._night_secret else game.step,
        "player_list": list(game.order),
        "dead": [p for p in game.order if p not in alive],
        "chancellor_candidate": game.chancellor_candidate,
        "nominees_eligible": game.eligible_chancellors() if game.step == "nominate" else [],
        "veto_unlocked": board["fascist_policies"] >= R.VETO_AT,
        "powers": list(game.powers[:5]),
        "tracker_limit": game.tracker_limit,
        "options": dict(game.rules),
    })
    if not game.turbo and game.step == "vote":
        board["voted"] = [p for p in game.order if p in game.votes]
    board["thread"] = thread_posts(out["events"])
    out["board"] = board
    private: dict[str, Any] = {}
    if player is not None:
        role = game.roles[player]
        private["role"] = role
        private["allegiance"] = R.allegiance(role)
        if R.knows_everyone(role, game.count):
            private["roles"] = {q: game.roles[q] for q in game.order}
        private["alive"] = player in game.alive
        if game.turbo:
            private["votecodes"] = game.votecodes[player]
            if game.day > 0:
                private["todays_codes"] = dict(zip(("yes", "no"), game.votecodes[player][(game.day - 1) % 20]))
        if game.step == "vote" and player in game.votes:
            private["vote"] = game.votes[player]
        if game.actor == player and game.step in ("discard", "enact"):
            private["hand"] = list(game.hand)
        if game.actor == player and game.step == "veto":
            private["veto_requested"] = True
        if player in game.investigations:
            private["investigations"] = dict(game.investigations[player])
        if player in game.peeks:
            private["peeks"] = [list(p) for p in game.peeks[player]]
        if game.actor == player and game.step == "power":
            private["power"] = game.power
    out["private"] = private
    return out
