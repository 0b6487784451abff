"""The table service end to end: a real ``paigow serve`` process on loopback, real websocket
clients, on SQLite and on PostgreSQL. Full rounds of every profile with several human seats, a
bank round, a Lucky Chances Player-Dealer round, Supreme Pai Gow with the bonus, a Dragon's Eye
streak across rounds (R-SHUF .. R-SETTLE, R-BANK, R-LC, R-SPG, R-DE)."""

from __future__ import annotations

from typing import Any

import pytest

from paigow.table.replay import replay
from service_fixtures import operator_token, pg_cluster, server
from service_support import Client, Server, default_policy, drive

__all__ = ["operator_token", "pg_cluster", "server"]


def rounds_done(n: int) -> Any:
    return lambda st: st["rounds"] >= n and not st["round_open"]


@pytest.mark.parametrize(
    "profile", ["generic", "colorado", "maryland", "lucky-chances", "nj-supreme"]
)
def test_full_rounds_every_profile(server: Server, operator_token: str, profile: str) -> None:
    """Three human seats play two full rounds of each profile; every finished round is stored,
    replays (R-SETTLE-10), and its chips add up with the wallets."""
    table = f"full-{profile}"
    server.open_table(operator_token, id=table, profile=profile, pause_seconds=0)
    names = [f"{profile.replace('-', '')[:8]}_{i}" for i in range(3)]
    clients = server.seat(table, names, ["1", "2", "4"])

    def policy(c: Client, t: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        if st["waiting"]["for"] == "bank offer" and profile == "lucky-chances":
            return [("bank", {"accept": True})]  # R-LC-01: every hand has a Player-Dealer
        return default_policy(c, t, st)

    st = drive(clients, table, rounds_done(2), policy)
    assert st["rounds"] == 2
    rounds = server.http("GET", f"/api/tables/{table}/rounds", operator_token).json()
    assert [r["round"] for r in rounds] == [2, 1]
    for r in rounds:
        replay(r["record"])
        assert sum(r["record"]["net"].values()) == 0
    for name, c in zip(names, clients, strict=True):
        me = server.http("GET", "/api/me", server.login(name)).json()
        assert me["wallet"] == 50_000  # the sign-up grant less the buy-in
        c.close()
    audit = server.http("GET", "/api/audit", operator_token).json()
    assert audit["findings"] == []
