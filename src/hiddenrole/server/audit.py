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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import BadOption, BadSetup, Game, HiddenRoleError, Result, game_class, new_game

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


_FIELDS: tuple[tuple[str, type | tuple[type, ...], str], ...] = (
    ("game", str, "a string"),
    ("players", list, "a list of names"),
    ("options", dict, "an object"),
    ("seed", int, "an integer"),
    ("salt", str, "a string"),
    ("commitment", str, "a string"),
    ("entries", list, "a list"),
    ("chance", list, "a list"),
    ("result", (dict, type(None)), "an object or null"),
    ("summary", dict, "an object"),
    ("events", list, "a list"),
)


ENTRY_KINDS = ("action", "timeout", "replace", "bot", "return", "substitute", "claim", "pause", "resume",
               "extend", "void", "host", "kick")


def void_result(players: Sequence[str], reason: str) -> Result:
    """The result of a game the host voided: no winner, every player's outcome a draw."""
    return Result(None, "voided", {p: "draw" for p in players}, {"voided": reason})


def _type_name(value: Any) -> str:
    """The JSON type of a value, for messages (``null``, ``boolean``, ``integer``...)."""
    names = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def shape_problem(export: Any) -> str | None:
    """What makes ``export`` not an export at all (a missing or wrongly typed field), or ``None``.

    Checked before anything is replayed: the format, each top-level field's JSON type; each
    player a string; each option of the JSON type the game declares (a string is never read
    as a number or a boolean, see :meth:`~hiddenrole.engine.OptionSet.check_json_types`); each
    entry an object whose ``kind`` is ``action``, ``timeout`` or ``replace`` (``action``
    entries with an ``action`` object whose ``player`` and ``action`` are strings); each
    chance outcome a ``[kind, value]`` pair; each event an object with an integer ``seq``, a
    string ``kind`` and, if present, ``to`` a list of names and ``private`` a boolean; the
    result ``null`` or an object with ``winner`` (a string or ``null``), ``reason`` (a
    string) and ``outcomes`` (an object). Returns a sentence naming the bad field.
    """
    if not isinstance(export, Mapping):
        return "the export must be a JSON object"
    if export.get("format") != EXPORT_FORMAT:
        return f"field 'format' must be {EXPORT_FORMAT!r} (got {export.get('format')!r})"
    for name, types, what in _FIELDS:
        if name not in export:
            return f"field {name!r} is missing"
        value = export[name]
        if isinstance(value, bool) or not isinstance(value, types):
            return f"field {name!r} must be {what} (got {_type_name(value)})"
    for i, player in enumerate(export["players"]):
        if not isinstance(player, str):
            return f"players[{i}] must be a string (a name), not {_type_name(player)}"
    try:
        declared = game_class(export["game"]).OPTIONS
    except BadSetup:  # a game this version does not know: the replay check names it
        declared = None
    if declared is not None:
        try:
            declared.check_json_types(export["options"])
        except BadOption as exc:
            return f"options.{exc.name} has the wrong JSON type: {exc}"
    for i, entry in enumerate(export["entries"]):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("kind"), str):
            return f"entries[{i}] must be an object with a 'kind'"
        if entry["kind"] not in ENTRY_KINDS:
            return f"entries[{i}].kind must be one of {', '.join(ENTRY_KINDS)} (got {entry['kind']!r})"
        if entry["kind"] == "action":
            action = entry.get("action")
            if not isinstance(action, Mapping):
                return f"entries[{i}] is an action entry without an 'action' object"
            for key in ("player", "action"):
                if not isinstance(action.get(key), str):
                    return f"entries[{i}].action.{key} must be a string (got {_type_name(action.get(key))})"
    for i, pair in enumerate(export["chance"]):
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str):
            return f"chance[{i}] must be a [kind, value] pair"
    for i, event in enumerate(export["events"]):
        if not isinstance(event, Mapping):
            return f"events[{i}] must be an object (got {_type_name(event)})"
        seq, kind = event.get("seq"), event.get("kind")
        if isinstance(seq, bool) or not isinstance(seq, int):
            return f"events[{i}].seq must be an integer (got {_type_name(seq)})"
        if not isinstance(kind, str):
            return f"events[{i}].kind must be a string (got {_type_name(kind)})"
        to = event.get("to", [])
        if not isinstance(to, list) or not all(isinstance(name, str) for name in to):
            return f"events[{i}].to must be a list of names"
        if not isinstance(event.get("private", False), bool):
            return f"events[{i}].private must be true or false (got {_type_name(event['private'])})"
    result = export["result"]
    if result is not None:
        for key, ok, what in (("winner", lambda v: v is None or isinstance(v, str), "a string or null"),
                              ("reason", lambda v: isinstance(v, str), "a string"),
                              ("outcomes", lambda v: isinstance(v, Mapping), "an object")):
            if key not in result:
                return f"result.{key} is missing"
            if not ok(result[key]):
                return f"result.{key} must be {what} (got {_type_name(result[key])})"
    return None


def replay(export: Mapping[str, Any]) -> Game:
    """Replay an export's entries through the engine and return the game.

    Raises:
        HiddenRoleError: the export's set-up or one of its entries is rejected by the engine.
        KeyError, TypeError: a malformed export (see :func:`shape_problem`).
    """
    game = new_game(export["game"], export["players"], export["options"], seed=export["seed"])
    for entry in export["entries"]:
        kind = entry["kind"]
        if kind == "action":
            game.apply(entry["action"])
        elif kind == "timeout":
            game.timeout()
        elif kind == "void":
            game.finish(void_result(game.players, str(entry.get("reason", ""))))
    return game


def _first_difference(replayed: Any, claimed: Any, where: str) -> str | None:
    """Where two JSON values first differ (``events[3].role: replayed 'liberal', export 'fascist'``)."""
    if isinstance(replayed, Mapping) and isinstance(claimed, Mapping):
        for key in list(replayed) + [k for k in claimed if k not in replayed]:
            if key not in claimed:
                return f"{where}.{key}: missing from the export (replayed {replayed[key]!r})"
            if key not in replayed:
                return f"{where}.{key}: not in the replay (export {claimed[key]!r})"
            found = _first_difference(replayed[key], claimed[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(replayed, list) and isinstance(claimed, list):
        for i, (a, b) in enumerate(zip(replayed, claimed, strict=False)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(replayed) != len(claimed):
            return f"{where}: {len(replayed)} replayed, {len(claimed)} in the export"
        return None
    if replayed != claimed or type(replayed) is not type(claimed):
        return f"{where}: replayed {replayed!r}, export {claimed!r}"
    return None


def verify_export(export: Mapping[str, Any]) -> Verification:
    """Check an exported game (see docs/protocol.md, "Export").

    Checks: the shape (every field present with its JSON type); the commitment equals
    SHA-256 of seed and salt; every entry replays through the engine; the chance outcomes
    drawn by the replay from the seed equal the export's recorded ones, one by one; the
    replay ends; and every part of the export the replay determines equals the replay's:
    the result, the summary and the event log (with each event's audience). Each failed
    check names the first difference. Never raises on a bad export: each problem is a
    failed check.
    """
    out = Verification()
    problem = shape_problem(export)
    if problem is not None:
        out.check("format", False, problem)
        return out
    out.check("format", True, EXPORT_FORMAT)
    seed, salt, claimed = export["seed"], export["salt"], export["commitment"]
    expected = commitment(seed, salt)
    out.check("commitment", expected == claimed,
              f"SHA-256(seed:salt) = {expected}" + ("" if expected == claimed else f", published {claimed}"))
    try:
        game = replay(export)
    except (HiddenRoleError, KeyError, TypeError, ValueError) as exc:
        out.check("replay", False, f"{type(exc).__name__}: {exc}")
        return out
    out.check("replay", True, f"{len(export['entries'])} entries replayed through the engine")
    drawn = [[k, _jsonable(v)] for k, v in game.chance.record]
    recorded = _jsonable(export["chance"])
    if drawn == recorded:
        out.check("chance", True, f"all {len(drawn)} chance outcomes come from the seed")
    else:
        first = next((i for i, (a, b) in enumerate(zip(drawn, recorded, strict=False)) if a != b),
                     min(len(drawn), len(recorded)))
        out.check("chance", False, f"chance outcome #{first} differs from what the seed draws "
                                   f"({len(drawn)} drawn, {len(recorded)} recorded)")
    out.check("over", game.is_over, "the replayed game is over" if game.is_over else "the replay did not end")
    result = _jsonable(game.result.to_json() if game.result else None)
    claimed_result = _jsonable(export["result"])

    def brief(r: Any) -> str:
        return f"winner {r.get('winner')!r}, reason {r.get('reason')!r}" if isinstance(r, Mapping) else repr(r)

    if result == claimed_result:
        out.check("result", True, brief(result))
    else:
        diff = _first_difference(result, claimed_result, "result")
        out.check("result", False, f"the export claims {brief(claimed_result)}; the replay gives {brief(result)}"
                                   + (f" ({diff})" if diff else ""))
    checked = [("summary", game.summary()), ("events", [e.to_json(reveal=True) for e in game.log])]
    if "truth" in export:  # the statements' truth labels (exports before them have none)
        checked.append(("truth", game.truth_labels()))
    for name, replayed in checked:
        diff = _first_difference(_jsonable(replayed), _jsonable(export[name]), name)
        out.check(name, diff is None, f"the export's {name} is the replay's" if diff is None
                  else f"first difference at {diff}")
    return out
