"""The wallet and the buy-in bound the service tells every page of an account
(:mod:`paigow.service.accounts.wallets`, docs/service.md, ``wallet``), on a real store: the bound is
the edge of the store's own refusal (the page offers exactly what the commit would take), and a
change is pushed to every websocket of the account and of the accounts bound to it, read after
the commit, and to nobody else."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

from paigow.service.accounts.auth import User
from paigow.service.accounts.wallets import WalletPush, figures, wallet_names
from paigow.service.connection import Connection
from paigow.service.db.accounts_sql import Move, now
from paigow.service.protection import rules
from paigow.service.protection.bindings import link
from paigow.service.store.store import Batch, OpRow, Store
from paigow.service.tables.config import TableConfig


def _store(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'w.db'}")
    store.migrate()
    store.open_table("t", TableConfig(id="t", profile="generic").to_json())
    for name in ("amy", "bea", "cal"):
        store.create_user(name, "x", "player", 100_000)
    return store


def _buy_in(store: Store, name: str, cents: int, seq: int) -> None:
    move = Move(f"wallet:{name}", f"chips:t:{name}", cents, "buy-in", "1")
    store.commit(Batch("t", [OpRow(seq, {"a": "sit", "n": seq}, name)], [(seq, move)]))


def _drain(conn: Connection) -> list[Any]:
    return [conn.queue.get_nowait() for _ in range(conn.queue.qsize())]


def test_the_bound_is_the_edge_of_what_the_store_takes(tmp_path: Path) -> None:
    """The wallet, then what the daily limit leaves (it is less), then nothing during a
    self-exclusion; at each, the store's own check refuses one cent more than the bound and
    takes the bound (the page's buy-in control took $100 with $50.00 left)."""
    store = _store(tmp_path)
    assert figures(store, ["amy"])["amy"] == {
        "wallet": 100_000,
        "buy_in": {"max": 100_000, "by": "wallet", "left_today": None},
    }
    _buy_in(store, "amy", 20_000, 1)
    rules.set_limit(store, "amy", 25_000, 24.0)
    found = figures(store, ["amy"])["amy"]
    assert found == {"wallet": 80_000, "buy_in": {"max": 5_000, "by": "limit", "left_today": 5_000}}
    top = found["buy_in"]["max"]
    refused, taken = store.buy_in_refusals([("amy", top + 1), ("amy", top)])
    assert refused is not None and "$50.00 left" in refused and taken is None
    rules.exclude(store, "amy", 1)
    assert figures(store, ["amy"])["amy"]["buy_in"] == {
        "max": 0,
        "by": "excluded",
        "left_today": 5_000,
    }
    assert store.buy_in_refusals([("amy", 1)])[0] is not None
    store.close()


def test_a_change_is_told_to_every_websocket_of_the_account_and_of_the_bound_ones(
    tmp_path: Path,
) -> None:
    """amy has two pages open, bea (who shares a browser with amy: her limit counts amy's
    buy-ins) one, cal one. After amy's buy-in is committed, both of amy's pages and bea's are
    told their figures as the store has them; cal's is told nothing."""
    store = _store(tmp_path)
    link(store, "amy", "browser-1", None)
    link(store, "bea", "browser-1", None)
    rules.set_limit(store, "bea", 30_000, 24.0)

    class Service:
        def __init__(self) -> None:
            self.store = store
            self.connections: dict[str, set[Any]] = {}

    svc = Service()
    later = now() + dt.timedelta(hours=1)
    pages = {
        name: [Connection(User(k, name, "player"), later, 100) for _ in range(n)]
        for k, (name, n) in enumerate((("amy", 2), ("bea", 1), ("cal", 1)))
    }
    for name, conns in pages.items():
        svc.connections[name] = set(conns)

    async def run() -> None:
        push = WalletPush(svc)
        move = Move("wallet:amy", "chips:t:amy", 20_000, "buy-in", "1")
        _buy_in(store, "amy", 20_000, 1)
        push.changed(wallet_names([(1, move)]))
        for _ in range(200):
            if push.sent >= 3:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)  # (nothing more comes)

    asyncio.run(run())
    told = {n: [_drain(c) for c in cs] for n, cs in pages.items()}
    expected = figures(store, ["amy", "bea"])
    assert told["amy"] == [[{"type": "wallet", **expected["amy"]}]] * 2
    assert told["bea"] == [[{"type": "wallet", **expected["bea"]}]]
    assert expected["bea"]["buy_in"] == {"max": 10_000, "by": "limit", "left_today": 10_000}
    assert told["cal"] == [[]]
    store.close()
