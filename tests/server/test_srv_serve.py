"""``hiddenrole serve`` on a busy port, or on a SQLite database another server holds,
fails before it touches the database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest
from srv_helpers import free_port
from typer.testing import CliRunner

from hiddenrole.cli import app
from hiddenrole.server.store import DatabaseInUse, lock_database



def refused_serve(port: int, db) -> str:
    """Run ``hiddenrole serve`` on ``port`` and the SQLite file ``db``, which must refuse to
    start (exit 1, never saying it serves); returns its output."""
    out = CliRunner().invoke(app, ["serve", "--port", str(port), "--database-url", f"sqlite:///{db}"])
    assert out.exit_code == 1, out.output
    assert "hiddenrole server at" not in out.output
    return out.output

def test_a_busy_port_fails_before_the_database_is_touched(tmp_path):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    port = busy.getsockname()[1]
    db = tmp_path / "data" / "shared.db"
    try:
        out = refused_serve(port, db)
    finally:
        busy.close()
    assert f"cannot listen on 127.0.0.1:{port}" in out
    assert not db.exists() and not db.parent.exists()  # never migrated, nothing loaded


def test_one_sqlite_database_takes_one_lock(tmp_path):
    url = f"sqlite:///{tmp_path}/data/one.db"
    first = lock_database(url, "pid 1, http://127.0.0.1:8001")
    assert first is not None and first.path == (tmp_path / "data" / "one.db.lock").resolve()
    with pytest.raises(DatabaseInUse) as info:
        lock_database(f"sqlite+aiosqlite:///{tmp_path}/data/../data/one.db", "pid 2, http://127.0.0.1:8002")
    message = str(info.value)
    assert str((tmp_path / "data" / "one.db").resolve()) in message and "pid 1, http://127.0.0.1:8001" in message
    first.release()
    again = lock_database(url, "pid 3, http://127.0.0.1:8003")  # released: the next server takes it
    assert again is not None
    again.release()
    other = lock_database(f"sqlite:///{tmp_path}/data/other.db", "pid 4")  # another file, another lock
    assert other is not None
    other.release()


def test_postgresql_and_memory_databases_are_not_locked(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert lock_database("postgresql+asyncpg://postgres@127.0.0.1:5432/test", "pid 1") is None
    assert lock_database("postgresql://postgres@127.0.0.1:5432/test", "pid 2") is None  # shared by design
    assert lock_database("sqlite+aiosqlite:///:memory:", "pid 3") is None
    assert list(tmp_path.iterdir()) == []


def test_serve_refuses_a_database_another_server_holds(tmp_path):
    db = tmp_path / "data" / "shared.db"
    held = lock_database(f"sqlite:///{db}", "pid 4242, http://127.0.0.1:8001")
    port = free_port()
    try:
        out = refused_serve(port, db)
    finally:
        held.release()
    assert f"the database {db.resolve()} is in use by another hiddenrole server" in out
    assert "(pid 4242, http://127.0.0.1:8001)" in out
    assert not db.exists()  # never migrated, nothing loaded
    with socket.socket() as s:  # and the port it took is free again
        s.bind(("127.0.0.1", port))


def _serve(db: str, port: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "hiddenrole.cli", "serve", "--database-url", db,
                             "--port", str(port), "--bot-delay", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _wait_up(proc: subprocess.Popen, port: int) -> None:
    end = time.monotonic() + 300  # a generous cap, not a speed check: a loaded machine starts slowly
    while time.monotonic() < end:
        assert proc.poll() is None, proc.stdout.read()
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=0.5)
            return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise AssertionError("the server did not start")


def test_a_second_server_on_the_same_sqlite_file_refuses_and_kill_9_frees_it(tmp_path):
    db = f"sqlite:///{tmp_path}/data/hiddenrole.db"
    port_a, port_b = free_port(), free_port()
    first = _serve(db, port_a)
    procs = [first]
    try:
        _wait_up(first, port_a)
        second = _serve(db, port_b)
        procs.append(second)
        output, _ = second.communicate(timeout=20)
        assert second.returncode == 1, output
        assert f"the database {(tmp_path / 'data' / 'hiddenrole.db').resolve()} is in use" in output
        assert f"(pid {first.pid}, http://127.0.0.1:{port_a})" in output
        assert "hiddenrole server at" not in output
        os.kill(first.pid, signal.SIGKILL)  # the kernel drops the lock with the process
        first.wait(timeout=10)
        third = _serve(db, port_b)
        procs.append(third)
        _wait_up(third, port_b)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
            proc.stdout.close()


def serve_fails(*args: str) -> tuple[int, str]:
    """``hiddenrole serve ARGS`` in a subprocess (on a free port), which must exit by itself:
    its exit code and its whole output."""
    out = subprocess.run([sys.executable, "-m", "hiddenrole.cli", "serve", "--port", str(free_port()), *args],
                         capture_output=True, text=True, timeout=120)
    return out.returncode, out.stdout + out.stderr


def one_line(output: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in output and "│" not in output, output
    return lines[0]


@pytest.mark.parametrize("args,status,says", [
    (["--log-level", "loud"], 2, "error: unknown --log-level 'loud': use one of critical, error, warning, info, "
                                 "debug, trace"),
    (["--database-url", "mysql://root@localhost/x"], 2, "error: bad --database-url: unsupported database URL "
                                                       "'mysql': use sqlite:/// or postgresql://"),
    (["--database-url", "postgresql://ann@localhost:port/x"], 2, "error: bad --database-url"),
    (["--limit", "speed=9"], 2, "error: bad --limit: unknown limit 'speed' (known: seat_messages, "),
    (["--limit", "creates=often"], 2, "error: bad --limit: creates must be a rate such as 20/second or "
                                      "10/minute;60/hour, not 'often'"),
    (["--limit", "connections_per_seat=0"], 2, "error: bad --limit: connections_per_seat must be a whole number"),
    # nothing listens on port 1: refused at once
    (["--database-url", "postgresql://ann:secret@127.0.0.1:1/x"], 1,
     "error: cannot open the database postgresql+asyncpg://ann:***@127.0.0.1:1/x: "),
    (["--database-url", "sqlite:////proc/hiddenrole/x.db"], 1, "error: cannot open the database "
                                                              "sqlite+aiosqlite:////proc/hiddenrole/x.db: "),
    # several processes: PostgreSQL and Redis, checked before the database is opened
    (["--redis-url", "redis://127.0.0.1:6379/0"], 2, "error: --redis-url needs a PostgreSQL --database-url: "
                                                    "SQLite serves one process (drop --redis-url)"),
    (["--database-url", "postgresql://ann@127.0.0.1:1/x", "--redis-url", "http://127.0.0.1:6379"], 2,
     "error: bad --redis-url: the scheme must be redis://, rediss:// or unix://, not 'http'"),
    (["--database-url", "postgresql://ann@127.0.0.1:1/x", "--redis-url", "redis://127.0.0.1:port/0"], 2,
     "error: bad --redis-url: Port could not be cast to integer value as 'port'"),
    (["--database-url", "postgresql://ann@127.0.0.1:1/x", "--redis-url", "127.0.0.1:6379"], 2,
     "error: bad --redis-url: the scheme must be redis://"),
    (["--database-url", "postgresql://ann@127.0.0.1:1/x", "--redis-url", "redis://:secret@127.0.0.1:1/0"], 1,
     "error: cannot reach Redis at --redis-url: "),
    (["--workers", "2"], 2, "error: --workers 2 needs a PostgreSQL --database-url and a --redis-url"),
    (["--workers", "2", "--database-url", "postgresql://ann@127.0.0.1:1/x"], 2,
     "error: --workers 2 needs a PostgreSQL --database-url and a --redis-url"),
])
def test_a_bad_option_or_an_unreachable_database_is_one_line_and_an_exit_code(args, status, says):
    code, output = serve_fails(*args)
    line = one_line(output)
    assert code == status and line.startswith(says), output
    assert "secret" not in output  # never the password


@pytest.mark.postgres
def test_a_postgresql_login_that_is_refused_is_one_line(pg_url):
    url, _ = pg_url
    code, output = serve_fails("--database-url", url.replace("postgres@", "nobody_here:pw@"))
    line = one_line(output)
    assert code == 1 and line.endswith('role "nobody_here" does not exist'), output
