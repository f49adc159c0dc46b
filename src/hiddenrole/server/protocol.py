"""The WebSocket protocol (docs/protocol.md, version :data:`PROTOCOL`): one connection per
player per table.

The client's first message is ``{"type": "hello", "token": SEAT_TOKEN}`` (or
``{"type": "hello", "spectator": true}``); the token never travels in a URL. The server
answers with a ``snapshot``: the player's state, every event and every thread post so far.
After it, each ``update`` carries only what is new: the events the player may see, the new
thread posts, and a JSON merge patch (RFC 7386, :mod:`.mergepatch`) of the state's changed
fields; a ``reveal`` comes when the game is over. Each server message carries ``seq``, the
connection's message counter (1, 2, 3...). A client too far behind (its queue over
:data:`~.outbox.MAX_BACKLOG_MESSAGES` or :data:`~.outbox.MAX_BACKLOG_BYTES`) gets a fresh
snapshot instead of its backlog; one that falls behind again before it has taken that snapshot
is closed (1013).

Client messages: ``action`` (``{"type": "action", "id": ..., "action": {...}}``), ``post``
(``{"type": "post", "id": ..., "text": ...}``), ``control`` (the host's controls:
``{"type": "control", "control": "pause", ...}``), ``resync`` (a new snapshot), ``lang`` (a
new snapshot in another language) and ``ping`` (the heartbeat: answered by ``pong``; the
snapshot's ``heartbeat`` says how often to send it and how long to wait for the answer
before the client treats the link as dead). Every event sent carries its ``narration``
(plain sentences for this viewer in the connection's language) and the state its own
(``phase``, ``waiting_for``, ``waiting_words``, ``deadline_note``, ``prompt``).
Each action, post or control is answered by ``ack`` or by ``error`` with a ``code`` and a
``message`` naming what was wrong. The table's own events (missed deadlines, a pause, a
substitute...) come as ``notice`` messages (:mod:`.notices`). The rate (per seat and per
client address, :class:`~.guard.Guard`) and the size of a message are checked before it is
parsed; malformed JSON, unknown types, messages over 64 KiB and messages over the rate get
an error and change nothing (a connection refused too often for its rate is closed with 1008).

The layers run one way: this module reads and checks a client's message and hands it to the
moderator or the table (:mod:`.moderator`, :mod:`.table`); the table puts what changed for
each viewer into that connection's :class:`~.outbox.Outbox`, and :meth:`Connection.writer`
sends it. Nothing below this module knows the WebSocket.

No message carries anything the player may not know: the state is built from the player's
observer (``game.observer(player)``: its snapshot, its events, its thread posts), the
player's own legal actions and deadline, and the public seat list.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from typing import TYPE_CHECKING, Any, cast

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.narration import N_
from .errors import TableError, told_refusal
from .guard import Guard
from .outbox import CLOSE, CLOSE_TRY_LATER, PROTOCOL, Outbox, dumps
from .refusals import FLOOD, FLOOD_CLOSED

if TYPE_CHECKING:
    from .moderator import Moderator
    from .table import LiveTable

log = logging.getLogger("hiddenrole.server")

MAX_MESSAGE_BYTES = 64 * 1024
CLOSE_POLICY = 1008  # WebSocket close codes: a policy violation (flooding, a seat's extra connection)
# the fields each client message may carry (``id`` is echoed in the answer)
MESSAGE_FIELDS = {
    "hello": frozenset({"type", "id", "token", "spectator", "host_token", "protocol", "lang"}),
    "lang": frozenset({"type", "id", "lang"}),
    "action": frozenset({"type", "id", "action"}),
    "post": frozenset({"type", "id", "text"}),
    "resync": frozenset({"type", "id"}),
    "ping": frozenset({"type", "id"}),
    "control": frozenset({"type", "id", "control", "seconds", "name", "by", "reason", "spectator"}),
    "take_host": frozenset({"type", "id"}),
}
# C0 control characters but tab and newline: PostgreSQL's text refuses NUL, and none belongs in a post
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b-\x1f]")
# bidi embeddings, overrides and isolates: they reorder the text around them (Trojan Source);
# the marks U+200E, U+200F and U+061C, which reorder nothing, stay allowed
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _no_constant(name: str) -> Any:
    """``json.loads``'s hook for NaN and Infinity, which JSON does not have: refused."""
    raise ValueError(f"{name} is not JSON")


def _field_name(name: str) -> str:
    """A field name as an error message may show it: quoted, escaped, at most 30 characters."""
    return repr(name if len(name) <= 30 else name[:30] + "…")


def unknown_fields(kind: str, data: dict[str, Any]) -> str | None:
    """A sentence naming the fields of a ``kind`` message that it does not take, or ``None``."""
    known = MESSAGE_FIELDS.get(kind)
    if known is None:  # an unknown message type: refused on its own
        return None
    extra = sorted(str(k) for k in data if k not in known)
    if not extra:
        return None
    shown = ", ".join(_field_name(k) for k in extra[:3]) + (f" and {len(extra) - 3} more" if len(extra) > 3 else "")
    article = "an" if kind[:1] in "aeiou" else "a"
    return (f"unknown field{'s' if len(extra) > 1 else ''} {shown} in {article} {kind!r} message "
            f"(it takes {', '.join(sorted(known))})")


def text_problem(text: str) -> str | None:
    """Why free text (a post, an action's ``text``) is refused, or ``None``: a C0 control
    character other than tab and newline (NUL included, which PostgreSQL cannot store), or a
    bidi embedding, override or isolate (U+202A-U+202E, U+2066-U+2069), which would reorder
    how the thread shows the text. The sentence is marked for the catalog (no fields): the
    player is told in words what to remove, never a code point."""
    if CONTROL_CHARACTERS.search(text) is not None:
        return N_("Your text was not sent: it holds an invisible control character (only line breaks and tabs "
                  "are allowed). Remove it, for example by typing the text again, and send it again.")
    if BIDI_CONTROLS.search(text) is not None:
        return N_("Your text was not sent: it holds an invisible character that reverses the text around it. "
                  "Remove it, for example by typing the text again, and send it again.")
    return None


class Connection:
    """One WebSocket connection: the socket, the client's address, and its
    :class:`~.outbox.Outbox` (the connection as its table sees it: what the table made for
    it), whose messages :meth:`writer` sends in order.

    Args:
        ws: the accepted WebSocket.
        address: the client's address (rates and connection counts are per address).
    """

    def __init__(self, ws: WebSocket, address: str = "") -> None:
        self.ws = ws
        self.address = address
        self.outbox = Outbox()

    async def writer(self) -> None:
        """Send the outbox's messages in order (one task per connection), and close the
        socket when the outbox says so. A socket that went away under it ends the task
        quietly (the connection's reader sees the disconnect and ends the connection)."""
        out = self.outbox
        try:
            while True:
                item = await out.take()
                if item is CLOSE:
                    await self.ws.close(code=out.close_code)
                    return
                await self.ws.send_text(item)
                out.sent(item)
        except (WebSocketDisconnect, OSError, RuntimeError) as exc:  # sent to, or closed, after the client left
            log.debug("a connection's writer stopped: the socket is gone (%s)", type(exc).__name__)


#: every connection's writer task that has not ended yet (:func:`stop_writers` at shutdown)
WRITERS: set[asyncio.Task] = set()


def start_writer(conn: Connection) -> asyncio.Task:
    """Start ``conn``'s writer task, kept in :data:`WRITERS` until it ends."""
    task = asyncio.get_running_loop().create_task(conn.writer(), name=f"hiddenrole-writer-{conn.outbox.number}")
    WRITERS.add(task)
    task.add_done_callback(WRITERS.discard)
    return task


async def stop_writer(task: asyncio.Task) -> None:
    """Cancel a connection's writer task and wait until it has ended (its outcome read: no
    task is left pending, or failed unread, when the loop closes). Only a cancellation of
    the caller itself is raised."""
    task.cancel()
    await asyncio.wait({task})
    if not task.cancelled() and task.exception() is not None:
        log.error("a connection's writer failed", exc_info=task.exception())


async def stop_writers() -> None:
    """Cancel every writer task still running (the server is shutting down: the sockets are
    closed or closing) and wait for each to end, so none is destroyed while pending."""
    loop = asyncio.get_running_loop()
    tasks = [t for t in WRITERS if not t.done() and t.get_loop() is loop]
    for task in tasks:
        await stop_writer(task)


def admit(out: Outbox, table: LiveTable, player: str | None, guard: Guard) -> None:
    """Make room for the connection ``out`` at ``table`` (the caller holds the table's lock): a seat keeps
    its newest :attr:`~.guard.Limits.connections_per_seat` connections (the oldest is closed,
    1008), and a spectator is refused when the table has
    :attr:`~.guard.Limits.connections_per_table` connections (a player or the host never is).

    Raises:
        TableError: ``too_many_connections``, for a spectator at a full table.
    """
    limits = guard.limits
    live = [c for c in table.connections if not c.closing]
    if player is None:
        if len(live) >= limits.connections_per_table and not out.host:
            raise TableError("too_many_connections", N_("This table has {limit} connections already, as many as it "
                                                        "takes: try again later."), limit=limits.connections_per_table)
        return
    mine = sorted((c for c in live if c.player == player), key=lambda c: c.number)
    for old in mine[:max(0, len(mine) - limits.connections_per_seat + 1)]:
        old.revoke("too_many_connections", f"your seat opened more than {limits.connections_per_seat} "
                                           "connections: this, the oldest, is closed", CLOSE_POLICY)


def table_of(out: Outbox) -> LiveTable | None:
    """The live table ``out`` joined (set by its hello), or ``None``: the outbox itself knows it
    only as a :class:`~.outbox.ConnectedTable`."""
    return cast("LiveTable | None", out.table)


def parse_message(text: str) -> tuple[dict[str, Any] | None, str, str, Any]:
    """Read one client message (already within the size limit): ``(message, "", "", id)``,
    or ``(None, code, sentence, id)`` when it is refused (``id``: the message's id as an
    answer may echo it, :func:`_echo`). Never raises, never quotes the input."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        return None, "bad_json", f"not valid JSON: {exc.msg} at position {exc.pos}", None
    except (ValueError, RecursionError, MemoryError):  # NaN/Infinity, a 4,300-digit number, deep nesting
        return None, "bad_json", ("not plain JSON (no NaN or Infinity, numbers of at most 4,300 digits, "
                                  "nesting of at most 500 levels)"), None
    if not isinstance(data, dict):
        return None, "bad_message", "a message must be a JSON object with a \"type\"", None
    id = _echo(data.get("id"))
    try:  # JSON escapes can spell lone surrogates, which no store or export can encode
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return None, "bad_message", ("the message has text that is not valid Unicode "
                                     "(a lone surrogate escape \\ud800-\\udfff)"), id
    except (ValueError, RecursionError):
        return None, "bad_json", "not plain JSON (nesting of at most 500 levels)", None
    return data, "", "", id


def _echo(id: Any) -> Any:
    """A message id as an answer may echo it: a string of at most 64 characters, an integer
    of at most 18 digits, or nothing (``None``): an answer never carries a client's bulk."""
    if isinstance(id, str) and len(id) <= 64:
        return id
    if isinstance(id, int) and not isinstance(id, bool) and abs(id) < 10**18:
        return id
    return None


async def serve_connection(ws: WebSocket, moderator: Moderator, code: str, guard: Guard | None = None) -> None:
    """Run one WebSocket connection to table ``code`` until the client leaves.

    Each message is counted against the rates of ``guard`` (per client address, and per
    seat after the hello) and its size checked before it is parsed."""
    guard = guard or Guard(moderator.clock)
    address = ws.client.host if ws.client is not None else "unknown"
    await ws.accept()
    if not guard.open(address):
        await ws.send_text(dumps({"type": "error", "seq": 1, "id": None, "code": "too_many_connections",
                                   "message": f"your address already has {guard.limits.connections_per_address} "
                                              "connections to this server: close one and try again"}))
        await ws.close(code=CLOSE_TRY_LATER)
        return
    conn = Connection(ws, address)
    out = conn.outbox
    writer = start_writer(conn)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if out.closing:  # closed by the server: nothing more is read
                continue
            table = table_of(out)
            seat = (table.id, out.player) if table is not None and out.player is not None else None
            if not guard.message(address, seat):  # the rate first: nothing is read or parsed
                if guard.strike(out.number):
                    out.revoke("flood", told_refusal(FLOOD_CLOSED, out.lang), CLOSE_POLICY)
                else:
                    out.error("flood", told_refusal(FLOOD, out.lang))
                continue
            text = message.get("text")
            if text is None:
                out.error("bad_message", "binary frames are not supported: send JSON text")
                continue
            if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
                out.error("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes (64 KiB)")
                continue
            data, problem, sentence, id = parse_message(text)
            if data is None:
                out.error(problem, sentence, id)
                continue
            kind = data.get("type")
            if not isinstance(kind, str):
                out.error("bad_message", "a message must be a JSON object with a \"type\" (a string)", id)
                continue
            try:
                await _handle(out, moderator, guard, code, kind, data)
            except TableError as exc:
                out.error(exc.code, exc.told(out.lang), id)
            except Exception:  # a bug: logged, answered, and the connection goes on
                log.exception("table %s: a %s message failed", code, kind[:20])
                out.error("server_error", "the server could not handle this message (nothing changed)", id)
    except WebSocketDisconnect:
        pass
    finally:
        guard.close(address)
        out.drop_queue()
        joined = table_of(out)
        if joined is not None and out.joined:
            joined.disconnect(out)
        await stop_writer(writer)  # last: a cancellation of this task may interrupt the wait


async def _handle(out: Outbox, moderator: Moderator, guard: Guard, code: str, kind: Any,
                  data: dict[str, Any]) -> None:
    id = _echo(data.get("id"))
    extra = unknown_fields(kind, data)
    if extra is not None:
        raise TableError("bad_message", extra)
    if kind == "hello":
        if "lang" in data and not out.joined:  # first: the hello's own refusals are told in it
            out.set_language(data["lang"])
        if out.joined:
            raise TableError("already_joined", "this connection already said hello (send \"resync\" for a snapshot)")
        if "spectator" in data and not isinstance(data["spectator"], bool):
            raise TableError("bad_message", "hello's \"spectator\" must be true or false")
        if "protocol" in data and (type(data["protocol"]) is not int or data["protocol"] != PROTOCOL):
            raise TableError("bad_protocol", N_("This page does not speak the server's protocol (protocol {protocol}): reload it."),
                             protocol=PROTOCOL)
        if data.get("spectator") is True and "token" in data:
            raise TableError("bad_message", "ambiguous hello: it has both a seat \"token\" and \"spectator\": true "
                                            "(send the token to play your seat, or only \"spectator\": true to watch)")
        table = await moderator.table(code)
        host_token = data.get("host_token")
        if host_token is not None:
            if data.get("spectator") is not True:
                raise TableError("bad_message", "\"host_token\" goes with \"spectator\": true (a host who plays "
                                                "sends only their seat \"token\")")
            moderator.check_host(table, host_token if isinstance(host_token, str) else None)
            out.host, out.host_token = True, host_token
        if data.get("spectator") is True:
            player = None
        else:
            token = data.get("token")
            if not isinstance(token, str) or not token:
                raise TableError("bad_token", "hello needs your seat \"token\" (or \"spectator\": true)")
            player = await moderator.player_of(table, token)
        async with table.lock:
            admit(out, table, player, guard)
            out.player = player
            out.table = table
            await table.connect(out)
        return
    joined = table_of(out)
    if not out.joined or joined is None:
        if kind in MESSAGE_FIELDS:
            raise TableError("not_authenticated", "send {\"type\": \"hello\", \"token\": ...} first")
        raise TableError("unknown_type", f"unknown message type {_field_name(kind)} (expected hello)")
    table = joined
    if kind == "ping":
        out.send({"type": "pong", "id": id})
    elif kind == "lang":
        # switch this connection's language: a fresh snapshot in it
        out.set_language(data.get("lang"))
        async with table.lock:
            table.flush()
            out.snapshot(table)
    elif kind == "control":
        # the hello's host token is checked again: the role may have passed on since
        if not (out.host and moderator.holds_host(table, out.host_token) or table.is_host_seat(out.player)):
            raise TableError("not_host", N_("Only the host can use the host’s controls."), 403)
        params = {k: v for k, v in data.items() if k not in ("type", "id", "control")}
        result = await moderator.control(table, data.get("control"), params)
        out.send({"type": "ack", "id": id, **({"result": result} if result else {})})
    elif kind == "take_host":  # a seated player takes the role of a host away too long
        if out.player is None:
            raise TableError("spectator", N_("Only a seated player can take over as host."), 403)
        await moderator.take_host(table, out.player)
        out.send({"type": "ack", "id": id})
    elif kind == "resync":
        async with table.lock:
            table.flush()
            out.snapshot(table)
    elif kind in ("action", "post"):
        if out.player is None:
            raise TableError("spectator", N_("Spectators can watch, but cannot act or post."))
        if kind == "post":
            text = data.get("text")
            if not isinstance(text, str) or not text.strip():
                raise TableError("bad_message", N_("Your post was not added: it is empty. Write something first."))
            action = {"action": "post", "text": text}  # the game's own post limit applies
        else:
            action = data.get("action")
            if not isinstance(action, dict) or not isinstance(action.get("action"), str):
                raise TableError("bad_message", "an action message needs \"action\": {\"action\": KIND, ...}")
        text = action.get("text")
        problem = text_problem(text) if isinstance(text, str) else None
        if problem is not None:
            raise TableError("bad_message", problem)
        if action.get("action") == "post":
            wait = guard.hit("posts", table.id, out.player)
            if wait is not None:
                raise TableError("post_rate", N_("You are posting too fast: wait {seconds} seconds."), seconds=f"{wait:.0f}")
        await table.act(out.player, action)
        out.send({"type": "ack", "id": id})
    else:
        raise TableError("unknown_type", f"unknown message type {_field_name(kind)} "
                                         "(expected action, post, control, take_host, resync, lang or ping)")
