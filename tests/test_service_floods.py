"""Nobody can stall the tables: every door flooded from loopback against a real ``paigow serve``
with its default limits, while a seated player's websocket is pinged (tests/service_flood.py).

For each door: the flood gets 429s (its limit holds it, bounded in memory), what it could do
before that is bounded (accounts, sessions, grants, argon2 work), and the seated player's ping
p99 while it runs stays under 50 ms beyond the same machine's quiet p99 (measured in the same
test, in windows that alternate with the flood's: docs/reliability.md, "Threats"). Before the
fix, four clients registering in a loop pushed the ping p90 to 0.5-1.1 s (argon2 on the loop).

Also here: the sign-up grant once per address per period, the cap of live sessions, the worker
pool's 503, ``X-Forwarded-For`` believed only from ``--trusted-proxy``, and an operator account
hammering the pit held by its own door, not another operator's from the same address.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from paigow.service.store.store import Store
from service_flood import Flood, Pinger, measure
from service_load import percentile
from service_support import LOOSE, OPERATOR, PASSWORD, TLS, Server, drive

#: The bound on what a flood adds to a seated player's ping p99 (ms).
BOUND_MS = 50.0


@pytest.fixture
def fresh(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Server]:
    """A server with every default limit (``@pytest.mark.parametrize('fresh', [args],
    indirect=True)`` adds arguments), on a new SQLite database, for one test."""
    extra = tuple(getattr(request, "param", ()))
    srv = Server(f"sqlite:///{tmp_path / 'flood.sqlite3'}", tmp_path, *extra, limits=()).start()
    try:
        yield srv
    finally:
        srv.stop()


def _seated(srv: Server) -> Pinger:
    """A player seated at a quiet table (it waits an hour for wagers), their websocket pinged."""
    op = srv.login(OPERATOR)
    srv.open_table(op, id="calm", profile="generic", wager_seconds=3600, pause_seconds=0)
    token = srv.player("sitter")
    c = srv.client(token)
    c.subscribe("calm")
    c.ok("calm", "sit", seat="1", cents=50_000)
    c.close()
    return Pinger(srv.ws_url, token, "calm")


def _flood(
    srv: Server, pinger: Pinger, door: str, *extra: str
) -> tuple[dict[str, int], float, str | None]:
    """Run the flood in windows alternating with quiet ones: the statuses it got, the seconds
    from its start to its end (what a limit refills meanwhile is allowed), and what is wrong
    with the seated player's ping p99 while it ran (None: within the bound)."""
    flood = Flood(door, srv.base, *extra)
    start = time.monotonic()
    try:
        measure(pinger, flood)
    finally:
        got = flood.stop()
        pinger.close()
    elapsed = time.monotonic() - start
    quiet, loud = pinger.rtts("quiet"), pinger.rtts("flood")
    q99, f99 = percentile(quiet, 0.99), percentile(loud, 0.99)
    print(
        f"\n{door}: flood {got}; ping p50/p99/max quiet {percentile(quiet, 0.5):.1f}/{q99:.1f}/"
        f"{max(quiet, default=0):.1f} ms ({len(quiet)}), flood {percentile(loud, 0.5):.1f}/"
        f"{f99:.1f}/{max(loud, default=0):.1f} ms ({len(loud)}); load {os.getloadavg()[0]:.1f}"
    )
    assert not pinger.errors, pinger.errors
    assert len(loud) >= 100 and len(quiet) >= 50, (len(loud), len(quiet))
    statuses: dict[str, int] = got["statuses"]
    wrong = None
    if f99 >= q99 + BOUND_MS:
        wrong = f"{door}: ping p99 {f99:.1f} ms during the flood, {q99:.1f} quiet"
    return statuses, elapsed, wrong


Check = Callable[[Server, dict[str, int], float], None]


def _trial(
    tmp: Path,
    door: str,
    check: Check,
    prepare: Callable[[Server], tuple[str, ...]] = lambda _s: (),
    server_args: tuple[str, ...] = (),
) -> None:
    """The flood of ``door`` against a fresh server with every default limit and a seated
    player: ``check`` (what the flood got, what it could do) must hold every time; the ping
    bound too, and when a first attempt misses it, a second one on a fresh server decides (a
    burst of other work on a shared machine can land in one attempt's flood windows; it is
    printed either way)."""
    for attempt in (1, 2):
        db = f"sqlite:///{tmp / f'flood{attempt}.sqlite3'}"
        srv = Server(db, tmp, *server_args, limits=()).start()
        try:
            pinger = _seated(srv)
            got, seconds, wrong = _flood(srv, pinger, door, *prepare(srv))
            check(srv, got, seconds)
        finally:
            srv.stop()
        if wrong is None:
            return
        assert attempt == 1, wrong
        print(f"attempt 1: {wrong}; once more on a fresh server")


def _accounts(srv: Server, prefix: str) -> dict[str, int]:
    """Accounts whose name starts with ``prefix`` and their wallets."""
    store = Store(srv.db_url)
    try:
        return {
            k.split(":", 1)[1]: v
            for k, v in store.balances("wallet:").items()
            if k.split(":", 1)[1].startswith(prefix)
        }
    finally:
        store.close()


def _victim(srv: Server) -> tuple[str, ...]:
    srv.player("victim")
    return ("victim",)


def test_registration_flood_stalls_no_table(tmp_path: Path) -> None:
    """Four anonymous clients registering in a loop: 429 after the address's ten accounts an
    hour (one went to the seated player), none with a second sign-up grant; the table's ping
    p99 unmoved (argon2 runs on the hashing pool, below the loop's priority)."""

    def check(srv: Server, got: dict[str, int], _seconds: float) -> None:
        made = _accounts(srv, "f")
        assert got.get("429", 0) > 0 and got.get("201", 0) == len(made) <= 9, (got, made)
        assert set(made.values()) == {0}, made  # the address had its grant (the sitter's)

    _trial(tmp_path, "register", check)


def test_guest_flood_stalls_no_table(tmp_path: Path) -> None:
    """The web client's guest button (register a random name, then sign in) in a loop: the
    registration limit stops it; the ping p99 unmoved."""

    def check(_srv: Server, got: dict[str, int], _seconds: float) -> None:
        assert got.get("429", 0) > 0 and got.get("201", 0) <= 9, got
        assert got.get("200", 0) <= got.get("201", 0)

    _trial(tmp_path, "guest", check)


def test_sign_in_flood_stalls_no_table(tmp_path: Path) -> None:
    """One valid account signing in from four clients: ten sign-ins a minute, then 429; its
    live sessions stay within the cap (the oldest revoked); the ping p99 unmoved."""

    def check(srv: Server, got: dict[str, int], seconds: float) -> None:
        most = 10 + seconds * 10 / 60  # the burst, and the refill at ten a minute
        assert got.get("429", 0) > 0 and got.get("200", 0) <= most, got
        sessions = srv.http("GET", "/api/accounts/victim/sessions", srv.login(OPERATOR)).json()
        assert len([s for s in sessions if not s["expired"]]) <= 10, sessions

    _trial(tmp_path, "login", check, lambda srv: (*_victim(srv), PASSWORD))


def test_failed_sign_in_flood_stalls_no_table(tmp_path: Path) -> None:
    """Wrong passwords for one account from four clients: five failures a minute, then 429
    (even with the right password), and five argon2 checks at most; the ping p99 unmoved."""

    def check(srv: Server, got: dict[str, int], seconds: float) -> None:
        most = 5 + seconds * 5 / 60
        assert got.get("429", 0) > 0 and got.get("401", 0) <= most, got
        # The account's bucket refills one failure every 12 s: on a loaded machine the flood may
        # have ended a while ago, so empty it again (wrong passwords until the first 429), then
        # the right password at once is refused too.
        for _ in range(3):
            wrong = {"name": "victim", "password": "wrong password"}
            if srv.http("POST", "/api/login", body=wrong).status_code == 429:
                break
        r = srv.http("POST", "/api/login", body={"name": "victim", "password": PASSWORD})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1

    _trial(tmp_path, "failed", check, _victim)


def test_http_flood_on_the_trainer_stalls_no_table(tmp_path: Path) -> None:
    """The heaviest public route (the trainer's exact scoring, on the compute pool) in a loop
    from one address: the address's HTTP limit answers 429 (here 60 per 10 s, to reach it
    within a modest flood); the ping p99 unmoved."""

    def check(_srv: Server, got: dict[str, int], _seconds: float) -> None:
        assert got.get("429", 0) > 0 and got.get("200", 0) > 0, got

    _trial(tmp_path, "trainer", check, server_args=("--limit", "http.address=60/10"))


def _ten_rounds(srv: Server) -> tuple[str, ...]:
    """A table that has stored ten rounds (a player and five computer players), its player
    gone (its history is the heaviest read a signed-out client can ask for)."""
    op = srv.login(OPERATOR)
    srv.open_table(
        op, id="busy", profile="generic", computer_players=5, pause_seconds=0, wager_seconds=600
    )
    srv.player("historian")
    srv.credit(op, "historian", 100_000)
    (player,) = srv.seat("busy", ["historian"], ["1"])
    drive([player], "busy", lambda s: s["rounds"] >= 10)
    player.ok("busy", "leave")
    player.close()
    assert len(srv.http("GET", "/api/tables/busy/history").json()) == 10
    return ("busy",)


def test_history_flood_stalls_no_table(tmp_path: Path) -> None:
    """A table's last ten rounds asked for in a loop, signed out: each record is rebuilt to
    redact it, on the compute pool (on a thread it held the interpreter's lock: a seated
    player's command took 158 ms at the median while such a flood ran); the ping p99 unmoved,
    every request answered or told the pool is busy."""

    def check(_srv: Server, got: dict[str, int], _seconds: float) -> None:
        assert got.get("200", 0) > 0 and set(got) <= {"200", "503", "429"}, got

    _trial(tmp_path, "history", check, _ten_rounds)


def _recallers(srv: Server) -> tuple[str, ...]:
    """A table that has stored ten rounds played by three accounts (and three computer
    players), who then left: the table and the three sessions (each account's history of it
    is its own, redacted on the compute pool, as are its own rounds)."""
    op = srv.login(OPERATOR)
    srv.open_table(
        op, id="busy", profile="generic", computer_players=3, pause_seconds=0, wager_seconds=600
    )
    names = ["recaller0", "recaller1", "recaller2"]
    for name in names:
        srv.player(name)
        srv.credit(op, name, 100_000)
    players = srv.seat("busy", names, ["1", "2", "3"])
    drive(players, "busy", lambda s: s["rounds"] >= 10)
    for p in players:
        p.ok("busy", "leave")
        p.close()
    return ("busy", *(srv.login(n) for n in names))


class Trainee:
    """A client of another address (127.0.0.2) asking for the trainer's answer, one request
    after the other, from a thread of its own: the statuses it got."""

    def __init__(self, base: str) -> None:
        transport = httpx.HTTPTransport(local_address="127.0.0.2", verify=TLS)
        self.client = httpx.Client(base_url=base, transport=transport, timeout=30)
        self.statuses: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        body = {"profile": "generic", "pieces": ["6-6", "4-5", "1-2", "3-3"]}
        body |= {"high": ["6-6", "4-5"], "low": ["1-2", "3-3"]}
        while not self._stop.is_set():
            self.statuses.append(self.client.post("/api/trainer/answer", json=body).status_code)
            time.sleep(0.05)

    def close(self) -> list[int]:
        """Stop; the statuses."""
        self._stop.set()
        self._thread.join(timeout=60)
        self.client.close()
        return self.statuses


@pytest.mark.parametrize("fresh", [("--limit", "http.address=1000000/1")], indirect=True)
def test_signed_in_recall_flood_is_refused_past_its_doors(fresh: Server) -> None:
    """Defect (signed-in history flood): three accounts of one address asking in a loop for
    a table's history (which they played) and their own rounds, each redacted on the compute
    pool that the trainer and the advice share, took those answers from about 5 ms to 230-290
    ms at the median (scripts/recall_flood.py, docs/reliability.md "Abuse"). Now each account
    and the address have a door (``recall.account``, ``recall.address``; the address's HTTP door
    is opened here, so that only they refuse): past them a recall is answered 429 with its
    reason and Retry-After, what got through is bounded by the address's door, and a
    trainer's request from another address sent while the flood runs is answered, never
    refused as busy."""
    pinger = _seated(fresh)
    extra = _recallers(fresh)
    trainee = Trainee(fresh.base)
    try:
        got, seconds, wrong = _flood(fresh, pinger, "recall", *extra)
    finally:
        statuses = trainee.close()
    print(f"trainer during the flood: {len(statuses)} asked; {wrong or 'ping p99 unmoved'}")
    assert got.get("429", 0) > 0 and got.get("200", 0) > 0, got
    assert set(got) <= {"200", "429", "503"}, got
    assert got["200"] <= 60 + seconds + 1, (got, seconds)  # recall.address: 60, one a second
    assert statuses and set(statuses) == {200}, statuses
    for _ in range(100):  # the first account's door, emptied again if it refilled meanwhile
        r = fresh.http("GET", "/api/me/rounds", extra[1])
        if r.status_code == 429:
            break
        assert r.status_code == 200, r.text
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1, r.text
    assert r.json()["detail"] == "too many past rounds asked for; try again later"


def test_websocket_open_flood_stalls_no_table(tmp_path: Path) -> None:
    """Lobby websockets opened in a loop from one address: thirty, then the handshake is
    answered 429; the ping p99 unmoved."""

    def check(_srv: Server, got: dict[str, int], seconds: float) -> None:
        most = 30 + seconds  # one more a second
        assert got.get("429", 0) > 0 and got.get("open", 0) <= most, got

    _trial(tmp_path, "ws-open", check)


def test_websocket_message_flood_stalls_no_table(tmp_path: Path) -> None:
    """A websocket sending pings as fast as it can: told it is limited, closed with 4429 when
    it keeps on; the seated player's ping p99 unmoved."""

    def check(_srv: Server, got: dict[str, int], _seconds: float) -> None:
        assert got.get("limited", 0) > 0 or got.get("closed 4429", 0) > 0, got

    _trial(tmp_path, "ws-messages", check, lambda srv: (srv.player("noisy"),))


def test_chat_flood_stalls_no_table(tmp_path: Path) -> None:
    """Three players at the seated player's own table posting chat (markup included) as fast as
    their websockets let them: each account's five messages per 10 s (``chat.account``), then
    refusals, and the table's 40 per 10 s (``chat.table``) hold; no more are stored; the
    seated player — who receives every posted message — keeps the ping p99 within the bound
    (messages are written in groups off the loop; the table's actor never sees them)."""

    def prepare(srv: Server) -> tuple[str, ...]:
        tokens = []
        for i, seat in enumerate(("3", "4", "5")):
            token = srv.player(f"chatty{i}")
            op = srv.login(OPERATOR)  # the address had its sign-up grant (the sitter's)
            srv.credit(op, f"chatty{i}", 50_000)
            c = srv.client(token)
            c.subscribe("calm")
            c.ok("calm", "sit", seat=seat, cents=50_000)
            c.close()
            tokens.append(token)
        return ("calm", *tokens)

    def check(srv: Server, got: dict[str, int], seconds: float) -> None:
        per_account = 5 + seconds * 5 / 10
        assert got.get("limited", 0) > 0, got
        rows = srv.http("GET", "/api/tables/calm/chat?limit=1000", srv.login(OPERATOR)).json()
        # (a result still in flight when a flooder stopped reading is stored, not counted)
        assert 0 < got.get("posted", 0) <= len(rows), (len(rows), got)
        assert len(rows) <= min(3 * per_account, 40 + seconds * 4), (len(rows), got)
        assert {r["author"] for r in rows} <= {"chatty0", "chatty1", "chatty2"}

    _trial(tmp_path, "chat", check, prepare)


@pytest.mark.parametrize(
    "fresh", [("--limit=pit.account=12/60", "--limit=http.address=25/60")], indirect=True
)
def test_an_operator_hammering_the_pit_is_held_by_their_account_not_another(
    fresh: Server,
) -> None:
    """An operator past their account's door (``pit.account``, 12 a minute here) is answered
    429 with Retry-After and why, at the pit's routes, the other operator routes and the floor
    on the websocket (an error in words); another operator from the same address is not held
    by it, but the address's own door (25 a minute here, every request of both) still holds
    them both."""
    hammer, other = fresh.operator("pitflooder"), fresh.login(OPERATOR)
    passed = 0
    for _ in range(30):
        r = fresh.http("GET", "/api/pit/floor", hammer)
        if r.status_code != 200:
            break
        passed += 1
    assert r.status_code == 429 and 12 <= passed <= 14, (passed, r.status_code, r.text)
    assert int(r.headers["retry-after"]) >= 1
    said = "too many requests from this operator account; try again in a moment"
    assert r.json() == {"detail": said}
    r = fresh.http("GET", "/api/events", hammer)  # an operator route outside the pit: the same
    assert r.status_code == 429 and r.json() == {"detail": said}, r.text
    c = fresh.client(hammer)  # and the floor on the websocket
    c.send({"type": "floor"})
    refused = c.recv(timeout=10)
    assert refused["type"] == "error" and "this operator account" in refused["error"], refused
    c.close()
    answers = []
    for _ in range(12):  # the same address, another operator: until the address's door
        r = fresh.http("GET", "/api/pit/floor", other)
        answers.append(r.status_code)
        if r.status_code != 200:
            break
    assert answers[0] == 200 and answers[-1] == 429, answers  # before their own 12
    assert r.json() == {"detail": "too many requests; try again later"}
    assert int(r.headers["retry-after"]) >= 1


def test_the_sign_up_grant_once_per_address(fresh: Server) -> None:
    """The first account from an address gets the grant, the next ones none (for
    --signup-grant-period hours); the answer says how much was granted, and the signed-out
    session (what the sign-in page shows) says beforehand what a new account would get."""
    assert fresh.http("GET", "/api/session").json() == {"me": None, "signup_grant": 100_000}
    r1 = fresh.http("POST", "/api/register", body={"name": "first", "password": PASSWORD})
    assert fresh.http("GET", "/api/session").json() == {"me": None, "signup_grant": 0}
    r2 = fresh.http("POST", "/api/register", body={"name": "second", "password": PASSWORD})
    assert (r1.status_code, r2.status_code) == (201, 201)
    assert r1.json()["grant"] == 100_000 and r2.json()["grant"] == 0
    assert _accounts(fresh, "") == {"boss": 0, "first": 100_000, "second": 0}


@pytest.mark.parametrize(
    "fresh", [("--trusted-proxy", "127.0.0.1", "--signup-grant-period", "1")], indirect=True
)
def test_forwarded_for_is_believed_only_from_trusted_proxies(fresh: Server) -> None:
    """Behind a trusted proxy each client address counts on its own: three addresses, three
    grants; a client's own X-Forwarded-For entry (left of the proxy's) is not believed."""
    for i, xff in enumerate(["198.51.100.1", "198.51.100.2", "1.2.3.4, 198.51.100.3"]):
        r = fresh.http(
            "POST",
            "/api/register",
            body={"name": f"via{i}", "password": PASSWORD},
            headers={"X-Forwarded-For": xff},
        )
        assert r.status_code == 201 and r.json()["grant"] == 100_000, r.text
    r = fresh.http(
        "POST",
        "/api/register",
        body={"name": "forged", "password": PASSWORD},
        headers={"X-Forwarded-For": "198.51.100.1, 198.51.100.3"},  # the proxy saw .3
    )
    assert r.json()["grant"] == 0


def test_forwarded_for_is_ignored_without_a_trusted_proxy(fresh: Server) -> None:
    """No --trusted-proxy (the default): X-Forwarded-For from loopback is ignored, so a
    different header per request does not dodge the address's limits or win more grants."""
    grants, statuses = [], []
    for i in range(11):
        r = fresh.http(
            "POST",
            "/api/register",
            body={"name": f"dodge{i}", "password": PASSWORD},
            headers={"X-Forwarded-For": f"203.0.113.{i}"},
        )
        statuses.append(r.status_code)
        grants.append(r.json().get("grant"))
    assert statuses == [201] * 10 + [429], statuses
    assert grants[0] == 100_000 and set(grants[1:10]) == {0}


@pytest.mark.parametrize("fresh", [(*LOOSE, "--sessions-per-account", "2")], indirect=True)
def test_the_oldest_session_is_revoked_past_the_cap(fresh: Server) -> None:
    """Two live sessions per account here: a third sign-in revokes the first, whose websocket
    closes with 4401; the other two stay valid."""
    fresh.player("capped")
    tokens = []
    for _ in range(2):
        r = fresh.http("POST", "/api/login", body={"name": "capped", "password": PASSWORD})
        tokens.append(r.json()["token"])
    first = fresh.client(tokens[0])
    r = fresh.http("POST", "/api/login", body={"name": "capped", "password": PASSWORD})
    tokens.append(r.json()["token"])
    with pytest.raises(ConnectionClosed) as e:
        first.recv(timeout=5)
    assert e.value.rcvd is not None and e.value.rcvd.code == 4401
    codes = [fresh.http("GET", "/api/me", t).status_code for t in tokens]
    assert codes == [401, 200, 200], codes


@pytest.mark.parametrize(
    "fresh", [(*LOOSE, "--hash-workers", "1", "--worker-wait", "0.1")], indirect=True
)
def test_no_worker_in_time_is_503_with_retry_after(fresh: Server) -> None:
    """One hashing worker and a tenth of a second to get it: of eight registrations at once,
    some are answered 503 with Retry-After (never queued without bound), the others 201."""

    def register(i: int) -> httpx.Response:
        body = {"name": f"busy{i}", "password": PASSWORD}
        return fresh.http("POST", "/api/register", body=body)

    with cf.ThreadPoolExecutor(8) as ex:
        answers = list(ex.map(register, range(8)))
    codes = sorted(r.status_code for r in answers)
    assert set(codes) == {201, 503}, codes
    for r in answers:
        if r.status_code == 503:
            assert int(r.headers["retry-after"]) >= 1 and "busy" in r.json()["detail"]
