"""Fault drills, repeated (the figures of docs/reliability.md). Each cycle plays, breaks
something, recovers, then checks that nothing was lost: every command a client was told was
applied is stored, ``paigow audit`` is clean, no table is held and play goes on.

    .venv/bin/python scripts/drill.py --cycles 20                 # every drill
    .venv/bin/python scripts/drill.py --drill failover --cycles 50

Drills: ``failover`` (two --cluster processes on PostgreSQL behind nginx; kill -9 of the
process that runs the table, in mid-round; the player of the killed process reconnects through
nginx; the time until the other process runs the table), ``takeover`` (two --cluster
processes at the default lease, one table each, so that each runs its fair share; kill -9 of
the owner of the table a player sits at; the times until the other process holds the table and
until a command of the player is applied there, and the ``table_taken`` events of each
takeover), ``kill9`` (one process, SQLite:
kill -9 at a random moment, restart), ``db-restart`` (PostgreSQL restarted under play),
``disconnect`` (a player who disconnects after every step).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from paigow.service.db import leases  # noqa: E402
from paigow.service.pit.audit import audit_store  # noqa: E402
from paigow.service.store.store import Store  # noqa: E402
from service_pg import PgCluster  # noqa: E402
from service_proxy import Nginx  # noqa: E402
from service_support import OPERATOR, Client, Server, default_policy, drive  # noqa: E402


def audit(url: str) -> list[str]:
    store = Store(url)
    try:
        return audit_store(store).findings
    finally:
        store.close()


def owner(url: str, table: str) -> str | None:
    store = Store(url)
    try:
        o = leases.owners(store).get(table)
        return o[0] if o and o[1] else None
    finally:
        store.close()


def acked(clients: list[Client], table: str) -> set[int]:
    return {
        int(m["seq"])
        for c in clients
        for m in c.messages
        if m.get("type") == "result"
        and m.get("status") == "applied"
        and m.get("seq")
        and m.get("table") == table
    }


def stored_seqs(url: str, table: str) -> set[int]:
    store = Store(url)
    try:
        return {o.seq for o in store.ops(table)}
    finally:
        store.close()


def failover(cycles: int, rng: random.Random, tmp: Path) -> dict[str, Any]:
    pg = PgCluster()
    pg.start()
    url = pg.new_database()
    args = ("--cluster", "--lease-seconds", "3", "--trusted-proxy", "127.0.0.1")  # nginx's
    procs = {n: Server(url, tmp, *args, "--instance", n).start() for n in ("p0", "p1")}
    proxy = Nginx([s.port for s in procs.values()], tmp).start()
    front = Server(url, tmp)
    front.base, front.ws_url = proxy.base, proxy.ws_url
    takeovers: list[float] = []
    clean = 0
    try:
        op = front.login(OPERATOR)
        front.open_table(op, id="f1", profile="generic", computer_players=2, pause_seconds=0)
        names = ["drilla", "drillb"]
        players = front.seat("f1", names, ["1", "2"])
        for cycle in range(cycles):
            target = players[0].state["f1"]["rounds"] + rng.randint(1, 3)
            drive(players, "f1", lambda s, t=target: s["rounds"] >= t, tolerate=True)
            steps = rng.randint(0, 6)  # into the next round
            for _ in range(steps):
                seq = players[0].state["f1"]["seq"]
                drive(players, "f1", lambda s, q=seq: s["seq"] > q, tolerate=True)
            told = acked(players, "f1")
            runner = owner(url, "f1")
            assert runner in procs, runner
            t0 = time.monotonic()
            procs[runner].kill9()
            for c in players:
                c.close()
            while owner(url, "f1") in (None, runner):
                time.sleep(0.1)
                assert time.monotonic() - t0 < 60, "no takeover"
            takeovers.append(time.monotonic() - t0)
            port = procs[runner].port
            procs[runner] = Server(url, tmp, *args, "--instance", runner, port=port).start()
            players = [front.reconnect(n) for n in names]
            for c in players:
                c.subscribe("f1")
            lost = told - stored_seqs(url, "f1")
            findings = audit(url)
            held = front.http("GET", "/api/tables/f1").json()["held"]
            if not lost and not findings and held is None:
                clean += 1
            else:
                print(f"cycle {cycle}: lost {sorted(lost)[:5]}, {findings[:3]}, held {held}")
        rounds = players[0].state["f1"]["rounds"]
        drive(players, "f1", lambda s: s["rounds"] >= rounds + 2, tolerate=True)
        takeovers.sort()
        return {
            "cycles": cycles,
            "clean": clean,
            "takeover_s": {
                "p50": round(takeovers[len(takeovers) // 2], 2),
                "max": round(takeovers[-1], 2),
            },
            "rounds": players[0].state["f1"]["rounds"],
            "audit": "clean" if not audit(url) else "findings",
        }
    finally:
        proxy.stop()
        for s in procs.values():
            s.stop()
        pg.stop()


def _spread(values: list[float]) -> dict[str, float]:
    v = sorted(values)
    return {
        "min": round(v[0], 2),
        "p50": round(v[len(v) // 2], 2),
        "p90": round(v[min(len(v) - 1, (len(v) * 9) // 10)], 2),
        "max": round(v[-1], 2),
    }


def takeover(cycles: int, rng: random.Random, tmp: Path) -> dict[str, Any]:
    pg = PgCluster()
    pg.start()
    url = pg.new_database()
    args = ("--cluster",)  # the default --lease-seconds (6)
    procs = {n: Server(url, tmp, *args, "--instance", n).start() for n in ("p0", "p1")}
    held_s: list[float] = []
    played_s: list[float] = []
    events: list[int] = []
    clean = 0
    name = "drillt"
    try:
        for srv, table in ((procs["p0"], "t0"), (procs["p1"], "t1")):
            op = srv.login(OPERATOR)
            srv.open_table(op, id=table, profile="generic", computer_players=2, pause_seconds=0)
        procs["p0"].seat("t0", [name], ["1"], cents=100_000)[0].close()
        for cycle in range(cycles):
            deadline = time.monotonic() + 120
            while True:  # one table each: the survivor is at its fair share when it takes over
                o = {t: owner(url, t) for t in ("t0", "t1")}
                if None not in o.values() and o["t0"] != o["t1"]:
                    break
                assert time.monotonic() < deadline, f"the tables were not shared out: {o}"
                time.sleep(0.2)
            runner = str(o["t0"])
            survivor = next(n for n in procs if n != runner)
            player = procs[runner].reconnect(name)
            player.subscribe("t0")
            steps = rng.randint(1, 8)
            for _ in range(steps):
                seq = player.state["t0"]["seq"]
                drive([player], "t0", lambda s, q=seq: s["seq"] > q, tolerate=True)
            player.close()
            since = max([0, *(e["id"] for e in _taken(procs[survivor], "t0"))])
            t0 = time.monotonic()
            procs[runner].kill9()
            while owner(url, "t0") != survivor:
                assert time.monotonic() - t0 < 120, "no takeover"
                time.sleep(0.05)
            held_s.append(time.monotonic() - t0)
            player = procs[survivor].reconnect(name)
            player.subscribe("t0")

            def mine_applied(_s: dict[str, Any], c: Client = player) -> bool:
                return any(
                    m.get("type") == "result" and m.get("status") == "applied" for m in c.messages
                )

            drive([player], "t0", mine_applied, tolerate=True, limit=120)
            played_s.append(time.monotonic() - t0)
            player.close()
            got = [e for e in _taken(procs[survivor], "t0") if e["id"] > since]
            events.append(len(got))
            if len(got) == 1 and not audit(url):
                clean += 1
            else:
                print(f"cycle {cycle}: {len(got)} table_taken events", flush=True)
            # started again under a new name: the figures are the takeover's alone, whatever
            # a process of the same name left in the store
            port = procs.pop(runner).port
            again = f"{runner.split('-', maxsplit=1)[0]}-{cycle + 1}"
            procs[again] = Server(url, tmp, *args, "--instance", again, port=port).start()
        return {
            "cycles": cycles,
            "clean": clean,
            "lease_s": 6,
            "held_s": _spread(held_s),
            "plays_s": _spread(played_s),
            "table_taken_per_takeover": {str(n): events.count(n) for n in sorted(set(events))},
            "audit": "clean" if not audit(url) else "findings",
        }
    finally:
        for s in procs.values():
            s.stop()
        pg.stop()


def _taken(srv: Server, table: str) -> list[dict[str, Any]]:
    r = srv.http("GET", f"/api/events?table={table}&limit=1000", srv.login(OPERATOR))
    return [e for e in r.json() if e["kind"] == "table_taken"]


def kill9(cycles: int, rng: random.Random, tmp: Path) -> dict[str, Any]:
    url = f"sqlite:///{tmp / 'kill9.sqlite3'}"
    srv = Server(url, tmp).start()
    clean = 0
    try:
        op = srv.login(OPERATOR)
        srv.open_table(op, id="k9", profile="generic", computer_players=3, pause_seconds=0)
        players = srv.seat("k9", ["killx", "killy"], ["1", "2"])
        for cycle in range(cycles):
            stop = [False]
            errors: list[BaseException] = []

            def play(
                ps: list[Client] = players,
                flag: list[bool] = stop,
                errs: list[BaseException] = errors,
            ) -> None:
                try:
                    drive(ps, "k9", lambda _s: flag[0], limit=120, tolerate=True)
                except BaseException as e:
                    errs.append(e)

            t = threading.Thread(target=play)
            t.start()
            time.sleep(rng.uniform(0.2, 2.0))
            srv.kill9()
            stop[0] = True
            t.join(30)
            told = acked(players, "k9")
            for c in players:
                c.close()
            srv = Server(url, tmp).start()
            lost = told - stored_seqs(url, "k9")
            findings = audit(url)
            held = srv.http("GET", "/api/tables/k9").json()["held"]
            if not lost and not findings and held is None:
                clean += 1
            else:
                print(f"cycle {cycle}: lost {sorted(lost)[:5]}, {findings[:3]}, held {held}")
            players = [srv.reconnect(n) for n in ("killx", "killy")]
            for c in players:
                c.subscribe("k9")
        rounds = players[0].state["k9"]["rounds"]
        drive(players, "k9", lambda s: s["rounds"] >= rounds + 2, tolerate=True)
        return {"cycles": cycles, "clean": clean, "rounds": players[0].state["k9"]["rounds"]}
    finally:
        srv.stop()


def db_restart(cycles: int, rng: random.Random, tmp: Path) -> dict[str, Any]:
    pg = PgCluster()
    pg.start()
    url = pg.new_database()
    srv = Server(url, tmp).start()
    clean = 0
    refused = 0
    try:
        op = srv.login(OPERATOR)
        srv.open_table(op, id="r1", profile="generic", computer_players=2, pause_seconds=0)
        players = srv.seat("r1", ["restx", "resty"], ["1", "2"])
        for cycle in range(cycles):
            stop = [False]

            def play(ps: list[Client] = players, flag: list[bool] = stop) -> None:
                drive(ps, "r1", lambda _s: flag[0], limit=300, tolerate=True)

            t = threading.Thread(target=play)
            t.start()
            time.sleep(rng.uniform(0.5, 2.0))
            pg.restart()
            time.sleep(1.0)
            start = players[0].state["r1"]["rounds"]
            deadline = time.monotonic() + 120
            while players[0].state["r1"]["rounds"] < start + 2:
                assert time.monotonic() < deadline, "stuck after the restart"
                time.sleep(0.1)
            stop[0] = True
            t.join(60)
            findings = audit(url)
            if not findings:
                clean += 1
            else:
                print(f"cycle {cycle}: {findings[:3]}")
        refused = sum(
            1
            for c in players
            for m in c.messages
            if m.get("type") == "result" and m.get("status") == "refused"
        )
        return {
            "cycles": cycles,
            "clean": clean,
            "rounds": players[0].state["r1"]["rounds"],
            "commands_refused_while_away": refused,
        }
    finally:
        srv.stop()
        pg.stop()


def disconnect(cycles: int, _rng: random.Random, tmp: Path) -> dict[str, Any]:
    url = f"sqlite:///{tmp / 'dc.sqlite3'}"
    srv = Server(url, tmp).start()
    try:
        op = srv.login(OPERATOR)
        srv.open_table(op, id="d1", profile="generic", computer_players=2, pause_seconds=0)
        steady = srv.seat("d1", ["calm"], ["1"])[0]
        token = srv.player("jumpy")
        c = srv.client(token)
        c.subscribe("d1")
        c.ok("d1", "sit", seat="2", cents=100_000)
        c.close()
        start = steady.state["d1"]["rounds"]
        reconnects = 0
        while steady.state["d1"]["rounds"] < start + cycles:
            drive([steady], "d1", lambda s: "jumpy" in ((s["waiting"] or {}).get("who") or []))
            c = srv.client(token)
            reconnects += 1
            st = c.subscribe("d1")
            w = st["waiting"]
            if w and "jumpy" in w["who"]:
                for action, args in default_policy(c, "d1", st)[:1]:
                    c.command("d1", action, **args)
            c.close()
        return {
            "rounds": cycles,
            "reconnects": reconnects,
            "audit": "clean" if not audit(url) else "findings",
        }
    finally:
        srv.stop()


DRILLS = {
    "failover": failover,
    "takeover": takeover,
    "kill9": kill9,
    "db-restart": db_restart,
    "disconnect": disconnect,
}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--drill", choices=sorted(DRILLS), action="append")
    p.add_argument("--cycles", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    out = {}
    for name in args.drill or list(DRILLS):
        tmp = Path(tempfile.mkdtemp(prefix=f"paigow-drill-{name}-"))
        t0 = time.monotonic()
        out[name] = DRILLS[name](args.cycles, random.Random(args.seed), tmp)
        out[name]["wall_s"] = round(time.monotonic() - t0, 1)
        print(json.dumps({name: out[name]}), flush=True)
    return 0 if all(_clean(v) for v in out.values()) else 1


def _clean(figures: dict[str, Any]) -> bool:
    """Every cycle clean (where a drill counts them) and the audit clean (where it ran)."""
    cycles_ok = figures.get("clean", 0) == figures.get("cycles", 0)
    return cycles_ok and figures.get("audit", "clean") == "clean"


if __name__ == "__main__":
    raise SystemExit(main())
