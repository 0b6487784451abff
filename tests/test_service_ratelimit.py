"""The limiter of every door (src/paigow/service/kit/ratelimit.py, docs/reliability.md "Threats"),
checked on generated request timings against a slow obvious reference: a token bucket per key
in exact arithmetic (fractions of a token), kept for every key ever seen, never forgotten.

* With room for every live key, the bounded limiter answers exactly as the reference does.
* Its memory never exceeds its capacity, whatever the keys (the sign-in limiter used to keep
  an entry for every name ever tried); a key whose bucket has refilled is forgotten.
* Past its capacity it forgets the bucket closest to full.
* The websocket's limits per connection and per account: never more than burst + rate x time,
  a sender within the rate never held back, a limited connection takes nothing from its
  account.

The live floods (a real server, every door) are tests/test_service_floods.py."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.kit.ratelimit import DOORS, Limiter, Limits, Rate, parse_limit, retry_after

NS = 1_000_000_000


class Reference:
    """Token buckets the obvious way: ``count`` tokens, one back every ``step`` ns, as exact
    fractions; a request takes a whole token or is refused (and changes nothing)."""

    def __init__(self, count: int, step: int) -> None:
        self.count = count
        self.step = step
        self.level: dict[str, tuple[Fraction, int]] = {}

    def tokens(self, key: str, now: int) -> Fraction:
        if key not in self.level:
            return Fraction(self.count)
        tokens, at = self.level[key]
        return min(Fraction(self.count), tokens + Fraction(now - at, self.step))

    def take(self, key: str, now: int) -> bool:
        tokens = self.tokens(key, now)
        if tokens >= 1:
            self.level[key] = (tokens - 1, now)
            return True
        return False


RATES = st.builds(Rate, st.integers(1, 6), st.sampled_from([0.001, 0.01, 0.5, 3.0, 60.0]))
# (key, nanoseconds since the previous request)
TIMINGS = st.lists(
    st.tuples(st.sampled_from("abcdefgh"), st.integers(0, 3 * NS)), min_size=1, max_size=300
)


@settings(max_examples=300, deadline=None)
@given(rate=RATES, requests=TIMINGS)
def test_the_limiter_is_a_token_bucket(rate: Rate, requests: list[tuple[str, int]]) -> None:
    """With room for every key, each answer is the reference's, and a refusal says how long
    until the reference has a token again."""
    lim = Limiter(rate, capacity=100)
    ref = Reference(rate.count, lim.step)
    now = 10 * NS
    refused = 0
    for key, gap in requests:
        now += gap
        want = ref.tokens(key, now)
        wait = lim.take(key, now)
        passed = ref.take(key, now)
        assert (wait == 0.0) == passed, (key, now)
        refused += not passed
        if wait:
            assert math.isclose(wait, float((1 - want) * lim.step) / NS, abs_tol=1e-9)
        assert len(lim) <= len(ref.level)
        # what an operator reads (GET /api/limits): the reference's refusals, counted apart
        assert lim.refused == refused


@settings(max_examples=400, deadline=None)
@given(rate=RATES, requests=TIMINGS, capacity=st.integers(1, 4))
def test_bounded_memory_answers_as_the_reference_while_it_has_room(
    rate: Rate, requests: list[tuple[str, int]], capacity: int
) -> None:
    """Never more than ``capacity`` buckets kept; as long as no new key arrives while
    ``capacity`` others are not yet full, every answer is the reference's."""
    lim = Limiter(rate, capacity=capacity)
    ref = Reference(rate.count, lim.step)
    now = 10 * NS
    crowded = False
    for key, gap in requests:
        now += gap
        full = ref.tokens(key, now) == rate.count
        others = sum(1 for k in ref.level if k != key and ref.tokens(k, now) < rate.count)
        crowded = crowded or (full and others >= capacity)
        allowed = lim.take(key, now) == 0.0
        expected = ref.take(key, now)
        if not crowded:
            assert allowed == expected, (key, now)
        assert len(lim) <= capacity
    if not crowded:
        assert lim.evicted == 0


def test_past_its_capacity_it_forgets_the_bucket_closest_to_full() -> None:
    lim = Limiter(Rate(5, 5.0), capacity=2)
    assert lim.take("light", 0) == 0.0
    for _ in range(5):
        assert lim.take("heavy", 0) == 0.0
    assert lim.take("heavy", 0) > 0
    assert lim.take("new", 0) == 0.0
    assert lim.evicted == 1 and len(lim) == 2
    assert lim.wait("heavy", 0) > 0  # still held back
    assert lim.wait("light", 0) == 0.0  # forgotten: a full bucket again


def test_sign_in_limiter_memory_is_bounded() -> None:
    """The defect: the sign-in limiter kept an entry for every name ever tried. A hundred
    thousand distinct names keep at most the capacity, and once their buckets refill the
    limiter forgets them all."""
    rate = DOORS["failed.account"][0]
    lim = Limiter(rate, capacity=5000)
    for i in range(100_000):
        lim.take(f"name{i}", i * 1000)
        assert len(lim) <= 5000
    later = 100_000 * 1000 + int(rate.seconds * NS) + 1
    lim.take("one more", later)
    assert len(lim) == 1


def test_a_failure_counted_ahead_and_given_back_changes_nothing() -> None:
    lim = Limiter(Rate(5, 60.0))
    for _ in range(3):
        lim.take("x", 0)
    before = lim.wait("x", 0), lim._tat["x"][0]
    lim.take("x", 0)
    lim.give_back("x", 0)
    assert (lim.wait("x", 0), lim._tat["x"][0]) == before
    for _ in range(3):
        lim.give_back("x", 0)
    assert len(lim) == 0  # full again: forgotten


class Clock:
    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


# (connection index, seconds since the previous message)
_MESSAGES = st.lists(
    st.tuples(st.integers(0, 3), st.floats(0.0, 0.5, allow_nan=False)), min_size=1, max_size=400
)


@settings(max_examples=200, deadline=None)
@given(
    messages=_MESSAGES,
    conn_rate=st.sampled_from([1, 5, 20]),
    account_rate=st.sampled_from([2, 10, 40]),
)
def test_websocket_limits_never_pass_more_than_burst_plus_rate(
    messages: list[tuple[int, float]], conn_rate: int, account_rate: int
) -> None:
    """Per connection: its own bucket (burst twice the rate a second), whatever the others do;
    per account: all its connections together."""
    clock = Clock()
    limits = Limits(
        {"ws.connection": Rate(2 * conn_rate, 2), "ws.account": Rate(2 * account_rate, 2)},
        clock=clock,
    )
    passed = [0, 0, 0, 0]
    total = 0
    t = 0.0
    for conn, gap in messages:
        t += gap
        clock.now = int(t * NS)
        if limits.take(("ws.connection", f"c{conn}"), ("ws.account", "alice")) == 0.0:
            passed[conn] += 1
            total += 1
        assert passed[conn] <= math.floor(2 * conn_rate + conn_rate * t + 1e-6)
        assert total <= math.floor(2 * account_rate + account_rate * t + 1e-6)


@settings(max_examples=100, deadline=None)
@given(n=st.integers(1, 300), slack=st.floats(1.05, 3.0))
def test_a_sender_within_the_rate_is_never_held(n: int, slack: float) -> None:
    """One connection sending evenly at or below both rates: every message passes."""
    clock = Clock()
    limits = Limits({"ws.connection": Rate(20, 2), "ws.account": Rate(40, 2)}, clock=clock)
    for i in range(n):
        clock.now = int(i * slack / 10.0 * NS)
        assert limits.take(("ws.connection", "c"), ("ws.account", "bob")) == 0.0


def test_a_limited_connection_takes_nothing_from_its_account() -> None:
    """A flood on one connection, refused there, leaves the account's other connection its
    whole allowance (the connection's limit first, then the account's)."""
    limits = Limits({"ws.connection": Rate(2, 2), "ws.account": Rate(10, 2)}, clock=Clock())
    flood = [limits.take(("ws.connection", "flood"), ("ws.account", "carol")) for _ in range(100)]
    assert flood[:2] == [0.0, 0.0] and all(w > 0 for w in flood[2:])
    quiet = [limits.take(("ws.connection", "quiet"), ("ws.account", "carol")) for _ in range(2)]
    assert quiet == [0.0, 0.0]
    wide = Limits({"ws.connection": Rate(1000, 2), "ws.account": Rate(10, 2)}, clock=Clock())
    for _ in range(4):
        wide.take(("ws.account", "carol"))
    passed = sum(
        1 for _ in range(100) if wide.take(("ws.connection", "w"), ("ws.account", "carol")) == 0
    )
    assert passed == 10 - 4  # the account's burst less the four taken above


def test_the_wait_says_how_long() -> None:
    """The seconds to wait, given to the client, are when the next token is there; the
    Retry-After header rounds them up to a whole second."""
    lim = Limiter(Rate(8, 2.0))
    for _ in range(8):
        assert lim.take("k", 0) == 0.0
    assert lim.take("k", 0) == 0.25
    assert lim.take("k", NS // 4) == 0.0
    assert [retry_after(w) for w in (0.01, 0.25, 1.0, 1.2)] == ["1", "1", "1", "2"]


def test_limits_are_read_as_the_operator_writes_them() -> None:
    assert parse_limit("register.address=5/3600") == ("register.address", Rate(5, 3600.0))
    assert str(Rate.parse(" 30 / 60 ")) == "30/60"
    for bad in ("register.address", "nowhere=5/60", "login.account=5", "login.account=0/60"):
        with pytest.raises(ValueError):
            parse_limit(bad)
    assert set(Limits().doors) == set(DOORS)


def test_the_report_names_every_door_its_limit_and_its_refusals() -> None:
    """``GET /api/limits``: every door with its limit as ``--limit`` writes it, the keys it
    holds, its refusals; asking how long to wait refuses nothing."""
    now = [10 * NS]
    limits = Limits({"chat.table": Rate(2, 10)}, clock=lambda: now[0])
    for _ in range(5):
        limits.take(("chat.table", "t1"))
    limits.wait(("chat.table", "t1"))
    limits.take(("ws.connection", "c1"))
    report = limits.report()
    assert set(report) == set(DOORS)
    assert report["chat.table"] == {"limit": "2/10", "refused": 3, "keys": 1, "evicted": 0}
    assert report["ws.connection"] == {"limit": "100/2", "refused": 0, "keys": 1, "evicted": 0}
    assert all(parse_limit(f"{d}={r['limit']}")[0] == d for d, r in report.items())
