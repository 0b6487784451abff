"""``paigow audit --db URL``: verify a table service's database end to end
(:mod:`paigow.service.pit.audit`); exit 0 when clean, 1 on any finding."""

from __future__ import annotations

import argparse
import json

from .service_db import opened_store

__all__ = ["add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``paigow audit``."""
    p.add_argument(
        "--db",
        help="database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
        "(default: the service's SQLite database, or $PAIGOW_DB)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args: argparse.Namespace) -> int:
    """Audit, print the report; 0 clean, 1 findings."""
    with opened_store("audit", args.db) as store:
        from paigow.service.pit.audit import audit_store

        report = audit_store(store)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
        return 0 if report.clean else 1
    c = report.counted
    print(
        f"audited {c['accounts']} accounts, {c['ledger_rows']} ledger rows, {c['tables']} tables, "
        f"{c['commands']} commands, {c['rounds']} rounds"
    )
    for tid, h in report.heads.items():
        print(f"  table {tid:<20} {h['status']:<7} command {h['seq']:>7}  head {h['head']}")
    if report.clean:
        print("clean: the ledger balances to the cent, every history is intact and replays")
        return 0
    print(f"{len(report.findings)} finding(s):")
    for f in report.findings:
        print(f"  - {f}")
    return 1
