"""Game options: each documented with a default, validated with a clear error."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BadOption

_JSON_KINDS: dict[type, str] = {bool: "true or false", int: "a whole number (a JSON integer)",
                                float: "a number", str: "a string"}


def json_type_name(value: Any) -> str:
    """The JSON type of a value, as a message names it (``"an integer"``, ``"a string"``...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a decimal number"
    names: dict[type, str] = {str: "a string", list: "an array", dict: "an object"}
    return names.get(type(value), type(value).__name__)


@dataclass(frozen=True)
class Option:
    """One documented game option.

    Attributes:
        name: the key used in scripts, the CLI (``--option name=value``) and the server.
        default: the value when the option is not given (``None`` may mean "the rule's
            own default, which depends on the player count"; the game resolves it).
        doc: one sentence for the host: what the option changes.
        kind: the Python type of a value: ``str``, ``int``, ``float`` or ``bool``.
        choices: the allowed values, for an option with a closed set.
        minimum, maximum: inclusive bounds, for numbers.
        nullable: ``None`` is allowed (only meaningful when ``default`` is ``None``).
    """

    name: str
    default: Any
    doc: str
    kind: type = str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    nullable: bool = False

    def validate(self, value: Any) -> Any:
        """Return ``value`` normalised to ``kind``, or raise :class:`BadOption` naming the option.

        Strings from a command line (``"true"``, ``"3"``) are converted to the option's kind.
        """
        if value is None:
            if self.nullable or self.default is None:
                return None
            raise BadOption(self.name, value, "a value is required")
        value = self._coerce(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise BadOption(self.name, value, f"must be one of {allowed}")
        if self.minimum is not None and value < self.minimum:
            raise BadOption(self.name, value, f"must be at least {self.minimum:g}")
        if self.maximum is not None and value > self.maximum:
            raise BadOption(self.name, value, f"must be at most {self.maximum:g}")
        return value

    def _coerce(self, value: Any) -> Any:
        kind = self.kind
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
                return value.lower() in ("true", "yes", "1")
            raise BadOption(self.name, value, "must be true or false")
        if kind is int:
            if isinstance(value, bool):
                raise BadOption(self.name, value, "must be a whole number")
            if isinstance(value, int):
                return value
            if isinstance(value, float) and value.is_integer():
                return int(value)
            if isinstance(value, str):
                try:
                    return int(value.strip())
                except ValueError:
                    pass
            raise BadOption(self.name, value, "must be a whole number")
        if kind is float:
            number: float | None = None
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                number = float(value)
            elif isinstance(value, str):
                try:
                    number = float(value.strip())
                except ValueError:
                    pass
            if number is None or not math.isfinite(number):
                raise BadOption(self.name, value, "must be a finite number")
            return number
        if kind is str:
            if isinstance(value, str):
                return value
            raise BadOption(self.name, value, "must be a string")
        raise BadOption(self.name, value, f"unsupported option kind {kind.__name__}")

    def check_json_type(self, value: Any) -> None:
        """Refuse a value whose JSON type is not this option's kind (no conversion, unlike
        :meth:`validate`): a ``bool`` option takes ``true``/``false``, an ``int`` option a JSON
        integer, a ``float`` option a number, a ``str`` option a string, ``null`` only where
        :meth:`validate` allows it. Ranges and choices are left to :meth:`validate`.

        Raises:
            BadOption: naming the option, the value and the JSON type it takes.
        """
        kind = self.kind
        if kind not in _JSON_KINDS:
            return  # an option kind with no JSON counterpart: validate() decides
        if value is None:
            ok = self.nullable or self.default is None
        elif kind is bool:
            ok = isinstance(value, bool)
        elif kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif kind is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = isinstance(value, str)
        if not ok:
            raise BadOption(self.name, value, f"must be {_JSON_KINDS[kind]}, not {json_type_name(value)}")

    def describe(self) -> dict[str, Any]:
        """The option as JSON data, for the server and the browser's table form."""
        return {
            "name": self.name,
            "default": self.default,
            "doc": self.doc,
            "type": self.kind.__name__,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


class OptionSet:
    """The documented options of one game."""

    def __init__(self, options: Iterable[Option]) -> None:
        self.options: dict[str, Option] = {}
        for opt in options:
            if opt.name in self.options:
                raise ValueError(f"option {opt.name!r} declared twice")
            self.options[opt.name] = opt

    def resolve(self, given: Mapping[Any, Any] | None) -> dict[str, Any]:
        """All options with defaults filled in and every given value validated.

        Raises:
            BadOption: an unknown option name (the message lists the known ones), or a bad value.
        """
        if given is not None and not isinstance(given, Mapping):
            raise BadOption("options", given, "options must be an object of name: value")
        out = {name: opt.default for name, opt in self.options.items()}
        for name, value in (given or {}).items():
            opt = self.options.get(name)
            if opt is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise BadOption(str(name), value, f"unknown option (known options: {known})")
            out[name] = opt.validate(value)
        return out

    def check_json_types(self, given: Mapping[Any, Any]) -> None:
        """Refuse any given value whose JSON type is not its option's kind
        (:meth:`Option.check_json_type`). :meth:`resolve` also reads strings (``"5"``,
        ``"false"``) for the command line's ``--option name=value``; JSON has types, so the
        server and a game export must use them. Unknown names are left to :meth:`resolve`,
        which lists the known ones.

        Raises:
            BadOption: naming the option, the value and the JSON type it takes.
        """
        for name, value in given.items():
            opt = self.options.get(name)
            if opt is not None:
                opt.check_json_type(value)

    def describe(self) -> list[dict[str, Any]]:
        """Every option as JSON data."""
        return [opt.describe() for opt in self.options.values()]

    def __iter__(self):
        return iter(self.options.values())

    def __contains__(self, name: object) -> bool:
        return name in self.options


