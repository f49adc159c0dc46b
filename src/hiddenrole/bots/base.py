"""The bot contract: a bot is given an :class:`Observation` and returns one legal action."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from ..engine import Action, Observer, Rng, derive_seed


class Observation:
    """What a bot is given to decide: a player's legal actions, the events new to it, and its
    information state, read through the player's observer (nothing else of the game).

    Attributes:
        player: the bot's player name.
        legal_actions: the concrete actions the player may take now (JSON dicts, fresh).
        events: the events the player may see that are new since its previous decision
            (JSON dicts, read-only; the first decision gets every event so far), or ``None``
            when the caller gave a whole view instead (``view["events"]``).
        view: the player's information state: the observer's snapshot (no ``events`` key),
            built only when a bot reads it, or the whole view a caller passed; ``None`` for
            bots that declare ``needs_view = False``.
    """

    __slots__ = ("player", "legal_actions", "events", "_view", "_observer")

    def __init__(
        self,
        player: str,
        legal_actions: list[Action],
        view: dict[str, Any] | None = None,
        events: list[dict[str, Any]] | None = None,
        observer: Observer | None = None,
    ) -> None:
        self.player = player
        self.legal_actions = legal_actions
        self.events = events
        self._view = view
        self._observer = observer

    @property
    def view(self) -> dict[str, Any] | None:
        """The player's information state (see the class docstring); built once, on first read."""
        view = self._view
        if view is None and self._observer is not None:
            view = self._view = self._observer.snapshot()
        return view


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled build: bots outside it subclass Bot
class Bot(ABC):
    """A player controlled by the computer.

    Args:
        player: the seat's player name.
        seed: seeds the bot's own choices (int); the lab derives it from the game's seed.
        rng: a generator to draw from instead of seeding one (see :func:`seat_bots`, which
            gives the bots of one game one shared generator: seeding costs microseconds).
    """

    kind: ClassVar[str]
    needs_view: ClassVar[bool] = True

    def __init__(self, player: str, seed: int = 0, rng: Rng | None = None) -> None:
        self.player = player
        self.rng = rng if rng is not None else Rng(derive_seed("bot", seed, player))

    @abstractmethod
    def choose(self, observation: Observation) -> Action:
        """Return one element of ``observation.legal_actions`` (which is never empty)."""


# kind -> "module:Class" per game; "random" plays every game.
_BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "hiddenrole.bots.random_bot:RandomBot"},
    "rule": {
        "secret-hitler": "hiddenrole.bots.secret_hitler:SecretHitlerBot",
        "mccarthyism": "hiddenrole.bots.mccarthyism:McCarthyismBot",
        "shady-agents": "hiddenrole.bots.shady_agents:ShadyAgentsBot",
    },
    # a language model over an OpenAI-compatible endpoint (hiddenrole.bots.llm, docs/agents.md)
    "llm": {"*": "hiddenrole.bots.llm:LLMBot"},
}


def register_bot(kind: str, game: str, target: str) -> None:
    """Register a bot class (``"module:Class"``) as ``kind`` for ``game`` (``"*"``: every game)."""
    _BOTS.setdefault(kind, {})[game] = target


#: The kinds whose bots wait for the network at every decision (a language model's reply):
#: the server does not seat them itself (its bots decide in its event loop); they play a
#: served table as remote agents (``hiddenrole agent``).
WAITING_KINDS = frozenset({"llm"})


def bot_kinds(game: str, own: bool = False, waiting: bool = True) -> list[str]:
    """The bot kinds that can play ``game``; with ``own``, only those made for it (registered
    for ``game`` by name, not for every game like ``random`` and ``llm``); without
    ``waiting``, not those of :data:`WAITING_KINDS`."""
    return [k for k, by_game in _BOTS.items() if (game in by_game or (not own and "*" in by_game))
            and (waiting or k not in WAITING_KINDS)]


def bot_class(kind: str, game: str) -> type[Bot]:
    """The bot class of ``kind`` for ``game``; raises ``ValueError`` naming the known kinds."""
    by_game = _BOTS.get(kind, {})
    target = by_game.get(game) or by_game.get("*")
    if target is None:
        raise ValueError(f"no bot {kind!r} for {game!r} (known: {', '.join(bot_kinds(game))})")
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def seat_bots(players: Iterable[str], classes: Callable[[str], type[Bot]] | type[Bot], seed: int) -> dict[str, Bot]:
    """One bot per player, all drawing from one generator seeded from ``seed``.

    The bots of a game act one at a time in an order the game fixes, so sharing one
    generator keeps a game replayable from its seed while seeding only once per game.

    Args:
        players: the names to seat bots for.
        classes: the bot class for everyone, or a function giving the class for a player.
        seed: the game's seed (int).

    Returns:
        ``{player: bot}``.
    """
    rng = Rng(derive_seed("bots", seed))
    pick = (lambda _p: classes) if isinstance(classes, type) else classes
    return {p: pick(p)(p, seed, rng) for p in players}
