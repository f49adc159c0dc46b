"""A secret vote of the non-blacklisted players (rulebook, *Gameplay cycle*).

"All players secretly vote on blacklisting or not. If 1/3 or more of the non-blacklisted
players agree to blacklisting then said character is blacklisted"; "If 2/3 of the
non-blacklisted players vote for the game to end, then the game ends!" (``rules.py``). A vote
not cast counts as "no" (ruling 11).
"""

from __future__ import annotations

from typing import Any

from .rules import blacklisting_passes, ending_passes

# the motions
BLACKLIST = "blacklist"
BLACKLIST_PAIR = "blacklist_pair"
END_GAME = "end_game"


class Vote:
    """One vote on a motion.

    Args:
        motion: ``"blacklist"`` (one player), ``"blacklist_pair"`` (a blacklisted snitch's two) or
            ``"end_game"``; ``None`` for the empty vote a game holds before its first.
        targets: the players to blacklist, in seat order (``()`` for the end).
        voters: the non-blacklisted players when the vote opened, in seat order.

    Attributes: ``motion``, ``targets``, ``voters``, ``votes`` (name -> ``"yes"``/``"no"``, the
    votes cast so far), ``yes`` (how many said yes); the game casts the votes (``_apply_listed``).
    """

    def __init__(self, motion: str | None, targets: tuple[str, ...], voters: tuple[str, ...]) -> None:
        self.motion = motion
        self.targets = targets
        self.voters = voters
        self.votes: dict[str, str] = {}
        self.yes = 0

    def result(self) -> dict[str, Any]:
        """The result the table is told: motion, targets, the counts of yes and no, voters (a
        count), and whether the motion passed with the votes cast (missing ones are "no")."""
        count = len(self.voters)
        yes = self.yes
        passed = ending_passes(yes, count) if self.motion == END_GAME else blacklisting_passes(yes, count)
        return {"motion": self.motion, "targets": list(self.targets), "yes": yes,
                "no": count - yes, "voters": count, "passed": passed}

    def ballots(self) -> dict[str, str]:
        """Every voter's vote, a missing one as "no", by name in seat order (secret unless the
        table reveals the votes)."""
        votes = self.votes
        if len(votes) != len(self.voters):
            votes = {p: votes.get(p, "no") for p in self.voters}
        return votes
