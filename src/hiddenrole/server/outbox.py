"""One connection as a live table sees it: who watches (a seat, the host, a spectator), in
which language, what it was last sent, and the bounded queue of the messages the table made
for it (docs/protocol.md: ``snapshot``, ``update``, ``reveal``, ``notice``, ``error``).

The table writes each change into the outboxes of the viewers it concerns (:meth:`Outbox.snapshot`,
:meth:`Outbox.push_update`, :meth:`Outbox.notice`, :meth:`Outbox.revoke`); the protocol layer
(:class:`~.protocol.Connection`) owns the WebSocket and sends what the queue holds, in order
(:meth:`Outbox.take`). So the table never calls into a connection, and the messages' texts are
made here once per broadcast for all of a viewer's connections. An outbox reads and calls
of its table only what :class:`ConnectedTable` names (:class:`~.table.LiveTable` satisfies it
without naming it: this module does not import the table).
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
from collections.abc import Sequence
from typing import Any, Protocol

from ..engine.narration import DEFAULT_LANGUAGE, LANGUAGES, language_of
from .mergepatch import diff
from .stream import Broadcast, Feed, TableView, log_indices, narrated, number_posts

PROTOCOL = 2  # the version of docs/protocol.md this server speaks (sent in every snapshot)
MAX_BACKLOG_MESSAGES = 256  # a connection's queue bounds: over either, the backlog is replaced by a snapshot
MAX_BACKLOG_BYTES = 2 * 1024 * 1024
MAX_QUEUED_BYTES = 128 * 1024 * 1024  # every connection's queue together, in this process
MAX_ERROR_CHARS = 300  # an error's message is cut there: an answer never carries a client's bulk
CLOSE_TRY_LATER = 1013  # the WebSocket close code "try again later" (too slow a reader, too many connections)
HEARTBEAT = {"interval": 2, "timeout": 2}  # the client pings every 2 s; nothing heard for 2 s more: the link is dead
CLOSE = object()  # in a queue: close the connection (its code is :attr:`Outbox.close_code`)
RESYNC = object()  # in a queue: the snapshot that replaces a dropped backlog
_EMPTY: list[Any] = []
_NUMBERS = itertools.count(1)


class ConnectedTable(TableView, Protocol):
    """What an outbox reads or calls of its live table, besides what its feed reads (:class:`~.stream.TableView`)."""

    @property
    def turn(self) -> int:
        """Counts the broadcasts (the number of the last one)."""

    @property
    def lock(self) -> asyncio.Lock:
        """Held while the table changes or makes a snapshot."""

    def attach(self, conn: Outbox) -> tuple[Feed, bool]:
        """Put ``conn`` on its viewer's feed of the current game: the feed, and whether it is new."""

    def detach(self, conn: Outbox) -> None:
        """Take ``conn`` off its feed."""

    def flush(self) -> None:
        """Send every connection the changes not sent yet."""

    def public_info(self) -> dict[str, Any]:
        """The table as anyone may see it (code, game, options, pace, seats, status...)."""

    def notices_in(self, lang: str, indices: Sequence[int] = ()) -> list[dict[str, Any]]:
        """The table's notices told in ``lang`` (``indices``: the log positions of the events sent)."""

    def revealed(self) -> dict[str, Any]:
        """The finished game's reveal."""

    def reveal_body(self) -> str:
        """``{"reveal": ...}`` as JSON text."""


def dumps(data: Any) -> str:
    """``data`` as compact JSON text (ASCII only: a text's length is its size in bytes)."""
    return json.dumps(data, separators=(",", ":"))


class Outbox:
    """One connection as its table sees it: its viewer, its outgoing queue, its feed, and what it was sent.

    The queue is bounded (:attr:`max_backlog_messages`, :attr:`max_backlog_bytes`, and
    :attr:`max_queued_bytes` for all connections of the process together): when a client
    does not read fast enough and a message would go over a bound, the whole backlog is
    dropped and one fresh snapshot is sent in its place once the writer gets to it, so a
    slow or stalled client costs at most the bound, never a growing backlog. A client that
    goes over again before that snapshot was handed to its socket is closed (1013): it
    reconnects for a snapshot. A client that keeps up (an empty queue) is never dropped.

    The table holds the outboxes of its connections (:attr:`~.table.LiveTable.connections`); each
    :class:`~.protocol.Connection` owns one and sends what it holds.
    """

    max_backlog_messages = MAX_BACKLOG_MESSAGES
    max_backlog_bytes = MAX_BACKLOG_BYTES
    max_queued_bytes = MAX_QUEUED_BYTES
    all_queued_bytes = 0  # the class's count: every connection's queued bytes together

    def __init__(self) -> None:
        self.number = next(_NUMBERS)  # opening order, unique in the process
        self.queue: collections.deque[Any] = collections.deque()
        self.queued_bytes = 0
        self._ready = asyncio.Event()
        self.seq = 0
        self.player: str | None = None
        self.table: ConnectedTable | None = None
        self.joined = False
        self.feed: Feed | None = None
        self.last_state: dict[str, Any] | None = None  # the state as the client holds it now
        self.revealed = False
        self.behind = False  # the backlog was dropped: a snapshot is on its way, nothing else is queued
        self.closing = False
        self.close_code = 4003
        self.catch_up: str | None = None  # the snapshot that replaced a dropped backlog, until it is sent
        self.host = False  # said hello with the host token (a host without a seat, or watching)
        self.host_token: str | None = None  # that token: each control checks it still holds the role
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
        Outbox.all_queued_bytes -= self.queued_bytes
        self.queued_bytes = 0

    def _put(self, text: str) -> None:
        queue = self.queue
        size = len(text)
        if queue and (len(queue) >= self.max_backlog_messages
                      or self.queued_bytes + size > self.max_backlog_bytes
                      or Outbox.all_queued_bytes + size > self.max_queued_bytes):
            if self.catch_up is not None:  # behind again before taking the last snapshot: give up
                self.revoke("too_slow", "your connection fell behind twice: reconnect for a fresh snapshot", CLOSE_TRY_LATER)
                return
            # too far behind: drop the backlog (this message too); a snapshot replaces it, and
            # until then the connection leaves its feed (it would not follow it)
            self.drop_queue()
            self.behind = True
            self.resyncs += 1
            queue.append(RESYNC)
            if self.table is not None:
                self.table.detach(self)
        else:
            queue.append(text)
            self.queued_bytes += size
            Outbox.all_queued_bytes += size
        self._ready.set()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` with the connection's next sequence number (nothing while the
        connection is behind, waiting for its snapshot, or closing)."""
        if self.behind or self.closing:
            return
        self.seq += 1
        self._put(dumps({"type": message.pop("type"), "seq": self.seq, **message}))

    def send_body(self, kind: str, body: str) -> None:
        """Queue a message of type ``kind`` whose other fields are the JSON object text
        ``body`` (made once and shared by the connections of one broadcast)."""
        if self.behind or self.closing:
            return
        self.seq += 1
        self._put(f'{{"type":"{kind}","seq":{self.seq},{body[1:]}')

    def error(self, code: str, message: str, id: Any = None) -> None:
        """Queue an error naming what was wrong (``id`` echoes the client's message id; the
        message is cut at :data:`MAX_ERROR_CHARS` characters, whatever it quotes)."""
        if len(message) > MAX_ERROR_CHARS:
            message = message[:MAX_ERROR_CHARS - 1] + "…"
        self.send({"type": "error", "id": id, "code": code, "message": message})

    def notice(self, notice: dict[str, Any]) -> None:
        """Queue a table event (:mod:`.notices`, told in the connection's language) to a
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
        self.queue.append(CLOSE)
        self._ready.set()

    # ------------------------------------------------------------ messages
    def snapshot(self, table: ConnectedTable) -> None:
        """Queue everything this connection's viewer may see: the state, every event and every
        thread post so far (on a (re)connect, a ``resync``, or after falling behind). The
        table's connections must have been sent every change first (:meth:`~.table.LiveTable.flush`)."""
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

    def push_update(self, table: ConnectedTable, shared: Broadcast) -> None:
        """Queue an ``update`` if anything this viewer may see changed, and the ``reveal`` at the end.

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
            body = dumps({"events": events, "thread": thread, "patch": patch}) \
                if patch or events or thread else None
            bodies[id(last)] = (last, body)  # holds ``last``: its id is not reused in this broadcast
        self.last_state = state
        if body is not None:
            self.send_body("update", body)
        if not self.revealed and game is not None and game.is_over:
            self.revealed = True
            self.send_body("reveal", table.reveal_body())

    async def take(self) -> Any:
        """The next thing to send, in order, waiting until there is one: a message's text, or
        :data:`CLOSE` (close the connection with :attr:`close_code`). The snapshot that
        replaces a dropped backlog is made when its turn comes (:meth:`resync`)."""
        queue = self.queue
        while True:
            while not queue:
                self._ready.clear()
                await self._ready.wait()
            item = queue.popleft()
            if item is RESYNC:
                await self.resync()
                continue
            if item is not CLOSE:
                self.queued_bytes -= len(item)
                Outbox.all_queued_bytes -= len(item)
            return item

    def sent(self, text: str) -> None:
        """``text`` (from :meth:`take`) was handed to the socket."""
        if text is self.catch_up:
            self.catch_up = None

    async def resync(self) -> None:
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

