"""The lab's command-line commands, ``simulate`` and ``report`` (registered by :mod:`hiddenrole.cli`)."""

from __future__ import annotations

import shlex
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..bots.base import WAITING_KINDS
from ..engine import HiddenRoleError
from .fun import FAVOURABLE
from .runs import (
    ENGINES, RunPlan, calibrate, check_out_path, check_report_folder, default_workers, describe_seconds, execute, parse_pairs,
    parse_sweep, plan_compare, plan_run, results_json, skill_plans, fun_measures, write_results, dumps_results,
)
from .simulate import CountResult, SimulationError, outcome_columns, parse_range
from .stats import PairedComparison, paired_rows

err = Console(stderr=True, soft_wrap=True)  # an error is one line, whatever the terminal width


# the options simulate and compare share
BotsOption = Annotated[list[str], typer.Option(
    metavar="SIDE=KIND",     help="bot kind per side SIDE=KIND ('*=KIND': every other side; default human, else random; see `hiddenrole bots`)")]
BotParamOption = Annotated[list[str], typer.Option(
    metavar="KEY=VALUE",     help="a human bot parameter KEY=VALUE (repeatable; docs/bots.md lists them)")]
WorkersOption = Annotated[Optional[int], typer.Option(
    metavar="N", min=1, help="worker processes (default: every core); results do not depend on it")]
EngineOption = Annotated[str, typer.Option(metavar="process|ray", help="process (local workers) or ray (tasks on a Ray cluster)")]
AddressOption = Annotated[Optional[str], typer.Option(metavar="HOST:PORT", help="the Ray cluster's address, HOST:PORT or auto")]


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"error: {message}", highlight=False, markup=False)
    return typer.Exit(code)


def _run_plan(
    plan: RunPlan, workers: Optional[int], engine: str, address: Optional[str], out: Optional[Path]
) -> tuple[list[dict[int, CountResult]], Optional[list[dict[int, dict[str, Any]]]]]:
    """Say how many games and how long, play them with a progress bar and ETA, write ``out``
    (with a traced plan, also the runs that measure skill, and the fun measures); returns
    the tallies and the fun measures (``None`` untraced)."""
    skill = skill_plans(plan) if plan.trace else {}
    tallies = _play(plan, workers, engine, address, extra=sum(p.total_games for p in skill.values()))
    fun = None
    if plan.trace:
        skill_tallies = {side: _play(p, workers, engine, address, quiet=True) for side, p in skill.items()}
        try:
            fun = fun_measures(plan, tallies, skill_tallies)
        except ValueError as exc:
            raise _fail(str(exc), 1) from None
    if out is not None:
        try:
            write_results(out, results_json(plan, tallies, fun))
        except OSError as exc:
            raise _fail(f"cannot write {out}: {exc.strerror}", 1) from None
    return tallies, fun


def _play(
    plan: RunPlan, workers: Optional[int], engine: str, address: Optional[str], *, extra: int = 0, quiet: bool = False
) -> list[dict[int, CountResult]]:
    """Play a plan with a progress bar (and, unless ``quiet``, the games and time first;
    ``extra``: the games of the runs that follow it, counted in the estimate)."""
    share = workers if workers is not None else default_workers()
    if quiet:
        return _with_bar(plan, workers, engine, address)
    size = (f"{plan.total_games:,} games ({len(plan.counts)} player count{'s' if len(plan.counts) != 1 else ''} x "
            f"{len(plan.sets)} option set{'s' if len(plan.sets) != 1 else ''} x {plan.games:,} games)")
    if any(kind in WAITING_KINDS for kind in plan.bots.values()):
        # no calibration: it would ask the language model, and its time is the endpoint's
        err.print(f"{size}: no estimate (the language-model bots take as long as their endpoint)",
                  highlight=False, markup=False)
    else:
        try:
            estimate = calibrate(plan, 1 if engine == "ray" else share)
        except SimulationError as exc:  # a game or a bot failed: a bug, not the user's input
            raise _fail(str(exc), 1) from None
        where = "on a Ray cluster (estimated for one core)" if engine == "ray" else (
            f"on {estimate.workers} worker process{'es' if estimate.workers != 1 else ''}")
        seconds = estimate.seconds * (1 + extra / plan.total_games)
        more = f" and {extra:,} games with random bots in one side's seats, to measure skill" if extra else ""
        err.print(
            f"{size}{more} {where}: {describe_seconds(seconds)} (from {estimate.calibration_games} calibration games)",
            highlight=False, markup=False,
        )
    return _with_bar(plan, workers, engine, address)


def _with_bar(plan: RunPlan, workers: Optional[int], engine: str, address: Optional[str]) -> list[dict[int, CountResult]]:
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("ETA"),
        TimeRemainingColumn(), console=err, transient=True,
    ) as bar:
        task = bar.add_task(plan.game, total=plan.total_games)
        try:
            tallies = execute(
                plan, workers=workers, engine=engine, address=address, progress=lambda k: bar.advance(task, k)
            )
        except SimulationError as exc:  # a game or a bot failed: a bug, not the user's input
            raise _fail(str(exc), 1) from None
        except (HiddenRoleError, ValueError) as exc:  # e.g. --engine ray without Ray installed
            raise _fail(str(exc)) from None
    return tallies


def _check_engine(engine: str, address: Optional[str], out: Optional[Path]) -> None:
    if engine not in ENGINES:
        raise ValueError(f"--engine {engine!r}: use one of {', '.join(ENGINES)}")
    if address is not None and engine != "ray":
        raise ValueError("--address is for --engine ray")
    if out is not None:
        check_out_path(out)


def simulate(
    game: Annotated[str, typer.Argument(help="secret-hitler, mccarthyism or shady-agents (see `hiddenrole games`)")],
    players: Annotated[str, typer.Option(metavar="N..M", help="player counts: N, N..M or N,M,... (default: all the game allows)")] = "",
    games: Annotated[int, typer.Option(metavar="N", help="games per player count and option set")] = 1000,
    seed: Annotated[int, typer.Option(metavar="N", help="base seed; game i is seeded from it, the game, the count and i")] = 0,
    option: Annotated[list[str], typer.Option(metavar="KEY=VALUE", help="a game option KEY=VALUE (repeatable)")] = [],  # noqa: B006
    sweep: Annotated[
        list[str], typer.Option(metavar="KEY=V1,V2", help="play each value of an option: KEY=V1,V2,... (repeatable: a grid)")
    ] = [],  # noqa: B006
    bots: BotsOption = [],  # noqa: B006
    bot_param: BotParamOption = [],  # noqa: B006
    workers: WorkersOption = None,
    engine: EngineOption = "process",
    address: AddressOption = None,
    out: Annotated[Optional[Path], typer.Option(metavar="FILE", help="write the results (JSON) here, for `hiddenrole report`")] = None,
    fun: Annotated[bool, typer.Option("--fun", help="also measure fun: win probability at each public moment, how late the "
                                      "game stays open, lead changes, comebacks, decisive moment, skill, downtime")] = False,
) -> None:
    """Play many seeded games with bots and print each side's win rate with a 95% interval.

    Before the run it prints the number of games and an estimated time (from a few
    calibration games), then shows a progress bar with the time left. Every game's seed
    comes from --seed and the game's index, so the results (and the --out file) are the
    same for any --workers and either --engine.
    """
    try:
        _check_engine(engine, address, out)
        plan = plan_run(
            game,
            parse_range(players) if players else None,
            games,
            seed,
            parse_pairs(option, "--option"),
            parse_sweep(sweep),
            parse_pairs(bots, "--bots"),
            parse_pairs(bot_param, "--bot-param"),
            fun=fun,
        )
    except (HiddenRoleError, ValueError) as exc:
        raise _fail(str(exc)) from None
    tallies, measures = _run_plan(plan, workers, engine, address, out)
    kinds = ", ".join(f"{side} {kind}" if side != "*" else kind for side, kind in plan.bots.items())
    tuned = ", ".join(f"{k}={v:g}" for k, v in plan.bot_params.items())
    title = f"{plan.game_cls.title}: {games} games per player count, {kinds} bots{' with ' + tuned if tuned else ''}, seed {seed}"
    labelled = len(plan.sets) > 1 or bool(plan.options)
    Console().print(
        win_table(title, plan.game_cls.sides, [(s.label, t) for s, t in zip(plan.sets, tallies)], labelled)
    )
    if measures is not None:
        from .report import fun_rows

        table = Table(title=f"{plan.game_cls.title}: fun measures (docs/balance.md explains each)")
        header, *body = fun_rows(plan.game_cls.sides[0], list(zip([s.label for s in plan.sets], measures)), labelled)
        for name in header:
            table.add_column(name, justify="left" if name == "options" else "right")
        for row in body:
            table.add_row(*row)
        Console().print(table)
    replies = sum(t.model_replies for by_count in tallies for t in by_count.values())
    if replies:
        fallbacks = sum(t.model_fallbacks for by_count in tallies for t in by_count.values())
        Console().print(f"The llm bots asked their language model {replies} times; {fallbacks} of its replies "
                        "named no legal action, so the rule bot chose instead.", highlight=False, markup=False,
                        soft_wrap=True)
    if out is not None:
        err.print(f"results written to {out}", highlight=False)


def compare(
    game: Annotated[str, typer.Argument(help="secret-hitler, mccarthyism or shady-agents (see `hiddenrole games`)")],
    a: Annotated[list[str], typer.Option("--a", metavar="KEY=VALUE", help="an option of setting A, KEY=VALUE (repeatable)")] = [],  # noqa: B006
    b: Annotated[list[str], typer.Option("--b", metavar="KEY=VALUE", help="an option of setting B, KEY=VALUE (repeatable)")] = [],  # noqa: B006
    players: Annotated[str, typer.Option(metavar="N..M", help="player counts: N, N..M or N,M,... (default: all the game allows)")] = "",
    games: Annotated[int, typer.Option(metavar="N", help="games per player count and setting")] = 1000,
    seed: Annotated[int, typer.Option(metavar="N", help="base seed; game i is played with the same seed under A and B")] = 0,
    option: Annotated[list[str], typer.Option(metavar="KEY=VALUE", help="an option both settings share, KEY=VALUE (repeatable)")] = [],  # noqa: B006
    bots: BotsOption = [],  # noqa: B006
    bot_param: BotParamOption = [],  # noqa: B006
    side: Annotated[Optional[str], typer.Option(metavar="SIDE", help="the side whose win rate is compared (default: the first)")] = None,
    workers: WorkersOption = None,
    engine: EngineOption = "process",
    address: AddressOption = None,
    out: Annotated[Optional[Path], typer.Option(metavar="FILE", help="write the results (JSON, with each seed's winner) here")] = None,
) -> None:
    """Compare two settings on the same seeds: did the change move a side's win rate, and by how much?

    Every game is played once with setting A and once with setting B, on the same seed, and
    the results are paired seed by seed: the exact McNemar test says whether the change
    moved the win rate, and the change is given with its 95% interval, at each player count
    and over all of them.
    """
    try:
        _check_engine(engine, address, out)
        options_a, options_b = parse_pairs(a, "--a"), parse_pairs(b, "--b")
        if not options_a and not options_b:
            raise ValueError("give the options that differ: --a KEY=VALUE ... --b KEY=VALUE ...")
        plan = plan_compare(
            game, parse_range(players) if players else None, games, seed, options_a, options_b,
            parse_pairs(option, "--option"), parse_pairs(bots, "--bots"), parse_pairs(bot_param, "--bot-param"),
        )
        chosen = side if side is not None else plan.game_cls.sides[0]
        if chosen not in plan.game_cls.sides:
            raise ValueError(f"--side {chosen}: {plan.game_cls.title} has no such side "
                             f"(sides: {', '.join(plan.game_cls.sides)})")
    except (HiddenRoleError, ValueError) as exc:
        raise _fail(str(exc)) from None
    tallies, _ = _run_plan(plan, workers, engine, address, out)
    rows = paired_rows(tallies[0], tallies[1], chosen)
    Console().print(comparison_table(
        f"{plan.game_cls.title}: {plan.sets[1].label} against {plan.sets[0].label}, "
        f"{games} games per player count on the same seeds", chosen, rows))
    from .report import comparison_sentence

    Console(highlight=False).print(comparison_sentence(chosen, rows[-1][1]))
    if out is not None:
        err.print(f"results written to {out}", highlight=False)


def comparison_table(title: str, side: str, rows: list[tuple[str, PairedComparison]]) -> Table:
    """The console table of a paired comparison: per player count (and all pooled), the
    side's win % with A and with B, the change with its 95% interval, the discordant seeds
    and the exact McNemar p-value."""
    table = Table(title=title, caption=f"win % of the {side}; change: B minus A in points with its 95% interval; "
                                       "only A / only B: seeds the side won only with A / only with B; "
                                       "p: exact McNemar test")
    for name in ("players", "games", "A win %", "B win %", "change", "95% CI", "only A", "only B", "p"):
        table.add_column(name, justify="right", no_wrap=name in ("players", "95% CI"))
    for label, c in rows:
        table.add_row(label, str(c.games), f"{100 * c.wins_a / c.games:.1f}", f"{100 * c.wins_b / c.games:.1f}",
                      f"{100 * c.difference:+.1f}", f"{100 * c.low:+.1f} to {100 * c.high:+.1f}",
                      str(c.only_a), str(c.only_b), f"{c.p_value:.2g}")
    return table


def win_table(
    title: str, sides: tuple[str, ...] | list[str], sets: list[tuple[str, dict[int, CountResult]]], labelled: bool
) -> Table:
    """The console table: per option set and player count, games, each side's win % (95% CI), reasons."""
    table = Table(title=title)
    if labelled:
        table.add_column("options", overflow="fold")  # fold, never cut: the values tell rows apart
    table.add_column("players", justify="right")
    table.add_column("games", justify="right")
    columns = outcome_columns(sides, (t for _, by_count in sets for t in by_count.values()))
    for side in columns:
        table.add_column(f"{side} win % (95% CI)" if side != "draw" else "draw % (95% CI)", justify="right")
    table.add_column("reasons")
    for label, by_count in sets:
        for n, tally in by_count.items():
            cells = [tally.win_cell(side) for side in columns]
            reasons = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in tally.reasons.most_common())  # plain words
            table.add_row(*([label] if labelled else []), str(n), str(tally.games), *cells, reasons)
    return table


#: Opens a page in the browser (``webbrowser.open``); tests put their own here.
open_in_browser: Callable[[str], Any] = webbrowser.open


def report(
    results: Annotated[Path, typer.Argument(help="a result file written by `hiddenrole simulate --out` or `compare --out`")],
    out: Annotated[Path, typer.Option(metavar="FOLDER", help="the folder for report.md, report.html and the PNG plots")] = Path("reports"),
    pace: Annotated[str, typer.Option(metavar="forum|live", help="game time: forum (every step lasts its whole deadline) or live "
                                           "(each decision takes --decision-seconds)")] = "forum",
    decision_seconds: Annotated[float, typer.Option(metavar="SECONDS", help="seconds per decision at the live pace")] = 20.0,
    open_: Annotated[bool, typer.Option("--open", help="open the HTML report in the web browser")] = False,
) -> None:
    """Write a designer's report of a simulation: win rates with 95% Wilson intervals and the
    50% line, rows pooled over player counts, a heat map of a sweep, a paired comparison,
    how games end and how long they take (in actions and in minutes at --pace), as
    Markdown with PNG plots and as one self-contained HTML page."""
    from .report import REPORT_HTML, write_report

    try:
        check_report_folder(out)
        path = write_report(results, out, pace, decision_seconds)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write the report in {out}: {exc.strerror}", 1) from None
    page = path.parent / REPORT_HTML
    err.print(f"report written to {path} and {page}", highlight=False)
    if open_:
        open_in_browser(page.resolve().as_uri())


def _allowed(opt: Any) -> str:
    """An option's allowed values in plain words."""
    if opt.choices is not None:
        return ", ".join("true" if c is True else "false" if c is False else str(c) for c in opt.choices)
    if opt.kind is bool:
        return "true, false"
    if opt.minimum is not None or opt.maximum is not None:
        low = f"{opt.minimum:g}" if opt.minimum is not None else ""
        high = f"{opt.maximum:g}" if opt.maximum is not None else ""
        return f"{low}..{high}"
    return opt.kind.__name__


def _default(opt: Any) -> str:
    if opt.default is None:
        return "as the rules say"
    if isinstance(opt.default, bool):
        return "true" if opt.default else "false"
    return f"{opt.default:g}" if isinstance(opt.default, float) else str(opt.default)


def games() -> None:
    """List the games: their player counts, sides and options (KEY, allowed values, default,
    and what each option changes), for --option, --sweep, --a and --b."""
    from ..engine.registry import available_games, game_class

    out = Console(highlight=False)
    for name in available_games():
        cls = game_class(name)
        out.print(f"[bold]{name}[/bold]: {cls.title}, {cls.min_players} to {cls.max_players} players; "
                  f"sides: {', '.join(cls.sides)}")
        for opt in cls.OPTIONS:
            out.print(f"  [bold]{opt.name}[/bold] ({_allowed(opt)}; default {_default(opt)})")
            out.print(Padding(Text(opt.doc), (0, 0, 0, 6)))
        out.print()


def bots() -> None:
    """List the bot kinds (for --bots SIDE=KIND): how each plays, and the games it plays."""
    out = Console(highlight=False)
    for kind, games_, line in bot_descriptions():
        out.print(f"[bold]{kind}[/bold] ({', '.join(games_)})")
        out.print(Padding(Text(line), (0, 0, 0, 6)))


def bot_descriptions() -> list[tuple[str, list[str], str]]:
    """``[(kind, [games it plays], one line on how it plays)]`` for every registered kind
    (the line is the class's ``summary``, else its docstring's first line)."""
    from ..bots.base import bot_class, bot_kinds
    from ..engine.registry import available_games

    found: dict[str, tuple[list[str], str]] = {}
    for game in available_games():
        for kind in bot_kinds(game):
            games_, line = found.setdefault(kind, ([], ""))
            games_.append(game)
            if not line:
                cls = bot_class(kind, game)
                line = cls.summary or (cls.__doc__ or "").strip().split("\n")[0]
                found[kind] = (games_, line)
    return [(kind, games_, line) for kind, (games_, line) in found.items()]


def tune(
    game: Annotated[str, typer.Argument(help="secret-hitler, mccarthyism or shady-agents (see `hiddenrole games`)")],
    tune_: Annotated[list[str], typer.Option("--tune", metavar="KEY=LOW..HIGH",
                                             help="an option to search: KEY=LOW..HIGH for a number, KEY=A,B,... for a choice (repeatable)")] = [],  # noqa: B006
    players: Annotated[str, typer.Option(metavar="N..M", help="player counts: N, N..M or N,M,... (default: all the game allows)")] = "",
    target: Annotated[float, typer.Option(metavar="PERCENT", help="the win rate to come closest to, in percent")] = 50.0,
    trials: Annotated[int, typer.Option(metavar="N", help="settings to try")] = 30,
    games: Annotated[int, typer.Option(metavar="N", help="games per player count for a setting (fewer when it is stopped early)")] = 200,
    seed: Annotated[int, typer.Option(metavar="N", help="base seed: the games' seeds and the search's")] = 0,
    option: Annotated[list[str], typer.Option(metavar="KEY=VALUE", help="a game option every setting shares, KEY=VALUE (repeatable)")] = [],  # noqa: B006
    bots: BotsOption = [],  # noqa: B006
    bot_param: BotParamOption = [],  # noqa: B006
    side: Annotated[Optional[str], typer.Option(metavar="SIDE", help="the side whose win rate is tuned (default: the first)")] = None,
    favour: Annotated[Optional[str], typer.Option(metavar="MEASURE", help="also favour a fun measure: " + ", ".join(
        f"{k} ({v})" for k, v in FAVOURABLE.items()))] = None,
    best: Annotated[int, typer.Option(metavar="N", help="the best settings to play again in full and report")] = 3,
    workers: WorkersOption = None,
    engine: EngineOption = "process",
    address: AddressOption = None,
    out: Annotated[Path, typer.Option(metavar="FOLDER", help="the folder for the report (report.md, report.html, tune.md, "
                                                             "tune.json, results.json and plots)")] = Path("tune"),
) -> None:
    """Search the named options for the setting whose win rates at each player count come
    closest to --target, and report the best few with their fun measures.

    Optuna's TPE sampler, seeded from --seed, proposes settings; each is played on the same
    seeded games, 50 per player count at a time, and stopped early once its win rate is
    clearly off the target at some count. The best settings are then played again in full,
    their public moments traced, and written as a report (win rates with intervals per
    count, fun measures, sample win-probability lines). The same command gives the same
    report for any --workers.
    """
    from .tune import SLICE, best_plan, plan_tune, run_tune, tune_json

    try:
        _check_engine(engine, address, None)
        check_report_folder(out)
        plan = plan_tune(
            game, parse_range(players) if players else None, target, tune_, trials=trials, games=games, seed=seed,
            options=parse_pairs(option, "--option"), bots=parse_pairs(bots, "--bots"),
            bot_params=parse_pairs(bot_param, "--bot-param"), side=side, favour=favour, best=best,
        )
    except (HiddenRoleError, ValueError) as exc:
        raise _fail(str(exc)) from None
    base = plan.base
    most = trials * base.total_games
    err.print(f"{trials} settings of up to {base.total_games:,} games each ({len(base.counts)} player counts x "
              f"{base.games:,}; a setting clearly off the target stops early, after {SLICE} games per count or more), "
              f"then the best {best} again in full with the fun measures", highlight=False, markup=False)
    console = Console(highlight=False)

    def said(number: int, setting: Any) -> None:
        where = f"stopped after {setting.games} games per count" if setting.stopped else f"{setting.games} games per count"
        chosen = ", ".join(f"{k}={v}" for k, v in setting.options.items())
        console.print(f"trial {number + 1}/{trials}: {chosen}: {setting.score:.1f} points from the target ({where})",
                      markup=False, soft_wrap=True)

    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), console=err,
                  transient=True) as bar:
        task = bar.add_task("games (at most)", total=most)
        try:
            result = run_tune(plan, workers=workers, engine=engine, address=address,
                              progress=lambda k: bar.advance(task, k), on_trial=said)
        except SimulationError as exc:
            raise _fail(str(exc), 1) from None
    final = best_plan(plan, result)
    tallies, measures = _run_plan(final, workers, engine, address, None)
    assert measures is not None
    from .report import write_report_data

    command = "hiddenrole " + " ".join(shlex.quote(a) for a in _tune_words(game, players, plan, tune_, option, bots,
                                                                            bot_param, favour))
    data = results_json(final, tallies, measures)
    data["tune_command"] = command
    try:
        write_report_data(data, out, "live")
        write_results(out / "results.json", data)
        (out / "tune.json").write_text(dumps_results(tune_json(plan, result, command)), encoding="utf-8")
        (out / "tune.md").write_text(tune_markdown(plan, result, final, tallies, measures, command), encoding="utf-8")
    except OSError as exc:
        raise _fail(f"cannot write the report in {out}: {exc.strerror}", 1) from None
    err.print(f"report written to {out / 'tune.md'} and {out / 'report.html'}", highlight=False)


def _tune_words(game: str, players: str, plan: Any, tune_: list[str], option: list[str], bots: list[str],
                bot_param: list[str], favour: Optional[str]) -> list[str]:
    base = plan.base
    words = ["tune", game, "--players", players or f"{base.counts[0]}..{base.counts[-1]}",
             "--target", f"{100 * plan.target:g}", "--trials", str(plan.trials), "--games", str(base.games),
             "--seed", str(base.seed), "--side", plan.side, "--best", str(plan.best)]
    for flag, values in (("--tune", tune_), ("--option", option), ("--bots", bots), ("--bot-param", bot_param)):
        for value in values:
            words += [flag, value]
    if favour:
        words += ["--favour", favour]
    return words


def tune_markdown(plan: Any, result: Any, final: RunPlan, tallies: list[dict[int, CountResult]],
                  measures: list[dict[int, dict[str, Any]]], command: str) -> str:
    """The tune's summary as Markdown: the command, the best settings (win rate with its 95%
    interval at each count, distance from the target, fun measures) and every setting tried."""
    from .report import fun_table, plain

    side = plan.side
    counts = list(final.counts)
    lines = [f"# {final.game_cls.title}: the settings closest to {100 * plan.target:g}% for the {side}", "",
             f"    {command}", "",
             f"{len(result.settings)} different settings were tried in {plan.trials} trials; each was played on the "
             f"same seeded games, at most {final.games} per player count, and stopped early once its win rate was "
             "clearly off the target at some count. The best were played again in full. Distance: the root mean "
             "square, over the player counts, of the win rate's distance from the target, in points.", "",
             "## The best settings", "",
             "| setting | distance | " + " | ".join(f"{n} players" for n in counts) + " |",
             "|---|---:|" + "---:|" * len(counts)]
    for option_set, by_count in zip(final.sets, tallies):
        from .tune import distance

        cells = [by_count[n].win_cell(side) for n in counts]
        lines.append(f"| {plain(option_set.label)} | {distance(by_count, side, plan.target):.1f} | " + " | ".join(cells) + " |")
    lines += ["", f"Each cell: the {side}' win % with its 95% interval.", "", "## Fun, measured", "",
              fun_table(final.game_cls.sides[0], [(s.label, m) for s, m in zip(final.sets, measures)]), "",
              "The full report, with plots: [report.md](report.md) (and report.html).", "",
              "## Every setting tried", "",
              "| trials | setting | games per count | stopped early | distance |", "|---|---|---:|---|---:|"]
    for s in result.settings:
        chosen = ", ".join(f"{k}={v}" for k, v in s.options.items())
        lines.append(f"| {', '.join(str(t + 1) for t in s.trials)} | {plain(chosen)} | {s.games} | "
                     f"{'yes' if s.stopped else 'no'} | {s.score:.1f} |")
    return "\n".join(lines) + "\n"
