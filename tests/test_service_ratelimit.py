"""The websocket's rate limits (src/paigow/service/ratelimit.py, docs/reliability.md "Abuse"):
token buckets per connection and per account, checked on generated message timings against
the slow obvious bound: over any run from the start, a bucket lets through at most its burst
plus its rate times the time elapsed, and a sender within the rate is never held back.
The live flood (a real client closed with 4429) is tests/test_service_fuzz.py."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.ratelimit import Bucket, RateLimits

# (connection index, seconds since the previous message)
_MESSAGES = st.lists(
    st.tuples(st.integers(0, 3), st.floats(0.0, 0.5, allow_nan=False)), min_size=1, max_size=400
)


@settings(max_examples=200, deadline=None)
@given(
    messages=_MESSAGES,
    conn_rate=st.sampled_from([1.0, 5.0, 20.0]),
    account_rate=st.sampled_from([2.0, 10.0, 40.0]),
)
def test_buckets_never_pass_more_than_burst_plus_rate(
    messages: list[tuple[int, float]], conn_rate: float, account_rate: float
) -> None:
    limits = RateLimits(conn_rate, account_rate)
    t0 = 1000.0
    buckets = [Bucket(conn_rate, 2 * conn_rate, at=t0) for _ in range(4)]
    passed = [0, 0, 0, 0]
    now = t0
    total = 0
    for conn, gap in messages:
        now += gap
        if limits.check(buckets[conn], "alice", now) == 0.0:
            passed[conn] += 1
            total += 1
        elapsed = now - t0
        # per connection: its own bucket (burst 2 x rate), whatever the others do
        assert passed[conn] <= math.floor(2 * conn_rate + conn_rate * elapsed + 1e-9)
        # per account: all its connections together
        assert total <= math.floor(2 * account_rate + account_rate * elapsed + 1e-9)


@settings(max_examples=100, deadline=None)
@given(n=st.integers(1, 300), slack=st.floats(1.05, 3.0))
def test_a_sender_within_the_rate_is_never_held(n: int, slack: float) -> None:
    """One connection sending evenly at or below both rates: every message passes."""
    limits = RateLimits(conn_rate=10.0, account_rate=20.0)
    bucket = Bucket(10.0, 20.0, at=0.0)
    for i in range(n):
        assert limits.check(bucket, "bob", i * slack / 10.0) == 0.0


def test_a_limited_connection_takes_nothing_from_its_account() -> None:
    """A flood on one connection, refused there, leaves the account's other connection its
    whole allowance (per-connection limit first, then the account's)."""
    limits = RateLimits(conn_rate=1.0, account_rate=5.0)
    flood, quiet = Bucket(1.0, 2.0, at=0.0), Bucket(1.0, 2.0, at=0.0)
    results = [limits.check(flood, "carol", 0.0) for _ in range(100)]
    assert results[:2] == [0.0, 0.0] and all(w > 0 for w in results[2:])
    assert [limits.check(quiet, "carol", 0.0) for _ in range(2)] == [0.0, 0.0]
    other = Bucket(10.0, 20.0, at=0.0)  # a generous connection: the account's limit holds
    passed = sum(1 for _ in range(100) if limits.check(other, "carol", 0.0) == 0.0)
    assert passed == 10 - 4  # the account's burst (2 x 5) less the four taken above


def test_the_wait_says_how_long() -> None:
    """The seconds to wait, given to the client, are when the next token is there."""
    b = Bucket(4.0, 8.0, at=0.0)
    for _ in range(8):
        assert b.take(0.0) == 0.0
    assert b.take(0.0) == 0.25
    assert b.take(0.25) == 0.0
