"""Every event kind Secret Hitler emits, and which of their fields hold lists or dicts.

Public events the Mod announces carry ``"by": "Mod"``; the others are a player's post or
nomination, or private (docs/rules/secret-hitler.md describes each).
"""

from __future__ import annotations

#: Every event kind the game emits (public ones carry ``"by": "Mod"`` when the Mod
#: announces them; the others are a player's post or nomination, or private).
EVENT_KINDS = frozenset({
    # the deal: the player list (public), each role and votecodes, the deck (Mod only)
    "player_list", "role", "deck",
    # nominations: night 0's pair (private), a day's Chancellor Candidate, none by timeout
    "nominations", "nominated", "no_nomination",
    # the thread and the vote: posts (turbo votes are posts), official votes cast, a bold
    # code that counted for nothing (private), the tally
    "post", "voted", "vote_ignored", "vote_result",
    # the legislative session (private) and its public outcome
    "policies_drawn", "discarded", "policies_passed", "enacted", "veto_requested",
    "veto_answered", "vetoed", "policy_enacted", "reshuffled",
    # powers: private results and timeout choices, the public announcement
    "peek", "investigation", "special_election_chosen", "execution_chosen", "executive_action",
    # turbo dawns: the night's facts, then the new day; the end; a claim (claimbook.py)
    "night_report", "day_start", "game_over", "claim",
})
#: The fields that hold lists or dicts, by kind; every other field is a scalar (tests/engine
#: checks every emitted event).
EVENT_SHAPES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(EVENT_KINDS, ()),
    "player_list": ("order",), "role": ("roles", "votecodes"), "deck": ("cards",), "nominations": ("targets",),
    "vote_result": ("votes",), "policies_drawn": ("cards",), "policies_passed": ("cards",), "peek": ("cards",),
    "day_start": ("action",), "night_report": ("action",), "game_over": ("roles",),
}
