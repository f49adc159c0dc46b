"""The autopilot: search options for the setting whose win rates come closest to a target.

A tune (:func:`plan_tune`, then :func:`run_tune`) lets Optuna's TPE sampler, seeded from the
tune's seed, propose settings of the named options (``--tune KEY=LOW..HIGH`` for numbers,
``KEY=A,B,...`` for a choice). Each setting is played on the same seeded games as every
other (game ``i`` at ``n`` players has the same seed in every setting), in slices of
:data:`SLICE` games per player count, and stopped early once, at some player count, the
side's win rate is clearly off the target (sequential stopping: its Wilson interval, at the
confidence of :func:`stop_z`, excludes the target). A setting's score is the root mean
square, over the player counts, of its win rate's distance from the target, in points;
``favour`` adds up to 10 points for a setting poor on a fun measure
(:func:`hiddenrole.lab.fun.favour_score`). The best few settings are then played again in
full with their public moments traced, for the report's win rates and fun measures.

The same inputs give the same settings, scores and report, for any number of workers.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import BadOption, BadSetup
from .fun import FAVOURABLE, favour_score, fun_summary
from .runs import OptionSetRun, RunPlan, default_workers, execute, plan_run, worker_pool
from .simulate import CountResult, target_of
from .stats import wilson_interval

#: Games per player count in each slice of a setting's games (the sequential test looks
#: after every slice).
SLICE = 50
#: How many points a fun measure may add to a setting's score (``favour``): a setting worst
#: on the measure scores 10 points worse than one best on it.
FAVOUR_WEIGHT = 10.0


@dataclass(frozen=True)
class TuneKey:
    """One option the tune searches.

    Attributes:
        name: the option. low, high: the bounds (numbers, inclusive) or ``None`` for a choice.
        choices: the values of a choice (``KEY=A,B``), else ``()``. kind: the option's type.
    """

    name: str
    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class TunePlan:
    """A checked tune (built by :func:`plan_tune`).

    Attributes:
        base: the run every setting is played as (counts, games per count, seed, fixed
            options, bots); its option sets are replaced by each setting.
        keys: the options searched. target: the side's target win rate (a fraction).
        side: the side whose win rate is tuned. trials: settings tried (count).
        favour: a fun measure to favour (:data:`hiddenrole.lab.fun.FAVOURABLE`) or ``None``.
        best: how many of the best settings the report shows (count).
    """

    base: RunPlan
    keys: tuple[TuneKey, ...]
    target: float
    side: str
    trials: int
    favour: str | None
    best: int


def parse_tune(pairs: Sequence[str], cls: Any) -> tuple[TuneKey, ...]:
    """``["KEY=LOW..HIGH" | "KEY=A,B,...", ...]`` -> :class:`TuneKey` s, checked against the
    game's options (``cls.OPTIONS``).

    Raises:
        ValueError: nothing to tune, a malformed pair, a key given twice, or an empty range.
        BadOption: an unknown option, a bound or value the option does not allow, a range
            for an option that is not a number.
    """
    if not pairs:
        raise ValueError("nothing to tune: give at least one --tune KEY=LOW..HIGH")
    keys: list[TuneKey] = []
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name, text = name.strip(), text.strip()
        if not sep or not name or not text:
            raise ValueError(f"--tune {pair!r}: use KEY=LOW..HIGH or KEY=A,B,...")
        if any(k.name == name for k in keys):
            raise ValueError(f"--tune {name} is given twice")
        if name not in cls.OPTIONS:
            cls.OPTIONS.resolve({name: None})  # raises, listing the known options
        option = cls.OPTIONS.options[name]
        if ".." in text:
            if option.kind not in (int, float):
                raise BadOption(name, text, "is not a number: give its values as --tune KEY=A,B,...")
            low_text, _, high_text = text.partition("..")
            low = cls.OPTIONS.resolve({name: low_text.strip()})[name]
            high = cls.OPTIONS.resolve({name: high_text.strip()})[name]
            if low is None or high is None:
                raise BadOption(name, text, "give both bounds: LOW..HIGH")
            if low >= high:
                raise ValueError(f"--tune {name}={text}: the range is empty (its low bound must be below its high bound)")
            keys.append(TuneKey(name, option.kind, float(low), float(high)))
        else:
            values = tuple(cls.OPTIONS.resolve({name: v.strip()})[name] for v in text.split(","))
            if len(values) < 2 or len(set(map(repr, values))) != len(values):
                raise ValueError(f"--tune {name}={text}: give two different values at least")
            keys.append(TuneKey(name, option.kind, choices=values))
    return tuple(keys)


def plan_tune(
    game: str,
    counts: Sequence[int] | None,
    target_percent: float,
    tune: Sequence[str],
    *,
    trials: int = 30,
    games: int = 200,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    bots: Mapping[str, str] | None = None,
    bot_params: Mapping[str, Any] | None = None,
    side: str | None = None,
    favour: str | None = None,
    best: int = 3,
) -> TunePlan:
    """Check a tune; nothing is played.

    Args:
        game, counts, seed, options, bots, bot_params: as :func:`hiddenrole.lab.runs.plan_run`.
        target_percent: the target win rate of ``side`` in percent (strictly between 0 and 100).
        tune: the ``--tune`` pairs (:func:`parse_tune`).
        trials: settings to try (1 to 10,000). games: games per player count for a setting
            that is not stopped early. side: the side tuned (default: the first).
        favour: a fun measure to favour, or ``None``. best: settings in the report (1 to 10).

    Raises:
        BadOption, BadSetup, ValueError: naming the bad input (see :func:`parse_tune` and
            :func:`~hiddenrole.lab.runs.plan_run`); the lowest and highest values of each
            option are dealt at every count first, so a value a count refuses is found here.
    """
    if not 0 < target_percent < 100:
        raise ValueError(f"--target {target_percent:g}: give a win rate in percent, above 0 and below 100")
    if isinstance(trials, bool) or not 1 <= trials <= 10_000:
        raise ValueError(f"--trials {trials}: give 1 to 10,000")
    if not 1 <= best <= 10:
        raise ValueError(f"--best {best}: give 1 to 10")
    if favour is not None and favour not in FAVOURABLE:
        raise ValueError(f"--favour {favour}: use one of {', '.join(FAVOURABLE)}")
    base = plan_run(game, counts, games, seed, options, (), bots, bot_params)
    cls = base.game_cls
    chosen = side if side is not None else cls.sides[0]
    if chosen not in cls.sides:
        raise ValueError(f"--side {chosen}: {cls.title} has no such side (sides: {', '.join(cls.sides)})")
    keys = parse_tune(tune, cls)
    for key in keys:
        if key.name in base.options:
            raise BadOption(key.name, base.options[key.name], "is both fixed with --option and tuned with --tune")
    corners = [{k.name: _value(k, k.low) if not k.choices else k.choices[0] for k in keys},
               {k.name: _value(k, k.high) if not k.choices else k.choices[-1] for k in keys}]
    for corner in corners:  # a value the game refuses at some count is bad input, found now
        plan_run(game, base.counts, 1, seed, {**base.options, **corner}, (), bots, bot_params)
    return TunePlan(base, keys, target_percent / 100, chosen, trials, favour, best)


def _value(key: TuneKey, x: float | None) -> Any:
    assert x is not None
    return int(round(x)) if key.kind is int else float(x)


def stop_z(counts: int) -> float:
    """The normal quantile of the stopping test: a two-sided 95% interval made wider for the
    number of player counts looked at (Bonferroni), so a balanced setting is seldom stopped
    by chance at one of many counts (``counts``: how many; 1.96 for one)."""
    from scipy.stats import norm

    return float(norm.ppf(1 - 0.025 / max(1, counts)))


@dataclass
class Setting:
    """A setting tried and how it did.

    Attributes:
        options: the searched options' values. tallies: ``{count: CountResult}`` of its games.
        games: games played per player count. stopped: stopped early (off the target at
            some count). score: its distance from the target (points; lower is better).
        trials: the trial numbers (0-based) that proposed it.
    """

    options: dict[str, Any]
    tallies: dict[int, CountResult]
    games: int
    stopped: bool
    score: float
    trials: list[int]


def distance(tallies: Mapping[int, CountResult], side: str, target: float) -> float:
    """The root mean square over the player counts of ``side``'s win rate minus ``target``
    (fractions), in points."""
    gaps = [(t.wins.get(side, 0) / t.games - target) ** 2 for t in tallies.values() if t.games]
    return 100 * math.sqrt(sum(gaps) / len(gaps)) if gaps else 100.0


def play_setting(
    plan: TunePlan,
    options: Mapping[str, Any],
    *,
    workers: int | None = None,
    engine: str = "process",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    pool: Any = None,
) -> Setting:
    """Play a setting's games in slices of :data:`SLICE` per player count until all are
    played or the side's win rate is clearly off the target at some count (see the module
    docstring); returns how it did. With ``favour``, the games are traced and the score adds
    the measure's penalty (pooled over the counts' measures). ``pool``: worker processes
    to reuse (:func:`~hiddenrole.lab.runs.worker_pool`)."""
    base = plan.base
    resolved = base.game_cls.OPTIONS.resolve({**base.options, **options})
    label = ", ".join(f"{k}={v}" for k, v in options.items())
    tallies = {n: CountResult(n) for n in base.counts}
    z = stop_z(len(base.counts))
    played = 0
    stopped = False
    trace = plan.favour is not None
    while played < base.games:
        size = min(SLICE, base.games - played)
        part = dataclasses.replace(base, games=size, first_game=played, trace=trace,
                                   sets=(OptionSetRun(label, {**base.options, **options}, resolved),))
        for n, tally in execute(part, workers=workers, engine=engine, address=address, progress=progress,
                                  pool=pool)[0].items():
            tallies[n].merge(tally)
        played += size
        if played < base.games and any(_off(t, plan.side, plan.target, z) for t in tallies.values()):
            stopped = True
            break
    score = distance(tallies, plan.side, plan.target)
    if plan.favour is not None:
        scores = [favour_score(fun_summary(t.traces, base.game_cls.sides[0]), plan.favour) for t in tallies.values()]
        score += FAVOUR_WEIGHT * (1 - sum(scores) / len(scores))
        for t in tallies.values():
            t.traces = []  # the measures are taken: free the moments
    return Setting(dict(options), tallies, played, stopped, score, [])


def _off(tally: CountResult, side: str, target: float, z: float) -> bool:
    low, high = wilson_interval(tally.wins.get(side, 0), tally.games, z)
    return not low <= target <= high


@dataclass
class TuneResult:
    """A finished tune: every setting tried, in the order first proposed, and the best ones
    (:attr:`best`, best first: unstopped settings before stopped ones, then by score)."""

    settings: list[Setting]
    best: list[Setting]


def run_tune(
    plan: TunePlan,
    *,
    workers: int | None = None,
    engine: str = "process",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_trial: Callable[[int, Setting], None] | None = None,
) -> TuneResult:
    """Search: :attr:`TunePlan.trials` settings proposed by Optuna's TPE sampler (seeded from
    the plan's seed); a setting proposed again is not played again (its score is told
    again). ``on_trial(number, setting)`` is called after each trial."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=plan.base.seed, n_startup_trials=min(10, max(2, plan.trials // 3)))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    seen: dict[str, Setting] = {}
    order: list[Setting] = []
    count = workers if workers is not None else default_workers()
    with contextlib.ExitStack() as stack:
        pool = None
        if engine == "process" and count > 1:
            pool = stack.enter_context(worker_pool(count, target_of(plan.base.game_cls), plan.base.bot_targets.values()))
        _search(plan, study, seen, order, workers=count, engine=engine, address=address, progress=progress,
                on_trial=on_trial, pool=pool)
    ranked = sorted(order, key=lambda s: (s.stopped, s.score))
    return TuneResult(order, ranked[:plan.best])


def _search(plan: TunePlan, study: Any, seen: dict[str, Setting], order: list[Setting], *, workers: int,
            engine: str, address: str | None, progress: Callable[[int], None] | None,
            on_trial: Callable[[int, Setting], None] | None, pool: Any) -> None:
    for number in range(plan.trials):
        trial = study.ask()
        options: dict[str, Any] = {}
        for key in plan.keys:
            if key.choices:
                options[key.name] = key.choices[trial.suggest_categorical(key.name, list(range(len(key.choices))))]
            elif key.kind is int:
                assert key.low is not None and key.high is not None
                options[key.name] = trial.suggest_int(key.name, int(key.low), int(key.high))
            else:
                assert key.low is not None and key.high is not None
                options[key.name] = round(trial.suggest_float(key.name, key.low, key.high), 3)
        name = repr(sorted(options.items()))
        setting = seen.get(name)
        if setting is None:
            setting = seen[name] = play_setting(plan, options, workers=workers, engine=engine, address=address,
                                                progress=progress, pool=pool)
            order.append(setting)
        setting.trials.append(number)
        study.tell(trial, setting.score)
        if on_trial is not None:
            on_trial(number, setting)


def best_plan(plan: TunePlan, result: TuneResult) -> RunPlan:
    """The run that plays the best settings again in full, traced (same seeds): one option
    set per setting, labelled ``"1: KEY=V, ..."`` by rank."""
    base = plan.base
    sets = []
    for rank, setting in enumerate(result.best, 1):
        options = {**base.options, **setting.options}
        label = f"{rank}: " + ", ".join(f"{k}={v}" for k, v in setting.options.items())
        sets.append(OptionSetRun(label, options, base.game_cls.OPTIONS.resolve(options)))
    if not sets:
        raise BadSetup("the tune tried no setting")
    return dataclasses.replace(base, sets=tuple(sets), trace=True)


def tune_json(plan: TunePlan, result: TuneResult, command: str) -> dict[str, Any]:
    """The tune's search as JSON data: its inputs and every setting tried (win rates per
    count, games played, stopped or not, score), in the order first proposed."""
    base = plan.base
    return {
        "format": "hiddenrole.tune/1",
        "command": command,
        "game": base.game,
        "players": list(base.counts),
        "games": base.games,
        "seed": base.seed,
        "target": plan.target,
        "side": plan.side,
        "favour": plan.favour,
        "tuned": [{"option": k.name, **({"values": list(k.choices)} if k.choices else {"low": k.low, "high": k.high})}
                  for k in plan.keys],
        "settings": [
            {
                "options": s.options,
                "trials": s.trials,
                "games": s.games,
                "stopped": s.stopped,
                "score": round(s.score, 6),
                "win_rates": {str(n): t.wins.get(plan.side, 0) / t.games for n, t in s.tallies.items() if t.games},
            }
            for s in result.settings
        ],
    }
