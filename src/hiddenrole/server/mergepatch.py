"""JSON merge patches (RFC 7386): how an ``update`` carries the fields of a state that changed.

A merge patch is a JSON object shaped like the state: each key holds the new value of that
field; an object value is itself a patch of the object it replaces (only its changed keys);
``null`` removes the key; a list or a scalar replaces the old value whole. Applying the patch
of ``diff(old, new)`` to ``old`` gives ``new``.

RFC 7386 cannot set a value to ``null`` (a ``null`` in a patch removes the key), so the
states the server sends keep no ``null`` member in their objects: :func:`strip_nulls` leaves
such keys out, and a client reads a missing key as ``null``. Lists are values, not objects:
what they hold is kept as it is (``null`` included), as :func:`apply` keeps it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["apply", "diff", "same", "strip_nulls"]

_MISSING = object()


def strip_nulls(value: Any) -> Any:
    """``value`` with every ``null`` member of its objects left out, recursively through
    objects (not into lists: a list is a value a patch replaces whole). Returns ``value``
    itself (not a copy) when it holds no such member; never changes ``value``."""
    if type(value) is not dict:
        return value
    out = None
    for k, v in value.items():
        if v is None or (type(v) is dict and strip_nulls(v) is not v):
            out = {}
            break
    if out is None:
        return value
    for k, v in value.items():
        if v is not None:
            out[k] = strip_nulls(v) if type(v) is dict else v
    return out


def same(a: Any, b: Any) -> bool:
    """Whether two JSON values are equal as JSON: like ``==``, but ``1``, ``1.0`` and ``true``
    differ (Python's ``==`` holds them equal, JSON writes them differently)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        if len(a) != len(b):
            return False
        for k, v in a.items():
            w = b.get(k, _MISSING)
            if w is _MISSING or not same(v, w):
                return False
        return True
    if kind is list or kind is tuple:
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The merge patch that turns ``old`` into ``new`` (``{}`` when nothing changed).

    Args:
        old: the state last sent, an object without ``null`` members (:func:`strip_nulls`).
        new: the state now; its ``null`` members count as absent (they are not sent).

    The patch shares values with ``new`` (do not change either afterwards)."""
    patch: dict[str, Any] = {}
    for k, v in new.items():
        o = old.get(k, _MISSING)
        if v is None:
            if o is not _MISSING:
                patch[k] = None
            continue
        if o is _MISSING:
            patch[k] = strip_nulls(v)
        elif type(v) is dict and type(o) is dict:
            sub = diff(o, v)
            if sub:
                patch[k] = sub
        elif not same(o, v):
            patch[k] = strip_nulls(v)
    for k in old:
        if k not in new:
            patch[k] = None
    return patch


def apply(target: Any, patch: Any) -> Any:
    """``target`` with the merge patch applied (RFC 7386, section 2): a new value; ``target``
    and ``patch`` are not changed, and the parts the patch leaves alone are shared."""
    if type(patch) is not dict:
        return patch
    out = dict(target) if type(target) is dict else {}
    for k, v in patch.items():
        if v is None:
            out.pop(k, None)
        elif type(v) is dict:
            out[k] = apply(out.get(k), v)
        else:
            out[k] = v
    return out
