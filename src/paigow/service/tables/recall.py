"""What a viewer may recall of stored rounds: each record redacted for it, with the round's
settlement statement. Run on the service's compute pool (a record is rebuilt to redact it: pure
Python, which on a thread would hold the interpreter's lock, every table waiting), so its
arguments are plain data; one record at a time, as work that can wait (:func:`recall_on`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from paigow.table.observation import OPERATOR, SPECTATOR, Viewer
from paigow.table.redaction import redact_record
from paigow.table.statement import statement

from .config import TableConfig, private_of

if TYPE_CHECKING:
    from ..kit.workers import WorkPool

__all__ = ["recall_on", "recalled"]


def recalled(rows: list[dict[str, Any]], who: str, name: str | None) -> list[dict[str, Any]]:
    """Stored rounds as a viewer may recall them, each record redacted with the round's
    settlement statement, which every front end shows (:func:`paigow.table.statement.statement`).
    ``who``: ``operator`` (the whole record), ``player`` (``name``'s seat: their own rounds), or
    ``caller`` (``name``'s seat where they sat at that round, else a spectator's; ``name`` None:
    signed out). Each row's ``private``: its table's opener when a player opened it (from the
    ``config`` of its table's row, which is not sent). Slow (a record is rebuilt to redact
    it): run it off the event loop."""
    for r in rows:
        config = r.pop("config", None)
        table = None if config is None else TableConfig.from_json(json.loads(config))
        r["private"] = None if table is None else private_of(table)
        record = r["record"]
        r["record"] = redact_record(record, _recall_viewer(record, who, name))
        r["statement"] = statement(r["record"])  # (the same money; the record's id as sent)
    return rows


async def recall_on(
    pool: WorkPool, rows: list[dict[str, Any]], who: str, name: str | None
) -> list[dict[str, Any]]:
    """:func:`recalled` on ``pool`` (the compute pool; on a thread it held the interpreter's
    lock, and every table with it: docs/reliability.md, "Abuse"), one record at a time, each as
    work that can wait: a trainer's or an advice's request waiting for the worker goes first,
    and what it waits behind is one record's redaction at most (before, a flood of signed-in
    recalls of ten records each took their answers from about 5 ms to 180-290 ms at the median).

    Raises:
        BusyError: no worker in time (503).
    """
    out: list[dict[str, Any]] = []
    for row in rows:
        out += await pool.run(recalled, [row], who, name, later=True)
    return out


def _recall_viewer(record: dict[str, Any], who: str, name: str | None) -> Viewer:
    if who == "operator":
        return OPERATOR
    if name is not None and (who == "player" or name in (record.get("seats") or {})):
        return Viewer.seat(name)
    return SPECTATOR
