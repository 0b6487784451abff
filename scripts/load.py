"""Load on the table service: real websocket players on loopback (tests/service_load.py).

    .venv/bin/python scripts/load.py --db sqlite --tables 100 --pace realistic --seconds 60
    .venv/bin/python scripts/load.py --db postgresql --tables 20 --pace max --seconds 30
    .venv/bin/python scripts/load.py --db postgresql --processes 2 --tables 40 --pace max

Starts the server(s) itself (``paigow serve``; with ``--processes N`` several ``--cluster``
processes on one PostgreSQL, the players spread over them, or behind nginx with ``--nginx``),
opens the tables, seats six players at each, plays ``--warmup`` seconds, then measures for
``--seconds`` and prints the figures (docs/reliability.md). PostgreSQL is a throw-away cluster
the script starts and removes (Debian's postgresql package). ``--audit`` runs
``paigow audit`` on the database afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from service_load import make_players, run_load  # noqa: E402
from service_pg import PgCluster  # noqa: E402
from service_proxy import Nginx  # noqa: E402
from service_support import OPERATOR, Server  # noqa: E402

PACES = {"realistic": (1.0, 3.0), "max": (0.0, 0.0)}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--seats", type=int, default=6)
    p.add_argument("--pace", choices=sorted(PACES), default="realistic")
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--nginx", action="store_true", help="players connect through nginx")
    p.add_argument("--profile", default="generic")
    p.add_argument("--audit", action="store_true", help="paigow audit afterwards")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="paigow-load-"))
    pg = None
    servers: list[Server] = []
    proxy = None
    try:
        if args.db == "postgresql":
            pg = PgCluster()
            pg.start()
            url = pg.new_database()
        else:
            url = f"sqlite:///{tmp / 'load.sqlite3'}"
        extra: tuple[str, ...] = ()
        if args.processes > 1:
            if args.db != "postgresql":
                p.error("several processes share a PostgreSQL database")
            extra = ("--cluster",)
        if args.nginx:  # nginx on loopback: its X-Forwarded-For is believed
            extra = (*extra, "--trusted-proxy", "127.0.0.1")
        for i in range(args.processes):
            servers.append(Server(url, tmp, *extra, "--instance", f"load-{i}").start())
        op = servers[0].login(OPERATOR)
        tables: dict[str, list[str]] = {}
        realistic = args.pace == "realistic"
        for t in range(args.tables):
            tid = f"load{t}"
            srv = servers[t % len(servers)]
            srv.open_table(
                srv.login(OPERATOR) if srv is not servers[0] else op,
                id=tid,
                profile=args.profile,
                pause_seconds=3 if realistic else 0,
                wager_seconds=60,
                setting_seconds=120,
                decision_seconds=60,
            )
            tables[tid] = [f"l{t}s{s}" for s in range(args.seats)]
        names = [n for ns in tables.values() for n in ns]
        tokens = make_players(url, names)
        if args.nginx:
            proxy = Nginx([s.port for s in servers], tmp)
            proxy.start()
            ws_urls = [proxy.ws_url]
        else:
            ws_urls = [s.ws_url for s in servers]
        pids = tuple(s.proc.pid for s in servers if s.proc is not None)
        t0 = time.monotonic()
        res = asyncio.run(
            run_load(
                ws_urls,
                tokens,
                tables,
                args.seconds,
                think=PACES[args.pace],
                server_pids=pids,
                warmup=args.warmup,
            )
        )
        figures = {
            "db": args.db,
            "processes": args.processes,
            "nginx": args.nginx,
            "pace": args.pace,
            **res.summary(),
            "wall_s": round(time.monotonic() - t0, 1),
        }
        if args.audit:
            for s in servers:
                s.stop()
            from paigow.service.audit import audit_store
            from paigow.service.store import Store

            store = Store(url)
            try:
                report = audit_store(store)
            finally:
                store.close()
            figures["audit"] = "clean" if report.clean else report.findings[:5]
            figures["audited_rounds"] = report.counted["rounds"]
        print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
        return 0
    finally:
        if proxy is not None:
            proxy.stop()
        for s in servers:
            s.stop()
        if pg is not None:
            pg.stop()


if __name__ == "__main__":
    raise SystemExit(main())
