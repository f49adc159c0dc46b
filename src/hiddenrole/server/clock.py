"""The Mod's clock: one scheduler per process that sleeps until the earliest deadline.

The server owns time (the engines keep none). Each running table reports its next
deadline (an absolute time in seconds since the Unix epoch); the :class:`Scheduler`
sleeps until the earliest one and calls the table back. A table checks again when
called, so a deadline that fires after the phase already moved on does nothing; a
deadline already past when it is scheduled (a restarted server) fires at once.

Tests inject a :class:`ManualClock` and move time with :meth:`ManualClock.advance`
instead of sleeping.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

log = logging.getLogger("hiddenrole.server")


def iso(at: float | None) -> str | None:
    """An epoch time in seconds as an ISO 8601 UTC string with milliseconds (``None`` stays ``None``)."""
    if at is None:
        return None
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Clock:
    """Real time: :meth:`now` is the system's UTC epoch time in seconds."""

    def now(self) -> float:
        """The current time, in seconds since the Unix epoch."""
        return time.time()

    async def sleep_until(self, at: float, wake: asyncio.Event) -> None:
        """Return at time ``at`` (epoch seconds) or as soon as ``wake`` is set, whichever is first."""
        delay = at - self.now()
        if delay <= 0:
            return
        try:
            await asyncio.wait_for(wake.wait(), timeout=min(delay, 3600.0))
        except TimeoutError:
            pass


class ManualClock(Clock):
    """A clock for tests: time stands still until :meth:`advance` or :meth:`set` moves it.

    Args:
        start: the initial time in epoch seconds.
    """

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._moved = asyncio.Event()

    def now(self) -> float:
        """The current (manual) time in epoch seconds."""
        return self._now

    def set(self, at: float) -> None:
        """Move time to ``at`` (epoch seconds; never backwards) and wake the sleepers."""
        if at < self._now:
            raise ValueError("a clock never goes backwards")
        self._now = at
        self._moved.set()
        self._moved = asyncio.Event()

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds`` and wake the sleepers."""
        self.set(self._now + seconds)

    async def sleep_until(self, at: float, wake: asyncio.Event) -> None:
        """Wait until manual time reaches ``at`` or ``wake`` is set."""
        while self._now < at and not wake.is_set():
            moved = asyncio.ensure_future(self._moved.wait())
            woken = asyncio.ensure_future(wake.wait())
            try:
                await asyncio.wait({moved, woken}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                moved.cancel()
                woken.cancel()


class Scheduler:
    """Fires each table's deadline: one task per process, sleeping until the earliest one.

    Args:
        clock: the time source (a :class:`ManualClock` in tests).
        fire: ``await fire(table_id, now)`` is called when the deadline registered for
            ``table_id`` is due; it must re-check the table (stale deadlines do nothing)
            and may register the table's next deadline.
    """

    def __init__(self, clock: Clock, fire: Callable[[str, float], Awaitable[None]]) -> None:
        self.clock = clock
        self.fire = fire
        self._deadlines: dict[str, float] = {}
        self._heap: list[tuple[float, str]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.fired = 0

    def set(self, table_id: str, at: float | None) -> None:
        """Replace ``table_id``'s deadline with ``at`` (epoch seconds), or clear it with ``None``."""
        old = self._deadlines.get(table_id)
        if at is None:
            self._deadlines.pop(table_id, None)
            return
        if old == at:
            return
        self._deadlines[table_id] = at
        heapq.heappush(self._heap, (at, table_id))
        if not self._heap or self._heap[0] == (at, table_id):
            self._wake.set()

    def deadline(self, table_id: str) -> float | None:
        """The deadline registered for ``table_id`` (epoch seconds), or ``None``."""
        return self._deadlines.get(table_id)

    def start(self) -> None:
        """Start the scheduler's task (in the running event loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="hiddenrole-scheduler")

    async def stop(self) -> None:
        """Stop the scheduler's task."""
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None

    async def _run(self) -> None:
        while True:
            # let the other tasks run between two deadlines: a table whose deadline fires
            # without moving (a bug) must not starve the event loop, and so the server
            await asyncio.sleep(0)
            # drop entries replaced since they were pushed
            while self._heap and self._deadlines.get(self._heap[0][1]) != self._heap[0][0]:
                heapq.heappop(self._heap)
            self._wake.clear()
            if not self._heap:
                await self._wake.wait()
                continue
            at, table_id = self._heap[0]
            now = self.clock.now()
            if at > now:
                await self.clock.sleep_until(at, self._wake)
                continue
            heapq.heappop(self._heap)
            if self._deadlines.get(table_id) == at:
                del self._deadlines[table_id]
                self.fired += 1
                try:
                    await self.fire(table_id, now)
                except Exception:  # a broken table must not stop every other table's clock
                    log.exception("deadline of table %s failed", table_id)
