"""The pit: the surveillance right of operator accounts (``users.surveillance``) and the pit's
meters per table and UTC hour (``pit_meters``, ``pit_side_meters``), filled in for the rounds
already stored from their settlement statements.

Revision ID: 0005_pit
Revises: 0004_security
"""

from __future__ import annotations

import datetime as dt
import json

import sqlalchemy as sa
from alembic import op

from paigow.service.db.pit_meters import add_round

revision = "0005_pit"
down_revision = "0004_security"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column and the tables; meter the rounds stored so far."""
    with op.batch_alter_table("users") as b:
        b.add_column(
            sa.Column("surveillance", sa.Boolean, nullable=False, server_default=sa.false())
        )
    op.create_table(
        "pit_meters",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("hour", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("profile", sa.String(40), nullable=False, index=True),
        *(
            sa.Column(
                name, sa.Integer if name in ("rounds", "voids") else sa.BigInteger, nullable=False
            )
            for name in (
                "rounds",
                "voids",
                "handle",
                "side_handle",
                "win",
                "side_win",
                "commission",
                "collection",
                "computer_net",
            )
        ),
    )
    op.create_table(
        "pit_side_meters",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("hour", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(20), primary_key=True),
        sa.Column("wagers", sa.Integer, nullable=False),
        sa.Column("handle", sa.BigInteger, nullable=False),
        sa.Column("win", sa.BigInteger, nullable=False),
    )
    conn = op.get_bind()
    rounds = sa.table(
        "rounds",
        sa.column("table_id"),
        sa.column("round_no"),
        sa.column("finished_at"),
        sa.column("record"),
    )
    q = sa.select(rounds.c.table_id, rounds.c.finished_at, rounds.c.record).order_by(
        rounds.c.table_id, rounds.c.round_no
    )
    for tid, finished, text in conn.execute(q):
        at = finished if isinstance(finished, dt.datetime) else dt.datetime.fromisoformat(finished)
        add_round(conn, tid, at, json.loads(text))


def downgrade() -> None:
    """Drop them."""
    op.drop_table("pit_side_meters")
    op.drop_table("pit_meters")
    with op.batch_alter_table("users") as b:
        b.drop_column("surveillance")
