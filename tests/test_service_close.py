"""Closing a table (docs/service.md, "Tables"): an open round is void, every seat is cashed out,
the table is marked closed in the store, and then its actor is let go: a service that runs
for months and closes thousands of tables (private tables close when empty) keeps none of
them. What was asked of the table before it closed is answered first; nothing asked after it
waits forever; a second close is refused as a table that is not open, never a server error."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from paigow.errors import IllegalActionError
from paigow.service.accounts.auth import User
from paigow.service.hub import Service, ServiceOptions
from paigow.service.store.store import Store
from paigow.service.tables.config import TableConfig


async def _closing(url: str) -> None:
    svc = Service(Store(url), ServiceOptions(seed=5))
    await svc.start()
    try:
        svc.store.cashier("wallet:ann", 100_000, "deposit")
        ann = User(1, "ann", "player")
        actors = []
        for i in range(20):
            cfg = TableConfig(id=f"c{i}", profile="generic", computer_players=2)
            actors.append(await svc.open_table(cfg))
        first = actors[0]
        sat = await first.command(ann, "k-sit", "sit", {"seat": "1", "cents": 5_000})
        assert sat["status"] == "applied", sat
        # a command in the table's queue when the close comes is answered, not left waiting
        pending = asyncio.ensure_future(first.command(ann, "k-ready", "ready", {}))
        await asyncio.sleep(0)
        for actor in actors:
            await svc.close_table(actor.table_id)
        answer = await asyncio.wait_for(pending, 10)
        assert answer["status"] in ("applied", "refused"), answer
        assert svc.actors == {}  # every closed table let go
        assert all(a._task is not None and a._task.done() for a in actors)
        assert svc.store.open_tables() == []
        assert svc.store.balance("wallet:ann") == 100_000  # cashed out whole (no round played)
        with pytest.raises(IllegalActionError, match="no open table 'c3'"):
            await svc.close_table("c3")
        assert await svc.find("c3") is None
    finally:
        await svc.stop()


def test_a_closed_table_is_let_go_and_what_it_was_asked_is_answered(tmp_path: Path) -> None:
    asyncio.run(_closing(f"sqlite:///{tmp_path / 'close.db'}"))
