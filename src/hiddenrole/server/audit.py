"""Fair and auditable games: the seed commitment, the JSON export, and its verification.

At the start of a game the server publishes ``commitment = SHA-256("<seed>:<salt>")`` (hex),
where ``seed`` is the game's random seed (a decimal integer) and ``salt`` a secret random
string. After the game it reveals both. The export of a finished game holds everything
needed to replay it; :func:`verify_export` replays it through the engine, checks the
commitment, checks that every chance outcome (deal, seating, shuffles, the Mod's picks,
timeout defaults) is the one the seed draws, and that the final result matches.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, HiddenRoleError, new_game

EXPORT_FORMAT = "hiddenrole-export/1"


def commitment(seed: int | str, salt: str) -> str:
    """The published commitment: the SHA-256 hex digest of ``f"{seed}:{salt}"`` (UTF-8)."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def new_seed() -> int:
    """A fresh secret game seed: 63 random bits from the operating system."""
    return secrets.randbits(63)


def new_salt() -> str:
    """A fresh secret salt: 32 hex digits from the operating system."""
    return secrets.token_hex(16)


def _jsonable(value: Any) -> Any:
    """Chance outcomes as JSON would store them (tuples become lists), for comparison."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


@dataclass
class Verification:
    """What :func:`verify_export` found.

    Attributes:
        ok: every check passed.
        checks: the checks made, each ``(name, passed, detail)``.
    """

    ok: bool = True
    checks: list[tuple[str, bool, str]] = field(default_factory=list)

    def check(self, name: str, passed: bool, detail: str = "") -> None:
        """Record one check."""
        self.checks.append((name, passed, detail))
        self.ok = self.ok and passed


def replay(export: Mapping[str, Any]) -> Game:
    """Replay an export's entries through the engine and return the game.

    Raises:
        HiddenRoleError: the export's set-up or one of its entries is rejected by the engine.
        KeyError, TypeError: a malformed export.
    """
    game = new_game(export["game"], export["players"], export["options"], seed=export["seed"])
    for entry in export["entries"]:
        kind = entry["kind"]
        if kind == "action":
            game.apply(entry["action"])
        elif kind == "timeout":
            game.timeout()
    return game


def verify_export(export: Mapping[str, Any]) -> Verification:
    """Check an exported game (see docs/protocol.md, "Export").

    Checks: the format; the commitment equals SHA-256 of seed and salt; every entry
    replays through the engine; the chance outcomes drawn by the replay from the seed equal
    the export's recorded ones, one by one; the replayed result equals the export's.
    Never raises on a bad export: each problem is a failed check.
    """
    out = Verification()
    if not isinstance(export, Mapping) or export.get("format") != EXPORT_FORMAT:
        out.check("format", False, f"not a {EXPORT_FORMAT} export")
        return out
    out.check("format", True, EXPORT_FORMAT)
    try:
        seed, salt, claimed = export["seed"], export["salt"], export["commitment"]
        expected = commitment(seed, salt)
        out.check("commitment", expected == claimed,
                  f"SHA-256(seed:salt) = {expected}" + ("" if expected == claimed else f", published {claimed}"))
    except KeyError as exc:
        out.check("commitment", False, f"missing {exc}")
        return out
    try:
        game = replay(export)
    except (HiddenRoleError, KeyError, TypeError, ValueError) as exc:
        out.check("replay", False, f"{type(exc).__name__}: {exc}")
        return out
    out.check("replay", True, f"{len(export['entries'])} entries replayed through the engine")
    drawn = [[k, _jsonable(v)] for k, v in game.chance.record]
    recorded = _jsonable(export.get("chance", []))
    if drawn == recorded:
        out.check("chance", True, f"all {len(drawn)} chance outcomes come from the seed")
    else:
        first = next((i for i, (a, b) in enumerate(zip(drawn, recorded, strict=False)) if a != b),
                     min(len(drawn), len(recorded)))
        out.check("chance", False, f"chance outcome #{first} differs from what the seed draws "
                                   f"({len(drawn)} drawn, {len(recorded)} recorded)")
    result = game.result.to_json() if game.result else None
    out.check("over", game.is_over, "the replayed game is over" if game.is_over else "the replay did not end")
    claimed_result = _jsonable(export.get("result"))
    out.check("result", _jsonable(result) == claimed_result,
              f"winner {result['winner'] if result else None!r}, reason {result['reason'] if result else None!r}")
    return out
