"""Group commit: the batches of many tables that are ready at the same moment are written in
one database transaction, so that one flush to disk serves them all.

Each table's actor waits for its own batch's commit (write-ahead: nobody is told before), so a
table never has more than one batch in flight; what is grouped are different tables' batches.
When one batch of a group is refused (a lease lost, say), the store commits each on its own
(:meth:`paigow.service.store.Store.commit_many`), so no table's batch depends on another's.
"""

from __future__ import annotations

import asyncio
import contextlib

from .store import Batch, Store

__all__ = ["GroupCommit"]


class GroupCommit:
    """Commits batches, grouping those that wait together (at most ``size`` a group and
    ``parallel`` groups in flight: 1 for SQLite, a few for PostgreSQL)."""

    def __init__(self, store: Store, size: int = 64, parallel: int | None = None) -> None:
        self.store = store
        self.size = size
        self.parallel = parallel or (1 if store.is_sqlite else 3)
        self._waiting: list[tuple[Batch, asyncio.Future[str]]] = []
        self._flying = 0
        self.groups = 0
        self.batches = 0

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
        try:
            results = await self.store.run(self.store.commit_many, [b for b, _ in group])
        except Exception as e:  # the whole group failed (the database is away)
            results = [e] * len(group)
        finally:
            self._flying -= 1
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
