"""The reference for the observer tests: a frozen copy of Secret Hitler's view builder as it
was before the event stream (main at 642e674: ``views.build_view``, ``thread.thread_posts``),
which rebuilt a player's whole view from the whole log at every call.

The observer (:class:`hiddenrole.games.secret_hitler.views.SecretHitlerObserver`) must give
exactly these views; this copy is not to be changed with the game's views, only with its
rules (a change of what a player may know is a change of this reference too).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from hiddenrole.games.secret_hitler import roles as R
from hiddenrole.games.secret_hitler.game import SecretHitler

MOD = "Mod"  # the thread's name for the Mod


def ref_events(game: SecretHitler, player: str | None) -> list[dict[str, Any]]:
    """The events ``player`` may see (``None``: public ones), as the engine numbered them:
    ``{"seq", "kind", **data}`` (``"private": true`` on a private one), ``seq`` in the
    player's own order, through a JSON round trip."""
    out = []
    for event in game.log:
        if event.to is not None and (player is None or player not in event.to):
            continue
        item: dict[str, Any] = {"seq": len(out), "kind": event.kind, **event.data}
        if event.to is not None:
            item["private"] = True
        out.append(json.loads(json.dumps(item)))
    return out


def ref_base_view(game: SecretHitler, player: str | None) -> dict[str, Any]:
    return {
        "game": game.name, "player": player, "phase": game.phase, "over": game.is_over,
        "players": list(game.players), "events": ref_events(game, player),
        "result": game.result.to_json() if game.result else None,
    }


def _policy(card: str) -> str:
    return "a Liberal policy" if card == "L" else "a Fascist policy"


def _action(action: dict[str, Any]) -> str:
    power, who = action.get("power"), action.get("player")
    if action.get("skipped"):
        return f"{who} had no one left to examine; the power was skipped."
    if power == "peek":
        return f"President {who} examined the next three policy cards."
    if power == "investigate":
        return f"{who} examined the identity of {action['target']}."
    if power == "special_election":
        return f"{who} called a special election: {action['target']} is the next Presidential Candidate."
    if power == "execute":
        return f"{who} killed {action['target']}."
    return ""


def mod_text(event: dict[str, Any]) -> str:
    """The forum text of one Mod announcement (an event's JSON form with ``"by": "Mod"``)."""
    kind = event["kind"]
    if kind == "player_list":
        return "Player list: " + ", ".join(event["order"]) + f". {event['president']} is President."
    if kind == "day_start":
        parts = []
        if "chancellor" in event:
            parts.append(f"The President picked {event['chancellor']} as Chancellor.")
        if "policy" in event:
            parts.append(f"A {_policy(event['policy'])[2:]} was played.")
        if event.get("veto"):
            parts.append("The Chancellor vetoed the policies and the President allowed it.")
        if "action" in event:
            parts.append(_action(event["action"]))
        if event.get("reshuffled"):
            parts.append("The discards were shuffled back into the deck.")
        parts.append(f"It is day {event['day']}. {event['presidential_candidate']} is the Presidential Candidate.")
        return " ".join(p for p in parts if p)
    if kind == "vote_result":
        outcome = "passed" if event["passed"] else "failed"
        votes = ", ".join(f"{p}: {v}" for p, v in event["votes"].items())
        return (f"The ticket {event['president']} / {event['chancellor']} {outcome} "
                f"({event['yes']} yes, {event['no']} no). Votes: {votes}.")
    if kind == "no_nomination":
        return f"No Chancellor Candidate was named on day {event['day']} (by timeout): the election failed."
    if kind == "policy_enacted":
        how = "The top policy of the deck was played" if event["top_deck"] else "The government played"
        return (f"{how}: {_policy(event['card'])}. Liberal policies {event['liberal_policies']}, "
                f"Fascist policies {event['fascist_policies']}.")
    if kind == "reshuffled":
        return f"The discards were shuffled back into the deck ({event['deck_size']} cards)."
    if kind == "night_report":
        inner = dict(event, kind="day_start", day=event["night"] + 1, presidential_candidate="")
        return mod_text(inner).split(" It is day")[0]
    if kind == "executive_action":
        return _action(event)
    if kind == "vetoed":
        return f"Chancellor {event['chancellor']} vetoed the policies and President {event['president']} allowed it."
    if kind == "game_over":
        side = "Liberals" if event["winner"] == "liberals" else "Fascists"
        reason = event["reason"].replace("_", " ")
        roles = ", ".join(f"{p}: {r}" for p, r in event["roles"].items())
        return f"The {side} win ({reason}). Roles: {roles}."
    return kind.replace("_", " ")


def ref_thread_posts(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The thread as posts, from a view's events (public ones only are thread posts).

    Each post's ``seq`` is its position in the thread (0, 1, 2...), the same for everybody,
    so the thread shows no gap where private events happened."""
    out: list[dict[str, Any]] = []
    for event in events:
        if event.get("private"):
            continue
        if event["kind"] == "post":
            post = {"seq": len(out), "by": event["player"], "text": event["text"]}
            if "mark" in event:
                post["mark"] = event["mark"]
            out.append(post)
        elif event["kind"] == "claim":  # a structured claim is the claimant's post
            out.append({"seq": len(out), "by": event["player"], "text": _claim_text(event)})
        elif event["kind"] == "nominated":  # the Presidential Candidate names a Chancellor Candidate
            out.append({"seq": len(out), "by": event["president"], "mark": "P",
                        "text": f"I name {event['chancellor']} as Chancellor Candidate."})
        elif event.get("by") == MOD:
            out.append({"seq": len(out), "by": MOD, "text": mod_text(event)})
    return out


def _claim_text(event: dict[str, Any]) -> str:
    words = {"L": "Liberal", "F": "Fascist"}
    if event["as"] == "president":
        drew = ", ".join(words[c] for c in event["drew"])
        passed = ", ".join(words[c] for c in event["passed"])
        return f"I claim: as President I drew {drew} and passed {passed} to the Chancellor."
    if event["as"] == "chancellor":
        return f"I claim: as Chancellor I got {', '.join(words[c] for c in event['got'])}."
    return f"I claim: I investigated {event['target']} and saw the party membership {event['party'].title()}."


def ref_claim_tracker(game: SecretHitler) -> list[dict[str, Any]]:
    """The claim tracker read from the log as the table learns it: a row when a President
    draws, the Chancellor as elected (night 0's when told at dawn), the outcome when the
    Mod announces it, the claims as they are made."""
    rows: list[dict[str, Any]] = []
    day, elected = 0, None
    for e in game.log:
        d = e.data
        if e.kind == "day_start" or e.kind == "night_report":
            if e.kind == "day_start":
                day = d["day"]
            if rows and d.get("chancellor"):
                rows[-1]["chancellor"] = d["chancellor"]
            if rows and rows[-1]["enacted"] is None and ("policy" in d or d.get("veto")):
                rows[-1]["enacted"] = d.get("policy", "veto")
        elif e.kind == "vote_result" and d["passed"]:
            elected = d["chancellor"]
        elif e.kind == "policies_drawn":
            rows.append({"government": len(rows) + 1, "day": day, "president": next(iter(e.to)),
                         "chancellor": elected, "enacted": None, "claims": {}})
            elected = None
        elif e.kind == "policy_enacted" and not d["top_deck"] and rows and rows[-1]["enacted"] is None:
            rows[-1]["enacted"] = d["card"]
        elif e.kind == "vetoed" and rows:
            rows[-1]["enacted"] = "veto"
        elif e.kind == "claim":
            rows[d["government"] - 1]["claims"][d["as"]] = {
                k: v for k, v in d.items() if k in ("drew", "passed", "got", "target", "party")}
    return rows


def _public(game: SecretHitler) -> dict[str, Any]:
    if game.night_secret:
        return dict(game.dusk)
    return {
        "liberal_policies": game.liberal_policies, "fascist_policies": game.fascist_policies,
        "election_tracker": game.tracker, "deck_size": len(game.deck),
        "discard_size": len(game.discards), "alive_set": game.alive,
    }


def ref_summary(game: SecretHitler) -> dict[str, Any]:
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


def ref_term_limits(game: SecretHitler, board: dict[str, Any]) -> dict[str, Any]:
    """Added with issue 13: which of the board's last President and Chancellor the candidate
    may not name (ruling 4: the President only while more than 5 are alive) and whether a
    top-deck lifted the limits (ruling 11); nothing on turbo night 0 and after the end."""
    if game.result is not None or (game.turbo and game.day == 0):
        return {"term_limited": [], "term_limits_lifted": False}
    out = []
    for p in game.order:
        if p == board["chancellor"] and p == game.limit_chancellor:
            out.append(p)
        elif p == board["president"] and p == game.limit_president and len(board["alive"]) > 5:
            out.append(p)
    if game.turbo:
        lifted = game.chaos_exempt
    else:
        lifted = board["president"] is not None and game.limit_president is None
    return {"term_limited": out, "term_limits_lifted": lifted}


def ref_view(game: SecretHitler, player: str | None) -> dict[str, Any]:
    """``player``'s information state (``None``: a spectator): ``base_view`` keys plus
    ``board`` (public) and ``private``.

    Raises:
        IllegalAction: an unknown player.
    """
    out = ref_base_view(game, player)
    board = ref_summary(game)
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
        "claim_tracker": ref_claim_tracker(game),
        **ref_term_limits(game, board),
    })
    if not game.turbo and game.step == "vote":
        board["voted"] = [p for p in game.order if p in game.votes]
    board["thread"] = ref_thread_posts(out["events"])
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
