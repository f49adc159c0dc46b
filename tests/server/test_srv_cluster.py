"""Two server processes as one service on PostgreSQL + Redis (``serve --redis-url``).

Server A creates a Secret Hitler table (untimed, bots in three seats); Ann plays over a
WebSocket to A, Bea over a WebSocket to B (B relays her connection to A, the table's
owner). Mid-game A is killed with SIGKILL. B takes the table's lease once it expires (2
seconds here), rebuilds the game from the log, and the players reconnect to B; the game
plays to its end. Every action the players saw acknowledged is in the export, in order,
and ``hiddenrole verify`` accepts the export.

Each run uses a database of its own (created and dropped here) and nothing else of the
shared PostgreSQL; the processes wait for conditions, never for set durations.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest
from srv_helpers import PG_URL, postgres_reachable
from processes import output_of, popen_logged
from srv_helpers import free_port

from hiddenrole.bots import RandomBot
from hiddenrole.bots.base import Bot, Observation
from hiddenrole.server import verify_export
from hiddenrole.server.client import SeatClient

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

REDIS = os.environ.get("HIDDENROLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


def redis_reachable() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture
def pg_database():
    """The URL of a PostgreSQL database made for this test (dropped afterwards)."""
    if not postgres_reachable():
        pytest.skip("PostgreSQL is not reachable on 127.0.0.1:5432")
    if not redis_reachable():
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    import asyncpg

    name = "hr_cluster_" + secrets.token_hex(5)
    admin = PG_URL.replace("+asyncpg", "")

    async def run(sql: str) -> None:
        conn = await asyncpg.connect(admin)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f"CREATE DATABASE {name}"))
    yield PG_URL.rsplit("/", 1)[0] + "/" + name
    asyncio.run(run(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


def _serve(db: str, port: int) -> subprocess.Popen:
    """Start one server process of the service; returns once it answers."""
    proc = popen_logged(
        [sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", db, "--redis-url", REDIS,
         "--port", str(port), "--bot-delay", "0", "--lease-seconds", "2"])
    while proc.poll() is None:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5)
            return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    raise AssertionError(f"the server exited: {output_of(proc)}")


class Recording(Bot):
    """A random player that remembers each action it chose under the message id its client
    sends it with, so that the acknowledged ones can be looked up."""

    kind = "random"
    needs_view = False

    def __init__(self, player: str, seed: int, chosen: dict[int, dict]) -> None:
        super().__init__(player, seed=seed)
        self.inner = RandomBot(player, seed=seed)
        self.chosen = chosen
        self.client: SeatClient | None = None

    def choose(self, observation: Observation) -> dict:
        action = self.inner.choose(observation)
        assert self.client is not None
        self.chosen[self.client._next_id + 1] = action  # the id the client sends it under
        return action


class Player:
    """A seat played over WebSockets, reconnecting (to ``urls``, in turn) until the game ends."""

    def __init__(self, name: str, token: str, seed: int) -> None:
        self.name = name
        self.token = token
        self.seed = seed
        self.acked: list[dict] = []  # the actions the server acknowledged, in order
        self.connections = 0
        self.reveal: dict | None = None

    async def play(self, urls: list[str]) -> dict:
        turn = 0
        while self.reveal is None:
            chosen: dict[int, dict] = {}
            bot = Recording(self.name, self.seed + self.connections, chosen)

            def on_frame(_client, frame, _at, chosen=chosen):
                if frame["type"] == "ack" and frame.get("id") in chosen:
                    self.acked.append(chosen.pop(frame["id"]))

            client = SeatClient(urls[min(turn, len(urls) - 1)], self.token, bot, on_frame=on_frame,
                                keep_frames=False)
            bot.client = client
            self.connections += 1
            try:
                self.reveal = await client.run(timeout=600)
            except (OSError, RuntimeError, Exception) as exc:  # closed, refused: connect again
                if isinstance(exc, TimeoutError):
                    raise
                turn += 1
                await asyncio.sleep(0.05)
        return self.reveal


def test_two_processes_kill_9_owner_and_the_other_takes_over(pg_database, tmp_path):
    port_a, port_b = free_port(), free_port()
    a = _serve(pg_database, port_a)
    b = _serve(pg_database, port_b)
    try:
        http_a = httpx.Client(base_url=f"http://127.0.0.1:{port_a}", timeout=30)
        http_b = httpx.Client(base_url=f"http://127.0.0.1:{port_b}", timeout=30)
        made = http_a.post("/api/tables", json={"game": "secret-hitler", "pace": "untimed", "bots": 3}).json()
        code = made["code"]
        # Ann joins through A, Bea through B (relayed to A, which owns the table)
        ann = Player("Ann", http_a.post(f"/api/tables/{code}/join", json={"name": "Ann"}).json()["token"], 10)
        bea = Player("Bea", http_b.post(f"/api/tables/{code}/join", json={"name": "Bea"}).json()["token"], 20)
        ws_a = f"ws://127.0.0.1:{port_a}/ws/{code}"
        ws_b = f"ws://127.0.0.1:{port_b}/ws/{code}"

        async def game() -> tuple[dict, dict]:
            tasks = [asyncio.create_task(ann.play([ws_a, ws_b])), asyncio.create_task(bea.play([ws_b]))]
            while not all(s["connected"] for s in http_b.get(f"/api/tables/{code}").json()["table"]["seats"]):
                await asyncio.sleep(0.02)  # both players connected (read through B)
            started = http_b.post(f"/api/tables/{code}/start",
                                  headers={"Authorization": f"Bearer {made['host_token']}"})
            assert started.status_code == 200, started.text
            # A owns the table: its lease names A's process
            owner = await _lease_owner(pg_database)
            assert f"-{a.pid}-" in owner, owner
            while len(ann.acked) + len(bea.acked) < 4:  # mid-game: some actions acknowledged
                assert not any(t.done() for t in tasks), "the game ended before the kill"
                await asyncio.sleep(0.01)
            os.kill(a.pid, signal.SIGKILL)
            a.wait()
            return tuple(await asyncio.gather(*tasks))

        try:
            reveal_ann, reveal_bea = asyncio.run(asyncio.wait_for(game(), 600))
        except TimeoutError:  # say what the surviving server was doing
            raise AssertionError(f"the game did not finish; server B's log ends:\n{output_of(b)[-4000:]}") from None
        assert reveal_ann == reveal_bea
        assert reveal_ann["result"]["winner"] in ("liberals", "fascists")
        assert ann.connections >= 2 and bea.connections >= 2  # both reconnected after the kill
        owner = asyncio.run(_lease_owner(pg_database))
        assert f"-{b.pid}-" in owner, owner  # B took the table over
        export = http_b.get(f"/api/tables/{code}/export").json()
        assert verify_export(export).ok
        for player in (ann, bea):  # every acknowledged action is in the log, in order
            logged = [e["action"] for e in export["entries"]
                      if e["kind"] == "action" and e["action"].get("player") == player.name]
            assert player.acked and _in_order(player.acked, logged), (player.name, player.acked, logged)
        path = tmp_path / "export.json"
        path.write_text(json.dumps(export))
        checked = subprocess.run([sys.executable, "-m", "hiddenrole.cli", "verify", str(path)],
                                 capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr
    finally:
        for proc in (a, b):
            if proc.poll() is None:
                proc.kill()
            proc.wait()


def _same(sent: dict, logged: dict) -> bool:
    return {k: v for k, v in sent.items() if k != "player"} == {k: v for k, v in logged.items() if k != "player"}


def _in_order(acked: list[dict], logged: list[dict]) -> bool:
    """Whether ``acked`` is a subsequence of ``logged`` (each acknowledged action logged, in order)."""
    it = iter(logged)
    return all(any(_same(sent, entry) for entry in it) for sent in acked)


async def _lease_owner(url: str) -> str:
    import asyncpg

    conn = await asyncpg.connect(url.replace("+asyncpg", ""))
    try:
        return await conn.fetchval("SELECT owner FROM leases") or ""
    finally:
        await conn.close()


def test_workers_2_behind_one_port_play_a_game_to_its_end(pg_database):
    """``serve --workers 2``: two processes share the port; REST calls and the players'
    WebSockets land on either (whichever accepts), relayed to the table's owner as needed."""
    port = free_port()
    proc = popen_logged(
        [sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", pg_database, "--redis-url", REDIS,
         "--port", str(port), "--bot-delay", "0", "--workers", "2"])
    try:
        import psutil

        while len(psutil.Process(proc.pid).children()) < 2 or not _answers(port):
            assert proc.poll() is None, output_of(proc)
            time.sleep(0.05)  # until both workers run and the port answers
        http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        made = http.post("/api/tables", json={"game": "secret-hitler", "pace": "untimed", "bots": 3}).json()
        code = made["code"]
        players = [Player(name, http.post(f"/api/tables/{code}/join", json={"name": name}).json()["token"], seed)
                   for name, seed in (("Ann", 1), ("Bea", 2), ("Cyd", 3))]
        url = f"ws://127.0.0.1:{port}/ws/{code}"

        async def game() -> list[dict]:
            tasks = [asyncio.create_task(p.play([url])) for p in players]
            while not all(s["connected"] for s in http.get(f"/api/tables/{code}").json()["table"]["seats"]):
                await asyncio.sleep(0.02)
            started = http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {made['host_token']}"})
            assert started.status_code == 200, started.text
            return list(await asyncio.gather(*tasks))

        reveals = asyncio.run(asyncio.wait_for(game(), 600))
        assert all(r == reveals[0] for r in reveals)
        export = http.get(f"/api/tables/{code}/export").json()
        assert verify_export(export).ok
        for player in players:
            logged = [e["action"] for e in export["entries"]
                      if e["kind"] == "action" and e["action"].get("player") == player.name]
            assert player.acked and _in_order(player.acked, logged)
    finally:
        proc.terminate()  # the supervisor stops its workers
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _answers(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False
