"""Rate limits of the websocket: token buckets per connection and per account.

A bucket holds up to ``burst`` tokens and refills at ``rate`` a second; each message takes
one. A message that finds its connection's or its account's bucket empty is not handled: the
client gets an ``error`` saying so (and how long to wait). A connection that keeps sending
while limited (``close_after`` messages refused in a row) is closed (code 4429) and the event
logged.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

__all__ = ["Bucket", "RateLimits"]


@dataclass
class Bucket:
    """A token bucket."""

    rate: float
    burst: float
    tokens: float = -1.0
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def take(self, now: float | None = None) -> float:
        """Take a token: 0.0 when there was one, else the seconds until there is one."""
        t = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (t - self.at) * self.rate)
        self.at = t
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


class RateLimits:
    """The buckets of every connection and account."""

    def __init__(self, conn_rate: float, account_rate: float, close_after: int = 100) -> None:
        self.conn_rate = conn_rate
        self.account_rate = account_rate
        self.close_after = close_after
        self._accounts: dict[str, Bucket] = {}

    def connection(self) -> Bucket:
        """A new connection's bucket."""
        return Bucket(self.conn_rate, 2 * self.conn_rate)

    def check(self, conn_bucket: Bucket, account: str, now: float | None = None) -> float:
        """0.0 when a message may be handled, else the seconds to wait (nothing is taken
        from the account when the connection is over its limit)."""
        wait = conn_bucket.take(now)
        if wait:
            return wait
        acct = self._accounts.get(account)
        if acct is None:
            t = time.monotonic() if now is None else now
            acct = Bucket(self.account_rate, 2 * self.account_rate, at=t)
            self._accounts[account] = acct
        return acct.take(now)
