"""``paigow audit``: a database played on by a real server audits clean (SQLite and
PostgreSQL); every kind of hand edit is found and named (a ledger row, an account, a stored
command, a deleted command, a round record, a meter); the service holds a table whose stored
history was altered, with an alert in the event log (R-SETTLE-10: every round replays)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from paigow.cli.main import main
from paigow.service.db import schema as db
from paigow.service.pit.audit import audit_store
from paigow.service.store.store import Store
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_support import OPERATOR, Server, drive

__all__ = ["pg_cluster"]


def played(srv: Server, rounds: int = 3) -> None:
    """Two tables played for a few rounds by people and computer players."""
    op = srv.login(OPERATOR)
    srv.open_table(op, id="a1", profile="generic", computer_players=3, pause_seconds=0)
    srv.open_table(op, id="a2", profile="nj-supreme", computer_players=2, pause_seconds=0)
    for table, names in (("a1", ["audita", "auditb"]), ("a2", ["auditc"])):
        clients = srv.seat(table, names, ["1", "2"][: len(names)])
        drive(clients, table, lambda st: st["rounds"] >= rounds)
        for c in clients:
            c.close()


@pytest.fixture(scope="module")
def sqlite_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A SQLite database played on by a real server, then stopped."""
    tmp = tmp_path_factory.mktemp("audit")
    path = tmp / "played.sqlite3"
    srv = Server(f"sqlite:///{path}", tmp).start()
    try:
        played(srv)
    finally:
        srv.stop()
    yield path


def audit_cli(url: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["audit", "--db", url])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_played_database_audits_clean(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]
) -> None:
    """A database a real server played rounds on (and stopped) is clean, read by the CLI; the
    live service's own audit agrees while it runs."""
    url = db_url(backend, tmp_path, request)
    srv = Server(url, tmp_path).start()
    try:
        played(srv, rounds=2)
        live = srv.http("GET", "/api/audit", srv.login(OPERATOR)).json()
        assert live["findings"] == []
        code, out = audit_cli(url, capsys)  # while it runs: a consistent snapshot
        assert code == 0, out
    finally:
        srv.stop()
    code, out = audit_cli(url, capsys)
    assert code == 0 and "clean" in out, out
    assert main(["audit", "--db", url, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["clean"] and report["rounds"] >= 4 and report["tables"] == 2


def _edit(path: Path, tmp: Path, fn: Callable[[sa.Connection], Any]) -> str:
    """A copy of the database with ``fn`` applied to it; its URL."""
    copy = tmp / "edited.sqlite3"
    shutil.copy(path, copy)
    for suffix in ("-wal", "-shm"):
        src = Path(str(path) + suffix)
        if src.exists():
            shutil.copy(src, str(copy) + suffix)
    engine = sa.create_engine(f"sqlite:///{copy}")
    with engine.begin() as c:
        fn(c)
    engine.dispose()
    return f"sqlite:///{copy}"


def _ledger_and_account(c: sa.Connection) -> None:
    """A win paid one dollar more, its account raised to match: the sums still agree."""
    row = (
        c.execute(
            sa.select(db.ledger)
            .where(db.ledger.c.credit.like("chips:a1:%"))
            .order_by(db.ledger.c.id.desc())
        )
        .mappings()
        .first()
    )
    assert row is not None
    c.execute(
        db.ledger.update().where(db.ledger.c.id == row["id"]).values(cents=row["cents"] + 100)
    )
    c.execute(
        db.accounts.update()
        .where(db.accounts.c.name == row["credit"])
        .values(balance=db.accounts.c.balance + 100)
    )
    c.execute(
        db.accounts.update()
        .where(db.accounts.c.name == row["debit"])
        .values(balance=db.accounts.c.balance - 100)
    )


def _account_only(c: sa.Connection) -> None:
    c.execute(
        db.accounts.update()
        .where(db.accounts.c.name == "wallet:audita")
        .values(balance=db.accounts.c.balance + 1)
    )


def _command(c: sa.Connection) -> None:
    """A stored wager raised (its chain link left as it was)."""
    row = (
        c.execute(
            sa.select(db.table_ops).where(
                sa.and_(db.table_ops.c.table_id == "a1", db.table_ops.c.command.like('%"wager"%'))
            )
        )
        .mappings()
        .first()
    )
    assert row is not None
    cmd = json.loads(row["command"])
    cmd["cents"] += 500
    c.execute(
        db.table_ops.update()
        .where(sa.and_(db.table_ops.c.table_id == "a1", db.table_ops.c.seq == row["seq"]))
        .values(command=json.dumps(cmd, sort_keys=True, separators=(",", ":")))
    )


def _last_command_deleted(c: sa.Connection) -> None:
    last = c.execute(
        sa.select(sa.func.max(db.table_ops.c.seq)).where(db.table_ops.c.table_id == "a2")
    ).scalar()
    c.execute(
        db.table_ops.delete().where(
            sa.and_(db.table_ops.c.table_id == "a2", db.table_ops.c.seq == last)
        )
    )


def _record(c: sa.Connection) -> None:
    """A round record's first transfer changed (the engine's record, not the commands)."""
    row = (
        c.execute(
            sa.select(db.rounds).where(db.rounds.c.table_id == "a1").order_by(db.rounds.c.round_no)
        )
        .mappings()
        .first()
    )
    assert row is not None
    record = json.loads(row["record"])
    record["transfers"][0]["cents"] += 100
    c.execute(
        db.rounds.update()
        .where(sa.and_(db.rounds.c.table_id == "a1", db.rounds.c.round_no == row["round_no"]))
        .values(record=json.dumps(record))
    )


def _meter(c: sa.Connection) -> None:
    c.execute(
        db.meters.update().where(db.meters.c.table_id == "a2").values(handle=db.meters.c.handle + 1)
    )


EDITS: list[tuple[Callable[[sa.Connection], Any], str]] = [
    (_ledger_and_account, "ledger rows its commands did not make"),
    (_account_only, "wallet:audita: balance"),
    (_command, "table a1: the stored history was altered: command"),
    (_last_command_deleted, "table a2: the stored history was altered: the history ends"),
    (_record, "the stored record is not what its commands produce"),
    (_record, "the record does not replay"),
    (_meter, "meters of table a2"),
]


@pytest.mark.parametrize(
    ("edit", "found"), EDITS, ids=[f"{e.__name__}-{i}" for i, (e, _) in enumerate(EDITS)]
)
def test_a_hand_edited_row_is_found(
    sqlite_db: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    edit: Callable[[sa.Connection], Any],
    found: str,
) -> None:
    """Each hand edit: exit 1, and the finding names it."""
    url = _edit(sqlite_db, tmp_path, edit)
    code, out = audit_cli(url, capsys)
    assert code == 1, out
    assert found in out, out


def test_the_unedited_copy_is_clean(sqlite_db: Path, tmp_path: Path) -> None:
    """The copy mechanism itself changes nothing (so the findings above are the edits')."""
    store = Store(_edit(sqlite_db, tmp_path, lambda _c: None))
    try:
        report = audit_store(store)
    finally:
        store.close()
    assert report.clean, report.findings


def test_the_service_holds_an_altered_table(sqlite_db: Path, tmp_path: Path) -> None:
    """At start-up the service checks every open table's chain: an altered table is held (no
    play, commands refused), the others play on; the event log has the alert."""
    url = _edit(sqlite_db, tmp_path, _command)
    srv = Server(url, tmp_path).start()
    try:
        op = srv.login(OPERATOR)
        a1 = srv.http("GET", "/api/tables/a1", op).json()
        assert a1["held"] is not None and "altered" in a1["held"]
        assert srv.http("GET", "/api/tables/a2", op).json()["held"] is None
        events = srv.http("GET", "/api/events", op).json()
        held = [e for e in events if e["kind"] == "table_held"]
        assert held and held[0]["level"] == "alert" and held[0]["table"] == "a1"
        assert any(e["kind"] == "start" for e in events)
        player = srv.client(srv.login("audita"))
        r = player.command("a1", "leave")
        assert r["status"] == "refused" and "held" in r["error"]
        player.close()
        opc = srv.client(op)  # operators see alerts live
        r = opc.command("a1", "pause")
        assert r["status"] == "refused"
        opc.close()
    finally:
        srv.stop()


def test_the_migration_chains_the_commands_already_stored(tmp_path: Path) -> None:
    """A database of the first schema (0001) with stored commands: migration 0003 chains
    them, so that the service's start-up check and the audit accept the old history."""
    from importlib import resources

    from alembic import command
    from alembic.config import Config

    from paigow.service.db.chain import ChainRow, verify_ops

    store = Store(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    try:
        cfg = Config()
        cfg.set_main_option(
            "script_location", str(resources.files("paigow.service.db") / "migrations")
        )
        with store.engine.begin() as c:
            cfg.attributes["connection"] = c
            command.upgrade(cfg, "0001")
            c.execute(
                sa.text(
                    "INSERT INTO tables (id, config, status, created_at) "
                    "VALUES ('old', '{}', 'open', '2026-01-01')"
                )
            )
            for seq, cmd in enumerate([{"a": "sit", "player": "x"}, {"a": "leave"}], start=1):
                c.execute(
                    sa.text(
                        "INSERT INTO table_ops (table_id, seq, command, actor, idem_key, "
                        "created_at) VALUES ('old', :s, :c, 'x', NULL, '2026-01-01')"
                    ),
                    {"s": seq, "c": json.dumps(cmd)},
                )
        store.migrate()
        rows = store.ops("old")
        head, last = store.head("old")
        chain = [ChainRow(r.seq, r.command, r.actor, r.idem_key, r.link) for r in rows]
        assert last == 2 and verify_ops("old", chain, head, last) is None
    finally:
        store.close()
