"""Taking a seat over the server's REST API (docs/protocol.md, Tables): reading a table,
joining it by name, or claiming a seat with a seat link.

Errors are of two kinds, so a command line can answer each with its exit code:
:class:`BadRequest` (the caller's input is wrong: a malformed URL, an unknown table, a
name taken; exit 2) and :class:`Unreachable` (no server answers there; exit 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx


class BadRequest(ValueError):
    """The input names no table or seat the server can give (one sentence saying why)."""


class Unreachable(ConnectionError):
    """No hiddenrole server answered at the URL (one sentence naming it)."""


@dataclass(frozen=True)
class Seat:
    """A seat taken at a table.

    Attributes:
        server: the server's base URL (``http://HOST:PORT``).
        code: the table's code (6 letters).
        name: the seat's player name.
        token: the seat token (secret: it plays the seat).
        game: the game's name (``"secret-hitler"``).
    """

    server: str
    code: str
    name: str
    token: str
    game: str

    @property
    def ws_url(self) -> str:
        """The table's WebSocket URL (``ws://HOST:PORT/ws/CODE``; ``wss`` for ``https``)."""
        return "ws" + self.server[len("http"):] + f"/ws/{self.code}"


def server_url(url: str) -> str:
    """The server's base URL from what a user typed: ``http(s)://HOST[:PORT]`` with an
    optional path prefix (a server behind a proxy), without a trailing slash.

    Raises:
        BadRequest: not an ``http``/``https`` URL with a host.
    """
    text = (url or "").strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadRequest(f"the server URL {text[:60]!r} is not an http:// or https:// address "
                         "(e.g. http://127.0.0.1:8000)")
    try:
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise BadRequest(f"the server URL {text[:60]!r} has a bad port") from None
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def parse_seat_link(link: str) -> tuple[str, str, str | None]:
    """``(server, code, claim)`` from a seat link: a join link ``http://HOST/?join=CODE``
    (``claim`` ``None``: the agent joins by name) or a substitute link
    ``http://HOST/?join=CODE&claim=SECRET`` (the agent takes that seat).

    Raises:
        BadRequest: the link is not one of those.
    """
    base = server_url(link.split("?", 1)[0].split("#", 1)[0])
    query = parse_qs(urlsplit(link.strip()).query)
    codes = query.get("join") or []
    if len(codes) != 1 or not codes[0].strip():
        raise BadRequest("the seat link names no table: it should look like http://HOST:PORT/?join=CODE "
                         "(or a substitute link with &claim=...)")
    claims = query.get("claim")
    return base, codes[0].strip().upper(), claims[0] if claims else None


def _error(response: httpx.Response) -> tuple[str, str]:
    """``(code, message)`` of a REST error answer (docs/protocol.md)."""
    try:
        body = response.json()["error"]
        return str(body["code"]), str(body["message"])
    except (ValueError, KeyError, TypeError):
        return "http", f"the server answered HTTP {response.status_code}"


async def _call(http: httpx.AsyncClient, method: str, url: str, **kwargs: Any) -> httpx.Response:
    try:
        return await http.request(method, url, **kwargs)
    except httpx.InvalidURL as exc:
        raise BadRequest(f"bad server URL: {exc}") from None
    except httpx.HTTPError as exc:
        where = str(http.base_url).rstrip("/")
        raise Unreachable(f"no server answers at {where}: {exc or type(exc).__name__}") from None


async def table_info(http: httpx.AsyncClient, code: str) -> dict[str, Any]:
    """The table's public record (``GET /api/tables/{code}``: ``table``).

    Raises:
        BadRequest: no such table (or an expired one).
        Unreachable: no server answers.
    """
    if not code or not code.strip().isalnum():
        raise BadRequest(f"the table code {code[:30]!r} is not a table code (6 letters, e.g. K7QX2M)")
    response = await _call(http, "GET", f"/api/tables/{code.strip().upper()}")
    if response.status_code != 200:
        kind, message = _error(response)
        if kind in ("http", "not_found"):  # not an answer of the table API
            where = str(http.base_url).rstrip("/")
            message = f"{where} does not answer as a hiddenrole server (HTTP {response.status_code})"
        raise (BadRequest if response.status_code < 500 else Unreachable)(message)
    try:
        return response.json()["table"]
    except (ValueError, KeyError) as exc:
        where = str(http.base_url).rstrip("/")
        raise Unreachable(f"{where} is not a hiddenrole server ({type(exc).__name__})") from None


async def join_table(http: httpx.AsyncClient, code: str, name: str | None = None) -> Seat:
    """Take a new seat at a table that has not started, by name.

    Args:
        http: a client whose ``base_url`` is the server.
        code: the table's code.
        name: the seat's name; ``None`` takes ``Agent``, or ``Agent 2``... when it is taken.

    Raises:
        BadRequest: no such table, it has started, it is full, or the name is refused.
        Unreachable: no server answers.
    """
    table = await table_info(http, code)
    names = [name] if name is not None else ["Agent", *(f"Agent {i}" for i in range(2, 21))]
    message = ""
    for candidate in names:
        response = await _call(http, "POST", f"/api/tables/{table['code']}/join", json={"name": candidate})
        if response.status_code == 201:
            body = response.json()
            return Seat(str(http.base_url).rstrip("/"), table["code"], body["name"], body["token"], table["game"])
        kind, message = _error(response)
        if response.status_code >= 500:
            raise Unreachable(message)
        if kind == "already_started":  # the server's hint is worded for a person on a phone
            message = ("The game at this table has already started: no seat can be taken now. Ask the host for a "
                       "substitute link for a seat (--seat-link).")
        if kind != "name_taken" or name is not None:
            break
    raise BadRequest(message)


async def claim_seat(http: httpx.AsyncClient, code: str, claim: str) -> Seat:
    """Take a seat with a substitute link's secret (``POST /api/tables/{code}/claim``).

    Raises:
        BadRequest: no such table, or the claim is unknown or used.
        Unreachable: no server answers.
    """
    table = await table_info(http, code)
    response = await _call(http, "POST", f"/api/tables/{table['code']}/claim", json={"claim": claim})
    if response.status_code != 201:
        raise (BadRequest if response.status_code < 500 else Unreachable)(_error(response)[1])
    body = response.json()
    return Seat(str(http.base_url).rstrip("/"), table["code"], body["name"], body["token"], table["game"])
