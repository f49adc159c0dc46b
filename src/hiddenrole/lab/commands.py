"""The lab's command-line commands (registered by :mod:`hiddenrole.cli`)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..engine import HiddenRoleError, game_class
from .simulate import parse_range, simulate as run_simulation

err = Console(stderr=True)


def simulate(
    game: Annotated[str, typer.Argument(help="secret-hitler, mccarthyism or shady-agents")],
    players: Annotated[str, typer.Option(help="player counts: N, N..M or N,M,...")] = "",
    games: Annotated[int, typer.Option(min=1, help="games per player count")] = 1000,
    seed: Annotated[int, typer.Option(help="base seed; game i is seeded from it and i")] = 0,
    option: Annotated[list[str], typer.Option(help="a game option KEY=VALUE (repeatable)")] = [],  # noqa: B006
) -> None:
    """Play many games with random bots and print each side's win rate with a 95% interval."""
    try:
        cls = game_class(game)
        counts = parse_range(players) if players else list(range(cls.min_players, cls.max_players + 1))
        bad = [n for n in counts if not cls.min_players <= n <= cls.max_players]
        if bad:
            raise ValueError(f"{cls.title} takes {cls.min_players} to {cls.max_players} players, not {bad}")
        options = _parse_options(option)
        cls.OPTIONS.resolve(options)
    except (HiddenRoleError, ValueError) as exc:
        err.print(f"error: {exc}")
        raise typer.Exit(2) from None
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, transient=True,
    ) as bar:
        task = bar.add_task(f"{game}", total=games * len(counts))
        results = run_simulation(game, counts, games, seed, options, progress=lambda k: bar.advance(task, k))
    out = Console()
    table = Table(title=f"{cls.title}: {games} games per player count, random bots, seed {seed}")
    table.add_column("players", justify="right")
    table.add_column("games", justify="right")
    sides = list(cls.sides) + (["draw"] if any(r.wins.get("draw") for r in results.values()) else [])
    for side in sides:
        table.add_column(f"{side} win % (95% CI)", justify="right")
    table.add_column("reasons")
    for n, tally in results.items():
        cells = []
        for side in sides:
            rate, low, high = tally.win_rate(side)
            cells.append(f"{100 * rate:.1f} ({100 * low:.1f}-{100 * high:.1f})")
        reasons = ", ".join(f"{k} {v}" for k, v in tally.reasons.most_common())
        table.add_row(str(n), str(tally.games), *cells, reasons)
    out.print(table)


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option {pair!r}: use KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


