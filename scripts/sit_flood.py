"""What a flood of refused buy-ins does to a table's pace (docs/reliability.md, "Abuse"): a
table with computer players and a steady player who acts at once plays in windows that
alternate quiet and flooded, the flood being accounts that cannot pay asking for a seat again
and again — half with a wallet short of the buy-in, half with a daily buy-in limit of one cent
— each at ``--rate`` asks a second (under the websocket's own limit, so that every ask reaches
the table):

    .venv/bin/python scripts/sit_flood.py                    # this code
    .venv/bin/python scripts/sit_flood.py --against f0710ec  # that commit's code, then this

It prints, for each code, the rounds a minute the table finished in the quiet windows and in
the flooded ones, their ratio (the promise: at least 0.9), the asks the flood made and how they
were answered. ``paigow serve`` on SQLite (``--db postgresql`` starts a PostgreSQL of its own),
the test servers' limits (tests/service_support.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

from load import archive, code_of  # noqa: E402

from service_pg import PgCluster  # noqa: E402
from service_support import LOOSE, OPERATOR, Server, drive  # noqa: E402

#: The test servers' limits that older code knows too (for ``--against``).
LIMITS = tuple(f for f in LOOSE if "spectators" not in f and "recall" not in f)

#: The table the flood is aimed at: its windows as the simulation's live table has them.
TABLE = {
    "id": "live",
    "profile": "generic",
    "computer_players": 3,
    "wager_seconds": 4,
    "setting_seconds": 4,
    "decision_seconds": 3,
    "pause_seconds": 1,
}


class Steady:
    """The steady player: acts at once whenever the table waits for them; the time of each
    round the table finishes."""

    def __init__(self, srv: Server) -> None:
        (self.client,) = srv.seat("live", ["steady"], ["1"])
        self.finished: list[float] = []
        self.stop = threading.Event()
        self._last = -1
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _done(self, st: dict[str, Any]) -> bool:
        if st["rounds"] != self._last:
            if self._last >= 0:
                self.finished.append(time.monotonic())
            self._last = st["rounds"]
        return self.stop.is_set()

    def _run(self) -> None:
        drive([self.client], "live", self._done, limit=24 * 3600)

    def close(self) -> None:
        """Stop playing."""
        self.stop.set()
        self._thread.join(timeout=60)
        self.client.close()


def _credit(srv: Server, op: str, name: str, cents: int) -> None:
    """``cents`` into ``name``'s wallet through the pit's door, or (older code) the deposit."""
    body = {"cents": cents, "reason": "the flood's stake", "key": f"flood-{name}"}
    r = srv.http("POST", f"/api/pit/accounts/{name}/adjust", op, body)
    if r.status_code == 422:
        r = srv.http("POST", f"/api/wallets/{name}/deposit", op, {"cents": cents})
    assert r.status_code == 200, r.text


class Flood:
    """Accounts that cannot pay, each asking for a seat ``rate`` times a second while on."""

    def __init__(self, srv: Server, accounts: int, rate: float) -> None:
        op = srv.login(OPERATOR)
        self.answers: Counter[str] = Counter()
        self.on = threading.Event()
        self.stop = threading.Event()
        self.threads = []
        for i in range(accounts):
            name = f"shortof{i}"
            token = srv.player(name)
            cents = 10**9  # more than the sign-up grant: the wallet is short
            if i % 2:
                _credit(srv, op, name, 100_000)
                r = srv.http("POST", "/api/me/protection/limit", token, {"cents": 1})
                assert r.status_code == 200, r.text
                cents = 500
            t = threading.Thread(target=self._ask, args=(srv, token, cents, rate), daemon=True)
            t.start()
            self.threads.append(t)

    def _ask(self, srv: Server, token: str, cents: int, rate: float) -> None:
        c = srv.client(token)
        c.subscribe("live")
        try:
            while not self.stop.is_set():
                while c.pending():  # read what the table sends, or the socket stalls
                    pass
                if not self.on.wait(0.2):
                    continue
                t0 = time.monotonic()
                r = c.command("live", "sit", seat="3", cents=cents)  # a free seat
                why = str(r.get("error", r["status"]))
                self.answers[why.split(":", maxsplit=1)[0][:60]] += 1
                time.sleep(max(0.0, 1 / rate - (time.monotonic() - t0)))
                while c.pending():
                    pass
        finally:
            c.close()

    def close(self) -> None:
        """Stop asking."""
        self.stop.set()
        for t in self.threads:
            t.join(timeout=60)


def run(args: argparse.Namespace, src: str | None, pg: PgCluster | None) -> dict[str, Any]:
    """One server (of ``src``, else this code), measured."""
    tmp = Path(tempfile.mkdtemp(prefix="paigow-sitflood-"))
    url = pg.new_database() if pg is not None else f"sqlite:///{tmp / 'flood.sqlite3'}"
    with code_of(src):
        srv = Server(url, tmp, limits=LIMITS).start()
    windows: list[tuple[str, float, float]] = []
    try:
        srv.open_table(srv.login(OPERATOR), **TABLE)
        flood = Flood(srv, args.accounts, args.rate)
        steady = Steady(srv)
        try:
            time.sleep(args.quiet)  # the table under way
            for _ in range(args.cycles):
                t0 = time.monotonic()
                time.sleep(args.quiet)
                windows.append(("quiet", t0, time.monotonic()))
                flood.on.set()
                t0 = time.monotonic()
                time.sleep(args.loud)
                flood.on.clear()
                windows.append(("flood", t0, time.monotonic()))
        finally:
            flood.close()
            steady.close()
    finally:
        srv.stop()
    return _summary(steady.finished, windows, flood.answers)


def _summary(
    finished: list[float], windows: list[tuple[str, float, float]], answers: Counter[str]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kind in ("quiet", "flood"):
        spans = [(a, b) for k, a, b in windows if k == kind]
        seconds = sum(b - a for a, b in spans)
        n = sum(1 for t in finished if any(a <= t < b for a, b in spans))
        out[kind] = {"rounds": n, "seconds": round(seconds, 1), "per_minute": 60 * n / seconds}
    quiet = out["quiet"]["per_minute"]
    out["ratio"] = round(out["flood"]["per_minute"] / quiet, 3) if quiet else None
    for kind in ("quiet", "flood"):
        out[kind]["per_minute"] = round(out[kind]["per_minute"], 1)
    out["asks"] = dict(answers.most_common())
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--against", metavar="REF", help="first measure the code of git commit REF")
    p.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    p.add_argument("--accounts", type=int, default=4, help="accounts that flood (half of each)")
    p.add_argument("--rate", type=float, default=20.0, help="asks a second of each account")
    p.add_argument("--cycles", type=int, default=3)
    p.add_argument("--quiet", type=float, default=30.0, help="seconds of each quiet window")
    p.add_argument("--loud", type=float, default=30.0, help="seconds of each flooded window")
    args = p.parse_args()
    pg = None
    if args.db == "postgresql":
        pg = PgCluster()
        pg.start()
    try:
        out: dict[str, Any] = {}
        if args.against:
            out[args.against] = run(args, archive(args.against), pg)
        out["this"] = run(args, None, pg)
    finally:
        if pg is not None:
            pg.stop()
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
