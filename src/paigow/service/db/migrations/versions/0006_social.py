"""Table chat: ``chat_messages`` (every message, deleted ones kept for review), ``chat_mutes``
(who a player muted) and ``chat_silences`` (accounts an operator silenced); new tables only.

Revision ID: 0006_social
Revises: 0005_pit
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_social"
down_revision = "0005_pit"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the tables."""
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(40), nullable=False, index=True),
        sa.Column("author", sa.String(32), nullable=False, index=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", _TS, nullable=False),
        sa.Column("deleted_at", _TS, nullable=True),
        sa.Column("deleted_by", sa.String(32), nullable=True),
    )
    op.create_table(
        "chat_mutes",
        sa.Column("player", sa.String(32), primary_key=True),
        sa.Column("muted", sa.String(32), primary_key=True),
        sa.Column("at", _TS, nullable=False),
    )
    op.create_table(
        "chat_silences",
        sa.Column("account", sa.String(32), primary_key=True),
        sa.Column("until", _TS, nullable=True),
        sa.Column("by", sa.String(32), nullable=False),
        sa.Column("at", _TS, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    for name in (
        "chat_silences",
        "chat_mutes",
        "chat_messages",
    ):
        op.drop_table(name)
