"""What an environment needs from a game beyond the engine contract: a fixed list of every
action (the discrete action space) and a fixed-size numeric encoding of a player's
information state.

A game's encoding is an :class:`Encoding` subclass in its own module, registered by game
name (:func:`register_encoding`, as bots are registered with
:func:`hiddenrole.bots.register_bot`); the environment (:mod:`hiddenrole.envs.aec`) has no
branch for any game. The three games' encodings are :mod:`hiddenrole.envs.secret_hitler`,
:mod:`hiddenrole.envs.mccarthyism` and :mod:`hiddenrole.envs.shady_agents`.

An encoding reads only what the player may know: the player's own snapshot
(:meth:`hiddenrole.engine.Observer.snapshot`, the view without its events) -- never the
game object.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, product
from typing import Any, ClassVar

from ..engine import BadSetup, game_class

__all__ = [
    "SEATS", "Encoding", "Features", "Seats", "Subsets", "Template", "action_key", "encoding_class", "game_steps",
    "register_encoding",
]


class Seats:
    """A parameter whose value is one seated player's name (every seat, the actor's own
    included: the mask rules out what the game does not allow)."""

    def values(self, players: Sequence[str]) -> list[Any]:
        return list(players)


SEATS = Seats()


class Subsets:
    """A parameter whose value is a list of distinct players' names, of one of ``sizes``
    (e.g. ``(1, 2)``): a list parameter is read as a set (its order is not part of the
    action: see :func:`action_key`)."""

    def __init__(self, sizes: Iterable[int]) -> None:
        self.sizes = tuple(sizes)

    def values(self, players: Sequence[str]) -> list[Any]:
        return [list(c) for k in self.sizes for c in combinations(players, k)]


class Template:
    """A family of actions: an action kind and, for each parameter, its possible values
    (a tuple of constants, :data:`SEATS`, a :class:`Subsets`, or a tuple mixing constants
    and :data:`SEATS`, expanded in that order).

    Example: ``Template("vote", vote=("yes", "no"))``, ``Template("nominate", target=SEATS)``.
    """

    def __init__(self, kind: str, **params: Any) -> None:
        self.kind = kind
        self.params = params

    def expand(self, players: Sequence[str]) -> list[dict[str, Any]]:
        """Every action of the family at a table of ``players`` (without ``player``), in a fixed order."""
        names = list(self.params)
        domains = [_domain(self.params[n], players) for n in names]
        return [{"action": self.kind, **dict(zip(names, values))} for values in product(*domains)]


def _domain(spec: Any, players: Sequence[str]) -> list[Any]:
    if isinstance(spec, (Seats, Subsets)):
        return spec.values(players)
    out: list[Any] = []
    for item in spec:
        out.extend(_domain(item, players) if isinstance(item, (Seats, Subsets)) else [item])
    return out


def game_steps(game: str) -> tuple[str, ...]:
    """The names of ``game``'s steps, as it declares them (``Game.STEPS``), in the order of its
    rules: the one-hot of an observation's ``step``."""
    steps = game_class(game).STEPS
    if steps is None:
        raise BadSetup(f"game {game!r} declares no steps")
    return tuple(steps.steps)


def action_key(action: Mapping[str, Any]) -> tuple[Any, ...]:
    """The identity of an action in the action space: its kind and parameters without
    ``player``, a list parameter read as a set (sorted), so ``{"targets": ["B", "A"]}`` and
    ``{"targets": ["A", "B"]}`` are one action (the game's own listing is what is applied)."""
    items = []
    for k, v in action.items():
        if k == "player":
            continue
        if isinstance(v, (list, tuple)):
            v = ("set",) + tuple(sorted(map(str, v)))
        items.append((k, v))
    return tuple(sorted(items, key=lambda kv: kv[0]))


class Features:
    """Builds a numeric vector and, when ``named``, the name of each of its components at
    once; every value is in ``[0, 1]`` (counts are divided by their largest value and capped
    at 1). The environment names the components once (:attr:`HiddenRoleEnv.feature_names`)
    and builds the vectors of play without names.

    Args:
        named: whether to record the components' names (``names``; ``None`` when not).
    """

    __slots__ = ("names", "values")

    def __init__(self, named: bool = True) -> None:
        self.names: list[str] | None = [] if named else None
        self.values: list[float] = []

    def flag(self, name: str, value: Any) -> None:
        """One component: 1 when ``value`` is true, else 0."""
        if self.names is not None:
            self.names.append(name)
        self.values.append(1.0 if value else 0.0)

    def scaled(self, name: str, value: float | None, top: float) -> None:
        """One component: ``value / top``, capped to ``[0, 1]`` (``None`` counts as 0)."""
        if self.names is not None:
            self.names.append(f"{name}/{top:g}")
        v = 0.0 if value is None or top <= 0 else float(value) / top
        self.values.append(min(1.0, max(0.0, v)))

    def one_hot(self, name: str, value: Any, choices: Sequence[Any]) -> None:
        """One component per choice: 1 where ``value`` equals it (all 0 for another value)."""
        if self.names is not None:
            self.names.extend(f"{name}={c}" for c in choices)
        self.values.extend(1.0 if value == c else 0.0 for c in choices)

    def seats(self, name: str, players: Sequence[str], chosen: Any) -> None:
        """One component per seat: 1 where the seat's player is in ``chosen`` (a collection
        of names, or one name, or ``None``)."""
        if chosen is None:
            chosen = ()
        elif isinstance(chosen, str):
            chosen = (chosen,)
        chosen = set(chosen)
        if self.names is not None:
            self.names.extend(f"{name}[seat {i}]" for i in range(len(players)))
        self.values.extend(1.0 if p in chosen else 0.0 for p in players)

    def seat_values(self, name: str, players: Sequence[str], values: Mapping[str, Any] | None, top: float) -> None:
        """One component per seat: ``values[player] / top`` (0 for a player not listed)."""
        values = values or {}
        for i, p in enumerate(players):
            self.scaled(f"{name}[seat {i}]", values.get(p), top)

    def seat_one_hot(self, name: str, players: Sequence[str], values: Mapping[str, Any] | None,
                     choices: Sequence[Any]) -> None:
        """``len(choices)`` components per seat: a one-hot of ``values[player]`` (all 0 when
        the player is not listed: unknown)."""
        values = values or {}
        for i, p in enumerate(players):
            self.one_hot(f"{name}[seat {i}]", values.get(p), choices)


class Encoding:
    """A game's action list and observation encoding, for one table (players and options).

    Subclasses set :attr:`TEMPLATES` (every action family of the game, free-text posts
    excluded) and implement :meth:`encode`.

    Args:
        players: the names in seat order.
        options: the game's resolved options.
    """

    #: Every kind of action with its parameters' possible values, in a fixed order.
    TEMPLATES: ClassVar[Sequence[Template]] = ()

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = tuple(players)
        self.options = dict(options)
        self.actions: list[dict[str, Any]] = []
        self.index: dict[tuple[Any, ...], int] = {}
        for template in self.TEMPLATES:
            for action in template.expand(self.players):
                key = action_key(action)
                if key not in self.index:
                    self.index[key] = len(self.actions)
                    self.actions.append(action)

    def encode(self, snapshot: Mapping[str, Any], features: Features) -> None:
        """Add the components of one player's information state (``snapshot``: the observer's
        snapshot, ``player``, ``board``, ``private``...) to ``features``; the same components
        in the same order for every snapshot of the table."""
        raise NotImplementedError


_ENCODINGS: dict[str, str] = {
    "secret-hitler": "hiddenrole.envs.secret_hitler:SecretHitlerEncoding",
    "mccarthyism": "hiddenrole.envs.mccarthyism:McCarthyismEncoding",
    "shady-agents": "hiddenrole.envs.shady_agents:ShadyAgentsEncoding",
}


def register_encoding(game: str, target: str) -> None:
    """Register the encoding class (``"module:Class"``) of ``game`` (a registered game's name)."""
    _ENCODINGS[game] = target


def encoding_class(game: str) -> type[Encoding]:
    """The encoding class registered for ``game``.

    Raises:
        BadSetup: no encoding is registered for ``game``.
    """
    target = _ENCODINGS.get(game)
    if target is None:
        raise BadSetup(f"no environment encoding for the game {game!r} (known: {', '.join(_ENCODINGS)})")
    module, _, name = target.partition(":")
    cls: type[Encoding] = getattr(importlib.import_module(module), name)
    return cls
