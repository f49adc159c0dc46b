"""The text part of an observation as a Gymnasium space."""

from __future__ import annotations

import string
from typing import Any

from gymnasium import spaces

#: What :class:`Narration` samples from (its members may hold any character).
SAMPLE_CHARSET = string.ascii_letters + string.digits + " .,:;!?'-()\n"


class Narration(spaces.Text):
    """Narrated text of any Unicode characters, up to ``max_length`` characters (player
    names and German sentences hold characters outside :class:`gymnasium.spaces.Text`'s
    alphanumeric default); samples are drawn from :data:`SAMPLE_CHARSET`."""

    def __init__(self, max_length: int, seed: Any = None) -> None:
        super().__init__(max_length, min_length=0, charset=SAMPLE_CHARSET, seed=seed)

    def contains(self, x: Any) -> bool:
        """Any string of ``0 .. max_length`` characters."""
        return isinstance(x, str) and len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"Narration({self.max_length})"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Narration) and other.max_length == self.max_length

    def __hash__(self) -> int:
        return hash(("Narration", self.max_length))
