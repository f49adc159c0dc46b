"""Helpers of the client tests: a real ``hiddenrole serve`` in a subprocess (SQLite in a
temporary folder, a free port) that can be stopped and started again on the same database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import httpx
from fake_chat import FakeChatEndpoint, completion
from processes import output_of, popen_logged


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(condition: Callable[[], Any], timeout: float = 60.0, what: str = "the condition") -> Any:
    """Poll ``condition()`` until it returns something true (returned); fail after ``timeout``
    seconds (a bound against hangs, not a measured duration)."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class ServerProcess:
    """``hiddenrole serve`` on ``port`` with the SQLite database ``db`` (a path)."""

    def __init__(self, db: str, bot_delay: float = 0.0) -> None:
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.bot_delay = bot_delay
        self.proc: subprocess.Popen | None = None

    def start(self) -> ServerProcess:
        self.proc = popen_logged(
            [sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", f"sqlite:///{self.db}",
             "--port", str(self.port), "--bot-delay", str(self.bot_delay)])

        def answers() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited: {output_of(self.proc)}")
            try:
                return httpx.get(f"{self.base}/api/games", timeout=5).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(answers, 60, "the server to answer")
        return self

    def stop(self, kill: bool = False) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    # REST shortcuts
    def create(self, **body: Any) -> dict[str, Any]:
        r = httpx.post(f"{self.base}/api/tables", json=body, timeout=30)
        assert r.status_code == 201, r.text
        return r.json()

    def table(self, code: str) -> dict[str, Any]:
        return httpx.get(f"{self.base}/api/tables/{code}", timeout=30).json()["table"]

    def start_game(self, code: str, host_token: str) -> None:
        r = httpx.post(f"{self.base}/api/tables/{code}/start", headers={"Authorization": f"Bearer {host_token}"},
                       timeout=30)
        assert r.status_code == 200, r.text

    def seat_connected(self, code: str, name: str) -> bool:
        return any(s["name"] == name and s["connected"] for s in self.table(code)["seats"])

    def export(self, code: str) -> dict[str, Any]:
        r = httpx.get(f"{self.base}/api/tables/{code}/export", timeout=30)
        assert r.status_code == 200, r.text
        return r.json()


def first_reply_names_no_action() -> FakeChatEndpoint:
    """A fake chat endpoint whose first reply names no action and every later one ``ACTION: 1``."""
    return FakeChatEndpoint(lambda index, body: completion("Let me think about it." if index == 0 else "ACTION: 1"))
