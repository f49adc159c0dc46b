"""An index on ``tables.next_code``: every join at a table asks which finished table it was
made after ("Play again": the names kept for that game's players), by this column.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_next_code", "tables", ["next_code"])


def downgrade() -> None:
    op.drop_index("ix_tables_next_code", "tables")
