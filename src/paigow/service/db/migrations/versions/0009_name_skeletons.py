"""Look-alike account names: ``users.skeleton`` (what a name reads as at a glance,
:func:`paigow.service.kit.names.skeleton`) under a unique index, filled in for the accounts that
exist.

Accounts stored before the rule was read whole may already be look-alikes (``alice`` and
``alice`` with a trailing line break, say): the migration does not fail on them, nor rename
anyone. The oldest account of each skeleton (the lowest id) holds it; each later twin holds
``SKELETON#ID``, which no name's skeleton can equal (a skeleton has no ``#``), so it keeps its
name and its money but no new look-alike of it can be made. Those twins, and every stored name
the rule now refuses (such an account can no longer sign in), are listed in one warning of the
event log (``names_reviewed``) for the operators.

Revision ID: 0009_name_skeletons
Revises: 0008_protection
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from paigow.service.db.migrations.names_review import names_reviewed
from paigow.service.kit.names import name_problem, normal_name, skeleton

revision = "0009_name_skeletons"
down_revision = "0008_protection"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the column, fill it in, index it; the twins and refused names in the event log."""
    with op.batch_alter_table("users") as b:
        b.add_column(sa.Column("skeleton", sa.String(64), nullable=False, server_default=""))
    users = sa.table("users", sa.column("id"), sa.column("name"), sa.column("skeleton"))
    conn = op.get_bind()
    held: dict[str, str] = {}
    twins: list[dict[str, str]] = []
    refused: list[str] = []
    for uid, name in conn.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)):
        sk = skeleton(name)
        if normal_name(name) != name or name_problem(name, new=False) is not None:
            refused.append(name)
        if sk in held or not sk:
            twins.append({"name": name, "like": held.get(sk, "")})
            sk = f"{sk}#{uid}"
        else:
            held[sk] = name
        conn.execute(users.update().where(users.c.id == uid).values(skeleton=sk))
    op.create_index("uq_users_skeleton", "users", ["skeleton"], unique=True)
    names_reviewed(conn, twins, refused, "migration 0009")


def downgrade() -> None:
    """Drop them."""
    op.drop_index("uq_users_skeleton", "users")
    with op.batch_alter_table("users") as b:
        b.drop_column("skeleton")
