"""The lab's command-line commands, ``simulate`` and ``report`` (registered by :mod:`hiddenrole.cli`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..engine import HiddenRoleError
from .runs import ENGINES, execute, parse_pairs, parse_sweep, plan_run, results_json, write_results
from .simulate import CountResult, SimulationError, outcome_columns, parse_range

err = Console(stderr=True)


def simulate(
    game: Annotated[str, typer.Argument(help="secret-hitler, mccarthyism or shady-agents")],
    players: Annotated[str, typer.Option(help="player counts: N, N..M or N,M,... (default: all the game allows)")] = "",
    games: Annotated[int, typer.Option(min=1, help="games per player count and option set")] = 1000,
    seed: Annotated[int, typer.Option(help="base seed; game i is seeded from it, the game, the count and i")] = 0,
    option: Annotated[list[str], typer.Option(help="a game option KEY=VALUE (repeatable)")] = [],  # noqa: B006
    sweep: Annotated[
        list[str], typer.Option(help="play each value of an option: KEY=V1,V2,... (repeatable: a grid)")
    ] = [],  # noqa: B006
    bots: Annotated[
        list[str], typer.Option(help="bot kind per side SIDE=KIND ('*=KIND': every other side; default random)")
    ] = [],  # noqa: B006
    workers: Annotated[
        Optional[int], typer.Option(min=1, help="worker processes (default: every core); results do not depend on it")
    ] = None,
    engine: Annotated[str, typer.Option(help="process (local workers) or ray (tasks on a Ray cluster)")] = "process",
    address: Annotated[Optional[str], typer.Option(help="the Ray cluster's address, HOST:PORT or auto")] = None,
    out: Annotated[Optional[Path], typer.Option(help="write the results (JSON) here, for `hiddenrole report`")] = None,
) -> None:
    """Play many seeded games with bots and print each side's win rate with a 95% interval.

    Every game's seed comes from --seed and the game's index, so the results (and the
    --out file) are the same for any --workers and either --engine.
    """
    try:
        if engine not in ENGINES:
            raise ValueError(f"--engine {engine!r}: use one of {', '.join(ENGINES)}")
        if address is not None and engine != "ray":
            raise ValueError("--address is for --engine ray")
        plan = plan_run(
            game,
            parse_range(players) if players else None,
            games,
            seed,
            parse_pairs(option, "--option"),
            parse_sweep(sweep),
            parse_pairs(bots, "--bots"),
        )
    except (HiddenRoleError, ValueError) as exc:
        err.print(f"error: {exc}", highlight=False, markup=False)
        raise typer.Exit(2) from None
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, transient=True,
    ) as bar:
        task = bar.add_task(game, total=plan.total_games)
        try:
            tallies = execute(
                plan, workers=workers, engine=engine, address=address, progress=lambda k: bar.advance(task, k)
            )
        except SimulationError as exc:  # a game or a bot failed: a bug, not the user's input
            err.print(f"error: {exc}", highlight=False, markup=False)
            raise typer.Exit(1) from None
        except (HiddenRoleError, ValueError) as exc:  # e.g. --engine ray without Ray installed
            err.print(f"error: {exc}", highlight=False, markup=False)
            raise typer.Exit(2) from None
    if out is not None:
        try:
            write_results(out, results_json(plan, tallies))
        except OSError as exc:
            err.print(f"error: cannot write {out}: {exc.strerror}", highlight=False, markup=False)
            raise typer.Exit(1) from None
    kinds = ", ".join(f"{side} {kind}" if side != "*" else kind for side, kind in plan.bots.items())
    title = f"{plan.game_cls.title}: {games} games per player count, {kinds} bots, seed {seed}"
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
            reasons = ", ".join(f"{k} {v}" for k, v in tally.reasons.most_common())
            table.add_row(*([label] if labelled else []), str(n), str(tally.games), *cells, reasons)
    return table


def report(
    results: Annotated[Path, typer.Argument(help="a result file written by `hiddenrole simulate --out`")],
    out: Annotated[Path, typer.Option(help="the folder for report.md and its PNG plots")] = Path("reports"),
) -> None:
    """Write a Markdown report of a simulation (win rates with 95% Wilson intervals, end
    reasons, game length) with PNG plots into --out."""
    from .report import write_report

    try:
        path = write_report(results, out)
    except ValueError as exc:
        err.print(f"error: {exc}", highlight=False, markup=False)
        raise typer.Exit(2) from None
    except OSError as exc:
        err.print(f"error: cannot write the report in {out}: {exc.strerror}", highlight=False, markup=False)
        raise typer.Exit(1) from None
    err.print(f"report written to {path}", highlight=False)
