"""The server's memory stays bounded under clients that never read and a seat that floods.

A ``hiddenrole serve`` subprocess runs a 10-player Secret Hitler table. Spectators that
never read connect from several loopback addresses (each up to the per-address cap, the
rest refused), with tiny receive buffers so the server's queues, not the kernel, hold what
they are sent; the ten seats post 5,000-character posts until the thread is full; one seat
floods from five connections (oversized frames, deep nesting, resyncs) and never reads.
The test waits for conditions (the thread full, every flooding connection closed by the
server), never for durations, and reads the server's resident memory with psutil: it
stays under 200 MB above its idle figure, and the server still answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time

import httpx
import psutil
import pytest
import websockets
from processes import output_of, popen_logged
from srv_helpers import free_port

from hiddenrole.engine import available_games

pytestmark = pytest.mark.slow

MB = 1024 * 1024
SPECTATOR_ADDRESSES = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]  # 16 slow readers each


def start_server(db: str, port: int) -> subprocess.Popen:
    proc = popen_logged([sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", db,
                             "--port", str(port), "--bot-delay", "0"])
    for _ in range(600):  # until it answers (or has died)
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {output_of(proc)}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not answer")


async def connect(url: str, address: str = "127.0.0.1", *, reads: bool = True):
    """A WebSocket from ``address``; one that does not read gets a 4 KiB receive buffer
    and a one-message client queue, so what it is not reading stays in the server."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if not reads:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((address, 0))
    host, port = url.split("//")[1].split("/")[0].split(":")
    sock.connect((host, int(port)))
    sock.setblocking(False)
    return await websockets.connect(url, sock=sock, max_size=None, max_queue=None if reads else 1,
                                    open_timeout=30)


async def frames_until(ws, pred, limit: int = 10_000):
    for _ in range(limit):
        frame = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if pred(frame):
            return frame
    raise AssertionError("no such frame")


def test_memory_stays_bounded_under_slow_readers_and_a_flooding_seat(tmp_path):
    if "secret-hitler" not in available_games():
        pytest.skip("secret-hitler has not landed yet")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(f"sqlite:///{tmp_path}/memory.db", port)
    server = psutil.Process(proc.pid)
    peak = [0]

    def sample() -> int:
        rss = server.memory_info().rss
        peak[0] = max(peak[0], rss)
        return rss

    try:
        http = httpx.Client(base_url=base, timeout=30)
        made = http.post("/api/tables", json={"game": "secret-hitler", "pace": "untimed"}).json()
        code = made["code"]
        names = [f"P{i}" for i in range(1, 11)]
        tokens = {n: http.post(f"/api/tables/{code}/join", json={"name": n}).json()["token"] for n in names}
        assert http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {made['host_token']}"}
                         ).status_code == 200
        ws_url = base.replace("http", "ws") + f"/ws/{code}"
        idle = sample()

        async def main():
            # spectators that never read: up to the cap from each address; the next ones
            # from each address are told why they are refused, and closed (1013)
            slow = []
            for address in SPECTATOR_ADDRESSES:
                for _ in range(16):
                    ws = await connect(ws_url, address, reads=False)
                    await ws.send(json.dumps({"type": "hello", "spectator": True}))
                    slow.append(ws)
                for _ in range(2):
                    ws = await connect(ws_url, address)
                    err = await frames_until(ws, lambda f: True)
                    assert err["code"] == "too_many_connections", err
                    await ws.wait_closed()
                    assert ws.close_code == 1013
            # one seat floods from five connections (the fifth closes the first), reading
            # nothing until it has sent 300 frames: oversized ones, deep nesting, resyncs
            # (each a snapshot for its own queue)
            floods = []
            for _ in range(5):
                ws = await connect(ws_url, "127.0.0.6", reads=False)
                await ws.send(json.dumps({"type": "hello", "token": tokens["P10"]}))
                floods.append(ws)
            junk = ["x" * (64 * 1024 + 1), "[" * 30000, json.dumps({"type": "resync"})]

            async def flood(ws):
                with contextlib.suppress(websockets.ConnectionClosed):
                    for i in range(300):
                        await ws.send(junk[i % 3])
                    while True:  # now it reads, until the server closes it
                        await asyncio.wait_for(ws.recv(), 120)
                sample()
                return ws.close_code

            # the nine other seats (each from its own address) post until the thread is full
            posters = []
            for i, name in enumerate(names[:9]):
                ws = await connect(ws_url, f"127.0.1.{i + 1}")
                await ws.send(json.dumps({"type": "hello", "token": tokens[name]}))
                await frames_until(ws, lambda f: f["type"] == "snapshot")
                posters.append(ws)

            async def post(ws, who):
                for n in range(1, 31):
                    await ws.send(json.dumps({"type": "post", "id": n, "text": f"{who} {n} " + "z" * 4990}))
                    frame = await frames_until(ws, lambda f: f["type"] in ("ack", "error") and f["id"] == n)
                    sample()
                    if frame["type"] == "error":
                        return frame["code"]
                    await asyncio.sleep(0.06)  # at most ~16 messages a second: under the seat's 20
                return "done"

            flooding = [asyncio.create_task(flood(ws)) for ws in floods]
            ends = await asyncio.gather(*(post(ws, name) for ws, name in zip(posters, names, strict=False)))
            assert "thread_full" in ends and set(ends) <= {"thread_full", "post_rate", "done"}, ends
            codes = await asyncio.gather(*flooding)
            assert set(codes) <= {1008, 1013} and 1008 in codes, codes  # closed by the server, each for a reason
            sample()
            # the server still answers: the table is full for spectators (64 slow ones), but a
            # player's new connection gets a snapshot with the full thread
            late = await connect(ws_url)
            await late.send(json.dumps({"type": "hello", "spectator": True}))
            err = await frames_until(late, lambda f: True)
            assert err["code"] == "too_many_connections"
            assert err["message"] == "This table has 64 connections already, as many as it takes: try again later."
            fresh = await connect(ws_url)
            await fresh.send(json.dumps({"type": "hello", "token": tokens["P1"]}))
            snap = await frames_until(fresh, lambda f: f["type"] == "snapshot")
            assert len(snap["thread"]) > 100
            sample()
            for ws in slow + posters + [fresh, late]:
                ws.transport.abort()

        asyncio.run(main())
        grown = (peak[0] - idle) / MB
        assert grown < 200, f"the server grew by {grown:.0f} MB (idle {idle / MB:.0f} MB)"
        assert http.get("/api/games").status_code == 200
    finally:
        proc.kill()
        proc.wait()
