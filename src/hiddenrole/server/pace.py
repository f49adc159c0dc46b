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

from ..engine import BadOption, HiddenRoleError, OptionSet
from ..engine.narration import N_
from .errors import TableError
from .refusals import field_words

PACES = ("turbo", "fast", "untimed")
MAX_FACTOR = 10_000.0


class BadPace(HiddenRoleError):
    """A pace or speed-up factor :func:`check_pace` refused: ``name`` (the field), ``value`` and
    ``reason`` for programs, as a :class:`~hiddenrole.engine.BadOption` names an option, and
    :attr:`refusal`, the same in a person's words as the create form names them (the
    ``bad_pace`` :class:`~.errors.TableError` the server answers). Not a subclass of
    ``BadOption``: the compiled engine's exceptions cannot be subclassed here."""

    def __init__(self, name: str, value: Any, reason: str, sentence: str, **params: Any) -> None:
        super().__init__(f"{name}={value!r}: {reason}")
        self.name = name
        self.value = value
        self.reason = reason
        self.refusal = TableError("bad_pace", sentence, 400, **params)


def check_pace(pace: Any, factor: Any) -> tuple[str, float]:
    """Validate a pace and its factor; returns ``(pace, factor)`` (factor 1 unless ``fast``).

    Raises:
        BadPace: an unknown pace, a ``fast`` factor that is not a number in ``(1, 10000]``,
            or a factor given with another pace; its ``refusal`` says so in the reader's
            language: "“Speed-up factor” must be more than 1 and at most 10000."
    """
    if pace not in PACES:
        raise BadPace("pace", pace, f"must be one of {', '.join(PACES)}",
                      N_("“{option}” must be one of: {choices}."), option=field_words("pace"), choices=", ".join(PACES))
    field = field_words("factor")
    if pace != "fast":
        if factor is not None:
            raise BadPace("factor", factor, f"only the fast pace takes a factor (pace is {pace!r})",
                          N_("Only the fast pace takes a “{field}”."), field=field)
        return pace, 1.0
    if isinstance(factor, bool) or not isinstance(factor, (int, float)):
        raise BadPace("factor", factor, "the fast pace needs a number: every duration is divided by it",
                      N_("The fast pace needs a number as its “{field}”: every duration is divided by it."), field=field)
    if not 1 < factor <= MAX_FACTOR:
        raise BadPace("factor", factor, f"must be more than 1 and at most {MAX_FACTOR:g}",
                      N_("“{field}” must be more than 1 and at most {maximum}."), field=field, maximum=f"{MAX_FACTOR:g}")
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
