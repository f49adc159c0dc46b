"""What the tests compare to check that a refused input changed nothing: an object's attributes.

``vars(obj)`` works only for interpreted classes; the compiled build (setup.py, mypyc) keeps
a native object's attributes in slots its type lists as descriptors. This reads both.
"""

from __future__ import annotations

import types
from collections.abc import Collection
from typing import Any

_SLOTS = (types.GetSetDescriptorType, types.MemberDescriptorType)


def instance_state(obj: Any, skip: Collection[str] = ()) -> dict[str, Any]:
    """Every attribute ``obj`` holds, by name: its ``__dict__`` (an interpreted class) and
    the slot attributes of every class in its MRO (a compiled class), unset slots left out.

    A compiled class lists its properties as slots too, so reading them runs them: name in
    ``skip`` the properties that change state when read (a lazily built cache)."""
    out = {k: v for k, v in getattr(obj, "__dict__", {}).items() if k not in skip}
    for klass in type(obj).__mro__:
        for name, attr in vars(klass).items():
            if isinstance(attr, _SLOTS) and name not in ("__dict__", "__weakref__") and name not in out \
                    and name not in skip:
                try:
                    out[name] = getattr(obj, name)
                except AttributeError:
                    continue
    return out
