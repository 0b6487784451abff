"""Wallet adjustments by hand, kept by their idempotency keys (``wallet_adjustments``): the
same key sent again — after a restart, or to another process of a cluster — is answered what
the first got, and nothing moves again; a new table only.

Revision ID: 0010_wallet_adjustments
Revises: 0009_name_skeletons
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_wallet_adjustments"
down_revision = "0009_name_skeletons"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table."""
    op.create_table(
        "wallet_adjustments",
        sa.Column("operator", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("account", sa.String(32), nullable=False),
        sa.Column("cents", sa.BigInteger, nullable=False),
        sa.Column("reason", sa.String(80), nullable=False),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.Column("event_id", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("wallet_adjustments")
