"""The pit's floor pushed (src/paigow/service/floor_feed.py), in one process on SQLite: however
many commands change however many tables while many operators follow the floor, it is built at
most once a look (four times a second), once for all of them, never once per command or per
operator; and what each operator was sent last is the floor ``GET /api/pit/floor`` answers.
(The same over a real server's websockets, and in a cluster: tests/test_service_pit.py,
tests/test_service_cluster_tables.py.)"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import time
from pathlib import Path

from paigow.service.accounts.auth import User
from paigow.service.connection import Connection
from paigow.service.floor_feed import TICK, floor_tables, floor_view
from paigow.service.hub import Service, ServiceOptions
from paigow.service.store.store import Store
from paigow.service.tables.config import TableConfig

#: Tables changed, operators following, seconds of changes.
TABLES, OPERATORS, SECONDS = 8, 20, 2.0


def _last_floor(conn: Connection) -> list[dict[str, object]]:
    """The tables of the last floor ``conn`` was sent (its queue read whole)."""
    floors = []
    while not conn.queue.empty():
        msg = conn.queue.get_nowait()
        if isinstance(msg, str):
            floors.append(json.loads(msg))
    assert floors and all(f["type"] == "floor" for f in floors)
    tables: list[dict[str, object]] = floors[-1]["tables"]
    return tables


async def _coalesced(url: str) -> None:
    svc = Service(Store(url), ServiceOptions(seed=3))
    await svc.start()
    try:
        actors = [
            await svc.open_table(TableConfig(id=f"f{i}", profile="generic", computer_players=1))
            for i in range(TABLES)
        ]
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
        ops = [User(100 + i, f"op{i}", "operator") for i in range(OPERATORS)]
        conns = [Connection(op, expires, 10_000) for op in ops]
        for conn in conns:
            await svc.floor_feed.watch(conn)
        player = Connection(User(99, "ann", "player"), expires, 100)
        await svc.floor_feed.watch(player)
        assert player.queue.get_nowait() == {
            "type": "error",
            "error": "the floor is for operators only",
        }
        await asyncio.sleep(3 * TICK)
        builds = svc.floor_feed.builds
        commands = 0
        start = time.monotonic()
        while time.monotonic() - start < SECONDS:  # every table paused and resumed, over and over
            for n, actor in enumerate(actors):
                action = "pause" if commands // TABLES % 2 == 0 else "resume"
                done = await actor.command(ops[n % OPERATORS], f"k{commands}", action, {})
                assert done["status"] == "applied", done
                commands += 1
            await asyncio.sleep(0.01)
        took = time.monotonic() - start
        await asyncio.sleep(3 * TICK)  # the last change looked at, and sent
        built = svc.floor_feed.builds - builds
        assert commands >= 10 * built, (commands, built)  # not one per command...
        assert built <= took / TICK + 3, (built, took)  # ...at most one a look
        asked = floor_view(await floor_tables(svc), False)
        for conn in conns:  # each sent the floor as asked for, once per build at most
            assert _last_floor(conn) == asked
        assert svc.floor_feed.sent <= OPERATORS * (svc.floor_feed.builds + 1)
        for conn in conns:
            svc.floor_feed.unwatch(conn)
    finally:
        await svc.stop()


def test_the_floor_is_built_once_a_look_for_every_operator(tmp_path: Path) -> None:
    asyncio.run(_coalesced(f"sqlite:///{tmp_path / 'floor.db'}"))
