"""The WebSocket protocol (docs/protocol.md, version :data:`PROTOCOL`): one connection per
player per table.

The client's first message is ``{"type": "hello", "token": SEAT_TOKEN}`` (or
``{"type": "hello", "spectator": true}``); the token never travels in a URL. The server
answers with a ``snapshot``: the player's state, every event and every thread post so far.
After it, each ``update`` carries only what is new: the events the player may see, the new
thread posts, and a JSON merge patch (RFC 7386, :mod:`.mergepatch`) of the state's changed
fields; a ``reveal`` comes when the game is over. Each server message carries ``seq``, the
connection's message counter (1, 2, 3...). A client too far behind (its queue over
:data:`MAX_BACKLOG_MESSAGES` or :data:`MAX_BACKLOG_BYTES`) gets a fresh snapshot instead of
its backlog; one that falls behind again before it has taken that snapshot is closed (1013).

Client messages: ``action`` (``{"type": "action", "id": ..., "action": {...}}``), ``post``
(``{"type": "post", "id": ..., "text": ...}``), ``control`` (the host's controls:
``{"type": "control", "control": "pause", ...}``), ``resync`` (a new snapshot), ``lang`` (a
new snapshot in another language) and ``ping`` (the heartbeat: answered by ``pong``; the
snapshot's ``heartbeat`` says how often to send it and how long to wait for the answer
before the client treats the link as dead). Every event sent carries its ``narration``
(plain sentences for this viewer in the connection's language) and the state its own
(``phase``, ``waiting_for``, ``deadline_note``, ``prompt``).
Each action, post or control is answered by ``ack`` or by ``error`` with a ``code`` and a
``message`` naming what was wrong. The table's own events (missed deadlines, a pause, a
substitute...) come as ``notice`` messages (:mod:`.notices`). The rate (per seat and per
client address, :class:`~.guard.Guard`) and the size of a message are checked before it is
parsed; malformed JSON, unknown types, messages over 64 KiB and messages over the rate get
an error and change nothing (a connection refused too often for its rate is closed with 1008).

No message carries anything the player may not know: the state is built from the player's
observer (``game.observer(player)``: its snapshot, its events, its thread posts), the
player's own legal actions and deadline, and the public seat list.
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
import logging
import re
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.narration import DEFAULT_LANGUAGE, LANGUAGES, N_, language_of
from .guard import Guard
from .mergepatch import diff
from .refusals import FLOOD, FLOOD_CLOSED
from .store import token_hash
from .stream import Broadcast, Feed, log_indices, narrated, number_posts

if TYPE_CHECKING:
    from .moderator import Moderator
    from .table import LiveTable

log = logging.getLogger("hiddenrole.server")

MAX_MESSAGE_BYTES = 64 * 1024
PROTOCOL = 2  # the version of docs/protocol.md this server speaks (sent in every snapshot)
MAX_BACKLOG_MESSAGES = 256  # a connection's queue bounds: over either, the backlog is replaced by a snapshot
MAX_BACKLOG_BYTES = 2 * 1024 * 1024
MAX_QUEUED_BYTES = 128 * 1024 * 1024  # every connection's queue together, in this process
MAX_ERROR_CHARS = 300  # an error's message is cut there: an answer never carries a client's bulk
CLOSE_POLICY = 1008  # WebSocket close codes: a policy violation (flooding, a seat's extra connection)
CLOSE_TRY_LATER = 1013  # ... try again later (too slow a reader, too many connections)
_CLOSE = object()
_RESYNC = object()  # in a queue: the snapshot that replaces a dropped backlog
_EMPTY: list[Any] = []
# the fields each client message may carry (``id`` is echoed in the answer)
MESSAGE_FIELDS = {
    "hello": frozenset({"type", "id", "token", "spectator", "host_token", "protocol", "lang"}),
    "lang": frozenset({"type", "id", "lang"}),
    "action": frozenset({"type", "id", "action"}),
    "post": frozenset({"type", "id", "text"}),
    "resync": frozenset({"type", "id"}),
    "ping": frozenset({"type", "id"}),
    "control": frozenset({"type", "id", "control", "seconds", "name", "by", "reason", "spectator"}),
}
HEARTBEAT = {"interval": 2, "timeout": 2}  # the client pings every 2 s; nothing heard for 2 s more: the link is dead
# C0 control characters but tab and newline: PostgreSQL's text refuses NUL, and none belongs in a post
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b-\x1f]")
# bidi embeddings, overrides and isolates: they reorder the text around them (Trojan Source);
# the marks U+200E, U+200F and U+061C, which reorder nothing, stay allowed
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
_NUMBERS = itertools.count(1)


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
    how the thread shows the text."""
    found = CONTROL_CHARACTERS.search(text)
    if found is not None:
        return (f"the text has the control character U+{ord(found.group()):04X} at position {found.start()} "
                "(only newline and tab are allowed)")
    found = BIDI_CONTROLS.search(text)
    if found is not None:
        return (f"the text has the bidi control U+{ord(found.group()):04X} at position {found.start()}, "
                "which would reorder the thread's text: remove it")
    return None


def player_state(table: LiveTable, player: str | None) -> dict[str, Any]:
    """What ``player`` (``None``: a spectator) may know now, except the events: the state a
    snapshot carries (for the REST API; the caller holds the table's lock).

    Keys: ``status``, ``seats`` (public), and once the game started ``view`` (the player's
    observer's snapshot), ``legal_actions``, ``can_post``, ``waiting`` (whether the game
    waits for this player) and ``deadline`` (ISO UTC; left out when there is none: like
    every ``null`` member, see :mod:`.mergepatch`).
    """
    table.flush()
    shared = Broadcast(table, table.turn)
    game = table.game
    if game is None:
        return shared.lobby
    feed = table.feeds.get(player)
    if feed is None:
        feed = Feed(game, player)
    return feed.state_now(table, shared)


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))  # ASCII only: a text's length is its size in bytes


class Connection:
    """One WebSocket connection: its outgoing queue, its viewer's feed, and what it was sent.

    The queue is bounded (:attr:`max_backlog_messages`, :attr:`max_backlog_bytes`, and
    :attr:`max_queued_bytes` for all connections of the process together): when a client
    does not read fast enough and a message would go over a bound, the whole backlog is
    dropped and one fresh snapshot is sent in its place once the writer gets to it, so a
    slow or stalled client costs at most the bound, never a growing backlog. A client that
    goes over again before that snapshot was handed to its socket is closed (1013): it
    reconnects for a snapshot. A client that keeps up (an empty queue) is never dropped.

    Args:
        ws: the accepted WebSocket.
    """

    max_backlog_messages = MAX_BACKLOG_MESSAGES
    max_backlog_bytes = MAX_BACKLOG_BYTES
    max_queued_bytes = MAX_QUEUED_BYTES
    all_queued_bytes = 0  # the class's count: every connection's queued bytes together

    def __init__(self, ws: WebSocket, address: str = "") -> None:
        self.ws = ws
        self.address = address  # the client's address (rates and connection counts are per address)
        self.number = next(_NUMBERS)  # opening order, unique in the process
        self.queue: collections.deque[Any] = collections.deque()
        self.queued_bytes = 0
        self._ready = asyncio.Event()
        self.seq = 0
        self.player: str | None = None
        self.table: LiveTable | None = None
        self.joined = False
        self.feed: Feed | None = None
        self.last_state: dict[str, Any] | None = None  # the state as the client holds it now
        self.revealed = False
        self.behind = False  # the backlog was dropped: a snapshot is on its way, nothing else is queued
        self.closing = False
        self.close_code = 4003
        self.catch_up: str | None = None  # the snapshot that replaced a dropped backlog, until it is sent
        self.host = False  # said hello with the host token (a host without a seat, or watching)
        self.spectator = 0  # a spectator's number at the table (1, 2...), for the host's kick
        self.resyncs = 0  # how many times the backlog was dropped for a snapshot
        self.lang = DEFAULT_LANGUAGE  # the language of this connection's narration
        self.lang_note: str | None = None  # said once, in the next snapshot, when the asked language is unknown

    def set_language(self, tag: Any) -> None:
        """Use the language of the BCP 47 ``tag`` (``"de-AT"`` -> German); an unknown one gives
        English and a note in the next snapshot naming the language asked for."""
        lang = language_of(tag)
        if lang is None:
            asked = str(tag)[:30] if isinstance(tag, str) else json.dumps(tag)[:30]
            self.lang = DEFAULT_LANGUAGE
            self.lang_note = (f"The language {asked!r} is not available, so English is used instead "
                              f"(available: {', '.join(LANGUAGES)}).")
        else:
            self.lang = lang
            self.lang_note = None

    # ------------------------------------------------------------ the queue
    def drop_queue(self) -> None:
        """Forget every queued message (their bytes leave the process's count)."""
        self.queue.clear()
        Connection.all_queued_bytes -= self.queued_bytes
        self.queued_bytes = 0

    def _put(self, text: str) -> None:
        queue = self.queue
        size = len(text)
        if queue and (len(queue) >= self.max_backlog_messages
                      or self.queued_bytes + size > self.max_backlog_bytes
                      or Connection.all_queued_bytes + size > self.max_queued_bytes):
            if self.catch_up is not None:  # behind again before taking the last snapshot: give up
                self.revoke("too_slow", "your connection fell behind twice: reconnect for a fresh snapshot", CLOSE_TRY_LATER)
                return
            # too far behind: drop the backlog (this message too); a snapshot replaces it, and
            # until then the connection leaves its feed (it would not follow it)
            self.drop_queue()
            self.behind = True
            self.resyncs += 1
            queue.append(_RESYNC)
            if self.table is not None:
                self.table.detach(self)
        else:
            queue.append(text)
            self.queued_bytes += size
            Connection.all_queued_bytes += size
        self._ready.set()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` with the connection's next sequence number (nothing while the
        connection is behind, waiting for its snapshot, or closing)."""
        if self.behind or self.closing:
            return
        self.seq += 1
        self._put(_dumps({"type": message.pop("type"), "seq": self.seq, **message}))

    def send_body(self, kind: str, body: str) -> None:
        """Queue a message of type ``kind`` whose other fields are the JSON object text
        ``body`` (made once and shared by the connections of one broadcast)."""
        if self.behind or self.closing:
            return
        self.seq += 1
        self._put(f'{{"type":"{kind}","seq":{self.seq},{body[1:]}')

    def error(self, code: str, message: str, id: Any = None) -> None:
        """Send an error naming what was wrong (``id`` echoes the client's message id; the
        message is cut at :data:`MAX_ERROR_CHARS` characters, whatever it quotes)."""
        if len(message) > MAX_ERROR_CHARS:
            message = message[:MAX_ERROR_CHARS - 1] + "…"
        self.send({"type": "error", "id": id, "code": code, "message": message})

    def notice(self, notice: dict[str, Any]) -> None:
        """Send a table event (:mod:`.notices`, told in the connection's language) to a
        connection that has had its snapshot."""
        if self.joined:
            self.send({"type": "notice", **notice})

    def revoke(self, code: str, message: str, close_code: int = 4003) -> None:
        """Tell the client why it loses the connection (its seat, its place...), then close
        it with ``close_code`` (what was still queued for it is dropped)."""
        if self.closing:
            return
        self.drop_queue()
        self.behind = False
        self.catch_up = None
        self.error(code, message)
        self.closing = True
        self.close_code = close_code
        if self.table is not None:
            self.table.detach(self)
        self.queue.append(_CLOSE)
        self._ready.set()

    # ------------------------------------------------------------ messages
    def snapshot(self, table: LiveTable) -> None:
        """Send everything this connection's viewer may see: the state, every event and every
        thread post so far (on a (re)connect, a ``resync``, or after falling behind). The
        table's connections must have been sent every change first (:meth:`LiveTable.flush`)."""
        game = table.game
        shared = Broadcast(table, table.turn)
        events: list[dict[str, Any]] = []
        thread: list[dict[str, Any]] = []
        indices: list[int] = []
        if game is None:
            table.detach(self)
            state = shared.lobby
        else:
            feed, fresh = table.attach(self)
            if fresh:  # the feed's first take is everything so far
                events, thread = feed.take()
                indices = feed.indices
            else:  # the feed is shared and already past it: the backlog from a fresh observer
                observer = game.observer(self.player)
                events = observer.new_events()
                indices = log_indices(observer, 0, observer.position)
                thread = number_posts(observer.thread(events), 0)
            events = narrated(events, indices, feed.teller(self.lang), game, table.narration_cache)
            state = feed.told_state(feed.state_now(table, shared), self.lang, table, shared)
        self.last_state = state
        you: dict[str, Any] = {"name": self.player, "spectator": self.player is None}
        if self.host:
            you["host"] = True
        message: dict[str, Any] = {"type": "snapshot", "protocol": PROTOCOL, "you": you,
                                   "table": table.public_info(), "state": state, "events": events,
                                   "thread": thread, "lang": self.lang, "notices": table.notices_in(self.lang, indices),
                                   "heartbeat": HEARTBEAT}
        if self.lang_note is not None:
            message["lang_note"] = self.lang_note
            self.lang_note = None
        if game is not None and game.is_over:
            message["reveal"] = table.revealed()
            self.revealed = True
        self.send(message)

    def push_update(self, table: LiveTable, shared: Broadcast) -> None:
        """Send an ``update`` if anything this viewer may see changed, and the ``reveal`` at the end.

        The viewer's feed is advanced once per broadcast, and the update's text is made once
        for all the viewer's connections that hold the same state (usually all of them):
        only the first connection of a viewer does any work."""
        if not self.joined or self.behind or self.closing:
            return
        game = table.game
        if game is None:
            state, events, thread = shared.lobby, _EMPTY, _EMPTY
            bodies = shared.lobby_bodies
        else:
            feed = self.feed
            if feed is None or feed.game is not game:
                feed, fresh = table.attach(self)
                if not fresh and feed.born != shared.turn:  # a feed already past what this connection saw
                    self.snapshot(table)
                    return
            feed.step(table, shared)
            events, state, bodies = feed.told(self.lang, table, shared)
            thread = feed.thread
        last = self.last_state
        cached = bodies.get(id(last))
        if cached is not None and cached[0] is last:
            body = cached[1]
        else:
            patch = diff(last or {}, state)
            body = _dumps({"events": events, "thread": thread, "patch": patch}) \
                if patch or events or thread else None
            bodies[id(last)] = (last, body)  # holds ``last``: its id is not reused in this broadcast
        self.last_state = state
        if body is not None:
            self.send_body("update", body)
        if not self.revealed and game is not None and game.is_over:
            self.revealed = True
            self.send_body("reveal", table.reveal_body())

    async def writer(self) -> None:
        """Send the queued messages in order (one task per connection); after the backlog
        was dropped, build the snapshot that replaces it."""
        queue = self.queue
        while True:
            while not queue:
                self._ready.clear()
                await self._ready.wait()
            item = queue.popleft()
            if item is _CLOSE:
                await self.ws.close(code=self.close_code)
                return
            if item is _RESYNC:
                await self._resync()
                continue
            self.queued_bytes -= len(item)
            Connection.all_queued_bytes -= len(item)
            await self.ws.send_text(item)
            if item is self.catch_up:
                self.catch_up = None

    async def _resync(self) -> None:
        """The snapshot that replaces a dropped backlog, made under the table's lock (so it
        holds no change that is not stored yet) once the client reads again."""
        table = self.table
        if table is None or not self.joined:
            self.behind = False
            return
        async with table.lock:
            table.flush()  # the others first (this connection, still behind, is skipped)
            self.behind = False
            if self.joined and not self.closing:
                self.snapshot(table)
                if self.queue and not self.behind and not self.closing:
                    self.catch_up = self.queue[-1]


def reveal_of(table: LiveTable) -> dict[str, Any]:
    """Everything about a finished game: the engine's ``reveal()`` plus seed (a number, and
    as ``seed_text`` its decimal text for clients whose numbers are doubles), salt and
    commitment (made anew; :meth:`LiveTable.revealed` keeps one for the connections)."""
    assert table.game is not None
    out = table.game.reveal()
    out["seed"] = int(table.row.seed)
    # the seed as text too: a browser reads JSON numbers as doubles, exact only up to 2**53,
    # and a seed shown rounded would not match the commitment
    out["seed_text"] = str(int(table.row.seed))
    out["salt"] = table.row.salt
    out["commitment"] = table.row.commitment
    return out


def admit(conn: Connection, table: LiveTable, player: str | None, guard: Guard) -> None:
    """Make room for ``conn`` at ``table`` (the caller holds the table's lock): a seat keeps
    its newest :attr:`~.guard.Limits.connections_per_seat` connections (the oldest is closed,
    1008), and a spectator is refused when the table has
    :attr:`~.guard.Limits.connections_per_table` connections (a player or the host never is).

    Raises:
        TableError: ``too_many_connections``, for a spectator at a full table.
    """
    from .table import TableError

    limits = guard.limits
    live = [c for c in table.connections if not c.closing]
    if player is None:
        if len(live) >= limits.connections_per_table and not conn.host:
            raise TableError("too_many_connections", N_("This table has {limit} connections already, as many as it "
                                                        "takes: try again later."), limit=limits.connections_per_table)
        return
    mine = sorted((c for c in live if c.player == player), key=lambda c: c.number)
    for old in mine[:max(0, len(mine) - limits.connections_per_seat + 1)]:
        old.revoke("too_many_connections", f"your seat opened more than {limits.connections_per_seat} "
                                           "connections: this, the oldest, is closed", CLOSE_POLICY)


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
    from .table import TableError, told_refusal

    guard = guard or Guard(moderator.clock)
    address = ws.client.host if ws.client is not None else "unknown"
    await ws.accept()
    if not guard.open(address):
        await ws.send_text(_dumps({"type": "error", "seq": 1, "id": None, "code": "too_many_connections",
                                   "message": f"your address already has {guard.limits.connections_per_address} "
                                              "connections to this server: close one and try again"}))
        await ws.close(code=CLOSE_TRY_LATER)
        return
    conn = Connection(ws, address)
    writer = asyncio.get_running_loop().create_task(conn.writer())
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if conn.closing:  # closed by the server: nothing more is read
                continue
            table = conn.table
            seat = (table.id, conn.player) if table is not None and conn.player is not None else None
            if not guard.message(address, seat):  # the rate first: nothing is read or parsed
                if guard.strike(conn.number):
                    conn.revoke("flood", told_refusal(FLOOD_CLOSED, conn.lang), CLOSE_POLICY)
                else:
                    conn.error("flood", told_refusal(FLOOD, conn.lang))
                continue
            text = message.get("text")
            if text is None:
                conn.error("bad_message", "binary frames are not supported: send JSON text")
                continue
            if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
                conn.error("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes (64 KiB)")
                continue
            data, problem, sentence, id = parse_message(text)
            if data is None:
                conn.error(problem, sentence, id)
                continue
            kind = data.get("type")
            if not isinstance(kind, str):
                conn.error("bad_message", "a message must be a JSON object with a \"type\" (a string)", id)
                continue
            try:
                await _handle(conn, moderator, guard, code, kind, data)
            except TableError as exc:
                conn.error(exc.code, exc.told(conn.lang), id)
            except Exception:  # a bug: logged, answered, and the connection goes on
                log.exception("table %s: a %s message failed", code, kind[:20])
                conn.error("server_error", "the server could not handle this message (nothing changed)", id)
    except WebSocketDisconnect:
        pass
    finally:
        guard.close(address)
        writer.cancel()
        conn.drop_queue()
        if conn.table is not None and conn.joined:
            conn.table.disconnect(conn)


async def _handle(conn: Connection, moderator: Moderator, guard: Guard, code: str, kind: Any,
                  data: dict[str, Any]) -> None:
    from .table import TableError

    id = _echo(data.get("id"))
    extra = unknown_fields(kind, data)
    if extra is not None:
        raise TableError("bad_message", extra)
    if kind == "hello":
        if "lang" in data and not conn.joined:  # first: the hello's own refusals are told in it
            conn.set_language(data["lang"])
        if conn.joined:
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
            conn.host = True
        if data.get("spectator") is True:
            player = None
        else:
            token = data.get("token")
            if not isinstance(token, str) or not token:
                raise TableError("bad_token", "hello needs your seat \"token\" (or \"spectator\": true)")
            player = await moderator.player_of(table, token)
        async with table.lock:
            admit(conn, table, player, guard)
            conn.player = player
            conn.table = table
            await table.connect(conn)
        return
    if not conn.joined or conn.table is None:
        if kind in MESSAGE_FIELDS:
            raise TableError("not_authenticated", "send {\"type\": \"hello\", \"token\": ...} first")
        raise TableError("unknown_type", f"unknown message type {_field_name(kind)} (expected hello)")
    table = conn.table
    if kind == "ping":
        conn.send({"type": "pong", "id": id})
    elif kind == "lang":
        # switch this connection's language: a fresh snapshot in it
        conn.set_language(data.get("lang"))
        async with table.lock:
            table.flush()
            conn.snapshot(table)
    elif kind == "control":
        if not (conn.host or table.is_host_seat(conn.player)):
            raise TableError("not_host", N_("Only the host can use the host’s controls."), 403)
        params = {k: v for k, v in data.items() if k not in ("type", "id", "control")}
        out = await moderator.control(table, data.get("control"), params)
        conn.send({"type": "ack", "id": id, **({"result": out} if out else {})})
    elif kind == "resync":
        async with table.lock:
            table.flush()
            conn.snapshot(table)
    elif kind in ("action", "post"):
        if conn.player is None:
            raise TableError("spectator", N_("Spectators can watch, but cannot act or post."))
        if kind == "post":
            text = data.get("text")
            if not isinstance(text, str) or not text.strip():
                raise TableError("bad_message", "a post needs a non-empty \"text\"")
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
            wait = guard.hit("posts", table.id, conn.player)
            if wait is not None:
                raise TableError("post_rate", N_("You are posting too fast: wait {seconds} seconds."), seconds=f"{wait:.0f}")
        await table.act(conn.player, action)
        conn.send({"type": "ack", "id": id})
    else:
        raise TableError("unknown_type", f"unknown message type {_field_name(kind)} "
                                         "(expected action, post, control, resync, lang or ping)")
