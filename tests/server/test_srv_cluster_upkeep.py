"""A busy server process keeps its tables (issue 18: 1,000 tables on ``serve --workers 2``).

While 7,000 players connected, every request of a worker queued on its 10 database
connections and its 64 Redis connections; the lease renewal and the bus heartbeat queued
behind them (and behind the takes holding the lease lock), so the leases and the
"alive" key expired and the other worker closed thousands of connections with 1012.

Each test below makes the resource busy for as long as it needs (no durations): a
renewal or heartbeat queued behind it would never finish (pytest-timeout fails the test),
or fail with the pool's own timeout error. Expiry runs on the database's clock; nothing
here waits for a set time.
"""

from __future__ import annotations

import asyncio
import secrets

import pytest
import sqlalchemy as sa

from hiddenrole.server import Moderator, Store
from hiddenrole.server.bus import PREFIX, Bus
from hiddenrole.server.clock import ManualClock
from hiddenrole.server.cluster import Cluster
from hiddenrole.server.guard import Guard
from hiddenrole.server.lease import Leases

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(240)]

STORE_POOL = 10  # Store.open: pool_size 5 + max_overflow 5 on PostgreSQL


async def _store(pg_url) -> Store:
    url, schema = pg_url
    store = Store(url, schema=schema)
    await store.open()
    return store


async def _expiry(store: Store, table_id: str) -> float | None:
    async with store.engine.connect() as conn:
        return (await conn.execute(sa.text("SELECT expires_at FROM leases WHERE table_id = :t"),
                                   {"t": table_id})).scalar()


async def _blocked_by(store: Store, pid: int) -> int:
    """How many sessions wait for a lock session ``pid`` holds (asked in a transaction of
    its own: a transaction sees one snapshot of the sessions' activity)."""
    async with store.engine.connect() as conn:
        return (await conn.execute(sa.text("SELECT count(*) FROM pg_stat_activity "
                                           "WHERE :me = ANY(pg_blocking_pids(pid))"), {"me": pid})).scalar()


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_a_renewal_needs_neither_a_free_store_connection_nor_the_takes_in_flight(pg_url):
    async def run():
        store = await _store(pg_url)
        leases = Leases(store, "proc-a", seconds=600)
        try:
            assert await leases.take("t1") == "proc-a"
            before = await _expiry(store, "t1")
            # the connection storm: every connection of the store's pool is busy...
            busy = [await store.engine.connect() for _ in range(STORE_POOL)]
            try:
                # ... and a take (a player reaching another table) waits for one of them
                taking = asyncio.create_task(leases.take("t2"))
                await _settle()
                assert not taking.done()
                assert await leases.renew() == set()  # renewed meanwhile: nothing lost
                assert leases.holds("t1") and not taking.done()
            finally:
                for conn in busy:
                    await conn.close()
            assert await taking == "proc-a"
            assert await _expiry(store, "t1") > before  # the renewal reached the database
            assert await leases.renew() == set() and leases.holds("t1") and leases.holds("t2")
        finally:
            await leases.close()
            await store.close()

    asyncio.run(run())


def test_a_table_won_while_a_renewal_runs_is_not_counted_lost(pg_url):
    """Renewals and takes no longer wait for each other: a table whose take commits after
    the renewal's statement read the leases is the process's, not a lost one."""

    async def run():
        store = await _store(pg_url)
        other = await _store(pg_url)  # another session, holding a row lock
        a = Leases(store, "proc-a", seconds=600)
        try:
            assert await a.take("t1") == "proc-a"
            async with other.engine.connect() as locker:
                await locker.execute(sa.text("SELECT 1 FROM leases WHERE table_id = 't1' FOR UPDATE"))
                me = (await locker.execute(sa.text("SELECT pg_backend_pid()"))).scalar()
                renewing = asyncio.create_task(a.renew())
                # wait until the renewal's statement has read the leases and waits for t1's row
                while not await _blocked_by(other, me):
                    await asyncio.sleep(0.02)
                assert await a.take("t2") == "proc-a"  # t2 won meanwhile (unseen by the renewal)
                await locker.rollback()  # the renewal goes on
            assert await renewing == set()
            assert a.holds("t1") and a.holds("t2")
            assert await a.renew() == set() and a.holds("t2")
        finally:
            await a.close()
            await other.close()
            await store.close()

    asyncio.run(run())


def test_the_heartbeat_needs_no_free_publish_connection(redis_url):
    import redis.asyncio as redis

    async def run():
        name = "test-" + secrets.token_hex(4)
        bus = Bus(redis_url, name, lambda message: None, alive_seconds=600)
        checker = redis.from_url(redis_url)
        await bus.start()
        taken = []
        try:
            pool = bus.redis.connection_pool
            while pool.can_get_connection():  # every publish connection busy (thousands of frames)
                taken.append(await pool.get_connection())
            sending = asyncio.create_task(bus.send("nobody-" + name, {"k": "out"}))
            await _settle()
            assert not sending.done()  # a frame waits for a connection...
            await checker.delete(f"{PREFIX}alive:{name}")
            await bus.beat()  # ... the heartbeat does not
            assert await checker.exists(f"{PREFIX}alive:{name}") == 1
            assert await bus.alive([name]) == {name}
            for conn in taken:
                await pool.release(conn)
            taken.clear()
            await sending
        finally:
            for conn in taken:
                await bus.redis.connection_pool.release(conn)
            await bus.stop()
            await checker.aclose()

    asyncio.run(run())


def test_the_renewals_go_on_while_a_takeover_is_stuck(pg_url, redis_url):
    """Adopting orphaned tables (rebuilding games from their logs) can take long; the lease
    renewals run beside it, not after it."""

    async def run():
        store = await _store(pg_url)
        mod = Moderator(store, ManualClock(1_700_000_000.0))
        cluster = Cluster(mod, redis_url, Guard(ManualClock(1_700_000_000.0)), lease_seconds=0.6)
        stuck = asyncio.Event()
        never = asyncio.Event()

        async def adopt_stuck(*, poke: bool = True) -> int:
            stuck.set()
            await never.wait()
            return 0

        await cluster.connect()
        await mod.start()
        mod.adopt = adopt_stuck
        try:
            lease = mod.lease
            assert await lease.take("t1") == lease.owner
            cluster.start_tending()
            await stuck.wait()  # the upkeep round is stuck in a takeover
            seen = {await _expiry(store, "t1")}
            while len(seen) < 4:  # renewed three more times while it stays stuck
                await asyncio.sleep(0.05)
                seen.add(await _expiry(store, "t1"))
            assert not never.is_set() and lease.holds("t1")
        finally:
            never.set()
            await cluster.stop()
            await mod.stop()

    asyncio.run(run())


def test_stopping_leaves_no_upkeep_task_pending(pg_url, redis_url):
    """The heartbeat, the renewals and the upkeep rounds are ended by ``stop`` (cancelled and
    awaited): none is left pending for the event loop to destroy at shutdown."""

    async def run():
        store = await _store(pg_url)
        mod = Moderator(store, ManualClock(1_700_000_000.0))
        cluster = Cluster(mod, redis_url, Guard(ManualClock(1_700_000_000.0)), lease_seconds=0.6)
        await cluster.connect()
        await mod.start()
        before = asyncio.all_tasks()
        cluster.start_tending()
        upkeep = asyncio.all_tasks() - before
        assert len(upkeep) == 3  # the heartbeat, the renewals, the upkeep rounds
        leave_bus = cluster.bus.stop

        async def at_once() -> None:  # leaving the bus gives the loop no turn: stop must await its tasks itself
            return None

        cluster.bus.stop = at_once
        try:
            await cluster.stop()
            assert [t for t in upkeep if not t.done()] == []
        finally:
            await leave_bus()
            await mod.stop()

    asyncio.run(run())
