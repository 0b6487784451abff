"""Group commit: the batches of many tables that are ready at the same moment are written in
one database transaction, so that one flush to disk serves them all.

Each table's actor waits for its own batch's commit (write-ahead: nobody is told before), so a
table never has more than one batch in flight; what is grouped are different tables' batches.
When one batch of a group is refused (a lease lost, say), the store commits each on its own
(:meth:`paigow.service.store.store.Store.commit_many`), so no table's batch depends on another's.

One group is in flight at a time, on both databases. Several writers on PostgreSQL (three, at
first) were measured worse (docs/reliability.md, "Tables in step, and one writer"): each
writer's thread waits for the interpreter's lock with the event loop at every statement, so
more writers made more, smaller transactions, each held open longer. A database across a
network may gain from more (each statement then waits for the network, not for the lock):
``parallel``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from .store import Batch, Store

__all__ = ["GroupCommit"]


class GroupCommit:
    """Commits batches, grouping those that wait together (at most ``size`` a group and
    ``parallel`` groups in flight: SQLite has one writer; see the module notes for
    PostgreSQL)."""

    def __init__(self, store: Store, size: int = 64, parallel: int = 1) -> None:
        if parallel < 1 or (store.is_sqlite and parallel != 1):
            raise ValueError(f"groups in flight: 1, or more on PostgreSQL (got {parallel})")
        self.store = store
        self.size = size
        self.parallel = parallel
        self._waiting: list[tuple[Batch, asyncio.Future[str]]] = []
        self._flying = 0
        self.groups = 0
        self.batches = 0
        #: Told of each group written: its batches, its seconds, and whether it failed whole.
        self.on_group: Callable[[int, float, bool], None] | None = None

    async def commit(self, batch: Batch) -> str:
        """Commit ``batch`` (with others ready at the same time); its table's new head.

        Raises:
            Exception: why this batch was not written (nothing of it was).
        """
        fut: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._waiting.append((batch, fut))
        self._pump()
        return await fut

    def _pump(self) -> None:
        while self._waiting and self._flying < self.parallel:
            group, self._waiting = self._waiting[: self.size], self._waiting[self.size :]
            self._flying += 1
            asyncio.get_running_loop().create_task(self._write(group))

    async def _write(self, group: list[tuple[Batch, asyncio.Future[str]]]) -> None:
        t0 = time.perf_counter()
        failed = False
        try:
            results = await self.store.run(self.store.commit_many, [b for b, _ in group])
        except Exception as e:  # the whole group failed (the database is away)
            results = [e] * len(group)
            failed = True
        finally:
            self._flying -= 1
        if self.on_group is not None:
            self.on_group(len(group), time.perf_counter() - t0, failed)
        self.groups += 1
        self.batches += len(group)
        for (_, fut), r in zip(group, results, strict=True):
            if fut.done():
                continue
            if isinstance(r, Exception):
                fut.set_exception(r)
            else:
                fut.set_result(r)
        with contextlib.suppress(RuntimeError):
            self._pump()
