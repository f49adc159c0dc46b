"""The message bus between server processes: Redis pub/sub (redis-py, asyncio).

Each process subscribes to its own channel, ``hiddenrole:p:<name>``; another process
reaches it by publishing a small JSON message there (:meth:`Bus.send`). Messages from one
sender to one channel arrive in the order sent as long as the sender awaits each send
before the next, which is how :mod:`.cluster` sends each connection's frames.

A process also keeps a key ``hiddenrole:alive:<name>`` that expires after
:attr:`Bus.alive_seconds` unless refreshed (:meth:`Bus.beat`), so the others can tell a
process that stopped (a killed process's connections are closed at once, without waiting
for its table leases to expire). The heartbeat and the liveness checks use a Redis
connection of their own: the pool the relayed frames are published through can be busy
for many seconds while thousands of clients connect, and a heartbeat queued behind them
would let the key expire (the other processes would then close every relayed connection
to this one).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import redis.asyncio as redis

log = logging.getLogger("hiddenrole.server")

PREFIX = "hiddenrole:"
SCHEMES = ("redis", "rediss", "unix")
MAX_CONNECTIONS = 64  # Redis connections per process (the subscription holds one)


def check_redis_url(url: str) -> str | None:
    """Why ``url`` is not a Redis URL redis-py can use, in one phrase, or ``None``."""
    scheme = urlsplit(url).scheme
    if scheme not in SCHEMES:
        return f"the scheme must be redis://, rediss:// or unix://, not {(scheme or url)[:20]!r}"
    try:
        redis.ConnectionPool.from_url(url)
    except (ValueError, TypeError) as exc:
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return None


async def redis_problem(url: str, timeout: float = 5.0) -> str | None:
    """Connect to Redis at ``url`` and ping it: ``None`` when it answers, else what went
    wrong as a short phrase (no traceback, never a password)."""
    problem = check_redis_url(url)
    if problem is not None:
        return problem
    client = redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        await asyncio.wait_for(client.ping(), timeout)
    except TimeoutError:
        return f"it did not answer within {timeout:g} seconds"
    except Exception as exc:  # redis-py's errors: shown in one line
        text = str(exc).strip().splitlines()
        return text[0] if text else type(exc).__name__
    finally:
        await client.aclose()
    return None


class Bus:
    """This process's end of the bus.

    Args:
        url: the Redis URL (``redis://HOST:PORT/DB``).
        name: this process's name (unique among the processes of one service).
        on_message: called with each message (a dict) sent to this process, in arrival order.
        alive_seconds: how long this process counts as alive after its last :meth:`beat`.
    """

    def __init__(self, url: str, name: str, on_message: Callable[[dict[str, Any]], None],
                 alive_seconds: float = 10.0) -> None:
        self.url = url
        self.name = name
        self.on_message = on_message
        self.alive_seconds = alive_seconds
        self.redis: redis.Redis | None = None
        self.upkeep: redis.Redis | None = None  # the heartbeat's own connection (never the publish pool)
        self._pubsub: Any = None
        self._reader: asyncio.Task | None = None

    @staticmethod
    def channel(name: str) -> str:
        """The channel process ``name`` listens on."""
        return f"{PREFIX}p:{name}"

    async def start(self) -> None:
        """Connect, subscribe to this process's channel and start reading it."""
        # a blocking pool: with many relayed connections sending at once, a send waits for a
        # free Redis connection instead of failing ("Too many connections")
        pool = redis.BlockingConnectionPool.from_url(self.url, max_connections=MAX_CONNECTIONS, timeout=None)
        self.redis = redis.Redis(connection_pool=pool)
        self.upkeep = redis.Redis(connection_pool=redis.BlockingConnectionPool.from_url(
            self.url, max_connections=2, timeout=None))
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel(self.name))
        await self.beat()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def stop(self) -> None:
        """Stop reading, say this process is gone, and close the connections."""
        if self._reader is not None:
            self._reader.cancel()
        if self.redis is not None:
            try:
                await self.redis.delete(f"{PREFIX}alive:{self.name}")
                await self._pubsub.aclose()
            except Exception as exc:
                log.warning("could not leave the bus cleanly: %s", exc)
            for client in (self.redis, self.upkeep):
                if client is not None:
                    await client.aclose()
                    await client.connection_pool.disconnect()
            self.redis = self.upkeep = None

    async def _read(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: retry (the others see this process as gone)
                log.error("the bus lost Redis: %s; retrying", exc)
                await asyncio.sleep(1.0)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
            except (ValueError, TypeError):
                log.error("a malformed bus message was dropped")
                continue
            try:
                self.on_message(data)
            except Exception:
                log.exception("a bus message failed")

    async def send(self, to: str, message: dict[str, Any]) -> None:
        """Publish ``message`` (JSON-able) to process ``to``."""
        assert self.redis is not None
        await self.redis.publish(self.channel(to), json.dumps(message, separators=(",", ":")))

    async def beat(self) -> None:
        """Say this process is alive for :attr:`alive_seconds` more (on the heartbeat's own
        connection: never queued behind the published frames)."""
        assert self.upkeep is not None
        await self.upkeep.set(f"{PREFIX}alive:{self.name}", "1", px=int(self.alive_seconds * 1000))

    async def alive(self, names: list[str]) -> set[str]:
        """Those of the processes ``names`` that said they are alive within their time."""
        if not names or self.upkeep is None:
            return set()
        found = await self.upkeep.exists(*[f"{PREFIX}alive:{n}" for n in names]) if len(names) == 1 else None
        if found is not None:
            return set(names) if found else set()
        values = await self.upkeep.mget([f"{PREFIX}alive:{n}" for n in names])
        return {n for n, v in zip(names, values, strict=True) if v is not None}
