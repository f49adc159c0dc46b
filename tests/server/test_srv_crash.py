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
from processes import output_of, popen_logged
from srv_helpers import free_port

from hiddenrole.bots import RandomBot
from hiddenrole.engine import available_games
from hiddenrole.server import verify_export
from hiddenrole.server.client import SeatClient

pytestmark = pytest.mark.slow


def _epoch(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def _start(db: str, port: int) -> tuple[subprocess.Popen, float]:
    """Start the server; returns it and how long it took to answer (seconds), measured."""
    began = time.monotonic()
    proc = popen_logged(
        [sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", db, "--port", str(port),
         "--bot-delay", "0"])
    while proc.poll() is None:  # until it answers, or exits
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5)
            return proc, time.monotonic() - began
        except httpx.HTTPError:
            time.sleep(0.05)
    raise AssertionError(f"the server exited: {output_of(proc)}")


def everyone_has_voted(events: list[dict], alive) -> bool:
    """Whether every living player has posted since the last nomination. In this game the
    bots (and Ann's random bot) post only their votes (claims are events of their own), so a
    post is a vote; Ann's own ``waiting`` says nothing about the bots' votes."""
    start = max((i for i, e in enumerate(events) if e["kind"] == "nominated"), default=len(events))
    posted = {e.get("player") for e in events[start + 1:] if e["kind"] == "post"}
    return bool(alive) and posted >= set(alive)


def test_kill_9_mid_game_then_restart_and_finish(tmp_path):
    """The restart is measured, not assumed: the day killed in must have more time left than
    two first starts (the pace's factor is chosen so that day 1, 14 minutes at turbo, lasts
    that and 3 seconds more); should the restart still outlast the day, the day's deadline
    must have fired on start-up instead. Either way the first timeout after the crash is
    never before the deadline, and no later than the moment the test saw the day end."""
    if "secret-hitler" not in available_games():
        pytest.skip("secret-hitler has not landed yet")
    db = f"sqlite:///{tmp_path}/crash.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc, first_start = _start(db, port)
    try:
        http = httpx.Client(base_url=base, timeout=30)
        margin = 2 * first_start + 0.5  # the day must outlast two first starts
        factor = min(150.0, 14 * 60 / (margin + 3))
        slower = 150.0 / factor  # how much longer than at factor 150 the game lasts
        made = http.post("/api/tables", json={"game": "secret-hitler", "pace": "fast", "factor": factor,
                                              "bots": 4}).json()
        code = made["code"]
        token = http.post(f"/api/tables/{code}/join", json={"name": "Ann"}).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        ws_url = base.replace("http", "ws") + f"/ws/{code}"
        client = SeatClient(ws_url, token, RandomBot("Ann", seed=3))

        def state() -> dict:
            return http.get(f"/api/tables/{code}", headers=auth).json()["state"]

        async def play_until_killed():
            task = asyncio.create_task(client.run(timeout=120 * slower))
            while not any(s["name"] == "Ann" and s["connected"] for s in state()["seats"]):
                await asyncio.sleep(0.02)  # until Ann's client is connected
            http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {made['host_token']}"})
            # wait for a day in which everyone has voted: only its deadline moves the game on
            for _ in range(100_000):
                await asyncio.sleep(0.02)
                if task.done():
                    break
                st = state()
                view = st.get("view") or {}
                if view.get("phase") == "day" and not st["waiting"] and st.get("deadline") \
                        and everyone_has_voted(client.events, (view.get("board") or {}).get("alive", ())) \
                        and _epoch(st["deadline"]) - time.time() > margin and state() == st:
                    os.kill(proc.pid, signal.SIGKILL)
                    proc.wait()
                    with pytest.raises(Exception):
                        await task
                    return st
            raise AssertionError("no quiet day with enough time left was reached")

        before = asyncio.run(play_until_killed())
        killed_at = time.time()
        deadline = _epoch(before["deadline"])
        proc, _ = _start(db, port)
        after = state()
        if after.get("view") == before["view"]:  # restarted within the day: nothing moved
            assert after["deadline"] == before["deadline"]  # the running deadline kept its end
            while state().get("view") == before["view"]:
                time.sleep(0.02)  # until the day ends
        else:  # the restart outlasted the day: its deadline fired on start-up
            assert time.time() > deadline
        day_ended_by = time.time()

        client2 = SeatClient(ws_url, token, RandomBot("Ann", seed=4))
        reveal = asyncio.run(client2.run(timeout=120 * slower))
        assert client2.frames[0]["type"] == "snapshot"
        assert reveal["result"]["winner"] in ("liberals", "fascists")
        export = http.get(f"/api/tables/{code}/export").json()
        assert verify_export(export).ok
        # the day's deadline was honoured: the first timeout after the crash came at its end,
        # not before, and had come by the time the test saw the day over
        after_crash = [e for e in export["entries"] if e["kind"] == "timeout" and _epoch(e["at"]) > killed_at]
        first = after_crash[0]
        assert deadline <= _epoch(first["at"]) <= day_ended_by, (first, before["deadline"])
        assert not [e for e in export["entries"] if killed_at < _epoch(e["at"]) < _epoch(first["at"])]
    finally:
        proc.kill()
        proc.wait()
