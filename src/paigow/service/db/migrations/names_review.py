"""What a migration that reads every account's name tells the operators: one warning of the
event log, ``names_reviewed``, with the look-alikes it found and the names the rule now refuses
(``0009_name_skeletons``, ``0013_skeletons_again``)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["names_reviewed"]


def names_reviewed(
    conn: Connection, look_alikes: list[dict[str, str]], refused: list[str], instance: str
) -> None:
    """The warning, written by ``instance`` (the migration), when there is anything to say."""
    if not (look_alikes or refused):
        return
    events = sa.table(
        "events",
        *(sa.column(c) for c in ("at", "kind", "level", "table_id", "actor", "instance")),
        sa.column("detail"),
    )
    detail: dict[str, Any] = {"look_alikes": look_alikes, "refused_names": refused}
    conn.execute(
        events.insert().values(
            at=dt.datetime.now(dt.UTC),
            kind="names_reviewed",
            level="warning",
            table_id=None,
            actor=None,
            instance=instance,
            detail=json.dumps(detail, sort_keys=True),
        )
    )
