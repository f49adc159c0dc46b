"""Information states: the public board, each player's private knowledge, the public summary.

A view is built from what the player may know: the public board (what the Mod announced),
their role (and the roles they were told: "Fascists who know everyone's role"), their
votecodes, the cards they hold in their private step, the results of their own
investigations and peeks, and the events addressed to them. During a turbo night the board
shows the state as it stood at nightfall: the night's facts are announced at dawn.

:class:`SecretHitlerObserver` is the game's observer (issue 12): it hands each viewer the
events they may see, once each, as their own copies, and a snapshot (board and private part,
without the events or the thread) whose cost does not grow with the game; the thread's posts
travel as events (:meth:`SecretHitlerObserver.thread`). :meth:`Game.view` is built by it.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from ...engine import MOD, Observer, copy_json
from . import roles as R
from .game import SecretHitler
from .thread import thread_post, thread_posts


def build_summary(game: SecretHitler) -> dict[str, Any]:
    """The public summary: ``phase``, ``day``, ``liberal_policies``, ``fascist_policies``,
    ``election_tracker``, ``president``, ``chancellor`` (the last elected), ``presidential_candidate``,
    ``alive`` (in the player list's order), ``deck_size``, ``discard_size``, ``winner``, ``reason``,
    plus ``variant``."""
    pub = game.announced()
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


def term_limits(game: SecretHitler, board: dict[str, Any]) -> dict[str, Any]:
    """Who of the last elected government, as ``board`` shows it (its ``president`` and
    ``chancellor``, its ``alive``), is term-limited now (ruling 4: the Chancellor, and the
    President while more than 5 are alive), and whether a top-deck lifted their limits (ruling
    11: for the next nomination in the turbo rules, until a government is elected in the
    official rules). Nobody during turbo night 0 (its government is in office; when its
    President discards is the night's secret) and after the end."""
    if game.is_over or (game.turbo and game.day == 0):
        return {"term_limited": [], "term_limits_lifted": False}
    shown = {board["president"], board["chancellor"]} - {None}
    limited = {game.limit_chancellor} | ({game.limit_president} if len(board["alive"]) > 5 else set())
    lifted = game.chaos_exempt if game.turbo else bool(shown) and game.limit_chancellor is None
    return {"term_limited": [p for p in game.order if p in shown and p in limited], "term_limits_lifted": lifted}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled build: Observer is open to interpreted subclasses
class SecretHitlerObserver(Observer):
    """One viewer's window on a Secret Hitler game (see :class:`hiddenrole.engine.Observer`).

    The snapshot (``board`` and ``private``) is built from the game's public state and the
    viewer's own: nothing in it is read from the log, so its cost does not grow with the
    game. The thread is not in the snapshot: its posts travel as events (:meth:`thread`);
    only the full view (:meth:`view`, today's :meth:`Game.view`) carries ``board["thread"]``.
    The Mod's viewer (:data:`~hiddenrole.engine.observer.MOD`) sees every event and the
    spectator's board, with no private part.
    """

    def board(self) -> dict[str, Any]:
        """The public board: the summary (:func:`build_summary`) plus ``step`` (``"night"``
        during a turbo night), ``player_list``, ``dead``, ``chancellor_candidate``,
        ``nominees_eligible``, ``veto_unlocked``, ``powers``, ``tracker_limit``, ``options``,
        ``claim_tracker`` (:meth:`.claimbook.ClaimBook.table`), ``term_limited`` (which of the
        last elected President and Chancellor the Presidential Candidate may not name now, in
        list order), ``term_limits_lifted`` (a top-deck lifted their term limits: ruling 11)
        and, during an official vote, ``voted`` (who has voted). JSON data, all of it new."""
        game: SecretHitler = self.game  # type: ignore[assignment]  # its game is a Secret Hitler
        board = build_summary(game)
        alive = set(board["alive"])
        board.update({
            # a turbo night's private steps (and how fast they went) are nobody else's business
            "step": "night" if game.night_secret else game.step,
            "player_list": list(game.order),
            "dead": [p for p in game.order if p not in alive],
            "chancellor_candidate": game.chancellor_candidate,
            "nominees_eligible": game.eligible_chancellors() if game.step == "nominate" else [],
            "veto_unlocked": board["fascist_policies"] >= R.VETO_AT,
            "powers": list(game.powers[:5]),
            "tracker_limit": game.tracker_limit,
            "options": dict(game.rules),
            # every government's claims so far (a turbo night's outcome stays secret until dawn)
            "claim_tracker": game.claim_book.table(game.night_secret, game.turbo and game.day == 0),
            **term_limits(game, board),
        })
        if not game.turbo and game.step == "vote":
            board["voted"] = [p for p in game.order if p in game.votes]
        return board

    def summary(self) -> dict[str, Any]:
        """The public summary (:func:`build_summary`)."""
        return build_summary(self.game)  # type: ignore[arg-type]

    def private(self) -> dict[str, Any]:
        """What the viewer knows beyond the board: ``role``, ``allegiance``, ``roles`` (the
        roles a Fascist who knows everyone was told), ``alive``, ``votecodes`` and
        ``todays_codes`` (turbo), ``vote`` (their vote in an open official vote), ``hand``
        (the cards of their private step), ``veto_requested``, ``investigations``, ``peeks``,
        ``power`` (the power to use now). ``{}`` for a spectator or the Mod. JSON data, all
        of it new (nothing shared with the game)."""
        player = self.viewer
        private: dict[str, Any] = {}
        if player is None or player == MOD:
            return private
        game: SecretHitler = self.game  # type: ignore[assignment]
        role = game.roles[player]
        private["role"] = role
        private["allegiance"] = R.allegiance(role)
        if R.knows_everyone(role, game.count):
            private["roles"] = {q: game.roles[q] for q in game.order}
        private["alive"] = player in game.alive
        if game.turbo:
            codes = game.votecodes[player]
            private["votecodes"] = [[yes, no] for yes, no in codes]
            if game.day > 0:
                yes, no = codes[(game.day - 1) % 20]
                private["todays_codes"] = {"yes": yes, "no": no}
        step = game.step
        if step == "vote" and player in game.votes:
            private["vote"] = game.votes[player]
        if game.actor == player:
            if step in ("discard", "enact"):
                private["hand"] = list(game.hand)
            elif step == "veto":
                private["veto_requested"] = True
        if player in game.investigations:
            private["investigations"] = dict(game.investigations[player])
        if player in game.peeks:
            private["peeks"] = [list(p) for p in game.peeks[player]]
        if game.actor == player and step == "power":
            private["power"] = game.power
        return private

    def view(self) -> dict[str, Any]:
        """The full view (:meth:`Game.view`): the snapshot with every event and, in the
        board, the whole thread (``board["thread"]``, :func:`~.thread.thread_posts`)."""
        out = super().view()
        out["board"]["thread"] = thread_posts(out["events"])
        return out

    def thread(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The thread's new posts among ``events`` (this viewer's new events, in order):
        ``{"by", "text"}`` plus ``"mark"`` (``"P"``/``"C"``), as :func:`~.thread.thread_posts`
        gives them without ``seq``."""
        out = []
        for event in events:
            post = thread_post(event)
            if post is not None:
                out.append(post)
        return out
