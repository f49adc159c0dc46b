"""Table leases in PostgreSQL: which server process runs each live table (``serve --redis-url``).

When several processes share one database, each live table is run by one process at a
time, its *owner*: the only one that keeps it in memory, appends to its log, fires its
deadlines and plays its bots. Ownership is a row of the ``leases`` table
(:data:`~.models.leases`: table id, owner, expiry). A process takes a lease that is free
or expired in one statement (``INSERT ... ON CONFLICT DO UPDATE ... WHERE expired``), so
two processes racing for a table cannot both win; the owner renews all its leases in one
statement every :attr:`Leases.seconds` / :data:`RENEWALS` seconds (a fifth: four renewals
in a row can come late or fail before a lease lapses). Expiry times are on the database's
clock (``clock_timestamp()``), so the machines' clocks need not agree.

A renewal never waits behind the requests: it runs on a connection of its own (not the
store's pool, which thousands of connecting clients can keep busy for longer than a
lease lives), and a take in flight does not hold it up (a table counts as lost only if
the renewal started after the take that won it and did not find it).

A process that stops renewing (killed, stalled, cut off) loses its tables when the leases
expire and it stops saying it is alive on the bus (its "alive" key, :mod:`.bus`, lapses
after a lease's life too): another process takes each over and rebuilds it from its log.
A lease that lapsed while its owner still says it is alive (renewals late on a busy
machine) stays the owner's for one more lease life, unless the owner renews it meanwhile;
an owner that renews again keeps every lease nobody took. Should the old
owner still try to append, the log's key ``(game_id, seq)`` refuses the entry (the new
owner wrote that position first), so no acknowledged action is ever overwritten.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

if TYPE_CHECKING:
    from .store import Store

LEASE_SECONDS = 10.0  # a lease's life without renewal
RENEWALS = 5  # renewals per lease life: the owner renews every fifth of it

_NOW = "extract(epoch from clock_timestamp())"
_TAKE = sa.text(f"""
    INSERT INTO leases (table_id, owner, expires_at) VALUES (:table_id, :owner, {_NOW} + :seconds)
    ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
    WHERE leases.owner = excluded.owner OR leases.expires_at < {_NOW}
    RETURNING owner""")
_OWNER = sa.text(f"SELECT owner FROM leases WHERE table_id = :table_id AND expires_at >= {_NOW}")
_OWNERS = sa.text(f"SELECT table_id, owner FROM leases WHERE table_id = ANY(:ids) AND expires_at >= {_NOW}")
_HOLDER = sa.text(f"SELECT owner, expires_at - {_NOW} FROM leases WHERE table_id = :table_id")
_HOLDERS = sa.text(f"""
    SELECT table_id, owner, expires_at - {_NOW} FROM leases WHERE table_id = ANY(:ids)""")
_RENEW = sa.text(f"UPDATE leases SET expires_at = {_NOW} + :seconds WHERE owner = :owner RETURNING table_id")
_NO_FLUSH_WAIT = sa.text("SET LOCAL synchronous_commit = off")
_RELEASE = sa.text("DELETE FROM leases WHERE owner = :owner AND table_id = ANY(:ids)")
_RELEASE_ALL = sa.text("DELETE FROM leases WHERE owner = :owner")
_ORPHANS = sa.text(f"""
    SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
    WHERE t.status = 'running' AND (l.table_id IS NULL OR l.expires_at < {_NOW})
    ORDER BY t.created_at LIMIT :limit""")


class Leases:
    """This process's leases over the store's database (PostgreSQL only).

    Args:
        store: the opened store whose database holds the ``leases`` table.
        owner: this process's name (unique among the processes sharing the database).
        seconds: a lease's life without renewal (seconds; tests use a short one).
        alive: ``async (process name) -> bool``: whether that process says it is alive (the
            bus's heartbeat; ``None``: a lapsed lease is free at once).

    Attributes:
        held: the table ids this process holds a lease on (as of its last take or renewal).
    """

    def __init__(self, store: Store, owner: str, seconds: float = LEASE_SECONDS,
                 alive: Callable[[str], Awaitable[bool]] | None = None) -> None:
        if store.is_sqlite:
            raise ValueError("table leases need PostgreSQL (SQLite serves one process)")
        self.store = store
        self.owner = owner
        self.seconds = seconds
        self.alive = alive
        self.held: set[str] = set()
        self._won = 0  # takes won so far
        self._won_at: dict[str, int] = {}  # table id -> the number of the take that won it last
        self._renewing = asyncio.Lock()  # one renewal at a time
        self._upkeep: Any = None  # the renewals' own engine (made at the first renewal)

    def _engine(self):
        if self.store.engine is None:
            raise RuntimeError("the store is not open")
        return self.store.engine

    def holds(self, table_id: str) -> bool:
        """Whether this process held ``table_id``'s lease at its last take or renewal."""
        return table_id in self.held

    async def take(self, table_id: str) -> str:
        """Take ``table_id``'s lease if it is free, expired or already this process's.

        A lease that lapsed less than :attr:`seconds` ago is left to its owner while
        :attr:`alive` says that process is alive (its renewals came late, it did not stop):
        taking it would close every connection of a running table. A dead owner's
        "alive" key lapses too, so its tables are taken after the lease.

        Returns:
            the owner after the attempt: :attr:`owner` when this process holds it now, else
            the process that does.
        """
        async with self._engine().begin() as conn:
            # another's lease: answered by a read (the upsert would lock the owner's row,
            # holding up its renewal, for every client that reaches the wrong process)
            row = (await conn.execute(_HOLDER, {"table_id": table_id})).first()
            got = None if row is None else row[0] if row[1] >= 0 else None
            if (got is None and row is not None and row[0] != self.owner and row[1] > -self.seconds
                    and self.alive is not None and await self.alive(row[0])):
                got = row[0]  # lapsed, but its owner is alive and nobody took it: still the owner's
            if got is None or got == self.owner:
                got = (await conn.execute(_TAKE, {"table_id": table_id, "owner": self.owner,
                                                  "seconds": self.seconds})).scalar()
                if got is None:
                    got = (await conn.execute(_OWNER, {"table_id": table_id})).scalar()
        if got == self.owner:  # committed: a renewal started from now on finds it
            self._won += 1
            self._won_at[table_id] = self._won
            self.held.add(table_id)
            return got
        self.held.discard(table_id)
        self._won_at.pop(table_id, None)
        # taken by another between the two statements and expired since: nobody (try again)
        return got or ""

    async def owner_of(self, table_id: str) -> str | None:
        """The process whose lease on ``table_id`` has not expired, or ``None``."""
        async with self._engine().connect() as conn:
            return (await conn.execute(_OWNER, {"table_id": table_id})).scalar()

    async def owners(self, table_ids: list[str]) -> dict[str, str]:
        """``{table id: owner}`` for those of ``table_ids`` with an unexpired lease."""
        if not table_ids:
            return {}
        async with self._engine().connect() as conn:
            rows = (await conn.execute(_OWNERS, {"ids": table_ids})).all()
        return {r[0]: r[1] for r in rows}

    async def holders(self, table_ids: list[str]) -> dict[str, tuple[str, float]]:
        """``{table id: (owner, seconds left)}`` for those of ``table_ids`` that have a lease
        row, expired or not (seconds left below 0: the lease lapsed that long ago, and its
        owner is still the last process that held it: nobody took it since)."""
        if not table_ids:
            return {}
        async with self._engine().connect() as conn:
            rows = (await conn.execute(_HOLDERS, {"ids": table_ids})).all()
        return {r[0]: (r[1], float(r[2])) for r in rows}

    async def renew(self) -> set[str]:
        """Extend every lease this process holds by :attr:`seconds`; returns the table ids
        it lost (leases another process took after they expired).

        Runs on a connection of its own, so neither a busy store pool nor takes in flight
        delay it; a table won by a take that committed after this renewal started is not
        counted lost (the renewal's statement may not have seen it).
        """
        async with self._renewing:
            mark = self._won
            if self._upkeep is None:
                self._upkeep = self.store.side_engine()
            async with self._upkeep.begin() as conn:
                # no wait for the disk flush (seconds on a busy machine): a renewal lost in a
                # database crash only ends the lease sooner, which is the safe direction
                await conn.execute(_NO_FLUSH_WAIT)
                kept = {r[0] for r in await conn.execute(_RENEW, {"owner": self.owner, "seconds": self.seconds})}
            lost = {t for t in self.held if t not in kept and self._won_at.get(t, 0) <= mark}
            self.held -= lost
            for table_id in lost:
                self._won_at.pop(table_id, None)
        return lost

    async def close(self) -> None:
        """Close the renewals' own connection (the store's are closed by the store)."""
        if self._upkeep is not None:
            await self._upkeep.dispose()
            self._upkeep = None

    async def release(self, table_ids: list[str]) -> None:
        """Give up the leases on ``table_ids`` (a finished table forgotten from memory)."""
        self.held.difference_update(table_ids)
        for table_id in table_ids:
            self._won_at.pop(table_id, None)
        if table_ids:
            async with self._engine().begin() as conn:
                await conn.execute(_RELEASE, {"owner": self.owner, "ids": list(table_ids)})

    async def release_all(self) -> None:
        """Give up every lease of this process (a clean stop: others take over at once)."""
        self.held.clear()
        self._won_at.clear()
        async with self._engine().begin() as conn:
            await conn.execute(_RELEASE_ALL, {"owner": self.owner})

    async def orphans(self, limit: int = 100) -> list[str]:
        """Running tables whose lease is missing or expired (their owner stopped), oldest
        first, at most ``limit``."""
        async with self._engine().connect() as conn:
            return [r[0] for r in await conn.execute(_ORPHANS, {"limit": limit})]
