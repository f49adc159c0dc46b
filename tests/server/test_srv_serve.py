"""``hiddenrole serve`` on a busy port fails before it touches the database."""

from __future__ import annotations

import socket

from typer.testing import CliRunner

from hiddenrole.cli import app


def test_a_busy_port_fails_before_the_database_is_touched(tmp_path):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    port = busy.getsockname()[1]
    db = tmp_path / "data" / "shared.db"
    try:
        out = CliRunner().invoke(app, ["serve", "--port", str(port), "--database-url", f"sqlite:///{db}"])
    finally:
        busy.close()
    assert out.exit_code == 1, out.output
    assert f"cannot listen on 127.0.0.1:{port}" in out.output
    assert "hiddenrole server at" not in out.output
    assert not db.exists() and not db.parent.exists()  # never migrated, nothing loaded
