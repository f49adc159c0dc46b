"""The server: what a broadcast costs as a game grows, one update's size, and a load run of
random bots over real WebSockets playing many concurrent 7-player Secret Hitler tables on
the ``fast`` pace.

First, in this process (no sockets, no SQL: a store that keeps nothing, WebSockets that
count bytes): a 7-seat Secret Hitler table (turbo variant, untimed) with a connection per
seat and ``--spectators`` spectator connections plays a seeded game, two posts per game
action. Reported: the CPU time of one broadcast (everything the server does to tell every
connection about one action) after 20 and after 200 actions (the median of the 20
broadcasts around each point, the least of 3 runs of the same game; target: within 1.5x), and the bytes one player receives
for one post after 20 and after 500 posts (target: at most 10% more).

Then the load run. The server runs as a subprocess (``hiddenrole serve`` on a fresh SQLite database, one
core); this process plays every seat with its own WebSocket (the protocol of
docs/protocol.md), so the two cores are split between server and clients. Each table's
bots act one at a time, after a short think time, only when the game waits for them.

Reported: tables, connected players, actions per second (acknowledged actions over the
measured window) and the 50th/99th percentile of the latency from sending an action to
the last of the table's players receiving their update for it (each player's first
update after the action, before the table's next action).

Reported: tables, connected players, actions per second (acknowledged actions over the
measured window), the latency percentiles, the server's CPU share and its resident memory
(RSS) at the end of the window and at its peak.

Exit status 1 when a target is missed: the broadcast or update-size one, or the 99th
percentile over ``--target-ms`` (100 ms by default).

    .venv/bin/python benchmarks/bench_server.py                      # short: 20 tables, 20 s
    .venv/bin/python benchmarks/bench_server.py --tables 200 --seconds 60   # the full target run
    .venv/bin/python benchmarks/bench_server.py --tables 1000 --seconds 60 --no-stream
    .venv/bin/python benchmarks/bench_server.py --no-load            # the in-process figures only
    # several processes (PostgreSQL + Redis): a fresh database made on that server, dropped after
    .venv/bin/python benchmarks/bench_server.py --tables 200 --no-stream --workers 2 \
        --fresh-postgres postgresql://postgres@127.0.0.1:5432/test --redis-url redis://127.0.0.1:6379/0

With ``--workers N`` the server's CPU and RSS are those of all its processes together (the
supervisor and every worker; the peak is the sum of each process's own peak), and the
standard error of all of them goes to the run's ``server.log``. A seat whose connection
the server closes (1012 when its table moves to another process) connects again with the
web page's backoff; the summary counts these reconnections by close code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets

from hiddenrole.bots import Observation, RandomBot
from hiddenrole.server.mergepatch import apply as merge_patch



PLAYERS = 7
STOP = asyncio.Event()
RECONNECTS: dict[int, int] = {}  # close code -> connections the load client opened again after it
GRACE = 0.25  # seconds after the ack during which the other players' updates are counted


# ---------------------------------------------------------------- in-process: broadcasts and updates
STREAM_SEATS = [f"P{i + 1}" for i in range(PLAYERS)]


class MemoryStore:
    """A store that keeps nothing (the in-process measurements time the broadcasts, not SQL)."""

    async def append(self, game_id, entry, *, seat=None, status=None) -> None:
        pass


class RecordingSocket:
    """A WebSocket that a reading client holds: every frame sent is counted (bytes)."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    async def send_text(self, text: str) -> None:
        self.sizes.append(len(text.encode("utf-8")))

    async def close(self, code: int = 1000) -> None:
        pass


async def stream_table(seed: int, spectators: int):
    """A running 7-seat Secret Hitler table (untimed) in this process, with a connection per
    seat and ``spectators`` spectator connections, each drained by its writer task."""
    from hiddenrole.server.clock import ManualClock
    from hiddenrole.server.protocol import Connection
    from hiddenrole.server.store import SeatRow, TableRow
    from hiddenrole.server.table import LiveTable

    row = TableRow("bench", "BENCH1", "secret-hitler", {"pace": "untimed"}, "untimed", 1.0, "random", "lobby",
                   "h", 0.0, str(seed), "s", "c")
    seats = [SeatRow("bench", i, name, "t", None, 0.0) for i, name in enumerate(STREAM_SEATS)]
    table = LiveTable(row, seats, MemoryStore(), ManualClock(), lambda *_: None)
    conns = []
    for viewer in [*STREAM_SEATS, *[None] * spectators]:
        conn = Connection(RecordingSocket())
        conn.outbox.player = viewer
        conn.outbox.table = table
        conn.writer_task = asyncio.get_running_loop().create_task(conn.writer())
        async with table.lock:
            await table.connect(conn.outbox)
        conns.append(conn)
    async with table.lock:
        await table.start(seed, {"pace": "untimed"})
    await settle()
    return table, conns


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def timed_broadcasts(table) -> list[float]:
    """Wrap ``table.broadcast`` to record each call's CPU time (seconds of this thread)."""
    costs: list[float] = []
    inner = table.broadcast

    def broadcast(*args, **kwargs):
        t = time.thread_time()
        inner(*args, **kwargs)
        costs.append(time.thread_time() - t)

    table.broadcast = broadcast
    return costs


async def one_step(table, i: int, rng: random.Random, posts_per_action: int) -> bool:
    """Action ``i`` of the measured game: a post by a living player, or every
    ``posts_per_action + 1``-th time a random legal action of the first player waited for."""
    game = table.game
    if game.is_over:
        return False
    if i % (posts_per_action + 1) == 0:
        waiting = game.to_act()
        player = waiting[0]
        await table.act(player, rng.choice(game.legal_actions(player)))
    else:
        poster = rng.choice([p for p in STREAM_SEATS if game.can_post(p)])
        await table.act(poster, {"action": "post", "text": f"post {i}: I am {poster} and I have a reason."})
    await settle()
    return True


async def measure_broadcasts(seed: int, spectators: int, points: tuple[int, ...], window: int = 10):
    """Per-broadcast CPU time around each of ``points`` actions into a game (median of the
    broadcasts after actions point-window .. point+window-1)."""
    table, conns = await stream_table(seed, spectators)
    costs = timed_broadcasts(table)
    rng = random.Random(seed)
    per_action: list[float] = []
    for i in range(max(points) + window):
        before = len(costs)
        if not await one_step(table, i, rng, posts_per_action=2):
            break
        per_action.append(sum(costs[before:]))
    out = {}
    for p in points:
        sample = per_action[max(0, p - window): p + window]
        out[p] = statistics.median(sample) if len(sample) == 2 * window else float("nan")
    for c in conns:
        c.writer_task.cancel()
    return out, len(per_action)


async def measure_update_sizes(seed: int, spectators: int, points: tuple[int, ...]):
    """The bytes one player receives for one post after ``p`` posts, for each of ``points``."""
    table, conns = await stream_table(seed, spectators)
    rng = random.Random(seed)
    seat = conns[0].ws  # P1's socket
    out = {}
    for i in range(max(points) + 1):
        if i in points:
            before = len(seat.sizes)
        poster = rng.choice([p for p in STREAM_SEATS if table.game.can_post(p)])
        await table.act(poster, {"action": "post", "text": f"post {i}: I am {poster} and I have a reason."})
        await settle()
        if i in points:
            out[i] = sum(seat.sizes[before:])
    for c in conns:
        c.writer_task.cancel()
    return out


def stream_report(args) -> bool:
    """Print the in-process figures; returns whether both met their targets."""
    points = (20, 200)
    runs = [asyncio.run(measure_broadcasts(args.seed, args.spectators, points)) for _ in range(3)]
    costs = {p: min(r[0][p] for r in runs) for p in points}  # the same game thrice: the least disturbed
    played = runs[0][1]
    ratio = costs[200] / costs[20]
    print(f"broadcast CPU       after 20 actions {costs[20] * 1000:.3f} ms, after 200 {costs[200] * 1000:.3f} ms "
          f"(x{ratio:.2f}; target within x1.5; 7 seats + {args.spectators} spectators, median of the 20 "
          f"broadcasts around each point, best of 3 games; {played} actions played, 2 posts per game action)")
    sizes = asyncio.run(measure_update_sizes(args.seed, args.spectators, (20, 500)))
    growth = sizes[500] / sizes[20]
    print(f"update size         after 20 posts {sizes[20]:,} bytes, after 500 posts {sizes[500]:,} bytes "
          f"(x{growth:.2f}; target at most x1.1; one post, as one player receives it)")
    return ratio <= 1.5 and growth <= 1.1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Table:
    """One table's seats and the latency of each of its actions."""

    def __init__(self, code: str, think: tuple[float, float], rng: random.Random) -> None:
        self.code = code
        self.think = think
        self.rng = rng
        self.seats: list[Seat] = []
        self.t0: float | None = None  # when the action in flight was sent
        self.got: dict[str, float] = {}  # player -> first update after t0
        self.busy = False
        self.t_ack: float | None = None  # when the action in flight was acknowledged
        self.latencies: list[float] = []
        self.ack_latencies: list[float] = []
        self.over = False

    def close_window(self) -> None:
        """Record the action in flight: the last player's update for it. The server queues
        every player's update before the actor's ack, so updates arriving more than
        ``GRACE`` after the ack were caused by something else (a deadline) and are not counted."""
        if self.t0 is not None and self.t_ack is not None:
            arrived = [t for t in self.got.values() if t <= self.t_ack + GRACE]
            self.latencies.append(max([*arrived, self.t_ack]) - self.t0)
            self.ack_latencies.append(self.t_ack - self.t0)
        self.t0 = None
        self.t_ack = None
        self.got = {}


class Seat:
    def __init__(self, table: Table, name: str, token: str, seed: int) -> None:
        self.table = table
        self.name = name
        self.token = token
        self.bot = RandomBot(name, seed)
        self.state: dict | None = None
        self.acked = 0
        self.ws = None
        self.pending = False

    async def run(self, url: str, stop: asyncio.Event, opening: asyncio.Semaphore) -> None:
        """Play the seat until the game ends or ``stop``. A connection the server closes
        (1012: the table moved to another server process; 1013, 1011, a dropped socket) is
        opened again after 0.3 s x the retries in a row (at most 5 s), as the web page does,
        and counted in :data:`RECONNECTS` by close code."""
        retry = 0
        while True:
            try:
                if await self.connect_once(url, stop, opening):
                    return
                retry = 0  # the game went on: a later close starts the backoff afresh
            except websockets.ConnectionClosed as exc:
                if stop.is_set():
                    return
                code = exc.rcvd.code if exc.rcvd is not None else 1006
                RECONNECTS[code] = RECONNECTS.get(code, 0) + 1
            self.ws = None
            self.pending = False  # the answer to an action in flight was lost with the link: the snapshot tells
            retry += 1
            await asyncio.sleep(min(5.0, 0.3 * retry))

    async def connect_once(self, url: str, stop: asyncio.Event, opening: asyncio.Semaphore) -> bool:
        """One connection: hello, then frames until the seat is done (returns ``True``)."""
        # at most ``opening`` handshakes at once (thousands at once overflow the listen
        # backlog); each is tried again after a refusal
        async with opening:
            for attempt in range(5):
                try:
                    ws = await websockets.connect(url, max_size=None, open_timeout=60)
                    break
                except (OSError, asyncio.TimeoutError, websockets.InvalidHandshake):
                    if attempt == 4:
                        raise
                    await asyncio.sleep(0.5 * (attempt + 1))
            self.ws = ws
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            if self.handle(await ws.recv(), stop):
                return True
        async with ws:
            async for text in ws:
                if self.handle(text, stop):
                    return True
        if stop.is_set():
            return True
        raise websockets.ConnectionClosedOK(ws.close_rcvd, ws.close_sent)

    def handle(self, text: str, stop: asyncio.Event) -> bool:
        """Take one frame; returns whether the seat is done (the game is over, or stop)."""
        now = time.perf_counter()
        frame = json.loads(text)
        kind = frame["type"]
        table = self.table
        if kind == "update" and table.t0 is not None and self.name not in table.got:
            table.got[self.name] = now
        if kind == "update" and "patch" in frame:
            self.state = merge_patch(self.state, frame["patch"])
        elif kind in ("snapshot", "update"):
            self.state = frame["state"]
        elif kind == "ack":
            self.acked += 1
            self.pending = False
            if table.t0 is not None and table.t_ack is None:
                table.t_ack = now
        elif kind == "error":
            self.pending = False
        elif kind == "reveal":
            table.over = True
            return True
        if stop.is_set():
            return True
        self.maybe_act()
        return False

    def maybe_act(self) -> None:
        st = self.state
        table = self.table
        if STOP.is_set() or table.busy or self.pending or not st or not st.get("waiting") or not st.get("legal_actions"):
            return
        table.busy = True
        asyncio.get_running_loop().create_task(self.act())

    async def act(self) -> None:
        table = self.table
        try:
            await asyncio.sleep(table.rng.uniform(*table.think))
            # wait until every player has had the previous action's update (at most 2 s)
            end = time.perf_counter() + 2.0
            while table.t0 is not None and len(table.got) < PLAYERS and time.perf_counter() < end:
                await asyncio.sleep(0.005)
            table.close_window()
            st = self.state
            if not st or not st.get("waiting") or not st.get("legal_actions"):
                return
            action = self.bot.choose(Observation(self.name, st["legal_actions"], None))
            ws = self.ws
            if STOP.is_set() or ws is None:  # None: the link closed during the think time (reconnecting)
                return
            self.pending = True
            table.t0 = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "id": 1, "action": action}))
        except websockets.ConnectionClosed:
            pass
        finally:
            table.busy = False
            for seat in table.seats:
                seat.maybe_act()


def family(pid: int) -> list[int]:
    """``pid`` and its descendants (a server started with --workers: the supervisor and its workers)."""
    import psutil

    try:
        return [pid] + [c.pid for c in psutil.Process(pid).children(recursive=True)]
    except psutil.Error:
        return [pid]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by process ``pid`` and its descendants (Linux /proc)."""
    total = 0.0
    for p in family(pid):
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            return float("nan")
    return total


def rss_mib(pid: int) -> tuple[float, float]:
    """Resident memory of process ``pid`` and its descendants now and at their peaks, in MiB (Linux /proc)."""
    rss = peak = 0.0
    for p in family(pid):
        try:
            with open(f"/proc/{p}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
            rss += int(fields["VmRSS"].split()[0]) / 1024
            peak += int(fields["VmHWM"].split()[0]) / 1024
        except (OSError, KeyError, ValueError):
            return float("nan"), float("nan")
    return rss, peak


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class External:
    """A server this benchmark did not start (``--server URL``)."""

    pid = -1

    def terminate(self) -> None:
        pass

    def wait(self, timeout: float) -> None:
        pass


# every client of the load run comes from 127.0.0.1: the per-address limits are lifted
BENCH_LIMITS = ["--limit", "connections_per_address=100000", "--limit", "creates=1000000/minute",
                "--limit", "joins=1000000/minute", "--limit", "address_messages=1000000/second"]


async def run(args) -> int:
    tmp = tempfile.mkdtemp(prefix="hiddenrole-bench-")
    open(os.path.join(tmp, "server.log"), "w").close()
    if args.server:
        base = args.server.rstrip("/")
        server = External()
    else:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        database = args.database_url or f"sqlite:///{tmp}/bench.db"
        if args.fresh_postgres:
            database = await fresh_database(args.fresh_postgres)
        several = ["--redis-url", args.redis_url, "--lease-seconds", str(args.lease_seconds)] if args.redis_url else []
        server = subprocess.Popen(
            [sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", database,
             "--port", str(port), "--bot-delay", "0", "--workers", str(args.workers), *several, *BENCH_LIMITS],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "server.log"), "w"))
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for _ in range(400):
                try:
                    await http.get("/api/games")
                    break
                except httpx.HTTPError:
                    await asyncio.sleep(0.05)
            rng = random.Random(args.seed)
            seeds = [rng.random() for _ in range(args.tables)]  # drawn in table order, as before
            making = asyncio.Semaphore(args.setup_concurrency)

            async def post(path: str, body: dict) -> httpx.Response:
                for attempt in range(3):  # a kept-alive connection the server closed meanwhile: again
                    try:
                        return await http.post(path, json=body)
                    except httpx.TransportError:
                        if attempt == 2:
                            raise
                        await asyncio.sleep(0.5)
                raise AssertionError("unreachable")

            async def make(t: int) -> Table:  # a table and its 7 seats (in seat order)
                async with making:
                    made = (await post("/api/tables", {"game": "secret-hitler", "pace": "fast",
                                                       "factor": args.factor})).json()
                    table = Table(made["code"], (args.think_min, args.think_max), random.Random(seeds[t]))
                    for i in range(PLAYERS):
                        r = await post(f"/api/tables/{table.code}/join", {"name": f"P{i + 1}"})
                        table.seats.append(Seat(table, f"P{i + 1}", r.json()["token"], seed=t * 100 + i))
                    table.host = made["host_token"]
                    return table

            tables: list[Table] = list(await asyncio.gather(*(make(t) for t in range(args.tables))))
            stop = STOP
            ws_base = base.replace("http", "ws")
            opening = asyncio.Semaphore(100)
            tasks = [asyncio.create_task(s.run(f"{ws_base}/ws/{t.code}", stop, opening))
                     for t in tables for s in t.seats]
            while sum(1 for t in tables for s in t.seats if s.state is not None) < len(tasks):
                failed = [task for task in tasks if task.done() and task.exception() is not None]
                if failed:
                    raise RuntimeError(f"{len(failed)} seats could not connect") from failed[0].exception()
                await asyncio.sleep(0.05)
            connected = len(tasks)
            # tables start spread over the ramp, as real groups do (not all at the same instant)
            ramp_start = time.perf_counter()
            for i, t in enumerate(tables):
                await asyncio.sleep(max(0.0, ramp_start + args.ramp * i / len(tables) - time.perf_counter()))
                for attempt in range(3):  # a kept-alive connection the server closed meanwhile: again
                    try:
                        await http.post(f"/api/tables/{t.code}/start", headers={"Authorization": f"Bearer {t.host}"})
                        break
                    except httpx.TransportError:
                        if attempt == 2:
                            raise
            await asyncio.sleep(args.warmup)
            for t in tables:
                t.latencies.clear()
                t.ack_latencies.clear()
            acked0 = sum(s.acked for t in tables for s in t.seats)
            lags: list[float] = []

            async def ticker():  # how late this (client) process wakes up: its share of the latency
                while not STOP.is_set():
                    t = time.perf_counter()
                    await asyncio.sleep(0.01)
                    lags.append(time.perf_counter() - t - 0.01)

            tick = asyncio.create_task(ticker())
            load0 = os.getloadavg()[0]
            cpu0 = cpu_seconds(server.pid)
            client_cpu0 = time.process_time()
            start = time.perf_counter()
            await asyncio.sleep(args.seconds)
            elapsed = time.perf_counter() - start
            rss, rss_peak = rss_mib(server.pid)
            client_cpu = (time.process_time() - client_cpu0) / elapsed
            server_cpu = (cpu_seconds(server.pid) - cpu0) / elapsed
            acked = sum(s.acked for t in tables for s in t.seats) - acked0
            latencies = [x for t in tables for x in t.latencies]
            acks = [x for t in tables for x in t.ack_latencies]
            stop.set()
            await tick
            for seat in (s for t in tables for s in t.seats):
                if seat.ws is not None:
                    await seat.ws.close()
            await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        server.terminate()
        server.wait(30)
        if args.fresh_postgres and not args.server:
            await drop_database(args.fresh_postgres, database)
    p50, p99 = percentile(latencies, 0.50) * 1000, percentile(latencies, 0.99) * 1000
    print(f"tables              {args.tables} (7-player Secret Hitler, fast pace x{args.factor:g})")
    if not args.server:
        print(f"server              {args.workers} process{'es' if args.workers > 1 else ''}, "
              f"{'PostgreSQL' if 'postgres' in database else 'SQLite'}"
              f"{' + Redis' if args.redis_url else ''}")
    print(f"connected players   {connected}")
    moved = ", ".join(f"{n} after {code}" for code, n in sorted(RECONNECTS.items()))
    print(f"reconnections       {sum(RECONNECTS.values())}{f' ({moved})' if moved else ''} "
          "over the whole run (1012: the table moved to another server process)")
    print(f"actions per second  {acked / elapsed:.1f} ({acked} actions in {elapsed:.1f} s)")
    print(f"latency p50         {p50:.1f} ms")
    print(f"latency p99         {p99:.1f} ms  (target < {args.target_ms:g} ms; {len(latencies)} actions timed)")
    print(f"ack latency p50/p99 {percentile(acks, 0.5) * 1000:.1f} / {percentile(acks, 0.99) * 1000:.1f} ms "
          "(action sent -> the actor's ack)")
    print(f"server CPU          {100 * server_cpu:.0f}% of one core, "
          f"{1000 * server_cpu * elapsed / max(acked, 1):.2f} ms per action")
    print(f"server RSS          {rss:.0f} MiB at the end of the window (peak {rss_peak:.0f} MiB)")
    print(f"client loop lag p99 {percentile(lags, 0.99) * 1000:.1f} ms (the clients' own share of the latency); "
          f"client CPU {100 * client_cpu:.0f}% of one core")
    print(f"machine             {os.cpu_count()} cores, CPython {sys.version.split()[0]}, "
          f"load average {load0:.2f} at the start (other processes share the cores)")
    with open(os.path.join(tmp, "server.log")) as log:
        errors = [line for line in log if "Traceback" in line or "ERROR" in line]
    print(f"server errors       {len(errors)} (log: {tmp}/server.log)")
    return 0 if p99 < args.target_ms else 1


async def fresh_database(admin_url: str) -> str:
    """Create a database named ``hr_bench_<random>`` on the PostgreSQL server of ``admin_url``; its URL."""
    import secrets

    import asyncpg

    name = "hr_bench_" + secrets.token_hex(4)
    plain = admin_url.replace("+asyncpg", "")
    conn = await asyncpg.connect(plain)
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    return plain.rsplit("/", 1)[0] + "/" + name


async def drop_database(admin_url: str, url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(admin_url.replace("+asyncpg", ""))
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="concurrent tables (200 for the full run)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which the tables start")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds played after the ramp before measuring")
    parser.add_argument("--factor", type=float, default=60.0, help="fast pace: durations divided by this")
    parser.add_argument("--think-min", type=float, default=0.1, help="bots think at least this long (s)")
    parser.add_argument("--think-max", type=float, default=0.6, help="bots think at most this long (s)")
    parser.add_argument("--target-ms", type=float, default=100.0, help="the p99 target in milliseconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setup-concurrency", type=int, default=16,
                        help="tables set up (created and joined over REST) at once before the run")
    parser.add_argument("--spectators", type=int, default=3, help="in-process measurements: spectator connections")
    parser.add_argument("--no-load", action="store_true", help="only the in-process measurements (no load run)")
    parser.add_argument("--no-stream", action="store_true", help="only the load run (no in-process measurements)")
    parser.add_argument("--server", default="", help="benchmark a running server at this URL instead of starting one")
    parser.add_argument("--workers", type=int, default=1, help="server processes behind the port (serve --workers)")
    parser.add_argument("--database-url", default="", help="the server's database (default: a fresh SQLite file)")
    parser.add_argument("--fresh-postgres", default="", help="make a fresh database on this PostgreSQL server "
                                                             "(an admin URL) for the run, dropped after it")
    parser.add_argument("--redis-url", default="", help="the Redis of several processes (serve --redis-url)")
    parser.add_argument("--lease-seconds", type=float, default=10.0,
                        help="with --redis-url: serve --lease-seconds (longer on a machine so loaded that a "
                             "process's event loop stalls for seconds)")
    args = parser.parse_args()
    met = True
    if not args.no_stream:
        met = stream_report(args)
    if args.no_load:
        sys.exit(0 if met else 1)
    try:
        import uvloop

        runner = uvloop.run
    except ImportError:
        runner = asyncio.run
    code = runner(run(args))
    sys.exit(code if met else 1)


if __name__ == "__main__":
    main()
