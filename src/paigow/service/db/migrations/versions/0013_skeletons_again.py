"""Every account's skeleton computed again (:func:`paigow.service.kit.names.skeleton`): a letter
that reads as a pair is now spelled as the pair (``w`` as ``vv``, ``m`` as ``rn``, ``d`` as
``cl``), where before each pair was replaced by its letter, left to right, which read ``bvvv``
as ``bwv`` and so let it be taken beside ``bvw``.

As in ``0009_name_skeletons``, no account is renamed: the oldest account of each skeleton (the
lowest id) holds it; each later look-alike (only those the new spelling finds: a twin of
``0009`` keeps its ``SKELETON#ID``, with the new skeleton) holds ``SKELETON#ID``, which no
name's skeleton can equal, so no new look-alike of it can be made; the new look-alikes are
listed in one warning of the event log (``names_reviewed``) for the operators.

Revision ID: 0013_skeletons_again
Revises: 0012_bindings
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from paigow.service.db.migrations.names_review import names_reviewed
from paigow.service.kit.names import skeleton

revision = "0013_skeletons_again"
down_revision = "0012_bindings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Each skeleton again, under the same unique index; the new look-alikes in the log."""
    users = sa.table("users", sa.column("id"), sa.column("name"), sa.column("skeleton"))
    conn = op.get_bind()
    rows = list(conn.execute(sa.select(users.c.id, users.c.name, users.c.skeleton)))
    held: dict[str, str] = {}
    new: dict[int, str] = {}
    twins: list[dict[str, str]] = []
    for uid, name, old in sorted(rows):
        sk = skeleton(name)
        if "#" in old or not sk:  # a twin already (0009): it stays one
            new[uid] = f"{sk}#{uid}"
        elif sk in held:
            twins.append({"name": name, "like": held[sk]})
            new[uid] = f"{sk}#{uid}"
        else:
            held[sk] = name
            new[uid] = sk
    # (each row first given a value no skeleton holds, so that the unique index never sees two)
    for uid in new:
        conn.execute(users.update().where(users.c.id == uid).values(skeleton=f"#{uid}"))
    for uid, sk in new.items():
        conn.execute(users.update().where(users.c.id == uid).values(skeleton=sk))
    names_reviewed(conn, twins, [], "migration 0013")


def downgrade() -> None:
    """Nothing: the skeletons stay spelled as this revision spells them (the code of the
    revision before reads a new name's the other way, and may miss a look-alike of a stored
    one until it is upgraded again)."""
