"""The collector's pauses (src/paigow/service/kit/collector.py, docs/reliability.md "The
collector's pauses"): why the young generations are collected by the clock, and that they are.

Python counts allocations *less deallocations* towards a young collection. A service that
replaces what it made a moment ago (a projection per viewer per command) frees about what it
makes, so the count stays under the threshold while the live young objects pile up, and the
collection that finally comes walks all of them, every table waiting. The first test shows the
pile-up on the service's own thresholds; the others that a collection by the clock empties the
young generations, that the service's clock runs and stops, and that the same clock reports
the event loop held. No collection's length is asserted: it follows the objects it walks, which
are counted."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Iterator

import pytest

from paigow.service.kit.collector import EVERY, THRESHOLDS, Collector


@pytest.fixture
def thresholds() -> Iterator[None]:
    """The service's thresholds for the test, the test process's own put back after."""
    was = gc.get_threshold()
    gc.collect()
    gc.set_threshold(*THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*was)


def _state(i: int) -> dict[str, object]:
    """A small projection-like value: dicts and lists, seven of them tracked by the collector
    (a dict holding only numbers is not)."""
    return {"n": [i], "round": {"positions": [[i], [i + 1]], "wagers": [{"a": i}, {"b": i}]}}


TRACKED = 7


def _walk(x: object) -> Iterator[object]:
    yield x
    for y in x.values() if isinstance(x, dict) else x if isinstance(x, list) else ():
        yield from _walk(y)


def _young() -> int:
    return len(gc.get_objects(0)) + len(gc.get_objects(1))


def _churn(ring: list[dict[str, object]], steps: int) -> int:
    """Replace the ring's states one by one, as broadcasts do; the most young objects seen."""
    most = 0
    for i in range(steps):
        ring[i % len(ring)] = _state(i)  # seven objects made, the seven of an older one freed
        if i % 1_000 == 0:
            most = max(most, _young())
    return max(most, _young())


def test_a_service_that_frees_what_it_makes_piles_up_young_objects(thresholds: None) -> None:
    ring = [_state(i) for i in range(3_000)]  # made, then aged by the collections it caused
    gc.collect()
    assert sum(gc.is_tracked(x) for x in _walk(_state(0))) == TRACKED
    # every state replaced once: 21,000 objects made, as many freed, the count never reaching
    # the threshold — and every new state still alive, in the young generations
    piled = _churn(ring, 3_000)
    assert piled >= 3_000 * TRACKED, piled
    c = Collector()
    c.collect()
    assert _young() < 1_000  # what a collection by the clock leaves: walked once, aged
    assert c.collections == 1 and c.seconds == c.longest > 0
    # by the clock, the young generations hold only what was made since the last collection
    for _ in range(5):
        _churn(ring, 500)
        assert _young() >= 500 * TRACKED
        c.collect()
        assert _young() < 1_000
    assert c.collections == 6 and c.longest <= c.seconds


def test_the_service_collects_by_its_clock_until_it_stops() -> None:
    assert 0 < EVERY <= 1

    async def run() -> tuple[int, int]:
        c = Collector(every=0.01)
        c.start()
        c.start()  # once only
        for _ in range(1_000):  # at most 10 s, however loaded the machine
            if c.collections >= 3:
                break
            await asyncio.sleep(0.01)
        await c.stop()
        stopped = c.collections
        await asyncio.sleep(0.05)
        await c.stop()  # stopping twice is stopping
        return stopped, c.collections

    stopped, later = asyncio.run(run())
    assert stopped >= 3 and later == stopped


def test_a_held_event_loop_is_logged_and_counted(caplog: pytest.LogCaptureFixture) -> None:
    """Something that holds the event loop (here a blocking sleep in a coroutine, as a slow
    call made on the loop would) makes the clock wake late: over the collector's ``stall``
    seconds that is logged as a warning and counted, the longest kept: at least the hold less
    the clock's own interval (the clock had asked to wake before the hold began, and would have
    slept that interval anyway)."""

    async def run() -> Collector:
        c = Collector(every=0.01, stall=0.3)
        c.start()
        for _ in range(1_000):  # the clock running (at most 10 s, however loaded the machine)
            if c.collections >= 2:
                break
            await asyncio.sleep(0.01)
        time.sleep(0.6)  # the loop held
        for _ in range(1_000):
            if c.stalls:
                break
            await asyncio.sleep(0.01)
        await c.stop()
        return c

    with caplog.at_level(logging.WARNING, logger="paigow.service"):
        c = asyncio.run(run())
    held = [r.getMessage() for r in caplog.records if "event loop was held" in r.getMessage()]
    assert c.stalls >= 1 and len(held) == c.stalls, held
    assert c.longest_stall >= 0.55
