"""Read-only JSON: dicts and lists that refuse to change, for data shared between readers.

An event's JSON form is the same for every viewer who may see it, and many legal actions are
the same in every game at a table: made read-only once, such data can be handed to every
reader (each bot, each connection) without a copy each, and no reader can change what
another reads. :class:`FrozenDict` and :class:`FrozenList` are a ``dict`` and a ``list``
(``isinstance`` holds, ``json.dumps`` writes them, ``==`` compares them with plain ones)
whose changing methods raise ``TypeError``; ``copy()``, ``dict(x)``, ``list(x)``, slices
and ``+`` give plain, changeable copies. They guard against accidents, not against code
that calls ``dict.__setitem__`` on them on purpose: what must never change (a game's own
state) is never handed out, frozen or not.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

from mypy_extensions import mypyc_attr

_SCALARS = frozenset({str, int, float, bool, type(None)})


def json_key(key: Any) -> str:
    """A dict key as JSON writes it (``1`` -> ``"1"``, ``True`` -> ``"true"``, ``None`` -> ``"null"``)."""
    return key if type(key) is str else json.dumps(key).strip('"')


def _refuse(obj: object) -> NoReturn:
    raise TypeError(f"this {type(obj).__name__} is read-only (shared with other readers): copy it to change it")


@mypyc_attr(native_class=False)  # the compiled build cannot subclass dict natively
class FrozenDict(dict[str, Any]):
    """A read-only JSON object (a ``dict`` whose changing methods raise ``TypeError``)."""

    __slots__ = ()

    def __setitem__(self, key: str, value: Any) -> NoReturn:
        _refuse(self)

    def __delitem__(self, key: str) -> NoReturn:
        _refuse(self)

    def __ior__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse(self)

    def clear(self) -> NoReturn:
        _refuse(self)

    def pop(self, *args: Any) -> NoReturn:  # type: ignore[override]
        _refuse(self)

    def popitem(self) -> NoReturn:
        _refuse(self)

    def setdefault(self, *args: Any) -> NoReturn:  # type: ignore[override]
        _refuse(self)

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:  # type: ignore[override]
        _refuse(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))


@mypyc_attr(native_class=False)  # the compiled build cannot subclass list natively
class FrozenList(list[Any]):
    """A read-only JSON array (a ``list`` whose changing methods raise ``TypeError``)."""

    __slots__ = ()

    def __setitem__(self, index: Any, value: Any) -> NoReturn:
        _refuse(self)

    def __delitem__(self, index: Any) -> NoReturn:
        _refuse(self)

    def __iadd__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse(self)

    def __imul__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse(self)

    def append(self, value: Any) -> NoReturn:
        _refuse(self)

    def extend(self, values: Any) -> NoReturn:
        _refuse(self)

    def insert(self, index: Any, value: Any) -> NoReturn:
        _refuse(self)

    def pop(self, *args: Any) -> NoReturn:  # type: ignore[override]
        _refuse(self)

    def remove(self, value: Any) -> NoReturn:
        _refuse(self)

    def clear(self) -> NoReturn:
        _refuse(self)

    def sort(self, *args: Any, **kwargs: Any) -> NoReturn:  # type: ignore[override]
        _refuse(self)

    def reverse(self) -> NoReturn:
        _refuse(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))


FROZEN = (FrozenDict, FrozenList)


def freeze_json(data: Any) -> Any:
    """``data`` (JSON-like: dicts, lists, tuples, scalars) as read-only JSON, as a JSON round
    trip would read it (tuples become lists, keys strings), sharing no changeable container
    with ``data``; what is frozen already is kept as it is."""
    kind = type(data)
    if kind in _SCALARS or kind is FrozenDict or kind is FrozenList:
        return data
    if isinstance(data, dict):
        for k, v in data.items():
            if type(k) is not str or type(v) not in _SCALARS:
                return FrozenDict({k if type(k) is str else json_key(k): freeze_json(v) for k, v in data.items()})
        return FrozenDict(data)  # str keys and scalars (most): one copy
    if isinstance(data, (list, tuple)):
        for v in data:
            if type(v) not in _SCALARS:
                return FrozenList([freeze_json(v) for v in data])
        return FrozenList(data)  # scalars (names, cards): one copy
    return data
