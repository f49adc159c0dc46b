"""The Roleset: roles, what each role knows, the deck, and the fascist track's powers.

Rules text (Roleset): "There is a randomly shuffled deck of 17 policy cards: 11 Fascist cards
and 6 Liberal cards." and, per player count, the number of Liberals and Fascists (one of whom
is Hitler), which Fascists "know everyone's role", and the power of each Fascist card played.
"""

from __future__ import annotations

LIBERAL = "liberal"
FASCIST = "fascist"
HITLER = "hitler"
ROLES = (LIBERAL, FASCIST, HITLER)

L = "L"
F = "F"
CARDS = (L, F)

#: "a randomly shuffled deck of 17 policy cards: 11 Fascist cards and 6 Liberal cards"
DECK_LIBERAL = 6
DECK_FASCIST = 11
DECK: tuple[str, ...] = (L,) * DECK_LIBERAL + (F,) * DECK_FASCIST

#: liberal policies that win for the Liberals; fascist policies that win for the Fascists
LIBERAL_WIN = 5
FASCIST_WIN = 6
#: "by electing Hitler as Chancellor any time after the third Fascist card has been played"
HITLER_ZONE = 3
#: "After enactment of the 5th Fascist policy card, ... The Chancellor may now VETO them."
VETO_AT = 5

#: Liberals per player count (the rest are Fascists, one of them Hitler).
LIBERALS = {5: 3, 6: 4, 7: 4, 8: 5, 9: 5, 10: 6}

PEEK = "peek"
INVESTIGATE = "investigate"
SPECIAL_ELECTION = "special_election"
EXECUTE = "execute"

_SMALL = (None, None, PEEK, EXECUTE, EXECUTE, None)
_MIDDLE = (None, INVESTIGATE, SPECIAL_ELECTION, EXECUTE, EXECUTE, None)
_LARGE = (INVESTIGATE, INVESTIGATE, SPECIAL_ELECTION, EXECUTE, EXECUTE, None)

#: POWERS[count][k-1] is the power of the k-th Fascist policy played (None: no power).
#: "5 or 6 players - The first two Fascist cards played have no powers, and the third ...
#: examine the next three policy cards"; "7 or 8 players - The first Fascist card played has
#: no powers, the second ... examine the identity of a player ..., and the third ... call a
#: special election"; "9 or 10 players - The first and second Fascist cards played require the
#: President to examine the identity of a player ..."; "The fourth and fifth Fascist policy
#: cards played require the President to kill the player of his or her choice."
POWERS: dict[int, tuple[str | None, ...]] = {
    5: _SMALL, 6: _SMALL, 7: _MIDDLE, 8: _MIDDLE, 9: _LARGE, 10: _LARGE,
}

#: Who uses each power with ``power_holder="turbo"`` (ruling 1): the procedure has the
#: Chancellor examine an identity and kill, the Roleset has the President peek and call the
#: special election. ``power_holder="president"`` gives every power to the President.
TURBO_HOLDER = {PEEK: "president", SPECIAL_ELECTION: "president", INVESTIGATE: "chancellor", EXECUTE: "chancellor"}


def roleset(count: int) -> tuple[str, ...]:
    """The roles dealt at a table of ``count`` players (5..10): Liberals, Fascists, one Hitler.

    Raises:
        KeyError: ``count`` outside 5..10.
    """
    liberals = LIBERALS[count]
    return (LIBERAL,) * liberals + (FASCIST,) * (count - liberals - 1) + (HITLER,)


def allegiance(role: str) -> str:
    """``"fascist"`` for a Fascist or Hitler, else ``"liberal"`` (what an investigation shows:
    "Hitler comes up as 'Fascist,' not 'Hitler'")."""
    return LIBERAL if role == LIBERAL else FASCIST


def side(role: str) -> str:
    """The side (``"liberals"``/``"fascists"``) a role plays for."""
    return "liberals" if role == LIBERAL else "fascists"


def hitler_knows_fascists(count: int) -> bool:
    """Whether Hitler knows the Fascists: "5 or 6 players ... 2 Fascists who know everyone's
    role: 1 Hitler, 1 Vanilla"; at 7-10 only the "Vanilla" Fascists know everyone's role."""
    return count <= 6


def knows_everyone(role: str, count: int) -> bool:
    """Whether a player of ``role`` at a ``count``-player table knows every player's role."""
    if role == FASCIST:
        return True
    if role == HITLER:
        return hitler_knows_fascists(count)
    return False


def day_length(day: int) -> float:
    """The turbo day's length in seconds: "d1=14 minutes, d2=13 ... d8=7 minutes, d9+=6 minutes".

    Raises:
        ValueError: ``day`` < 1.
    """
    if day < 1:
        raise ValueError(f"day {day}: days are numbered from 1")
    return 60.0 * max(15 - day, 6)


NIGHT_SECONDS = 240.0  #: "it is then night for 4 minutes"
STEP_SECONDS = 120.0  #: "Within 2 minutes, the President must PM the Mod ..."
