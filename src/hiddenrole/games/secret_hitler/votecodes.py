"""Votecodes: "Each player has a list of 20 (more than needed) pairs of 3-digit votecodes--one
pair for each election cycle/day. The first votecode of each pair means "yes," and the second
votecode of each pair means "no." All players vote in the thread by posting their votecode in
bold before the deadline."

Codes are 100..999, all distinct within a game. A bold code is ``**123**`` or ``[b]123[/b]``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...engine import BadSetup, Rng

PAIRS = 20  #: "a list of 20 (more than needed) pairs"
LOW, HIGH = 100, 999  #: 3-digit codes
_SPAN = HIGH - LOW + 1  # 900
_CHUNK = 5  # 900**5 < 2**53: one uniform draw gives five independent uniform codes
_CHUNK_SPAN = _SPAN**_CHUNK

BOLD_CODE = re.compile(r"\*\*\s*(\d{3})\s*\*\*|\[b\]\s*(\d{3})\s*\[/b\]", re.IGNORECASE)


def draw_votecodes(rng: Rng, players: Sequence[str]) -> dict[str, list[list[int]]]:
    """Draw every player's 20 ``[yes, no]`` pairs: distinct 3-digit codes, uniform.

    Codes are drawn uniformly and independently and a code already dealt is drawn again,
    which deals a uniformly random sequence of distinct codes. One ``rng.below(900**5)``
    gives five codes (its base-900 digits), which keeps the deal cheap.

    Returns:
        ``{player: [[yes, no] * 20]}``, players in the given order.
    """
    need = 2 * PAIRS * len(players)
    seen: set[int] = set()
    add = seen.add
    codes: list[int] = []
    keep = codes.append
    below = rng.below
    while len(codes) < need:
        r = below(_CHUNK_SPAN)  # five base-900 digits, least significant first
        r, a = divmod(r, _SPAN)
        r, b = divmod(r, _SPAN)
        r, c = divmod(r, _SPAN)
        e, d = divmod(r, _SPAN)
        for code in (LOW + a, LOW + b, LOW + c, LOW + d, LOW + e):
            if code not in seen:
                add(code)
                keep(code)
    del codes[need:]
    out = {}
    step = 2 * PAIRS
    for i, p in enumerate(players):
        mine = codes[step * i: step * (i + 1)]
        out[p] = [[mine[k], mine[k + 1]] for k in range(0, step, 2)]
    return out


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
