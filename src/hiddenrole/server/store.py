"""The persistent store: tables, seats and the append-only game log, over SQLAlchemy 2 async.

SQLite (WAL journal, one writer) is the default, at ``./data/hiddenrole.db``; PostgreSQL
works with the same code through a ``postgresql+asyncpg://`` URL. The schema comes from
the Alembic migrations in ``hiddenrole/server/migrations``, run by :meth:`Store.open`.

Nothing is ever updated in the game log: an accepted action is appended (one row,
committed) before anyone is told about it, so a ``kill -9`` at any moment loses no
accepted action.
"""

from __future__ import annotations

import asyncio
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .models import game_log, seats, tables

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/hiddenrole.db"
MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x68696464  # the PostgreSQL advisory lock held while migrating ("hidd")


@dataclass
class TableRow:
    """A table as stored (see :data:`hiddenrole.server.models.tables`)."""

    id: str
    code: str
    game: str
    options: dict[str, Any]
    pace: str
    factor: float
    bot_kind: str
    status: str
    host_token_hash: str
    created_at: float
    seed: str
    salt: str
    commitment: str
    host_seat: str | None = None
    listed: bool = False
    missed_limit: int = 2
    next_code: str | None = None
    host_seen: bool = False


@dataclass
class SeatRow:
    """A seat as stored: its position, display name, token hash (``None`` for a bot) and bot kind."""

    table_id: str
    position: int
    name: str
    token_hash: str | None
    bot_kind: str | None
    joined_at: float


@dataclass
class LogEntry:
    """One entry of a game's append-only log.

    Attributes:
        seq: the entry's position in the game's log (0 is the start).
        kind: ``"start"`` (``data``: players, options, seed), ``"action"`` (``data``: the
            action, with its player), ``"timeout"`` (``data``: the timer key that expired,
            the players who missed it, ``"skip"`` when the host ended it), or one of the
            Mod's entries (:data:`~hiddenrole.server.notices.TABLE_KINDS`: ``"replace"``,
            ``"bot"``, ``"return"``, ``"substitute"``, ``"claim"``, ``"pause"``, ``"resume"``,
            ``"extend"``, ``"void"``, ``"host"``, ``"kick"``; docs/protocol.md lists their data).
        data: JSON details.
        at: when it was accepted, in seconds since the Unix epoch (UTC).
    """

    seq: int
    kind: str
    data: dict[str, Any]
    at: float

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON data."""
        return {"seq": self.seq, "kind": self.kind, "at": self.at, **self.data}


def normalise_url(url: str) -> str:
    """Map plain ``sqlite://`` / ``postgresql://`` URLs to their async drivers.

    Raises:
        ValueError: a URL of another database (only SQLite and PostgreSQL are supported).
    """
    if url.startswith("sqlite:"):
        url = "sqlite+aiosqlite:" + url[len("sqlite:"):]
    elif url.startswith("postgresql:") or url.startswith("postgres:"):
        url = "postgresql+asyncpg:" + url.split(":", 1)[1]
    if not (url.startswith("sqlite+aiosqlite:") or url.startswith("postgresql+asyncpg:")):
        raise ValueError(f"unsupported database URL {url.split(':', 1)[0]!r}: use sqlite:/// or postgresql://")
    return url


def _sqlite_path(url: str) -> Path | None:
    path = sa.engine.make_url(url).database
    if not path or path == ":memory:":
        return None
    return Path(path)


class DatabaseInUse(Exception):
    """Another server process holds the lock of this SQLite database (see :func:`lock_database`)."""


@dataclass
class DatabaseLock:
    """An exclusive lock on a SQLite database, held while the file descriptor stays open.

    Attributes:
        path: the lock file, ``<database>.lock``.
        fd: its open file descriptor (the lock goes with it).
    """

    path: Path
    fd: int

    def release(self) -> None:
        """Give the lock up (closing the descriptor); the lock file stays, harmless."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def lock_database(url: str, holder: str) -> DatabaseLock | None:
    """Take the exclusive lock of a SQLite database for this process, or refuse.

    Two servers on one SQLite file would each keep the live games in memory and append to
    the same logs, breaking their order. The lock is ``flock`` on ``<database>.lock`` (next
    to the database; its directory is created): the kernel releases it when the process
    ends in any way, ``kill -9`` included, so a crashed server never leaves it stale. The
    file holds ``holder`` (e.g. ``pid 1234, http://127.0.0.1:8000``) so that a refused
    server can say which one runs. PostgreSQL (and SQLite in memory) is not locked:
    returns ``None``; so do systems without ``fcntl``.

    Raises:
        DatabaseInUse: another process holds the lock; the message names the database and
            the holder.
    """
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        return None
    url = normalise_url(url)
    path = _sqlite_path(url) if url.startswith("sqlite") else None
    if path is None:
        return None
    path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    lock_path = path.with_name(path.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        other = os.pread(fd, 4096, 0).decode("utf-8", "replace").strip() or "it did not say which"
        os.close(fd)
        raise DatabaseInUse(f"the database {path} is in use by another hiddenrole server ({other}); "
                            f"stop that server first, or give this one another --database-url "
                            f"(lock file {lock_path})") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, holder.encode("utf-8"), 0)
    return DatabaseLock(lock_path, fd)


class Store:
    """The server's database.

    Args:
        url: a SQLAlchemy URL: ``sqlite+aiosqlite:///PATH`` (the directory is created) or
            ``postgresql+asyncpg://USER@HOST:PORT/DB``; plain ``sqlite:``/``postgresql:``
            schemes are mapped to those drivers.
        schema: PostgreSQL only: the schema to use (its ``search_path``), e.g. one per test.

    Call :meth:`open` (runs the migrations) before use and :meth:`close` after.
    """

    def __init__(self, url: str = DEFAULT_DATABASE_URL, *, schema: str | None = None) -> None:
        self.url = normalise_url(url)
        self.schema = schema
        self.is_sqlite = self.url.startswith("sqlite")
        self.engine: AsyncEngine | None = None
        # SQLite has one writer: serialise writes in-process instead of waiting on locks.
        self._write_lock = asyncio.Lock()
        self._pending: list[tuple[str, LogEntry, SeatRow | None, str | None, asyncio.Future]] = []
        self._writer: asyncio.Task | None = None
        self._sync_engine: sa.Engine | None = None
        self._executor: ThreadPoolExecutor | None = None

    async def open(self) -> None:
        """Connect and bring the schema up to date with the Alembic migrations."""
        if self.is_sqlite:
            path = _sqlite_path(self.url)
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_async_engine(self.url, pool_size=1, max_overflow=0,
                                              connect_args={"timeout": 30})
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
            self._sync_engine = sa.create_engine(self.url.replace("sqlite+aiosqlite:", "sqlite:", 1),
                                                 poolclass=sa.pool.StaticPool,
                                                 connect_args={"timeout": 30, "check_same_thread": False})
            event.listen(self._sync_engine, "connect", _sqlite_pragmas)
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="hiddenrole-sqlite-writer")
        else:
            self.engine = create_async_engine(self.url, pool_size=5, max_overflow=5, connect_args=self._pg_args())
        async with self.engine.begin() as conn:
            if not self.is_sqlite:  # several processes may start at once: one migrates at a time
                await conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            await conn.run_sync(_upgrade)

    def _pg_args(self) -> dict:
        return {"server_settings": {"search_path": self.schema}} if self.schema else {}

    def side_engine(self) -> AsyncEngine:
        """A second engine on the same PostgreSQL database (and schema), of at most 2
        connections, for upkeep that must not wait behind the requests queued on the main
        pool (the lease renewals); its owner disposes of it."""
        if self.is_sqlite:
            raise ValueError("a side engine needs PostgreSQL")
        return create_async_engine(self.url, pool_size=1, max_overflow=1, connect_args=self._pg_args())

    async def close(self) -> None:
        """Finish the pending writes, then close every connection."""
        if self._writer is not None and not self._writer.done():
            await self._writer
        if self.engine is not None:
            await self.engine.dispose()
            self.engine = None
        if self._sync_engine is not None:
            self._sync_engine.dispose()
            self._sync_engine = None
            self._executor.shutdown(wait=True)

    @property
    def _engine(self) -> AsyncEngine:
        if self.engine is None:
            raise RuntimeError("the store is not open (call Store.open first)")
        return self.engine

    # ------------------------------------------------------------------ tables
    async def create_table(self, row: TableRow) -> None:
        """Insert a new table. Raises ``sqlalchemy.exc.IntegrityError`` on a duplicate id or code."""
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(tables.insert().values(**row.__dict__))

    async def set_status(self, table_id: str, status: str) -> None:
        """Set a table's status (``"lobby"``, ``"running"``, ``"over"`` or ``"expired"``)."""
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(tables.update().where(tables.c.id == table_id).values(status=status))

    async def set_table_fields(self, table_id: str, **values: Any) -> None:
        """Change a table's ``host_seat`` (the host's seat renamed or left before the start, or
        taken over), ``host_token_hash`` (emptied when the role is taken over), ``next_code``
        (the table made to play again) or ``host_seen`` (a seatless host opened the table as its host).

        Raises:
            ValueError: no field, or a field not among those four.
        """
        if not values or set(values) - {"host_seat", "host_token_hash", "next_code", "host_seen"}:
            raise ValueError("only host_seat, host_token_hash, next_code and host_seen can be changed, "
                             f"not {sorted(values)}")
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(tables.update().where(tables.c.id == table_id).values(**values))

    async def get_table(self, *, table_id: str | None = None, code: str | None = None) -> TableRow | None:
        """The table with this id or join code (codes are matched case-insensitively), or ``None``."""
        query = tables.select()
        query = query.where(tables.c.id == table_id) if table_id is not None else query.where(
            tables.c.code == (code or "").upper())
        async with self._engine.connect() as conn:
            row = (await conn.execute(query)).mappings().first()
        return TableRow(**row) if row else None

    async def table_before(self, code: str) -> TableRow | None:
        """The finished table whose players made the table ``code`` to play again (its
        ``next_code``), or ``None``."""
        async with self._engine.connect() as conn:
            row = (await conn.execute(tables.select().where(tables.c.next_code == code.upper()))).mappings().first()
        return TableRow(**row) if row else None

    async def tables_with_status(self, *statuses: str) -> list[TableRow]:
        """Every table whose status is one of ``statuses``, oldest first."""
        query = tables.select().where(tables.c.status.in_(statuses)).order_by(tables.c.created_at)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [TableRow(**r) for r in rows]

    async def tables_page(self, status: str, *, since: float, before: tuple[float, str] | None,
                          limit: int) -> list[TableRow]:
        """At most ``limit`` listed tables of ``status`` created after ``since`` (epoch seconds),
        newest first (ties by id, descending), starting after ``before`` (the
        ``(created_at, id)`` of the previous page's last table) if given."""
        c = tables.c
        query = tables.select().where(c.status == status, c.created_at > since, c.listed.is_(True))
        if before is not None:
            at, table_id = before
            query = query.where(sa.or_(c.created_at < at, sa.and_(c.created_at == at, c.id < table_id)))
        query = query.order_by(c.created_at.desc(), c.id.desc()).limit(limit)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [TableRow(**r) for r in rows]

    # ------------------------------------------------------------------- seats
    async def seats_of(self, table_id: str) -> list[SeatRow]:
        """The seats of a table in seat order."""
        query = seats.select().where(seats.c.table_id == table_id).order_by(seats.c.position)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [SeatRow(**r) for r in rows]

    async def add_seat(self, seat: SeatRow) -> None:
        """Insert a seat."""
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(seats.insert().values(**seat.__dict__))

    async def remove_seat(self, table_id: str, position: int) -> None:
        """Delete a seat (a kick before the start)."""
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(seats.delete().where(seats.c.table_id == table_id, seats.c.position == position))

    async def rename_seat(self, table_id: str, position: int, name: str) -> None:
        """Change a seat's display name (before the start)."""
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(seats.update().where(seats.c.table_id == table_id, seats.c.position == position)
                               .values(name=name))

    async def seat_by_token(self, token_hash: str) -> SeatRow | None:
        """The seat whose token hashes to ``token_hash``, or ``None``."""
        async with self._engine.connect() as conn:
            row = (await conn.execute(seats.select().where(seats.c.token_hash == token_hash))).mappings().first()
        return SeatRow(**row) if row else None

    # --------------------------------------------------------------------- log
    async def append(self, game_id: str, entry: LogEntry, *, seat: SeatRow | None = None,
                     status: str | None = None) -> None:
        """Append one entry to a game's log and commit it (with a seat change and status, if given).

        Appends from many tables that arrive together are committed in one transaction
        (group commit); each call returns only once its entry is committed.

        Raises:
            sqlalchemy.exc.IntegrityError: an entry with this ``(game_id, seq)`` exists
                (the log is append-only; a second writer lost the race).
        """
        future = asyncio.get_running_loop().create_future()
        self._pending.append((game_id, entry, seat, status, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_batches())
        await future

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            async with self._write_lock:
                try:
                    await self._write(batch)
                except Exception:
                    if len(batch) == 1:
                        _settle(batch[0][4], exc=sys.exc_info()[1])
                        continue
                    for item in batch:  # find which entry failed: one transaction each
                        try:
                            await self._write([item])
                        except Exception as exc:
                            _settle(item[4], exc=exc)
                        else:
                            _settle(item[4])
                    continue
            for item in batch:
                _settle(item[4])

    async def _write(self, batch: list) -> None:
        """Commit a batch of appends in one transaction.

        SQLite: in the store's one writer thread, through a synchronous SQLAlchemy engine
        (a whole transaction costs one hand-over between threads instead of one per
        statement, which keeps commits quick while the event loop is busy). PostgreSQL:
        through the async engine.
        """
        if self._sync_engine is not None:
            await asyncio.get_running_loop().run_in_executor(self._executor, _write_batch_sync,
                                                             self._sync_engine, batch)
            return
        async with self._engine.begin() as conn:
            await conn.execute(game_log.insert(), _log_rows(batch))
            for game_id, _entry, seat, status, _f in batch:
                if seat is not None or status is not None:
                    await _write_entry(conn, game_id, None, seat, status)

    async def log_of(self, game_id: str) -> list[LogEntry]:
        """A game's whole log, in order."""
        query = game_log.select().where(game_log.c.game_id == game_id).order_by(game_log.c.seq)
        async with self._engine.connect() as conn:
            rows = (await conn.execute(query)).mappings().all()
        return [LogEntry(r["seq"], r["kind"], r["data"], r["at"]) for r in rows]


async def _write_entry(conn, game_id: str, entry: LogEntry | None, seat: SeatRow | None,
                       status: str | None) -> None:
    if entry is not None:
        await conn.execute(game_log.insert().values(game_id=game_id, seq=entry.seq, kind=entry.kind,
                                                    data=entry.data, at=entry.at))
    if seat is not None:
        await conn.execute(
            seats.update().where(seats.c.table_id == seat.table_id, seats.c.position == seat.position)
            .values(name=seat.name, token_hash=seat.token_hash, bot_kind=seat.bot_kind))
    if status is not None:
        await conn.execute(tables.update().where(tables.c.id == game_id).values(status=status))


def _log_rows(batch: list) -> list[dict[str, Any]]:
    return [{"game_id": g, "seq": e.seq, "kind": e.kind, "data": e.data, "at": e.at} for g, e, *_ in batch]


def _write_batch_sync(engine: sa.Engine, batch: list) -> None:
    with engine.begin() as conn:
        conn.execute(game_log.insert(), _log_rows(batch))
        for game_id, _entry, seat, status, _f in batch:
            if seat is not None:
                conn.execute(seats.update().where(seats.c.table_id == seat.table_id,
                                                  seats.c.position == seat.position)
                             .values(name=seat.name, token_hash=seat.token_hash, bot_kind=seat.bot_kind))
            if status is not None:
                conn.execute(tables.update().where(tables.c.id == game_id).values(status=status))


def _settle(future: asyncio.Future, exc: BaseException | None = None) -> None:
    if future.done():
        return
    if exc is None:
        future.set_result(None)
    else:
        future.set_exception(exc)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # NORMAL is durable against a process crash (kill -9); only a power loss may lose
    # the last commits. FULL would also cover that at several times the cost per write.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _upgrade(sync_connection) -> None:
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = sync_connection
    command.upgrade(cfg, "head")
