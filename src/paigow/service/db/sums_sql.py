"""Running sums kept in rows (the meters): many additions, one statement.

A finished round adds its figures to the row of its key (a table and a day, a table and an
hour, and a side bet's kind); a transaction that finishes several rounds adds them all at once.
:func:`add_sums` adds up the rows of one key first, then writes every key with one ``INSERT …
ON CONFLICT (key) DO UPDATE SET figure = figure + excluded.figure`` (SQLite and PostgreSQL
alike): the row is made when there is none, and added to under the database's own row lock
when there is, instead of a ``SELECT … FOR UPDATE`` and an ``UPDATE`` per round and key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

__all__ = ["add_sums"]

_STATEMENTS: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], Any] = {}


def _statement(dialect: str, table: sa.Table, key: tuple[str, ...], sums: tuple[str, ...]) -> Any:
    found = _STATEMENTS.get((dialect, table.name, key, sums))
    if found is None:
        index = [table.c[k] for k in key]
        if dialect == "postgresql":
            pg = postgresql.insert(table)
            found = pg.on_conflict_do_update(
                index_elements=index, set_={s: table.c[s] + pg.excluded[s] for s in sums}
            )
        else:
            lite = sqlite.insert(table)
            found = lite.on_conflict_do_update(
                index_elements=index, set_={s: table.c[s] + lite.excluded[s] for s in sums}
            )
        _STATEMENTS[dialect, table.name, key, sums] = found
    return found


def add_sums(
    c: Connection,
    table: sa.Table,
    rows: Sequence[Mapping[str, Any]],
    key: Sequence[str],
    sums: Sequence[str],
) -> None:
    """Add each of ``rows``' ``sums`` to the row of ``table`` its ``key`` names; a key with no
    row yet gets one, with the row's other columns as given (the first row of that key's)."""
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for row in rows:
        k = tuple(row[n] for n in key)
        have = merged.get(k)
        if have is None:
            merged[k] = dict(row)
        else:
            for s in sums:
                have[s] += row[s]
    if merged:
        c.execute(_statement(c.dialect.name, table, tuple(key), tuple(sums)), list(merged.values()))
