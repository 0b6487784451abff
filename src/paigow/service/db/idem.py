"""The idempotency keys a table remembers: a retried command is applied at most once.

A client gives every command a key of its own choosing and sends an unanswered command again,
with the same key, after a lost connection (``web/src/net/tableSocket.ts``). The table answers a
key it has seen ``duplicate`` with the sequence number of the command it was first given to.

Two places hold the keys, so that memory does not grow with the table's history:

* in memory, :class:`RecentKeys`: the keys of the table's latest :data:`KEPT` commands (a
  retry is of a command sent moments ago: a sender has only its unanswered commands to send
  again). The oldest is forgotten when a new one comes.
* in the store, every key: ``table_ops`` has a unique index on (table, sender, key). Once the
  table has forgotten a key, a command with a key not in memory is looked up in the store when
  the rules refuse it (a retry of a command applied long ago usually is refused: the table has
  moved on), and one the rules accept is refused by the index when it is written: the store
  finds the command the key was given to and raises :class:`RepeatedKeyError` with its
  number, the table's batch is undone and tried again without it. Either way the key is
  learned again and the sender is answered ``duplicate`` with that number, as if it had been
  remembered all along; a new command costs nothing more than before.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from . import schema as db

__all__ = ["KEPT", "RecentKeys", "RepeatedKeyError", "stored_seq"]

#: How many of its latest commands' keys a table keeps in memory.
KEPT = 256


class RepeatedKeyError(IllegalActionError):
    """A command's idempotency key was given to an earlier command of the same sender at the
    same table (found by the store's unique index)."""

    def __init__(self, actor: str, key: str, seq: int) -> None:
        super().__init__(f"this command was accepted before, as command {seq} (its id is not new)")
        self.actor, self.key, self.seq = actor, key, seq


class RecentKeys:
    """(sender, key) -> the sequence number of the first command sent with it, for the
    latest ``kept`` keys (oldest forgotten first)."""

    def __init__(self, kept: int = KEPT) -> None:
        if kept < 1:
            raise ValueError("a table keeps at least one key")
        self.kept = kept
        #: No key forgotten yet: a key not here was never seen.
        self.complete = True
        self._seqs: dict[tuple[str, str], int] = {}

    def __contains__(self, k: object) -> bool:
        return k in self._seqs

    def __getitem__(self, k: tuple[str, str]) -> int:
        return self._seqs[k]

    def __setitem__(self, k: tuple[str, str], seq: int) -> None:
        seqs = self._seqs
        seqs.pop(k, None)  # learned again: the newest
        seqs[k] = seq
        if len(seqs) > self.kept:
            del seqs[next(iter(seqs))]
            self.complete = False

    def __len__(self) -> int:
        return len(self._seqs)


def stored_seq(c: Connection, table_id: str, actor: str, key: str) -> int | None:
    """The number of the stored command ``actor`` sent to the table with ``key`` (None: no
    such command), found by the unique index."""
    ops = db.table_ops.c
    q = sa.select(ops.seq).where(ops.table_id == table_id, ops.actor == actor, ops.idem_key == key)
    seq = c.execute(q).scalar()
    return None if seq is None else int(seq)
