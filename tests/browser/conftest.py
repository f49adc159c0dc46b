"""Fixtures of the browser tests: Debian's Chromium through pytest-playwright, and the real
server (``hiddenrole serve``, uvicorn on a free port, SQLite in a temporary directory).

The tests never download a browser: they launch ``/usr/bin/chromium`` (the ``chromium``
apt package) and are skipped when it is not installed.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def pytest_collection_modifyitems(config, items):
    """Skip every browser test when Debian's Chromium is not installed."""
    if Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install chromium)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium, never a downloaded browser."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``hiddenrole serve`` as a subprocess on a fixed port and database, started by the first
    :meth:`ensure`; a later :meth:`ensure` fails loudly (exit code and log) if it died, since
    a server that dies mid-suite is a bug to see, not to paper over."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log = open(db.with_suffix(".log"), "a")

    def ensure(self) -> str:
        if self.proc is not None:
            code = self.proc.poll()
            if code is None:
                return self.base
            self.log.flush()
            raise RuntimeError(f"the server died (exit {code}): {self.db.with_suffix('.log').read_text()[-4000:]}")
        exe = Path(sys.executable).with_name("hiddenrole")
        launcher = [str(exe)] if exe.exists() else [sys.executable, "-c", "from hiddenrole.cli import main; main()"]
        cmd = [*launcher, "serve", "--database-url", f"sqlite+aiosqlite:///{self.db}", "--port", str(self.port),
               "--bot-delay", "0.02",
               # the suite creates a table every few seconds from one address, and fills the
               # largest tables seat by seat (not what it tests)
               "--limit", "creates=1000/minute", "--limit", "joins=1000/minute"]
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, env={**os.environ})
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return self.base
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.proc.kill()
                raise RuntimeError(f"the server did not start: {self.db.with_suffix('.log').read_text()}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


@pytest.fixture(scope="session")
def server_process(tmp_path_factory):
    """The real server for the whole session (SQLite in a temporary directory)."""
    proc = ServerProcess(tmp_path_factory.mktemp("web-db") / "hiddenrole.db")
    yield proc
    proc.stop()


@pytest.fixture
def server(server_process) -> str:
    """The running server's base URL (``http://127.0.0.1:PORT``); fails if the server died."""
    return server_process.ensure()


@pytest.fixture
def desktop(browser):
    """A factory of desktop browser contexts (1280x800; ``make(**kw)`` overrides, e.g. a TV's
    ``viewport`` or a ``locale``), closed after the test."""
    made = []

    def make(**kw):
        ctx = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **kw})
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


@pytest.fixture
def phone(browser):
    """A factory of phone browser contexts (360x800, touch; ``make(locale="de-DE")`` for a
    German phone), closed after the test."""
    made = []

    def make(**kw):
        ctx = browser.new_context(**{"viewport": {"width": 360, "height": 800}, "has_touch": True, "is_mobile": True,
                                     "device_scale_factor": 1, **kw})
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()
