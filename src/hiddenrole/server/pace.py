"""The pace of a table, and how it turns the engine's options and timers into deadlines.

* ``turbo``: the rules' own timings: each :class:`~hiddenrole.engine.Timer` lasts its
  nominal ``seconds``.
* ``fast``: every duration is divided by the host's ``factor`` (> 1).
* ``untimed``: no deadlines; a phase ends when everyone required has acted. The game's
  own untimed settings are chosen when the host did not set them: option ``pace`` set to
  ``"untimed"`` when the game offers it, and options named ``*_seconds`` that accept 0
  set to 0.

Whatever the pace, when a game waits for nobody and has no running deadline the server
passes the deadline at once (as the balance lab does), so no game can hang.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import BadOption, OptionSet

PACES = ("turbo", "fast", "untimed")
MAX_FACTOR = 10_000.0


def check_pace(pace: Any, factor: Any) -> tuple[str, float]:
    """Validate a pace and its factor; returns ``(pace, factor)`` (factor 1 unless ``fast``).

    Raises:
        BadOption: an unknown pace, a ``fast`` factor that is not a number in ``(1, 10000]``,
            or a factor given with another pace.
    """
    if pace not in PACES:
        raise BadOption("pace", pace, f"must be one of {', '.join(PACES)}")
    if pace != "fast":
        if factor is not None:
            raise BadOption("factor", factor, f"only the fast pace takes a factor (pace is {pace!r})")
        return pace, 1.0
    if isinstance(factor, bool) or not isinstance(factor, (int, float)):
        raise BadOption("factor", factor, "the fast pace needs a number: every duration is divided by it")
    if not 1 < factor <= MAX_FACTOR:
        raise BadOption("factor", factor, f"must be more than 1 and at most {MAX_FACTOR:g}")
    return pace, float(factor)


def game_options(options: OptionSet, given: Mapping[str, Any] | None, pace: str) -> dict[str, Any]:
    """The options a table passes to the engine: the host's, validated, plus the pace's defaults.

    The host's values must have their JSON types (:meth:`OptionSet.check_json_types`): unlike the
    command line, the server never converts ``"5"`` to 5.

    Raises:
        BadOption: an unknown option, a value of another JSON type, or a bad value (naming it).
    """
    if given is not None and not isinstance(given, Mapping):
        raise BadOption("options", given, "options must be an object of name: value")
    chosen = dict(given or {})
    options.check_json_types(chosen)
    options.resolve(chosen)  # validate what the host gave before adding anything
    if pace == "untimed":
        for opt in options:
            if opt.name in chosen:
                continue
            if opt.name == "pace" and opt.choices and "untimed" in opt.choices:
                chosen["pace"] = "untimed"
            elif opt.name.endswith("_seconds") and opt.kind in (int, float) and (opt.minimum or 0) <= 0:
                chosen[opt.name] = 0
    return options.resolve(chosen)
