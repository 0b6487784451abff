"""The garbage collector's pauses kept short: every table waits while it runs.

Python collects its youngest generation after a count of allocations *less deallocations*
(the threshold). A service that makes and drops a projection per viewer per command frees
almost what it makes, so the count seldom reaches the threshold while the objects that are
alive pile up: the youngest generations held 35,000–42,000 of them when a collection finally
came, and walking them took 15–28 ms, every table waiting (docs/reliability.md, "The
collector's pauses"). So besides the thresholds, :class:`Collector` collects the young
generations by the clock, every :data:`EVERY` seconds: a collection then walks what a
fraction of a second left alive, a few milliseconds at most. Full collections stay Python's
(rare: what exists at start-up is frozen out of them for good).

The same clock watches the event loop: when it wakes more than :data:`STALL` seconds after it
asked to, something held the loop at least that long (every table, socket and request
waited), and that is logged as a warning and counted: nothing slow may run on the loop, and
when something does the operator's log says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import Callable

__all__ = ["EVERY", "STALL", "THRESHOLDS", "Collector"]

log = logging.getLogger("paigow.service")

#: Seconds between two collections of the young generations by the clock.
EVERY = 0.2

#: The collector's thresholds (:func:`gc.set_threshold`): the youngest generation every 10,000
#: allocations less deallocations, a backstop for a burst between two collections by the
#: clock (at 1,000, at the maximum pace, it ran 35 times a second, 0.8 ms each, walking the
#: same live projections again and again: 2.7 % of a core; docs/reliability.md);
#: the middle one every ten of those; a full collection after a thousand of the middle ones.
THRESHOLDS = (10_000, 10, 1_000)

#: Seconds the event loop may be late to wake the clock before it is called held.
STALL = 1.0


class Collector:
    """Tunes the collector at start-up and collects the young generations every ``every``
    seconds on the event loop (see the module notes); counts what it did."""

    def __init__(self, every: float = EVERY, stall: float = STALL) -> None:
        self.every = every
        self.stall = stall
        #: Times the loop was held longer than ``stall``, and the longest (seconds).
        self.stalls = 0
        self.longest_stall = 0.0
        #: Collections made by the clock, and the seconds they took together and at most.
        self.collections = 0
        self.seconds = 0.0
        self.longest = 0.0
        self._task: asyncio.Task[None] | None = None
        #: Told how late the clock woke, every time it wakes (the service's figures).
        self.on_late: Callable[[float], None] | None = None

    @staticmethod
    def tune() -> None:
        """What exists at start-up frozen out of the collections for good, and the
        :data:`THRESHOLDS` (a full collection also waits until what the middle ones kept has
        grown by a quarter of what the last full one left, Python's own rule)."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)

    def start(self) -> None:
        """Collect by the clock from now on (on the running event loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop collecting by the clock."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def collect(self) -> None:
        """One collection of the young generations (the youngest and the middle one), timed."""
        t0 = time.perf_counter()
        gc.collect(1)
        took = time.perf_counter() - t0
        self.collections += 1
        self.seconds += took
        self.longest = max(self.longest, took)

    async def _run(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(self.every)
            late = max(0.0, time.monotonic() - asked - self.every)
            self.held(late)
            if self.on_late is not None:
                self.on_late(late)
            self.collect()

    def held(self, late: float) -> None:
        """The clock woke ``late`` seconds after it asked to: over ``stall``, logged and
        counted."""
        if late <= self.stall:
            return
        self.stalls += 1
        self.longest_stall = max(self.longest_stall, late)
        log.warning(
            "the event loop was held for %.1f s: every table, socket and request waited",
            late,
            extra={"event": "event_loop_held"},
        )
