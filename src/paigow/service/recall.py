"""What a viewer may recall of stored rounds: each record redacted for it, with the round's
settlement statement. Run on the service's compute pool (a record is rebuilt to redact it: pure
Python, which on a thread would hold the interpreter's lock, every table waiting), so its
arguments are plain data."""

from __future__ import annotations

from typing import Any

from paigow.table.observation import OPERATOR, SPECTATOR, Viewer
from paigow.table.redaction import redact_record
from paigow.table.statement import statement

__all__ = ["recalled"]


def recalled(rows: list[dict[str, Any]], who: str, name: str | None) -> list[dict[str, Any]]:
    """Stored rounds as a viewer may recall them, each record redacted with the round's
    settlement statement, which every front end shows (:func:`paigow.table.statement.statement`).
    ``who``: ``operator`` (the whole record), ``player`` (``name``'s seat: their own rounds), or
    ``caller`` (``name``'s seat where they sat at that round, else a spectator's; ``name`` None:
    signed out). Slow (a record is rebuilt to redact it): run it off the event loop."""
    for r in rows:
        record = r["record"]
        r["record"] = redact_record(record, _recall_viewer(record, who, name))
        r["statement"] = statement(r["record"])  # (the same money; the record's id as sent)
    return rows


def _recall_viewer(record: dict[str, Any], who: str, name: str | None) -> Viewer:
    if who == "operator":
        return OPERATOR
    if name is not None and (who == "player" or name in (record.get("seats") or {})):
        return Viewer.seat(name)
    return SPECTATOR
