"""The Mod's settings of a table: its host's seat, whether it is listed in the lobby, and
after how many missed deadlines in a row a bot plays an absent player's seat.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("host_seat", sa.String(64), nullable=True))
        batch.add_column(sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("missed_limit", sa.Integer, nullable=False, server_default="2"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("missed_limit")
        batch.drop_column("listed")
        batch.drop_column("host_seat")
