"""Shutting the server down leaves no connection's writer task behind: each is cancelled and
awaited when its connection closes, and at shutdown, so the log never says "Task was destroyed
but it is pending" (a writer the closing event loop found still waiting)."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest
from srv_helpers import running_server

from hiddenrole.server import ManualClock

pytestmark = pytest.mark.usefixtures("council")


def writers() -> list[asyncio.Task]:
    """The connections' writer tasks of this event loop that have not ended."""
    return [t for t in asyncio.all_tasks() if t.get_coro().__qualname__ == "Connection.writer"]


async def until(cond, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        assert loop.time() < end, "condition not reached"
        await asyncio.sleep(0.005)


def test_shutdown_leaves_no_writer_task_pending_and_the_log_clean(tmp_path, caplog):
    async def main():
        async with running_server(f"sqlite:///{tmp_path}/down.db", clock=ManualClock()) as srv:
            made = await srv.create(game="council", host_name="Ann")
            code = made["code"]
            tokens = [made["seat"]["token"]] + [await srv.join(code, n) for n in ("Bob", "Cid")]
            clients = []
            for token in tokens:
                client = await srv.ws(code, token)
                await client.recv()
                clients.append(client)
            assert len(writers()) == 3
            spectator = await srv.ws(code, spectator=True)  # a fourth, that only watches
            await spectator.recv()
            clients.append(spectator)
            srv.clients.clear()  # the server stops with the four connected (the helper would close them first)
        # the server has stopped: every writer was cancelled and awaited
        assert writers() == []
        for client in clients:
            await client.close()
        await until(lambda: all(t.done() for t in asyncio.all_tasks() if t is not asyncio.current_task()))

    caplog.set_level(logging.DEBUG, logger="asyncio")
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(main())
    finally:
        loop.close()  # as a process ends: whatever is still pending now would be destroyed
    del loop
    gc.collect()
    said = [r.getMessage() for r in caplog.records]
    assert not [m for m in said if "destroyed but it is pending" in m or "never retrieved" in m], said
