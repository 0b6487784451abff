"""Suspended accounts (``users.suspended_at``) and the sign-up grants given per client address
(``signup_grants``: at most one per address per period, ``paigow serve
--signup-grant-period``).

Revision ID: 0004_security
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_security"
down_revision = "0003"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add the column and the table."""
    with op.batch_alter_table("users") as b:
        b.add_column(sa.Column("suspended_at", _TS, nullable=True))
    op.create_table(
        "signup_grants",
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("granted_at", _TS, nullable=False, index=True),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("signup_grants")
    with op.batch_alter_table("users") as b:
        b.drop_column("suspended_at")
