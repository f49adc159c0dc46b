"""Structured claims: a government's President and Chancellor, or an investigator, say in the
thread what they saw, as a game action (``claim``); the engine keeps what they really saw and
labels each claim true or false after the game (:meth:`ClaimBook.labels`).

Who may claim what, and for how long (docs/rules/secret-hitler.md, "Claims"):

* once a government's legislative session is over (a policy enacted, or the agenda vetoed),
  its President may claim the three policies drawn and the two passed on, and its Chancellor
  the two received (what they enacted is the public record);
* right after an investigation, the investigator may claim the party membership seen;
* each once per government, by a living player, until the next government's President
  draws (or the game ends). A claim moves nothing on: it is a post the engine can check.

The actions (cards are ``L``/``F`` letters in any order, kept Fascist first)::

    {"player": "Ann", "action": "claim", "as": "president", "drew": "FFL", "passed": "FL"}
    {"player": "Bob", "action": "claim", "as": "chancellor", "got": "FL"}
    {"player": "Bob", "action": "claim", "as": "investigator", "party": "fascist"}

A claim may be a lie, but it must name cards that can exist and fit the public record: three
policies drawn, two of them passed on, and the enacted policy among the two (none after a
veto); a party is ``liberal`` or ``fascist``. Anything else is refused with one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import IllegalAction
from ...engine.frozen import FrozenDict

PRESIDENT = "president"
CHANCELLOR = "chancellor"
INVESTIGATOR = "investigator"
ROLES = (PRESIDENT, CHANCELLOR, INVESTIGATOR)
#: the fields of each kind of claim besides ``player``, ``action`` and ``as``
FIELDS = {PRESIDENT: ("drew", "passed"), CHANCELLOR: ("got",), INVESTIGATOR: ("party",)}
PARTIES = ("liberal", "fascist")
_WHOSE = {PRESIDENT: "a President's", CHANCELLOR: "a Chancellor's", INVESTIGATOR: "an investigator's"}
DRAWS = ("FFF", "FFL", "FLL", "LLL")
PAIRS = ("FF", "FL", "LL")


def cards(text: str) -> str:
    """Policy letters sorted Fascist first: ``"LFF"`` -> ``"FFL"``."""
    return "F" * text.count("F") + "L" * text.count("L")


def _within(part: str, whole: str) -> bool:
    """Whether the cards ``part`` are among the cards ``whole`` (as multisets)."""
    return part.count("F") <= whole.count("F") and part.count("L") <= whole.count("L")


def _cards_of(player: str, action: Mapping[str, Any], key: str, count: int, what: str) -> str:
    value = action.get(key)
    if not isinstance(value, str) or len(value) != count or any(c not in "LF" for c in value):
        raise IllegalAction(player, action, f"'{key}' names the {what}: {count} letters, each L or F "
                                            f"(e.g. {'FFL' if count == 3 else 'FL'!r}), not {value!r}")
    return cards(value)


#: a government's fields, in order (its repr; a compiled class has no ``__slots__`` at run time)
_GOVERNMENT_FIELDS = ("number", "day", "president", "chancellor", "drew", "passed", "enacted", "investigated",
                      "claims")


class Government:
    """One elected government's session as the engine saw it (the truth claims are judged by).

    Attributes:
        number: 1 for the game's first government, 2 for the next...
        day: the day (turbo) or election round (official) it was elected on.
        president, chancellor: their names (night 0's Chancellor once the Mod picked them).
        drew: the three policies the President drew, sorted (``"FFL"``).
        passed: the two the President passed on, sorted.
        enacted: ``"L"``/``"F"``, ``"veto"`` once vetoed, ``None`` while the session runs.
        investigated: ``(investigator, target, party seen)`` after an investigation, else ``None``.
        claims: the claim events' data by role (``president``/``chancellor``/``investigator``).
    """

    __slots__ = ("number", "day", "president", "chancellor", "drew", "passed", "enacted", "investigated", "claims")

    def __init__(self, number: int, day: int, president: str, chancellor: str, drew: str) -> None:
        self.number = number
        self.day = day
        self.president = president
        self.chancellor = chancellor
        self.drew = drew
        self.passed = ""
        self.enacted: str | None = None
        self.investigated: tuple[str, str, str] | None = None
        self.claims: dict[str, dict[str, Any]] = {}

    def __repr__(self) -> str:  # the whole state (tests compare states as text)
        return f"Government({', '.join(f'{k}={getattr(self, k)!r}' for k in _GOVERNMENT_FIELDS)})"


class ClaimBook:
    """The governments of a game and the claims open now (see the module docstring).

    ``offers`` maps each player who may claim now to their claim actions (the game appends
    them to the player's legal actions); it is empty most of the time a simulation runs.
    """

    def __init__(self) -> None:
        self.governments: list[Government] = []
        self._offers: dict[str, list[dict[str, Any]]] | None = {}  # None: to be worked out (offers)
        self._open: dict[tuple[str, str], Government] = {}  # (player, role) -> the government
        self.dead: set[str] = set()  # the killed players (no more claims)

    def __repr__(self) -> str:  # the whole state (tests compare states as text)
        return (f"ClaimBook(governments={self.governments!r}, open={sorted(self._open)!r}, offers={self.offers!r}, "
                f"dead={sorted(self.dead)!r})")

    # ---------------------------------------------------------- the record
    def drawn(self, president: str, chancellor: str | None, hand: list[str], day: int) -> None:
        """A new session: ``president`` (with ``chancellor``, ``None`` until the Mod picks
        one on night 0) drew ``hand``; every claim still open closes."""
        if self._open:
            self._open = {}
            self._offers = {}
        self.governments.append(
            Government(len(self.governments) + 1, day, president, chancellor or "", cards("".join(hand))))

    def passed(self, chancellor: str, hand: list[str]) -> None:
        """The President passed ``hand`` to ``chancellor``."""
        g = self.governments[-1]
        g.chancellor = chancellor
        g.passed = cards("".join(hand))

    def session_over(self, enacted: str, alive: set[str]) -> None:
        """The government enacted ``enacted`` (``"L"``/``"F"``) or vetoed (``"veto"``): its
        living President and Chancellor may claim."""
        g = self.governments[-1]
        g.enacted = enacted
        for player, role in ((g.president, PRESIDENT), (g.chancellor, CHANCELLOR)):
            if player in alive:
                self._open[player, role] = g
        self._offer()

    def investigated(self, investigator: str, target: str, party: str) -> None:
        """``investigator`` saw ``target``'s party membership ``party``: they may claim it."""
        if not self.governments:
            return
        g = self.governments[-1]
        g.investigated = (investigator, target, party)
        self._open[investigator, INVESTIGATOR] = g
        self._offer()

    def died(self, player: str) -> None:
        """A killed player makes no more claims ("no posting")."""
        self.dead.add(player)
        if any(p == player for p, _ in self._open):
            self._open = {k: g for k, g in self._open.items() if k[0] != player}
            self._offer()

    def close(self) -> None:
        """The game is over: no more claims."""
        self._open = {}
        self._offers = {}

    def _offer(self) -> None:
        self._offers = None  # worked out when first asked: a simulation's random bots never ask

    @property
    def offers(self) -> dict[str, list[dict[str, Any]]]:
        """Each player who may claim now -> their claim actions (read-only; empty most of the time)."""
        offers = self._offers
        if offers is None:
            offers = {}
            for (player, role), g in self._open.items():
                offers.setdefault(player, []).extend(_choices(player, role, g))
            self._offers = offers
        return offers

    # ---------------------------------------------------------- the action
    def claim(self, player: str, action: Mapping[str, Any]) -> dict[str, Any]:
        """Check ``player``'s claim ``action`` completely and record it; returns the claim
        event's data (``player``, ``as``, ``government``, ``president``, ``chancellor`` and the
        claim's fields; an investigator's names the ``target``).

        Raises:
            IllegalAction: a dead player, an unknown role, no open claim of that role for
                ``player``, cards or a party that cannot exist, or a claim at odds with the public record.
        """
        if player in self.dead:
            raise IllegalAction(player, action, "dead players cannot claim")
        role = action.get("as")
        if role not in ROLES:
            raise IllegalAction(player, action, f"'as' must be one of {', '.join(ROLES)}, not {role!r}")
        allowed = frozenset(("player", "action", "as")) | frozenset(FIELDS[role])
        extra = sorted(str(k) for k in action if k not in allowed)
        if extra:
            raise IllegalAction(player, action, f"{_WHOSE[role]} claim takes {' and '.join(FIELDS[role])}, "
                                                f"not {', '.join(extra)}")
        g = self._open.get((player, role))
        if g is None:
            made = any(gov.claims.get(role, {}).get("player") == player for gov in self.governments[-1:])
            why = "you already made it for this government" if made else (
                "only the last government's President and Chancellor (once its session is over) and its "
                "investigator may claim, until the next President draws")
            raise IllegalAction(player, action, f"you have no claim to make as {role} now: {why}")
        data: dict[str, Any] = {"player": player, "as": role, "government": g.number, "president": g.president,
                                "chancellor": g.chancellor}
        enacted = g.enacted if g.enacted in ("L", "F") else ""
        if role == PRESIDENT:
            drew = _cards_of(player, action, "drew", 3, "three policies drawn")
            passed = _cards_of(player, action, "passed", 2, "two policies passed")
            if not _within(passed, drew):
                raise IllegalAction(player, action, f"the two policies passed ({passed}) must be among the three "
                                                    f"drawn ({drew})")
            if enacted and enacted not in passed:
                raise IllegalAction(player, action, f"the government enacted {_policy(enacted)}: the two policies "
                                                    "passed must include it")
            data["drew"], data["passed"] = drew, passed
        elif role == CHANCELLOR:
            got = _cards_of(player, action, "got", 2, "two policies received")
            if enacted and enacted not in got:
                raise IllegalAction(player, action, f"you enacted {_policy(enacted)}: the two policies received "
                                                    "must include it")
            data["got"] = got
        else:
            party = action.get("party")
            if party not in PARTIES:
                raise IllegalAction(player, action, f"'party' must be liberal or fascist, not {party!r}")
            assert g.investigated is not None  # an investigator's claim is open after one
            data["target"], data["party"] = g.investigated[1], party
        del self._open[player, role]
        self._offer()
        g.claims[role] = data
        return data

    # ---------------------------------------------------------- the truth
    def labels(self) -> list[dict[str, Any]]:
        """Every claim made, labelled against the engine's record, in government order:
        ``{"player", "as", "government", "claimed": {...}, "actual": {...}, "true": bool}``
        (``claimed`` and ``actual`` hold the claim's fields: ``drew`` and ``passed``, ``got``,
        or ``target`` and ``party``). Reveals secrets: for after the game."""
        out = []
        for g in self.governments:
            for role in ROLES:
                data = g.claims.get(role)
                if data is None:
                    continue
                if role == PRESIDENT:
                    actual: dict[str, Any] = {"drew": g.drew, "passed": g.passed}
                elif role == CHANCELLOR:
                    actual = {"got": g.passed}
                else:
                    assert g.investigated is not None
                    actual = {"target": g.investigated[1], "party": g.investigated[2]}
                claimed = {k: data[k] for k in actual}
                out.append({"player": data["player"], "as": role, "government": g.number, "claimed": claimed,
                            "actual": actual, "true": claimed == actual})
        return out

    def table(self, hide_last: bool, hide_last_chancellor: bool) -> list[dict[str, Any]]:
        """The claim tracker: one row per government whose President has drawn, in order:
        ``government``, ``day``, ``president``, ``chancellor`` (``None`` if not public yet),
        ``enacted`` (``"L"``/``"F"``/``"veto"``, ``None`` while not public) and ``claims``
        (by role: the claim's fields). ``hide_last``: the last session's outcome is still
        secret (a turbo night); ``hide_last_chancellor``: so is its Chancellor (night 0)."""
        rows = []
        last = len(self.governments)
        for g in self.governments:
            secret = hide_last and g.number == last
            rows.append({
                "government": g.number, "day": g.day, "president": g.president,
                "chancellor": None if (secret and hide_last_chancellor) or not g.chancellor else g.chancellor,
                "enacted": None if secret else g.enacted,
                "claims": {role: {k: v for k, v in data.items() if k in FIELDS[role] or k == "target"}
                           for role, data in g.claims.items()},
            })
        return rows


def _policy(card: str) -> str:
    return "a Liberal policy" if card == "L" else "a Fascist policy"


def _fitting(role: str, enacted: str) -> tuple[dict[str, str], ...]:
    """The fields of every claim as ``role`` that fits a government that enacted ``enacted``
    (``"L"``/``"F"``; ``""`` after a veto): the public record a claim must not contradict."""
    if role == PRESIDENT:
        return tuple({"drew": drew, "passed": passed} for drew in DRAWS for passed in PAIRS
                     if _within(passed, drew) and (not enacted or enacted in passed))
    if role == CHANCELLOR:
        return tuple({"got": got} for got in PAIRS if not enacted or enacted in got)
    return tuple({"party": party} for party in PARTIES)


#: (role, enacted) -> the fields of the claims that fit (:func:`_fitting`), worked out once
_FITTING = {(role, enacted): _fitting(role, enacted) for role in ROLES for enacted in ("", "L", "F")}


def _choices(player: str, role: str, g: Government) -> list[dict[str, Any]]:
    """``player``'s claim actions as ``role`` about ``g``: every claim that fits the public
    record (read-only: the play loop hands a bot a copy of the list only)."""
    fitting = _FITTING[role, g.enacted if g.enacted in ("L", "F") else ""]
    return [FrozenDict({"player": player, "action": "claim", "as": role, **fields}) for fields in fitting]


def truth_labels(game: Any) -> list[dict[str, Any]]:
    """``SecretHitler.TRUTH``: the claims of ``game`` labelled (:meth:`ClaimBook.labels`)."""
    labels: list[dict[str, Any]] = game.claim_book.labels()
    return labels
