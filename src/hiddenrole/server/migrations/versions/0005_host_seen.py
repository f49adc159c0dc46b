"""Whether a seatless host ever opened the table as its host (a hello with the host token),
so a restart still knows to count that host's absence (the seated players' "take over as
host" offer).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("host_seen", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("host_seen")
