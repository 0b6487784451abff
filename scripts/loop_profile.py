"""Where the event loop waits: every route of the service called in turn against a server
running in this process, while a probe measures how late the loop wakes up (a 1 ms sleep,
again and again). A route that does slow work on the loop — argon2, the exact engine, a
whole-ledger sum — shows as a stall as long as that work; one that hands it to a worker pool
shows none. The figures are in docs/reliability.md ("Threats"). On a machine shared with
other work, run it at a higher priority (``nice -n -10``, as root) so that the machine's other
work shows less; the column of the loop's own CPU time is unaffected by it.

Run: ``.venv/bin/python scripts/loop_profile.py [--calls 5] [--json]``. It needs only the HTTP
API and the websocket, so the same script profiles an older checkout too
(``PYTHONPATH=OLD/src .venv/bin/python scripts/loop_profile.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import json
import logging
import math
import os
import socket
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import connect

OPERATOR = "boss"
PASSWORD = "correct horse battery"


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


class Probe:
    """How late the loop wakes from 1 ms sleeps (ms), and how much CPU the loop's thread used
    meanwhile (ms): a late wake-up with the thread busy is work done on the loop; one without
    is the loop waiting (for the machine's other work, or blocked in a call that waits)."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, float, float]] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            t, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            busy = (time.thread_time() - cpu) * 1000
            self.samples.append((now, (now - t - 0.001) * 1000, busy))

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def between(self, t0: float, t1: float) -> list[tuple[float, float]]:
        return [(lag, busy) for at, lag, busy in self.samples if t0 <= at <= t1]


def _service(db: str) -> Any:
    """The service, with its per-address limits opened wide (one client calls everything)."""
    from paigow.service.accounts.auth import hash_password
    from paigow.service.hub import Service, ServiceOptions
    from paigow.service.store.store import Store

    store = Store(db)
    store.migrate()
    store.set_password(OPERATOR, hash_password(PASSWORD), "operator")
    params = inspect.signature(ServiceOptions).parameters
    kw: dict[str, Any] = {"seed": 1}
    if "limits" in params:
        from paigow.service.kit.ratelimit import DOORS, Rate

        kw["limits"] = {d: Rate(1_000_000, 1) for d in DOORS if not d.startswith("failed")}
        kw["signup_grant_period"] = 0
        kw["sessions_per_account"] = 1000
    return Service(store, ServiceOptions(**kw))


async def _drive(
    base: str, ws_url: str, calls: int
) -> list[tuple[str, Callable[[], Awaitable[Any]]]]:
    """The routes to call, each as a coroutine function (set-up done here)."""
    http = httpx.AsyncClient(base_url=base, timeout=60)

    async def login(name: str) -> str:
        r = await http.post("/api/login", json={"name": name, "password": PASSWORD})
        r.raise_for_status()
        return str(r.json()["token"])

    op = await login(OPERATOR)
    auth = {"Authorization": f"Bearer {op}"}
    await http.post(
        "/api/tables",
        headers=auth,
        json={"id": "prof", "profile": "generic", "computer_players": 2, "pause_seconds": 0},
    )
    await http.post("/api/register", json={"name": "profiled", "password": PASSWORD})
    me = await login("profiled")
    mine = {"Authorization": f"Bearer {me}"}
    ws = await connect(ws_url, additional_headers=mine)
    await ws.recv()

    async def send(msg: dict[str, Any], want: str) -> None:
        await ws.send(json.dumps(msg))
        while True:
            got = json.loads(await ws.recv())
            if got.get("type") == want:
                return

    await send({"type": "subscribe", "table": "prof"}, "state")
    await send(
        {
            "type": "command",
            "table": "prof",
            "id": "s",
            "action": "sit",
            "args": {"seat": "1", "cents": 50_000},
        },
        "result",
    )

    async def to_setting() -> None:  # the player wagers and is dealt a hand
        deadline = time.monotonic() + 60
        n = 0
        while time.monotonic() < deadline:
            st = (await http.get("/api/tables/prof", headers=mine)).json()
            w = st.get("waiting") or {}
            if w.get("for") == "setting" and "profiled" in w.get("who", []):
                return
            if w.get("for") == "wagers" and "profiled" in w.get("who", []):
                n += 1
                await send(
                    {
                        "type": "command",
                        "table": "prof",
                        "id": f"w{n}",
                        "action": "wager",
                        "args": {"spot": "1", "cents": 500},
                    },
                    "result",
                )
                await send(
                    {
                        "type": "command",
                        "table": "prof",
                        "id": f"r{n}",
                        "action": "ready",
                        "args": {},
                    },
                    "result",
                )
            elif w.get("for") == "bank offer" and "profiled" in w.get("who", []):
                n += 1
                await send(
                    {
                        "type": "command",
                        "table": "prof",
                        "id": f"b{n}",
                        "action": "bank",
                        "args": {"accept": False},
                    },
                    "result",
                )
            await asyncio.sleep(0.05)

    await to_setting()
    counter = iter(range(10**6))
    answer = {
        "profile": "generic",
        "pieces": ["6-6", "4-5", "1-2", "3-3"],
        "high": ["6-6", "4-5"],
        "low": ["1-2", "3-3"],
    }

    def get(path: str, headers: dict[str, str] | None = None) -> Callable[[], Awaitable[Any]]:
        return lambda: http.get(path, headers=headers or {})

    def post(
        path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Callable[[], Awaitable[Any]]:
        return lambda: http.post(path, json=body, headers=headers or {})

    async def register() -> Any:
        return await http.post(
            "/api/register", json={"name": f"reg{next(counter)}", "password": PASSWORD}
        )

    async def adjust() -> Any:  # a new adjustment each time (a new idempotency key)
        body = {"cents": 100, "reason": "loop profile", "key": f"profile-{next(counter)}"}
        return await http.post("/api/pit/accounts/profiled/adjust", json=body, headers=auth)

    async def sign_in_out() -> Any:
        token = await login("profiled")
        return await http.post("/api/logout", headers={"Authorization": f"Bearer {token}"})

    async def failed() -> Any:
        return await http.post(
            "/api/login", json={"name": "profiled", "password": "wrong password"}
        )

    async def answers_at_once() -> Any:  # four at once: in threads they share the GIL
        return await asyncio.gather(
            *(http.post("/api/trainer/answer", json=answer) for _ in range(4))
        )

    async def ping() -> None:
        await send({"type": "ping"}, "pong")

    async def subscribe() -> None:
        await send({"type": "subscribe", "table": "prof"}, "state")

    async def open_close() -> Any:
        tid = f"t{next(counter)}"
        await http.post("/api/tables", headers=auth, json={"id": tid, "profile": "generic"})
        return await http.post(f"/api/tables/{tid}/close", headers=auth)

    return [
        ("GET /healthz", get("/healthz")),
        ("GET /api/tables", get("/api/tables")),
        ("GET /api/tables/{id}", get("/api/tables/prof", mine)),
        ("GET /api/session", get("/api/session", mine)),
        ("GET /api/me", get("/api/me", mine)),
        ("GET /api/me/rounds", get("/api/me/rounds", mine)),
        ("GET /api/tables/{id}/info", get("/api/tables/prof/info")),
        ("GET /api/tables/{id}/history", get("/api/tables/prof/history", mine)),
        ("GET /api/tables/{id}/rounds", get("/api/tables/prof/rounds", auth)),
        ("GET /api/tables/{id}/meters", get("/api/tables/prof/meters", auth)),
        ("GET /api/events", get("/api/events", auth)),
        ("GET /api/audit", get("/api/audit", auth)),
        ("POST /api/pit/accounts/{name}/adjust", adjust),
        ("POST /api/tables + close", open_close),
        ("GET /api/tables/{id}/advice/{spot}", get("/api/tables/prof/advice/1", mine)),
        ("GET /api/trainer/profiles", get("/api/trainer/profiles")),
        (
            "POST /api/trainer/deal",
            post("/api/trainer/deal", {"profile": "nj-supreme", "drill": "all"}),
        ),
        ("POST /api/trainer/answer", post("/api/trainer/answer", answer)),
        ("POST /api/trainer/answer, 4 at once", answers_at_once),
        ("POST /api/register", register),
        ("POST /api/login + logout", sign_in_out),
        ("POST /api/login (wrong password)", failed),
        ("websocket ping", ping),
        ("websocket subscribe", subscribe),
    ]


async def main_async(calls: int) -> list[dict[str, Any]]:
    from paigow.service.routes.app import create_app

    tmp = Path(tempfile.mkdtemp(prefix="paigow-profile-"))
    service = _service(f"sqlite:///{tmp / 'profile.sqlite3'}")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(service), host="127.0.0.1", port=port, log_level="error")
    server = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.05)
    probe = Probe()
    probe.start()
    routes = await _drive(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws", calls)
    out = []
    for name, call in routes:
        await asyncio.sleep(0.3)
        took = []
        t0 = time.perf_counter()
        for _ in range(calls):
            c0 = time.perf_counter()
            await call()
            took.append((time.perf_counter() - c0) * 1000)
        seen = probe.between(t0, time.perf_counter() + 0.002)
        out.append(
            {
                "route": name,
                "calls": calls,
                "call_ms_p50": round(_percentile(took, 0.5), 1),
                "call_ms_max": round(max(took), 1),
                "loop_stall_ms_max": round(max((s[0] for s in seen), default=0.0), 1),
                "loop_busy_ms_max": round(max((s[1] for s in seen), default=0.0), 1),
            }
        )
    server.should_exit = True
    with contextlib.suppress(Exception):
        await asyncio.wait_for(task, 10)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--calls", type=int, default=5, help="calls per route (default 5)")
    p.add_argument("--json", action="store_true", help="JSON instead of a table")
    args = p.parse_args()
    logging.getLogger("paigow.service").setLevel(logging.ERROR)
    rows = asyncio.run(main_async(args.calls))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"load average {os.getloadavg()[0]:.2f} at the start, {args.calls} calls a route")
    print("| route | call p50 / max (ms) | loop late, max (ms) | loop's own CPU, max (ms) |")
    print("|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['route']} | {r['call_ms_p50']} / {r['call_ms_max']} | "
            f"{r['loop_stall_ms_max']} | {r['loop_busy_ms_max']} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
