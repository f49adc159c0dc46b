"""The FastAPI application: REST for tables, one WebSocket per player per table.

REST (JSON, OpenAPI at ``/openapi.json``, docs at ``/docs``):

* ``GET /api/games``: the games, their options (with defaults and ranges) and bot kinds;
* ``POST /api/tables``: create a table (game, options, pace, factor, bots, host name);
* ``GET /api/tables``: the listed tables waiting for players (tables are private unless
  listed), a page at a time (``?limit=&cursor=``; the next page's link in the ``Link`` header);
* ``GET /api/server``: the URLs others can reach this server at, and what a table code is;
* ``GET /api/tables/{code}``: a table's public state (with ``Authorization: Bearer
  SEAT_TOKEN``, also that player's view);
* ``POST /api/tables/{code}/join``, ``/leave`` and ``/rename`` (a player's own seat before the
  start, with its seat token), ``/again`` (the host's "Play again" once the game is over),
  ``/claim`` (a substitute link), ``/start``, ``/kick``,
  ``/bots``, ``/replace``, ``/control`` (the host's controls; the last five need
  ``Authorization: Bearer`` with the host token or the host's seat token);
* ``GET /api/tables/{code}/export`` and ``/replay/{step}`` once the game is over.

WebSocket: ``/ws/{code}`` (see :mod:`hiddenrole.server.protocol`). Errors are
``{"error": {"code": ..., "message": ...}}`` with a 4xx status. Table creation and joins
are rate-limited per client address (:class:`~.guard.Guard`): over the rate, 429
``rate_limited`` with ``Retry-After``.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..bots.base import bot_kinds
from ..engine import available_games, game_class
from ..engine.narration import N_, accept_language, language_of, narrator_class, translations, warm_up
from .clock import Clock
from .guard import Guard, Limits
from .moderator import CODE_ALPHABET, CODE_LENGTH, CONTROLS, MAX_PAGE_SIZE, PAGE_SIZE, Moderator, best_bot_kind
from .net import is_loopback, join_base
from .errors import TableError, told_refusal
from .again import leave, play_again, rename
from .protocol import serve_connection, stop_writers
from .store import DEFAULT_DATABASE_URL, Store
from .table import player_state
from .tokens import token_hash
from .refusals import NO_SUCH_PATH, WRONG_METHOD, cut, validation_refusal
from .webcatalog import primary_language, web_messages

WEB = Path(__file__).resolve().parent.parent / "web"


class ErrorDetail(BaseModel):
    """What was wrong."""

    code: str = Field(description="machine-readable, e.g. bad_request, bad_option, not_host")
    message: str = Field(description="a sentence naming what was wrong")


class ErrorBody(BaseModel):
    """Every refused request: ``{"error": {"code", "message"}}``."""

    error: ErrorDetail


ERRORS: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": ErrorBody, "description": "refused: nothing changed (see docs/protocol.md for the codes)"},
}


class Strict(BaseModel):
    """Request bodies: JSON types as documented (no string for a number, no boolean for a
    count), no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


class CreateTable(Strict):
    """A new table."""

    game: str = Field(description="secret-hitler, mccarthyism or shady-agents")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options by name")
    pace: str = Field("turbo", description="turbo (the rules' timings), fast (divided by factor) or untimed")
    factor: float | None = Field(None, description="fast pace: every duration is divided by this (>1)")
    bots: int = Field(0, description="how many seats bots fill")
    bot_kind: str | None = Field(None, description="bot kind (default: the best for this game)")
    host_name: str | None = Field(None, description="the host's display name, if the host plays")
    listed: bool = Field(False, description="show the table in the lobby's list (default: private, by code/link)")
    missed_limit: int = Field(2, description="after this many missed deadlines in a row a bot plays the seat "
                                             "until its player comes back (0: never)")


class Join(Strict):
    """Taking a seat."""

    name: str = Field(description="display name, unique at the table, at most 40 characters")


class SeatName(Strict):
    """A seat named by its player's display name."""

    name: str


class Claim(Strict):
    """A substitute link's secret."""

    claim: str
    name: str | None = Field(None, description="the seat's own name when its player takes it back (the feed then "
                                               "says they are back)")


class Again(Strict):
    """The next game's table."""

    bots: bool = Field(True, description="bots fill as many seats as at the finished table")


class Control(Strict):
    """One of the host's controls (docs/protocol.md, "The host's controls")."""

    control: str = Field(description=", ".join(CONTROLS))
    seconds: float | None = Field(None, description="extend: seconds to add (negative shortens)")
    name: str | None = Field(None, description="host, replace: the seat")
    by: str | None = Field(None, description="replace: bot or substitute")
    reason: str | None = Field(None, description="void: why")
    spectator: int | None = Field(None, description="kick: the spectator's number")


class BotCount(Strict):
    """How many bot seats to add."""

    count: int = 1


def error_response(code: str, message: str, status: int, headers: dict[str, str] | None = None) -> JSONResponse:
    """The documented error envelope ``{"error": {"code", "message"}}`` with ``status``.

    The message may quote the client's input, lone surrogates included: they are escaped."""
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def body_problem(body: bytes) -> str | None:
    """Why a request body is not JSON text in UTF-8 (RFC 8259), or ``None`` when it is.

    Checked before FastAPI parses the body: its parser answers bytes that are not UTF-8
    with its own ``{"detail": ...}``, and Python's JSON reader silently accepts UTF-16 and
    UTF-32 (which it recognises by their NUL bytes or byte order marks)."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return (f"the body is not valid UTF-8 (byte 0x{body[exc.start]:02x} at position {exc.start}): "
                "send JSON encoded in UTF-8")
    nul = body.find(b"\x00")
    if nul >= 0:
        return f"the body has a NUL byte at position {nul} (UTF-16 or UTF-32?): send JSON encoded in UTF-8"
    return None


class Utf8Route(APIRoute):
    """An API route that refuses, in the documented envelope, a body that is not UTF-8."""

    def get_route_handler(self):
        """FastAPI's handler, behind the check of :func:`body_problem`."""
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            problem = body_problem(await request.body())  # read once: FastAPI reuses it
            if problem is not None:
                return error_response("bad_request", problem, 400)
            return await handler(request)

        return route


class RateLimited(TableError):
    """A request over a per-address rate: 429 with ``Retry-After`` (whole seconds)."""

    def __init__(self, message: str, retry_after: float, **params: Any) -> None:
        super().__init__("rate_limited", message, 429, **params)
        self.retry_after = retry_after


HTTP_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
#: route -> the names its form gives fields that another form names otherwise (a refusal names
#: the field as the person saw it): the "Play again" request's ``bots`` is its checkbox, "Bots
#: take the same seats again", not the create form's "Bot seats"
FIELD_NAMES: dict[str, dict[str, str]] = {"/api/tables/{code}/again": {"bots": "again_bots"}}


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def client_address(request: Request | WebSocket) -> str:
    """The client's address as the rate limits count it (behind a trusted proxy, uvicorn has
    already put the forwarded address there)."""
    return request.client.host if request.client is not None else "unknown"


def reader_language(request: Request) -> str:
    """The language a refusal is told in: ``?lang=``, else ``Accept-Language``, else English."""
    chosen = language_of(request.query_params.get("lang"))
    return chosen if chosen is not None else accept_language(request.headers.get("accept-language"))


def create_app(database_url: str = DEFAULT_DATABASE_URL, *, clock: Clock | None = None,
               bot_delay: float = 0.0, moderator: Moderator | None = None,
               urls: list[str] | None = None, public_url: bool = False,
               limits: Limits | None = None, redis_url: str | None = None,
               lease_seconds: float | None = None) -> FastAPI:
    """Build the server application.

    Args:
        database_url: the store's URL (SQLite by default, ``postgresql+asyncpg://`` for PostgreSQL).
        clock: the time source (tests inject a ``ManualClock``).
        bot_delay: seconds a bot waits before each action.
        moderator: an existing moderator (its store and clock are used instead of the above).
        urls: the URLs others reach the server at (:func:`~.net.reachable_urls`); the join
            and substitute links use them instead of a loopback address.
        public_url: ``urls`` is the host's ``--public-url``: every link uses it.
        limits: the abuse limits (rates, connection caps; :class:`~.guard.Limits` by default),
            counted on the moderator's clock.
        redis_url: several processes share the (PostgreSQL) database: the Redis bus they
            talk over (:mod:`.cluster`); each table is run by one process at a time.
        lease_seconds: with ``redis_url``: a table lease's life without renewal (seconds).

    Raises:
        ValueError: ``redis_url`` with a SQLite database (SQLite serves one process).
    """
    mod = moderator or Moderator(Store(database_url), clock, bot_delay=bot_delay)
    reach = list(urls or [])
    guard = Guard(mod.clock, limits)
    cluster = None
    if redis_url is not None:
        if mod.store.is_sqlite:
            raise ValueError("--redis-url needs a PostgreSQL --database-url: SQLite serves one process")
        from .cluster import Cluster
        from .lease import LEASE_SECONDS

        cluster = Cluster(mod, redis_url, guard, lease_seconds or LEASE_SECONDS)

    def base_of(request: Request) -> str:
        base = join_base(str(request.base_url), reach, public_url)
        mod.link_base = base
        return base

    def rate_limit(kind: str, request: Request, message: str) -> None:
        wait = guard.hit(kind, client_address(request))
        if wait is not None:
            raise RateLimited(message, wait, seconds=f"{wait:.0f}")

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        warm_up()  # the catalogs and list formats, loaded before the first table needs them
        if cluster is not None:
            await cluster.connect()  # on the bus first: relayed requests may come at once
        await mod.start()
        if cluster is not None:
            cluster.start_tending()
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.stop()
            await stop_writers()  # the sockets are closed by now: no writer is left pending
            await mod.stop()

    app = FastAPI(title="hiddenrole", version="0.1.0", lifespan=lifespan, responses=ERRORS,
                  description="The online Mod for hidden-role games. Protocol: docs/protocol.md.")
    app.state.moderator = mod
    app.state.guard = guard
    app.state.cluster = cluster
    if cluster is not None:
        from .cluster import ClusterRouter

        app.add_middleware(ClusterRouter, cluster=cluster)
    app.router.route_class = Utf8Route  # every route below: a body that is not UTF-8 is refused

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        # told in the reader's language (?lang=, else Accept-Language); the code stays for programs
        headers = {"Retry-After": f"{exc.retry_after:.0f}"} if isinstance(exc, RateLimited) else None
        chosen = reader_language(request)
        return error_response(exc.code, exc.told(chosen), exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # the first field refused, in one sentence in the reader's language (as TableError's)
        chosen = reader_language(request)
        route = request.scope.get("route")  # the route matched (its fields' own names, if any)
        message, params = validation_refusal(exc.errors(), FIELD_NAMES.get(getattr(route, "path", "")))
        return error_response("bad_request", told_refusal(message, chosen, **params), 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # FastAPI's own answers (no such path, a method the path does not take...) in the
        # documented envelope under /api/; the static files keep their plain answers
        if not request.url.path.startswith("/api/"):
            return await http_exception_handler(request, exc)
        path, headers = request.url.path, dict(exc.headers or {})
        lang = reader_language(request)
        status = exc.status_code
        allowed = ""
        if status == 405:  # every route of the path counts (Starlette names only the first)
            allowed = ", ".join(sorted({m for r in app.routes if isinstance(r, APIRoute) and r.path_regex.match(path)
                                        for m in r.methods or ()}))
            headers = {k: v for k, v in headers.items() if k.lower() != "allow"}
            if allowed:
                headers["Allow"] = allowed
            else:  # no API address takes it (the static files' answer to a POST): there is nothing there
                status = 404
        if status == 404:
            message = told_refusal(NO_SUCH_PATH, lang, path=cut(path))
        elif status == 405:
            message = told_refusal(WRONG_METHOD, lang, path=cut(path), allowed=allowed, method=request.method)
        else:
            message = str(exc.detail)
        return error_response(HTTP_CODES.get(status, "http_error"), message, status, headers=headers)

    @app.get("/api/games")
    async def games(request: Request, lang: str | None = None) -> list[dict[str, Any]]:
        """The available games with their options, player counts, sides and bot kinds, in the
        language asked for (``?lang=de``, else the ``Accept-Language`` header, else English):
        each option with its ``label``, its ``doc`` (one sentence saying what it changes) and
        its ``choice_labels``; ``lang`` says the language used."""
        chosen = language_of(lang) if lang is not None else None
        if chosen is None:
            chosen = accept_language(request.headers.get("accept-language"))
        out = []
        for name in available_games():
            cls = game_class(name)
            out.append({"name": name, "title": translations(chosen).gettext(cls.title), "min_players": cls.min_players,
                        "max_players": cls.max_players, "sides": list(cls.sides),
                        "options": narrator_class(cls).describe_options(cls, chosen), "bot_kinds": bot_kinds(name, waiting=False),
                        "best_bot": best_bot_kind(name), "lang": chosen})
        return out

    @app.post("/api/tables", status_code=201)
    async def create(body: CreateTable, request: Request) -> dict[str, Any]:
        """Create a table. Returns its public info, the join code and link, the host token
        (keep it: it starts, kicks and replaces), and the host's seat token if ``host_name`` was given."""
        rate_limit("creates", request, N_("Too many new tables from your address: try again in {seconds} seconds."))
        out = await mod.create(body.game, body.options, body.pace, body.factor, body.bots, body.bot_kind,
                               body.host_name, body.listed, body.missed_limit)
        code = out["table"]["code"]
        out["code"] = code
        out["join_url"] = f"{base_of(request)}/?join={code}"
        return out

    @app.get("/api/tables")
    async def open_tables(request: Request, response: Response,
                          limit: int = Query(PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE, description="tables per page"),
                          cursor: str | None = Query(None, max_length=200,
                                                     description="the next page's cursor (from the Link header)"),
                          ) -> list[dict[str, Any]]:
        """The listed tables waiting for players, newest first, ``limit`` at a time (tables are
        private unless listed); when there are more, the ``Link`` header (``rel="next"``)
        gives the next page's URL."""
        page, after = await mod.open_tables(cursor, limit)
        if after is not None:
            url = request.url.include_query_params(limit=limit, cursor=after)
            response.headers["Link"] = f'<{url.path}?{url.query}>; rel="next"'
        return page

    @app.get("/api/server")
    async def server(request: Request) -> dict[str, Any]:
        """Where others reach this server: ``urls`` (what ``serve`` printed), ``join_base``
        (the base of the links this page hands out) and ``loopback_only`` (only this machine
        can reach it: the page says so); and what a table code is, ``table_code``: the
        ``letters`` codes are made of and their ``length`` (the page refuses a code that
        cannot be one before any request)."""
        base = base_of(request)
        known = reach or [str(request.base_url).rstrip("/")]
        return {"urls": known, "join_base": base,
                "loopback_only": all(is_loopback(urlsplit(u).hostname or "") for u in known + [base]),
                "table_code": {"letters": CODE_ALPHABET, "length": CODE_LENGTH}}

    @app.get("/api/tables/{code}")
    async def state(code: str, authorization: str | None = Header(None)) -> dict[str, Any]:
        """A table's public state; with a seat token (``Authorization: Bearer``), that player's
        state too; with the host token (while it holds the host role), the spectator's state
        and ``"host": true`` (``table.host`` names the seat that holds the role, if any)."""
        table = await mod.table(code)
        out: dict[str, Any] = {"table": table.public_info()}
        token = _bearer(authorization)
        is_host = bool(token and table.host_token_live and token_hash(token) == table.row.host_token_hash)
        player = await mod.player_of(table, token) if token and not is_host else None
        async with table.lock:
            out["state"] = player_state(table, player)
            if table.game is not None and table.game.is_over:
                out["reveal"] = table.revealed()
        out["you"] = player
        out["host"] = is_host
        return out

    @app.post("/api/tables/{code}/join", status_code=201)
    async def join(code: str, body: Join, request: Request, authorization: str | None = Header(None)) -> dict[str, Any]:
        """Take a seat; returns the seat token (send it in the WebSocket's hello). At a table made
        to play again, a name kept for a player of the last game is taken with that player's
        seat token there (``Authorization: Bearer``)."""
        rate_limit("joins", request, N_("Too many seats taken from your address: try again in {seconds} seconds."))
        return await mod.join(code, body.name, _bearer(authorization))

    @app.post("/api/tables/{code}/leave")
    async def leave_seat(code: str, authorization: str | None = Header(None)) -> dict[str, Any]:
        """Leave the table before the start (``Authorization: Bearer`` with the seat token):
        the seat is removed and its token stops working."""
        return await leave(mod, code, _bearer(authorization))

    @app.post("/api/tables/{code}/rename")
    async def rename_seat(code: str, body: Join, authorization: str | None = Header(None)) -> dict[str, Any]:
        """Change one's display name before the start (the seat token; the checks of a join)."""
        return await rename(mod, code, _bearer(authorization), body.name)

    @app.post("/api/tables/{code}/again", status_code=201)
    async def again(code: str, body: Again, request: Request,
                    authorization: str | None = Header(None)) -> dict[str, Any]:
        """Play again (host only, once the game is over): a new table with the same game,
        options and pace; the finished table names it (``next``) to everyone there."""
        rate_limit("creates", request, N_("Too many new tables from your address: try again in {seconds} seconds."))
        out = await play_again(mod, code, _bearer(authorization), body.bots)
        new = out["table"]["code"]
        out["code"] = new
        out["join_url"] = f"{base_of(request)}/?join={new}"
        return out

    @app.post("/api/tables/{code}/claim", status_code=201)
    async def claim(code: str, body: Claim) -> dict[str, Any]:
        """Take the seat a substitute link opens (once: a second use is refused); returns the
        new seat token (the seat's old token no longer works)."""
        return await mod.claim(code, body.claim, body.name)

    @app.post("/api/tables/{code}/control")
    async def control(code: str, body: Control, request: Request,
                      authorization: str | None = Header(None)) -> dict[str, Any]:
        """One of the host's controls during the game: pause, resume, extend (seconds), skip,
        void (reason), host (name), replace (name, by: bot or substitute), kick (spectator).
        Returns the table, and for a substitute the one-time link to give the new player."""
        table = await mod.table(code)
        mod.check_host(table, _bearer(authorization))
        base_of(request)
        params = {k: v for k, v in body.model_dump(exclude_none=True).items() if k != "control"}
        if body.control == "extend" and isinstance(params.get("seconds"), float) and params["seconds"].is_integer():
            params["seconds"] = int(params["seconds"])
        out = await mod.control(table, body.control, params)
        return {"table": table.public_info(), **(out or {})}

    @app.post("/api/tables/{code}/start")
    async def start(code: str, authorization: str | None = Header(None)) -> dict[str, Any]:
        """Start the game (host only; the player count must be legal). Publishes the seed commitment."""
        return await mod.start_game(code, _bearer(authorization))

    @app.post("/api/tables/{code}/kick")
    async def kick(code: str, body: SeatName, authorization: str | None = Header(None)) -> dict[str, Any]:
        """Remove a seat before the start (host only)."""
        return await mod.kick(code, _bearer(authorization), body.name)

    @app.post("/api/tables/{code}/bots")
    async def bots(code: str, body: BotCount, authorization: str | None = Header(None)) -> dict[str, Any]:
        """Add bot seats before the start (host only)."""
        return await mod.add_bots(code, _bearer(authorization), body.count)

    @app.post("/api/tables/{code}/replace")
    async def replace(code: str, body: SeatName, authorization: str | None = Header(None)) -> dict[str, Any]:
        """Give an absent player's seat to a bot during the game (host only)."""
        return await mod.replace(code, _bearer(authorization), body.name)

    @app.get("/api/tables/{code}/export")
    async def export(code: str) -> dict[str, Any]:
        """The finished game as one JSON export (check it with ``hiddenrole verify``)."""
        table = await mod.table(code)
        return table.export()

    @app.get("/api/tables/{code}/replay/{step}")
    async def replay(code: str, step: int, request: Request, lang: str | None = None) -> dict[str, Any]:
        """The finished game after its first ``step`` log entries, everything revealed, each
        event narrated in the language asked for (``?lang=de``, else ``Accept-Language``)."""
        table = await mod.table(code)
        chosen = language_of(lang) if lang is not None else None
        if chosen is None:
            chosen = accept_language(request.headers.get("accept-language"))
        return table.replay_step(step, chosen)

    @app.get("/i18n/{name}")
    async def web_catalog(name: str) -> JSONResponse:
        """The web client's own strings in a language (``de.json`` or ``de-AT.json``):
        ``{"lang", "messages": {english: translated}}``; 404 ``no_language`` without a catalog."""
        lang = primary_language(name.removesuffix(".json"))
        messages = web_messages(lang) if name.endswith(".json") else None
        if messages is None:
            return JSONResponse({"error": {"code": "no_language",
                                           "message": f"no translation of the page into {name[:20]!r}: English is used"}},
                                status_code=404)
        return JSONResponse({"lang": lang, "messages": messages})

    @app.websocket("/ws/{code}")
    async def websocket(ws: WebSocket, code: str) -> None:
        """One player's (or spectator's) connection: first message ``{"type": "hello", "token": ...}``."""
        await serve_connection(ws, mod, code, guard)

    if (WEB / "index.html").exists():
        import mimetypes

        from fastapi.staticfiles import StaticFiles

        mimetypes.add_type("application/manifest+json", ".webmanifest")  # the PWA manifest

        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    else:
        @app.get("/")
        async def root() -> dict[str, Any]:
            """Where to go: the API documentation (the browser client is not installed)."""
            return {"hiddenrole": "server", "api": "/docs", "protocol": "docs/protocol.md"}

    return app
