"""Seats: ``seats`` (who sits where at each open table, as its owner last committed it, in the
transaction of the batch that changed it); a new table only, filled by each table's owner at
its first look after the upgrade.

Revision ID: 0011_seats
Revises: 0010_wallet_adjustments
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_seats"
down_revision = "0010_wallet_adjustments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table."""
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("player", sa.String(32), primary_key=True, index=True),
        sa.Column("seat", sa.String(8), nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("seats")
