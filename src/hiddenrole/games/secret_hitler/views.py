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

from collections.abc import Callable
from typing import Any

from mypy_extensions import mypyc_attr

from ...engine import MOD, Event, Observer, copy_json
from ...engine.observer import event_data_json
from . import roles as R
from .game import SecretHitler
from .thread import thread_post, thread_posts


def _pairs(pairs: list[list[int]]) -> list[list[int]]:
    return [[yes, no] for yes, no in pairs]


#: How each field of an event that is not a scalar is copied for a viewer (a list or dict
#: of scalars; votecodes' pairs), by the field's name.
COPIES: dict[str, Callable[[Any], Any]] = {
    "order": list, "targets": list, "cards": list, "votes": dict, "roles": dict, "action": dict,
    "votecodes": _pairs,
}

#: Every event kind of the game (:attr:`SecretHitler.EVENT_KINDS`) -> its fields that are not
#: scalars (copied by :data:`COPIES`); all other fields are scalars (a test checks every
#: emitted event), so a viewer's copy of an event shares nothing with the game or another
#: viewer's copy.
NESTED: dict[str, tuple[str, ...]] = dict.fromkeys(SecretHitler.EVENT_KINDS, ())
NESTED.update({
    "player_list": ("order",), "role": ("roles", "votecodes"), "deck": ("cards",), "nominations": ("targets",),
    "vote_result": ("votes",), "policies_drawn": ("cards",), "policies_passed": ("cards",), "peek": ("cards",),
    "day_start": ("action",), "night_report": ("action",), "game_over": ("roles",),
})

#: The copy of an event of a kind the game does not declare: all of it, deeply (``copy_json``).
#: (Told by its first field, not by identity: the compiled build makes tuples anew.)
DEEP: tuple[str, ...] = ("*",)


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


def share_json(log: list[Event], shared: list[tuple[dict[str, Any], tuple[str, ...], Event]]) -> None:
    """Append to ``shared`` the JSON form of each event of ``log`` it lacks, with how a viewer's
    copy is made, and the event: ``({"seq": 0, "kind", **data[, "private": True]}, nested,
    event)``, ``nested`` the
    event kind's fields to copy (:data:`NESTED`; ``()``: a shallow copy suffices), or
    :data:`DEEP` for a kind the game does not declare (copied deeply, as the engine copies any)."""
    for i in range(len(shared), len(log)):
        event = log[i]
        kind = event.kind
        nested = NESTED.get(kind)
        template: dict[str, Any]
        if nested is None:
            template = {"seq": 0}
            template.update(event_data_json(event))
            nested = DEEP
        else:
            template = {"seq": 0, "kind": kind, **event.data}
            if event.to is not None:
                template["private"] = True
        shared.append((template, nested, event))


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

    def catch_up(self) -> None:
        """As :meth:`Observer.catch_up` (each event looked at once, folded by :meth:`observe`,
        the viewer's own copy of each one it sees), faster: each event's JSON form is made
        once for all the game's observers (:func:`share_json`) and copied for each viewer."""
        game: SecretHitler = self.game  # type: ignore[assignment]
        log = game.log
        end = len(log)
        start = self.position
        if start == end:
            return
        shared = game.event_json
        if len(shared) < end:
            share_json(log, shared)
        append = self.pending.append
        count = self.count
        # this observer folds nothing (the snapshot reads the game's state): observe() is
        # called only where a subclass overrides it
        observe = None if type(self).observe is SecretHitlerObserver.observe else self.observe
        sees = self.sees
        for template, nested, event in shared[start:end]:
            if event.to is not None and not sees(event):
                continue
            if observe is not None:
                observe(event)
            out = template.copy()
            if nested:  # fields to copy, or DEEP
                if nested[0] == "*":
                    out = copy_json(template)
                else:
                    for key in nested:
                        value = out.get(key)
                        if value is not None:
                            out[key] = COPIES[key](value)
            out["seq"] = count
            append(out)
            count += 1
        self.count = count
        self.position = end

    def observe(self, event: Event) -> None:
        """Nothing to fold: everything the snapshot shows is read from the game's state (its
        public board, and what it holds for the viewer: role, hand, investigations...)."""

    def board(self) -> dict[str, Any]:
        """The public board: the summary (:func:`build_summary`) plus ``step`` (``"night"``
        during a turbo night), ``player_list``, ``dead``, ``chancellor_candidate``,
        ``nominees_eligible``, ``veto_unlocked``, ``powers``, ``tracker_limit``, ``options``
        and, during an official vote, ``voted`` (who has voted). JSON data, all of it new."""
        game: SecretHitler = self.game  # type: ignore[assignment]  # its game is a Secret Hitler
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
