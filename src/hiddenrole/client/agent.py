"""A remote agent: one seat of a table played by a bot over the public protocol
(``hiddenrole agent``, docs/agents.md).

The agent reads the table (``GET /api/tables/{code}``), takes a seat (a join by name
before the start, or a substitute link's claim at any time), then plays it with
:class:`~hiddenrole.client.seat.SeatClient`, reconnecting after drops and server restarts,
until the game ends. The bot is a registered kind (``hiddenrole.bots``: ``random``,
``rule``, ``llm``...) or a user's class ``module:Class`` with the bot interface
(``Class(player, seed)`` and ``choose(observation) -> action``).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

import httpx
import typer
from rich.console import Console

from ..bots.base import bot_class, bot_kinds
from ..engine import available_games
from .rest import BadRequest, Seat, Unreachable, claim_seat, join_table, parse_seat_link, server_url, table_info
from .seat import HelloRefused, SeatClient, ServerGone

err = Console(stderr=True)

_OUTCOME = {"win": "won", "loss": "lost", "draw": "drew"}


def _every_kind() -> list[str]:
    """Every registered bot kind (of any game)."""
    kinds: dict[str, None] = {}
    for game in available_games():
        kinds.update(dict.fromkeys(bot_kinds(game)))
    return list(kinds)


def available_game(kind: str) -> str:
    """A game the bot kind ``kind`` plays (to check a kind before the table's game is known)."""
    return next(g for g in available_games() if kind in bot_kinds(g))


def load_bot_class(spec: str, game: str | None = None) -> type:
    """The bot class named by ``spec``: a registered kind (checked against ``game`` when
    given) or ``module:Class``, a class with a ``choose`` method taking ``(player, seed)``.

    Raises:
        BadRequest: an unknown kind, a kind that does not play ``game``, a module that does
            not import, a missing class, or a class without ``choose`` (one sentence).
    """
    spec = (spec or "").strip()
    if ":" not in spec:
        known = _every_kind()
        if spec not in known:
            raise BadRequest(f"unknown bot kind {spec[:30]!r} (known: {', '.join(known)}; "
                             "or your own class as module:Class)")
        try:
            return bot_class(spec, game or available_game(spec))
        except ValueError as exc:
            raise BadRequest(str(exc)) from None
    module, _, name = spec.partition(":")
    if not module or not name:
        raise BadRequest(f"the bot {spec[:60]!r} is neither a bot kind nor module:Class")
    if "" not in sys.path:
        sys.path.insert(0, "")  # the current folder, as `python -m` would search it
    try:
        mod = importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - a user's module may raise anything while importing
        raise BadRequest(f"cannot import the bot module {module[:60]!r}: {type(exc).__name__}: {exc}") from None
    cls = getattr(mod, name, None)
    if not isinstance(cls, type):
        raise BadRequest(f"the module {module[:60]!r} has no class {name[:60]!r}")
    if not callable(getattr(cls, "choose", None)):
        raise BadRequest(f"{name[:60]} is not a bot: it needs a method choose(observation) returning "
                         "one of observation.legal_actions")
    return cls


def check_bot_settings(cls: type) -> None:
    """Ask a bot class whose settings come from the environment (a ``check_settings``
    classmethod, as the ``llm`` bot's) whether they are usable.

    Raises:
        BadRequest: they are not (the class's own sentence).
    """
    check = getattr(cls, "check_settings", None)
    if callable(check):
        try:
            check()
        except ValueError as exc:
            raise BadRequest(str(exc)) from None


def make_bot(cls: type, player: str, seed: int) -> Any:
    """A bot of class ``cls`` for ``player`` seeded with ``seed``.

    Raises:
        BadRequest: the class cannot be built as ``cls(player, seed)``, or raised (named).
    """
    try:
        return cls(player, seed)
    except Exception as exc:  # noqa: BLE001 - a user's class (or the llm bot's settings) may refuse
        raise BadRequest(f"cannot make the bot {cls.__name__}: {exc}") from None


@dataclass
class AgentResult:
    """How an agent's game ended: ``line`` (one plain sentence or two), ``reveal``, and
    the ``client`` that played it."""

    line: str
    reveal: dict[str, Any]
    client: SeatClient


def result_line(seat: Seat, client: SeatClient, bot: Any) -> str:
    """The game's end in words for the agent's output: the seat's outcome, the Mod's
    sentence on how the game ended, and the bot's own summary when it has one (the
    ``llm`` bot: how often it fell back on the rule bot)."""
    reveal = client.reveal or {}
    result = reveal.get("result") or {}
    outcome = _OUTCOME.get((result.get("outcomes") or {}).get(seat.name, ""), "played")
    told = ""
    for event in reversed(client.events):
        if event.get("kind") == "game_over" and event.get("narration"):
            told = " ".join(event["narration"])
            break
    if not told:
        told = f"The game was ended without a winner: {result['voided']}." if result.get("voided") \
            else "The game is over."
    line = f"Game over at table {seat.code}: {seat.name} {outcome}. {told}"
    report = getattr(bot, "model_report", None)
    if callable(report):
        extra = report()
        if extra:
            line += f" {extra}"
    return line


async def run_agent(*, server: str | None, table: str | None, bot: str, name: str | None = None,
                    seat_link: str | None = None, seed: int = 0, give_up: float = 300.0,
                    lang: str | None = None, wait: Callable[[int], float] | None = None,
                    on_seated: Callable[[Any], None] | None = None) -> AgentResult:
    """Take a seat and play it to the end of the game.

    Args:
        server: the server's URL (``http://HOST:PORT``), or ``None`` with ``seat_link``.
        table: the table's code, or ``None`` with ``seat_link``.
        bot: a bot kind or ``module:Class``.
        name: the seat's name when joining (default ``Agent``, ``Agent 2``...).
        seat_link: a join link or a substitute link (docs/protocol.md).
        seed: seeds the bot's own choices (int).
        give_up: seconds without a connection after which the agent stops.
        lang: the narration's language (a BCP 47 tag) for the connection.
        wait: ``wait(attempt)`` -> seconds before a reconnection (default: backoff to 5 s).
        on_seated: called with the seat once it is taken (the command says so at once).

    Raises:
        BadRequest: bad input (exit 2 on the command line).
        Unreachable, ServerGone, HelloRefused: the server cannot be reached, or refused the
            seat (exit 1).
    """
    claim: str | None = None
    if seat_link:
        server, table, claim = parse_seat_link(seat_link)
    if not server or not table:
        raise BadRequest("give --server and --table, or --seat-link")
    base = server_url(server)
    # a bad kind or module:Class, or missing settings, are refused before the server is asked
    check_bot_settings(load_bot_class(bot))
    async with httpx.AsyncClient(base_url=base, timeout=20) as http:
        if claim is not None:
            seat = await claim_seat(http, table, claim)
        else:
            # the kind is checked against the game before a seat is taken
            info = await table_info(http, table)
            load_bot_class(bot, info["game"])
            seat = await join_table(http, table, name)
    player = make_bot(load_bot_class(bot, seat.game), seat.name, seed)
    if on_seated is not None:
        on_seated(seat)
    options: dict[str, Any] = {"reconnect": True, "give_up": give_up, "bot_in_thread": True, "lang": lang,
                               "keep_frames": False}
    if wait is not None:
        options["wait"] = wait
    client = SeatClient(seat.ws_url, seat.token, player, **options)
    reveal = await client.run(timeout=float("inf"))
    return AgentResult(result_line(seat, client, player), reveal, client)


def agent(
    server: Annotated[str | None, typer.Option(help="the server's address, e.g. http://192.168.1.20:8000")] = None,
    table: Annotated[str | None, typer.Option(help="the table's code (6 letters)")] = None,
    bot: Annotated[str, typer.Option(help="a bot kind (random, rule, llm) or your own class as module:Class")] = "rule",
    name: Annotated[str | None, typer.Option(help="the seat's name (default Agent)")] = None,
    seat_link: Annotated[str | None, typer.Option(
        help="a join link (http://HOST:PORT/?join=CODE) or a substitute link (...&claim=SECRET) "
             "instead of --server and --table")] = None,
    seed: Annotated[int, typer.Option(help="seeds the bot's own choices")] = 0,
    give_up: Annotated[float, typer.Option(min=1, help="seconds without a connection before giving up")] = 300.0,
) -> None:
    """Play one seat of a table over the network with a bot, until the game ends.

    Joins the table by name before its start (or takes a substitute link's seat at any
    time), waits for the start, plays, reconnects after a dropped connection or a server
    restart, and prints one line with the result. Exit 0 when the game ended; 2 for bad
    input (a bad URL, an unknown table or bot kind, a module:Class that does not load);
    1 when the server cannot be reached or refuses the seat.
    """
    logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)
    try:
        outcome = asyncio.run(run_agent(server=server, table=table, bot=bot, name=name, seat_link=seat_link,
                                        seed=seed, give_up=give_up, on_seated=_say_seated))
    except BadRequest as exc:
        _error(str(exc))
        raise typer.Exit(2) from None
    except (Unreachable, ServerGone, HelloRefused) as exc:
        _error(str(exc))
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except Exception as exc:  # noqa: BLE001 - a user's bot may fail: one line, not a traceback
        _error(f"the agent stopped: {type(exc).__name__}: {exc}")
        raise typer.Exit(1) from None
    typer.echo(outcome.line)


def _say_seated(seat: Any) -> None:
    err.print(f"Seated as {seat.name} at table {seat.code}; playing until the game ends "
              "(waiting for the host to start it if it has not started).", markup=False, highlight=False, soft_wrap=True)


def _error(message: str) -> None:
    err.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
