"""Private tables: ``private_tables`` (each private table's share code and the player who
opened it); a new table only.

Revision ID: 0007_private_tables
Revises: 0006_social
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_private_tables"
down_revision = "0006_social"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table."""
    op.create_table(
        "private_tables",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("table_id", sa.String(40), nullable=False, unique=True),
        sa.Column("owner", sa.String(32), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("private_tables")
