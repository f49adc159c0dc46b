"""Fixtures of the server's tests: the test game "council" registered, stores, app clients."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket

import pytest

from hiddenrole.engine import registry
from srv_helpers import PG_URL, postgres_reachable



@pytest.fixture
def council(monkeypatch):
    """Make the test game "council" available by name while a test runs."""
    monkeypatch.setitem(registry._GAMES, "council", "srv_game:Council")
    return "council"


@pytest.fixture
def pg_url():
    """A PostgreSQL URL whose schema is fresh for this test (dropped afterwards)."""
    if not postgres_reachable():
        pytest.skip("PostgreSQL is not reachable on 127.0.0.1:5432 (.ci/run starts it)")
    import asyncpg

    schema = "t_" + secrets.token_hex(6)

    async def run(sql):
        conn = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f"CREATE SCHEMA {schema}"))
    yield PG_URL, schema
    asyncio.run(run(f"DROP SCHEMA {schema} CASCADE"))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_args(request, tmp_path):
    """``(url, schema)`` for a fresh store: SQLite in a temporary directory, or PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path}/db/hiddenrole.db", None
    return request.getfixturevalue("pg_url")


REDIS = os.environ.get("HIDDENROLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_url():
    """The test Redis's URL (``HIDDENROLE_TEST_REDIS``); skips the test when nothing listens on
    127.0.0.1:6379."""
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return REDIS
    except OSError:
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
