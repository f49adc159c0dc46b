"""Server load: random bots over real WebSockets playing many concurrent 7-player Secret
Hitler tables on the ``fast`` pace.

The server runs as a subprocess (``hiddenrole serve`` on a fresh SQLite database, one
core); this process plays every seat with its own WebSocket (the protocol of
docs/protocol.md), so the two cores are split between server and clients. Each table's
bots act one at a time, after a short think time, only when the game waits for them.

Reported: tables, connected players, actions per second (acknowledged actions over the
measured window) and the 50th/99th percentile of the latency from sending an action to
the last of the table's players receiving their update for it (each player's first
update after the action, before the table's next action).

Exit status 1 when the 99th percentile is over the target (100 ms by default).

    .venv/bin/python benchmarks/bench_server.py                      # short: 20 tables, 20 s
    .venv/bin/python benchmarks/bench_server.py --tables 200 --seconds 60   # the full target run
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

import httpx
import websockets

from hiddenrole.bots import Observation, RandomBot

PLAYERS = 7
STOP = asyncio.Event()
GRACE = 0.25  # seconds after the ack during which the other players' updates are counted


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

    async def run(self, url: str, stop: asyncio.Event) -> None:
        async with websockets.connect(url, max_size=None) as ws:
            self.ws = ws
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            async for text in ws:
                now = time.perf_counter()
                frame = json.loads(text)
                kind = frame["type"]
                table = self.table
                if kind == "update" and table.t0 is not None and self.name not in table.got:
                    table.got[self.name] = now
                if kind in ("snapshot", "update"):
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
                    return
                if stop.is_set():
                    return
                self.maybe_act()

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
            if STOP.is_set():
                return
            self.pending = True
            table.t0 = time.perf_counter()
            await self.ws.send(json.dumps({"type": "action", "id": 1, "action": action}))
        except websockets.ConnectionClosed:
            pass
        finally:
            table.busy = False
            for seat in table.seats:
                seat.maybe_act()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by process ``pid`` (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return float("nan")


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


async def run(args) -> int:
    tmp = tempfile.mkdtemp(prefix="hiddenrole-bench-")
    open(os.path.join(tmp, "server.log"), "w").close()
    if args.server:
        base = args.server.rstrip("/")
        server = External()
    else:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", f"sqlite:///{tmp}/bench.db",
             "--port", str(port), "--bot-delay", "0"], stdout=subprocess.DEVNULL,
            stderr=open(os.path.join(tmp, "server.log"), "w"))
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for _ in range(400):
                try:
                    await http.get("/api/games")
                    break
                except httpx.HTTPError:
                    await asyncio.sleep(0.05)
            rng = random.Random(args.seed)
            tables: list[Table] = []
            for t in range(args.tables):
                made = (await http.post("/api/tables", json={"game": "secret-hitler", "pace": "fast",
                                                               "factor": args.factor})).json()
                table = Table(made["code"], (args.think_min, args.think_max), random.Random(rng.random()))
                for i in range(PLAYERS):
                    r = await http.post(f"/api/tables/{table.code}/join", json={"name": f"P{i + 1}"})
                    table.seats.append(Seat(table, f"P{i + 1}", r.json()["token"], seed=t * 100 + i))
                table.host = made["host_token"]
                tables.append(table)
            stop = STOP
            ws_base = base.replace("http", "ws")
            tasks = [asyncio.create_task(s.run(f"{ws_base}/ws/{t.code}", stop)) for t in tables for s in t.seats]
            while sum(1 for t in tables for s in t.seats if s.state is not None) < len(tasks):
                await asyncio.sleep(0.05)
            connected = len(tasks)
            # tables start spread over the ramp, as real groups do (not all at the same instant)
            ramp_start = time.perf_counter()
            for i, t in enumerate(tables):
                await asyncio.sleep(max(0.0, ramp_start + args.ramp * i / len(tables) - time.perf_counter()))
                await http.post(f"/api/tables/{t.code}/start", headers={"Authorization": f"Bearer {t.host}"})
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
            start = time.perf_counter()
            await asyncio.sleep(args.seconds)
            elapsed = time.perf_counter() - start
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
        server.wait(10)
    p50, p99 = percentile(latencies, 0.50) * 1000, percentile(latencies, 0.99) * 1000
    print(f"tables              {args.tables} (7-player Secret Hitler, fast pace x{args.factor:g})")
    print(f"connected players   {connected}")
    print(f"actions per second  {acked / elapsed:.1f} ({acked} actions in {elapsed:.1f} s)")
    print(f"latency p50         {p50:.1f} ms")
    print(f"latency p99         {p99:.1f} ms  (target < {args.target_ms:g} ms; {len(latencies)} actions timed)")
    print(f"ack latency p50/p99 {percentile(acks, 0.5) * 1000:.1f} / {percentile(acks, 0.99) * 1000:.1f} ms "
          "(action sent -> the actor's ack)")
    print(f"server CPU          {100 * server_cpu:.0f}% of one core")
    print(f"client loop lag p99 {percentile(lags, 0.99) * 1000:.1f} ms (the clients' own share of the latency)")
    print(f"machine             {os.cpu_count()} cores, CPython {sys.version.split()[0]}, "
          f"load average {load0:.2f} at the start (other processes share the cores)")
    with open(os.path.join(tmp, "server.log")) as log:
        errors = [line for line in log if "Traceback" in line or "ERROR" in line]
    print(f"server errors       {len(errors)} (log: {tmp}/server.log)")
    return 0 if p99 < args.target_ms else 1


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
    parser.add_argument("--server", default="", help="benchmark a running server at this URL instead of starting one")
    args = parser.parse_args()
    try:
        import uvloop

        runner = uvloop.run
    except ImportError:
        runner = asyncio.run
    sys.exit(runner(run(args)))


if __name__ == "__main__":
    main()
