"""A player over the WebSocket protocol, driven by a bot: used by the tests, the load
benchmark and as a worked example of docs/protocol.md.

The client says hello with its seat token and keeps what the stream tells it: the
``state`` of the last snapshot with every update's merge patch applied, the events and
the thread posts. Whenever the game waits for it (``state["waiting"]``) it asks its bot
for one of ``state["legal_actions"]`` (the bot is given the events new since its previous
decision and the state's ``view``, as the lab gives them) and sends it, one action at a
time (it waits for the ack or error before acting again). It stops when the game's
``reveal`` arrives.
"""

from __future__ import annotations

import asyncio
import collections
import json
import time
from collections.abc import Callable
from typing import Any

import websockets

from ..bots.base import Bot, Observation
from ..engine.observer import copy_json
from .mergepatch import apply
from .protocol import PROTOCOL


class SeatClient:
    """One seat played over a WebSocket.

    Args:
        ws_url: the table's WebSocket URL (``ws://HOST:PORT/ws/CODE``).
        token: the seat token (``None`` with ``spectator=True``).
        bot: decides the actions (``None``: never acts, e.g. a spectator).
        spectator: watch public events only.
        think: ``think(rng_value)`` -> seconds to wait before each action (default none).
        on_frame: called with ``(client, frame, arrival_time)`` for every server message.
        keep_frames: keep every frame in :attr:`frames` (the leak checks read them).
    """

    def __init__(self, ws_url: str, token: str | None, bot: Bot | None = None, *, spectator: bool = False,
                 think: Callable[[], float] | None = None,
                 on_frame: Callable[[SeatClient, dict[str, Any], float], None] | None = None,
                 keep_frames: bool = True) -> None:
        self.ws_url = ws_url
        self.token = token
        self.bot = bot
        self.spectator = spectator
        self.think = think
        self.on_frame = on_frame
        self.keep_frames = keep_frames
        self.frames: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.thread: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.snapshots = 0
        self._bot_seen = 0  # how many of the events the bot was given
        self.reveal: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.actions = 0
        self.sent_at: dict[int, float] = {}
        self._pending: int | None = None
        self._next_id = 0
        self._ws: Any = None
        self._sent_times: collections.deque[float] = collections.deque()

    async def run(self, timeout: float = 600.0) -> dict[str, Any]:
        """Play until the game's reveal arrives; returns it.

        Raises:
            TimeoutError: no reveal within ``timeout`` seconds.
            RuntimeError: the server refused the hello.
        """
        async with websockets.connect(self.ws_url, max_size=None) as ws:
            self._ws = ws
            hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL}
            hello.update({"spectator": True} if self.spectator else {"token": self.token})
            await ws.send(json.dumps(hello))
            async with asyncio.timeout(timeout):
                async for text in ws:
                    now = time.perf_counter()
                    frame = json.loads(text)
                    if self.keep_frames:
                        self.frames.append(frame)
                    if self.on_frame is not None:
                        self.on_frame(self, frame, now)
                    kind = frame["type"]
                    if kind == "snapshot":
                        # everything again (a reconnect or a resync): the same numbering from 0
                        self.snapshots += 1
                        self.state = frame["state"]
                        self.events = list(frame["events"])
                        self.thread = list(frame["thread"])
                        self._bot_seen = min(self._bot_seen, len(self.events))
                        self._pending = None  # a dropped backlog may have held the ack
                        if "reveal" in frame:
                            self.reveal = frame["reveal"]
                    elif kind == "update":
                        self.state = apply(self.state, frame["patch"])
                        self.events.extend(frame["events"])
                        self.thread.extend(frame["thread"])
                    elif kind == "reveal":
                        self.reveal = frame["reveal"]
                    elif kind in ("ack", "error"):
                        if kind == "error":
                            self.errors.append(frame)
                            if frame["code"] in ("bad_token", "wrong_table", "kicked", "seat_replaced") \
                                    and self.state is None:
                                raise RuntimeError(f"hello refused: {frame['message']}")
                        if frame.get("id") == self._pending or (kind == "error" and frame["code"] == "flood"):
                            self._pending = None
                    if self.reveal is not None:
                        return self.reveal
                    await self._maybe_act()
        raise RuntimeError("the server closed the connection before the end of the game")

    async def _maybe_act(self) -> None:
        state = self.state
        if self.bot is None or self._pending is not None or not state or not state.get("waiting"):
            return
        if len(self.errors) > 50:
            return  # something is wrong: stop acting rather than loop on errors
        legal = state.get("legal_actions") or []
        if not legal:
            return
        if self.bot.needs_view:
            new = self.events[self._bot_seen:]
            self._bot_seen = len(self.events)
            # the view as the stream carries it: its null members are left out (docs/protocol.md)
            observation = Observation(self.bot.player, copy_json(legal), state["view"], new)
        else:
            observation = Observation(self.bot.player, legal)
        action = self.bot.choose(observation)
        if self.think is not None:
            await asyncio.sleep(self.think())
        await self._pace()
        self._next_id += 1
        self._pending = self._next_id
        self.sent_at[self._next_id] = time.perf_counter()
        self.actions += 1
        await self._ws.send(json.dumps({"type": "action", "id": self._next_id, "action": action}))

    async def _pace(self) -> None:
        """Stay under the server's flood limit (20 messages per second): at most 15 a second."""
        now = time.monotonic()
        sent = self._sent_times
        while sent and now - sent[0] >= 1.0:
            sent.popleft()
        if len(sent) >= 15:
            await asyncio.sleep(1.0 - (now - sent[0]))
        sent.append(time.monotonic())

    async def post(self, text: str) -> None:
        """Post ``text`` in the table's thread (answered by an ack or an error)."""
        await self._pace()
        self._next_id += 1
        await self._ws.send(json.dumps({"type": "post", "id": self._next_id, "text": text}))
