"""Simulate many seeded games per player count and option set, and count how they ended.

Seeding: game ``i`` (0-based) at player count ``n`` is seeded with
``derive_seed(seed, game, n, i)``. The seed does not depend on the option set either, so
every option value of a sweep is played on the same deals (paired comparison), and a
result does not depend on how the games are split between batches, workers or machines.

The unit of work is a :class:`Batch`: a range of game indices at one player count and one
option set. :func:`run_batch` plays it anywhere (this process, a worker process, a Ray
task) and returns a :class:`CountResult`; tallies merge by addition, so the merged result
is the same whatever the split and the order in which batches finish.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import Bot, bot_class, check_bot_params, default_kind, seat_bots
from ..engine import BadSetup, Game, derive_seed, game_class
from .fun import GameTrace, public_features
from .play import play_game
from .stats import wilson_interval

#: Turn counts come from the game's ``Result.detail["turns"]`` when it gives one.
TURNS_FROM_GAME = "game"
#: ... otherwise a turn is a phase: the count of phases the game went through.
TURNS_FROM_PHASES = "phases"
#: Game time at the forum pace (:class:`DeadlineClock`) is measured on every tenth game
#: (indices 0, 10, 20, ...): watching the deadlines costs about a fifth of a random-bot
#: game, and a tenth of the games gives the median and percentiles closely enough.
DEADLINE_SAMPLE = 10


class SimulationError(RuntimeError):
    """A simulated game failed (an engine or bot bug); the message names the game's seed."""


def _histogram_json(hist: Counter) -> dict[str, int]:
    return {str(k): hist[k] for k in sorted(hist)}


def _histogram_from_json(data: Mapping[str, int]) -> Counter:
    return Counter({int(k): int(v) for k, v in data.items()})


def _quantile(hist: Counter, q: float) -> float:
    """The ``q`` quantile (0..1) of a histogram ``{value: count}`` (lower value on ties)."""
    total = sum(hist.values())
    if not total:
        return 0.0
    rank = q * (total - 1)
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen > rank:
            return float(value)
    return float(max(hist))


def length_stats(hist: Counter) -> dict[str, float]:
    """``{"mean", "min", "p10", "median", "p90", "max"}`` of a game-length histogram ``{length: games}``."""
    total = sum(hist.values())
    if not total:
        return {"mean": 0.0, "min": 0.0, "p10": 0.0, "median": 0.0, "p90": 0.0, "max": 0.0}
    return {
        "mean": sum(k * v for k, v in hist.items()) / total,
        "min": float(min(hist)),
        "p10": _quantile(hist, 0.10),
        "median": _quantile(hist, 0.50),
        "p90": _quantile(hist, 0.90),
        "max": float(max(hist)),
    }


@dataclass
class CountResult:
    """The tally of the games at one player count (and one option set).

    Attributes:
        players: the player count.
        games: games counted.
        wins: side name -> games it won; ``"draw"`` counts games with no winner.
        reasons: end reason (``Result.reason``) -> games.
        actions: total actions over the games (count).
        timeouts: total timeouts (deadlines passed) over the games (count).
        turns_hist: game length in turns -> games (see :data:`TURNS_FROM_GAME`).
        actions_hist: game length in actions -> games.
        turns_from_game: games whose turn count the game itself gave (the others count phases).
        deadline_hist: game length in seconds when every step lasts its whole deadline
            (rounded down to whole seconds; see :class:`DeadlineClock`) -> games, for the
            games whose index is a multiple of :data:`DEADLINE_SAMPLE`.
        moments_hist: game length in decision moments (see :func:`play_game`) -> games.
        per_game: game index -> its winning side (``"draw"``: no winner), kept only when the
            run asks for it (a paired comparison), else empty; the file lists the winners in
            index order (games 0 .. games-1).
        model_replies: decisions the ``llm`` bots asked their language model for (count).
        model_fallbacks: those whose reply named no legal action, so the rule bot chose (count).
        traces: each game's public moments when the run traced them (:attr:`Batch.trace`),
            in the order played; not part of the result file (its fun measures are).
    """

    players: int
    games: int = 0
    wins: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    actions: int = 0
    timeouts: int = 0
    turns_hist: Counter = field(default_factory=Counter)
    actions_hist: Counter = field(default_factory=Counter)
    turns_from_game: int = 0
    deadline_hist: Counter = field(default_factory=Counter)
    moments_hist: Counter = field(default_factory=Counter)
    per_game: dict[int, str] = field(default_factory=dict)
    model_replies: int = 0
    model_fallbacks: int = 0
    traces: list[GameTrace] = field(default_factory=list)

    def add(
        self,
        winner: str | None,
        reason: str,
        actions: int,
        turns: int = 0,
        timeouts: int = 0,
        *,
        turns_from_game: bool = False,
        deadline_seconds: float | None = None,
        moments: int = 0,
        index: int | None = None,
    ) -> None:
        """Count one finished game: its winning side (``None``: a draw), end reason and length
        (actions, turns, timeouts and moments are counts; ``deadline_seconds`` in seconds,
        ``None`` when the game was not timed)
        ``index`` (the game's index in the run) keeps its winner in :attr:`per_game`."""
        self.games += 1
        if deadline_seconds is not None:
            self.deadline_hist[int(deadline_seconds)] += 1
        self.moments_hist[moments] += 1
        if index is not None:
            self.per_game[index] = winner if winner is not None else "draw"
        self.turns_from_game += bool(turns_from_game)
        self.wins[winner if winner is not None else "draw"] += 1
        self.reasons[reason] += 1
        self.actions += actions
        self.timeouts += timeouts
        self.turns_hist[turns] += 1
        self.actions_hist[actions] += 1

    def merge(self, other: CountResult) -> None:
        """Add ``other``'s games (same player count) to this tally.

        Raises ``ValueError`` when the player counts differ.
        """
        if other.players != self.players:
            raise ValueError(f"cannot merge a {other.players}-player tally into a {self.players}-player one")
        self.games += other.games
        self.wins.update(other.wins)
        self.reasons.update(other.reasons)
        self.actions += other.actions
        self.timeouts += other.timeouts
        self.turns_hist.update(other.turns_hist)
        self.actions_hist.update(other.actions_hist)
        self.turns_from_game += other.turns_from_game
        self.deadline_hist.update(other.deadline_hist)
        self.moments_hist.update(other.moments_hist)
        self.per_game.update(other.per_game)
        self.model_replies += other.model_replies
        self.model_fallbacks += other.model_fallbacks
        self.traces.extend(other.traces)

    @property
    def turns_measure(self) -> str:
        """How turns were counted: ``"game"``, ``"phases"``, or ``"mixed"`` (see :func:`play_seeded`)."""
        if self.turns_from_game == self.games:
            return TURNS_FROM_GAME if self.games else TURNS_FROM_PHASES
        return TURNS_FROM_PHASES if self.turns_from_game == 0 else "mixed"

    def win_rate(self, side: str) -> tuple[float, float, float]:
        """``(rate, low, high)``: ``side``'s win rate and its 95% Wilson interval, as fractions."""
        wins = self.wins.get(side, 0)
        low, high = wilson_interval(wins, self.games)
        return (wins / self.games if self.games else 0.0, low, high)

    def win_cell(self, side: str) -> str:
        """``side``'s win rate with its 95% interval, in percent: ``"41.5 (39.3-43.7)"``."""
        rate, low, high = self.win_rate(side)
        return f"{100 * rate:.1f} ({100 * low:.1f}-{100 * high:.1f})"

    def to_json(self) -> dict[str, Any]:
        """The tally as JSON data (keys sorted, so equal tallies serialise identically); with
        ``llm`` bots also ``language_model``: ``{"replies", "fallbacks"}``."""
        out = {
            "players": self.players,
            "games": self.games,
            "wins": {k: self.wins[k] for k in sorted(self.wins)},
            "reasons": {k: self.reasons[k] for k in sorted(self.reasons)},
            "mean_actions": self.actions / self.games if self.games else 0.0,
            "timeouts": self.timeouts,
            "turns": {
                "measure": self.turns_measure,
                "from_game": self.turns_from_game,
                "stats": length_stats(self.turns_hist),
                "histogram": _histogram_json(self.turns_hist),
            },
            "actions": {"stats": length_stats(self.actions_hist), "histogram": _histogram_json(self.actions_hist)},
            "deadline_seconds": {
                "stats": length_stats(self.deadline_hist), "histogram": _histogram_json(self.deadline_hist),
            },
            "moments": {"stats": length_stats(self.moments_hist), "histogram": _histogram_json(self.moments_hist)},
            **({"per_game": [self.per_game[i] for i in sorted(self.per_game)]} if self.per_game else {}),
        }
        if self.model_replies:
            out["language_model"] = {"replies": self.model_replies, "fallbacks": self.model_fallbacks}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CountResult:
        """Rebuild a tally from :meth:`to_json` data. Raises ``KeyError``/``ValueError`` on bad data."""
        tally = cls(int(data["players"]))
        tally.games = int(data["games"])
        tally.wins = Counter({str(k): int(v) for k, v in data["wins"].items()})
        tally.reasons = Counter({str(k): int(v) for k, v in data["reasons"].items()})
        tally.timeouts = int(data.get("timeouts", 0))
        tally.turns_hist = _histogram_from_json(data["turns"]["histogram"])
        tally.turns_from_game = int(data["turns"].get("from_game", 0))
        model = data.get("language_model") or {}
        tally.model_replies = int(model.get("replies", 0))
        tally.model_fallbacks = int(model.get("fallbacks", 0))
        tally.actions_hist = _histogram_from_json(data["actions"]["histogram"])
        tally.actions = sum(k * v for k, v in tally.actions_hist.items())
        if "deadline_seconds" in data:  # result files before game time was measured lack these
            tally.deadline_hist = _histogram_from_json(data["deadline_seconds"]["histogram"])
        if "moments" in data:
            tally.moments_hist = _histogram_from_json(data["moments"]["histogram"])
        tally.per_game = {i: str(w) for i, w in enumerate(data.get("per_game", []))}
        return tally

    @property
    def timed(self) -> bool:
        """Whether game time was measured (result files written before it was lack it)."""
        return sum(self.moments_hist.values()) == self.games and self.games > 0


def outcome_columns(sides: Sequence[str], tallies: Iterable[CountResult]) -> list[str]:
    """The sides, plus ``"draw"`` when any of ``tallies`` counted a draw: a table's outcome columns."""
    draws = any(t.wins.get("draw") for t in tallies)
    return list(sides) + (["draw"] if draws else [])


def player_names(count: int) -> list[str]:
    """Seat names for simulated games: ``P1 .. Pn``."""
    return [f"P{i}" for i in range(1, count + 1)]


def target_of(obj: type) -> str:
    """The ``"module:Class"`` import path of a class (what workers import it by)."""
    return f"{obj.__module__}:{obj.__qualname__}"


def load_target(target: str) -> type:
    """Import a class from its ``"module:Class"`` path. Raises ``BadSetup`` naming it when it cannot."""
    module, sep, name = target.partition(":")
    if not sep or not module or not name:
        raise BadSetup(f"bad import path {target!r}: use module:Class")
    try:
        obj: Any = importlib.import_module(module)
        for part in name.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise BadSetup(f"cannot import {target!r}: {exc}") from None
    return obj


def resolve_game(game: str) -> type[Game]:
    """The game class for a registered name (``"secret-hitler"``) or a ``"module:Class"`` path.

    Raises:
        BadSetup: an unknown game, or a path that is not a :class:`Game` subclass.
    """
    if ":" in game:
        cls = load_target(game)
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise BadSetup(f"{game!r} is not a Game class")
        return cls
    return game_class(game)


def resolve_bots(game: str, cls: type[Game], bots: Mapping[str, str] | None) -> dict[str, str]:
    """Check ``{side or "*": bot kind}`` against the game and return ``{side or "*": "module:Class"}``.

    Every side missing from ``bots`` plays the ``"*"`` kind, else the lab's default kind
    (:func:`hiddenrole.bots.base.default_kind`: ``"human"`` where the game has it). Kinds are
    looked up with :func:`hiddenrole.bots.base.bot_class`, so any kind registered with
    ``register_bot`` plays.

    Raises:
        BadSetup: a side the game does not have, or a kind with no bot for this game.
    """
    kinds = dict(bots or {})
    for side in kinds:
        if side != "*" and side not in cls.sides:
            raise BadSetup(f"--bots {side}=...: {cls.title} has no side {side!r} (sides: {', '.join(cls.sides)})")
    out = {}
    for side, kind in sorted(kinds.items()):
        try:
            out[side] = target_of(bot_class(kind, game))
        except ValueError as exc:
            raise BadSetup(str(exc)) from None
    out.setdefault("*", target_of(bot_class(default_kind(game), game)))
    return out


def resolve_bot_params(targets: Mapping[str, str], params: Mapping[str, Any] | None) -> dict[str, float]:
    """Check ``--bot-param`` values against the bot classes of ``targets`` (from
    :func:`resolve_bots`); returns ``{name: float}``.

    Raises:
        BadSetup: no bot of the run takes parameters, an unknown parameter, or a bad value.
    """
    try:
        return check_bot_params([load_target(t) for t in sorted(set(targets.values()))], params or {})
    except ValueError as exc:
        raise BadSetup(str(exc)) from None


@dataclass(frozen=True)
class Batch:
    """Games ``start .. stop-1`` of one run at one player count and option set (picklable).

    Attributes:
        game: the game's registered name (part of every game's seed).
        game_target: the game class's ``"module:Class"`` path, imported by the worker.
        players: the player count.
        options: the game options (name -> value).
        bots: ``{side or "*": "module:Class"}`` of the bot classes (see :func:`resolve_bots`).
        seed: the run's base seed.
        start, stop: the game indices (``stop`` excluded).
        key: identifies the option set within its run (an index), carried back to the caller.
        keep_games: keep each game's winner by index (:attr:`CountResult.per_game`).
        bot_params: ``((name, value), ...)``: the bots' parameters (checked), for the kinds
            that take parameters.
        trace: keep each game's public moments (:attr:`CountResult.traces`), for the fun
            measures.
    """

    game: str
    game_target: str
    players: int
    options: tuple[tuple[str, Any], ...]
    bots: tuple[tuple[str, str], ...]
    seed: int
    start: int
    stop: int
    key: int = 0
    keep_games: bool = False
    bot_params: tuple[tuple[str, float], ...] = ()
    trace: bool = False

    @property
    def size(self) -> int:
        """The number of games in the batch."""
        return self.stop - self.start


class DeadlineClock:
    """Game time when every step lasts its whole deadline, as on a forum where a day runs
    until its deadline whatever the posts (the server's ``turbo`` pace, without the early
    ends of a table where everyone has acted).

    It looks at the game's running timers (:meth:`Game.timers`, the deadlines the server
    runs) at the start and at each decision moment and timeout (``play_game``'s
    ``on_moment``): a timer starts when its key first appears and, when its key has
    disappeared, the clock moves on to that timer's end (start + seconds) if it is not
    already later. Steps with no timer take no time. :attr:`now` is in seconds.
    """

    __slots__ = ("now", "running", "_keys")

    def __init__(self, game: Game) -> None:
        self.now = 0.0
        self.running: dict[str, tuple[float, float]] = {}  # key -> (start, seconds)
        self._keys: list[str] = []  # the keys seen last time, in the game's order
        self.update(game)

    def update(self, game: Game) -> None:
        """Look at the game's running timers after a step (or at the start)."""
        timers = game.timers()
        keys = [t.key for t in timers]
        if keys == self._keys:
            return
        self._keys = keys
        running = self.running
        for key in [k for k in running if k not in keys]:  # a handful of keys at most
            start, seconds = running.pop(key)
            self.now = max(self.now, start + seconds)
        for timer in timers:
            if timer.key not in running:
                running[timer.key] = (self.now, float(timer.seconds))

    def finish(self) -> float:
        """End every running timer; returns the game's length in seconds."""
        for start, seconds in self.running.values():
            self.now = max(self.now, start + seconds)
        self.running.clear()
        self._keys = []
        return self.now


@dataclass(frozen=True)
class SeededGame:
    """How one simulated game went (see :func:`play_timed`).

    Attributes:
        winner: the winning side, ``None`` for a draw. reason: ``Result.reason``.
        actions, turns, timeouts, moments: its length (counts); ``turns_source`` says how
            turns were counted (:data:`TURNS_FROM_GAME` or :data:`TURNS_FROM_PHASES`).
        deadline_seconds: its length in seconds when every step lasts its deadline
            (:class:`DeadlineClock`); ``None`` when it was not timed.
    """

    winner: str | None
    reason: str
    actions: int
    turns: int
    timeouts: int
    turns_source: str
    deadline_seconds: float | None
    moments: int


def play_timed(
    cls: type[Game],
    game: str,
    count: int,
    seed: int,
    index: int,
    options: Mapping[str, Any] | None,
    bot_targets: Mapping[str, str],
    bot_cache: dict[str, type[Bot]] | None = None,
    count_phases: bool = True,
    timed: bool = True,
    bot_params: Mapping[str, float] | None = None,
    model_counts: list[int] | None = None,
    trace: GameTrace | None = None,
) -> SeededGame:
    """Play game ``index`` of a run and say how it went (its result, length and game time).

    A game's length in turns is ``Result.detail["turns"]`` when the game gives it
    (``turns_source`` :data:`TURNS_FROM_GAME`), else the number of phases it went
    through, the final ``"over"`` excluded (:data:`TURNS_FROM_PHASES`); ``count_phases=False``
    skips counting phases (for a game known to count its turns; else turns are 0).
    ``timed=False`` skips the :class:`DeadlineClock` (``deadline_seconds`` is ``None``).
    ``model_counts`` (a list ``[replies, fallbacks]``), when given, gets the ``llm`` bots'
    counts of the game added (their ``replies`` and ``fallbacks``). ``trace``, when given,
    gets the game's public moments (:class:`~hiddenrole.lab.fun.GameTrace`: the spectator's
    board as features and who was asked, at each decision moment and deadline) and its
    winner; a spectator's observer only reads the game, so the game is the same.

    Bots are seated after the deal: each player gets the bot of their side
    (``side_of(player)`` at the deal, when ``bot_targets`` names sides), else the ``"*"``
    bot; the game's bots share one generator seeded from the game's seed
    (:func:`hiddenrole.bots.base.seat_bots`), and the bots that take parameters are given
    ``bot_params`` (checked: :func:`resolve_bot_params`).

    Raises:
        SimulationError: the game or a bot failed; the message names the game's seed.
    """
    cache = bot_cache if bot_cache is not None else {}
    game_seed = derive_seed(seed, game, count, index)
    try:
        g = cls(player_names(count), options, seed=game_seed)
        per_side = len(bot_targets) > 1

        def bot_for(player: str) -> type[Bot]:
            target = bot_targets.get(g.side_of(player), bot_targets["*"]) if per_side else bot_targets["*"]
            bot_cls = cache.get(target)
            if bot_cls is None:
                bot_cls = cache[target] = load_target(target)
            return bot_cls

        seats = seat_bots(g.players, bot_for, game_seed, bot_params)
        phases: list[Any] = [1, g.phase]  # phases seen, the current phase
        clock = DeadlineClock(g) if timed else None

        def count_phase(game_: Game, _action: Any) -> None:
            phase = game_.phase
            if phase != phases[1]:
                phases[0] += 1
                phases[1] = phase

        on_moment: Callable[[Game], None] | None = clock.update if clock is not None else None
        if trace is not None:
            on_moment = _tracer(g, trace, on_moment)
        record = play_game(g, seats, on_step=count_phase if count_phases else None, on_moment=on_moment)
    except Exception as exc:  # an engine or bot bug: report which game, keep the cause
        raise SimulationError(
            f"{game}, {count} players, game {index} (seed {game_seed}, options {dict(options or {})}): "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    if model_counts is not None:
        for bot in seats.values():
            model_counts[0] += getattr(bot, "replies", 0)
            model_counts[1] += getattr(bot, "fallbacks", 0)
    result = record.result
    if trace is not None:
        trace.winner = result.winner
    turns = result.detail.get("turns")
    if isinstance(turns, int) and not isinstance(turns, bool):
        source = TURNS_FROM_GAME
    else:
        source = TURNS_FROM_PHASES
        turns = phases[0] - (1 if g.phase == "over" else 0)
    return SeededGame(result.winner, result.reason, record.actions, turns, record.timeouts, source,
                      clock.finish() if clock is not None else None, record.moments)


def _tracer(game: Game, trace: GameTrace, then: Callable[[Game], None] | None) -> Callable[[Game], None]:
    """An ``on_moment`` hook that records the public moment in ``trace`` (then calls ``then``)."""
    spectator = game.observer(None)
    players = list(game.players)
    trace.players = tuple(players)

    def moment(game_: Game) -> None:
        spectator.catch_up()
        trace.features.append(public_features(spectator.board(), players))
        trace.asked.append(tuple(game_.to_act()))
        if then is not None:
            then(game_)

    return moment


def play_seeded(
    cls: type[Game],
    game: str,
    count: int,
    seed: int,
    index: int,
    options: Mapping[str, Any] | None,
    bot_targets: Mapping[str, str],
    bot_cache: dict[str, type[Bot]] | None = None,
    count_phases: bool = True,
    bot_params: Mapping[str, float] | None = None,
) -> tuple[str | None, str, int, int, int, str]:
    """Play game ``index`` of a run; returns ``(winner, reason, actions, turns, timeouts, turns_source)``
    (as :func:`play_timed`, without the game time; the seeded digests of
    ``benchmarks/seeded_results.py`` are taken from this tuple)."""
    p = play_timed(cls, game, count, seed, index, options, bot_targets, bot_cache, count_phases, timed=False,
                   bot_params=bot_params)
    return p.winner, p.reason, p.actions, p.turns, p.timeouts, p.turns_source


def run_batch(batch: Batch) -> tuple[int, CountResult]:
    """Play a :class:`Batch`; returns ``(batch.key, tally)``. Runs in any process.

    Raises:
        SimulationError: a game failed (the message names its seed).
        BadSetup: the game or a bot class cannot be imported in this process.
    """
    cls = resolve_game(batch.game_target)
    options = dict(batch.options)
    bots = dict(batch.bots)
    params = dict(batch.bot_params)
    cache: dict[str, type[Bot]] = {}
    tally = CountResult(batch.players)
    count_phases = True
    keep = batch.keep_games
    model_counts = [0, 0]
    for i in range(batch.start, batch.stop):
        trace = GameTrace(i, None) if batch.trace else None
        played = play_timed(cls, batch.game, batch.players, batch.seed, i, options, bots, cache, count_phases,
                            timed=i % DEADLINE_SAMPLE == 0, bot_params=params, model_counts=model_counts,
                            trace=trace)
        if trace is not None:
            tally.traces.append(trace)
        if played.turns_source == TURNS_FROM_GAME:
            count_phases = False  # the game counts its turns: no need to watch its phases
        elif not count_phases:
            raise SimulationError(f"{batch.game}: game {i} gave no turn count though earlier games did")
        tally.add(played.winner, played.reason, played.actions, played.turns, played.timeouts,
                  turns_from_game=played.turns_source == TURNS_FROM_GAME,
                  deadline_seconds=played.deadline_seconds, moments=played.moments,
                  index=i if keep else None)
    tally.model_replies, tally.model_fallbacks = model_counts
    return batch.key, tally


def play_one(
    game_name: str,
    count: int,
    seed: int,
    index: int,
    options: Mapping[str, Any] | None = None,
    bots: Mapping[str, str] | None = None,
    bot_params: Mapping[str, Any] | None = None,
) -> tuple[str | None, str, int]:
    """Play game ``index`` of a run; returns ``(winner, reason, actions)``.

    Args:
        game_name: a registered game name or a ``"module:Class"`` path.
        count: the player count.
        seed: the run's base seed (the game's seed is ``derive_seed(seed, game_name, count, index)``).
        index: the game's index in the run (0-based).
        options: game options by name.
        bots: bot kind by side (``{"liberals": "rule"}``); a key ``"*"`` sets the default
            kind (else the lab's default, ``"human"`` where the game has it).
        bot_params: the bots' parameters (``{"trust_noise": 2}``; see docs/bots.md).

    Raises:
        BadSetup: an unknown game, side, bot kind or bot parameter. SimulationError: the game failed.
    """
    cls = resolve_game(game_name)
    targets = resolve_bots(game_name, cls, bots)
    params = resolve_bot_params(targets, bot_params)
    played = play_timed(cls, game_name, count, seed, index, options, targets, bot_params=params)
    return played.winner, played.reason, played.actions


def simulate(
    game_name: str,
    counts: Sequence[int],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    bots: Mapping[str, str] | None = None,
    progress: Callable[[int], None] | None = None,
    bot_params: Mapping[str, Any] | None = None,
) -> dict[int, CountResult]:
    """Play ``games`` games at each player count in ``counts``, in this process.

    (For several workers, option sweeps and result files see :func:`hiddenrole.lab.runs.run`.)

    Args:
        game_name: a registered game name or a ``"module:Class"`` path.
        counts: the player counts.
        games: games per player count.
        seed: the base seed.
        options: game options by name.
        bots: bot kind by side, ``"*"`` for the default (see :func:`play_one`).
        progress: called with 1 after each game (for a progress bar).
        bot_params: the bots' parameters (see :func:`play_one`).

    Returns:
        ``{count: CountResult}``.
    """
    cls = resolve_game(game_name)
    targets = resolve_bots(game_name, cls, bots)
    frozen_params = tuple(sorted(resolve_bot_params(targets, bot_params).items()))
    frozen_options = tuple(sorted((options or {}).items()))
    frozen_bots = tuple(sorted(targets.items()))
    out: dict[int, CountResult] = {}
    for n in counts:
        tally = CountResult(n)
        for i in range(games):
            _, part = run_batch(
                Batch(game_name, target_of(cls), n, frozen_options, frozen_bots, seed, i, i + 1, 0,
                      bot_params=frozen_params)
            )
            tally.merge(part)
            if progress is not None:
                progress(1)
        out[n] = tally
    return out


def parse_range(text: str) -> list[int]:
    """``"5..10"`` -> ``[5, ..., 10]``; ``"7"`` -> ``[7]``; ``"5,7,9"`` -> ``[5, 7, 9]``.

    Raises ``ValueError`` naming the text when it is none of these, or an empty range (``"9..5"``).
    """
    text = text.strip()
    try:
        if ".." in text:
            lo, hi = text.split("..", 1)
            a, b = int(lo), int(hi)
        else:
            return [int(part) for part in text.split(",")]
    except ValueError:
        raise ValueError(f"bad player range {text!r}: use N, N..M or N,M,...") from None
    if a > b:
        raise ValueError(f"the player range {text} is empty: its first count is above its last (use {b}..{a}?)")
    return list(range(a, b + 1))
