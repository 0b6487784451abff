"""What player protection binds beyond an account (docs/service.md, "Player protection"):
``device_accounts`` (the accounts seen in each browser, by its device cookie),
``address_accounts`` (the accounts seen at each client address, for 90 days),
``payment_ids`` (the payment identity an operator set on an account) and ``service_keys``
(the key that signs the device cookies, made here once: every process of a cluster signs and
checks with the same one); new tables only.

Revision ID: 0012_bindings
Revises: 0011_seats
"""

from __future__ import annotations

import datetime as dt
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0012_bindings"
down_revision = "0011_seats"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the tables, and the device cookies' key."""
    op.create_table(
        "device_accounts",
        sa.Column("device", sa.String(32), primary_key=True),
        sa.Column("account", sa.String(32), primary_key=True, index=True),
        sa.Column("first_seen", _TS, nullable=False),
        sa.Column("last_seen", _TS, nullable=False),
    )
    op.create_table(
        "address_accounts",
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("account", sa.String(32), primary_key=True, index=True),
        sa.Column("seen_at", _TS, nullable=False, index=True),
    )
    op.create_table(
        "payment_ids",
        sa.Column("account", sa.String(32), primary_key=True),
        sa.Column("payment_id", sa.String(128), nullable=False, index=True),
        sa.Column("set_by", sa.String(32), nullable=False),
        sa.Column("set_at", _TS, nullable=False),
    )
    keys = op.create_table(
        "service_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("secret", sa.String(128), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.bulk_insert(
        keys,
        [
            {
                "name": "device",
                "secret": secrets.token_hex(32),
                "created_at": dt.datetime.now(dt.UTC),
            }
        ],
    )


def downgrade() -> None:
    """Drop them."""
    for name in ("service_keys", "payment_ids", "address_accounts", "device_accounts"):
        op.drop_table(name)
