"""Table leases (server/lease.py) and the moderator's use of them, on PostgreSQL.

Expiry runs on the database's clock: the tests that need a lease to expire use a short
one and wait for the condition (another process's take succeeding), never a set time.
"""

from __future__ import annotations

import asyncio

import pytest

from hiddenrole.server import Moderator, Store, create_app
from hiddenrole.server.clock import ManualClock
from hiddenrole.server.lease import Leases
from hiddenrole.server.moderator import Moved

pytestmark = pytest.mark.postgres


async def _store(pg_url) -> Store:
    url, schema = pg_url
    store = Store(url, schema=schema)
    await store.open()
    return store


async def _until(check, limit: float = 60.0):
    """Poll ``check()`` (a coroutine function) until it returns something true; that value."""
    async with asyncio.timeout(limit):
        while True:
            value = await check()
            if value:
                return value
            await asyncio.sleep(0.02)


def test_one_owner_at_a_time_and_a_lapsed_lease_passes_on(pg_url):
    async def run():
        store = await _store(pg_url)
        try:
            a = Leases(store, "proc-a", seconds=600)
            b = Leases(store, "proc-b", seconds=600)
            assert await a.take("t1") == "proc-a"
            assert await b.take("t1") == "proc-a"  # refused: A's lease runs
            assert a.holds("t1") and not b.holds("t1")
            assert await b.owner_of("t1") == "proc-a"
            assert await a.take("t1") == "proc-a"  # the owner may take again (a renewal)
            # A's lease lapses (renewed for no time at all, as if A had stopped): B's take succeeds
            a.seconds = 0.0
            assert await a.renew() == set()
            assert await _until(lambda: _took(b, "t1"))
            a.seconds = 600
            assert await a.owner_of("t1") == "proc-b"
            assert await a.renew() == {"t1"}  # A learns it lost the table
            assert not a.holds("t1")
            assert await b.renew() == set()  # B keeps it
            assert await b.owners(["t1", "t2"]) == {"t1": "proc-b"}
            await b.release(["t1"])
            assert await a.owner_of("t1") is None
            assert await a.take("t1") == "proc-a"  # released: free at once
        finally:
            await store.close()

    asyncio.run(run())


async def _took(leases: Leases, table_id: str) -> bool:
    return await leases.take(table_id) == leases.owner


def test_a_running_table_without_a_live_lease_is_an_orphan_and_is_adopted(pg_url, council):
    async def run():
        store = await _store(pg_url)
        clock = ManualClock(1_700_000_000.0)
        first = Moderator(store, clock, lease=Leases(store, "proc-a", seconds=600))
        second_store = await _store(pg_url)
        second = Moderator(second_store, clock, lease=Leases(second_store, "proc-b", seconds=600))
        try:
            # a human seat: the game waits for Ann, so it stays running
            made = await first.create("council", None, pace="untimed", bots=2, host_name="Ann")
            code = made["table"]["code"]
            await first.start_game(code, made["host_token"])
            table_id = made["table"]["id"]
            assert await first.lease.orphans() == []  # A holds it
            with pytest.raises(Moved) as moved:  # B may not load a table A runs
                await second.table(code)
            assert moved.value.owner == "proc-a" and moved.value.status == 503
            assert await second.adopt() == 0
            # A's lease lapses (as when A stops renewing): B adopts the table, rebuilt from the log
            first.lease.seconds = 0.0
            assert await first.lease.renew() == set()
            assert await _until(second.adopt) == 1
            assert second.owns(table_id) and (await second.table(code)).game is not None
            assert (await second.table(code)).log == first.tables[table_id].log
            assert await first.lease.renew() == {table_id}
            first.drop(table_id)  # what the cluster does with a lost lease
            assert table_id not in first.tables
            with pytest.raises(Moved):
                await first.table(code)
        finally:
            await first.stop()
            await second.stop()
            await store.close()

    asyncio.run(run())


def test_leases_and_a_redis_bus_need_postgresql(tmp_path):
    store = Store(f"sqlite+aiosqlite:///{tmp_path}/x.db")
    with pytest.raises(ValueError, match="need PostgreSQL"):
        Leases(store, "proc-a")
    with pytest.raises(ValueError, match="--redis-url needs a PostgreSQL --database-url"):
        create_app(f"sqlite+aiosqlite:///{tmp_path}/x.db", redis_url="redis://127.0.0.1:6379/0")
