"""Votecodes: "Each player has a list of 20 (more than needed) pairs of 3-digit votecodes--one
pair for each election cycle/day. The first votecode of each pair means "yes," and the second
votecode of each pair means "no." All players vote in the thread by posting their votecode in
bold before the deadline."

Codes are 100..999, all distinct within a game. A bold code is ``**123**`` or ``[b]123[/b]``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice
from typing import Any

from ...engine import BadSetup, Rng

PAIRS = 20  #: "a list of 20 (more than needed) pairs"
LOW, HIGH = 100, 999  #: 3-digit codes
_SPAN = HIGH - LOW + 1  # 900 codes

BOLD_CODE = re.compile(r"\*\*\s*(\d{3})\s*\*\*|\[b\]\s*(\d{3})\s*\[/b\]", re.IGNORECASE)


def draw_votecodes(rng: Rng, players: Sequence[str]) -> dict[str, list[list[int]]]:
    """Draw every player's 20 ``[yes, no]`` pairs: distinct 3-digit codes, uniform.

    Codes are drawn uniformly and independently (``rng.below_many(900, k)``, several codes per
    53-bit draw) and a code already dealt is skipped, which deals the first distinct values of
    an independent uniform sequence: a uniformly random sequence of distinct codes. Each round
    draws a little more than is still missing (the surplus is dropped) so that one or two
    rounds usually suffice; the order in which codes first appear is kept (``dict`` keys).
    The deal goes in that order: the first player's 20 pairs, then the next player's...

    Args:
        rng: the game's generator (the ``"votecodes"`` chance outcome).
        players: the names, in the order they are dealt to.

    Returns:
        ``{player: [[yes, no] * 20]}``, players in the given order; all codes distinct.
    """
    need = 2 * PAIRS * len(players)
    below_many = rng.below_many
    # 7 players deal 280 of the 900 codes and ~1 draw in 6 repeats: a quarter more draws than
    # codes usually suffices at once
    codes = dict.fromkeys(below_many(_SPAN, need + need // 4))
    while len(codes) < need:
        missing = need - len(codes)
        codes.update(dict.fromkeys(below_many(_SPAN, missing + missing // 2 + 5)))
    dealt = map(LOW.__add__, islice(codes, need))  # first-seen order, 100..999
    pairs = list(map(list, zip(dealt, dealt)))  # [yes, no] pairs in dealing order
    return {p: pairs[PAIRS * i: PAIRS * (i + 1)] for i, p in enumerate(players)}


def check_votecodes(value: Any, players: Sequence[str]) -> dict[str, list[list[int]]]:
    """Validate fixed votecodes: every player, 20 pairs each, 3-digit, distinct in the game.

    Raises:
        BadSetup: naming the player or code at fault.
    """
    if not isinstance(value, dict) or set(value) != set(players):
        raise BadSetup("chance 'votecodes' must map every player to their 20 [yes, no] pairs")
    seen: set[int] = set()
    out = {}
    for p in players:
        pairs = value[p]
        if not isinstance(pairs, list) or len(pairs) != PAIRS:
            raise BadSetup(f"chance 'votecodes': {p} must have {PAIRS} pairs")
        clean = []
        for pair in pairs:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise BadSetup(f"chance 'votecodes': {p}: {pair!r} is not a [yes, no] pair")
            for code in pair:
                if isinstance(code, bool) or not isinstance(code, int) or not LOW <= code <= HIGH:
                    raise BadSetup(f"chance 'votecodes': {p}: {code!r} is not a 3-digit code")
                if code in seen:
                    raise BadSetup(f"chance 'votecodes': code {code} is dealt twice")
                seen.add(code)
            clean.append([pair[0], pair[1]])
        out[p] = clean
    return out


def bold_codes(text: str) -> list[int]:
    """The 3-digit codes posted in bold in ``text``, in order (``**123**`` or ``[b]123[/b]``)."""
    return [int(a or b) for a, b in BOLD_CODE.findall(text)]


# bold text of a few characters (a code's size with room for typos): "**41**", "[b]4 12[/b]"
_BOLD_SHORT = re.compile(r"\*\*([^*\n]{1,12}?)\*\*|\[b\]([^\[\n]{1,12}?)\[/b\]", re.IGNORECASE)
_BOLD_ANY = re.compile(r"\*\*[^*\n]*?\*\*|\[b\].*?\[/b\]", re.IGNORECASE)
_PLAIN_CODE = re.compile(r"(?<![\d.,])\b(\d{3})\b(?![\d.,]\d)")


def malformed_codes(text: str) -> list[str]:
    """Short bold text in ``text`` that is mostly digits but not a 3-digit code (``**41**``,
    ``**4123**``, ``[b]41a[/b]``, ``**4 12**``; not ``**Day 3**``), stripped, in order: a
    votecode mistyped."""
    out = []
    for a, b in _BOLD_SHORT.findall(text):
        inner = (a or b).strip()
        chars = inner.replace(" ", "")
        digits = sum(c.isdigit() for c in chars)
        if digits and 2 * digits >= len(chars) and not (len(inner) == 3 and inner.isdigit()):
            out.append(inner)
    return out


# a whole post that reads like a vote but is no bold code: a vote word ("ja", "Nein!", "vote
# yes") or a short run of digits with at most a letter ("12", "12a", "412", "4123"), bold or not
_MARKUP = re.compile(r"\*\*|\[/?b\]", re.IGNORECASE)
_VOTE_WORD = re.compile(r"(?:(?:i\s+)?vote\s+|ich\s+stimme\s+)?(?:ja|nein|yes|no)", re.IGNORECASE)
_CODE_LIKE = re.compile(r"[a-z]?\d{1,6}[a-z]?", re.IGNORECASE)


def vote_attempt(text: str) -> str | None:
    """``text`` stripped of bold markup and end punctuation when the whole post looks like a
    vote that is not a bold 3-digit code (``ja``, ``Nein!``, ``vote yes``, ``12``, ``12a``,
    ``412`` without bold); ``None`` for any other post (chat, or a bold code: those are judged
    as codes)."""
    if bold_codes(text):
        return None
    bare = _MARKUP.sub("", text).strip().rstrip("!.?").strip()
    if _VOTE_WORD.fullmatch(bare) or _CODE_LIKE.fullmatch(bare):
        return bare
    return None


def unbolded_codes(text: str) -> list[int]:
    """The 3-digit numbers in ``text`` outside bold markup, in order (``412`` in "I vote 412")."""
    return [int(c) for c in _PLAIN_CODE.findall(_BOLD_ANY.sub(" ", text))]


def code_owners(votecodes: dict[str, list[list[int]]]) -> dict[int, tuple[str, int, str]]:
    """code -> (player, day of the pair (1..20), ``"yes"``/``"no"``), from name -> the 20
    ``[yes, no]`` pairs."""
    owner: dict[int, tuple[str, int, str]] = {}
    for p, pairs in votecodes.items():
        for i, (yes, no) in enumerate(pairs):
            owner[yes] = (p, i + 1, "yes")
            owner[no] = (p, i + 1, "no")
    return owner


def judge_code(owner: dict[int, tuple[str, int, str]], player: str, code: int, day: int, daytime: bool,
               voting: bool) -> tuple[str, str]:
    """What ``player``'s bold ``code`` posted on ``day`` (0: night 0) counts for: ``(vote, "")``
    when it is the player's own code of today's pair, posted during the day (``daytime``)
    once a Chancellor Candidate is named (``voting``); else ``("", why it counts for nothing)``."""
    mine = owner.get(code)
    if mine is None or mine[0] != player:
        return "", f"{code} is not one of your votecodes"
    _, pair_day, vote = mine
    today = (day - 1) % PAIRS + 1 if day else 0
    if pair_day != today:
        return "", f"{code} is your code for day {pair_day}, not for day {day}"
    if not daytime:
        return "", f"the vote of day {day} is closed"
    if not voting:
        return "", "no Chancellor Candidate has been named yet"
    return vote, ""


def mistaken_codes(owner: dict[int, tuple[str, int, str]], player: str, text: str) -> list[tuple[Any, str]]:
    """The votecodes ``player`` got wrong in a post's ``text``, each ``(code, why it counts for
    nothing)``, in order: bold text with digits that is not a 3-digit code (``**41**``), then
    the poster's own codes posted without bold (``412``)."""
    out: list[tuple[Any, str]] = [(raw, f"{raw!r} is not a 3-digit votecode") for raw in malformed_codes(text)]
    for code in unbolded_codes(text):
        mine = owner.get(code)
        if mine is not None and mine[0] == player:
            out.append((code, f"{code} is not in bold"))
    return out


def attempt_reason(attempt: str) -> str:
    """Why a post that looks like a vote (:func:`vote_attempt`) counts for nothing."""
    return f"{attempt!r} is not a bold votecode"
