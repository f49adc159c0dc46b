"""The SQL schema of the server's store (SQLAlchemy 2 Core tables).

Four tables:

* ``tables``: one row per game table (its game, options, pace, join code, status, the
  commitment to its seed, and the seed and salt themselves, revealed only after the game;
  the host's seat, whether the lobby lists it, after how many missed deadlines in a row a
  bot plays an absent player's seat, the code of the table made to play again, and whether
  a host without a seat ever opened the table as its host);
* ``seats``: the players of a table in seat order, each with the SHA-256 hash of its seat
  token (the token itself is never stored) or a bot kind;
* ``game_log``: the append-only log of each game, keyed by ``(game_id, seq)``: the start
  (players, options, seed), then every accepted action, post, timeout and seat
  replacement with its time. The live state of a game is rebuilt by replaying it;
* ``leases``: with several server processes (``serve --redis-url``), which process runs
  each live table and until when (epoch seconds, the database's clock) unless renewed.

The schema is created and upgraded by the Alembic migrations shipped in
``hiddenrole/server/migrations`` (run by the server on start).
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("pace", sa.String(16), nullable=False),
    sa.Column("factor", sa.Float, nullable=False),
    sa.Column("bot_kind", sa.String(64), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("host_token_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("salt", sa.String(64), nullable=False),
    sa.Column("commitment", sa.String(64), nullable=False),
    sa.Column("host_seat", sa.String(64), nullable=True),  # the host's seat name, if the host plays
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),  # shown in the lobby list
    sa.Column("missed_limit", sa.Integer, nullable=False, server_default="2"),  # 0: no bot takes a seat
    sa.Column("next_code", sa.String(16), nullable=True),  # the table of the next game ("Play again"), once made
    # a seatless host opened the table as its host (a hello with the host token): their absence is counted
    sa.Column("host_seen", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("position", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("bot_kind", sa.String(64), nullable=True),
    sa.Column("joined_at", sa.Float, nullable=False),
)

game_log = sa.Table(
    "game_log",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("data", sa.JSON, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

leases = sa.Table(
    "leases",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),  # no foreign key: a lease may outlive nothing
    sa.Column("owner", sa.String(64), nullable=False),  # the process's name (cluster.Cluster.name)
    sa.Column("expires_at", sa.Float, nullable=False),  # epoch seconds on the database's clock
)
