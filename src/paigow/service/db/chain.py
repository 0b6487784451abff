"""The hash chain of a table's stored commands: each row of ``table_ops`` carries
``sha256(previous link | canonical JSON of [table, seq, command, actor, idem_key])``, and the
``tables`` row keeps the last link and sequence number (its *head*). An edited, removed,
inserted or reordered command breaks the chain at that row; a removed last command no longer
reaches the head. :mod:`paigow.service.pit.audit` checks every table, and the service checks each
open table at start-up and holds a table whose history was altered.

The chain is recomputable by whoever can write the database: the head printed by
``paigow audit`` (or sealed elsewhere) is what anchors it. The engine's round records carry
their own chain (``previous`` names the previous round's head); :func:`record_links` reads it
where the records have one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from paigow.table.chain import canonical

__all__ = ["GENESIS", "ChainRow", "canonical", "op_link", "record_links", "verify_ops"]

#: The link before a table's first command.
GENESIS: Final = "0" * 64


def op_link(
    previous: str, table_id: str, seq: int, command: Any, *, actor: str, idem_key: str | None
) -> str:
    """The link of one stored command."""
    h = hashlib.sha256(previous.encode("ascii"))
    h.update(b"|")
    h.update(canonical([table_id, seq, command, actor, idem_key]))
    return h.hexdigest()


@dataclass(frozen=True)
class ChainRow:
    """A stored command as the chain sees it."""

    seq: int
    command: Any
    actor: str
    idem_key: str | None
    link: str | None


def verify_ops(
    table_id: str, rows: Sequence[ChainRow], head: str | None, last_seq: int | None
) -> str | None:
    """Why the table's stored history is not intact (None when it is): sequence numbers
    1, 2, 3, ... without a gap, each link recomputed from the one before, and the table's
    head at the last command."""
    prev = GENESIS
    for i, row in enumerate(rows, start=1):
        if row.seq != i:
            return f"command {i} is missing (the next stored is {row.seq})"
        want = op_link(prev, table_id, row.seq, row.command, actor=row.actor, idem_key=row.idem_key)
        if row.link != want:
            return f"command {row.seq} ({_action(row.command)}) differs from its chain link"
        prev = want
    n = len(rows)
    if (last_seq or 0) != n or (head or GENESIS) != prev:
        return f"the history ends at command {n}, but the table's head is at {last_seq or 0}"
    return None


def _action(command: Any) -> str:
    return str(command.get("a")) if isinstance(command, Mapping) else "not an object"


def record_links(records: Iterable[Mapping[str, Any]]) -> list[str]:
    """Findings in the chain of a table's round records, oldest first: where a record names
    the previous round's head (``previous``) and carries its own (``chain.head``), each must
    name the one before. Records without a chain are skipped."""
    out: list[str] = []
    head: str | None = None
    for r in records:
        chain = r.get("chain")
        if not isinstance(chain, Mapping) or "previous" not in r:
            head = None
            continue
        if head is not None and r["previous"] != head:
            out.append(f"round {r.get('round', '?')}: 'previous' is not the last round's head")
        head = str(chain.get("head"))
    return out
