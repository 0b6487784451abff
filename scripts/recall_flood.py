"""What a flood of signed-in recalls (a table's history asked by a player who played it, and the
player's own rounds) does to the trainer and the setting advice, which share the compute pool
with them (docs/reliability.md, "Abuse"):

    .venv/bin/python scripts/recall_flood.py                    # this code
    .venv/bin/python scripts/recall_flood.py --against HEAD~3   # commit HEAD~3's, then this

Starts ``paigow serve`` with every default limit (tests/service_support.py), stores ten rounds of
a table at which the flooding accounts played (with five computer players), and seats a player
at another table whose hand waits to be set. A client of its own address (127.0.0.2: the flood
does not use up its HTTP allowance) then asks, one after the other, for a trainer's answer
(``POST /api/trainer/answer``, signed out) and the player's advice
(``GET /api/tables/{id}/advice/{spot}``), in windows that alternate quiet and flooded (the
flood: ``--clients`` clients from 127.0.0.1, tests/service_flood.py's ``recall`` door, the
accounts in turn). It prints the median and p90 of each kind in each window, the statuses the
measuring client got, and what the flood got. ``--open-doors`` opens the recall doors wide, to
measure what the compute pool's order does alone.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

from load import archive, code_of  # noqa: E402

from service_flood import Flood  # noqa: E402
from service_support import OPERATOR, TLS, Client, Server, drive  # noqa: E402

ANSWER = {
    "profile": "generic",
    "pieces": ["6-6", "4-5", "1-2", "3-3"],
    "high": ["6-6", "4-5"],
    "low": ["1-2", "3-3"],
}


class Prober:
    """Trainer answers and advice, one after the other, from 127.0.0.2, each timed with the
    window it was sent in."""

    def __init__(self, base: str, token: str, table: str) -> None:
        transport = httpx.HTTPTransport(local_address="127.0.0.2", verify=TLS)
        self.client = httpx.Client(base_url=base, transport=transport, timeout=30)
        self.auth = {"Authorization": f"Bearer {token}"}
        self.table = table
        self.phase = "quiet"
        self.samples: list[tuple[str, str, float, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _one(self, kind: str) -> int:
        if kind == "trainer":
            return self.client.post("/api/trainer/answer", json=ANSWER).status_code
        path = f"/api/tables/{self.table}/advice/1"
        return self.client.get(path, headers=self.auth).status_code

    def _run(self) -> None:
        kinds = ("trainer", "advice")
        n = 0
        while not self._stop.is_set():
            kind = kinds[n % 2]
            n += 1
            phase = self.phase
            t0 = time.perf_counter()
            status = self._one(kind)
            ms = (time.perf_counter() - t0) * 1000
            if phase == self.phase:  # a sample that straddles two windows counts for neither
                self.samples.append((phase, kind, ms, status))
            time.sleep(0.02)

    def close(self) -> None:
        """Stop asking."""
        self._stop.set()
        self._thread.join(timeout=60)
        self.client.close()


def _setup(srv: Server, accounts: int) -> tuple[list[str], str, Client]:
    """Ten rounds stored at ``busy`` by ``accounts`` players (and five computer players), who
    then leave; a player at ``calm`` whose hand waits to be set. The flooders' sessions, and
    the advised player's, and their websocket (kept open: the table waits for a player who is
    there)."""
    op = srv.login(OPERATOR)
    srv.open_table(
        op, id="busy", profile="generic", computer_players=5 - accounts + 1, pause_seconds=0
    )
    names = [f"historian{i}" for i in range(accounts)]
    for name in names:
        srv.player(name)
        srv.credit(op, name, 100_000)
    players = srv.seat("busy", names, [str(i + 1) for i in range(accounts)])
    drive(players, "busy", lambda s: s["rounds"] >= 10, limit=300)
    for p in players:
        p.ok("busy", "leave")
        p.close()
    windows = {"wager_seconds": 3600, "setting_seconds": 3600, "decision_seconds": 3600}
    srv.open_table(op, id="calm", profile="generic", **windows)
    srv.player("adviser")
    srv.credit(op, "adviser", 100_000)
    (c,) = srv.seat("calm", ["adviser"], ["1"])
    st = c.wait_state("calm", lambda s: "adviser" in (s["waiting"] or {}).get("who", []), "turn")
    if st["waiting"]["for"] == "bank offer":
        c.ok("calm", "bank", accept=False)
    c.wait_state("calm", lambda s: (s["round"] or {}).get("phase") == "wagers", "wagers")
    c.ok("calm", "wager", spot="1", cents=500)
    c.ok("calm", "ready")
    c.wait_state("calm", lambda s: (s["round"] or {}).get("phase") == "setting", "the deal")
    return [srv.login(n) for n in names], srv.login("adviser"), c


def run(args: argparse.Namespace, src: str | None) -> dict[str, Any]:
    """One server (of ``src``, else this code), measured."""
    tmp = Path(tempfile.mkdtemp(prefix="paigow-recall-"))
    doors = ("recall.account", "recall.address") if args.open_doors else ()
    opened = tuple(f"--limit={d}=1000000/1" for d in doors)
    with code_of(src):
        srv = Server(f"sqlite:///{tmp / 'recall.sqlite3'}", tmp, *opened, limits=()).start()
    try:
        flooders, adviser, there = _setup(srv, args.accounts)
        prober = Prober(srv.base, adviser, "calm")
        flood = Flood("recall", srv.base, "busy", *flooders, clients=args.clients)
        try:
            for _ in range(args.cycles):
                prober.phase = "quiet"
                time.sleep(args.quiet)
                prober.phase = "flood"
                flood.on()
                time.sleep(args.loud)
                flood.off()
            prober.phase = "after"
            time.sleep(0.5)
        finally:
            got = flood.stop()
            prober.close()
            there.close()
    finally:
        srv.stop()
    return _summary(prober.samples, got)


def _summary(samples: list[tuple[str, str, float, int]], flood: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"flood": flood, "load_average": os.getloadavg()}
    for phase in ("quiet", "flood"):
        for kind in ("trainer", "advice"):
            ms = sorted(m for p, k, m, _s in samples if p == phase and k == kind)
            statuses: dict[str, int] = {}
            for p, k, _m, s in samples:
                if p == phase and k == kind:
                    statuses[str(s)] = statuses.get(str(s), 0) + 1
            out[f"{kind} {phase}"] = {
                "n": len(ms),
                "p50_ms": round(statistics.median(ms), 1) if ms else None,
                "p90_ms": round(ms[int(0.9 * (len(ms) - 1))], 1) if ms else None,
                "statuses": statuses,
            }
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--against", metavar="REF", help="first measure the code of git commit REF")
    p.add_argument("--accounts", type=int, default=1, help="flooding accounts (1..5)")
    p.add_argument("--clients", type=int, default=8, help="flooding clients")
    p.add_argument(
        "--open-doors",
        action="store_true",
        help="this code with its recall doors opened wide: the compute pool's order alone "
        "(as against a flood from many addresses)",
    )
    p.add_argument("--cycles", type=int, default=8)
    p.add_argument("--quiet", type=float, default=1.0, help="seconds of each quiet window")
    p.add_argument("--loud", type=float, default=1.5, help="seconds of each flood window")
    args = p.parse_args()
    if not 1 <= args.accounts <= 5:
        p.error("--accounts: 1..5")
    out: dict[str, Any] = {}
    if args.against:
        out[args.against] = run(args, archive(args.against))
    out["this"] = run(args, None)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
