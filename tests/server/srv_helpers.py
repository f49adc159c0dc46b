"""Helpers of the server's tests: a real uvicorn server in the test's event loop, and clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
from typing import Any

import httpx
import uvicorn
import websockets

from hiddenrole.server import Clock, Moderator, Store, create_app
from hiddenrole.server.guard import Limits
from hiddenrole.server.mergepatch import apply


# the PostgreSQL the server tests use (.ci/run starts it); HIDDENROLE_TEST_PG overrides it
PG_URL = os.environ.get("HIDDENROLE_TEST_PG", "postgresql+asyncpg://postgres@127.0.0.1:5432/test")


def postgres_reachable() -> bool:
    """Whether something listens on PostgreSQL's port on 127.0.0.1 (a 1 s connect)."""
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Running:
    """A server running in this event loop: ``base`` URL, ``http`` client, ``moderator``."""

    def __init__(self, base: str, http: httpx.AsyncClient, moderator: Moderator) -> None:
        self.base = base
        self.http = http
        self.moderator = moderator
        self.clients: list[WsClient] = []

    async def ws(self, code: str, token: str | None = None, *, spectator: bool = False,
                 hello: bool = True) -> WsClient:
        conn = await websockets.connect(self.base.replace("http", "ws") + f"/ws/{code}", max_size=None)
        client = WsClient(conn)
        self.clients.append(client)
        if hello:
            await client.send({"type": "hello", **({"spectator": True} if spectator else {"token": token})})
        return client

    async def create(self, **body: Any) -> dict[str, Any]:
        r = await self.http.post("/api/tables", json=body)
        assert r.status_code == 201, r.text
        return r.json()

    async def join(self, code: str, name: str) -> str:
        r = await self.http.post(f"/api/tables/{code}/join", json={"name": name})
        assert r.status_code == 201, r.text
        return r.json()["token"]

    async def start(self, code: str, host_token: str) -> dict[str, Any]:
        r = await self.http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {host_token}"})
        assert r.status_code == 200, r.text
        return r.json()


class WsClient:
    """A WebSocket client that keeps every frame it received (for the leak checks).

    It follows the stream as a client does: each ``update`` frame it keeps gets a ``"state"``
    key, the state after it (the last state with the update's ``patch`` applied), so tests
    read every frame's state alike; :attr:`raw` holds the frames as they were sent."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self._next = 0
        self._state: dict[str, Any] | None = None

    async def send(self, message: Any) -> None:
        await self.conn.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        if self._next < len(self.frames):
            self._next += 1
            return self.frames[self._next - 1]
        text = await asyncio.wait_for(self.conn.recv(), timeout)
        self.raw.append(text)
        frame = json.loads(text)
        if frame["type"] == "snapshot":
            self._state = frame["state"]
        elif frame["type"] == "update":
            self._state = frame["state"] = apply(self._state, frame["patch"])
        self.frames.append(frame)
        self._next += 1
        return frame

    async def until(self, pred, timeout: float = 5.0) -> dict[str, Any]:
        """The next frame for which ``pred(frame)`` holds (frames before it are kept, skipped)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            frame = await self.recv(max(0.01, end - loop.time()))
            if pred(frame):
                return frame

    async def find(self, pred, timeout: float = 5.0) -> dict[str, Any]:
        """The first frame ever received for which ``pred(frame)`` holds, waiting for it if needed."""
        for frame in self.frames:
            if pred(frame):
                return frame
        self._next = len(self.frames)
        return await self.until(pred, timeout)

    async def drain(self, quiet: float = 0.05) -> list[dict[str, Any]]:
        """Every frame that arrives until none comes for ``quiet`` seconds."""
        out = []
        with contextlib.suppress(TimeoutError):
            while True:
                out.append(await self.recv(quiet))
        return out

    @property
    def state(self) -> dict[str, Any] | None:
        """The last state received (from a snapshot or update)."""
        for frame in reversed(self.frames[: self._next]):
            if "state" in frame:
                return frame["state"]
        return None

    async def close(self) -> None:
        await self.conn.close()


@contextlib.asynccontextmanager
async def running_server(url: str, *, clock: Clock | None = None, schema: str | None = None,
                         bot_delay: float = 0.0, moderator: Moderator | None = None,
                         urls: list[str] | None = None, public_url: bool = False,
                         ws_ping: tuple[float, float] | None = None, limits: Limits | None = None):
    """Run the app under uvicorn on a free port in this event loop (``urls``: the reachable
    URLs ``serve`` would compute; ``ws_ping``: the WebSocket ping interval and timeout;
    ``limits``: the abuse limits, the defaults if ``None``; the app is the yielded server's ``app``)."""
    mod = moderator or Moderator(Store(url, schema=schema), clock, bot_delay=bot_delay)
    app = create_app(moderator=mod, urls=urls, public_url=public_url, limits=limits)
    port = free_port()
    interval, timeout = ws_ping or (20.0, 20.0)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=1 << 20,
                            lifespan="on", ws_ping_interval=interval, ws_ping_timeout=timeout)
    server = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        running = Running(base, http, mod)
        running.app = app
        try:
            yield running
        finally:
            for c in running.clients:
                with contextlib.suppress(Exception):
                    await c.close()
            server.should_exit = True
            await task


def iter_strings(data: Any):
    """Every string in a JSON value (keys and values), for the leak checks."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from iter_strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from iter_strings(v)
