"""The bot contract: a bot is given an :class:`Observation` and returns one legal action."""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from ..engine import Action, Observer, Rng, derive_seed


@dataclass(frozen=True)
class BotParam:
    """One tunable parameter of a bot kind (``--bot-param NAME=VALUE``).

    Attributes:
        name: the parameter's name (``trust_noise``).
        default: its value when not given (a number).
        low, high: the values it may take (inclusive).
        help: one line saying what it models, for ``docs/bots.md`` and error messages.
    """

    name: str
    default: float
    low: float
    high: float
    help: str


def check_bot_params(classes: Iterable[type[Bot]], given: Mapping[str, Any]) -> dict[str, float]:
    """Check ``--bot-param`` values against the bot classes of a run; returns them as numbers.

    A parameter must be one of the parameters of some class in ``classes`` (the bots that
    take parameters read the ones they know), and a number within that parameter's range.

    Args:
        classes: the bot classes seated in the run.
        given: ``{name: value}``; values are numbers or their text (``"0.3"``).

    Returns:
        ``{name: float}``, sorted by name.

    Raises:
        ValueError: no bot of the run takes parameters, an unknown name, or a value that
            is not a number or out of range (one line naming it).
    """
    specs: dict[str, BotParam] = {}
    kinds = []
    for cls in classes:
        kinds.append(cls.kind)
        for spec in cls.PARAMS:
            specs.setdefault(spec.name, spec)
    out: dict[str, float] = {}
    if not given:
        return out
    if not specs:
        raise ValueError(f"--bot-param: the {' and '.join(sorted(set(kinds)))} bots take no parameters "
                         "(the human bots do: --bots '*=human')")
    for name in sorted(given):
        known = specs.get(name)
        if known is None:
            raise ValueError(f"--bot-param {name}: unknown parameter (known: {', '.join(sorted(specs))})")
        raw = given[name]
        try:
            value = float(raw) if not isinstance(raw, bool) else float("nan")
        except (TypeError, ValueError):
            value = float("nan")
        if not value == value:  # not a number (NaN included)
            raise ValueError(f"--bot-param {name}={raw}: not a number")
        if not known.low <= value <= known.high:
            raise ValueError(f"--bot-param {name}={raw}: must be from {known.low:g} to {known.high:g}")
        out[name] = value
    return out


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

    A kind with tunable parameters lists them in ``PARAMS`` and takes them as a fourth
    argument ``params`` (``{name: number}``, checked by :func:`check_bot_params`; missing
    names take their defaults).
    """

    kind: ClassVar[str]
    #: how the kind plays, in one plain line (``hiddenrole bots`` lists it)
    summary: ClassVar[str] = ""
    needs_view: ClassVar[bool] = True
    #: The event kinds the bot reads (``None``: every kind): the play loop hands it only
    #: events of these kinds (:class:`~hiddenrole.engine.observer.Reader`), so a bot pays for
    #: the events it reads, not for every event of the game. A kind left out must change
    #: nothing the bot decides.
    READS: ClassVar[frozenset[str] | None] = None
    #: False: the bot never makes a statement (a claim): every caller offers it the game's
    #: legal moves only (:meth:`~hiddenrole.engine.Game.legal_moves`), never a statement
    MAKES_STATEMENTS: ClassVar[bool] = True
    PARAMS: ClassVar[tuple[BotParam, ...]] = ()

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
    "human": {
        "secret-hitler": "hiddenrole.bots.human:HumanSecretHitlerBot",
        "mccarthyism": "hiddenrole.bots.human:HumanMcCarthyismBot",
        "shady-agents": "hiddenrole.bots.human:HumanShadyAgentsBot",
    },
    # a language model over an OpenAI-compatible endpoint (hiddenrole.bots.llm, docs/agents.md)
    "llm": {"*": "hiddenrole.bots.llm:LLMBot"},
}

#: The kind the balance lab seats when none is given: people-like play where a game has it.
LAB_DEFAULT_KIND = "human"


def default_kind(game: str) -> str:
    """The lab's default bot kind for ``game``: :data:`LAB_DEFAULT_KIND` when ``game`` has
    one, else ``"random"`` (a game without a human bot, e.g. a designer's own)."""
    return LAB_DEFAULT_KIND if LAB_DEFAULT_KIND in bot_kinds(game) else "random"


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


def seat_bots(
    players: Iterable[str],
    classes: Callable[[str], type[Bot]] | type[Bot],
    seed: int,
    params: Mapping[str, float] | None = None,
) -> dict[str, Bot]:
    """One bot per player, all drawing from one generator seeded from ``seed``.

    The bots of a game act one at a time in an order the game fixes, so sharing one
    generator keeps a game replayable from its seed while seeding only once per game.

    Args:
        players: the names to seat bots for.
        classes: the bot class for everyone, or a function giving the class for a player.
        seed: the game's seed (int).
        params: bot parameters (checked, :func:`check_bot_params`), given to the classes
            that take parameters (``PARAMS``); the others are built as without.

    Returns:
        ``{player: bot}``.
    """
    rng = Rng(derive_seed("bots", seed))
    pick = (lambda _p: classes) if isinstance(classes, type) else classes
    if not params:
        return {p: pick(p)(p, seed, rng) for p in players}
    out: dict[str, Bot] = {}
    for p in players:
        cls: type[Bot] = pick(p)
        out[p] = cls(p, seed, rng, params) if cls.PARAMS else cls(p, seed, rng)  # type: ignore[call-arg]
    return out
