"""Server processes for tests, started so they never block on their own output (shared
by the server and client test folders)."""

from __future__ import annotations

import subprocess
import tempfile
from typing import Any


def popen_logged(args: list[str], **kwargs: Any) -> subprocess.Popen:
    """Start a server process whose output goes to a temporary file, never to a pipe: a
    pipe nobody reads fills up (64 KB of access log) and the server then blocks on its
    next log line, which hung the cluster test under load. :func:`output_of` reads it."""
    log = tempfile.TemporaryFile("w+")
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, text=True, **kwargs)
    proc.log = log  # type: ignore[attr-defined]
    return proc


def output_of(proc: subprocess.Popen) -> str:
    """What a process started by :func:`popen_logged` has written so far."""
    log = proc.log  # type: ignore[attr-defined]
    log.flush()
    log.seek(0)
    return log.read()
