"""Load on the table service: real websocket players on loopback (tests/service_load.py).

    .venv/bin/python scripts/load.py --db sqlite --tables 100 --stagger 30 --seconds 60
    .venv/bin/python scripts/load.py --db postgresql --tables 20 --pace max --seconds 30
    .venv/bin/python scripts/load.py --db postgresql --processes 2 --tables 40 --pace max
    .venv/bin/python scripts/load.py --db postgresql --processes 2 --tables 40 --pace max --to-owner

Starts the server(s) itself (``paigow serve``; with ``--processes N`` several ``--cluster``
processes on one PostgreSQL, the players spread over them, or behind nginx with ``--nginx``),
opens the tables, seats six players at each, plays ``--warmup`` seconds, then measures for
``--seconds`` and prints the figures (docs/reliability.md). With ``--stagger SECONDS`` each
table's players come at a random time in the first SECONDS, as players come to a room, so the
tables are not in step; without it every table starts at once, and at the realistic pace the
tables then deal, set and settle together, a burst every round (the worst case).
PostgreSQL is a throw-away cluster the script starts and removes (Debian's postgresql
package). ``--audit`` runs ``paigow audit`` on the database afterwards.

Besides latency it reports the servers' CPU seconds per 1,000 actions and the bytes a player
receives per round. ``--full-states`` runs the servers as before deltas (every subscriber the
whole state with every event, ``PAIGOW_FULL_STATES=1``); ``--compare`` runs the same load
twice in one invocation, full states then deltas, each on a fresh database, and prints both
with their ratios (on a shared machine the ratios are what count). ``--compare --against REF``
runs the old half with the code of the git commit REF instead (``git archive`` of its
``src/`` put first on the servers' ``PYTHONPATH``): ``--against main`` measures a branch
against the code of main in one invocation; ``--compare --against-processes 1`` runs the old
half with this code on one process instead (with ``--cluster``, one member of a cluster), to
tell what the processes beyond the first cost. ``--repeat N`` runs N such pairs, in turn old then
new and new then old (so that a machine whose speed drifts during the invocation favours
neither), and prints every pair's ratios and their medians: on a shared machine one pair moves
by several per cent between invocations, which hides a change of that size.

``--pin`` puts the generator on the last core and each server process (and PostgreSQL, which
shares the first server's core) on the others, so that what one process holds on one core is
measured apart from the generator's own CPU (reported as ``client_cpu_percent``).
``--capacity 100,200,...`` runs once per number of tables and names the most whose p99 from a
command to every seat stayed within ``--p99-ms`` (50): the capacity table of docs/scaling.md.
Each run reads the servers' ``/metrics`` at the start and the end of the measured seconds and
prints (``metrics``) the commands the servers counted and the bucket their p50 and p99 fall in,
beside the generator's own figures.

It also counts what the run stored: the commands, the batches they were written in (one
timestamp per table per transaction) and the transactions (one timestamp each).

With several processes each announces its own address (``PAIGOW_ADDRESS``) and the figures
include what each process ran and what its replicas cost, counted (``GET /api/cluster``:
commands replayed into replicas, replicas made, commands forwarded, and the bytes of lobby
announcements each process sent and heard, per second of the run). ``--to-owner`` connects
the players of each table to the process that runs it (``GET /api/tables/{id}/server``, as a
client sent to the owner would), instead of spreading them over the processes; ``--cluster``
runs even one process as a member of a cluster (leases, fences, notifications), to tell what
the cluster costs apart from what splitting the tables costs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from service_load import make_players, run_load  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_figures import (  # noqa: E402
    cluster_counts,
    compared,
    door_refusals,
    paired,
    scrape,
    server_quantiles,
)

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
    p.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="each table starts at a random time in the first SECONDS (0: all at once)",
    )
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--nginx", action="store_true", help="players connect through nginx")
    p.add_argument("--profile", default="generic")
    p.add_argument("--audit", action="store_true", help="paigow audit afterwards")
    p.add_argument("--json", action="store_true")
    p.add_argument("--full-states", action="store_true", help="the servers send whole states")
    p.add_argument("--compare", action="store_true", help="full states, then deltas")
    p.add_argument("--against", metavar="REF", help="--compare: the old half runs commit REF")
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="--compare: N pairs of runs, in turn old-new and new-old; the median ratios",
    )
    p.add_argument(
        "--against-processes",
        type=int,
        metavar="N",
        help="--compare: the old half runs this code with N processes (a cluster's cost)",
    )
    p.add_argument("--to-owner", action="store_true", help="players connect to the table's owner")
    p.add_argument("--cluster", action="store_true", help="--cluster even for one process")
    p.add_argument(
        "--pin",
        action="store_true",
        help="the load generator on the last core, each server process (and PostgreSQL) on "
        "the others, one core each in turn",
    )
    p.add_argument(
        "--capacity",
        metavar="N,N,...",
        help="one run per number of tables, in order: the figures of each and the most tables "
        "whose p99 to every seat stays within --p99-ms",
    )
    p.add_argument("--p99-ms", type=float, default=50.0, help="--capacity: the bound (50 ms)")
    args = p.parse_args()
    most = max(args.processes, args.against_processes or 1)
    if (most > 1 or args.cluster) and args.db != "postgresql":
        p.error("several processes share a PostgreSQL database")
    if args.repeat < 1 or (args.repeat > 1 and not args.compare):
        p.error("--repeat N: N of at least 1, with --compare")
    if args.against_processes is not None and (
        not args.compare or args.against or args.against_processes < 1
    ):
        p.error("--against-processes N: N of at least 1, with --compare and without --against")
    if args.capacity:
        out = capacity(args, [int(n) for n in args.capacity.split(",")])
        print(json.dumps(out) if args.json else json.dumps(out, indent=2))
        return 0
    if not args.compare:
        figures = run(args, full_states=args.full_states)
        print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
        return 0
    if args.against_processes is not None:
        fewer = argparse.Namespace(**{**vars(args), "processes": args.against_processes})
        names = (f"{args.against_processes}_processes", f"{args.processes}_processes")
        halves = (lambda: run(fewer, full_states=False), lambda: run(args, full_states=False))
    elif args.against:
        old_src = archive(args.against)
        names = (args.against, "this")
        halves = (
            lambda: run(args, full_states=False, src=old_src),
            lambda: run(args, full_states=False),
        )
    else:
        names = ("full_states", "deltas")
        halves = (lambda: run(args, full_states=True), lambda: run(args, full_states=False))
    out = compared(names, paired(halves, args.repeat))
    out["load_average"] = os.getloadavg()
    print(json.dumps(out) if args.json else json.dumps(out, indent=2))
    return 0


def capacity(args: argparse.Namespace, ladder: list[int]) -> dict[str, Any]:
    """One run per number of tables of ``ladder``; each run's main figures and the most tables
    whose p99 from a command to every seat stayed within ``--p99-ms``."""
    rows = []
    for n in ladder:
        figures = run(argparse.Namespace(**{**vars(args), "tables": n}), full_states=False)
        rows.append(
            {
                "tables": n,
                "seats": figures["seats"],
                "seconds": figures["seconds"],
                "actions": figures["actions"],
                "actions_per_s": figures["actions_per_s"],
                "every_seat_ms": figures["every_seat_ms"],
                "result_ms": figures["result_ms"],
                "server_cpu_percent": figures["server_cpu_percent"],
                "client_cpu_percent": figures["client_cpu_percent"],
                "client_lag_ms": figures["client_lag_ms"],
                "metrics": figures.get("metrics"),
                "refused": figures["refused"],
                "errors": figures["errors"],
            }
        )
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    within = [r["tables"] for r in rows if r["every_seat_ms"]["p99"] <= args.p99_ms]
    return {
        "db": args.db,
        "processes": args.processes,
        "pace": args.pace,
        "stagger_s": args.stagger,
        "pinned": args.pin,
        "cores": os.cpu_count(),
        "p99_bound_ms": args.p99_ms,
        "runs": rows,
        "most_tables_within_bound": max(within, default=None),
    }


def cores(args: argparse.Namespace) -> tuple[set[int], list[set[int]]]:
    """``--pin``: the generator's core (the last) and each server process's (the others, in
    turn); without it, every core for all."""
    every = set(range(os.cpu_count() or 1))
    if not args.pin or len(every) < 2:
        return every, [every] * max(args.processes, 1)
    gen = max(every)
    rest = sorted(every - {gen})
    return {gen}, [{rest[i % len(rest)]} for i in range(max(args.processes, 1))]


def archive(ref: str) -> str:
    """The ``src/`` of git commit ``ref``, extracted in a new directory; its path."""
    where = Path(tempfile.mkdtemp(prefix="paigow-old-"))
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "src"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=tar, check=True)
    return str(where / "src")


@contextlib.contextmanager
def code_of(src: str | None) -> Iterator[None]:
    """Servers started within run the code in ``src`` (put first on their ``PYTHONPATH``;
    None: this checkout's)."""
    path = os.environ.get("PYTHONPATH")
    if src is not None:
        os.environ["PYTHONPATH"] = src + (os.pathsep + path if path else "")
    try:
        yield
    finally:
        if src is not None:
            if path is None:
                os.environ.pop("PYTHONPATH", None)
            else:
                os.environ["PYTHONPATH"] = path


def stored(url: str) -> dict[str, int]:
    """The commands stored, and the batches and transactions they were written in."""
    import sqlalchemy as sa

    from paigow.service.store.store import Store

    store = Store(url)
    try:
        with store.engine.connect() as c:
            ops, stamps = c.execute(
                sa.text("SELECT COUNT(*), COUNT(DISTINCT created_at) FROM table_ops")
            ).one()
            batches = c.execute(
                sa.text(
                    "SELECT COUNT(*) FROM (SELECT DISTINCT table_id, created_at FROM table_ops) b"
                )
            ).scalar_one()
    finally:
        store.close()
    return {"commands": ops, "batches": batches, "transactions": stamps}


def run(args: argparse.Namespace, *, full_states: bool, src: str | None = None) -> dict[str, Any]:
    """One load run (with the code in ``src``: None, this checkout's); its figures."""
    os.environ["PAIGOW_FULL_STATES"] = "1" if full_states else "0"
    code = contextlib.ExitStack()
    code.enter_context(code_of(src))
    load0 = os.getloadavg()[0]
    tmp = Path(tempfile.mkdtemp(prefix="paigow-load-"))
    pg = None
    servers: list[Server] = []
    proxy = None
    try:
        gen_cores, server_cores = cores(args)
        if args.db == "postgresql":
            os.sched_setaffinity(0, server_cores[0])  # (what it starts runs there too)
            pg = PgCluster()
            pg.start()
            url = pg.new_database()
        else:
            url = f"sqlite:///{tmp / 'load.sqlite3'}"
        extra: tuple[str, ...] = ()
        if args.processes > 1 or args.cluster:
            extra = ("--cluster",)
        if args.nginx:  # nginx on loopback: its X-Forwarded-For is believed
            extra = (*extra, "--trusted-proxy", "127.0.0.1")
        for i in range(args.processes):
            srv = Server(url, tmp, *extra, "--instance", f"load-{i}")
            os.environ["PAIGOW_ADDRESS"] = srv.ws_url
            os.sched_setaffinity(0, server_cores[i])  # (inherited by the process it starts)
            servers.append(srv.start())
        os.sched_setaffinity(0, gen_cores)
        os.environ.pop("PAIGOW_ADDRESS", None)
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
        table_urls = None
        if args.to_owner:
            table_urls = {
                tid: servers[0].http("GET", f"/api/tables/{tid}/server").json()["server"]
                for tid in tables
            }
        cluster = args.processes > 1 or args.cluster
        marks: dict[str, tuple[float, list[dict[str, Any]]]] = {}
        # the operator signs in to each process before the players come: a sign-in hashes a
        # password (argon2, slow on purpose), work that the marks below, at the start and end
        # of the measured seconds, should not give the servers
        ops = [s.login(OPERATOR) for s in servers]

        figures_at: dict[str, list[dict[str, float] | None]] = {}

        def mark(when: str) -> None:  # the cluster's counts around the measured seconds
            figures_at[when] = [scrape(s, op) for s, op in zip(servers, ops, strict=True)]
            if cluster:
                counts = [cluster_counts(s, op) for s, op in zip(servers, ops, strict=True)]
                marks[when] = (time.monotonic(), counts)

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
                table_urls=table_urls,
                stagger=args.stagger,
                mark=mark,
            )
        )
        figures: dict[str, Any] = {
            "code": src or "this",
            "frames": "full states" if full_states else "deltas",
            "load_average_at_start": load0,
            "db": args.db,
            "processes": args.processes,
            "nginx": args.nginx,
            "pace": args.pace,
            "stagger_s": args.stagger,
            **res.summary(),
            "wall_s": round(time.monotonic() - t0, 1),
        }
        # /metrics of the measured seconds beside the generator's own figures (the generator
        # measures to the result's arrival; the server from the command's receipt to its answer)
        figures["metrics"] = server_quantiles(figures_at["start"], figures_at["end"])
        figures["pinned"] = {
            "generator": sorted(gen_cores),
            "servers": [sorted(c) for c in server_cores],
        }
        figures["stored"] = stored(url)
        # the messages the servers' websocket doors refused over the whole run, by their own
        # count (GET /api/limits; None: code without it): the generator's rate_limited counts
        # only those of the measured seconds
        refused = [door_refusals(s, op) for s, op in zip(servers, ops, strict=True)]
        figures["rate_limited_by_servers"] = None if None in refused else sum(map(int, refused))
        figures["rate_limited_whole_run"] = res.limited_all
        if cluster:
            figures["to_owner"] = args.to_owner
            figures["cluster"] = [cluster_counts(s, op) for s, op in zip(servers, ops, strict=True)]
            (t1, was), (t2, now) = marks["start"], marks["end"]
            for counts, c1, c2 in zip(figures["cluster"], was, now, strict=True):
                for k in ("lobby_bytes_sent", "lobby_bytes_heard"):
                    counts[f"{k}_per_s"] = round((c2[k] - c1[k]) / (t2 - t1))
        if args.audit:
            for s in servers:
                s.stop()
            from paigow.service.pit.audit import audit_store
            from paigow.service.store.store import Store

            store = Store(url)
            try:
                report = audit_store(store)
            finally:
                store.close()
            figures["audit"] = "clean" if report.clean else report.findings[:5]
            figures["audited_rounds"] = report.counted["rounds"]
        return figures
    finally:
        code.close()
        if proxy is not None:
            proxy.stop()
        for s in servers:
            s.stop()
        if pg is not None:
            pg.stop()


if __name__ == "__main__":
    raise SystemExit(main())
