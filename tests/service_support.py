"""Helpers for the service's tests: a real ``paigow serve`` process on loopback, an HTTP helper
and real websocket clients of its accounts: tests/service_client.py's :class:`Client`, which
keeps every message it receives (for the leak checks), importable from here too.

Every wait is bounded (a deadline, then a clear failure); nothing asserts on timing.
"""

from __future__ import annotations

import itertools
import os
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import InvalidStatus

from paigow.service.accounts.auth import hash_password
from paigow.service.store.store import Store
from service_client import WAIT, Client
from service_pg import free_port

__all__ = [
    "LOOSE",
    "OPERATOR",
    "PASSWORD",
    "SAMPLE_ARGS",
    "TLS",
    "Client",
    "Server",
    "wait_healthy",
]

OPERATOR = "boss"
PASSWORD = "correct horse battery"
#: The TLS context of every HTTP request the tests send: without one, httpx builds a context
#: and loads the CA bundle into it for each request (50 to 120 ms, more than most requests take
#: to answer); the test servers speak plain HTTP, so it is never used to verify anything.
TLS = ssl.create_default_context()

#: The limits of the test servers: every player of a test registers and signs in from one
#: loopback address, as no real crowd of clients does, so the per-address doors are opened
#: wide (and the recall doors: a test's pages ask for a table's history after every round,
#: however fast its rounds go; and the operator account's door: a test's one operator does the
#: work of a whole floor of them, as fast as it can) and every new account gets its grant; a
#: request waits up to 30 s for a hashing worker (tests sign many players in at once on a
#: machine busy with other tests). The failed sign-in limits and the websocket message limits
#: stay the defaults; tests/test_service_floods.py runs servers with every default
#: (``Server(..., limits=())``).
LOOSE: tuple[str, ...] = (
    "--signup-grant-period=0",
    "--worker-wait=30",
    "--sockets-per-address=100000",
    "--spectators-per-address=100000",
    "--sockets-per-account=1000",
    "--sessions-per-account=1000",
    *(
        f"--limit={door}=1000000/1"
        for door in (
            "http.address",
            "register.address",
            "register.all",
            "login.address",
            "login.account",
            "ws.address",
            "recall.account",
            "recall.address",
            "pit.account",
        )
    ),
)


#: Idempotency keys of the tests' wallet adjustments (unique per test process and server run).
_KEYS = (f"{os.getpid()}-{n}-{time.time_ns()}" for n in itertools.count(1))


def eventually(pred: Callable[[], Any], what: str, limit: float = WAIT, every: float = 0.2) -> Any:
    """Ask ``pred()`` every ``every`` seconds until it is truthy, and return what it gave
    (AssertionError naming ``what`` and its last answer after ``limit`` s): a state reached
    by another process, or by a page's command, asked for until it is there."""
    deadline = time.monotonic() + limit
    while True:
        got = pred()
        if got:
            return got
        if time.monotonic() >= deadline:
            raise AssertionError(f"not in {limit} s: {what} (last: {got!r})")
        time.sleep(every)


def wait_healthy(
    proc: subprocess.Popen[bytes], base: str, what: str, log: Callable[[], str], seconds: float
) -> None:
    """Wait until ``base``/healthz answers 200; the process's log in the error otherwise."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}: {log()}")
        try:
            if httpx.get(base + "/healthz", timeout=2, verify=TLS).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start: {log()}")


class Server:
    """``paigow serve`` in a child process."""

    def __init__(
        self,
        db_url: str,
        workdir: Path,
        *args: str,
        port: int | None = None,
        limits: tuple[str, ...] = LOOSE,
    ) -> None:
        self.db_url = db_url
        self.workdir = workdir
        self.args = (*limits, *args)
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.tokens: dict[str, str] = {}

    def start(self) -> Server:
        """Start and wait until /healthz answers."""
        env = dict(os.environ, PAIGOW_OPERATOR_PASSWORD=PASSWORD)
        log = (self.workdir / f"server-{self.port}.log").open("ab")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "paigow.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                "--operator",
                OPERATOR,
                *self.args,
            ],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        wait_healthy(self.proc, self.base, "server", self.log, WAIT)
        return self

    def log(self) -> str:
        """The server's output so far."""
        p = self.workdir / f"server-{self.port}.log"
        return p.read_text(errors="replace")[-3000:] if p.exists() else ""

    def kill9(self) -> None:
        """kill -9."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        """Stop gracefully (SIGTERM), or kill."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill9()

    # ------------------------------------------------------------------ HTTP
    def http(
        self, method: str, path: str, token: str | None = None, body: Any = None, **kw: Any
    ) -> httpx.Response:
        """One HTTP request (bearer ``token`` when given)."""
        headers = dict(kw.pop("headers", {}))
        if token:
            headers["Authorization"] = f"Bearer {token}"
        kw.setdefault("verify", TLS)
        return httpx.request(method, self.base + path, json=body, headers=headers, timeout=30, **kw)

    def login(self, name: str, password: str = PASSWORD) -> str:
        """A session token (one sign-in per name: argon2 is slow on purpose)."""
        if name not in self.tokens:
            r = self.http("POST", "/api/login", body={"name": name, "password": password})
            assert r.status_code == 200, r.text
            self.tokens[name] = str(r.json()["token"])
        return self.tokens[name]

    def player(self, name: str) -> str:
        """Register ``name`` (if new) and sign in; the token."""
        r = self.http("POST", "/api/register", body={"name": name, "password": PASSWORD})
        assert r.status_code in (201, 409), r.text
        return self.login(name)

    def operator(self, name: str) -> str:
        """Another operator account ``name`` (made in the store if new: no route makes one)
        signed in; the token."""
        store = Store(self.db_url)
        try:
            if store.user_by_name(name) is None:
                store.create_user(name, hash_password(PASSWORD), "operator", 0)
        finally:
            store.close()
        return self.login(name)

    def credit(self, token: str, name: str, cents: int) -> dict[str, Any]:
        """An operator's wallet adjustment of ``cents`` into ``name``'s wallet (the one door
        for moving money by hand: a reason, a new idempotency key); its answer."""
        body = {"cents": cents, "reason": "credited by the tests", "key": f"t-{next(_KEYS)}"}
        r = self.http("POST", f"/api/pit/accounts/{name}/adjust", token, body)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def open_table(self, token: str, **options: Any) -> dict[str, Any]:
        """Open a table as operator."""
        r = self.http("POST", "/api/tables", token, options)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def seat(
        self, table: str, names: list[str], seats: list[str], cents: int = 50_000
    ) -> list[Client]:
        """Players sit down together: the operator pauses the table, they sit, it resumes (so
        that the first round has them all)."""
        op = self.client(self.login(OPERATOR))
        op.ok(table, "pause")
        out = []
        for name, s in zip(names, seats, strict=True):
            c = self.client(self.player(name))
            c.subscribe(table)
            c.ok(table, "sit", seat=s, cents=cents)
            out.append(c)
        op.ok(table, "resume")
        op.close()
        return out

    def client(self, token: str, **kw: Any) -> Client:
        """A websocket client signed in with ``token``."""
        return Client(self.ws_url, token, **kw)

    def watcher(self) -> Client:
        """A spectator's websocket client, signed out (``/ws/watch``)."""
        return Client(self.ws_url + "/watch", None)

    def reconnect(self, name: str, tries: int = 50) -> Client:
        """A client of ``name`` connected again, trying for a while (as a browser does while
        a proxy finds a live server)."""
        for _ in range(tries - 1):
            try:
                return self.client(self.login(name))
            except (OSError, InvalidStatus, httpx.HTTPError, AssertionError):
                time.sleep(0.2)
        return self.client(self.login(name))


Policy = Callable[["Client", str, dict[str, Any]], list[tuple[str, dict[str, Any]]]]


def default_policy(c: Client, table: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """What a plain player does when the table waits for them: declines the bank, wagers the
    minimum on their seat, sets by asking for the house way, stands."""
    w = st["waiting"]
    me = st["you"]
    rnd = st["round"] or {}
    what = w["for"]
    if what == "bank offer":
        return [("bank", {"accept": False})]
    if what == "wagers":
        mine = [x for x in rnd.get("wagers", []) if x["player"] == me and x["kind"] == "main"]
        out: list[tuple[str, dict[str, Any]]] = []
        if rnd["banker"]["kind"] == "player-dealer" and rnd["banker"]["player"] == me:
            if not rnd["pd_stake"]:
                out.append(("pd_stake", {"cents": st["limits"]["min"] * 4}))
            return [*out, ("ready", {})]
        if not mine and rnd["banker"]["player"] != me:
            out.append(("wager", {"spot": st["seats"][me], "cents": st["limits"]["min"]}))
        return [*out, ("ready", {})]
    if what == "setting":
        return [("house_way", {"spot": s}) for s in rnd["unset"] if _controls(rnd, s, me)]
    if what == "bank_set":
        return [("bank_set", {})]
    if what == "surrender":
        return [("stand", {})]
    if what == "style":
        return [("style", {"style": rnd["style"]})]
    if what == "cut":
        return [("cut", {"cut": None})]
    if what == "roll":
        return [("roll", {})]
    return []


def _controls(rnd: dict[str, Any], spot: str, me: str) -> bool:
    stakes: dict[str, int] = {}
    for w in rnd["wagers"]:
        if w["spot"] == spot and w["kind"] == "main":
            stakes[w["player"]] = stakes.get(w["player"], 0) + w["cents"]
    if not stakes:
        return False
    seated = rnd["seats"].get(me) == spot and me in stakes
    return seated or max(stakes, key=lambda p: stakes[p]) == me


def drive(
    clients: list[Client],
    table: str,
    done: Callable[[dict[str, Any]], bool],
    policy: Policy | dict[str, Policy] = default_policy,
    limit: float = WAIT,
    *,
    tolerate: bool = False,
) -> dict[str, Any]:
    """Play until ``done(state)`` holds in a client's latest state: each client answers when
    the table waits for it, by its policy. ``tolerate``: a refused command (a table moving
    between processes) is tried again later instead of failing."""
    acted: dict[str, str] = {}
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        busy = False
        for c in clients:
            while c.pending():
                busy = True
            st = c.state.get(table)
            if st is None:
                continue
            if done(st):
                return st
            w = st["waiting"]
            me = st["you"] or "operator"
            mine = st["you"] in w["who"] if w else False
            if st["you"] is None and w and isinstance(policy, dict) and "operator" in policy:
                mine = True
            if w and mine and acted.get(me) != f"{w['key']}:{st['seq']}":
                acted[me] = f"{w['key']}:{st['seq']}"
                pol = policy.get(me, default_policy) if isinstance(policy, dict) else policy
                for action, args in pol(c, table, st):
                    r = c.command(table, action, **args)
                    if tolerate and r["status"] == "refused":
                        acted.pop(me, None)
                        time.sleep(0.2)
                        break
                    assert r["status"] in ("applied", "duplicate"), (action, args, r)
                busy = True
        if not busy:
            time.sleep(0.005)
    raise AssertionError(f"the table did not get there in {limit} s: {clients[0].state.get(table)}")


#: Each command of the protocol with arguments of the right shape (what they name may not exist).
SAMPLE_ARGS: dict[str, dict[str, Any]] = {
    "sit": {"seat": "5", "cents": 1000},
    "bank": {"accept": True},
    "cut": {"cut": None},
    "dealer_wager": {"cents": 0},
    "pd_stake": {"cents": 1000},
    "wager": {"spot": "1", "cents": 500},
    "remove_wager": {"ref": "w1"},
    "style": {"style": "a"},
    "set": {"spot": "1", "high": ["6-6", "4-5"], "low": ["1-2", "3-3"]},
    "house_way": {"spot": "1"},
    "bank_set": {},
    "surrender": {"spot": "1"},
    "void_hand": {"spot": "1"},
    "void": {"reason": "test"},
    "expose_dealt": {"position": "1"},
    "tile_off_table": {"position": "1"},
    "no_roll": {"reason": "test"},
    "expose_stacking": {"pieces": ["6-6"]},
    "face_up_in_shoe": {"card": "As"},
    "stub_count": {"cards": 26},
    "abandon": {"player": "someone"},
    "enter_dice": {"dice": [1, 2, 3]},
}
