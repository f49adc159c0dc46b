"""Several server processes as one service: PostgreSQL leases plus a Redis bus.

``hiddenrole serve --database-url postgresql+asyncpg://... --redis-url redis://...``
(on one machine or several, or ``--workers N`` on one) runs each live table in exactly
one process, its owner (:mod:`.lease`). Any process accepts any table's WebSocket
connections and REST calls (:class:`ClusterRouter`):

* a request for a table this process owns, or whose lease is free, is served here (the
  lease is taken first);
* a REST call for a table another process owns is relayed to it over the bus
  (:mod:`.bus`) and its answer relayed back (:meth:`Cluster.relay_http`);
* a WebSocket connection to such a table is relayed frame by frame
  (:meth:`Cluster.relay_socket`): the client's messages go to the owner, which runs the
  ordinary protocol for it (:func:`~.protocol.serve_connection`) over a
  :class:`RelayedSocket`, and the owner's frames for this one connection come back. Each
  frame is the one connection's own (its viewer's update, told in its language), so the
  bus carries per viewer what the viewer may see and nothing else: never a whole state.

Every fifth of ``lease_seconds`` each process says it is alive on the bus and renews its
leases (a table whose lease another process took is dropped from memory, its connections
closed with 1012). The heartbeat and the renewal have a task and a connection each
(:meth:`Cluster.renew`), so the work of a connection storm (thousands of hellos queued on
the database pool and the Redis pool), a slow takeover or a slow database cannot make a
busy but healthy process miss them and lose its tables. Separately, every third of
``lease_seconds``, each process takes over the running tables whose owner stopped
(rebuilt from the log, deadlines that passed meanwhile fired at once), and closes the
relayed connections of tables whose owner changed or stopped (1012): the clients
reconnect and reach the new owner. A lease that lapsed while its owner still says it is
alive and nobody else took it is still the owner's (for one more lease life): its relayed
connections stay open and no other process takes the table. Nothing acknowledged is
lost: an action is acknowledged only after its log entry is committed.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import json
import logging
import os
import re
import secrets
import socket
from types import SimpleNamespace
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .bus import Bus
from .errors import TableError
from .guard import Guard
from .lease import LEASE_SECONDS, RENEWALS, Leases
from .moderator import Moderator, Moved
from .protocol import MAX_MESSAGE_BYTES, serve_connection

log = logging.getLogger("hiddenrole.server")

CLOSE_MOVED = 1012  # "service restart": the table moved to another process, reconnect
CLOSE_TRY_LATER = 1013
MAX_RELAY_BYTES = 4 * 1024 * 1024  # a relayed connection's frames not yet written to its client, at most
MAX_INBOX = 256  # a relayed connection's client messages waiting at the owner, at most
MAX_BODY_BYTES = 1024 * 1024  # a relayed REST request's body, at most
RELAY_TIMEOUT = 15.0  # seconds an edge waits for the owner's answer to a relayed REST call
_TABLE_PATH = re.compile(r"^/api/tables/([^/]+)(?:/.*)?$")
_SOCKET_PATH = re.compile(r"^/ws/([^/]+)$")


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def process_name() -> str:
    """A name for this process, unique among the service's processes: host, pid, random."""
    return f"{socket.gethostname()[:30]}-{os.getpid()}-{secrets.token_hex(3)}"


class RelayedSocket:
    """The owner's end of a WebSocket whose client is connected to another process (the
    *edge*): it quacks like Starlette's :class:`WebSocket` as far as
    :func:`~.protocol.serve_connection` uses one.

    Args:
        cluster: this process's cluster.
        edge: the process holding the client's socket.
        cid: the connection's id (made by the edge).
        address: the client's address (the rate limits count per address).
    """

    def __init__(self, cluster: Cluster, edge: str, cid: str, address: str) -> None:
        self.cluster = cluster
        self.edge = edge
        self.cid = cid
        self.client = SimpleNamespace(host=address, port=0)
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.gone = False

    async def accept(self) -> None:
        """Nothing to do: the edge accepted the client's socket."""

    def push(self, text: str | None) -> None:
        """A client message arrived from the edge (``None``: a binary frame). Over
        :data:`MAX_INBOX` waiting messages the connection is treated as gone."""
        if self.gone:
            return
        if self.inbox.qsize() >= MAX_INBOX:
            self.leave()
            return
        self.inbox.put_nowait({"type": "websocket.receive", "text": text,
                               **({"bytes": b""} if text is None else {})})

    def leave(self) -> None:
        """The client left (or its edge stopped): the protocol loop ends."""
        if not self.gone:
            self.gone = True
            self.inbox.put_nowait({"type": "websocket.disconnect", "code": 1001})

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        if not self.gone:
            try:
                await self.cluster.bus.send(self.edge, {"k": "out", "c": self.cid, "t": text})
            except Exception as exc:  # Redis is away: the connection ends (its client reconnects)
                log.error("a relayed connection lost the bus: %s", str(exc).splitlines()[0] if str(exc) else exc)
                self.leave()

    async def close(self, code: int = 1000) -> None:
        if not self.gone:
            await self.cluster.bus.send(self.edge, {"k": "close", "c": self.cid, "code": code})


class Relay:
    """The edge's end of a relayed WebSocket: the client's socket and the owner's frames
    waiting to be written to it (at most :data:`MAX_RELAY_BYTES`; a client that reads more
    slowly is closed with 1013 and reconnects for a snapshot)."""

    def __init__(self, ws: WebSocket, owner: str, table_id: str, cid: str) -> None:
        self.ws = ws
        self.owner = owner
        self.table_id = table_id
        self.cid = cid
        self.out: collections.deque[str | int] = collections.deque()
        self.out_bytes = 0
        self.ready = asyncio.Event()
        self.closed = False

    def put(self, text: str) -> None:
        if self.closed:
            return
        if self.out_bytes + len(text) > MAX_RELAY_BYTES:
            self.close(CLOSE_TRY_LATER)
            return
        self.out.append(text)
        self.out_bytes += len(text)
        self.ready.set()

    def close(self, code: int) -> None:
        if self.closed:
            return
        self.closed = True
        self.out.clear()
        self.out_bytes = 0
        self.out.append(code)
        self.ready.set()

    async def write(self) -> None:
        while True:
            while not self.out:
                self.ready.clear()
                await self.ready.wait()
            item = self.out.popleft()
            try:
                if isinstance(item, int):
                    await self.ws.close(code=item)
                    return
                self.out_bytes -= len(item)
                await self.ws.send_text(item)
            except (WebSocketDisconnect, RuntimeError, OSError):  # the client is gone: its reader ends the relay
                self.closed = True
                self.out.clear()
                return


class Cluster:
    """This process's part of the service.

    Args:
        moderator: the process's moderator (given its :class:`~.lease.Leases` here).
        redis_url: the bus's Redis URL.
        guard: the abuse limits the relayed connections are served under.
        lease_seconds: a table lease's life without renewal (tests use a short one).
    """

    def __init__(self, moderator: Moderator, redis_url: str, guard: Guard,
                 lease_seconds: float = LEASE_SECONDS) -> None:
        self.name = process_name()
        self.mod = moderator
        self.guard = guard
        self.lease_seconds = lease_seconds
        moderator.lease = Leases(moderator.store, self.name, lease_seconds, alive=self._is_alive)
        self.bus = Bus(redis_url, self.name, self._on_message, alive_seconds=lease_seconds)
        self.inner: Any = None  # the application behind the router (set by ClusterRouter)
        self.relays: dict[str, Relay] = {}  # edge side, by connection id
        self.remote: dict[str, RelayedSocket] = {}  # owner side, by connection id
        self.replies: dict[str, asyncio.Future] = {}
        self._tasks: set[asyncio.Task] = set()
        self._tender: asyncio.Task | None = None
        self._renewer: asyncio.Task | None = None
        self._beater: asyncio.Task | None = None

    @property
    def lease(self) -> Leases:
        assert self.mod.lease is not None
        return self.mod.lease

    # ------------------------------------------------------------- lifecycle
    async def connect(self) -> None:
        """Join the bus (before the moderator starts: relayed requests may come at once)."""
        await self.bus.start()

    def start_tending(self) -> None:
        """Start the heartbeat and the lease renewals (a task each), and the upkeep: adopting
        orphaned tables and checking relays."""
        loop = asyncio.get_running_loop()
        self._beater = loop.create_task(self._every(self.lease_seconds / RENEWALS, self._beat, "heartbeat"))
        self._renewer = loop.create_task(self._every(self.lease_seconds / RENEWALS, self._renew_leases,
                                                     "lease renewal"))
        self._tender = loop.create_task(self._tend_forever())

    async def stop(self) -> None:
        """Close the relayed connections and leave the bus (the moderator releases the leases)."""
        tasks = [task for task in (self._beater, self._renewer, self._tender) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)  # ended, not left pending at shutdown
        for relay in list(self.relays.values()):
            relay.close(CLOSE_MOVED)
        for rs in list(self.remote.values()):
            rs.leave()
        await self.bus.stop()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _every(self, period: float, step: Any, what: str) -> None:
        """Run ``step`` (a coroutine function returning whether it succeeded) every ``period``
        seconds for ever, on a fixed schedule (after a stall: one round at once, then on
        schedule from there). Warns when the gap between two
        successes passes half the lease's life (the event loop or the database held it up:
        two more such gaps and the lease lapses)."""
        loop = asyncio.get_running_loop()
        last = due = loop.time()
        while True:
            due += period
            await asyncio.sleep(max(0.0, due - loop.time()))
            due = max(due, loop.time() - period)  # after a stall: on again from now, no burst
            try:
                ok = await step()
            except asyncio.CancelledError:
                raise
            except Exception:  # never the end of the rounds: the next round comes all the same
                log.exception("a %s round failed", what)
                ok = False
            if ok:
                now = loop.time()
                if now - last > self.lease_seconds / 2:
                    log.warning("the %s came %.1f s after the one before (every %.1f s planned; the lease lives "
                                "%g s): this process's event loop or its database connection was slow",
                                what, now - last, period, self.lease_seconds)
                last = now

    async def _beat(self) -> bool:
        """Say this process is alive (on the heartbeat's own Redis connection); whether it worked."""
        try:
            await self.bus.beat()
        except Exception as exc:
            log.error("the bus heartbeat failed: %s", _first_line(exc))
            return False
        return True

    async def _renew_leases(self) -> bool:
        """Renew this process's leases (on their own database connection) and drop the
        tables lost; whether it worked."""
        try:
            lost = await self.lease.renew()
        except Exception as exc:
            log.error("the lease renewal failed: %s", _first_line(exc))
            return False
        for table_id in lost:
            self.mod.drop(table_id)
        return True

    async def _is_alive(self, name: str) -> bool:
        """Whether process ``name`` said it is alive within its time (a Redis error: no)."""
        try:
            return name in await self.bus.alive([name])
        except Exception as exc:
            log.error("could not ask whether process %s is alive: %s", name[:64], _first_line(exc))
            return False

    async def _tend_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.look_around()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database or Redis is briefly away: try again next round
                log.error("cluster upkeep failed: %s", _first_line(exc))

    async def renew(self) -> None:
        """Say this process is alive and renew its leases, dropping the tables lost (one
        round of each; :meth:`start_tending` runs them in tasks of their own)."""
        await self._beat()
        await self._renew_leases()

    async def tend(self) -> None:
        """One whole round of upkeep: :meth:`renew`, then :meth:`look_around`."""
        await self.renew()
        await self.look_around()

    async def look_around(self) -> None:
        """Take over orphaned running tables, and close the relayed connections whose
        table's owner changed or stopped, and the owner-side connections whose edge stopped."""
        await self.mod.adopt()
        # only the connections open before the questions are judged by their answers: one
        # opened while they were asked (thousands a minute while clients connect) has a
        # table and an owner nobody asked about, and would be closed for it
        relays = list(self.relays.values())
        if relays:
            holders = await self.lease.holders(sorted({r.table_id for r in relays}))
            alive = await self.bus.alive(sorted({r.owner for r in relays}))
            moved = released = stopped = lapsed = kept = 0
            latest = 0.0
            for relay in relays:
                if relay.closed:
                    continue
                holder = holders.get(relay.table_id)
                if holder is None:
                    released += 1  # the owner gave the table up (it stopped cleanly)
                elif holder[0] != relay.owner:
                    moved += 1
                elif relay.owner not in alive:
                    stopped += 1
                elif holder[1] <= -self.lease_seconds:
                    lapsed += 1  # alive, but no renewal for two lease lives: another process may take it
                else:
                    if holder[1] < 0:  # lapsed, nobody took it, its owner alive: still the owner's
                        kept += 1
                        latest = max(latest, -holder[1])
                    continue
                relay.close(CLOSE_MOVED)
            if moved or released or stopped or lapsed:
                log.warning("closed %d relayed connections (1012): %d whose table changed owner, %d whose "
                            "table's owner gave it up, %d whose owner stopped saying it is alive, %d whose "
                            "table's lease lapsed more than %g s ago",
                            moved + released + stopped + lapsed, moved, released, stopped, lapsed,
                            self.lease_seconds)
            if kept:
                log.info("kept %d relayed connections open whose table's lease lapsed (up to %.1f s ago) while "
                         "its owner says it is alive and no other process took it", kept, latest)
        remote = list(self.remote.values())
        if remote:
            alive = await self.bus.alive(sorted({rs.edge for rs in remote}))
            for rs in remote:
                if rs.edge not in alive:
                    rs.leave()

    # ---------------------------------------------------------------- routing
    async def route(self, code: str) -> tuple[str, str] | None:
        """Where a request for table ``code`` is served: ``None`` here (this process owns
        the table, took its free lease, or no such table exists: answered here), else
        ``(owner, table id)``."""
        code = code.upper() if len(code) <= 16 else "?"
        table_id = self.mod.codes.get(code)
        if table_id is not None and self.mod.owns(table_id):
            return None
        row = await self.mod.store.get_table(code=code)
        if row is None or self.mod.owns(row.id):
            return None
        owner = await self.lease.take(row.id)
        if owner in (self.name, ""):
            return None
        return owner, row.id

    # ------------------------------------------------------------------ messages
    def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("k")
        cid = msg.get("c", "")
        if kind == "out":
            relay = self.relays.get(cid)
            if relay is not None:
                relay.put(msg["t"])
        elif kind == "in":
            rs = self.remote.get(cid)
            if rs is not None:
                rs.push(msg.get("t"))
        elif kind == "close":
            relay = self.relays.get(cid)
            if relay is not None:
                relay.close(int(msg.get("code", 1000)))
        elif kind == "gone":
            rs = self.remote.get(cid)
            if rs is not None:
                rs.leave()
        elif kind == "open":
            rs = RelayedSocket(self, str(msg["from"]), cid, str(msg.get("addr", "unknown")))
            self.remote[cid] = rs
            self._spawn(self._serve_remote(rs, str(msg["code"])))
        elif kind == "http":
            self._spawn(self._answer_http(msg))
        elif kind == "reply":
            future = self.replies.get(msg.get("r", ""))
            if future is not None and not future.done():
                future.set_result(msg)

    async def _serve_remote(self, rs: RelayedSocket, code: str) -> None:
        try:
            try:
                await self.mod.table(code)  # takes a free lease; refuses a table another process runs
            except Moved:
                await rs.close(CLOSE_MOVED)  # routed here on stale news: the client reconnects
                return
            except TableError:
                pass  # no such table, expired...: the hello is answered with the error
            await serve_connection(rs, self.mod, code, self.guard)  # type: ignore[arg-type]
        finally:
            self.remote.pop(rs.cid, None)

    # ----------------------------------------------------------------- relays
    async def relay_socket(self, ws: WebSocket, code: str, owner: str, table_id: str) -> None:
        """Relay the client's WebSocket ``ws`` to table ``code``'s owner until either side closes."""
        await ws.accept()
        cid = secrets.token_hex(8)
        relay = self.relays[cid] = Relay(ws, owner, table_id, cid)
        address = ws.client.host if ws.client is not None else "unknown"
        writer = asyncio.get_running_loop().create_task(relay.write())
        try:
            await self.bus.send(owner, {"k": "open", "c": cid, "from": self.name, "code": code, "addr": address})
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if relay.closed:
                    continue
                text = message.get("text")
                # the owner checks rates and sizes; one byte over the size is enough for it to refuse
                await self.bus.send(owner, {"k": "in", "c": cid,
                                            "t": text[:MAX_MESSAGE_BYTES + 1] if text is not None else None})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.relays.pop(cid, None)
            try:
                await self.bus.send(owner, {"k": "gone", "c": cid})
            except Exception:  # the bus is down: the owner notices the edge's silence
                pass
            if not writer.done():
                if not relay.closed:
                    writer.cancel()
                else:  # let the close frame go out
                    try:
                        await asyncio.wait_for(writer, 5.0)
                    except (TimeoutError, Exception):
                        writer.cancel()
            await asyncio.gather(writer, return_exceptions=True)  # ended, not left pending

    async def relay_http(self, scope: dict[str, Any], receive: Any, send: Any, owner: str) -> None:
        """Relay one REST call to its table's owner and send its answer back."""
        body = b""
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_BODY_BYTES:
                await _send_error(send, 413, "too_large", "the request body is over 1 MiB")
                return
        rid = secrets.token_hex(8)
        future = self.replies[rid] = asyncio.get_running_loop().create_future()
        client = scope.get("client")
        request = {"method": scope["method"], "path": scope["path"], "scheme": scope.get("scheme", "http"),
                   "query": scope.get("query_string", b"").decode("latin-1"),
                   "headers": [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope.get("headers", [])],
                   "client": client[0] if client else "unknown", "server": list(scope.get("server") or ()),
                   "body": base64.b64encode(body).decode()}
        try:
            await self.bus.send(owner, {"k": "http", "r": rid, "from": self.name, "req": request})
            reply = await asyncio.wait_for(future, RELAY_TIMEOUT)
        except TimeoutError:
            await _send_error(send, 503, "owner_silent", "the server process running this table did not "
                                                          "answer: try again in a few seconds")
            return
        finally:
            self.replies.pop(rid, None)
        await send({"type": "http.response.start", "status": reply["status"],
                    "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in reply["headers"]]})
        await send({"type": "http.response.body", "body": base64.b64decode(reply["body"])})

    async def _answer_http(self, msg: dict[str, Any]) -> None:
        """Run a relayed REST call through this process's application and send the answer back."""
        req = msg["req"]
        server = req.get("server") or ["127.0.0.1", 80]
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": req["method"],
                 "scheme": req["scheme"], "path": req["path"], "raw_path": req["path"].encode(),
                 "query_string": req["query"].encode("latin-1"), "root_path": "",
                 "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in req["headers"]],
                 "client": (req["client"], 0), "server": tuple(server)}
        body = base64.b64decode(req["body"])
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # nothing more: the request does not end early
            return {"type": "http.disconnect"}

        status, headers, parts = 500, [], []

        async def send(message: dict[str, Any]) -> None:
            nonlocal status, headers
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in message.get("headers", [])]
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))

        try:
            await self.inner(scope, receive, send)
        except Exception:
            log.exception("a relayed %s %s failed", req["method"], req["path"][:80])
            status, headers = 500, [["content-type", "application/json"]]
            parts = [json.dumps({"error": {"code": "server_error", "message": "the server failed"}}).encode()]
        await self.bus.send(msg["from"], {"k": "reply", "r": msg["r"], "status": status, "headers": headers,
                                          "body": base64.b64encode(b"".join(parts)).decode()})


async def _send_error(send: Any, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class ClusterRouter:
    """ASGI middleware: a request for a table another process owns is relayed to it
    (``/api/tables/CODE...`` and ``/ws/CODE``); everything else is served here."""

    def __init__(self, app: Any, cluster: Cluster) -> None:
        self.app = app
        self.cluster = cluster
        cluster.inner = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        match = None
        if kind == "http":
            match = _TABLE_PATH.match(scope["path"])
        elif kind == "websocket":
            match = _SOCKET_PATH.match(scope["path"])
        where = None
        if match is not None:
            try:
                where = await self.cluster.route(match.group(1))
            except Exception as exc:  # the database is away: served here, where the error is answered
                log.error("routing failed: %s", str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        if where is None:
            await self.app(scope, receive, send)
        elif kind == "http":
            await self.cluster.relay_http(scope, receive, send, where[0])
        else:
            await self.cluster.relay_socket(WebSocket(scope, receive, send), match.group(1), *where)
