"""The server's abuse limits (docs/protocol.md, "Limits"): message and request rates per
seat and per client address, connections per address, seat and table, and the flood
strikes after which a connection is closed.

Rates are counted with the ``limits`` library's moving-window strategy over
:class:`ClockStorage`, a storage that reads the server's injected clock (``limits``' own
memory storage reads the system clock and runs a timer thread), so tests move time by
hand and never sleep. Everything here is per process, in memory.
"""

from __future__ import annotations

import collections
import math
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.storage import MovingWindowSupport, Storage
from limits.strategies import MovingWindowRateLimiter

from .clock import Clock


@dataclass(frozen=True)
class Limits:
    """Every abuse limit of one server process (rates in the ``limits`` notation, e.g.
    ``"20/second"``; several separated by ``;``).

    Attributes:
        seat_messages: WebSocket messages per seat, all its connections together.
        address_messages: WebSocket messages per client address, all its connections together.
        flood_strikes: messages refused for flooding, per connection, before it is closed (1008).
        posts: thread posts per seat.
        creates: tables created per client address (``POST /api/tables``).
        joins: seats taken per client address (``POST /api/tables/{code}/join``).
        connections_per_address: open WebSocket connections per client address.
        connections_per_seat: connections per seat; one more closes the seat's oldest.
        connections_per_table: connections per table (players and spectators).
    """

    seat_messages: str = "20/second"
    address_messages: str = "60/second"
    flood_strikes: str = "40/minute"
    posts: str = "30/minute"
    creates: str = "10/minute;60/hour"
    joins: str = "30/minute;300/hour"
    connections_per_address: int = 16
    connections_per_seat: int = 4
    connections_per_table: int = 64


class ClockStorage(Storage, MovingWindowSupport):
    """A ``limits`` storage in this process's memory that reads ``clock`` (epoch seconds).

    Keys whose every entry expired are dropped every 4,096 calls, so memory follows the
    clients active in the last window, not every client ever seen.

    Args:
        clock: the server's clock (a ``ManualClock`` in tests).
    """

    STORAGE_SCHEME = None
    SWEEP_EVERY = 4096

    def __init__(self, clock: Clock) -> None:
        super().__init__()
        self.clock = clock
        self.counters: dict[str, tuple[int, float]] = {}  # key -> (count, expiry time)
        self.windows: dict[str, tuple[collections.deque[float], float]] = {}  # key -> (times, window)
        self._calls = 0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return ValueError

    def _tick(self) -> float:
        now = self.clock.now()
        self._calls += 1
        if self._calls % self.SWEEP_EVERY == 0:
            self.counters = {k: v for k, v in self.counters.items() if v[1] > now}
            self.windows = {k: v for k, v in self.windows.items() if v[0] and v[0][-1] > now - v[1]}
        return now

    # the fixed-window interface (required by ``Storage``)
    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = self._tick()
        count, until = self.counters.get(key, (0, 0.0))
        if until <= now:
            count, until = 0, now + expiry
        self.counters[key] = (count + amount, until)
        return count + amount

    def get(self, key: str) -> int:
        count, until = self.counters.get(key, (0, 0.0))
        return count if until > self.clock.now() else 0

    def get_expiry(self, key: str) -> float:
        return self.counters.get(key, (0, self.clock.now()))[1]

    def check(self) -> bool:
        return True

    def reset(self) -> int | None:
        n = len(self.counters) + len(self.windows)
        self.counters.clear()
        self.windows.clear()
        return n

    def clear(self, key: str) -> None:
        self.counters.pop(key, None)
        self.windows.pop(key, None)

    # the moving-window interface
    def _window(self, key: str, expiry: int, now: float) -> collections.deque[float]:
        found = self.windows.get(key)
        times = found[0] if found is not None else collections.deque()
        while times and times[0] <= now - expiry:
            times.popleft()
        if found is None:
            self.windows[key] = (times, float(expiry))
        return times

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        now = self._tick()
        times = self._window(key, expiry, now)
        if len(times) + amount > limit:
            return False
        times.extend([now] * amount)
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = self.clock.now()
        times = self._window(key, expiry, now)
        return (times[0] if times else now), len(times)


class Guard:
    """The rate limits and connection counts of one server process.

    Args:
        clock: the server's clock.
        limits: the limits (the defaults of :class:`Limits` if ``None``).
    """

    def __init__(self, clock: Clock, limits: Limits | None = None) -> None:
        self.clock = clock
        self.limits = limits or Limits()
        self.storage = ClockStorage(clock)
        self.limiter = MovingWindowRateLimiter(self.storage)
        lim = self.limits
        self.items: dict[str, list[RateLimitItem]] = {
            name: parse_many(getattr(lim, name))
            for name in ("seat_messages", "address_messages", "flood_strikes", "posts", "creates", "joins")}
        self.per_address: collections.Counter[str] = collections.Counter()

    def hit(self, kind: str, *key: str) -> float | None:
        """Count one ``kind`` event (a :class:`Limits` rate name) for ``key``; ``None`` when it
        is within every limit of that kind, else the seconds until it would be (at least 1)."""
        for item in self.items[kind]:
            if not self.limiter.hit(item, kind, *key):
                reset = self.limiter.get_window_stats(item, kind, *key).reset_time
                return float(max(1, math.ceil(reset - self.clock.now())))
        return None

    # ------------------------------------------------------------ connections
    def open(self, address: str) -> bool:
        """Count a new connection from ``address``; False (not counted) when the address
        already holds :attr:`Limits.connections_per_address`."""
        if self.per_address[address] >= self.limits.connections_per_address:
            return False
        self.per_address[address] += 1
        return True

    def close(self, address: str) -> None:
        """Forget a connection counted by :meth:`open`."""
        left = self.per_address[address] - 1
        if left > 0:
            self.per_address[address] = left
        else:
            del self.per_address[address]

    # -------------------------------------------------------------- messages
    def message(self, address: str, seat: tuple[str, str] | None) -> bool:
        """Count one WebSocket message from ``address`` (and from ``seat``: ``(table id,
        player)`` once the connection said hello); False when over either rate."""
        ok = self.hit("address_messages", address) is None
        if seat is not None and self.hit("seat_messages", *seat) is not None:
            ok = False
        return ok

    def strike(self, connection: int) -> bool:
        """Count a flood refusal on connection number ``connection``; True when it has had
        too many: close it."""
        return self.hit("flood_strikes", str(connection)) is not None
