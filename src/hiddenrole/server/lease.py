"""Table leases in PostgreSQL: which server process runs each live table (``serve --redis-url``).

When several processes share one database, each live table is run by one process at a
time, its *owner*: the only one that keeps it in memory, appends to its log, fires its
deadlines and plays its bots. Ownership is a row of the ``leases`` table
(:data:`~.models.leases`: table id, owner, expiry). A process takes a lease that is free
or expired in one statement (``INSERT ... ON CONFLICT DO UPDATE ... WHERE expired``), so
two processes racing for a table cannot both win; the owner renews all its leases in one
statement every :attr:`Leases.seconds` / 3 seconds. Expiry times are on the database's
clock (``clock_timestamp()``), so the machines' clocks need not agree.

A renewal never waits behind the requests: it runs on a connection of its own (not the
store's pool, which thousands of connecting clients can keep busy for longer than a
lease lives), and a take in flight does not hold it up (a table counts as lost only if
the renewal started after the take that won it and did not find it).

A process that stops renewing (killed, stalled, cut off) loses its tables when the leases
expire: another process takes each over and rebuilds it from its log. Should the old
owner still try to append, the log's key ``(game_id, seq)`` refuses the entry (the new
owner wrote that position first), so no acknowledged action is ever overwritten.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

if TYPE_CHECKING:
    from .store import Store

LEASE_SECONDS = 10.0  # a lease's life without renewal; the owner renews every third of it

_NOW = "extract(epoch from clock_timestamp())"
_TAKE = sa.text(f"""
    INSERT INTO leases (table_id, owner, expires_at) VALUES (:table_id, :owner, {_NOW} + :seconds)
    ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
    WHERE leases.owner = excluded.owner OR leases.expires_at < {_NOW}
    RETURNING owner""")
_OWNER = sa.text(f"SELECT owner FROM leases WHERE table_id = :table_id AND expires_at >= {_NOW}")
_OWNERS = sa.text(f"SELECT table_id, owner FROM leases WHERE table_id = ANY(:ids) AND expires_at >= {_NOW}")
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

    Attributes:
        held: the table ids this process holds a lease on (as of its last take or renewal).
    """

    def __init__(self, store: Store, owner: str, seconds: float = LEASE_SECONDS) -> None:
        if store.is_sqlite:
            raise ValueError("table leases need PostgreSQL (SQLite serves one process)")
        self.store = store
        self.owner = owner
        self.seconds = seconds
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

        Returns:
            the owner after the attempt: :attr:`owner` when this process holds it now, else
            the process that does.
        """
        async with self._engine().begin() as conn:
            # another's running lease: answered by a read (the upsert would lock the owner's
            # row, holding up its renewal, for every client that reaches the wrong process)
            got = (await conn.execute(_OWNER, {"table_id": table_id})).scalar()
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
