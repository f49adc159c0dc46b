"""The rulebook's counting rules, as pure functions (thresholds, the Commie snitch's pairs, winners)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from .roles import AMERICANS, COMMIE, COMMIES


def blacklisting_passes(yes: int, voters: int) -> bool:
    """"If 1/3 or more of the non-blacklisted players agree to blacklisting then said character
    is blacklisted." ``yes`` and ``voters`` are counts; ``voters`` is the number of
    non-blacklisted players (whitelisted ones included) when the vote opened."""
    return 3 * yes >= voters


def ending_passes(yes: int, voters: int) -> bool:
    """"If 2/3 of the non-blacklisted players vote for the game to end, then the game ends!"
    Read as: yes votes >= 2/3 of the non-blacklisted players (counts)."""
    return 3 * yes >= 2 * voters


def protection_turns(players: int) -> int:
    """The default whitelist protection, "max(n/3,5)? turns": ``max(floor(n/3), 5)`` (count of turns)."""
    return max(players // 3, 5)


def snitch_pairs(eligible: Sequence[str], commie_snitch: bool, allegiance: Mapping[str, str]) -> list[tuple[str, ...]]:
    """The choices a blacklisted snitch may make: "The snitch must choose 2 non-blacklisted
    players to snitch on. If he is a commie, he must choose as many commies as possible."

    Args:
        eligible: the players the snitch may choose, in seat order (non-blacklisted, not
            whitelist-protected, not the snitch).
        commie_snitch: the snitch's allegiance is Commie (ruling 1).
        allegiance: the allegiance now of every eligible player (at least), by name.

    Returns:
        The legal choices, each a tuple of names in seat order: pairs when at least two
        players are eligible, a single player when only one is (ruling 10), none when none is.
        A Commie snitch's choices are only those with the largest possible number of Commies.
    """
    if len(eligible) < 2:
        return [(p,) for p in eligible]  # ruling 10: one player when only one is eligible, none when none
    if commie_snitch:
        commies = [p for p in eligible if allegiance[p] == COMMIE]
        if len(commies) >= 2:  # two Commies: only pairs of Commies
            return list(combinations(commies, 2))
        if commies:  # one Commie: every pair with that Commie, in seat order
            (c,) = commies
            before = True
            pairs: list[tuple[str, ...]] = []
            for p in eligible:
                if p == c:
                    before = False
                else:
                    pairs.append((p, c) if before else (c, p))
            return pairs
    return list(combinations(eligible, 2))


def winners(allegiance: Mapping[str, str], blacklisted: Iterable[str]) -> tuple[str | None, dict[str, str]]:
    """The winning side and each player's outcome at the end (rulebook, *Endgame rules*).

    "If even a single commie is not blacklisted at the end, then all the commies win and all
    the Americans lose. If all commies are blacklisted, then the remaining non-blacklisted
    players win. Blacklisted Americans still lose."

    Rulings (docs/rules/mccarthyism.md, *Endgame rules*): with no Commie at the end (a pool
    deal of 0 Commie cards) "all commies are blacklisted" holds, so the non-blacklisted
    players win; with every player blacklisted there is no remaining non-blacklisted player
    and no free Commie, so nobody wins: the winner is ``None`` and every outcome a loss.

    Args:
        allegiance: player -> ``"commie"`` / ``"american"`` at the end (ruling 1).
        blacklisted: the blacklisted players (escaped ones included; whitelisted ones not).

    Returns:
        ``(winner, outcomes)``: ``"commies"``, ``"americans"`` or ``None`` (nobody wins), and
        player -> ``"win"``/``"loss"``.
    """
    out = set(blacklisted)
    commies_free = any(role == COMMIE and p not in out for p, role in allegiance.items())
    if commies_free:
        return COMMIES, {p: ("win" if role == COMMIE else "loss") for p, role in allegiance.items()}
    if all(p in out for p in allegiance):  # every player blacklisted: nobody remains to win
        return None, dict.fromkeys(allegiance, "loss")
    return AMERICANS, {p: ("loss" if p in out else "win") for p in allegiance}
