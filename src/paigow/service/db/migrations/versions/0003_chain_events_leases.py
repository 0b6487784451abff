"""The commands' hash chain (``table_ops.chain``, the tables' ``head`` and ``last_seq``, filled
in for the commands already stored), the event log, table leases and the running instances.

Revision ID: 0003
Revises: 0002_trainer
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from paigow.service.db.chain import GENESIS, op_link

revision = "0003"
down_revision = "0002_trainer"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add the columns and tables; chain the commands already stored."""
    with op.batch_alter_table("table_ops") as b:
        b.add_column(sa.Column("chain", sa.String(64), nullable=True))
    with op.batch_alter_table("tables") as b:
        b.add_column(sa.Column("head", sa.String(64), nullable=True))
        b.add_column(sa.Column("last_seq", sa.Integer, nullable=True))
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", _TS, nullable=False, index=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(40), nullable=True, index=True),
        sa.Column("actor", sa.String(40), nullable=True),
        sa.Column("instance", sa.String(64), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
    )
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", _TS, nullable=False),
    )
    op.create_table(
        "instances",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("started_at", _TS, nullable=False),
        sa.Column("seen_at", _TS, nullable=False),
        sa.Column("stopped_at", _TS, nullable=True),
    )
    conn = op.get_bind()
    ops = sa.table(
        "table_ops",
        sa.column("table_id"),
        sa.column("seq"),
        sa.column("command"),
        sa.column("actor"),
        sa.column("idem_key"),
        sa.column("chain"),
    )
    tables = sa.table("tables", sa.column("id"), sa.column("head"), sa.column("last_seq"))
    for (tid,) in conn.execute(sa.select(tables.c.id)).all():
        prev, last = GENESIS, 0
        rows = conn.execute(
            sa.select(ops.c.seq, ops.c.command, ops.c.actor, ops.c.idem_key)
            .where(ops.c.table_id == tid)
            .order_by(ops.c.seq)
        ).all()
        for seq, command, actor, idem in rows:
            prev = op_link(prev, tid, seq, json.loads(command), actor=actor, idem_key=idem)
            last = seq
            conn.execute(
                ops.update()
                .where(sa.and_(ops.c.table_id == tid, ops.c.seq == seq))
                .values(chain=prev)
            )
        conn.execute(tables.update().where(tables.c.id == tid).values(head=prev, last_seq=last))


def downgrade() -> None:
    """Drop them."""
    for name in ("instances", "table_leases", "events"):
        op.drop_table(name)
    with op.batch_alter_table("tables") as b:
        b.drop_column("last_seq")
        b.drop_column("head")
    with op.batch_alter_table("table_ops") as b:
        b.drop_column("chain")
