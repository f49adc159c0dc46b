"""The game thread: every public post, the players' and the Mod's, as forum text.

"All players must communicate entirely within the thread". Players' posts are ``post``
events and ``claim`` events (a structured claim, told as the claimant's post); the Mod's
announcements are the public events with ``"by": "Mod"``. This module
renders both as thread posts ``{"seq", "by", "text"}`` (plus ``"mark": "P"|"C"`` on a
candidate's post) for views and clients: the whole thread in a full view
(:func:`thread_posts`), or a viewer's new posts among their new events
(:func:`thread_post`, used by the observer). The engine's hot loop never formats text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

MOD = "Mod"


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


def _cards(cards: str) -> str:
    return ", ".join("Liberal" if c == "L" else "Fascist" for c in cards)


def claim_text(event: dict[str, Any]) -> str:
    """A structured claim (``claim`` event) as the claimant's post, in plain English."""
    role = event.get("as")
    if role == "president":
        return (f"I claim: as President I drew {_cards(event['drew'])} and passed {_cards(event['passed'])} "
                "to the Chancellor.")
    if role == "chancellor":
        return f"I claim: as Chancellor I got {_cards(event['got'])}."
    party = "Liberal" if event.get("party") == "liberal" else "Fascist"
    return f"I claim: I investigated {event.get('target')} and saw the party membership {party}."


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


def thread_post(event: dict[str, Any]) -> dict[str, Any] | None:
    """One event's thread post ``{"by", "text"}`` (plus ``"mark"``), or ``None`` for an event
    that is not a post in the thread (a private one, or one the Mod does not announce)."""
    if event.get("private"):
        return None
    kind = event["kind"]
    if kind == "post":
        post = {"by": event["player"], "text": event["text"]}
        if "mark" in event:
            post["mark"] = event["mark"]
        return post
    if kind == "claim":  # a structured claim is the claimant's post
        return {"by": event["player"], "text": claim_text(event)}
    if kind == "nominated":  # the Presidential Candidate names a Chancellor Candidate
        return {"by": event["president"], "mark": "P", "text": f"I name {event['chancellor']} as Chancellor Candidate."}
    if event.get("by") == MOD:
        return {"by": MOD, "text": mod_text(event)}
    return None


def thread_posts(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The thread as posts, from a view's events (public ones only are thread posts).

    Each post's ``seq`` is its position in the thread (0, 1, 2...), the same for everybody,
    so the thread shows no gap where private events happened."""
    out: list[dict[str, Any]] = []
    for event in events:
        post = thread_post(event)
        if post is not None:
            out.append({"seq": len(out), **post})
    return out
