"""The steps of a McCarthyism turn, the action kinds each step takes, and the keys of each kind.

A turn (rulebook, *Gameplay cycle*) goes ``snitching`` (a snitch who is not blacklisted:
snitch on a player, call for the end, or pass) or ``snitch_pair`` (a blacklisted snitch
chooses two players), then a ``vote`` of the non-blacklisted players, then the reveal:
``reveal`` (one card drawn: play it or decline it) or ``forced_play`` (two cards drawn: play
one); a card that chooses a player adds ``card_target``. The game ends in ``over``.

Declared here as data, checked once by the game's ``_apply``: the kinds each step takes
(``KINDS``), the keys of each kind (``KEYS``), why an action out of turn is refused
(``out_of_turn``), and every event kind the steps emit with its shape (``EVENT_KINDS``,
``EVENT_SHAPES``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hiddenrole.engine import IllegalAction

SNITCHING = "snitching"
SNITCH_PAIR = "snitch_pair"
VOTE = "vote"
REVEAL = "reveal"
FORCED_PLAY = "forced_play"
CARD_TARGET = "card_target"
OVER = "over"

#: step -> the action kinds it takes (besides ``post``, open to every player still at the table)
KINDS = {
    SNITCHING: ("snitch", "call_end", "pass"),
    SNITCH_PAIR: ("snitch_pair",),
    VOTE: ("vote",),
    REVEAL: ("play", "decline"),
    FORCED_PLAY: ("play",),
    CARD_TARGET: ("choose",),
    OVER: (),
}

#: every kind of event the game emits (the engine's EVENT_KINDS)
EVENT_KINDS = frozenset({
    # the deal and the turns
    "setup", "deck", "role", "commies", "turn", "skipped", "timeout", "post",
    # the snitch's choice and the votes
    "snitched", "end_called", "passed", "votes", "vote_result", "blacklisted", "whitelisted", "escaped",
    # the action cards
    "drew", "hand", "reshuffled", "played", "declined", "confessed", "deep_research", "double_agent",
    "looked", "saw_role", "takeover", "must_say_something", "swapped",
    "game_over",
})
# the fields that hold a list of names or cards, or a dict of names to strings; every kind
# not named here has scalar fields only (tests/engine checks every emitted event)
EVENT_SHAPES = {
    **dict.fromkeys(EVENT_KINDS, ()),
    "setup": ("players",), "deck": ("cards",), "commies": ("commies",), "hand": ("cards",),
    "deep_research": ("cards",), "snitched": ("targets",), "votes": ("votes",),
    "vote_result": ("targets", "votes"), "game_over": ("allegiances", "role_cards", "blacklisted"),
}

#: action kind -> (its step, what it does), for the refusal of an action out of turn (votes,
#: plays: :func:`out_of_turn`)
WHEN = {
    "snitch": (SNITCHING, "the snitch snitches on a player"),
    "call_end": (SNITCHING, "the snitch calls for the end"),
    "pass": (SNITCHING, "the snitch passes"),
    "snitch_pair": (SNITCH_PAIR, "a blacklisted snitch snitches on two players"),
    "decline": (REVEAL, "a drawn card is declined"),
    "choose": (CARD_TARGET, "a card's target is chosen"),
}

#: action kind -> the keys it takes, exactly (a malformed action changes nothing)
KEYS = {
    "snitch": frozenset({"player", "action", "target"}),
    "call_end": frozenset({"player", "action"}),
    "pass": frozenset({"player", "action"}),
    "snitch_pair": frozenset({"player", "action", "targets"}),
    "vote": frozenset({"player", "action", "vote"}),
    "play": frozenset({"player", "action", "card"}),
    "decline": frozenset({"player", "action"}),
    "choose": frozenset({"player", "action", "target"}),
    "post": frozenset({"player", "action", "text"}),
}
MAX_POST = 1000  # characters in one post of the table talk


def check_keys(player: str, kind: str, action: Mapping[str, Any]) -> None:
    """Refuse an action of an unknown kind, or whose keys are not exactly those of its kind.

    Raises:
        IllegalAction: naming the known kinds, or the keys the kind takes, the unknown and the missing ones.
    """
    keys = KEYS.get(kind)
    if keys is None:
        raise IllegalAction(player, action, f"unknown action {kind!r} (actions: {', '.join(KEYS)})")
    if len(action) != len(keys) or not keys.issuperset(action):
        extra = sorted(map(str, set(action) - keys))
        missing = sorted(keys - set(action))
        raise IllegalAction(player, action, f"{kind!r} takes the keys {sorted(keys)}"
                            + (f"; unknown {extra}" if extra else "") + (f"; missing {missing}" if missing else ""))


def out_of_turn(step: str, kind: str, player: str, actor: str | None, voted: bool) -> str:
    """Why ``player`` may not take an action of ``kind`` now (one line): the game is at ``step``,
    waiting for ``actor`` (``None`` during a vote); ``voted``: the player has voted in this vote."""
    if kind == "vote":
        if step != VOTE:
            return f"no vote is open; the game is at {step!r}"
        return "you have already voted" if voted else "blacklisted players do not vote"
    if kind == "play":
        if step in (REVEAL, FORCED_PLAY):
            return f"it is {actor}'s card to play, not {player}'s"
        return f"no card is in hand to play; the game is at {step!r}"
    if kind == "decline" and step == FORCED_PLAY:
        return "a blacklisted player must play one of the two cards"
    when, what = WHEN[kind]
    if step != when:
        return f"{what} only during {when!r}; the game is at {step!r}"
    return f"it is {actor}'s choice, not {player}'s"
