"""Crash safety: ``kill -9`` of the server at random points of many rounds (often with a command
in flight), then a restart, on SQLite and on PostgreSQL. After each restart: every command a
client was told was applied is in the store; the tables are rebuilt to the committed commands
(the store's history unchanged, the same wallets); the ledger balances to the cent and every
table's chips equal its accounts; every finished round replays (R-SETTLE-10); play goes on."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from depth import size
from paigow.service.store.store import Store
from paigow.table.replay import replay
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_support import OPERATOR, Client, Server, default_policy, drive

__all__ = ["pg_cluster"]

#: Kills per backend (``PAIGOW_TEST_DEEP=1``: six).
CYCLES = size(4, 6)
PLAYERS = {"c1": ["crasha", "crashb"], "c2": ["crashc"]}


class KilledError(Exception):
    """The server was killed by the test."""


class Killer:
    """A player policy that, after ``budget`` commands, sends one more without waiting and
    kills the server while it is in flight."""

    def __init__(self, srv: Server, budget: int, key: str) -> None:
        self.srv, self.budget, self.key, self.sent = srv, budget, key, 0

    def __call__(
        self, c: Client, table: str, st: dict[str, Any]
    ) -> list[tuple[str, dict[str, Any]]]:
        actions = default_policy(c, table, st)
        self.sent += len(actions)
        if self.sent >= self.budget and actions:
            action, args = actions[0]
            c.send(
                {"type": "command", "table": table, "id": self.key, "action": action, "args": args}
            )
            self.srv.kill9()
            raise KilledError
        return actions


class RoundsAfter:
    """Done once more than ``n`` rounds are finished."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __call__(self, st: dict[str, Any]) -> bool:
        return bool(st["rounds"] > self.n)


def committed(url: str) -> dict[str, Any]:
    """What the store holds now (read directly, the server being dead)."""
    store = Store(url)
    try:
        return {
            "ops": {t: [(o.seq, o.command) for o in store.ops(t)] for t in PLAYERS},
            "wallets": store.balances("wallet:"),
            "balances": store.balances(""),
            "rounds": {t: store.all_rounds(t) for t in PLAYERS},
        }
    finally:
        store.close()


def connect(srv: Server, tokens: dict[str, str]) -> dict[str, list[Client]]:
    srv.tokens.update(tokens)
    out: dict[str, list[Client]] = {}
    for table, names in PLAYERS.items():
        out[table] = []
        for name in names:
            c = srv.client(srv.login(name))
            c.subscribe(table)
            out[table].append(c)
    return out


def acked(clients: dict[str, list[Client]]) -> set[tuple[str, int]]:
    return {
        (m["table"], m["seq"])
        for cs in clients.values()
        for c in cs
        for m in c.messages
        if m.get("type") == "result" and m.get("status") == "applied" and m.get("seq")
    }


@pytest.mark.parametrize("backend", BACKENDS)
def test_kill9_at_random_points(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = db_url(backend, tmp_path, request)
    rng = random.Random(f"crash-{backend}")
    srv = Server(url, tmp_path).start()
    op = srv.login(OPERATOR)
    # The players are away after each kill while the computers play on: absent_rounds keeps
    # their seats (standing them up would cash their chips into the wallets compared below).
    keep = {"computer_players": 2, "pause_seconds": 0, "absent_rounds": 1000}
    srv.open_table(op, id="c1", profile="generic", **keep)
    srv.open_table(op, id="c2", profile="nj-supreme", **keep)
    for table, names in PLAYERS.items():
        seats = ["1", "2"][: len(names)]
        for c in srv.seat(table, names, seats):
            c.close()
    tokens = dict(srv.tokens)
    history: dict[str, list[tuple[int, Any]]] = {t: [] for t in PLAYERS}
    for cycle in range(CYCLES):
        clients = connect(srv, tokens)
        killer = Killer(srv, rng.randint(2, 30), f"kill-{cycle}")
        with pytest.raises(KilledError):
            for table in PLAYERS:
                drive(clients[table], table, lambda st: False, killer, limit=60)
        told = acked(clients)
        for cs in clients.values():
            for c in cs:
                c.close()
        before = committed(url)
        for table, seq in told:  # every command a client was told of was committed
            assert seq in {s for s, _ in before["ops"][table]}, (cycle, table, seq)
        for table in PLAYERS:  # the store's history only grows
            assert before["ops"][table][: len(history[table])] == history[table]
            history[table] = before["ops"][table]

        srv = Server(url, tmp_path).start()
        op = srv.login(OPERATOR)
        audit = srv.http("GET", "/api/audit", op).json()
        assert audit["findings"] == [], (cycle, audit)
        after = committed(url)
        assert after["wallets"] == before["wallets"]
        for table in PLAYERS:
            assert after["ops"][table][: len(history[table])] == history[table]
            st = srv.http("GET", f"/api/tables/{table}", op).json()
            assert st["held"] is None
            assert st["seq"] >= len(history[table])
            for r in after["rounds"][table]:
                replay(r["record"])
    clients = connect(srv, tokens)
    rounds = {t: srv.http("GET", f"/api/tables/{t}", op).json()["rounds"] for t in PLAYERS}
    for table in PLAYERS:  # play goes on
        drive(clients[table], table, RoundsAfter(rounds[table]))
    assert srv.http("GET", "/api/audit", op).json()["findings"] == []
    srv.stop()
