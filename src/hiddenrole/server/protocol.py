"""The WebSocket protocol (docs/protocol.md): one connection per player per table.

The client's first message is ``{"type": "hello", "token": SEAT_TOKEN}`` (or
``{"type": "hello", "spectator": true}``); the token never travels in a URL. The server
answers with a ``snapshot`` of what that player may see, then sends an ``update`` whenever
something the player may see changes, and a ``reveal`` when the game is over. Each
server message carries ``seq``, the connection's message counter (1, 2, 3...).

Client messages: ``action`` (``{"type": "action", "id": ..., "action": {...}}``), ``post``
(``{"type": "post", "id": ..., "text": ...}``), ``resync`` (a new snapshot) and ``ping``.
Each action or post is answered by ``ack`` or by ``error`` with a ``code`` and a
``message`` naming what was wrong. Malformed JSON, unknown types, messages over 64 KiB and
more than 20 messages per second get an error and change nothing; the connection stays open.

No message carries anything the player's view does not have: the state part of every
message is built from ``view(player)``, the player's own legal actions and deadline, and
the public seat list; events are those visible to the player.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import json
import re
import time
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .clock import iso

if TYPE_CHECKING:
    from .moderator import Moderator
    from .table import LiveTable

MAX_MESSAGE_BYTES = 64 * 1024
FLOOD_LIMIT = 20  # messages per second per connection
_CLOSE = object()
SHARED = ("shared",)  # the broadcast cache's key for facts shared by every player (not a name)
# the fields each client message may carry (``id`` is echoed in the answer)
MESSAGE_FIELDS = {
    "hello": frozenset({"type", "id", "token", "spectator"}),
    "action": frozenset({"type", "id", "action"}),
    "post": frozenset({"type", "id", "text"}),
    "resync": frozenset({"type", "id"}),
    "ping": frozenset({"type", "id"}),
}
# C0 control characters but tab and newline: PostgreSQL's text refuses NUL, and none belongs in a post
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b-\x1f]")


def token_hash(token: str) -> str:
    """The stored form of a seat or host token: its SHA-256 hex digest."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def unknown_fields(kind: str, data: dict[str, Any]) -> str | None:
    """A sentence naming the fields of a ``kind`` message that it does not take, or ``None``."""
    known = MESSAGE_FIELDS.get(kind)
    if known is None:  # an unknown message type: refused on its own
        return None
    extra = sorted(str(k) for k in data if k not in known)
    if not extra:
        return None
    return (f"unknown field{'s' if len(extra) > 1 else ''} {', '.join(extra)} in a {kind!r} message "
            f"(it takes {', '.join(sorted(known))})")


def text_problem(text: str) -> str | None:
    """Why free text (a post, an action's ``text``) is refused, or ``None``: a C0 control
    character other than tab and newline (NUL included, which PostgreSQL cannot store)."""
    found = CONTROL_CHARACTERS.search(text)
    if found is None:
        return None
    return (f"the text has the control character U+{ord(found.group()):04X} at position {found.start()} "
            "(only newline and tab are allowed)")


def player_state(table: LiveTable, player: str | None, shared: dict[str, Any] | None = None) -> dict[str, Any]:
    """What ``player`` (``None``: a spectator) may know now, except the event list.

    Keys: ``status``, ``seats`` (public), and once the game started ``view`` (the engine's
    ``view(player)`` without its ``events``), ``legal_actions``, ``can_post``, ``waiting``
    (whether the game waits for this player) and ``deadline`` (ISO UTC or ``None``).

    Args:
        shared: facts that are the same for every player of one broadcast (the seat list,
            the running deadlines, who the game waits for), computed once and kept here.
    """
    if shared is None:
        shared = {}
    seats = shared.get("seats")
    if seats is None:
        seats = shared["seats"] = [s.to_json() for s in table.seats]
    state: dict[str, Any] = {"status": table.row.status, "seats": seats}
    game = table.game
    if game is None:
        return state
    view = game.view(player)
    view.pop("events", None)
    state["view"] = view
    acting = player is not None and player not in table.bots
    if "deadlines" not in shared:
        shared["deadlines"] = table.deadlines()
        shared["to_act"] = game.to_act()
    legal = game.legal_actions(player) if acting else []
    state["legal_actions"] = legal
    state["can_post"] = bool(acting and game.can_post(player))
    state["waiting"] = bool(acting and player in shared["to_act"])
    state["deadline"] = iso(table.deadline_for(player, shared["deadlines"], may_act=bool(legal)))
    return state


class Connection:
    """One WebSocket connection: its outgoing queue, its player, and what it was sent.

    Args:
        ws: the accepted WebSocket.
    """

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[Any] = asyncio.Queue()
        self.seq = 0
        self.player: str | None = None
        self.table: LiveTable | None = None
        self.joined = False
        self.last_event = 0  # position in the game's log up to which events were sent
        self.event_index = 0  # how many events this player was sent (their own numbering)
        self.last_state: dict[str, Any] | None = None
        self.revealed = False
        self.times: collections.deque[float] = collections.deque()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` with the connection's next sequence number."""
        self.seq += 1
        self.queue.put_nowait(json.dumps({"type": message.pop("type"), "seq": self.seq, **message},
                                         separators=(",", ":")))

    def error(self, code: str, message: str, id: Any = None) -> None:
        """Send an error naming what was wrong (``id`` echoes the client's message id)."""
        self.send({"type": "error", "id": id, "code": code, "message": message})

    def revoke(self, code: str, message: str) -> None:
        """Tell the client why it lost its seat, then close the connection."""
        self.error(code, message)
        self.queue.put_nowait(_CLOSE)

    def _events(self, table: LiveTable) -> list[dict[str, Any]]:
        """The events this player may see that were not sent yet, numbered per player:
        ``seq`` is the event's index among the events this player sees (0, 1, 2...), never
        its position in the game's log, so nobody can count others' private events from gaps."""
        game = table.game
        if game is None:
            return []
        player = self.player
        new = []
        for e in game.log[self.last_event:]:
            if e.to is None or (player is not None and player in e.to):
                event = e.to_json()
                event["seq"] = self.event_index
                self.event_index += 1
                new.append(event)
        self.last_event = len(game.log)
        return new

    def snapshot(self, table: LiveTable) -> None:
        """Send everything this connection's player may see (on every (re)connect)."""
        self.last_event = 0
        self.event_index = 0
        events = self._events(table)
        state = player_state(table, self.player)
        self.last_state = state
        message: dict[str, Any] = {"type": "snapshot",
                                   "you": {"name": self.player, "spectator": self.player is None},
                                   "table": table.public_info(), "events": events, "state": state}
        if table.game is not None and table.game.is_over:
            message["reveal"] = reveal_of(table)
            self.revealed = True
        self.send(message)

    def push_update(self, table: LiveTable, cache: dict[Any, dict[str, Any]]) -> None:
        """Send an ``update`` if anything this player may see changed, and the ``reveal`` at the end.

        ``cache`` is shared by the connections of one broadcast: each player's state is
        built once (several connections of one player share it), and :data:`SHARED` holds
        the facts that are the same for everyone."""
        if not self.joined:
            return
        events = self._events(table)
        state = cache.get(self.player)
        if state is None:
            shared = cache.setdefault(SHARED, {})
            state = cache[self.player] = player_state(table, self.player, shared)
        if events or state != self.last_state:
            self.last_state = state
            self.send({"type": "update", "events": events, "state": state})
        if not self.revealed and table.game is not None and table.game.is_over:
            self.revealed = True
            self.send({"type": "reveal", "reveal": reveal_of(table)})

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
        """Send the queued messages in order (one task per connection)."""
        while True:
            item = await self.queue.get()
            if item is _CLOSE:
                await self.ws.close(code=4003)
                return
            await self.ws.send_text(item)


def reveal_of(table: LiveTable) -> dict[str, Any]:
    """Everything about a finished game: the engine's ``reveal()`` plus seed, salt and commitment."""
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
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                data = exc
            if conn.flooded():  # counted for every message; the error echoes its id when it has one
                msg_id = data.get("id") if isinstance(data, dict) else None
                conn.error("flood", f"more than {FLOOD_LIMIT} messages per second: this one was ignored", msg_id)
                continue
            if isinstance(data, json.JSONDecodeError):
                conn.error("bad_json", f"not valid JSON: {data}")
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
        if data.get("spectator") is True and "token" in data:
            raise TableError("bad_message", "ambiguous hello: it has both a seat \"token\" and \"spectator\": true "
                                            "(send the token to play your seat, or only \"spectator\": true to watch)")
        table = await moderator.table(code)
        if data.get("spectator") is True:
            player = None
        else:
            token = data.get("token")
            if not isinstance(token, str) or not token:
                raise TableError("bad_token", "hello needs your seat \"token\" (or \"spectator\": true)")
            player = await moderator.player_of(table, token)
        conn.player = player
        conn.table = table
        table.connect(conn)
        return
    if not conn.joined or conn.table is None:
        if kind in ("action", "post", "resync", "ping"):
            raise TableError("not_authenticated", "send {\"type\": \"hello\", \"token\": ...} first")
        raise TableError("unknown_type", f"unknown message type {kind!r} (expected hello)")
    table = conn.table
    if kind == "ping":
        conn.send({"type": "pong", "id": id})
    elif kind == "resync":
        async with table.lock:
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
                                         "(expected action, post, resync or ping)")
