"""The lab's command-line commands, ``simulate`` and ``report`` (registered by :mod:`hiddenrole.cli`)."""

from __future__ import annotations

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
from .runs import (
    ENGINES, RunPlan, calibrate, check_out_path, default_workers, describe_seconds, execute, parse_pairs,
    parse_sweep, plan_compare, plan_run, results_json, write_results,
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
) -> list[dict[int, CountResult]]:
    """Say how many games and how long, play them with a progress bar and ETA, write ``out``."""
    share = workers if workers is not None else default_workers()
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
        err.print(
            f"{size} {where}: {describe_seconds(estimate.seconds)} (from {estimate.calibration_games} calibration games)",
            highlight=False, markup=False,
        )
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
    if out is not None:
        try:
            write_results(out, results_json(plan, tallies))
        except OSError as exc:
            raise _fail(f"cannot write {out}: {exc.strerror}", 1) from None
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
        )
    except (HiddenRoleError, ValueError) as exc:
        raise _fail(str(exc)) from None
    tallies = _run_plan(plan, workers, engine, address, out)
    kinds = ", ".join(f"{side} {kind}" if side != "*" else kind for side, kind in plan.bots.items())
    tuned = ", ".join(f"{k}={v:g}" for k, v in plan.bot_params.items())
    title = f"{plan.game_cls.title}: {games} games per player count, {kinds} bots{' with ' + tuned if tuned else ''}, seed {seed}"
    labelled = len(plan.sets) > 1 or bool(plan.options)
    Console().print(
        win_table(title, plan.game_cls.sides, [(s.label, t) for s, t in zip(plan.sets, tallies)], labelled)
    )
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
    tallies = _run_plan(plan, workers, engine, address, out)
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

    if out.exists() and not out.is_dir():
        raise _fail(f"--out {out}: is a file; give a folder for the report")
    try:
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
