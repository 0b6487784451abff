"""The service's routes for the browser client (docs/web.md): the session probe, a table's rules,
the setting advice (the engine's exact EV, only for the hand's own viewer), a table's history
redacted for each caller, the live lobby feed, the trainer's API with its statistics kept per
account in the database, and the demonstration tables of ``make run`` (opened once).

A real ``paigow serve`` on SQLite; every answer is checked against the view schemas the client's
TypeScript types are generated from (tests/test_web_protocol.py).
"""

from __future__ import annotations

import functools
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from paigow.profiles import get_profile, profile_names
from paigow.service.demo import FREE_SEATS
from paigow.service.wire.view_schema import ref
from paigow.trainer import Trainer
from service_pg import free_port
from service_support import OPERATOR, Client, Server, drive
from web_schema import errors

ROOT = Path(__file__).resolve().parents[1]


def _texts(hand: Any) -> list[str]:
    return [str(t) for t in hand.tiles]


def fits(value: Any, name: str) -> None:
    """``value`` conforms to the view schema ``name`` (``X[]``: a list of X)."""
    if name.endswith("[]"):
        assert isinstance(value, list)
        for v in value:
            fits(v, name[:-2])
        return
    assert errors(value, ref(name)) == []


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("web-api")
    srv = Server(f"sqlite:///{tmp / 'api.sqlite3'}", tmp, "--seed", "3").start()
    try:
        yield srv
    finally:
        srv.stop()


def _table(server: Server, table_id: str, **options: Any) -> None:
    windows = {"wager_seconds": 30, "setting_seconds": 30, "decision_seconds": 30}
    server.open_table(server.login(OPERATOR), id=table_id, **(windows | options))


def _seated(server: Server, table: str, name: str, seat: str = "1") -> Client:
    """``name`` sits at ``table`` alone, wagers the minimum and is ready: the table deals."""
    (c,) = server.seat(table, [name], [seat])
    st = c.wait_state(table, lambda s: bool(s["waiting"]) and name in s["waiting"]["who"], "turn")
    if st["waiting"]["for"] == "bank offer":
        c.ok(table, "bank", accept=False)
    c.wait_state(table, lambda s: (s["round"] or {}).get("phase") == "wagers", "wagers")
    c.ok(table, "wager", spot=seat, cents=500)
    c.ok(table, "ready")
    c.wait_state(table, lambda s: (s["round"] or {}).get("phase") == "setting", "the deal")
    return c


def test_session_says_who_is_signed_in(server: Server) -> None:
    """``/api/session`` answers 200 for nobody (no 401 in a page's console) and the account for
    a session; signed out, with the sign-up grant a new account gets now (the test servers
    grant every account: ``--signup-grant-period=0``)."""
    nobody = server.http("GET", "/api/session").json()
    fits(nobody, "SessionInfo")
    assert nobody == {"me": None, "signup_grant": 100_000}
    token = server.player("sam")
    body = server.http("GET", "/api/session", token).json()
    fits(body, "SessionInfo")
    assert body["me"]["name"] == "sam" and body["me"]["wallet"] == 100_000


def test_table_info_names_every_option(server: Server) -> None:
    """A table's rules for its client: limits, seats, banking, styles, side bets, windows."""
    _table(server, "info", profile="colorado", pair_fortunes="2", dragons_eye=True, advice=False)
    info = server.http("GET", "/api/tables/info/info").json()
    fits(info, "TableInfo")
    assert info["positions"] == 7 and info["advice"] is False
    kinds = [s["kind"] for s in info["side_bets"]]
    assert kinds[0] == "pair-fortunes" and "de-match" in kinds and "dice-bonus" in kinds
    assert [s["style"] for s in info["styles"]] == list("abcdefghij")
    assert server.http("GET", "/api/tables/nowhere/info").status_code == 404


def test_advice_is_the_engines_exact_ev_for_the_hands_owner_only(server: Server) -> None:
    """The EV of every setting of the player's own hand against the dealer's way is the exact
    engine's (the trainer's core); the house way and its rule (R-HW-01) come with it; nobody
    else may ask for that hand (R-SET-02)."""
    _table(server, "adv", profile="generic", computer_players=2)
    alice = _seated(server, "adv", "alice_adv")
    st = alice.state["adv"]
    pieces = st["round"]["positions"]["1"]["pieces"]
    token = server.login("alice_adv")
    advice = server.http("GET", "/api/tables/adv/advice/1", token).json()
    fits(advice, "Advice")
    assert advice["pieces"] == pieces and advice["advice"] is True
    trainer = Trainer("generic", dealer="regulation", way="regulation")
    problem = trainer.parse(" ".join(pieces))

    def key(high: list[str], low: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return tuple(sorted(high)), tuple(sorted(low))

    shown = {key(s["high"], s["low"]): Fraction(s["ev_exact"]) for s in advice["settings"]}
    exact = {key(*map(_texts, (o.setting.high, o.setting.low))): o.ev for o in problem.options}
    assert shown == exact
    best = advice["settings"][advice["best"]]
    assert shown[key(best["high"], best["low"])] == max(exact.values())
    assert "R-HW-01" in advice["house_way"]["rule"]
    # A computer player's hand, an anonymous caller, another player: refused.
    assert server.http("GET", "/api/tables/adv/advice/6", token).status_code == 409
    assert server.http("GET", "/api/tables/adv/advice/1").status_code == 401
    other = server.player("bob_adv")
    assert server.http("GET", "/api/tables/adv/advice/1", other).status_code == 409
    alice.close()


def test_advice_off_keeps_the_house_way(server: Server) -> None:
    """Where the operator turns advice off, no EV is given; the house way and its rule are."""
    _table(server, "noadv", profile="maryland", computer_players=1, advice=False)
    c = _seated(server, "noadv", "ann_noadv")
    advice = server.http("GET", "/api/tables/noadv/advice/1", server.login("ann_noadv")).json()
    fits(advice, "Advice")
    assert advice["advice"] is False and "settings" not in advice
    assert len(advice["house_way"]["high"]) == 2
    c.close()


def test_history_is_redacted_for_each_caller(server: Server) -> None:
    """R-DEAL-03, R-SETTLE-01: the table's last rounds as each caller may see them: the
    player's own hand, every hand exposed at settlement, nothing collected unexposed, never the
    stack order; the operator's whole record."""
    _table(server, "hist", profile="generic", computer_players=2, setting_seconds=30)
    c = _seated(server, "hist", "hal_hist")
    c.ok("hist", "house_way", spot="1")
    # the player answers what the table waits for (stands) rather than wait out the window
    drive([c], "hist", lambda s: s["rounds"] >= 1)
    c.ok("hist", "leave")
    token = server.login("hal_hist")
    mine = server.http("GET", "/api/tables/hist/history", token).json()
    anyone = server.http("GET", "/api/tables/hist/history").json()
    whole = server.http("GET", "/api/tables/hist/history", server.login(OPERATOR)).json()
    for rows in (mine, anyone, whole):
        fits(rows, "RecalledRound[]")
    rec = anyone[0]["record"]
    assert rec["redacted"] is True and "redacted" not in whole[0]["record"]
    assert mine[0]["record"]["positions"]["1"]["dealt"] is not None
    for pos, p in rec["positions"].items():
        if p["collected"]:
            assert p["dealt"] is None, pos
    assert all("order" not in op["data"] for op in rec["operations"] if op["kind"] == "shuffle")
    assert whole[0]["record"]["operations"][0]["data"]["order"]
    c.close()


def test_a_signed_out_history_is_kept_until_the_next_round(server: Server) -> None:
    """What a caller who played none of a table's last rounds sees of them, signed out or
    signed in, is kept between rounds (a flood of requests then costs a look-up each, and
    passes no recall door), and it is never stale: the next round is in it as soon as the
    table has finished it."""
    _table(server, "kept", profile="generic", computer_players=2, setting_seconds=30)
    c = _seated(server, "kept", "kim_kept")
    outsider = server.player("oz_kept")
    for n in (1, 2):
        drive([c], "kept", functools.partial(_rounds_at_least, n))
        first = server.http("GET", "/api/tables/kept/history")
        again = server.http("GET", "/api/tables/kept/history")
        fresh = server.http("GET", "/api/tables/kept/history", outsider)
        assert first.content == again.content == fresh.content
        assert [r["round"] for r in first.json()] == list(range(n, 0, -1))
        fits(first.json(), "RecalledRound[]")
    c.close()


def _rounds_at_least(n: int, state: dict[str, Any]) -> bool:
    return bool(state["rounds"] >= n)


def test_lobby_feed_sends_each_change(server: Server) -> None:
    """``/ws/lobby``: the lobby at once, and again when a seat is taken (anyone may listen)."""
    _table(server, "feed", profile="nj-supreme", computer_players=2)
    with connect(server.ws_url + "/lobby", open_timeout=30) as ws:
        first = json.loads(ws.recv(timeout=30))
        fits(first, "LobbyFeed")
        table = next(t for t in first["tables"] if t["id"] == "feed")
        assert table["seats"]["1"] is None
        token = server.player("fay_feed")
        player = server.client(token)
        player.ok("feed", "sit", seat="1", cents=50_000)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            msg = json.loads(ws.recv(timeout=30))
            seats = next(t for t in msg["tables"] if t["id"] == "feed")["seats"]
            if seats["1"] == "fay_feed":
                break
        else:
            raise AssertionError("the lobby feed never showed the seat taken")
        player.close()


def test_trainer_scores_with_the_exact_ev_and_keeps_statistics(server: Server) -> None:
    """The trainer's API: hands of every drill, each answer scored by the exact EV it gives up
    (the trainer's core), statistics counted per account, two answers at once both counted."""
    catalog = server.http("GET", "/api/trainer/profiles").json()
    fits(catalog, "TrainerProfiles")
    assert [p["name"] for p in catalog["profiles"]] == profile_names()
    for d in catalog["drills"]:
        problem = server.http(
            "POST", "/api/trainer/deal", body={"profile": "generic", "drill": d["drill"]}
        ).json()
        fits(problem, "TrainerProblem")
    token = server.player("tia_train")
    deal = server.http(
        "POST", "/api/trainer/deal", token, {"profile": "nj-supreme", "drill": "pairs"}
    ).json()
    assert deal["game"] == "cards" and "pairs" in deal["categories"]
    t = Trainer("nj-supreme")
    problem = t.problem(t.game.parse_pieces(" ".join(deal["pieces"])))
    for i, option in enumerate(deal["options"]):
        body = {"profile": "nj-supreme", "pieces": deal["pieces"], **option}
        body.pop("high_name"), body.pop("low_name")
        answer = server.http("POST", "/api/trainer/answer", token, body).json()
        fits(answer, "TrainerAnswer")
        assert Fraction(answer["score"]["ev_lost_exact"]) == t.score(problem, i).ev_lost
        assert answer["stats"]["hands"] == i + 1
    anon = server.http("POST", "/api/trainer/answer", body=body).json()
    assert anon["stats"] is None
    # Two answers at once: both counted (one transaction each).
    before = server.http("GET", "/api/trainer/stats?profile=nj-supreme", token).json()
    threads = [
        threading.Thread(target=server.http, args=("POST", "/api/trainer/answer", token, body))
        for _ in range(2)
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    after = server.http("GET", "/api/trainer/stats?profile=nj-supreme", token).json()
    assert after["stats"]["hands"] == before["stats"]["hands"] + 2
    # Refusals in the player's terms.
    bad = {"profile": "generic", "pieces": ["6-6", "6-6", "6-6", "4-5"], "high": ["6-6", "6-6"]}
    r = server.http("POST", "/api/trainer/answer", token, bad | {"low": ["6-6", "4-5"]})
    assert r.status_code == 409 and "6-6" in r.json()["detail"]
    assert server.http("POST", "/api/trainer/deal", body={"profile": "vegas"}).status_code == 404
    r = server.http("POST", "/api/trainer/deal", body={"profile": "generic", "drill": "easy"})
    assert r.status_code == 422 and "unknown drill" in r.json()["detail"]


def _lobby(base: str) -> list[dict[str, Any]]:
    return list(httpx.get(base + "/api/tables", timeout=30).json())


def _make_run(
    tmp: Path,
    port: int,
    *args: str,
    env: dict[str, str] | None = None,
    lines: list[str] | None = None,
) -> tuple[subprocess.Popen[str], str]:
    # The client is built already (`make test` builds it first); rebuilding web/dist here would
    # pull it from under the browser tests running beside this one.
    env = dict(os.environ, PAIGOW_DB=str(tmp / "run.sqlite3"), **(env or {}))
    for outer in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL"):  # as a person types it, not a sub-make
        env.pop(outer, None)
    proc = subprocess.Popen(
        ["make", "-s", "-o", "web-build", "-o", ".venv/.installed", "run", f"PORT={port}", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    lines = [] if lines is None else lines
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        lines.append(line)
        if line.startswith("Open http://"):
            return proc, line.split()[1]
        if not line and proc.poll() is not None:
            break
    os.killpg(proc.pid, signal.SIGTERM)
    raise AssertionError("make run printed no URL: " + "".join(lines))


def _stop(proc: subprocess.Popen[str]) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)


def test_make_run_opens_one_table_per_profile_once(tmp_path: Path) -> None:
    """``make run``: the service on its embedded database, the web table at the URL it prints,
    one table per profile with computer players in all but three seats; run again on the same
    database, it opens no table twice."""
    port = free_port()
    for attempt in range(2):
        proc, url = _make_run(tmp_path, port)
        try:
            assert url == f"http://127.0.0.1:{port}/"
            page = httpx.get(url, timeout=30)
            assert page.status_code == 200 and '<div id="app">' in page.text
            lobby = _lobby(url.rstrip("/"))
            assert [t["id"] for t in lobby] == profile_names(), attempt
            for t in lobby:
                positions = get_profile(t["profile"]).table.positions
                assert t["computer_players"] == max(0, positions - FREE_SEATS)
                assert len(t["free"]) == FREE_SEATS
        finally:
            _stop(proc)
    assert (tmp_path / "run.sqlite3").is_file()


def test_make_run_makes_the_operator_account_the_readme_shows(tmp_path: Path) -> None:
    """README, "An operator account": ``make run OPERATOR=boss`` with the password in
    ``PAIGOW_OPERATOR_PASSWORD`` makes the operator account (it signs in as an operator) and
    prints what the README shows, line for line (the database's path and the port aside).
    Before, ``make run`` had no way to make one and the README said so only in passing."""
    port = free_port()
    db = tmp_path / "run.sqlite3"
    printed: list[str] = []
    proc, _url = _make_run(
        tmp_path,
        port,
        "OPERATOR=boss",
        env={"PAIGOW_OPERATOR_PASSWORD": "a long secret"},
        lines=printed,
    )
    try:
        r = httpx.post(
            f"http://127.0.0.1:{port}/api/login",
            json={"name": "boss", "password": "a long secret"},
            timeout=30,
        )
        assert r.status_code == 200 and r.json()["role"] == "operator", r.text
    finally:
        _stop(proc)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("make run OPERATOR=boss\n", 1)[1].split("```", 1)[0]
    shown = block.replace("/tmp/paigow-readme.sqlite3", str(db)).replace(":8000/", f":{port}/")
    assert [x.rstrip("\n") for x in printed] == shown.splitlines(), (printed, shown)
