"""One seat played over the WebSocket protocol (docs/protocol.md), driven by a bot.

The client says hello with its seat token and keeps what the stream tells it: the
``state`` of the last snapshot with every update's merge patch applied, the events and
the thread posts. Whenever the game waits for it (``state["waiting"]``) it asks its bot
for one of ``state["legal_actions"]`` (the bot is given the events new since its previous
decision and the state's ``view``, as the lab gives them: :meth:`SeatClient.observation`)
and sends it, one action at a time (it waits for the ack or error before acting again).
It stops when the game's ``reveal`` arrives.

With ``reconnect=True`` a dropped connection (a network fault, a server restart) is
opened again with the same token after a growing pause (:func:`backoff`); the snapshot
of the new connection replaces everything, and the bot carries on from the events it has
not seen yet.
"""

from __future__ import annotations

import asyncio
import collections
import json
import time
from collections.abc import Callable
from typing import Any

import websockets
from websockets.exceptions import InvalidHandshake, WebSocketException

from ..bots.base import Bot, Observation
from ..engine import without_statements
from ..engine.observer import copy_json

#: The protocol version this client speaks (docs/protocol.md; the server's ``PROTOCOL``).
PROTOCOL = 2

#: Error codes that refuse a hello for good: reconnecting with the same token cannot help.
REFUSED = frozenset({"bad_token", "wrong_table", "no_table", "table_expired", "kicked", "seat_replaced",
                     "substituted", "bad_protocol"})


class HelloRefused(RuntimeError):
    """The server refused the seat (its ``code`` and ``message`` from the error frame)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"the server refused the seat: {message}")
        self.code = code


class ServerGone(ConnectionError):
    """The server could not be reached again within the client's ``give_up`` seconds."""


def merge_patch(target: Any, patch: Any) -> Any:
    """``target`` with the JSON merge patch ``patch`` applied (RFC 7386): an object patches
    key by key, ``null`` removes a key, anything else replaces the value whole. Returns a new
    value; ``target`` is not changed. (The server's own copy is
    ``hiddenrole.server.mergepatch.apply``; a client does not import the server.)"""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge_patch(out.get(key), value)
    return out


def backoff(attempt: int) -> float:
    """Seconds to wait before reconnection attempt ``attempt`` (0, 1, 2...): 0.1, 0.2, 0.4...
    doubling up to 5 seconds."""
    return min(5.0, 0.1 * (2 ** min(attempt, 16)))


class SeatClient:
    """One seat played over a WebSocket.

    Args:
        ws_url: the table's WebSocket URL (``ws://HOST:PORT/ws/CODE``).
        token: the seat token (``None`` with ``spectator=True``).
        bot: decides the actions (``None``: never acts, e.g. a spectator or a program that
            calls :meth:`act` itself from ``on_frame``).
        spectator: watch public events only.
        think: ``think()`` -> seconds to wait before each action (default none).
        on_frame: called with ``(client, frame, arrival_time)`` for every server message.
        keep_frames: keep every frame in :attr:`frames` (the leak checks read them).
        reconnect: open the connection again after a drop, with the same token.
        give_up: with ``reconnect``, how many seconds of failed attempts in a row end the
            run with :class:`ServerGone`.
        wait: ``wait(attempt)`` -> seconds before reconnection attempt ``attempt`` (default
            :func:`backoff`).
        bot_in_thread: ask the bot in a worker thread, so a slow bot (one that calls a
            language model over the network) does not stall the connection's heartbeat.
        lang: the narration's language for this connection (a BCP 47 tag), or ``None``.
    """

    def __init__(self, ws_url: str, token: str | None, bot: Bot | None = None, *, spectator: bool = False,
                 think: Callable[[], float] | None = None,
                 on_frame: Callable[[SeatClient, dict[str, Any], float], None] | None = None,
                 keep_frames: bool = True, reconnect: bool = False, give_up: float = 300.0,
                 wait: Callable[[int], float] = backoff, bot_in_thread: bool = False,
                 lang: str | None = None) -> None:
        self.ws_url = ws_url
        self.token = token
        self.bot = bot
        self.spectator = spectator
        self.think = think
        self.on_frame = on_frame
        self.keep_frames = keep_frames
        self.reconnect = reconnect
        self.give_up = give_up
        self.wait = wait
        self.bot_in_thread = bot_in_thread
        self.lang = lang
        self.frames: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.thread: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.snapshots = 0
        self.connections = 0  # how many connections said hello (1 + the reconnections)
        self._connected_once = False  # whether the current connection got its snapshot
        self._bot_seen = 0  # how many of the events the bot was given
        self.reveal: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.actions = 0
        self.sent_at: dict[int, float] = {}
        self._pending: int | None = None
        self._next_id = 0
        self._ws: Any = None
        self._sent_times: collections.deque[float] = collections.deque()

    # ------------------------------------------------------------------ running
    async def run(self, timeout: float = 600.0) -> dict[str, Any]:
        """Play until the game's reveal arrives; returns it.

        Raises:
            TimeoutError: no reveal within ``timeout`` seconds.
            HelloRefused: the server refused the seat (a ``RuntimeError``).
            RuntimeError: without ``reconnect``, the server closed the connection before the end.
            ServerGone: with ``reconnect``, no connection for ``give_up`` seconds.
            OSError, websockets.exceptions.WebSocketException: without ``reconnect``, the
                connection failed.
        """
        async with asyncio.timeout(timeout):
            attempt = 0
            failing_since: float | None = None
            while True:
                try:
                    reveal = await self._connection()
                    if reveal is not None:
                        return reveal
                    if not self.reconnect:
                        raise RuntimeError("the server closed the connection before the end of the game")
                except (OSError, WebSocketException, TimeoutError) as exc:
                    if not self.reconnect or isinstance(exc, InvalidHandshake) and not _retryable(exc):
                        raise
                self._ws = None
                if self.state is not None and self._connected_once:
                    attempt, failing_since = 0, None  # it was up: count the failures anew
                now = time.monotonic()
                failing_since = failing_since if failing_since is not None else now
                if now - failing_since > self.give_up:
                    raise ServerGone(f"the server at {self.ws_url} could not be reached for {self.give_up:g} seconds")
                await asyncio.sleep(self.wait(attempt))
                attempt += 1

    async def _connection(self) -> dict[str, Any] | None:
        """One connection: hello, then frames until the reveal (returned) or a close (``None``)."""
        self._connected_once = False
        async with websockets.connect(self.ws_url, max_size=None, open_timeout=10) as ws:
            self._ws = ws
            hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL}
            hello.update({"spectator": True} if self.spectator else {"token": self.token})
            if self.lang:
                hello["lang"] = self.lang
            await ws.send(json.dumps(hello))
            try:
                async for text in ws:
                    now = time.perf_counter()
                    frame = json.loads(text)
                    self._take(frame, now)
                    if self.reveal is not None:
                        return self.reveal
                    await self._maybe_act()
            except websockets.ConnectionClosed:
                pass
        return None

    def _take(self, frame: dict[str, Any], now: float) -> None:
        """Fold one server message into the client's state."""
        if self.keep_frames:
            self.frames.append(frame)
        if self.on_frame is not None:
            self.on_frame(self, frame, now)
        kind = frame["type"]
        if kind == "snapshot":
            # everything again (a reconnect or a resync): the same numbering from 0
            if not self._connected_once:
                self.connections += 1
            self._connected_once = True
            self.snapshots += 1
            self.state = frame["state"]
            self.events = list(frame["events"])
            self.thread = list(frame["thread"])
            self._bot_seen = min(self._bot_seen, len(self.events))
            self._pending = None  # a dropped backlog may have held the ack
            if "reveal" in frame:
                self.reveal = frame["reveal"]
        elif kind == "update":
            self.state = merge_patch(self.state, frame["patch"])
            self.events.extend(frame["events"])
            self.thread.extend(frame["thread"])
        elif kind == "reveal":
            self.reveal = frame["reveal"]
        elif kind in ("ack", "error"):
            if kind == "error":
                self.errors.append(frame)
                if frame["code"] in REFUSED:
                    raise HelloRefused(frame["code"], frame["message"])
            if frame.get("id") == self._pending or (kind == "error" and frame["code"] == "flood"):
                self._pending = None

    # ------------------------------------------------------------------ the bot's side
    def observation(self) -> Observation | None:
        """What a bot is given now, as the lab gives it (:class:`~hiddenrole.bots.Observation`):
        the seat's player name, its legal actions (fresh copies), the events new since the
        previous call and the state's ``view`` (without null members, as the stream carries
        it); ``None`` when the game does not wait for this seat (or there is no seat)."""
        state = self.state
        if not state or not state.get("waiting") or self.spectator:
            return None
        legal = state.get("legal_actions") or []
        if self.bot is not None and not getattr(self.bot, "MAKES_STATEMENTS", True):
            legal = without_statements(legal)  # the moves alone (Bot.MAKES_STATEMENTS)
        if not legal:
            return None
        player = state.get("view", {}).get("player") or getattr(self.bot, "player", "")
        if self.bot is not None and not getattr(self.bot, "needs_view", True):
            return Observation(player, copy_json(legal))
        new = self.events[self._bot_seen:]
        self._bot_seen = len(self.events)
        return Observation(player, copy_json(legal), state["view"], new)

    async def _maybe_act(self) -> None:
        if self.bot is None or self._pending is not None:
            return
        if len(self.errors) > 50:
            return  # something is wrong: stop acting rather than loop on errors
        observation = self.observation()
        if observation is None:
            return
        if self.bot_in_thread:
            action = await asyncio.to_thread(self.bot.choose, observation)
        else:
            action = self.bot.choose(observation)
        if self.think is not None:
            await asyncio.sleep(self.think())
        await self.act(action)

    async def act(self, action: dict[str, Any]) -> int:
        """Send one action (one of ``state["legal_actions"]``, or a post action); returns the
        message id its ``ack`` or ``error`` will carry. One action at a time: the client
        does not ask its bot again before that answer."""
        await self._pace()
        self._next_id += 1
        self._pending = self._next_id
        self.sent_at[self._next_id] = time.perf_counter()
        self.actions += 1
        await self._ws.send(json.dumps({"type": "action", "id": self._next_id, "action": action}))
        return self._next_id

    async def _pace(self) -> None:
        """Stay under the server's flood limit (20 messages per second): at most 15 a second."""
        now = time.monotonic()
        sent = self._sent_times
        while sent and now - sent[0] >= 1.0:
            sent.popleft()
        if len(sent) >= 15:
            await asyncio.sleep(1.0 - (now - sent[0]))
        sent.append(time.monotonic())

    async def post(self, text: str) -> int:
        """Post ``text`` in the table's thread (answered by an ack or an error); returns the
        message id."""
        await self._pace()
        self._next_id += 1
        await self._ws.send(json.dumps({"type": "post", "id": self._next_id, "text": text}))
        return self._next_id


def _retryable(exc: InvalidHandshake) -> bool:
    """Whether a failed WebSocket handshake may succeed later (the server is starting, or a
    proxy answered 502/503/504), rather than being a wrong URL."""
    response = getattr(exc, "response", None)
    status = getattr(response, "status_code", None)
    return status is None or status >= 500
