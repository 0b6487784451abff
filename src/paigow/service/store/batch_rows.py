"""What a table writes at once, as data: its batch (:class:`Batch`: the commands, the money
they moved, the rounds they finished, the events, who sits where, the lease and the sessions
checked with it), each stored command (:class:`OpRow`) and each finished round
(:class:`RoundRow`). :class:`paigow.service.store.store.Store` writes them in one transaction."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..db.accounts_sql import Move
from ..db.chain import GENESIS, op_link

__all__ = ["Batch", "OpRow", "RoundRow"]


@dataclass(frozen=True)
class OpRow:
    """One accepted command of a table, as stored."""

    seq: int
    command: dict[str, Any]
    actor: str
    idem_key: str | None = None
    link: str | None = None


@dataclass(frozen=True)
class RoundRow:
    """A finished round to store with the batch that finished it."""

    round_no: int
    started_seq: int
    finished_seq: int
    record: dict[str, Any]
    players: tuple[str, ...]


@dataclass
class Batch:
    """What one table commits at once: ``head`` is the table's chain head before the batch;
    ``fence`` (owner, epoch) the lease the writer holds, checked in the transaction (a writer
    that lost the table writes nothing); ``events`` for the event log, written with it."""

    table_id: str
    ops: list[OpRow] = field(default_factory=list)
    moves: list[tuple[int, Move]] = field(default_factory=list)
    rounds: list[RoundRow] = field(default_factory=list)
    head: str = GENESIS
    fence: tuple[str, int] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    instance: str = ""
    stored_events: list[dict[str, Any]] = field(default_factory=list)
    #: The token hashes of the sessions that sent the batch's commands (none: the dealer's or
    #: an operator's HTTP request; several: the commands of several senders gathered in one
    #: batch): each checked in the batch's transaction.
    sessions: list[str] = field(default_factory=list)
    #: Who sits where after the batch, when it differs from what was stored (None: the same):
    #: the table's ``seats`` rows replaced with it (:mod:`.seats_sql`).
    seats: dict[str, str] | None = None

    def links(self) -> list[str]:
        """The chain link of each of the batch's commands (the last: the table's new head)."""
        out, head = [], self.head
        for o in self.ops:
            head = op_link(
                head, self.table_id, o.seq, o.command, actor=o.actor, idem_key=o.idem_key
            )
            out.append(head)
        return out
