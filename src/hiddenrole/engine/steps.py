"""A game's steps as data: at each step, who acts, the action kinds it takes and their keys,
what its deadline does, and the step after it.

Each game declares its steps once (``Game.STEPS``, beside its rules), as boardgame.io's
``phases``/``moves`` or OpenSpiel's game type declare theirs; the engine then checks every
action against the declaration, once (:meth:`hiddenrole.engine.Game.apply_checked`), before the
game's handler sees it:

1. the kind is declared (else ``unknown action kind 'x' (known: ...)``);
2. its keys are the kind's own: no key it does not take (``unknown key 'x' in a 'give' action
   (it takes ...)``), none it always takes missing (``missing 'target' ...``);
3. the turn: the kind is one the current step takes (or one taken at any time, such as a
   post), by a player the step waits for (unless the step lets the game judge who, e.g. a
   vote that may be changed); else the game's own one-line refusal
   (:meth:`~hiddenrole.engine.Game.refusal`).

The values (is the target a player? is the card in the hand?) are the game's to check. The
server asks the declaration which keys an action may carry (:meth:`Steps.keys_of`) and
repeats none of these checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: the keys every action has
BASE_KEYS: frozenset[str] = frozenset({"player", "action"})


class Kind:
    """One action kind and its keys (besides ``player`` and ``action``).

    Args:
        name: the kind (``"give"``).
        keys: the keys every action of the kind carries.
        optional: the keys it may carry (a choice between two, a key only some steps take).
    """

    def __init__(self, name: str, keys: Sequence[str] = (), optional: Sequence[str] = ()) -> None:
        self.name = name
        self.keys: tuple[str, ...] = tuple(keys)
        self.optional: tuple[str, ...] = tuple(optional)
        #: every key an action of the kind may carry, ``player`` and ``action`` included
        self.allowed: frozenset[str] = BASE_KEYS | frozenset(keys) | frozenset(optional)
        self.size: int = len(self.allowed)
        #: no optional key: an action with ``size`` keys, among them every one of ``keys``, is right
        self.exact: bool = not self.optional

    def __repr__(self) -> str:
        return f"Kind({self.name!r}, {self.keys!r}, {self.optional!r})"

    def takes(self) -> str:
        """The keys in words, for a message: ``"it takes card"``, ``"it takes no key"``."""
        params = sorted(self.allowed - BASE_KEYS)
        if not params:
            return "it takes no key but player and action"
        return "it takes " + ", ".join(params)

    def fits(self, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` carries every key the kind always takes (its other keys allowed)."""
        for key in self.keys:
            if key not in action:
                return False
        return True

    def bad_keys(self, action: Mapping[str, Any]) -> str:
        """Why ``action``'s keys are not this kind's (one line); called only when they are not."""
        allowed = self.allowed
        if not allowed.issuperset(action):
            extra = sorted(str(k) for k in action if k not in allowed)
            shown = ", ".join(repr(k[:30]) for k in extra[:3]) + (f" and {len(extra) - 3} more" if len(extra) > 3 else "")
            return (f"unknown key{'s' if len(extra) > 1 else ''} {shown} in {_article(self.name)} {self.name!r} action "
                    f"({self.takes()})")
        missing = [k for k in self.keys if k not in action]
        if missing:
            return f"missing {', '.join(map(repr, missing))} ({_article(self.name)} {self.name!r} action: {self.takes()})"
        return f"the keys of {_article(self.name)} {self.name!r} action are wrong ({self.takes()})"


class Step:
    """One step of a game: who acts, the kinds they may take, what the deadline does, what follows.

    Args:
        name: the step (the game's :attr:`~hiddenrole.engine.Game.step` while it is current).
        who: who acts, in words ("the snitch", "every living player").
        kinds: the action kinds the step takes (besides those taken at any time).
        timeout: what its deadline does, in words (the documented default).
        next: the step that always follows it, ``None`` when that depends on the play.
        waited: ``True``: only the players :meth:`~hiddenrole.engine.Game.to_act` lists may
            act (the engine checks); ``False``: the game judges who may (a turbo vote that
            may be changed after it was cast).
    """

    def __init__(self, name: str, who: str, kinds: Sequence[str], timeout: str,
                 next: str | None = None, waited: bool = True) -> None:
        self.name = name
        self.who = who
        self.kinds: frozenset[str] = frozenset(kinds)
        self.order: tuple[str, ...] = tuple(kinds)
        self.timeout = timeout
        self.next = next
        self.waited = waited

    def __repr__(self) -> str:
        return f"Step({self.name!r}, {self.who!r}, {self.order!r}, next={self.next!r})"


class Steps:
    """A game's steps and action kinds: its declaration, checked when it is made.

    Args:
        kinds: every action kind of the game.
        steps: every step, in the order of the rules.
        anytime: the kinds taken at any step (a post, a statement): the game judges them.

    Raises:
        ValueError: a step takes an undeclared kind, or names an undeclared next step.
    """

    def __init__(self, kinds: Iterable[Kind], steps: Iterable[Step], anytime: Sequence[str] = ()) -> None:
        self.kinds: dict[str, Kind] = {k.name: k for k in kinds}
        self.steps: dict[str, Step] = {s.name: s for s in steps}
        self.anytime: frozenset[str] = frozenset(anytime)
        #: step -> kind -> (the kind, whether only the players the step waits for may take it),
        #: for every kind the step takes and those taken at any time (``False``): the engine's
        #: one lookup per action
        self.at: dict[str, dict[str, tuple[Kind, bool]]] = {
            s.name: {**{k: (self.kinds[k], s.waited) for k in s.order if k in self.kinds},
                     **{k: (self.kinds[k], False) for k in self.anytime if k in self.kinds}}
            for s in self.steps.values()}
        self.known = ", ".join(self.kinds)
        for step in self.steps.values():
            for kind in step.order:
                if kind not in self.kinds:
                    raise ValueError(f"step {step.name!r} takes the undeclared kind {kind!r}")
            if step.next is not None and step.next not in self.steps:
                raise ValueError(f"step {step.name!r} is followed by the undeclared step {step.next!r}")
        for kind in self.anytime:
            if kind not in self.kinds:
                raise ValueError(f"the undeclared kind {kind!r} is taken at any time")

    def __repr__(self) -> str:
        return f"Steps({list(self.kinds.values())!r}, {list(self.steps.values())!r}, {sorted(self.anytime)!r})"

    def keys_of(self, kind: Any) -> frozenset[str] | None:
        """Every key an action of ``kind`` may carry (``player`` and ``action`` included), or
        ``None`` for a kind the game does not have."""
        spec = self.kinds.get(kind) if type(kind) is str else None
        return None if spec is None else spec.allowed

    def unknown_kind(self, kind: str) -> str:
        """The refusal of an undeclared kind (one line)."""
        return f"unknown action kind {kind[:40]!r} (known: {self.known})"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"
