"""Money moved by hand (docs/service.md, "The pit"; ``POST /api/pit/accounts/{name}/adjust``,
the one door for it): a reason that is words, normalised as the chat's text is (NFKC,
whitespace collapsed) with invisible, control and format characters refused; an idempotency
key kept in the database, so a retry — after a restart, or sent to another process of a
cluster — moves nothing again; a bound on each adjustment; never an operator's own wallet; each
one an event with who, whom, how much and why.

The defects these guard: a reason of three spaces was stored as "", zero-width characters
passed; the same adjustment sent 12 times moved 12 times; ``POST /api/wallets/{name}/deposit``
moved up to 10^12 cents either way with no reason; an operator adjusted their own wallet.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from paigow.service.routes.pit_api import MAX_ADJUSTMENT
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import OPERATOR, Server

__all__ = ["pg_cluster"]

_KEYS = (f"adjust-test-{n}" for n in itertools.count(1))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One SQLite server for the module."""
    tmp = tmp_path_factory.mktemp("adjust")
    srv = Server(f"sqlite:///{tmp / 'adjust.sqlite3'}", tmp).start()
    try:
        yield srv
    finally:
        srv.stop()


def _adjust(
    server: Server, name: str, cents: int, reason: str, key: str | None = None
) -> httpx.Response:
    body = {"cents": cents, "reason": reason, "key": key or next(_KEYS)}
    return server.http("POST", f"/api/pit/accounts/{name}/adjust", server.login(OPERATOR), body)


def _race(server: Server, body: tuple[int, str, str]) -> httpx.Response:
    """One of several identical adjustments sent at once."""
    return _adjust(server, "clustered", *body)


def _account(server: Server, name: str) -> dict[str, Any]:
    r = server.http("GET", f"/api/pit/accounts/{name}", server.login(OPERATOR))
    assert r.status_code == 200, r.text
    return dict(r.json())


def _adjusted(server: Server, name: str) -> list[dict[str, Any]]:
    """The ``wallet_adjusted`` events of account ``name``, oldest first."""
    r = server.http("GET", "/api/events?limit=1000", server.login(OPERATOR))
    return [
        e for e in r.json() if e["kind"] == "wallet_adjusted" and e["detail"]["account"] == name
    ]


def test_a_reason_is_words_normalised_with_nothing_invisible(server: Server) -> None:
    """A reason is normalised as text a person wrote (NFKC, whitespace collapsed, trimmed):
    full-width letters and a tab are stored as plain words. Three spaces (stored as "" before),
    a reason shorter than 8 characters once normalised, and one holding a zero-width space, a
    right-to-left override or a control character (all passed before) are refused, 422 with
    the reason, and nothing moves."""
    server.player("reasons")
    r = _adjust(server, "reasons", 500, "ｇｏｏｄｗｉｌｌ\tafter   a dropped hand  ")
    assert r.status_code == 200, r.text
    before = _account(server, "reasons")
    assert before["ledger"][0]["reason"] == "adjustment: goodwill after a dropped hand"
    assert _adjusted(server, "reasons")[-1]["detail"]["reason"] == "goodwill after a dropped hand"
    for bad, why in (
        ("   ", "8..60 characters"),
        ("  refund  ", "8..60 characters"),
        ("good\u200bwill credit", "U+200B"),
        ("credit \u202eytivarg", "U+202E"),
        ("credit\x00 for a slow table", "U+0000"),
        ("\u3164" * 10, "U+1160"),
    ):
        r = _adjust(server, "reasons", 500, bad)
        assert r.status_code == 422 and why in r.json()["detail"], (bad, r.text)
    after = _account(server, "reasons")
    assert after["wallet"] == before["wallet"] and after["ledger"] == before["ledger"]


def test_the_same_key_moves_once_and_another_adjustment_under_it_is_refused(
    server: Server,
) -> None:
    """The same adjustment sent 12 times with one key (a retry after a lost answer) moves once:
    every answer is the first one's (the wallet after it, its event), the 11 repeats saying so
    in ``Idempotent-Replayed``; one ledger line, one event with who, whom, how much, why and the
    key. The key with another amount, reason or account is refused (409); a new key is a new
    adjustment. Before, 12 sends moved 12 times."""
    server.player("twelve")
    server.player("other_one")
    w0 = _account(server, "twelve")["wallet"]
    answers = [
        _adjust(server, "twelve", 2500, "refund of a voided round", "k-twelve") for _ in range(12)
    ]
    assert all(r.status_code == 200 for r in answers), [r.text for r in answers]
    assert len({r.text for r in answers}) == 1 and answers[0].json()["wallet"] == w0 + 2500
    assert [r.headers.get("Idempotent-Replayed") for r in answers] == [None] + ["true"] * 11
    a = _account(server, "twelve")
    assert a["wallet"] == w0 + 2500
    assert [line["cents"] for line in a["ledger"] if line["other"] == "cashier"].count(2500) == 1
    (ev,) = _adjusted(server, "twelve")
    assert ev["id"] == answers[0].json()["event"] and ev["actor"] == OPERATOR
    assert ev["detail"] == {
        "account": "twelve",
        "cents": 2500,
        "reason": "refund of a voided round",
        "key": "k-twelve",
    }
    for name, cents, reason in (
        ("twelve", 2501, "refund of a voided round"),
        ("twelve", 2500, "refund of another round"),
        ("other_one", 2500, "refund of a voided round"),
    ):
        r = _adjust(server, name, cents, reason, "k-twelve")
        assert r.status_code == 409 and "another adjustment" in r.json()["detail"], r.text
    assert _account(server, "twelve")["wallet"] == w0 + 2500
    r = _adjust(server, "twelve", 2500, "refund of a voided round", "k-twelve-2")
    assert r.status_code == 200 and r.json()["wallet"] == w0 + 5000


def test_a_key_is_still_caught_after_a_restart(tmp_path: Path) -> None:
    """Keys are kept in the database: the same adjustment sent again after the server was
    restarted answers the first result and moves nothing."""
    srv = Server(f"sqlite:///{tmp_path / 'restart.sqlite3'}", tmp_path).start()
    try:
        srv.player("restarted")
        first = _adjust(srv, "restarted", 700, "credit before a restart", "k-restart")
        assert first.status_code == 200, first.text
        srv.stop()
        srv.tokens.clear()
        srv.start()
        again = _adjust(srv, "restarted", 700, "credit before a restart", "k-restart")
        assert again.status_code == 200 and again.json() == first.json(), again.text
        assert again.headers.get("Idempotent-Replayed") == "true"
        assert _account(srv, "restarted")["wallet"] == first.json()["wallet"]
    finally:
        srv.stop()


def test_a_key_is_caught_by_every_process_of_a_cluster(
    pg_cluster: PgCluster, tmp_path: Path
) -> None:
    """Two ``--cluster`` processes on one PostgreSQL: an adjustment made through one and sent
    again through the other moves nothing; the same adjustment sent to both at once, again and
    again, moves once (the key's primary key lets one transaction commit; the others are
    answered as repeats)."""
    url = pg_cluster.new_database()
    a = Server(url, tmp_path, "--cluster", "--instance", "adj-a").start()
    b = Server(url, tmp_path, "--cluster", "--instance", "adj-b").start()
    try:
        a.player("clustered")
        for s in (a, b):  # (signed in before the threads share them)
            s.login(OPERATOR)
        first = _adjust(a, "clustered", 900, "credit through one process", "k-cluster")
        assert first.status_code == 200, first.text
        again = _adjust(b, "clustered", 900, "credit through one process", "k-cluster")
        assert again.status_code == 200 and again.json() == first.json(), again.text
        w = first.json()["wallet"]
        for n in range(5):
            body = (300, "credit sent twice at once", f"k-race-{n}")
            with ThreadPoolExecutor(8) as pool:
                got = list(pool.map(functools.partial(_race, body=body), [a, b] * 4))
            assert all(r.status_code == 200 for r in got), [r.text for r in got]
            assert len({r.json()["wallet"] for r in got}) == 1
            w += 300
            assert got[0].json()["wallet"] == w
        assert _account(b, "clustered")["wallet"] == w
        assert len(_adjusted(a, "clustered")) == 6
    finally:
        with contextlib.suppress(Exception):
            a.stop()
        b.stop()


def test_an_adjustment_is_bounded_and_not_zero(server: Server) -> None:
    """At most :data:`MAX_ADJUSTMENT` cents either way (10^12 passed before), never 0: past it
    422 naming the bound, nothing moved; the bound itself moves."""
    server.player("bounded_by")
    w0 = _account(server, "bounded_by")["wallet"]
    for cents in (MAX_ADJUSTMENT + 1, -MAX_ADJUSTMENT - 1, 10**12, 0):
        r = _adjust(server, "bounded_by", cents, "a very large credit")
        assert r.status_code == 422, (cents, r.text)
        assert str(MAX_ADJUSTMENT) in r.text or "at least one cent" in r.text, r.text
    assert _account(server, "bounded_by")["wallet"] == w0
    r = _adjust(server, "bounded_by", MAX_ADJUSTMENT, "the largest credit there is")
    assert r.status_code == 200 and r.json()["wallet"] == w0 + MAX_ADJUSTMENT


def test_an_operator_does_not_adjust_their_own_wallet(server: Server) -> None:
    """403 with the reason, however the name is written; nothing moves (before: 200)."""
    w0 = _account(server, OPERATOR)["wallet"]
    for name in (OPERATOR, OPERATOR.upper()):
        r = _adjust(server, name, 10_000, "paying myself a bonus")
        assert r.status_code == 403 and "their own wallet" in r.json()["detail"], r.text
    assert _account(server, OPERATOR)["wallet"] == w0
    assert _adjusted(server, OPERATOR) == []


def test_the_deposit_route_is_retired(server: Server) -> None:
    """``POST /api/wallets/{name}/deposit`` moved up to 10^12 cents with no reason, no key and
    no event but its own: it answers 410 naming the one door, and moves nothing (players and
    the signed-out are refused at the door as before)."""
    server.player("deposited")
    w0 = _account(server, "deposited")["wallet"]
    op = server.login(OPERATOR)
    r = server.http("POST", "/api/wallets/deposited/deposit", op, {"cents": 10**12})
    assert r.status_code == 410 and "/api/pit/accounts/deposited/adjust" in r.json()["detail"]
    assert _account(server, "deposited")["wallet"] == w0
    player = server.player("deposit_tries")
    r = server.http("POST", "/api/wallets/deposited/deposit", player, {"cents": 100})
    assert r.status_code == 403, r.text
