"""Bounded worker pools for the slow work of requests, so that the event loop — which runs
every table — only waits for it, never does it.

* ``hashing``: threads for argon2 (password hashes and checks). argon2 releases the GIL, so
  threads run it beside the loop; each hash uses 64 MiB, so the pool also bounds that memory.
* ``compute``: processes for pure-Python work (the trainer's scoring and explanations, the
  setting advice, the live audit's ledger check): in a thread it would hold the GIL and make
  the loop wait its turn (15-30 ms per wake-up, measured: docs/reliability.md).

Both run their work at a lower CPU priority than the loop (``nice`` 10: argon2's own threads
inherit it), so a busy pool takes spare CPU, not the tables'. A request takes a free worker,
or waits for one in a bounded queue for at most ``wait`` seconds; past that (or with the queue
full) it is refused with :class:`BusyError`, which the HTTP API answers 503 with ``Retry-After``.
Nothing waits without bound.

Work that nobody waits on at a table (``later``: the recall of stored rounds) waits in a queue
of its own, as bounded, and is handed a worker only when no other request waits: a flood of it
delays the trainer's and the advice's answers by one piece of its work at most (the one running
when they come), instead of by the whole queue (docs/reliability.md, "Abuse").
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

__all__ = ["BusyError", "WorkPool"]

_T = TypeVar("_T")

#: The CPU priority of the workers, below the event loop's (0).
NICE = 10


class BusyError(Exception):
    """No worker was free in time: try again after ``retry_after`` seconds."""

    def __init__(self, pool: str, retry_after: float) -> None:
        super().__init__(f"the server is busy ({pool}); try again in {retry_after:.0f} s")
        self.pool = pool
        self.retry_after = retry_after


def _nice_thread() -> None:
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


def _nice_process(parent: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    """A worker process whose service died (``kill -9``: no one tells it) exits too, within a
    second, instead of living on orphaned."""
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


class WorkPool:
    """``workers`` workers (threads, or processes with ``processes``), at most ``queue``
    requests waiting, each at most ``wait`` seconds."""

    def __init__(
        self,
        name: str,
        workers: int,
        queue: int = 16,
        wait: float = 2.0,
        *,
        processes: bool = False,
    ) -> None:
        self.name = name
        self.workers = max(1, workers)
        self.queue = max(0, queue)
        self.wait = wait
        self.processes = processes
        self._free = self.workers
        self._waiters: deque[asyncio.Future[None]] = deque()
        #: The requests of work that can wait (:meth:`run` ``later``): served after the others.
        self._later: deque[asyncio.Future[None]] = deque()
        self._executor: cf.Executor | None = None
        self._lock = threading.Lock()
        #: Requests refused so far (no worker in time).
        self.refused = 0

    @property
    def busy(self) -> int:
        """Workers at work now."""
        return self.workers - self._free

    @property
    def waiting(self) -> int:
        """Requests waiting for a worker now (those of work that can wait included)."""
        return _live(self._waiters) + _live(self._later)

    def _submit(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> cf.Future[Any]:
        with self._lock:
            return self._pool().submit(fn, *args)

    def _pool(self) -> cf.Executor:
        if self._executor is None:
            if self.processes:
                self._executor = cf.ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_nice_process,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = cf.ThreadPoolExecutor(
                    self.workers, thread_name_prefix=self.name, initializer=_nice_thread
                )
        return self._executor

    def _refuse(self) -> BusyError:
        self.refused += 1
        return BusyError(self.name, max(1.0, self.wait))

    async def _acquire(self, later: bool) -> None:
        if self._free > 0 and not self.waiting:
            self._free -= 1
            return
        line = self._later if later else self._waiters
        if _live(line) >= self.queue:
            raise self._refuse()
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        line.append(fut)
        try:
            await asyncio.wait_for(fut, self.wait)
        except (TimeoutError, asyncio.CancelledError) as e:
            if fut.done() and not fut.cancelled():  # handed a worker at the last moment
                self._release()
            if isinstance(e, TimeoutError):
                raise self._refuse() from None
            raise

    def _release(self) -> None:
        for line in (self._waiters, self._later):
            while line:
                fut = line.popleft()
                if not fut.done():
                    fut.set_result(None)  # the worker goes straight to the next in line
                    return
        self._free += 1

    async def run(self, fn: Callable[..., _T], *args: Any, later: bool = False) -> _T:
        """``fn(*args)`` on a worker (for processes: a module-level function, its arguments
        and result picklable); ``later``: work that can wait, handed a worker only when no
        other request waits for one (module notes).

        Raises:
            BusyError: no worker in time (or the worker process died).
        """
        await self._acquire(later)
        loop = asyncio.get_running_loop()
        try:
            if self.processes:  # making the pool or a worker process: not on the loop
                job = await loop.run_in_executor(None, self._submit, fn, args)
            else:
                job = self._pool().submit(fn, *args)
        except (BrokenProcessPool, RuntimeError):
            self._executor = None  # a worker process died: a new pool next time
            loop.call_soon(self._release)
            raise self._refuse() from None
        # The worker is given back when the work ends, not when the request stops waiting
        # (a client gone does not make its argon2 stop): never more than ``workers`` run.
        job.add_done_callback(lambda _j: self._give_back(loop))
        try:
            return await asyncio.wrap_future(job)
        except BrokenProcessPool:
            self._executor = None
            raise self._refuse() from None

    def warm(self, fn: Callable[[], Any]) -> None:
        """Start the workers now, running ``fn`` (its imports, its caches), in the background:
        the first request then finds them ready (a process started during a flood competes
        with the loop for the interpreter lock while it starts)."""
        loop = asyncio.get_running_loop()
        started = loop.run_in_executor(None, self._submit, fn, ())
        started.add_done_callback(lambda f: f.cancelled() or f.exception())

    def _give_back(self, loop: asyncio.AbstractEventLoop) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has stopped: nothing waits
            loop.call_soon_threadsafe(self._release)

    def close(self) -> None:
        """Stop the workers (work not started is dropped)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _live(line: deque[asyncio.Future[None]]) -> int:
    """The requests of ``line`` still waiting."""
    return sum(1 for f in line if not f.done())
