"""The server's command-line commands (registered by :mod:`hiddenrole.cli`): ``serve`` and ``verify``."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import socket
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from .guard import Limits

err = Console(stderr=True, soft_wrap=True)  # an error is one line, whatever the terminal width


def error(message: str) -> None:
    """Print ``error: message`` to standard error as it is: no Rich markup (an export's
    ``[kind, value]`` is text, not a style) and no wrapping."""
    err.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)


def serve(
    database_url: Annotated[str, typer.Option(
        help="SQLAlchemy URL: sqlite:///PATH (default ./data/hiddenrole.db) or postgresql+asyncpg://USER@HOST/DB"
    )] = "sqlite+aiosqlite:///data/hiddenrole.db",
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every interface)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="TCP port")] = 8000,
    bot_delay: Annotated[float, typer.Option(min=0, help="seconds a bot waits before each action")] = 0.5,
    log_level: Annotated[str, typer.Option(
        help="uvicorn log level: critical, error, warning, info, debug or trace")] = "warning",
    public_url: Annotated[str | None, typer.Option(
        help="the address others use to reach this server (e.g. https://games.example.org behind a proxy): "
             "printed, and used in every join link and QR code")] = None,
    limit: Annotated[list[str] | None, typer.Option(
        help="an abuse limit NAME=VALUE (repeatable; docs/protocol.md, Limits), e.g. "
             "connections_per_address=64 or creates=20/minute")] = None,
    redis_url: Annotated[str | None, typer.Option(
        help="run as one service with the other processes on the same PostgreSQL --database-url and this "
             "Redis (redis://HOST:PORT/DB): docs/deploy.md")] = None,
    workers: Annotated[int, typer.Option(
        min=1, max=64, help="processes on this machine behind the one port (more than 1 needs PostgreSQL "
                            "and --redis-url)")] = 1,
    forwarded_allow_ips: Annotated[str, typer.Option(
        help="comma-separated addresses of the reverse proxies whose X-Forwarded-For/-Proto headers are "
             "trusted (a proxy on another machine: its address)")] = "127.0.0.1",
    lease_seconds: Annotated[float, typer.Option(
        min=0.5, max=3600, help="with --redis-url: seconds after which another process takes over the "
                                "tables of a process that stopped")] = 10.0,
) -> None:
    """Run the game server (lobby, WebSocket protocol, the Mod's clock) until interrupted.

    The database is migrated on start; running games carry on from their log, and
    deadlines that passed while the server was down fire at once. A busy port, or a SQLite
    database that another server holds (its ``<database>.lock``), exits 1 before anything
    is loaded. A bad ``--log-level`` or database URL exits 2, a database that cannot be
    opened (unreachable, refused login, no such database) exits 1: each with one line
    naming the problem. Prints every URL others can use: each non-loopback interface
    address when bound to 0.0.0.0 (or ``::``), or ``--public-url``.

    Every WebSocket is pinged by the server every 10 s; one that does not answer within
    10 s is closed (its seat shows away after 20 s without a connection).

    With ``--redis-url`` (PostgreSQL only) the process joins the other processes on the
    same database and Redis as one service (:mod:`.cluster`); ``--workers N`` starts N
    such processes behind the one port. A ``--redis-url`` that is malformed, given with
    SQLite, or ``--workers`` over 1 without PostgreSQL and Redis exits 2; a Redis that
    does not answer exits 1: each with one line.
    """
    import uvicorn
    from uvicorn.config import LOG_LEVELS

    from .app import create_app
    from .net import is_loopback, reachable_urls
    from .store import DatabaseInUse, lock_database, normalise_url

    if log_level.lower() not in LOG_LEVELS:
        error(f"unknown --log-level {log_level[:30]!r}: use one of {', '.join(LOG_LEVELS)}")
        raise typer.Exit(2)
    try:
        url = normalise_url(database_url)
        sa_url = make_url(url)
    except (ValueError, ArgumentError) as exc:
        error(f"bad --database-url: {exc}")
        raise typer.Exit(2) from None
    database = sa_url.render_as_string(hide_password=True)
    try:
        limits = parse_limits(limit or [])
    except ValueError as exc:
        error(f"bad --limit: {exc}")
        raise typer.Exit(2) from None
    is_sqlite = url.startswith("sqlite")
    if redis_url is not None:
        from .bus import check_redis_url

        if is_sqlite:
            error("--redis-url needs a PostgreSQL --database-url: SQLite serves one process (drop --redis-url)")
            raise typer.Exit(2)
        problem = check_redis_url(redis_url)
        if problem is not None:
            error(f"bad --redis-url: {problem}")
            raise typer.Exit(2)
    if workers > 1 and (is_sqlite or redis_url is None):
        error(f"--workers {workers} needs a PostgreSQL --database-url and a --redis-url "
              "(the processes share the tables through them)")
        raise typer.Exit(2)
    where = f"[{host}]" if ":" in host else host
    try:
        urls = reachable_urls(host, port, public_url)
    except ValueError as exc:
        error(str(exc))
        raise typer.Exit(2) from None
    # the port first: a second server on a busy port must fail before it touches the
    # (shared) database, loads the live games or starts their clock and bots
    try:
        sock = listen_socket(host, port)
    except OSError as exc:
        error(f"cannot listen on {where}:{port}: {exc.strerror or exc}")
        raise typer.Exit(1) from None
    # then the database: one server per SQLite file (held until this process ends)
    try:
        lock = lock_database(url, f"pid {os.getpid()}, http://{where}:{port}")
    except DatabaseInUse as exc:
        sock.close()
        error(str(exc))
        raise typer.Exit(1) from None
    except OSError as exc:  # a directory that cannot be made or written
        sock.close()
        error(f"cannot open the database {database}: {exc.strerror or exc} ({exc.filename})")
        raise typer.Exit(1) from None
    try:
        if redis_url is not None:  # before the database: nothing is migrated for a service that cannot run
            from .bus import redis_problem

            problem = asyncio.run(redis_problem(redis_url))
            if problem is not None:
                error(f"cannot reach Redis at --redis-url: {problem}")
                raise typer.Exit(1)
        problem = asyncio.run(database_problem(url))
        if problem is not None:
            error(f"cannot open the database {database}: {problem}")
            raise typer.Exit(1)
        settings = {"database_url": url, "bot_delay": bot_delay, "urls": urls, "public_url": public_url is not None,
                    "limits": dataclasses.asdict(limits), "redis_url": redis_url, "lease_seconds": lease_seconds}
        options = dict(host=host, port=port, log_level=log_level.lower(), ws_max_size=1 << 20,
                       proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips,
                       ws_ping_interval=WS_PING_INTERVAL, ws_ping_timeout=WS_PING_TIMEOUT)
        if workers > 1:
            from uvicorn.supervisors import Multiprocess

            os.environ[WORKER_SETTINGS] = json.dumps(settings)
            # a worker that does not answer the supervisor's health check in time is killed and
            # started again: on a busy machine start-up alone can take 20 s, so the wait is long
            config = uvicorn.Config("hiddenrole.server.commands:worker_app", factory=True, workers=workers,
                                    timeout_worker_healthcheck=WORKER_HEALTHCHECK, **options)
            typer.echo(f"hiddenrole server: {workers} worker processes at http://{where}:{port} "
                       f"(database {database}, Redis bus)")
            for reach in urls:
                typer.echo(f"  players join at {reach}/")
            Multiprocess(config, sockets=[sock]).run()
            return
        app = worker_app(settings)
        config = uvicorn.Config(app, **options)

        class Server(uvicorn.Server):
            async def startup(self, sockets=None) -> None:
                await super().startup(sockets=sockets)
                if self.started:  # migrated, games loaded, serving: only now say where
                    if host in ("0.0.0.0", "::"):  # not an address to open: the URLs below are
                        typer.echo(f"hiddenrole server listening on every interface, port {port} (database {database})")
                    else:
                        typer.echo(f"hiddenrole server at http://{where}:{port} (database {database})")
                    for reach in urls:
                        typer.echo(f"  players join at {reach}/")
                    if all(is_loopback(u.split("//", 1)[1].rsplit(":", 1)[0]) for u in urls):
                        typer.echo("  only this machine can reach it: to play with others, serve with "
                                   "--host 0.0.0.0 (or give --public-url)")

        Server(config).run(sockets=[sock])
    finally:
        sock.close()
        if lock is not None:
            lock.release()


WORKER_HEALTHCHECK = 120  # seconds a worker has to answer the supervisor (start-up included) before a restart
WORKER_SETTINGS = "HIDDENROLE_SERVE_SETTINGS"  # the environment variable handing serve's settings to its workers


def worker_app(settings: dict[str, Any] | None = None) -> Any:
    """The server application for ``serve``'s settings (a worker reads them from the
    environment variable :data:`WORKER_SETTINGS`), with the process's runtime tuned."""
    from .app import create_app

    if settings is None:
        settings = json.loads(os.environ[WORKER_SETTINGS])
    app = create_app(settings["database_url"], bot_delay=settings["bot_delay"], urls=settings["urls"],
                     public_url=settings["public_url"], limits=Limits(**settings["limits"]),
                     redis_url=settings["redis_url"], lease_seconds=settings["lease_seconds"])
    tune_runtime()
    return app


WS_PING_INTERVAL = 10.0  # seconds between the server's WebSocket pings
WS_PING_TIMEOUT = 10.0  # seconds a client has to answer one before its connection is closed


def parse_limits(items: list[str]) -> Limits:
    """:class:`~.guard.Limits` with each ``NAME=VALUE`` of ``items`` set (a count for the
    ``connections_*`` names, a rate such as ``20/second`` or ``10/minute;60/hour`` for the others).

    Raises:
        ValueError: an unknown name, a count that is not a positive whole number, or a rate
            the ``limits`` notation does not read (the message names which).
    """
    from limits import parse_many

    names = {f.name: f.type for f in dataclasses.fields(Limits)}
    values: dict[str, Any] = {}
    for item in items:
        name, _, value = item.partition("=")
        name = name.strip()
        if name not in names:
            raise ValueError(f"unknown limit {name[:40]!r} (known: {', '.join(names)})")
        if name.startswith("connections_"):
            if not value.strip().isdigit() or int(value) < 1:
                raise ValueError(f"{name} must be a whole number of connections, 1 or more, not {value[:20]!r}")
            values[name] = int(value)
        else:
            try:
                parse_many(value)
            except ValueError:
                raise ValueError(f"{name} must be a rate such as 20/second or 10/minute;60/hour, "
                                 f"not {value[:40]!r}") from None
            values[name] = value.strip()
    return dataclasses.replace(Limits(), **values)


async def database_problem(url: str, timeout: float = 15.0) -> str | None:
    """Open the store at ``url`` once (connect, run the migrations) and close it: ``None``
    when that works, else what went wrong as a short phrase (the driver's first line: no
    traceback, never the password)."""
    from .store import Store

    store = Store(url)
    try:
        await asyncio.wait_for(store.open(), timeout)
    except TimeoutError:
        return f"it did not answer within {timeout:g} seconds"
    except Exception as exc:  # the driver's errors have no common base: each is shown in one line
        cause = getattr(exc, "orig", None) or exc
        text = str(cause).strip().splitlines()
        return text[0] if text else type(cause).__name__
    finally:
        with contextlib.suppress(Exception):
            await store.close()
    return None


def listen_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening (what uvicorn would open).

    Raises:
        OSError: the address is in use, not local, or not allowed (e.g. a port below 1024).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
        sock.set_inheritable(True)
    except OSError:
        sock.close()
        raise
    return sock


def tune_runtime() -> None:
    """Process settings that keep the server's latency low (called by ``serve``).

    * The SQLite writer runs in a thread: hand the GIL over after 0.5 ms instead of the
      default 5 ms, so a commit is not kept waiting while the event loop is busy.
    * CPython's full (generation 2) garbage collections scan every live object: with
      hundreds of tables that pauses the event loop for hundreds of milliseconds. The
      objects alive after start-up and after each full collection (the live games,
      tables, connections) are frozen out of later collections, so each full collection
      scans only what is new. Trade-off: reference cycles among frozen objects are never
      reclaimed (objects without cycles are freed as usual).
    """
    import gc

    sys.setswitchinterval(0.0005)
    gc.collect()
    gc.freeze()

    def freeze_survivors(phase: str, info: dict) -> None:
        if phase == "stop" and info.get("generation") == 2:
            gc.freeze()

    if freeze_survivors not in gc.callbacks:
        gc.callbacks.append(freeze_survivors)


def verify(
    export: Annotated[Path, typer.Argument(help="a game export (GET /api/tables/CODE/export)")],
) -> None:
    """Check a finished game's export: the seed commitment, every chance outcome, the result,
    the summary and the event log.

    Replays every action and timeout through the engine from the revealed seed and compares
    everything the replay determines, reporting the first difference. Exit 0 when every
    check passes, 1 when one fails, 2 when the file cannot be read or is not an export (a
    missing or wrongly typed field, named).
    """
    from .audit import shape_problem, verify_export

    try:
        data = json.loads(export.read_text(encoding="utf-8"))
    except OSError as exc:
        error(f"cannot read {export}: {exc.strerror}")
        raise typer.Exit(2) from None
    except json.JSONDecodeError as exc:
        error(f"{export} is not valid JSON: {exc}")
        raise typer.Exit(2) from None
    problem = shape_problem(data)
    if problem is not None:
        error(f"{export} is not a game export: {problem}")
        raise typer.Exit(2)
    result = verify_export(data)
    for name, passed, detail in result.checks:
        typer.echo(f"{'ok  ' if passed else 'FAIL'} {name}: {detail}")
    typer.echo("verified: this game was dealt from the committed seed" if result.ok else "NOT verified")
    raise typer.Exit(0 if result.ok else 1)
