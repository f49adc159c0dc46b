"""The deal of the role cards and the first snitch, as chance outcomes (rulebook, *Setup*).

"For n<21 players: take 2/3 n rounded down commie cards and 4/3 n rounded up American cards
and distribute 1 to each player" (``deal=pool``; ``deal=fixed`` deals exactly ``commie_count``
Commies); "If this is the first turn, the last person to have talked to law enforcement goes
first" (the chance outcome ``"first_snitch"``, drawn uniformly).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hiddenrole.engine import PACKED, BadOption, BadSetup, Rng

from .cards import DECK_SIZE
from .roles import AMERICAN, COMMIE, ROLE_CARDS, default_commie_count

POOL = "pool"  # the deals (option "deal")
FIXED = "fixed"


def commies_dealt(deal: str, commie_count: int | None, players: int) -> int | None:
    """How many Commie cards are dealt: ``None`` with the pool deal (secret: it is drawn); with the
    fixed deal the option ``commie_count``, by default :func:`roles.default_commie_count`.

    Raises:
        BadOption: ``commie_count`` with the pool deal, or not below ``players`` (a count).
    """
    if deal == POOL:
        if commie_count is not None:
            raise BadOption("commie_count", commie_count, "applies only to deal=fixed")
        return None
    if commie_count is None:
        return default_commie_count(players)
    if commie_count >= players:
        raise BadOption("commie_count", commie_count, f"must be below the player count ({players})")
    return commie_count


def table_setup(players: tuple[str, ...], deal: str, pool: tuple[int, int], commies: int | None, first: str,
                protection: int, turns_per_player: int) -> dict[str, Any]:
    """The public ``setup`` event's data: the players, the deal (with the pool deal the pool, not the
    count: it is secret), the first snitch, the deck's size and the table's options."""
    setup: dict[str, Any] = {"players": list(players), "deal": deal}
    if commies is None:  # the pool deal: only the pool is public
        setup["commie_cards"], setup["american_cards"] = pool
    else:
        setup["commies"], setup["americans"] = commies, len(players) - commies
    setup.update({"first_snitch": first, "deck": DECK_SIZE, "whitelist_protection_turns": protection,
                  "turns_per_player": turns_per_player})
    return setup


def draw_roles(players: tuple[str, ...], pool: tuple[int, int], commies: int | None) -> Callable[[Rng], dict[str, str]]:
    """The draw of the deal: pool (``commies`` is ``None``): seat ``i`` gets the ``i``-th card of a
    uniform sample of n of the pool's 2n cards (``pool``: Commie cards, American cards; Commie cards
    first); fixed: ``commies`` seats drawn uniformly get a Commie card."""
    n = len(players)

    def draw(rng: Rng) -> dict[str, str]:
        if commies is None:
            cards = rng.sample(range(2 * n), n, per_draw=PACKED, pick=False)
            return {p: (COMMIE if cards[i] < pool[0] else AMERICAN) for i, p in enumerate(players)}
        chosen = set(rng.sample(range(n), commies, per_draw=PACKED, pick=False))
        return {p: (COMMIE if i in chosen else AMERICAN) for i, p in enumerate(players)}

    return draw


def check_roles(players: tuple[str, ...], pool: tuple[int, int], commies: int | None) -> Callable[[Any], dict[str, str]]:
    """The check of a fixed ``"roles"`` outcome: every player once, each ``"commie"`` or
    ``"american"``; a deal the pool allows (``commies`` ``None``), else exactly ``commies`` Commies.

    The returned function raises BadSetup naming what is wrong."""
    n = len(players)

    def check(value: Any) -> dict[str, str]:
        if not isinstance(value, Mapping):
            raise BadSetup("chance 'roles' must map every player to 'commie' or 'american'")
        if set(value) != set(players):
            missing = sorted(set(players) - set(value))
            extra = sorted(set(map(str, value)) - set(players))
            raise BadSetup(f"chance 'roles' must name every player once (missing {missing}, unknown {extra})")
        bad = sorted(p for p, r in value.items() if r not in ROLE_CARDS)
        if bad:
            raise BadSetup(f"chance 'roles': {bad} must be 'commie' or 'american'")
        dealt = sum(1 for r in value.values() if r == COMMIE)
        if commies is None:
            commie_cards, american_cards = pool
            if dealt > commie_cards:
                raise BadSetup(f"chance 'roles' deals {dealt} Commies; the pool holds only {commie_cards} "
                               f"Commie cards")
            if n - dealt > american_cards:
                raise BadSetup(f"chance 'roles' deals {n - dealt} Americans; the pool holds only "
                               f"{american_cards} American cards")
        elif dealt != commies:
            raise BadSetup(f"chance 'roles' deals {dealt} Commies; this table has {commies}")
        return dict(value)

    return check


def check_first_snitch(players: tuple[str, ...]) -> Callable[[Any], str]:
    """The check of a fixed ``"first_snitch"`` outcome: a player's name (else BadSetup)."""
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in players:
            raise BadSetup(f"chance 'first_snitch': {value!r} is not a player")
        return value

    return check
