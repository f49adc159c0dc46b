"""The crash test: kill -9 the server mid-game, start it again, finish the game.

The server runs as a subprocess on SQLite. A Secret Hitler table (fast pace) plays with
one player over a WebSocket and server bots in the other seats. During a day (which ends
only at its deadline) the server is killed with SIGKILL, then restarted on the same
database: the game's state and the day's deadline are the same, the day ends at that
deadline (not earlier, not later), and the game plays on to its end and verifies.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from datetime import datetime

import httpx
import pytest
from srv_helpers import free_port

from hiddenrole.bots import RandomBot
from hiddenrole.engine import available_games
from hiddenrole.server import verify_export
from hiddenrole.server.client import SeatClient

pytestmark = pytest.mark.slow


def _epoch(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def _start(db: str, port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", db, "--port", str(port),
         "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    end = time.monotonic() + 20
    while time.monotonic() < end:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=0.5)
            return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stdout.read()}")


def test_kill_9_mid_game_then_restart_and_finish(tmp_path):
    if "secret-hitler" not in available_games():
        pytest.skip("secret-hitler has not landed yet")
    db = f"sqlite:///{tmp_path}/crash.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(db, port)
    try:
        http = httpx.Client(base_url=base, timeout=5)
        made = http.post("/api/tables", json={"game": "secret-hitler", "pace": "fast", "factor": 150,
                                              "bots": 4}).json()
        code = made["code"]
        token = http.post(f"/api/tables/{code}/join", json={"name": "Ann"}).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        ws_url = base.replace("http", "ws") + f"/ws/{code}"
        client = SeatClient(ws_url, token, RandomBot("Ann", seed=3))

        async def play_until_killed():
            task = asyncio.create_task(client.run(timeout=60))
            await asyncio.sleep(0.2)
            http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {made['host_token']}"})
            # wait for a day in which everyone has voted: only its deadline moves the game on
            end = time.monotonic() + 30
            while time.monotonic() < end:
                await asyncio.sleep(0.05)
                st = http.get(f"/api/tables/{code}", headers=auth).json()["state"]
                view = st.get("view") or {}
                if view.get("phase") == "day" and not st["waiting"] and st["deadline"]:
                    left = _epoch(st["deadline"]) - time.time()
                    if left > 2.5:
                        await asyncio.sleep(0.1)
                        again = http.get(f"/api/tables/{code}", headers=auth).json()["state"]
                        if again == st:
                            os.kill(proc.pid, signal.SIGKILL)
                            proc.wait()
                            with pytest.raises(Exception):
                                await task
                            return st
            raise AssertionError("no quiet day reached")

        before = asyncio.run(play_until_killed())
        killed_at = time.time()
        deadline = _epoch(before["deadline"])
        proc = _start(db, port)
        after = http.get(f"/api/tables/{code}", headers=auth).json()["state"]
        assert after["view"] == before["view"]  # the same state, rebuilt from the log
        assert after["deadline"] == before["deadline"]  # the running deadline kept its end
        assert time.time() < deadline, "the restart took longer than the day had left"

        client2 = SeatClient(ws_url, token, RandomBot("Ann", seed=4))
        reveal = asyncio.run(client2.run(timeout=90))
        assert client2.frames[0]["type"] == "snapshot"
        assert reveal["result"]["winner"] in ("liberals", "fascists")
        export = http.get(f"/api/tables/{code}/export").json()
        assert verify_export(export).ok
        # the day's deadline was honoured: the first timeout after the crash came at its end
        after_crash = [e for e in export["entries"] if e["kind"] == "timeout" and _epoch(e["at"]) > killed_at]
        first = after_crash[0]
        assert deadline <= _epoch(first["at"]) < deadline + 0.5, (first, before["deadline"])
    finally:
        proc.kill()
        proc.wait()
