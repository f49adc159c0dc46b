"""The store: migrations, tables, seats and the append-only log, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from hiddenrole.server.store import LogEntry, SeatRow, Store, TableRow, normalise_url


def _row(tid="t1", code="ABCDEF", status="lobby"):
    return TableRow(tid, code, "council", {"pace": "turbo"}, "fast", 10.0, "random", status, "h" * 64,
                    1_800_000_000.0, "123", "salt", "c" * 64)


def test_urls_are_mapped_to_async_drivers():
    assert normalise_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert normalise_url("postgresql://u@h/db") == "postgresql+asyncpg://u@h/db"
    with pytest.raises(ValueError, match="unsupported database URL 'mysql'"):
        normalise_url("mysql://u@h/db")


def test_store_round_trip_and_append_only_log(store_args):
    url, schema = store_args

    async def main():
        store = Store(url, schema=schema)
        await store.open()
        await store.create_table(_row())
        await store.add_seat(SeatRow("t1", 0, "Ann", "a" * 64, None, 1.0))
        await store.add_seat(SeatRow("t1", 1, "Bot 1", None, "random", 2.0))
        await store.append("t1", LogEntry(0, "start", {"players": ["Ann", "Bot 1"], "seed": "123"}, 10.5),
                           status="running")
        await store.append("t1", LogEntry(1, "action", {"action": {"player": "Ann", "action": "vote"}}, 11.25))
        # the log is keyed by (game id, seq): a second entry 1 is refused
        with pytest.raises(IntegrityError):
            await store.append("t1", LogEntry(1, "timeout", {"key": "x"}, 12.0))
        await store.close()
        # a new process (a new store on the same database) sees everything
        store = Store(url, schema=schema)
        await store.open()  # migrations are idempotent
        row = await store.get_table(code="abcdef")
        assert row is not None and row.status == "running" and row.options == {"pace": "turbo"}
        assert [s.name for s in await store.seats_of("t1")] == ["Ann", "Bot 1"]
        assert (await store.seat_by_token("a" * 64)).name == "Ann"
        log = await store.log_of("t1")
        assert [(e.seq, e.kind) for e in log] == [(0, "start"), (1, "action")]
        assert log[1].data == {"action": {"player": "Ann", "action": "vote"}} and log[1].at == 11.25
        assert [t.id for t in await store.tables_with_status("running")] == ["t1"]
        async with store.engine.connect() as conn:
            version = (await conn.execute(sa.text("select version_num from alembic_version"))).scalar()
        assert version == "0006"
        await store.close()

    asyncio.run(main())


def test_sqlite_uses_wal(tmp_path):
    async def main():
        store = Store(f"sqlite:///{tmp_path}/sub/dir/x.db")
        await store.open()
        async with store.engine.connect() as conn:
            mode = (await conn.execute(sa.text("PRAGMA journal_mode"))).scalar()
        await store.close()
        return mode

    assert asyncio.run(main()) == "wal"
    assert (tmp_path / "sub" / "dir" / "x.db").exists()


@pytest.mark.usefixtures("council")
def test_a_game_on_each_database_is_rebuilt_by_replaying_its_log(store_args):
    """A whole game (bots, untimed) through the server on SQLite and PostgreSQL; a second
    server on the same database rebuilds it from the log: same events, same result."""
    from srv_helpers import running_server

    from hiddenrole.server import ManualClock, verify_export

    url, schema = store_args

    async def main():
        clock = ManualClock()
        async with running_server(url, clock=clock, schema=schema) as srv:
            made = await srv.create(game="council", pace="untimed", bots=6, host_name="Ann")
            code = made["code"]
            ann = await srv.ws(code, made["seat"]["token"])
            await ann.recv()
            await srv.start(code, made["host_token"])
            while True:
                frame = await ann.until(lambda f: f["type"] in ("update", "reveal"))
                if frame["type"] == "reveal":
                    break
                if frame["state"]["waiting"]:
                    await ann.send({"type": "action", "id": 1, "action": frame["state"]["legal_actions"][-1]})
            table = await srv.moderator.table(code)
            events = [e.to_json(reveal=True) for e in table.game.log]
            export = (await srv.http.get(f"/api/tables/{code}/export")).json()
            # a finished table nobody watches is forgotten from memory after 10 minutes...
            clock.advance(601)
            assert srv.moderator.sweep() == 0  # Ann is still connected
            await ann.close()
            for _ in range(100):
                if not table.connections:
                    break
                await asyncio.sleep(0.01)
            assert srv.moderator.sweep() == 1 and not srv.moderator.tables
            # ...and reloaded from the store when asked for
            assert (await srv.http.get(f"/api/tables/{code}/export")).json() == export
        assert verify_export(export).ok
        async with running_server(url, clock=clock, schema=schema) as srv:
            table = await srv.moderator.table(code)
            assert [e.to_json(reveal=True) for e in table.game.log] == events
            assert table.status == "over"
            assert (await srv.http.get(f"/api/tables/{code}/export")).json() == export

    asyncio.run(main())


def test_the_finished_table_of_a_next_game_is_found_by_an_index(tmp_path):
    # every join asks which finished table a table was made after (Play again's kept names),
    # by next_code: that lookup must not read the whole tables table
    async def main():
        store = Store(f"sqlite:///{tmp_path}/x.db")
        await store.open()
        async with store.engine.connect() as conn:
            indexes = await conn.run_sync(lambda c: sa.inspect(c).get_indexes("tables"))
            plan = (await conn.execute(sa.text(
                "EXPLAIN QUERY PLAN SELECT * FROM tables WHERE next_code = 'ABCDEF'"))).all()
        await store.close()
        return indexes, plan

    indexes, plan = asyncio.run(main())
    assert {"name": "ix_tables_next_code", "column_names": ["next_code"]}.items() <= \
        next(i for i in indexes if i["name"] == "ix_tables_next_code").items()
    assert any("ix_tables_next_code" in str(row) for row in plan)
