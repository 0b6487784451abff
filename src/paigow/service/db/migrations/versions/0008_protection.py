"""Player protection: ``protection`` (a player's daily buy-in limit and the raised one waiting
for its cooling-off, the session reminder's interval, self-exclusion); a new table only.

Revision ID: 0008_protection
Revises: 0007_private_tables
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_protection"
down_revision = "0007_private_tables"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the table."""
    op.create_table(
        "protection",
        sa.Column("account", sa.String(32), primary_key=True),
        sa.Column("daily_limit", sa.BigInteger, nullable=True),
        sa.Column("next_limit", sa.BigInteger, nullable=True),
        sa.Column("next_from", _TS, nullable=True),
        sa.Column("reminder_minutes", sa.Integer, nullable=True),
        sa.Column("excluded_until", _TS, nullable=True),
        sa.Column("updated_at", _TS, nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("protection")
