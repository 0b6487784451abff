"""``paigow db upgrade|status --db URL``: the table service's database schema, migrated
explicitly (``paigow serve`` also migrates at start-up) or checked (docs/deploy.md).

``status`` exits 0 when the database is at this version's schema and 1 otherwise (not yet
created, behind: run ``paigow db upgrade``, or at a revision this version does not know: written
by a newer paigow); ``upgrade`` migrates and prints from which revision to which.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paigow.errors import ConfigError

from .service_db import opened_store

if TYPE_CHECKING:
    from paigow.service.store.store import Store

__all__ = ["add_arguments", "current_revision", "run", "status_of"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``paigow db``."""
    p.add_argument(
        "action",
        choices=["upgrade", "status"],
        help="upgrade: migrate the schema to this version's; status: compare them",
    )
    p.add_argument(
        "--db",
        help="database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
        "(default: the service's SQLite database, or $PAIGOW_DB)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")


def current_revision(store: Store) -> str | None:
    """The schema revision of the database (None: no schema yet)."""
    from alembic.runtime.migration import MigrationContext

    with store.engine.connect() as conn:
        heads = MigrationContext.configure(conn).get_current_heads()
    return "+".join(sorted(heads)) or None


def status_of(current: str | None, head: str, known: set[str]) -> tuple[str, bool]:
    """The state of a database at revision ``current`` for software migrating to ``head``:
    (``up to date``, ``empty``, ``behind`` or ``unknown``, whether it is up to date)."""
    if current == head:
        return "up to date", True
    if current is None:
        return "empty", False
    if all(part in known for part in current.split("+")):
        return "behind", False
    return "unknown", False


def run(args: argparse.Namespace) -> int:
    """Migrate or check; 0 when the database ends at this version's schema."""
    with opened_store("db", args.db) as store:
        from paigow.service.db.migrations import revisions, schema_head

        head = schema_head()
        # As the operator writes it: no driver, no password.
        plain = store.engine.url.set(drivername=store.engine.url.get_backend_name())
        url = plain.render_as_string(hide_password=True)
        path = store.engine.url.database
        if args.action == "status" and store.is_sqlite and path and not Path(path).exists():
            raise ConfigError(f"--db: no database at {path} (paigow db upgrade creates it)")
        if args.action == "upgrade":
            before, after = store.migrate()
        else:
            before = after = current_revision(store)
    state, ok = status_of(after, head, set(revisions()))
    report: dict[str, Any] = {"database": url, "schema": after, "head": head, "state": state}
    if args.action == "upgrade":
        report["from"] = before
    if args.json:
        print(json.dumps(report, indent=2))
        return 0 if ok else 1
    if args.action == "upgrade" and before == after:
        print(f"{url}: schema {after}, up to date already")
    elif args.action == "upgrade":
        print(f"{url}: schema migrated from {before or 'nothing (a new database)'} to {after}")
    elif state == "up to date":
        print(f"{url}: schema {after}, up to date")
    elif state == "empty":
        print(f"{url}: no schema yet (run paigow db upgrade, or paigow serve)")
    elif state == "behind":
        print(f"{url}: schema {after}, this paigow migrates to {head}: run paigow db upgrade")
    else:
        print(f"{url}: schema {after} is unknown to this paigow ({head}): written by a newer one?")
    return 0 if ok else 1
