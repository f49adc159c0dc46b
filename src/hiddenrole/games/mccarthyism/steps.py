"""The steps of a McCarthyism turn, the action kinds each step takes, and the keys of each kind.

A turn (rulebook, *Gameplay cycle*) goes ``snitching`` (a snitch who is not blacklisted:
snitch on a player, call for the end, or pass) or ``snitch_pair`` (a blacklisted snitch
chooses two players), then a ``vote`` of the non-blacklisted players, then the reveal:
``reveal`` (one card drawn: play it or decline it) or ``forced_play`` (two cards drawn: play
one); a card that chooses a player adds ``card_target``. The game ends in ``over``.

Declared here as data: the steps, who acts at each, the kinds it takes and their keys
(``STEPS``, checked once by the engine before the game's handler runs), why an action out of
turn is refused (``out_of_turn``), and every event kind the steps emit with its shape
(``EVENT_KINDS``, ``EVENT_SHAPES``).
"""

from __future__ import annotations

from hiddenrole.engine import Kind, Step, Steps

SNITCHING = "snitching"
SNITCH_PAIR = "snitch_pair"
VOTE = "vote"
REVEAL = "reveal"
FORCED_PLAY = "forced_play"
CARD_TARGET = "card_target"
OVER = "over"

#: The steps as data (the engine checks each action's kind, keys and turn against it): who acts,
#: the kinds each step takes (``post`` at any time: table talk, ruling 12), what its deadline
#: does (ruling 11: timeouts.py), the next step where it is always the same.
STEPS = Steps(
    [Kind("snitch", ("target",)), Kind("call_end"), Kind("pass"), Kind("snitch_pair", ("targets",)),
     Kind("vote", ("vote",)), Kind("play", ("card",)), Kind("decline"), Kind("choose", ("target",)),
     Kind("post", ("text",))],
    [Step(SNITCHING, "the snitch (not blacklisted)", ("snitch", "call_end", "pass"),
          "the snitch passes"),
     Step(SNITCH_PAIR, "the snitch (blacklisted)", ("snitch_pair",),
          "a random pair the snitch may choose", next=VOTE),
     Step(VOTE, "every non-blacklisted player who has not voted", ("vote",),
          "a missing vote counts as no"),
     Step(REVEAL, "the snitch, with the card drawn", ("play", "decline"), "the card is declined"),
     Step(FORCED_PLAY, "the player who drew two cards", ("play",), "a random card of the two is played"),
     Step(CARD_TARGET, "the card's player", ("choose",), "a random player the card may choose"),
     Step(OVER, "nobody", (), "nothing: the game is over")],
    anytime=("post",))

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

MAX_POST = 1000  # characters in one post of the table talk


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
