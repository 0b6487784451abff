"""Rate limits of every door of the service, with bounded memory: one :class:`Limiter` per door
and kind of key (a client address, an account, a connection, or everyone together).

A limit is a :class:`Rate`: at most ``count`` requests at once (the burst), refilled at
``count`` every ``seconds``. Each key has a token bucket, kept as the generic cell rate
algorithm keeps it: one integer, the *theoretical arrival time* (TAT, in nanoseconds of the
monotonic clock). A request at ``now`` is let through when ``max(TAT, now) + T - now <= L``
(``T = seconds / count``, the time one token takes to come back, and ``L = count * T``), and the
TAT then moves on by ``T``; a refused request changes nothing and is told how long to wait. This
is exactly a token bucket of ``count`` tokens refilled at ``1/T`` a second (the tests check it
against one, in exact arithmetic).

**Memory.** A key whose TAT has passed has a full bucket: it is forgotten, which changes no
answer (expiry). At most ``capacity`` keys are kept; a new key past it first forgets the expired
ones, then, if all are live, the one whose bucket is closest to full (it constrains least): an
attacker must keep ``capacity`` keys busy at once to make the limiter forget one.

The doors and their defaults are :data:`DOORS` (``paigow serve --limit DOOR=COUNT/SECONDS``).
"""

from __future__ import annotations

import heapq
import math
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

__all__ = [
    "CLOSE_AFTER",
    "DOORS",
    "LimitedError",
    "Limiter",
    "Limits",
    "Rate",
    "parse_limit",
    "retry_after",
]

#: Messages refused in a row before a websocket is closed (code 4429).
CLOSE_AFTER = 100


@dataclass(frozen=True)
class Rate:
    """At most ``count`` at once, refilled at ``count`` every ``seconds``."""

    count: int
    seconds: float

    def __post_init__(self) -> None:
        if not (isinstance(self.count, int) and 1 <= self.count <= 1_000_000_000):
            raise ValueError(f"a limit's count is 1..1e9, got {self.count!r}")
        if not (0.001 <= self.seconds <= 366 * 86400):
            raise ValueError(f"a limit's period is 0.001 s..366 days, got {self.seconds!r}")

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``COUNT/SECONDS`` (``5/3600``: five, then one every 12 minutes)."""
        m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+(?:\.\d+)?)\s*", text)
        if m is None:
            raise ValueError(f"a limit is COUNT/SECONDS (say 5/3600), got {text!r}")
        return cls(int(m.group(1)), float(m.group(2)))

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds:g}"


#: Every door, its default and what it counts. ``address``: per client address (IPv6 by /64,
#: docs/service.md); ``account``: per account name; ``all``: every client together.
DOORS: dict[str, tuple[Rate, str]] = {
    "http.address": (Rate(300, 10), "HTTP requests of one address (every route)"),
    "register.address": (Rate(10, 3600), "accounts registered from one address (guests too)"),
    "register.all": (Rate(120, 60), "accounts registered by everyone together"),
    "login.address": (Rate(30, 60), "sign-ins from one address, successful or not"),
    "login.account": (Rate(10, 60), "sign-ins to one account, successful or not"),
    "failed.address": (Rate(30, 60), "failed sign-ins (or password checks) from one address"),
    "failed.account": (Rate(5, 60), "failed sign-ins (or password checks) of one account"),
    "ws.address": (
        Rate(30, 30),
        "websockets opened from one address (/ws, /ws/lobby and /ws/watch)",
    ),
    "ws.connection": (Rate(100, 2), "messages on one websocket"),
    "ws.account": (Rate(200, 2), "messages on all the websockets of one account"),
    "snapshot.key": (
        Rate(60, 10),
        "subscriptions (each a table's whole state) of one account, or of one address's "
        "signed-out spectators",
    ),
    "chat.account": (Rate(5, 10), "chat messages of one account (every table)"),
    "chat.table": (Rate(40, 10), "chat messages at one table (everyone together)"),
    "recall.account": (
        Rate(30, 60),
        "stored rounds recalled by one player (a table's history, their own rounds), each "
        "redacted on the compute pool (an answer kept for the signed-out costs none)",
    ),
    "recall.address": (
        Rate(60, 60),
        "stored rounds recalled from one address, signed in or out, each redacted on the "
        "compute pool",
    ),
    "private.lookup": (Rate(10, 60), "private tables' codes looked up from one address"),
    "private.open": (Rate(5, 600), "private tables opened by one account"),
    "pit.account": (
        Rate(300, 60),
        "requests of one operator account to the operator's routes (the pit's and the "
        "others) and its subscriptions to the pit's floor",
    ),
}


class LimitedError(Exception):
    """A request over a door's limit (HTTP 429 with ``Retry-After``)."""

    def __init__(self, wait: float, message: str = "too many requests; try again later") -> None:
        super().__init__(message)
        self.wait = wait


def parse_limit(text: str) -> tuple[str, Rate]:
    """``DOOR=COUNT/SECONDS`` (``paigow serve --limit``)."""
    door, sep, rate = text.partition("=")
    door = door.strip()
    if not sep or door not in DOORS:
        raise ValueError(f"--limit DOOR=COUNT/SECONDS with DOOR one of {', '.join(DOORS)}")
    return door, Rate.parse(rate)


class Limiter:
    """Token buckets of one rate, one per key, at most ``capacity`` kept (module notes)."""

    def __init__(
        self,
        rate: Rate,
        capacity: int = 20_000,
        clock: Callable[[], int] = time.monotonic_ns,
    ) -> None:
        self.rate = rate
        self.capacity = capacity
        self.clock = clock
        self.step = max(1, round(rate.seconds * 1e9 / rate.count))  # T, ns
        self.span = self.step * rate.count  # L, ns
        self._tat: dict[str, tuple[int, int]] = {}  # key -> (TAT, version)
        self._heap: list[tuple[int, int, str]] = []  # (TAT, version, key); stale ones skipped
        self._version = 0
        #: Live buckets forgotten to make room (an attack on the limiter's memory, or a
        #: capacity too small for the traffic).
        self.evicted = 0
        #: Calls of :meth:`take` refused since the limiter was made (every key together).
        self.refused = 0

    def __len__(self) -> int:
        return len(self._tat)

    def wait(self, key: str, now: int | None = None) -> float:
        """Seconds until ``key`` may pass (0.0: now), without taking anything."""
        t = self.clock() if now is None else now
        found = self._tat.get(key)
        tat = t if found is None else max(found[0], t)
        return max(0, tat + self.step - t - self.span) / 1e9

    def take(self, key: str, now: int | None = None) -> float:
        """Let ``key`` through (0.0) or say how many seconds it must wait (nothing taken)."""
        t = self.clock() if now is None else now
        found = self._tat.get(key)
        new = (t if found is None else max(found[0], t)) + self.step
        if new - t > self.span:
            self.refused += 1
            return (new - t - self.span) / 1e9
        self._expire(t)
        if found is None and len(self._tat) >= self.capacity:
            self._evict()
        self._version += 1
        self._tat[key] = (new, self._version)
        heapq.heappush(self._heap, (new, self._version, key))
        if len(self._heap) > 2 * self.capacity + 64:
            self._heap = [(v[0], v[1], k) for k, v in self._tat.items()]
            heapq.heapify(self._heap)
        return 0.0

    def forget(self, key: str) -> None:
        """Drop ``key``'s bucket."""
        self._tat.pop(key, None)

    def give_back(self, key: str, now: int | None = None) -> None:
        """Return one token taken from ``key`` (one taken ahead for a failure that did not
        happen)."""
        found = self._tat.get(key)
        if found is None:
            return
        t = self.clock() if now is None else now
        tat = found[0] - self.step
        if tat <= t:
            del self._tat[key]
        else:  # the heap keeps the later time: the bucket is forgotten late, never early
            self._tat[key] = (tat, found[1])

    def _live(self, item: tuple[int, int, str]) -> bool:
        found = self._tat.get(item[2])
        return found is not None and found[1] == item[1]

    def _expire(self, now: int) -> None:
        while self._heap and self._heap[0][0] <= now:
            item = heapq.heappop(self._heap)
            if self._live(item):
                del self._tat[item[2]]

    def _evict(self) -> None:
        while self._heap:
            item = heapq.heappop(self._heap)
            if self._live(item):
                del self._tat[item[2]]
                self.evicted += 1
                return


class Limits:
    """The limiter of every door (:data:`DOORS`, with the operator's overrides)."""

    def __init__(
        self,
        rates: Mapping[str, Rate] | None = None,
        capacity: int = 20_000,
        clock: Callable[[], int] = time.monotonic_ns,
    ) -> None:
        chosen = {door: rate for door, (rate, _) in DOORS.items()}
        chosen.update(rates or {})
        self.doors = {door: Limiter(rate, capacity, clock) for door, rate in chosen.items()}

    def take(self, *checks: tuple[str, str]) -> float:
        """Pass every ``(door, key)`` in order, or the seconds to wait at the first that
        refuses (those after it take nothing: an address over its limit uses up nobody
        else's allowance)."""
        for door, key in checks:
            wait = self.doors[door].take(key)
            if wait:
                return wait
        return 0.0

    def wait(self, *checks: tuple[str, str]) -> float:
        """The longest wait among ``(door, key)``, taking nothing."""
        return max((self.doors[d].wait(k) for d, k in checks), default=0.0)

    def forget(self, door: str, key: str) -> None:
        """Drop one key's bucket."""
        self.doors[door].forget(key)

    def give_back(self, *checks: tuple[str, str]) -> None:
        """Return a token to each ``(door, key)``."""
        for door, key in checks:
            self.doors[door].give_back(key)

    def report(self) -> dict[str, dict[str, str | int]]:
        """Per door: its limit (``COUNT/SECONDS``), the passages it refused since the service
        started, the keys it holds now and the live ones it forgot to make room
        (``GET /api/limits``)."""
        return {
            door: {
                "limit": str(lim.rate),
                "refused": lim.refused,
                "keys": len(lim),
                "evicted": lim.evicted,
            }
            for door, lim in self.doors.items()
        }


def retry_after(wait: float) -> str:
    """A ``Retry-After`` header's value for a wait in seconds (whole seconds, at least 1)."""
    return str(max(1, math.ceil(wait)))
