"""The meters are written as sums (``paigow.service.db.sums_sql``): every round a transaction
finishes adds its figures to its table's row of the day (docs/service.md, "Meters") and of the
hour, and its side bets' to their kinds' rows (docs/pit.md, the pit's meters), all of one kind
in one ``INSERT … ON CONFLICT DO UPDATE`` statement, rounds of one key added up first.

Checked on SQLite and PostgreSQL against two slow obvious references: the same rounds
committed one at a time on another database (the rows equal), and the sums over the stored
rounds' records worked out here and by the audit's own check of the pit's meters
(:func:`paigow.service.db.pit_meters.findings`)."""

from __future__ import annotations

import datetime as dt
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from paigow.service.db import pit_meters
from paigow.service.db import schema as db
from paigow.service.db.meters import METERS, round_meters
from paigow.service.store.store import Batch, RoundRow, Store
from paigow.service.tables.config import TableConfig
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_sim import Sim

__all__ = ["pg_cluster"]

TABLES = {
    "de": TableConfig(
        id="de", profile="colorado", dragons_eye=True, pair_fortunes="1", computer_players=0
    ),
    "gen": TableConfig(id="gen", profile="generic", computer_players=0),
}


@pytest.fixture(scope="module")
def finished() -> list[tuple[str, RoundRow]]:
    """Rounds played at a table with both side bets and at a plain one, as their batches
    stored them."""
    out = []
    for tid, config in TABLES.items():
        sim = Sim(config, players=4, seed=len(tid))
        sim.run(12, lambda *_: None)
        out += [(tid, r) for b in sim.store.batches for r in b.rounds]
    return out


def _store(url: str) -> Store:
    store = Store(url)
    store.migrate()
    for tid, config in TABLES.items():
        store.open_table(tid, config.to_json())
    return store


def _rows(store: Store) -> dict[str, list[dict[str, Any]]]:
    with store.engine.connect() as c:
        return {
            t.name: sorted(
                (dict(r) for r in c.execute(sa.select(t)).mappings()),
                key=repr,
            )
            for t in (db.meters, db.pit_meters, db.pit_side_meters)
        }


@pytest.mark.parametrize("backend", BACKENDS)
def test_meters_added_in_groups_equal_the_rounds_sums(
    backend: str,
    finished: list[tuple[str, RoundRow]],
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    assert sum(t == "de" for t, _ in finished) >= 12 and sum(t == "gen" for t, _ in finished) >= 12
    group = _store(_url(backend, tmp_path, request, "group"))
    alone = _store(_url(backend, tmp_path, request, "alone"))
    rng = random.Random(7)
    rounds = list(finished)
    while rounds:  # groups of one to four batches, a batch one to three rounds of its table
        batches = []
        for _ in range(rng.randint(1, 4)):
            if not rounds:
                break
            tid = rounds[0][0]
            n = rng.randint(1, 3)
            mine = [r for t, r in rounds if t == tid][:n]
            rounds = [(t, r) for t, r in rounds if not (t == tid and r in mine)]
            batches.append(Batch(tid, rounds=mine))
        assert all(isinstance(h, str) for h in group.commit_many(batches))
        for b in batches:
            for r in b.rounds:
                alone.commit(Batch(b.table_id, rounds=[r]))
    got, want = _rows(group), _rows(alone)
    assert got == want  # the same rows as one round at a time (the hours and days alike)
    # and the sums over the stored rounds: the day's meters here, the pit's by the audit's check
    with group.engine.connect() as c:
        stored = [dict(row) for row in c.execute(sa.select(db.rounds)).mappings()]
    sums: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: dict.fromkeys(METERS, 0))
    by_table: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in stored:
        at = row["finished_at"]
        at = at.astimezone(dt.UTC) if at.tzinfo is not None else at
        for k, v in round_meters(json.loads(row["record"])).items():
            sums[row["table_id"], at.date().isoformat()][k] += v
        by_table[row["table_id"]].append(row)
    assert len(stored) == len(finished)
    have = {(m["table_id"], m["day"].isoformat()): {k: m[k] for k in METERS} for m in got["meters"]}
    assert have == dict(sums)
    assert pit_meters.findings(by_table, got["pit_meters"], got["pit_side_meters"]) == []
    assert {side["kind"] for side in got["pit_side_meters"]}  # the side bets were counted
    group.close()
    alone.close()


def _url(backend: str, tmp: Path, request: pytest.FixtureRequest, name: str) -> str:
    where = tmp / name
    where.mkdir()
    return db_url(backend, where, request)
