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
its backlog.

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
substitute...) come as ``notice`` messages (:mod:`.notices`). Malformed JSON, unknown types, messages over 64 KiB and
more than 20 messages per second get an error and change nothing; the connection stays open.

No message carries anything the player may not know: the state is built from the player's
observer (``game.observer(player)``: its snapshot, its events, its thread posts), the
player's own legal actions and deadline, and the public seat list.
"""

from __future__ import annotations

import asyncio
import collections
import json
import re
import time
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.narration import DEFAULT_LANGUAGE, LANGUAGES, language_of
from .mergepatch import diff
from .store import token_hash
from .stream import Broadcast, Feed, log_indices, narrated, number_posts

if TYPE_CHECKING:
    from .moderator import Moderator
    from .table import LiveTable

MAX_MESSAGE_BYTES = 64 * 1024
FLOOD_LIMIT = 20  # messages per second per connection
PROTOCOL = 2  # the version of docs/protocol.md this server speaks (sent in every snapshot)
MAX_BACKLOG_MESSAGES = 256  # a connection's queue bounds: over either, the backlog is replaced by a snapshot
MAX_BACKLOG_BYTES = 4 * 1024 * 1024
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
    character other than tab and newline (NUL included, which PostgreSQL cannot store)."""
    found = CONTROL_CHARACTERS.search(text)
    if found is None:
        return None
    return (f"the text has the control character U+{ord(found.group()):04X} at position {found.start()} "
            "(only newline and tab are allowed)")


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

    The queue is bounded (:attr:`max_backlog_messages`, :attr:`max_backlog_bytes`): when a
    client does not read fast enough and a message would go over either bound, the whole
    backlog is dropped and one fresh snapshot is sent in its place once the writer gets to
    it, so a slow or stalled client costs at most the bound, never a growing backlog.

    Args:
        ws: the accepted WebSocket.
    """

    max_backlog_messages = MAX_BACKLOG_MESSAGES
    max_backlog_bytes = MAX_BACKLOG_BYTES

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
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
        self.host = False  # said hello with the host token (a host without a seat, or watching)
        self.spectator = 0  # a spectator's number at the table (1, 2...), for the host's kick
        self.resyncs = 0  # how many times the backlog was dropped for a snapshot
        self.times: collections.deque[float] = collections.deque()
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
    def _put(self, text: str) -> None:
        queue = self.queue
        if queue and (len(queue) >= self.max_backlog_messages
                      or self.queued_bytes + len(text) > self.max_backlog_bytes):
            # too far behind: drop the backlog (this message too); a snapshot replaces it, and
            # until then the connection leaves its feed (it would not follow it)
            queue.clear()
            self.queued_bytes = 0
            self.behind = True
            self.resyncs += 1
            queue.append(_RESYNC)
            if self.table is not None:
                self.table.detach(self)
        else:
            queue.append(text)
            self.queued_bytes += len(text)
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
        """Send an error naming what was wrong (``id`` echoes the client's message id)."""
        self.send({"type": "error", "id": id, "code": code, "message": message})

    def notice(self, notice: dict[str, Any]) -> None:
        """Send a table event (:mod:`.notices`, told in the connection's language) to a
        connection that has had its snapshot."""
        if self.joined:
            self.send({"type": "notice", **notice})

    def revoke(self, code: str, message: str) -> None:
        """Tell the client why it lost its seat, then close the connection (what was still
        queued for it is dropped)."""
        self.queue.clear()
        self.queued_bytes = 0
        self.behind = False
        self.error(code, message)
        self.closing = True
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
                                   "thread": thread, "lang": self.lang, "notices": table.notices_in(self.lang),
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

    def flooded(self) -> bool:
        """Count one incoming message; True when it is over the limit of 20 per second."""
        now = time.monotonic()
        times = self.times
        while times and now - times[0] >= 1.0:
            times.popleft()
        if len(times) >= FLOOD_LIMIT:
            return True
        times.append(now)
        return False

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
                await self.ws.close(code=4003)
                return
            if item is _RESYNC:
                await self._resync()
                continue
            self.queued_bytes -= len(item)
            await self.ws.send_text(item)

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


def reveal_of(table: LiveTable) -> dict[str, Any]:
    """Everything about a finished game: the engine's ``reveal()`` plus seed, salt and
    commitment (made anew; :meth:`LiveTable.revealed` keeps one for the connections)."""
    assert table.game is not None
    out = table.game.reveal()
    out["seed"] = int(table.row.seed)
    out["salt"] = table.row.salt
    out["commitment"] = table.row.commitment
    return out


async def serve_connection(ws: WebSocket, moderator: Moderator, code: str) -> None:
    """Run one WebSocket connection to table ``code`` until the client leaves."""
    from .table import TableError

    await ws.accept()
    conn = Connection(ws)
    writer = asyncio.get_running_loop().create_task(conn.writer())
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                if conn.flooded():
                    conn.error("flood", f"more than {FLOOD_LIMIT} messages per second: this one was ignored")
                    continue
                conn.error("bad_message", "binary frames are not supported: send JSON text")
                continue
            if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
                conn.flooded()
                conn.error("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes (64 KiB)")
                continue
            try:
                data = json.loads(text, parse_constant=_no_constant)
            except json.JSONDecodeError as exc:
                data = exc
            except (ValueError, RecursionError):  # NaN/Infinity, a 4,300-digit number, deep nesting
                data = json.JSONDecodeError("not plain JSON (no NaN or Infinity, numbers of at most "
                                            "4,300 digits, nesting of at most 500 levels)", "", 0)
            if conn.flooded():  # counted for every message; the error echoes its id when it has one
                msg_id = data.get("id") if isinstance(data, dict) else None
                conn.error("flood", f"more than {FLOOD_LIMIT} messages per second: this one was ignored", msg_id)
                continue
            if isinstance(data, json.JSONDecodeError):
                conn.error("bad_json", f"not valid JSON: {data.msg if not data.doc else data}")
                continue
            if not isinstance(data, dict):
                conn.error("bad_message", "a message must be a JSON object with a \"type\"")
                continue
            id = data.get("id")
            try:  # JSON escapes can spell lone surrogates, which no store or export can encode
                json.dumps(data, ensure_ascii=False).encode("utf-8")
            except UnicodeEncodeError:
                conn.error("bad_message", "the message has text that is not valid Unicode "
                           "(a lone surrogate escape \\ud800-\\udfff)", id if isinstance(id, (str, int)) else None)
                continue
            kind = data.get("type")
            if not isinstance(kind, str):
                conn.error("bad_message", "a message must be a JSON object with a \"type\" (a string)", id)
                continue
            try:
                await _handle(conn, moderator, code, kind, data)
            except TableError as exc:
                conn.error(exc.code, str(exc), id)
    except WebSocketDisconnect:
        pass
    finally:
        writer.cancel()
        if conn.table is not None and conn.joined:
            conn.table.disconnect(conn)


async def _handle(conn: Connection, moderator: Moderator, code: str, kind: Any, data: dict[str, Any]) -> None:
    from .table import TableError

    id = data.get("id")
    extra = unknown_fields(kind, data)
    if extra is not None:
        raise TableError("bad_message", extra)
    if kind == "hello":
        if conn.joined:
            raise TableError("already_joined", "this connection already said hello (send \"resync\" for a snapshot)")
        if "spectator" in data and not isinstance(data["spectator"], bool):
            raise TableError("bad_message", "hello's \"spectator\" must be true or false")
        if "protocol" in data and (type(data["protocol"]) is not int or data["protocol"] != PROTOCOL):
            raise TableError("bad_protocol", f"this server speaks protocol {PROTOCOL}, not {data['protocol']!r} "
                                             "(reload the page for the current client)")
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
        conn.player = player
        conn.table = table
        if "lang" in data:
            conn.set_language(data["lang"])
        async with table.lock:
            await table.connect(conn)
        return
    if not conn.joined or conn.table is None:
        if kind in MESSAGE_FIELDS:
            raise TableError("not_authenticated", "send {\"type\": \"hello\", \"token\": ...} first")
        raise TableError("unknown_type", f"unknown message type {kind!r} (expected hello)")
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
            raise TableError("not_host", "only the host may use the host's controls", 403)
        params = {k: v for k, v in data.items() if k not in ("type", "id", "control")}
        out = await moderator.control(table, data.get("control"), params)
        conn.send({"type": "ack", "id": id, **({"result": out} if out else {})})
    elif kind == "resync":
        async with table.lock:
            table.flush()
            conn.snapshot(table)
    elif kind in ("action", "post"):
        if conn.player is None:
            raise TableError("spectator", "spectators cannot act or post")
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
        await table.act(conn.player, action)
        conn.send({"type": "ack", "id": id})
    else:
        raise TableError("unknown_type", f"unknown message type {kind!r} "
                                         "(expected action, post, control, resync, lang or ping)")
