"""What a cluster process knows of the tables other processes run, and what its replicas cost.

* :class:`ReplicaWork` counts, per table, the commands a replica of this process replayed and
  the catch-ups it made, with the replicas created and dropped and the change notifications
  of tables it keeps no replica of (received, not worked on). ``GET /api/cluster`` shows them;
  ``scripts/load.py`` adds them up (docs/scaling.md).
* :func:`snapshot` is what a replica cannot rebuild from the commands (the window, the pause,
  a hold), sent by the owner with each change and taken by :func:`apply_snapshot`.
* :class:`Directory` keeps what the other processes announce
(:mod:`paigow.service.cluster.cluster`):
  the lobby line of each table they run and the address their clients should use, so that a
  process lists every open table, and sends a client to a table's owner, without a replica of
  it; and which tables they keep replicas of, so that an owner tells of a table's changes
  only when some other process watches it.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import Counter
from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from ..tables.actor import TableActor
from ..tables.conduct import Wait
from .fanout import MAX_PAYLOAD

__all__ = [
    "MOVING",
    "Announcer",
    "Directory",
    "ReplicaWork",
    "announcements",
    "apply_snapshot",
    "digest",
    "last_seqs",
    "settled",
    "snapshot",
]

#: What a lobby line shows that moves with every round: not announced to the other processes
#: (their lobbies show it null), which hear of a table only when what changes rarely changed.
MOVING = ("phase", "rounds")


@dataclass
class ReplicaWork:
    """The replicas' work in this process, counted."""

    #: Stored commands replayed into replicas, per table (the rebuild of a new replica too).
    commands: Counter[str] = field(default_factory=Counter)
    #: Catch-ups of a replica with the store, per table.
    syncs: Counter[str] = field(default_factory=Counter)
    created: int = 0
    dropped: int = 0
    #: Change notifications of tables with no replica here: read and let go.
    ignored: int = 0
    #: Commands of this process's clients run at another process.
    forwarded: int = 0
    #: Changes of the tables this process runs that no other process watches: not sent.
    unsent: int = 0

    def to_json(
        self, announcer: Announcer | None = None, directory: Directory | None = None
    ) -> dict[str, Any]:
        """The counts, as ``GET /api/cluster`` answers them (with the bytes of lobby
        announcements sent and heard, when given the process's announcer and directory)."""
        lobby = {
            "lobby_bytes_sent": 0 if announcer is None else announcer.sent,
            "lobby_bytes_heard": 0 if directory is None else directory.heard_bytes,
        }
        return {
            **lobby,
            "replica_commands": dict(sorted(self.commands.items())),
            "replica_syncs": dict(sorted(self.syncs.items())),
            "replicas_created": self.created,
            "replicas_dropped": self.dropped,
            "changes_ignored": self.ignored,
            "forwarded": self.forwarded,
            "changes_not_sent": self.unsent,
        }


@dataclass
class Directory:
    """The other processes' announcements: addresses by process, lobby lines by table."""

    #: Seconds an announcement is believed (a few of the owners' announcement periods).
    fresh: float = 10.0
    addresses: dict[str, str] = field(default_factory=dict)
    #: table id -> (when announced, the process that runs it, its lobby line).
    tables: dict[str, tuple[float, str, dict[str, Any]]] = field(default_factory=dict)
    #: table id -> the processes that keep a replica of it -> when they last said so.
    watchers: dict[str, dict[str, float]] = field(default_factory=dict)
    #: table id -> the digest of its line as heard (:func:`digest`).
    digests: dict[str, str] = field(default_factory=dict)
    #: Bytes of the lobby announcements heard (their notifications' payloads).
    heard_bytes: int = 0

    def watch(self, instance: str, tables: list[Any]) -> None:
        """``instance`` keeps replicas of these tables (said again every lease period)."""
        t = time.monotonic()
        for tid in tables:
            self.watchers.setdefault(str(tid), {})[instance] = t

    def unwatch(self, instance: str, table_id: str) -> None:
        """``instance`` dropped its replica of the table."""
        self.watchers.get(table_id, {}).pop(instance, None)

    def watched(self, table_id: str) -> bool:
        """True while another process has said lately that it keeps a replica of the table."""
        t = time.monotonic()
        return any(t - at <= self.fresh for at in self.watchers.get(table_id, {}).values())

    def heard(self, instance: str, message: dict[str, Any]) -> bool:
        """Take an announcement (a malformed one is ignored). True when it names a line this
        directory does not have as announced (a digest it cannot match): ask its process for
        every line (:attr:`Announcer.full`)."""
        self.heard_bytes += _size(message)
        address = message.get("address")
        if isinstance(address, str):
            self.addresses[instance] = address
        t = time.monotonic()
        lines = message.get("tables")
        for line in lines if isinstance(lines, list) else ():
            if isinstance(line, dict) and isinstance(line.get("id"), str):
                self.tables[line["id"]] = (t, instance, line)
                self.digests[line["id"]] = digest(line)
        keep = message.get("keep")
        missing = False
        for tid, d in keep.items() if isinstance(keep, dict) else ():
            had = self.tables.get(tid)
            if had is not None and had[1] == instance and self.digests.get(tid) == d:
                self.tables[tid] = (t, instance, had[2])
            else:
                missing = True
        return missing

    def lines(self, skip: Container[str] = ()) -> list[dict[str, Any]]:
        """The fresh lobby lines, by table id, but those of the tables in ``skip``; what moves
        every round (:data:`MOVING`) is not announced: null."""
        t = time.monotonic()
        return [
            {**dict.fromkeys(MOVING), **line}
            for tid, (at, _who, line) in sorted(self.tables.items())
            if t - at <= self.fresh and tid not in skip
        ]

    def forget(self, keep: set[str], asked: float = math.inf) -> None:
        """Drop what was said of tables no longer open: those not in ``keep`` (the open tables
        as the store said when asked at ``asked``, a ``time.monotonic()``) but what was said
        after it (of a table opened since)."""
        for tid in [t for t, (at, _, _) in self.tables.items() if t not in keep and at < asked]:
            del self.tables[tid]
            self.digests.pop(tid, None)
        for tid in [
            t
            for t, by in self.watchers.items()
            if t not in keep and max(by.values(), default=-math.inf) < asked
        ]:
            del self.watchers[tid]


def last_seqs(store: Any) -> list[tuple[str, int]]:
    """Every open table's last command (a replica behind it catches up)."""
    import sqlalchemy as sa

    from ..db import schema as db

    q = sa.select(db.tables.c.id, db.tables.c.last_seq).where(db.tables.c.status == "open")
    with store.engine.connect() as c:
        return [(r[0], int(r[1] or 0)) for r in c.execute(q)]


@dataclass
class Announcer:
    """What a process announces of the tables it runs: their lobby lines without what moves
    every round (:data:`MOVING`), so that a line goes out when something the lobby shows that
    changes rarely changed (a seat taken or left, a hold, the table's options); and every
    ``every``-th time, of each line not sent then, only its table id and :func:`digest`, which
    keeps the line fresh at the others (a process that started since, or missed a change, finds
    a digest it cannot match and asks for every line: :attr:`full`)."""

    every: int = 5
    #: Bytes of the announcements made (their notifications' payloads).
    sent: int = 0
    #: Send every line next time (the first time, and when another process asks).
    full: bool = True
    _last: dict[str, dict[str, Any]] = field(default_factory=dict)
    _n: int = 0

    def messages(self, address: str, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The notifications to send now, of the lobby lines of the tables the process runs
        (counted in :attr:`sent`)."""
        out = announcements(address, *self.due(lines))
        self.sent += sum(_size(m) for m in out)
        return out

    def due(self, lines: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, str]]:
        """The lines to announce now, of the tables the process runs (``lines``), without
        :data:`MOVING`; and the digests of the others, every ``every``-th time."""
        lines = [settled(x) for x in lines]
        full, self.full = self.full, False
        keep = self._n % self.every == 0
        self._n += 1
        out = [x for x in lines if full or self._last.get(x["id"]) != x]
        self._last = {x["id"]: x for x in lines}
        sent = {x["id"] for x in out}
        return out, {x["id"]: digest(x) for x in lines if keep and x["id"] not in sent}


def settled(line: dict[str, Any]) -> dict[str, Any]:
    """A lobby line without what moves every round (:data:`MOVING`)."""
    return {k: v for k, v in line.items() if k not in MOVING}


def digest(line: dict[str, Any]) -> str:
    """A short digest of a lobby line as announced (the same at the announcer and the hearer)."""
    text = json.dumps(line, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=5).hexdigest()


def announcements(
    address: str, lines: list[dict[str, Any]], keep: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """The messages that announce ``lines`` and the digests ``keep`` (each message under a
    notification's size; at least one, so that an idle process still says where it is)."""
    out: list[dict[str, Any]] = []
    base = 200 + len(json.dumps(address))
    msg: dict[str, Any] = {"op": "lobby", "address": address, "tables": []}
    size = base
    items = [(line, None) for line in lines] + [(t, d) for t, d in (keep or {}).items()]
    for item, d in items:
        text = json.dumps(item if d is None else {item: d}, separators=(",", ":"))
        n = len(text.encode()) + 1
        if n + 200 > MAX_PAYLOAD:
            continue  # a line this long is not announced (no table's is)
        if size + n > MAX_PAYLOAD and (msg["tables"] or msg.get("keep")):
            out.append(msg)
            msg, size = {"op": "lobby", "address": address, "tables": []}, base
        if d is None:
            msg["tables"].append(item)
        else:
            msg.setdefault("keep", {})[item] = d
        size += n
    out.append(msg)
    return out


def _size(message: dict[str, Any]) -> int:
    """A notification's payload in bytes, as :class:`~paigow.service.cluster.fanout.PgFanout` sends
    it (its sender's name, added there, is counted as 40 bytes)."""
    return len(json.dumps(message, separators=(",", ":")).encode()) + 40


def snapshot(a: TableActor) -> dict[str, Any]:
    """What a replica cannot rebuild from the commands: the window it waits in, pauses, holds."""
    w = a.wait
    return {
        "v": list(a.version),
        "wait": None if w is None else [w.key, w.seconds, list(w.who), w.what],
        "deadline": a.deadline,
        "paused": a.floor.paused,
        "held": a.held,
        "closed": a.closed,
        "seq": a.seq,
    }


def apply_snapshot(a: TableActor, snap: dict[str, Any] | None) -> bool:
    """Take an owner's snapshot when it is newer than what the replica has."""
    if not snap:
        return False
    v = (int(snap["v"][0]), int(snap["v"][1]))
    if v <= a.version:
        return False
    a.version = v
    w = snap["wait"]
    a.wait = None if w is None else Wait(str(w[0]), float(w[1]), tuple(w[2]), str(w[3]))
    a.deadline = snap["deadline"]
    a.floor.paused = bool(snap["paused"])
    a.held = snap["held"]
    a.closed = bool(snap["closed"])
    return True
