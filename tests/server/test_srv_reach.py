"""Reaching the table: the URLs `serve` prints, the join link's address (never loopback when
another exists), and dead connections closed by the server's heartbeat."""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import os
import socket
import subprocess
import sys
import time

import httpx
import psutil
import pytest
from srv_helpers import free_port, running_server

from hiddenrole.server import ManualClock
from hiddenrole.server.net import join_base, reachable_urls

pytestmark = pytest.mark.usefixtures("council")


def run(coro):
    return asyncio.run(coro)


def test_reachable_urls_name_every_non_loopback_interface_or_the_public_url():
    addresses = ["127.0.0.1", "::1", "192.168.1.20", "fe80::1", "10.0.0.5", "2001:db8::7", "169.254.3.3"]
    assert reachable_urls("0.0.0.0", 8000, addresses=addresses) == ["http://192.168.1.20:8000",
                                                                    "http://10.0.0.5:8000"]
    assert reachable_urls("::", 8000, addresses=addresses) == [
        "http://192.168.1.20:8000", "http://10.0.0.5:8000", "http://[2001:db8::7]:8000"]
    # only loopback exists: the loopback URL, the one thing that works
    assert reachable_urls("0.0.0.0", 8000, addresses=["127.0.0.1", "::1"]) == ["http://127.0.0.1:8000"]
    assert reachable_urls("127.0.0.1", 9000) == ["http://127.0.0.1:9000"]
    assert reachable_urls("0.0.0.0", 8000, "https://games.example.org/", addresses=addresses) == [
        "https://games.example.org"]
    with pytest.raises(ValueError, match="public-url"):
        reachable_urls("0.0.0.0", 8000, "games.example.org")


def test_the_join_base_is_never_loopback_when_another_address_exists():
    urls = ["http://192.168.1.20:8000", "http://10.0.0.5:8000"]
    assert join_base("http://127.0.0.1:8000/", urls, False) == "http://192.168.1.20:8000"
    assert join_base("http://localhost:8000/", urls, False) == "http://192.168.1.20:8000"
    assert join_base("http://10.0.0.5:8000/", urls, False) == "http://10.0.0.5:8000"  # as the host reached it
    assert join_base("http://127.0.0.1:8000/", ["http://127.0.0.1:8000"], False) == "http://127.0.0.1:8000"
    assert join_base("http://10.0.0.5:8000/", ["https://play.example.org"], True) == "https://play.example.org"


def test_the_join_link_and_substitute_link_use_the_reachable_address(tmp_path):
    async def main():
        urls = ["http://192.0.2.7:8000"]
        async with running_server(f"sqlite:///{tmp_path}/a.db", clock=ManualClock(), urls=urls) as srv:
            assert srv.base.startswith("http://127.0.0.1:")  # the host's page came over loopback
            made = await srv.create(game="council", host_name="Ann")
            assert made["join_url"] == f"http://192.0.2.7:8000/?join={made['code']}"
            assert "127.0.0.1" not in made["join_url"]
            info = (await srv.http.get("/api/server")).json()
            assert info == {"urls": urls, "join_base": "http://192.0.2.7:8000", "loopback_only": False,
                            "table_code": {"letters": "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", "length": 6}}
            for name in ("Bob", "Cid"):
                await srv.join(made["code"], name)
            await srv.start(made["code"], made["host_token"])
            r = await srv.http.post(f"/api/tables/{made['code']}/control",
                                    json={"control": "replace", "name": "Cid", "by": "substitute"},
                                    headers={"Authorization": f"Bearer {made['host_token']}"})
            assert r.json()["link"].startswith(f"http://192.0.2.7:8000/?join={made['code']}&claim=")
        async with running_server(f"sqlite:///{tmp_path}/b.db", clock=ManualClock(),
                                  urls=["http://127.0.0.1:8000"]) as srv:
            made = await srv.create(game="council")
            assert made["join_url"].startswith("http://127.0.0.1:")
            assert (await srv.http.get("/api/server")).json()["loopback_only"] is True

    run(main())


def _non_loopback_ipv4() -> list[str]:
    out = []
    stats = psutil.net_if_stats()
    for name, addrs in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for a in addrs:
            if a.family == socket.AF_INET:
                ip = ipaddress.ip_address(a.address)
                if not ip.is_loopback and not ip.is_link_local:
                    out.append(a.address)
    return out


def test_serve_on_every_interface_prints_the_urls_others_can_use(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "hiddenrole.cli", "serve", "--host", "0.0.0.0", "--port",
                             str(port), "--database-url", f"sqlite:///{tmp_path}/s.db"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        end = time.monotonic() + 180  # a cap for a hung server, not a speed test
        while True:  # until it serves (it prints the URLs just before)
            assert time.monotonic() < end and proc.poll() is None, "the server did not start"
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=0.5)
                break
            except httpx.HTTPError:
                time.sleep(0.05)
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    lines = out.splitlines()
    printed = [ln.split("players join at ", 1)[1] for ln in lines if "players join at" in ln]
    expected = _non_loopback_ipv4()
    assert not any("0.0.0.0" in ln for ln in lines), lines  # not an address anyone can open
    if expected:
        assert printed == [f"http://{a}:{port}/" for a in expected], lines
        assert not any("127.0.0.1" in u for u in printed)
    else:
        assert printed == [f"http://127.0.0.1:{port}/"], lines
        assert any("only this machine can reach it" in ln for ln in lines), lines


def _frame(text: str) -> bytes:
    """A masked WebSocket text frame (what a client sends)."""
    payload = text.encode()
    mask = os.urandom(4)
    n = len(payload)
    header = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + n.to_bytes(2, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_dead_link_is_closed_by_the_servers_heartbeat_and_the_seat_is_seen_disconnected(tmp_path):
    """A client that says hello and then never answers anything (a phone that lost its
    network): the server's pings go unanswered and it closes the connection."""
    async def main():
        async with running_server(f"sqlite:///{tmp_path}/a.db", clock=ManualClock(), ws_ping=(0.2, 0.2)) as srv:
            made = await srv.create(game="council", host_name="Ann")
            code = made["code"]
            bob_token = await srv.join(code, "Bob")
            table = srv.moderator.tables[made["table"]["id"]]
            port = int(srv.base.rsplit(":", 1)[1])
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write((f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                          f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                         .encode())
            await writer.drain()
            assert b"101" in await reader.readuntil(b"\r\n\r\n")
            writer.write(_frame('{"type": "hello", "token": "%s"}' % bob_token))
            await writer.drain()
            loop = asyncio.get_running_loop()
            end = loop.time() + 10
            while table.seat("Bob").connections != 1:
                assert loop.time() < end
                await asyncio.sleep(0.01)
            # from now on the client reads nothing and answers no ping
            while table.seat("Bob").connections != 0:
                assert loop.time() < end, "the dead connection was never closed"
                await asyncio.sleep(0.02)
            writer.close()

    run(main())


def test_the_server_says_what_a_table_code_is_and_the_page_holds_no_copy_of_it(tmp_path):
    """The page refuses a code that cannot be a table's before any request, by the letters and
    length ``/api/server`` says (the server's own), not by a copy of its own that could drift."""
    from pathlib import Path

    from hiddenrole.server.moderator import CODE_ALPHABET, CODE_LENGTH

    async def main():
        async with running_server(f"sqlite:///{tmp_path}/c.db", clock=ManualClock()) as srv:
            rules = (await srv.http.get("/api/server")).json()["table_code"]
            assert rules == {"letters": CODE_ALPHABET, "length": CODE_LENGTH}
            assert rules == {"letters": "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", "length": 6}  # no I, O, 0 or 1
            for _ in range(5):  # the codes it makes are of them
                code = (await srv.create(game="council"))["code"]
                assert len(code) == rules["length"] and set(code) <= set(rules["letters"])

    run(main())
    web = Path(__file__).resolve().parents[2] / "src" / "hiddenrole" / "web"
    for path in web.rglob("*.js"):
        if "vendor" not in path.parts:
            assert CODE_ALPHABET not in path.read_text(encoding="utf-8"), path
