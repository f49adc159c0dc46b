"""The ``hiddenrole`` command line: scripted games, simulations, and (later) the server."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

from .client.agent import agent
from .engine import HiddenRoleError
from . import __version__
from .lab.commands import bots, compare, games, report, simulate, tune
from .server.commands import serve, verify

app = typer.Typer(help="Moderate hidden-role games, and balance them with bots.", no_args_is_help=True)
err = Console(stderr=True, soft_wrap=True)  # an error is one line, whatever the terminal width

app.command()(simulate)
app.command()(compare)
app.command()(serve)
app.command()(verify)
app.command()(report)
app.command()(tune)
app.command()(agent)
app.command()(games)
app.command()(bots)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"hiddenrole {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="print the version and exit")
    ] = False,
) -> None:
    """Moderate hidden-role games, and balance them with bots."""


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
        err.print(f"error: cannot read {file}: {exc.strerror}", markup=False, highlight=False)
        raise typer.Exit(2) from None
    except UnicodeDecodeError as exc:
        err.print(f"error: {file} is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at position {exc.start})",
                  markup=False, highlight=False)
        raise typer.Exit(2) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        err.print(f"error: {file} is not valid JSON: {exc}", markup=False, highlight=False)
        raise typer.Exit(2) from None
    try:
        for line in run_script(data, as_player):
            typer.echo(line)
    except ScriptError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


@app.command()
def demo(
    game: Annotated[str, typer.Argument(help="the game to show")] = "secret-hitler",
    players: Annotated[int, typer.Option(min=1, help="player count")] = 7,
    seed: Annotated[int, typer.Option(help="seed")] = 1,
    raw: Annotated[bool, typer.Option("--raw", help="print the public event records instead of sentences")] = False,
    lang: Annotated[str, typer.Option("--lang", help="the language of the sentences: en or de")] = "en",
) -> None:
    """Play one game with random bots and tell it as the Mod saw it: every event in plain
    sentences (private ones naming their reader), then the result. ``--raw`` prints the public
    event records instead; ``--lang de`` tells it in German."""
    from .bots import RandomBot
    from .engine import MOD, new_game
    from .engine.narration import LANGUAGES, language_of, narrator
    from .lab.play import play_game
    from .lab.simulate import player_names

    chosen = language_of(lang)
    if chosen is None:
        err.print(f"error: unknown language {lang!r} for --lang (available: {', '.join(LANGUAGES)})",
                  markup=False, highlight=False)
        raise typer.Exit(2)
    try:
        g = new_game(game, player_names(players), seed=seed)
    except HiddenRoleError as exc:
        err.print(f"error: {exc}", markup=False, highlight=False)
        raise typer.Exit(2) from None
    record = play_game(g, {p: RandomBot(p, seed) for p in g.players})
    out = Console(highlight=False)
    if raw:
        for event in g.log:
            if event.public:
                data = " ".join(f"{k}={v}" for k, v in event.data.items())
                out.print(f"[dim]{event.seq:4d}[/dim] [bold]{event.kind}[/bold] {data}", markup=True)
        res = record.result
        out.print(f"\n[bold green]{res.winner or 'draw'}[/bold green] win ({res.reason}) after {record.actions} actions")
        out.print_json(json.dumps(g.reveal()["summary"]))
        return
    teller = narrator(g, MOD, chosen)
    for event in g.log:
        for sentence in teller.event(event.kind, event.data, event.to):
            out.print(sentence, markup=False, soft_wrap=True)
def main() -> None:
    """Entry point of the ``hiddenrole`` command."""
    app()


if __name__ == "__main__":
    main()
