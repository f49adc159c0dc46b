"""The ``hiddenrole`` command line: scripted games, simulations, and (later) the server."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .engine import HiddenRoleError, game_class
from .lab.simulate import parse_range, simulate as run_simulation

app = typer.Typer(help="Moderate hidden-role games, and balance them with bots.", no_args_is_help=True)
err = Console(stderr=True)


@app.command()
def script(
    file: Annotated[Path, typer.Argument(help="the script (JSON); '-' reads standard input")],
    as_player: Annotated[Optional[str], typer.Option("--as", help="print this player's events and view")] = None,
) -> None:
    """Play a game from a JSON script and print its events, one JSON object per line.

    Exit 0 on success; exit 2 with the error (naming the action's index) on an illegal action.
    """
    from .script import ScriptError, run_script

    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
    except OSError as exc:
        err.print(f"error: cannot read {file}: {exc.strerror}")
        raise typer.Exit(2) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        err.print(f"error: {file} is not valid JSON: {exc}")
        raise typer.Exit(2) from None
    try:
        for line in run_script(data, as_player):
            typer.echo(line)
    except ScriptError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


@app.command()
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


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="the game to show")] = "secret-hitler",
    players: Annotated[int, typer.Option(help="player count")] = 7,
    seed: Annotated[int, typer.Option(help="seed")] = 1,
) -> None:
    """Play one game with random bots and print its public events, then the result."""
    from .bots import RandomBot
    from .engine import new_game
    from .lab.play import play_game
    from .lab.simulate import player_names

    try:
        g = new_game(game, player_names(players), seed=seed)
    except HiddenRoleError as exc:
        err.print(f"error: {exc}")
        raise typer.Exit(2) from None
    record = play_game(g, {p: RandomBot(p, seed) for p in g.players})
    out = Console()
    for event in g.log:
        if event.public:
            data = " ".join(f"{k}={v}" for k, v in event.data.items())
            out.print(f"[dim]{event.seq:4d}[/dim] [bold]{event.kind}[/bold] {data}", highlight=False)
    res = record.result
    out.print(f"\n[bold green]{res.winner or 'draw'}[/bold green] win ({res.reason}) after {record.actions} actions")
    reveal = g.reveal()
    out.print_json(json.dumps(reveal["summary"]))


def main() -> None:
    """Entry point of the ``hiddenrole`` command."""
    app()


if __name__ == "__main__":
    main()
