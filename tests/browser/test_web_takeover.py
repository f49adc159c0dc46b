"""A lost host phone (issue 13) on a 360x800 phone: the host's page goes away in the lobby;
after two minutes (on the server's injected clock, moved by the test, never waited for) the
other player's page offers "take over as host?" with one button; the tap makes them host,
everyone reads who is host now, and the new host starts the game.

The server runs in this process (uvicorn on its own event loop in a thread) with a
:class:`~hiddenrole.server.ManualClock`, so the two minutes pass at once."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time

import pytest
import uvicorn
from playwright.sync_api import expect
from web_helpers import host_and_guest, start_game, take_over_as_host

from hiddenrole.server import ManualClock, Moderator, Store, create_app

pytestmark = [pytest.mark.slow, pytest.mark.browser]


class ClockedServer:
    """The app under uvicorn on a free port, on its own event loop in a thread, with a manual
    clock (:meth:`advance` moves it from the test's thread)."""

    def __init__(self, db: str, start: float) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="clocked-server", daemon=True)
        self.thread.start()
        self.clock = self._call(self._clock(start))
        mod = Moderator(Store(db), self.clock)
        config = uvicorn.Config(create_app(moderator=mod), host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="on")
        self.server = uvicorn.Server(config)
        self.task = self._call(self._serve())

    @staticmethod
    async def _clock(start: float) -> ManualClock:
        return ManualClock(start)

    async def _serve(self) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(self.server.serve())
        while not self.server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        return task

    def _call(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(30)

    def advance(self, seconds: float) -> None:
        self.loop.call_soon_threadsafe(self.clock.advance, seconds)

    def stop(self) -> None:
        self.server.should_exit = True

        async def down():
            await self.task

        with contextlib.suppress(Exception):
            self._call(down())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@pytest.fixture
def clocked(tmp_path):
    # the server's clock starts 130 s behind the page's, so after the test moves it by the two
    # minutes the page reads the host's absence in whole minutes as the server counts them
    srv = ClockedServer(f"sqlite+aiosqlite:///{tmp_path}/takeover.db", time.time() - 130)
    yield srv
    srv.stop()


def test_web_a_player_takes_over_from_a_lost_host_phone_with_one_tap(clocked, phone):
    ann_phone, _, bob = host_and_guest(phone, clocked.base, bots=3, host_name="Ann")
    offer = bob.locator("[data-test=takeover]")
    expect(offer).to_be_hidden()
    expect(bob.locator("[data-test=start]")).to_be_hidden()  # only the host starts
    ann_phone.close()  # the host's phone is lost
    expect(bob.locator("[data-test=presence-Ann]")).to_have_text("(away)")
    clocked.advance(120)
    take_over_as_host(bob, "Bob")
    expect(bob.locator("[data-test=error]")).to_be_hidden()
    start_game(bob)  # Bob runs the table now, with his seat
