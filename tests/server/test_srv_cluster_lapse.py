"""Relayed connections closed with 1012 while no table moved (issue 18, ``serve --workers 2``).

With ``serve --workers 2`` the edge process closed relayed connections with 1012 ("the
table's lease lapsed") although their table's owner was alive and nobody else took the
table: a few late renewals on a busy machine were enough. Now a lapsed lease whose owner
still says it is alive on the bus, and which nobody took, stays the owner's for one more
lease life: the edge keeps relaying and no process takes the table. A dead owner's
"alive" key lapses too, so its tables are still taken over (the kill -9 test in
``test_srv_cluster.py`` plays that to the end of a game).

The main cause: each upkeep round asked the database and Redis about the relayed
connections open when it began, then judged every connection open when the answers came,
so a client that connected meanwhile (thousands a minute while players arrive) was closed
as if its table's lease had lapsed. Now a round judges only the connections it asked about.

Leases here live 600 s; a lapse is made by moving the expiry into the past in the
database, and a death by deleting the process's "alive" key, so nothing waits for a set
time (the heartbeat test waits for a condition).
"""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa

from hiddenrole.server import Moderator, Store
from hiddenrole.server.bus import PREFIX
from hiddenrole.server.clock import ManualClock
from hiddenrole.server.cluster import CLOSE_MOVED, Cluster, Relay, RelayedSocket
from hiddenrole.server.guard import Guard

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(240)]

T0 = 1_700_000_000.0


async def _process(pg_url, redis_url, lease_seconds: float = 600.0) -> Cluster:
    """One server process of the service (its moderator started, on the bus, not tending)."""
    url, schema = pg_url
    mod = Moderator(Store(url, schema=schema), ManualClock(T0))
    cluster = Cluster(mod, redis_url, Guard(ManualClock(T0)), lease_seconds=lease_seconds)
    await cluster.connect()
    await mod.start()
    return cluster


async def _stop(*clusters: Cluster) -> None:
    for cluster in clusters:
        await cluster.stop()
        await cluster.mod.stop()


async def _lapse(cluster: Cluster, table_id: str, seconds_ago: float) -> None:
    """Make ``table_id``'s lease have lapsed ``seconds_ago`` (its renewals came late)."""
    async with cluster.mod.store.engine.begin() as conn:
        await conn.execute(sa.text("UPDATE leases SET expires_at = extract(epoch from clock_timestamp()) - :s "
                                   "WHERE table_id = :t"), {"s": seconds_ago, "t": table_id})


async def _blocked_by(store: Store, pid: int) -> int:
    """How many sessions wait for a lock session ``pid`` holds."""
    async with store.engine.connect() as conn:
        return (await conn.execute(sa.text("SELECT count(*) FROM pg_stat_activity "
                                           "WHERE :me = ANY(pg_blocking_pids(pid))"), {"me": pid})).scalar()


def _relay(edge: Cluster, owner: Cluster, table_id: str) -> Relay:
    """A client's connection at ``edge`` relayed to ``owner`` (its socket is not used here)."""
    relay = Relay(None, owner.name, table_id, "c-" + table_id)  # type: ignore[arg-type]
    edge.relays[relay.cid] = relay
    return relay


def test_a_lapsed_lease_whose_owner_is_alive_keeps_its_relays_and_its_owner(pg_url, redis_url):
    async def run():
        a = await _process(pg_url, redis_url)
        b = await _process(pg_url, redis_url)
        try:
            assert await a.lease.take("t1") == a.name
            relay = _relay(b, a, "t1")
            await b.look_around()
            assert not relay.closed  # a current lease: relayed, as always
            await _lapse(a, "t1", 5.0)  # A's renewals came late; A still beats on the bus
            await b.look_around()
            assert not relay.closed  # still relayed: no "reconnecting" for the player
            assert await b.lease.take("t1") == a.name  # a new client at B is relayed to A too
            assert not b.lease.holds("t1")
            await a.renew()  # A's late renewal arrives: the lease is A's again, current
            assert await a.lease.owners(["t1"]) == {"t1": a.name}
            assert a.lease.holds("t1")
            await b.look_around()
            assert not relay.closed
        finally:
            await _stop(a, b)

    asyncio.run(run())


def test_a_dead_owners_lapsed_lease_is_taken_and_its_relays_closed(pg_url, redis_url):
    async def run():
        a = await _process(pg_url, redis_url)
        b = await _process(pg_url, redis_url)
        try:
            assert await a.lease.take("t1") == a.name
            relay = _relay(b, a, "t1")
            await _lapse(a, "t1", 5.0)
            await b.bus.upkeep.delete(f"{PREFIX}alive:{a.name}")  # A died: its "alive" key lapsed
            await b.look_around()
            assert relay.closed and relay.out[-1] == CLOSE_MOVED  # the client reconnects...
            assert await b.lease.take("t1") == b.name  # ... and B takes the table over
            assert await a.lease.renew() == {"t1"}  # (had A only stalled: it learns it lost it)
        finally:
            await _stop(a, b)

    asyncio.run(run())


def test_an_alive_owner_that_stopped_renewing_loses_the_table_after_one_more_lease(pg_url, redis_url):
    """The grace is bounded: an owner that says it is alive but has not renewed for two
    lease lives (its database connection is gone, say) gives way."""

    async def run():
        a = await _process(pg_url, redis_url)
        b = await _process(pg_url, redis_url)
        try:
            assert await a.lease.take("t1") == a.name
            relay = _relay(b, a, "t1")
            await _lapse(a, "t1", 601.0)  # lapsed more than a lease life (600 s) ago
            await b.look_around()
            assert relay.closed and relay.out[-1] == CLOSE_MOVED
            assert await b.lease.take("t1") == b.name
        finally:
            await _stop(a, b)

    asyncio.run(run())


def test_a_lapsed_running_table_of_an_alive_owner_is_not_adopted(pg_url, redis_url):
    """The other process's upkeep takes over the running tables whose lease lapsed, but
    not while their owner says it is alive (that would close all the table's connections)."""

    async def run():
        a = await _process(pg_url, redis_url)
        b = await _process(pg_url, redis_url)
        try:
            # four bots and Ann, who never acts: the game waits for her vote at the latest
            made = await a.mod.create("secret-hitler", None, pace="untimed", bots=4)
            code = made["table"]["code"]
            await a.mod.join(code, "Ann")
            await a.mod.start_game(code, made["host_token"])
            table = await a.mod.table(code)
            assert table.row.status == "running"
            await _lapse(a, table.id, 5.0)
            assert await b.lease.orphans() == [table.id]  # lapsed...
            assert await b.mod.adopt() == 0  # ... but A is alive: not taken
            assert table.id not in b.mod.tables
            assert await a.lease.owners([table.id]) == {}
            await b.bus.upkeep.delete(f"{PREFIX}alive:{a.name}")  # A died
            assert await b.mod.adopt() == 1  # taken over, rebuilt from the log
            assert table.id in b.mod.tables and b.lease.holds(table.id)
        finally:
            await _stop(a, b)

    asyncio.run(run())


def test_the_heartbeat_goes_on_while_the_lease_renewal_is_stuck(pg_url, redis_url):
    """The heartbeat has a task of its own: a renewal waiting on the database (here a row
    lock held by another session) does not stop this process saying it is alive."""

    async def run():
        a = await _process(pg_url, redis_url, lease_seconds=0.5)
        url, schema = pg_url
        other = Store(url, schema=schema)
        await other.open()
        key = f"{PREFIX}alive:{a.name}"
        try:
            assert await a.lease.take("t1") == a.name
            async with other.engine.connect() as locker:
                await locker.execute(sa.text("SELECT 1 FROM leases WHERE table_id = 't1' FOR UPDATE"))
                me = (await locker.execute(sa.text("SELECT pg_backend_pid()"))).scalar()
                a.start_tending()
                while not await _blocked_by(other, me):  # the renewal waits for the row lock...
                    await asyncio.sleep(0.02)
                # ... and the heartbeat goes on: the key, deleted here, is set again
                for _ in range(3):
                    await a.bus.upkeep.delete(key)
                    while not await a.bus.upkeep.exists(key):
                        await asyncio.sleep(0.02)
                assert await _blocked_by(other, me)  # the renewal still waits
                await locker.rollback()
        finally:
            await _stop(a)
            await other.close()

    asyncio.run(run())


def test_a_connection_opened_while_the_upkeep_asks_is_not_closed(pg_url, redis_url):
    """The edge's upkeep asks who holds the tables of its relayed connections and whether
    their owners are alive; a client that connects while it asks must not be judged by
    answers about other tables (before the fix it was closed: "the table's lease lapsed")."""

    async def run():
        a = await _process(pg_url, redis_url)
        b = await _process(pg_url, redis_url)
        try:
            assert await a.lease.take("t1") == a.name and await a.lease.take("t2") == a.name
            first = _relay(b, a, "t1")
            asked = b.bus.alive

            async def alive_while_a_client_connects(names):
                found = await asked(names)
                if "c-t2" not in b.relays:
                    _relay(b, a, "t2")  # a client reached B for table t2 meanwhile
                return found

            b.bus.alive = alive_while_a_client_connects
            await b.look_around()
            second = b.relays["c-t2"]
            assert not first.closed and not second.closed
            await b.look_around()  # the next round asks about both: both stay
            assert not first.closed and not second.closed
        finally:
            await _stop(a, b)

    asyncio.run(run())


def test_a_relayed_connection_arriving_while_the_owner_asks_is_not_ended(pg_url, redis_url):
    """The owner's side: it ends the connections relayed from an edge that stopped saying
    it is alive; one arriving while it asks, from an edge it did not ask about, stays."""

    async def run():
        a = await _process(pg_url, redis_url)
        b = await _process(pg_url, redis_url)
        try:
            old = a.remote["r1"] = RelayedSocket(a, b.name, "r1", "127.0.0.1")
            await a.bus.upkeep.set(f"{PREFIX}alive:edge-c", "1", px=600_000)  # a third process, alive
            asked = a.bus.alive

            async def alive_while_a_connection_arrives(names):
                found = await asked(names)
                a.remote.setdefault("r2", RelayedSocket(a, "edge-c", "r2", "127.0.0.1"))
                return found

            a.bus.alive = alive_while_a_connection_arrives
            await a.look_around()
            assert not old.gone and not a.remote["r2"].gone
            await a.bus.upkeep.delete(f"{PREFIX}alive:edge-c")  # edge C stopped
            await a.look_around()
            assert a.remote["r2"].gone and not old.gone
        finally:
            await a.bus.upkeep.delete(f"{PREFIX}alive:edge-c")
            await _stop(a, b)

    asyncio.run(run())
