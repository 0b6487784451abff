"""The first schema: users, sessions, accounts and ledger, tables and their commands, rounds,
meters.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create every table."""
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("expires_at", _TS, nullable=False),
    )
    op.create_table(
        "accounts",
        sa.Column("name", sa.String(160), primary_key=True),
        sa.Column("balance", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(40), nullable=True, index=True),
        sa.Column("seq", sa.Integer, nullable=True),
        sa.Column("debit", sa.String(160), nullable=False, index=True),
        sa.Column("credit", sa.String(160), nullable=False, index=True),
        sa.Column("cents", sa.BigInteger, nullable=False),
        sa.Column("reason", sa.String(80), nullable=False),
        sa.Column("ref", sa.String(40), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("closed_at", _TS, nullable=True),
    )
    op.create_table(
        "table_ops",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("command", sa.Text, nullable=False),
        sa.Column("actor", sa.String(40), nullable=False),
        sa.Column("idem_key", sa.String(80), nullable=True),
        sa.Column("created_at", _TS, nullable=False),
        sa.UniqueConstraint("table_id", "actor", "idem_key", name="uq_table_ops_idem"),
    )
    op.create_table(
        "rounds",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("started_seq", sa.Integer, nullable=False),
        sa.Column("finished_seq", sa.Integer, nullable=False),
        sa.Column("finished_at", _TS, nullable=False),
        sa.Column("void", sa.Boolean, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_table(
        "round_players",
        sa.Column("player", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True, autoincrement=False),
    )
    op.create_table(
        "meters",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("voids", sa.Integer, nullable=False),
        sa.Column("handle", sa.BigInteger, nullable=False),
        sa.Column("wins_paid", sa.BigInteger, nullable=False),
        sa.Column("commission", sa.BigInteger, nullable=False),
        sa.Column("side_handle", sa.BigInteger, nullable=False),
        sa.Column("side_pays", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    """Drop every table."""
    for name in (
        "meters",
        "round_players",
        "rounds",
        "table_ops",
        "tables",
        "ledger",
        "accounts",
        "sessions",
        "users",
    ):
        op.drop_table(name)
