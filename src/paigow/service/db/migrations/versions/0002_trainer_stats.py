"""The trainer's statistics per account and profile (the web trainer page).

Revision ID: 0002_trainer
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_trainer"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``trainer_stats``."""
    op.create_table(
        "trainer_stats",
        sa.Column("player", sa.String(32), primary_key=True),
        sa.Column("profile", sa.String(64), primary_key=True),
        sa.Column("stats", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``trainer_stats``."""
    op.drop_table("trainer_stats")
