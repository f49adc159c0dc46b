"""A balance-lab run: player counts x option sets x seeded games, on worker processes or Ray.

A run is planned once in the parent (:func:`plan_run` checks the game, the options, the
sweep and the bots, and fails before any game is played), cut into :class:`Batch` es, played
by an engine (``"process"``: a pool of local worker processes; ``"ray"``: Ray tasks on a
cluster), and merged. Every game's seed comes from the base seed and the game's index
(:mod:`hiddenrole.lab.simulate`), and tallies merge by addition, so the result file is the
same for any number of workers and either engine.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import math
import logging
import multiprocessing
import os
import platform
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from ..bots.base import default_kind
from ..engine import BadOption, BadSetup, Game
from .fun import fun_summary
from .simulate import (
    Batch, CountResult, SimulationError, player_names, resolve_bot_params, resolve_bots, resolve_game, run_batch,
    target_of,
)

RESULTS_FORMAT = "hiddenrole.simulation/1"
SEEDING = "game i (0-based) at n players is seeded with derive_seed(seed, game, n, i), for every option set"
ENGINES = ("process", "ray")
MAX_BATCH = 250  # games per batch at most (a batch is the unit of progress and of work)
MAX_GAMES = 100_000_000  # games per player count and option set at most (days of CPU time; the plan lists its batches)

Progress = Callable[[int], None]


def default_workers() -> int:
    """The number of cores this process may use (count), the default ``--workers``."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def parse_pairs(pairs: Iterable[str], flag: str) -> dict[str, str]:
    """``["KEY=VALUE", ...]`` -> ``{KEY: VALUE}``.

    Raises:
        ValueError: a pair without ``=`` or with an empty key, or a key given twice (the
            message names the flag and the pair).
    """
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise ValueError(f"{flag} {pair!r}: use KEY=VALUE")
        if key in out:
            raise ValueError(f"{flag} {key} is given twice")
        out[key] = value
    return out


def parse_sweep(pairs: Iterable[str]) -> list[tuple[str, list[str]]]:
    """``["KEY=V1,V2,...", ...]`` -> ``[(KEY, [V1, V2, ...]), ...]`` (several sweeps make a grid).

    Raises:
        ValueError: a malformed sweep, an empty or repeated value, or a key swept twice.
    """
    out = []
    for key, text in parse_pairs(pairs, "--sweep").items():
        values = [v.strip() for v in text.split(",")]
        if not text or any(not v for v in values):
            raise ValueError(f"--sweep {key}={text}: give values V1,V2,... with none empty")
        if len(set(values)) != len(values):
            raise ValueError(f"--sweep {key}={text}: a value is repeated")
        out.append((key, values))
    return out


@dataclass(frozen=True)
class OptionSetRun:
    """One option set of a run.

    Attributes:
        label: how tables and plots name it (``"commie_count=3"``; ``"default options"``).
        options: the options given to every game (fixed options and this set's sweep values), typed.
        resolved: every option of the game with defaults filled in.
    """

    label: str
    options: dict[str, Any]
    resolved: dict[str, Any]


@dataclass(frozen=True)
class RunPlan:
    """A checked run, ready to play (built by :func:`plan_run`).

    Attributes:
        game: the game's name as given (a registered name, or ``"module:Class"``).
        game_cls: the game class.
        counts: the player counts.
        games: games per player count and option set (count).
        seed: the base seed.
        options: the fixed options, typed.
        sweep: ``[(option, [values...])]``, typed values.
        bots: bot kind by side (``"*"``: every other side).
        bot_targets: the bot classes' ``"module:Class"`` paths by side.
        sets: the option sets (one per sweep combination; one when there is no sweep; A and B
            of a paired comparison).
        compare: whether the run compares two option sets seed by seed (:func:`plan_compare`):
            its tallies keep each game's winner.
        bot_params: the bots' parameters (``--bot-param``), checked, by name.
        trace: keep each game's public moments for the fun measures (:attr:`Batch.trace`).
        first_game: the index of the run's first game (a tune plays a setting's games in
            slices: games ``first_game .. first_game + games - 1``, seeded by index as ever).
    """

    game: str
    game_cls: type[Game]
    counts: tuple[int, ...]
    games: int
    seed: int
    options: dict[str, Any]
    sweep: tuple[tuple[str, tuple[Any, ...]], ...]
    bots: dict[str, str]
    bot_targets: dict[str, str]
    sets: tuple[OptionSetRun, ...]
    compare: bool = False
    bot_params: dict[str, float] = field(default_factory=dict)
    trace: bool = False
    first_game: int = 0

    @property
    def total_games(self) -> int:
        """Games in the whole run (count)."""
        return self.games * len(self.counts) * len(self.sets)

    def batches(self, workers: int = 1) -> list[Batch]:
        """The run cut into batches of at most :data:`MAX_BATCH` games, about four per worker
        for each player count and option set (the split never changes the result)."""
        size = max(1, min(MAX_BATCH, math.ceil(self.games / (4 * max(1, workers)))))
        target = target_of(self.game_cls)
        bots = tuple(sorted(self.bot_targets.items()))
        params = tuple(sorted(self.bot_params.items()))
        out = []
        for key, option_set in enumerate(self.sets):
            options = tuple(sorted(option_set.options.items()))
            for n in self.counts:
                end = self.first_game + self.games
                for start in range(self.first_game, end, size):
                    stop = min(end, start + size)
                    out.append(Batch(self.game, target, n, options, bots, self.seed, start, stop, key,
                                     keep_games=self.compare, bot_params=params, trace=self.trace))
        return out


def plan_run(
    game: str,
    counts: Sequence[int] | None,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    sweep: Sequence[tuple[str, Sequence[Any]]] = (),
    bots: Mapping[str, str] | None = None,
    bot_params: Mapping[str, Any] | None = None,
    fun: bool = False,
) -> RunPlan:
    """Check a run and plan it; nothing is played.

    Args:
        game: a registered game name (``"mccarthyism"``) or a ``"module:Class"`` path.
        counts: player counts (``None``: every count the game allows).
        games: games per player count and option set (1 to :data:`MAX_GAMES`).
        seed: the base seed (an int).
        options: fixed game options (``--option KEY=VALUE``; strings are converted).
        sweep: ``[(option, values)]``: one option set per value (a grid for several options).
        bots: bot kind by side (``--bots SIDE=KIND``), ``"*"`` for every other side (the
            default: ``"human"`` where the game has it, else ``"random"``).
        bot_params: the bots' parameters (``--bot-param KEY=VALUE``; strings are converted).
        fun: trace the games' public moments for the fun measures (:func:`fun_measures`).

    Raises:
        BadSetup: an unknown game, a player count the game does not take, an unknown side or
            bot kind, a bot parameter no bot of the run takes or a bad value for one, or a
            table the game refuses to deal. BadOption: an unknown option or a
            bad value (fixed or swept; also one the game refuses at some player count), or an
            option both fixed and swept. ValueError: ``games`` outside 1 .. :data:`MAX_GAMES`.
    """
    cls = resolve_game(game)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES:,}, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    counts = tuple(counts) if counts else tuple(range(cls.min_players, cls.max_players + 1))
    bad = [n for n in counts if not cls.min_players <= n <= cls.max_players]
    if bad:
        raise BadSetup(f"{cls.title} takes {cls.min_players} to {cls.max_players} players, not {bad}")
    if len(set(counts)) != len(counts):
        raise BadSetup(f"a player count is given twice in {list(counts)}")
    given = dict(options or {})
    resolved_fixed = cls.OPTIONS.resolve(given)
    fixed = {k: resolved_fixed[k] for k in given}
    typed_sweep = []
    for key, values in sweep:
        if key in fixed:
            raise BadOption(key, values, "is both fixed with --option and swept with --sweep")
        if not values:
            raise BadOption(key, values, "a sweep needs at least one value")
        if key not in cls.OPTIONS:
            cls.OPTIONS.resolve({key: values[0] if values else None})  # raises, listing the known options
        typed = tuple(cls.OPTIONS.resolve({**fixed, key: v})[key] for v in values)
        if len(set(map(repr, typed))) != len(typed):
            raise BadOption(key, list(values), "a value is repeated")
        typed_sweep.append((key, typed))
    sets = []
    for combo in itertools.product(*(values for _, values in typed_sweep)):
        chosen = dict(zip((key for key, _ in typed_sweep), combo))
        set_options = {**fixed, **chosen}
        label = ", ".join(f"{k}={_show(v)}" for k, v in chosen.items()) or _fixed_label(fixed)
        sets.append(OptionSetRun(label, set_options, cls.OPTIONS.resolve(set_options)))
    _deal_each(cls, sets, counts)
    kinds = dict(bots or {})
    targets = resolve_bots(game, cls, kinds)
    params = resolve_bot_params(targets, bot_params)
    kinds.setdefault("*", default_kind(game))
    return RunPlan(
        game, cls, counts, games, seed, fixed, tuple(typed_sweep),
        {k: kinds[k] for k in sorted(kinds)}, targets, tuple(sets), bot_params=params, trace=fun,
    )


def _deal_each(cls: type[Game], sets: Sequence[OptionSetRun], counts: Sequence[int]) -> None:
    """A rule may bound an option by the player count: deal one game of each set at each count.

    Raises BadOption / BadSetup naming the count."""
    for option_set in sets:
        for n in counts:
            try:
                cls(player_names(n), option_set.options, seed=0)
            except BadOption as exc:
                raise BadOption(exc.name, exc.value, f"{exc.reason} (at {n} players)") from None
            except BadSetup as exc:
                raise BadSetup(f"{option_set.label} at {n} players: {exc}") from None


def plan_compare(
    game: str,
    counts: Sequence[int] | None,
    games: int,
    seed: int,
    options_a: Mapping[str, Any],
    options_b: Mapping[str, Any],
    options: Mapping[str, Any] | None = None,
    bots: Mapping[str, str] | None = None,
    bot_params: Mapping[str, Any] | None = None,
) -> RunPlan:
    """Plan a paired comparison: option sets A and B played on the same seeds, each game's
    winner kept (:attr:`RunPlan.compare`).

    Args:
        options_a, options_b: the options that differ (``--a KEY=V``, ``--b KEY=V``);
            ``options``: the options both share. The other arguments as :func:`plan_run`.

    Raises:
        BadOption: an unknown option or a bad value, or an option both shared and set in A
            or B. BadSetup: A and B the same setting; else as :func:`plan_run`.
        ValueError: as :func:`plan_run`.
    """
    base = plan_run(game, counts, games, seed, options, (), bots, bot_params)
    cls = base.game_cls
    sets = []
    for name, given in (("A", options_a), ("B", options_b)):
        for key in given:
            if key in base.options:
                raise BadOption(key, given[key], f"is set with --option and with --{name.lower()}: give it once")
        chosen = dict(given)
        resolved_given = cls.OPTIONS.resolve({**base.options, **chosen})
        typed = {k: resolved_given[k] for k in chosen}
        label = f"{name}: " + (", ".join(f"{k}={_show(v)}" for k, v in typed.items()) or "default options")
        sets.append(OptionSetRun(label, {**base.options, **typed}, resolved_given))
    if sets[0].resolved == sets[1].resolved:
        raise BadSetup("settings A and B are the same: give --a and --b different options")
    _deal_each(cls, sets, base.counts)
    return RunPlan(base.game, cls, base.counts, base.games, base.seed, base.options, (), base.bots,
                   base.bot_targets, tuple(sets), compare=True, bot_params=base.bot_params)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "default" if value is None else str(value)


def _fixed_label(fixed: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_show(v)}" for k, v in fixed.items()) or "default options"


# ----------------------------------------------------------------------------- engines
def _run_here(batches: Sequence[Batch], progress: Progress | None) -> Iterable[tuple[int, CountResult]]:
    for batch in batches:
        key, tally = run_batch(batch)
        if progress is not None:
            progress(batch.size)
        yield key, tally


def _pool_context(preload: Sequence[str]) -> multiprocessing.context.BaseContext:
    """Workers start from a clean interpreter (forkserver, else spawn): never forked from a
    parent that runs threads (the progress bar refreshes from one). The forkserver imports
    ``preload`` (module names) once, so each worker starts with them loaded."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(preload))  # takes effect when the forkserver starts
        return context
    return multiprocessing.get_context("spawn")


def _modules_of(batches: Sequence[Batch]) -> list[str]:
    targets = {b.game_target for b in batches} | {t for b in batches for _, t in b.bots}
    return ["hiddenrole.lab.simulate", *sorted({t.partition(":")[0] for t in targets})]


def worker_pool(workers: int, game_target: str, bot_targets: Iterable[str] = ()) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes for several :func:`execute` calls in a row (a tune
    plays many small runs: starting workers once saves their start-up each time). The
    caller shuts it down (``with worker_pool(...) as pool:``)."""
    modules = ["hiddenrole.lab.simulate", *sorted({t.partition(":")[0] for t in (game_target, *bot_targets)})]
    return ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context(modules))


def _run_pool(
    batches: Sequence[Batch], workers: int, progress: Progress | None, shared: ProcessPoolExecutor | None = None,
) -> Iterable[tuple[int, CountResult]]:
    with contextlib.nullcontext(shared) if shared is not None else ProcessPoolExecutor(
            max_workers=workers, mp_context=_pool_context(_modules_of(batches))) as pool:
        pending = {pool.submit(run_batch, b): b for b in batches}
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    batch = pending.pop(future)
                    try:
                        key, tally = future.result()
                    except BrokenProcessPool as exc:
                        raise SimulationError(
                            f"a worker process died ({exc}); a script that runs simulations must "
                            "guard its top level with `if __name__ == '__main__':`"
                        ) from None
                    if progress is not None:
                        progress(batch.size)
                    yield key, tally
        finally:
            for future in pending:
                future.cancel()


def _run_ray(plan: RunPlan, address: str | None, progress: Progress | None) -> Iterable[tuple[int, CountResult]]:
    try:
        import ray
    except ImportError:
        raise BadSetup("--engine ray needs Ray: pip install 'hiddenrole[ray]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BadSetup(f"cannot connect to the Ray cluster at {address or 'the default address'}: {exc}") from None
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))  # about four batches per CPU of the cluster
        task = ray.remote(run_batch)
        pending = {task.remote(b): b for b in plan.batches(max(1, cpus))}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                batch = pending.pop(ref)
                try:
                    key, tally = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    cause = getattr(exc, "cause", None)
                    raise SimulationError(str(cause) if cause is not None else str(exc)) from None
                if progress is not None:
                    progress(batch.size)
                yield key, tally
    finally:
        if started:
            ray.shutdown()


def execute(
    plan: RunPlan,
    *,
    workers: int | None = None,
    engine: str = "process",
    address: str | None = None,
    progress: Progress | None = None,
    pool: ProcessPoolExecutor | None = None,
) -> list[dict[int, CountResult]]:
    """Play a planned run.

    Args:
        plan: from :func:`plan_run`.
        workers: worker processes for the ``"process"`` engine (count; ``None``: every core
            this process may use; 1 plays in this process). Ignored by ``"ray"``, which cuts
            the run into about four batches per CPU of the cluster.
        engine: ``"process"`` (local worker processes) or ``"ray"`` (Ray tasks).
        address: the Ray cluster's address (``"HOST:PORT"``, ``"auto"``; ``None``: Ray's
            default: ``RAY_ADDRESS`` or a new local instance). Only for ``"ray"``.
        progress: called in this process with the number of games just finished.
        pool: worker processes to use (:func:`worker_pool`, of ``workers`` processes) instead
            of starting new ones; only for the ``"process"`` engine with ``workers`` > 1.

    Returns:
        For each option set of ``plan.sets`` (same order), ``{player count: CountResult}``
        in the order of ``plan.counts``.

    Raises:
        SimulationError: a game failed. BadSetup: Ray is not installed.
        ValueError: an unknown engine or a worker count below 1.
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r} (engines: {', '.join(ENGINES)})")
    if workers is None:
        workers = default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers!r}")
    if engine == "ray":
        stream = _run_ray(plan, address, progress)
    elif workers == 1:
        stream = _run_here(plan.batches(1), progress)
    else:
        stream = _run_pool(plan.batches(workers), workers, progress, pool)
    out: list[dict[int, CountResult]] = [{n: CountResult(n) for n in plan.counts} for _ in plan.sets]
    for key, tally in stream:
        out[key][tally.players].merge(tally)
    return out


# ----------------------------------------------------------------------------- result files
def skill_plans(plan: RunPlan) -> dict[str, RunPlan]:
    """For each side the run's bots play better than at random: the same run with that side
    played by random bots (the other sides as in the run), on the same seeds, untraced.
    ``{side: plan}``, in the game's order of sides."""
    out = {}
    for side in plan.game_cls.sides:
        if plan.bots.get(side, plan.bots.get("*")) == "random":
            continue
        kinds = {**plan.bots, side: "random"}
        targets = resolve_bots(plan.game, plan.game_cls, kinds)
        out[side] = dataclasses.replace(plan, bots=kinds, bot_targets=targets, trace=False, compare=False)
    return out


def fun_measures(
    plan: RunPlan,
    tallies: Sequence[Mapping[int, CountResult]],
    skill: Mapping[str, Sequence[Mapping[int, CountResult]]] | None = None,
) -> list[dict[int, dict[str, Any]]]:
    """The fun measures of a traced run (:attr:`RunPlan.trace`), per option set and player
    count: :func:`hiddenrole.lab.fun.fun_summary` for the first side, plus ``"skill"``:
    ``{side: the side's win rate with the run's bots minus its win rate when random bots
    play it}`` (fractions; from ``skill``, the runs of :func:`skill_plans` by side).

    Raises:
        ValueError: a tally without traces (the run was not traced).
    """
    side = plan.game_cls.sides[0]
    out = []
    for key, by_count in enumerate(tallies):
        measures = {}
        for n, tally in by_count.items():
            summary = fun_summary(tally.traces, side)
            gains = {}
            for s, runs in (skill or {}).items():
                other = runs[key][n]
                gains[s] = (tally.wins.get(s, 0) - other.wins.get(s, 0)) / tally.games if tally.games else 0.0
            summary["skill"] = gains
            measures[n] = summary
        out.append(measures)
    return out


def results_json(
    plan: RunPlan,
    tallies: Sequence[Mapping[int, CountResult]],
    fun: Sequence[Mapping[int, Mapping[str, Any]]] | None = None,
) -> dict[str, Any]:
    """The result file's data: the run's inputs, the versions used, and every tally (with,
    when ``fun`` is given, each count's fun measures under ``"fun"``: :func:`fun_measures`).

    It holds nothing that depends on how the run was executed (workers, engine, timing),
    so the same inputs give the same file.
    """
    return {
        "format": RESULTS_FORMAT,
        "game": plan.game,
        "title": plan.game_cls.title,
        "sides": list(plan.game_cls.sides),
        "players": list(plan.counts),
        "games": plan.games,
        "seed": plan.seed,
        "seeding": SEEDING,
        "bots": dict(plan.bots),
        "bot_classes": {k: plan.bot_targets[k] for k in sorted(plan.bot_targets)},
        "bot_params": dict(plan.bot_params),
        "options": dict(plan.options),
        "sweep": [{"option": key, "values": list(values)} for key, values in plan.sweep],
        **({"compare": True} if plan.compare else {}),
        "versions": {"hiddenrole": __version__, "python": platform.python_version()},
        "sets": [
            {
                "label": option_set.label,
                "options": dict(option_set.options),
                "resolved": dict(option_set.resolved),
                "counts": [
                    {**by_count[n].to_json(), **({"fun": dict(fun[key][n])} if fun is not None else {})}
                    for n in plan.counts
                ],
            }
            for key, (option_set, by_count) in enumerate(zip(plan.sets, tallies))
        ],
    }


def dumps_results(data: Mapping[str, Any]) -> str:
    """Serialise result data the one way result files are written (stable bytes)."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write_results(path: Path, data: Mapping[str, Any]) -> None:
    """Write result data to ``path`` (creating its folder). Raises ``OSError`` when it cannot."""
    path = Path(path)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True)
    path.write_text(dumps_results(data), encoding="utf-8")


def load_results(path: Path) -> dict[str, Any]:
    """Read and check a result file written by ``simulate --out``.

    Raises:
        ValueError: the file cannot be read, is not JSON, or is not a result file of this
            format (the message says what is wrong).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        raise ValueError(f"{path} is not a simulation result file (format {RESULTS_FORMAT!r})")
    try:
        for key in ("game", "title", "sides", "players", "games", "seed", "bots", "versions"):
            data[key]
        for option_set in data["sets"]:
            option_set["label"], option_set["options"]
            for tally in option_set["counts"]:
                CountResult.from_json(tally)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"{path}: malformed result file ({type(exc).__name__}: {exc})") from None
    return data


def tallies_of(data: Mapping[str, Any]) -> list[tuple[str, dict[int, CountResult]]]:
    """``[(option set label, {player count: CountResult})]`` from result data."""
    out = []
    for option_set in data["sets"]:
        by_count = {}
        for item in option_set["counts"]:
            tally = CountResult.from_json(item)
            by_count[tally.players] = tally
        out.append((option_set["label"], by_count))
    return out


# ----------------------------------------------------------------------------- estimates
@dataclass(frozen=True)
class Estimate:
    """How long a run should take, from a short calibration.

    Attributes:
        games: games in the run (count).
        calibration_games: games played to calibrate (count).
        seconds_per_game: mean seconds of one game on one core, from the calibration.
        workers: the processes sharing the work (count).
        seconds: the expected wall time of the run (seconds).
    """

    games: int
    calibration_games: int
    seconds_per_game: float
    workers: int
    seconds: float


def calibrate(
    plan: RunPlan,
    workers: int,
    *,
    clock: Callable[[], float] | None = None,
    per_count: int = 2,
    counts: int = 3,
) -> Estimate:
    """Time a few games of the run in this process and estimate the whole run.

    It plays games ``0 .. per_count-1`` of the first option set at up to ``counts`` player
    counts (the smallest, the largest, and one in the middle: a game's cost grows with the
    table), and scales their mean time to the run's games shared by ``workers`` processes.
    The games it plays are the run's own (the same seeds), so they change nothing.

    Args:
        plan: from :func:`plan_run`.
        workers: the processes the run will use (count, at least 1).
        clock: seconds as a float (``time.perf_counter`` when ``None``; tests pass their own).
        per_count: games per sampled player count (count).
        counts: player counts sampled at most (count).

    Raises:
        SimulationError: a calibration game failed.
    """
    import time

    tick = clock if clock is not None else time.perf_counter
    sample = sorted({plan.counts[0], plan.counts[len(plan.counts) // 2], plan.counts[-1]})[:max(1, counts)]
    games = min(per_count, plan.games)
    options = tuple(sorted(plan.sets[0].options.items()))
    bots = tuple(sorted(plan.bot_targets.items()))
    target = target_of(plan.game_cls)
    start = tick()
    for n in sample:
        run_batch(Batch(plan.game, target, n, options, bots, plan.seed, 0, games,
                        bot_params=tuple(sorted(plan.bot_params.items()))))
    elapsed = max(0.0, tick() - start)
    played = games * len(sample)
    per_game = elapsed / played
    share = max(1, min(workers, plan.total_games))
    return Estimate(plan.total_games, played, per_game, share, per_game * plan.total_games / share)


def describe_seconds(seconds: float) -> str:
    """A duration in plain words: ``"under a second"``, ``"about 40 seconds"``,
    ``"about 3 minutes"``, ``"about 2.5 hours"``."""
    if seconds < 1:
        return "under a second"
    if seconds < 90:
        return f"about {seconds:.0f} seconds"
    if seconds < 90 * 60:
        return f"about {seconds / 60:.0f} minutes"
    return f"about {seconds / 3600:.1f} hours"


def check_out_path(path: Path) -> None:
    """Check a result file's path before a run: its folder exists and is writable, and it is
    not a folder (nothing is written).

    Raises:
        ValueError: naming the problem.
    """
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"--out {path}: is a folder; give a file name, e.g. {path / 'results.json'}")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ValueError(f"--out {path}: the folder {parent} does not exist")
    if path.exists() and not os.access(path, os.W_OK):
        raise ValueError(f"--out {path}: the file cannot be written (no permission)")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(f"--out {path}: the folder {parent} cannot be written (no permission)")


#: The files a report folder holds (``hiddenrole report``, ``hiddenrole tune``), besides PNG
#: plots and JSON result files: a folder holding anything else is not a report folder, and a
#: report is not written into it.
REPORT_FILES = ("report.md", "report.html", "tune.md")


def check_report_folder(path: Path) -> None:
    """Check a report's folder before anything is written: either a folder that does not
    exist yet whose nearest existing parent is a writable folder, or an existing writable
    folder that is empty or holds only an earlier report (``report.md``, ``report.html``
    and PNG plots), so that ``--out /`` or ``--out ~`` never scatters files into a folder
    that holds other things.

    Raises:
        ValueError: naming the problem (a file, a folder with other files, a folder that
            cannot be written).
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise ValueError(f"--out {path}: is a file; give a folder for the report")
    if path.is_dir():
        others = [p.name for p in path.iterdir() if p.name not in REPORT_FILES and p.suffix not in (".png", ".json")]
        if others:
            raise ValueError(f"--out {path}: the folder holds other files ({', '.join(sorted(others)[:3])}"
                             f"{', ...' if len(others) > 3 else ''}); give a new folder or an earlier report's")
        folder = path
    else:
        folder = path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir():
            raise ValueError(f"--out {path}: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"--out {path}: the folder {folder} cannot be written (no permission)")
