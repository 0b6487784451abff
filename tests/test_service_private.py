"""Private tables and sitting out by choice against a real ``paigow serve`` (docs/service.md,
"Private tables", ``sit_out``): a player opens a table within the profile's limits, friends
find it by its code (an invitation-only table is in no lobby), it closes once empty for the
server's idle time, the cap per player holds, every refusal is a specific 4xx; a player who
sits out is waited for no more and plays again from the next round."""

from __future__ import annotations

import hashlib
import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st

import paigow.profiles
from paigow.service.db.schema import tables as db_tables
from paigow.service.private.rooms import ALPHABET, normal_code
from paigow.service.store.store import Store
from paigow.service.wire.view_schema import ref
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_support import OPERATOR, Server
from web_schema import errors

__all__ = ["pg_cluster"]

IDLE_MINUTES = 0.5  # thirty seconds: long enough for a loaded machine to seat a player
# The closing test has a server of its own with a shorter idle time, so that it does not wait
# out thirty seconds on each backend: ten seconds still leave a loaded machine ample time to
# seat a player at the kept table (two requests), and the empty table closes after them.
CLOSE_IDLE_MINUTES = 1 / 6


def _private_server(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    idle_minutes: float,
    *extra: str,
) -> Iterator[Server]:
    """A server on the fixture's backend whose empty private tables close after
    ``idle_minutes``, two a player."""
    tmp = tmp_path_factory.mktemp(f"{name}-{request.param}")
    srv = Server(
        db_url(request.param, tmp, request),
        tmp,
        f"--private-idle-minutes={idle_minutes}",
        "--private-tables-per-player=2",
        *extra,
    ).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    yield from _private_server(
        request, tmp_path_factory, "private", IDLE_MINUTES, "--limit=private.open=1000/1"
    )


@pytest.fixture(params=BACKENDS)
def quick_close(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server whose empty private tables close after ``CLOSE_IDLE_MINUTES``."""
    yield from _private_server(request, tmp_path_factory, "private-close", CLOSE_IDLE_MINUTES)


def _open(server: Server, token: str, **body: Any) -> dict[str, Any]:
    r = server.http("POST", "/api/private-tables", token, {"profile": "generic"} | body)
    assert r.status_code == 201, r.text
    assert errors(r.json(), ref("PrivateOpened")) == []
    return dict(r.json())


def _close(server: Server, table: str) -> None:
    r = server.http("POST", f"/api/tables/{table}/close", server.login(OPERATOR))
    assert r.status_code == 200, r.text


def test_share_codes_are_read_as_typed() -> None:
    assert len(ALPHABET) == 32 and not set("ILOU") & set(ALPHABET)
    assert normal_code("7kq2-m9xd") == "7KQ2M9XD"
    assert normal_code(" 7KQ2 M9XD ") == "7KQ2M9XD"
    assert normal_code("OIL00000") == "01100000"  # O read as 0, I and L as 1
    for bad in ("", "7KQ2M9X", "7KQ2M9XDD", "7KQ2M9X!", "UUUUUUUU"):
        assert normal_code(bad) is None, bad


_CODES = st.text(alphabet=ALPHABET, min_size=8, max_size=8)


@given(_CODES, st.booleans(), st.sampled_from(["", "-", " ", " - "]))
def test_every_code_is_read_back_however_it_is_typed(code: str, lower: bool, sep: str) -> None:
    typed = f"{code[:4]}{sep}{code[4:]}"
    assert normal_code(typed.lower() if lower else typed) == code


@given(st.text(max_size=20))
def test_any_text_reads_as_a_code_or_as_none(text: str) -> None:
    found = normal_code(text)
    assert found is None or (len(found) == 8 and set(found) <= set(ALPHABET))


def test_an_invitation_only_table_is_found_by_its_code_only(server: Server) -> None:
    """R-none: the service's rule. In no lobby; the code (as typed, any case) names it to
    anyone, signed out too; a friend sits, a signed-out spectator watches."""
    ann = server.player("pann")
    made = _open(server, ann, min_wager=500, max_wager=50_000, invitation_only=True)
    table, code = made["table"], made["code"]
    assert made["link"] == f"/#/join/{code}" and made["invitation_only"] is True
    assert table.startswith("p-") and len(table) == 18
    lobby = server.http("GET", "/api/tables").json()
    assert table not in {t["id"] for t in lobby}
    floor = server.http("GET", "/api/pit/floor", server.login(OPERATOR)).json()
    mine = next(t for t in floor if t["id"] == table)
    assert mine["private"] == {"owner": "pann", "invitation_only": True, "name": None}
    found = server.http("GET", f"/api/private-tables/{code[:4].lower()}-{code[4:].lower()}")
    assert found.status_code == 200, found.text
    assert found.json() | {} == found.json() and found.json()["table"] == table
    assert found.json()["limits"] == {"min": 500, "max": 50_000}
    assert found.json()["owner"] == "pann"
    assert errors(found.json(), ref("PrivateFound")) == []
    assert errors(lobby, {"type": "array", "items": ref("LobbyTable")}) == []
    # the stored record: the code and the owner
    store = Store(server.db_url)
    try:
        from paigow.service.private.rooms import owned

        mine = {
            "table": table,
            "code": code,
            "name": None,
            "profile": "generic",
            "invitation_only": True,
        }
        assert owned(store, "pann") == [mine]
    finally:
        store.close()
    bob = server.client(server.player("pbob"))
    st = bob.subscribe(table)
    assert st["limits"] == {"min": 500, "max": 50_000}
    bob.ok(table, "sit", seat="2", cents=10_000)
    # the figures name it without its id, which is what finds it (anyone who reaches
    # --metrics-address reads them): its opener and a hash of the id
    figures = server.http("GET", "/metrics", server.login(OPERATOR)).text
    assert table not in figures and table[2:] not in figures
    digest = hashlib.sha256(table.encode()).hexdigest()[:8]
    assert f'paigow_table_seconds_since_round{{table="invitation-only pann {digest}"}}' in figures
    watcher = server.watcher()
    seen = watcher.subscribe(table)
    assert seen["seats"]["pbob"] == "2"
    listed = server.http("GET", "/api/me/private-tables", ann).json()
    assert listed["per_player"] == 2 and errors(listed, ref("MyPrivateTables")) == []
    assert [t["code"] for t in listed["tables"]] == [code]
    bob.ok(table, "leave")
    for c in (bob, watcher):
        c.close()
    _close(server, table)


def test_an_open_private_table_is_in_the_lobby_with_its_owner(server: Server) -> None:
    ann = server.player("pcarl")
    made = _open(server, ann)
    lobby = {t["id"]: t for t in server.http("GET", "/api/tables").json()}
    assert lobby[made["table"]]["private"] == {
        "owner": "pcarl",
        "invitation_only": False,
        "name": None,
    }
    pit = server.http("GET", "/api/pit/private-tables", server.login(OPERATOR)).json()
    assert pit["per_player"] == 2 and pit["idle_minutes"] == IDLE_MINUTES
    row = next(t for t in pit["tables"] if t["table"] == made["table"])
    assert row == {
        "table": made["table"],
        "name": None,
        "owner": "pcarl",
        "code": made["code"],
        "invitation_only": False,
        "players": [],
    }
    _close(server, made["table"])


def test_a_private_table_has_its_name_the_profiles_side_bets_and_computer_players(
    server: Server,
) -> None:
    """The defect: a private table could have no side bet, no computer player and no name of
    its own (its players saw the ``p-`` id). Now the opener names it (normalised as account
    names are), offers the profile's side bets and seats computer players up to the server's
    most; players read the name in the lobby, the table's state and the code's lookup, and the
    pit sees the id and the name; the stored record says the same."""
    zoe = server.player("pzoe")
    body = {
        "profile": "colorado",
        "name": "Zoes_Table",
        "pair_fortunes": "1",
        "dragons_eye": True,
        "computer_players": 2,
    }
    made = _open(server, zoe, **body)
    table, code = made["table"], made["code"]
    assert made["name"] == "zoes_table"
    lobby = {t["id"]: t for t in server.http("GET", "/api/tables").json()}
    entry = lobby[table]
    assert entry["name"] == "zoes_table"
    assert entry["variations"] == {
        "pair_fortunes": "1",
        "dragons_eye": True,
        "supreme_bonus": False,
    }
    assert entry["computer_players"] == 2
    assert {s: p for s, p in entry["seats"].items() if p} == {"7": "bot-7", "6": "bot-6"}
    state = server.http("GET", f"/api/tables/{table}", zoe).json()
    assert state["name"] == "zoes_table" and errors(state, ref("TableState")) == []
    found = server.http("GET", f"/api/private-tables/{code}").json()
    assert found["name"] == "zoes_table" and errors(found, ref("PrivateFound")) == []
    listed = server.http("GET", "/api/me/private-tables", zoe).json()
    assert [t["name"] for t in listed["tables"]] == ["zoes_table"]
    assert listed["computer_players"] == 3 and errors(listed, ref("MyPrivateTables")) == []
    pit = server.http("GET", "/api/pit/private-tables", server.login(OPERATOR)).json()
    row = next(t for t in pit["tables"] if t["table"] == table)
    assert row["name"] == "zoes_table" and row["owner"] == "pzoe"
    store = Store(server.db_url)
    try:
        from paigow.service.private.rooms import owned

        assert [t["name"] for t in owned(store, "pzoe")] == ["zoes_table"]
        with store.engine.connect() as c:
            raw = c.execute(
                sa.select(db_tables.c.config).where(db_tables.c.id == table)
            ).scalar_one()
    finally:
        store.close()
    config = json.loads(raw)
    assert {k: config[k] for k in (*body, "owner")} == {
        **body,
        "name": "zoes_table",
        "owner": "pzoe",
    }
    # a round with the side bet: the engine offers Pair Fortunes and Dragon's Eye to the seat
    zc = server.client(zoe)
    zc.subscribe(table)
    zc.ok(table, "sit", seat="1", cents=20_000)

    def wagers_or_bank(s: dict[str, Any]) -> bool:
        return bool(s["choices"]["ready"]) or s["choices"]["bank"] is not None

    st = zc.wait_state(table, wagers_or_bank, "the wagers window or a bank offer")
    if st["choices"]["bank"] is not None:  # a bank offered to the seat first: declined
        zc.ok(table, "bank", accept=False)
        st = zc.wait_state(table, lambda s: bool(s["choices"]["ready"]), "the wagers window")
    assert "pair-fortunes" in {w["kind"] for w in st["choices"]["wagers"]}
    zc.ok(table, "wager", spot="1", cents=500)  # Dragon's Eye goes with a Pai Gow wager here

    def dragons_eye(s: dict[str, Any]) -> bool:
        return any(w["kind"].startswith("de-") for w in (s["choices"] or {}).get("wagers", []))

    zc.wait_state(table, dragons_eye, "Dragon's Eye offered")
    zc.ok(table, "leave")
    zc.close()
    _close(server, table)


def test_a_private_tables_name_side_bets_and_computer_players_are_refused_with_reasons(
    server: Server,
) -> None:
    """Each choice outside what the profile, the rule of names or the server allows is a 4xx
    naming why, and opens nothing."""
    uma = server.player("puma")
    cases = [
        ({"profile": "generic", "name": "zoe table"}, 409, "cannot hold spaces"),
        ({"profile": "generic", "name": "zo"}, 409, "a name is 3..24 characters"),
        ({"profile": "generic", "name": "1table"}, 409, "a name is 3..24 characters"),
        ({"profile": "generic", "name": "bot_1"}, 409, "reserved"),
        ({"profile": "generic", "name": 7}, 422, "name"),
        ({"profile": "generic", "pair_fortunes": "1"}, 409, "does not offer Pair Fortunes"),
        ({"profile": "colorado", "pair_fortunes": "A"}, 409, "is not offered; choose one of"),
        ({"profile": "generic", "dragons_eye": True}, 409, "does not offer Dragon's Eye"),
        ({"profile": "generic", "computer_players": 4}, 409, "at most 3 computer players"),
        ({"profile": "generic", "computer_players": -1}, 422, "computer_players"),
    ]
    for body, status, words in cases:
        r = server.http("POST", "/api/private-tables", uma, body)
        assert r.status_code == status, (body, r.text)
        assert words in r.text, (body, r.text)
    assert server.http("GET", "/api/me/private-tables", uma).json()["tables"] == []


def test_refusals_are_specific_and_never_a_server_error(server: Server) -> None:
    ann = server.player("pdora")
    cases = [
        ({"profile": "generic", "min_wager": 1}, 409, "the profile's limits"),
        ({"profile": "generic", "max_wager": 10**12}, 409, "the profile's limits"),
        ({"profile": "no-such-profile"}, 409, "no-such-profile"),
        ({"profile": "generic", "min_wager": 0}, 422, "min_wager"),
        ({"profile": "generic", "invitation_only": "yes"}, 422, "invitation_only"),
        ({"profile": "generic", "seats": 3}, 422, "seats"),
    ]
    for body, status, words in cases:
        r = server.http("POST", "/api/private-tables", ann, body)
        assert r.status_code == status, (body, r.text)
        assert words in r.text, (body, r.text)
    r = server.http("POST", "/api/private-tables", server.login(OPERATOR), {"profile": "generic"})
    assert r.status_code == 403 and "pit" in r.text
    r = server.http("POST", "/api/private-tables", None, {"profile": "generic"})
    assert r.status_code == 401
    r = server.http("GET", "/api/private-tables/not-a-code!")
    assert r.status_code == 404 and "8 letters and digits" in r.text
    r = server.http("GET", "/api/private-tables/ZZZZ-ZZZZ")
    assert r.status_code == 404 and "no open private table" in r.text


def test_a_profile_named_over_the_network_is_a_bundled_one_never_a_file(server: Server) -> None:
    """A private table (a player) or a table of the pit (an operator) opens with a bundled
    profile only: a name that is a path is refused as an unknown profile, the same whether the
    file exists or not, and the file is not read (a valid profile file would have opened a table
    with its rules; before, the error also told whether the file existed and its first key)."""
    with tempfile.TemporaryDirectory(dir="/tmp") as d:
        real = Path(d) / "p.toml"
        real.write_text((Path(paigow.profiles.__file__).parent / "generic.toml").read_text())
        missing = Path(d) / "none.toml"
        assert len(str(real)) <= 40
        texts = []
        for path in (real, missing):
            r = server.http(
                "POST", "/api/private-tables", server.player("pfile"), {"profile": str(path)}
            )
            assert r.status_code == 409 and "unknown profile" in r.text, r.text
            texts.append(r.text.replace(path.name, ""))
            r = server.http(
                "POST", "/api/tables", server.login(OPERATOR), {"id": "f-t", "profile": str(path)}
            )
            assert r.status_code in (400, 409) and "unknown profile" in r.text, r.text
        assert texts[0] == texts[1]  # nothing tells the file that exists from the one that does not
    assert "f-t" not in {t["id"] for t in server.http("GET", "/api/tables").json()}


def test_a_player_may_have_only_so_many_open(server: Server) -> None:
    eve = server.player("peve")
    tables = [_open(server, eve)["table"] for _ in range(2)]
    r = server.http("POST", "/api/private-tables", eve, {"profile": "generic"})
    assert r.status_code == 409 and "you have 2 private tables open" in r.text
    _close(server, tables[0])
    tables.append(_open(server, eve)["table"])  # one closed: one more may open
    for t in tables[1:]:
        _close(server, t)


def test_an_empty_private_table_closes_and_a_seated_one_stays(quick_close: Server) -> None:
    server = quick_close
    fay = server.player("pfay")
    empty = _open(server, fay)
    kept = _open(server, fay)
    c = server.client(fay)
    c.subscribe(kept["table"])
    c.ok(kept["table"], "sit", seat="1", cents=10_000)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.http("GET", f"/api/tables/{empty['table']}").status_code == 404:
            break
        time.sleep(0.5)
    assert server.http("GET", f"/api/tables/{empty['table']}").status_code == 404
    r = server.http("GET", f"/api/private-tables/{empty['code']}")
    assert r.status_code == 404
    events = server.http(
        "GET", f"/api/events?table={empty['table']}", server.login(OPERATOR)
    ).json()
    assert [e["kind"] for e in events if e["kind"].startswith("private_table")] == [
        "private_table_opened",
        "private_table_closed",
    ]
    assert server.http("GET", f"/api/tables/{kept['table']}").status_code == 200
    c.ok(kept["table"], "leave")
    c.close()
    _close(server, kept["table"])


def test_code_lookups_are_rate_limited(server: Server) -> None:
    """Door ``private.lookup``: 10 a minute per address, found or not, then 429."""
    statuses = [server.http("GET", "/api/private-tables/ZZZZZZZ0").status_code for _ in range(12)]
    assert 429 in statuses and set(statuses) <= {404, 429}
    r = server.http("GET", "/api/private-tables/ZZZZZZZ0")
    assert r.status_code == 429 and "retry-after" in r.headers


def test_a_player_who_sits_out_is_not_waited_for_and_is_back_from_the_next_round(
    server: Server,
) -> None:
    """At a table whose bank offers pass at once (``decision_seconds`` 0) and where nobody sits
    out for missed windows, so that only ``sit_out`` and ``sit_in`` move who is away."""
    gus = server.player("pgus")
    table = "sitout"
    server.open_table(
        server.login(OPERATOR),
        id=table,
        profile="generic",
        decision_seconds=0,
        missed_decisions=1000,
        pause_seconds=0,
    )
    op = server.client(server.login(OPERATOR))
    op.subscribe(table)
    op.ok(table, "pause")
    g = server.client(gus)
    h = server.client(server.player("phal"))
    for c, seat in ((g, "1"), (h, "2")):
        c.subscribe(table)
        c.ok(table, "sit", seat=seat, cents=20_000)
    op.ok(table, "resume")
    st = g.wait_state(table, lambda s: (s["waiting"] or {}).get("for") == "wagers", "wagers")
    assert sorted(st["waiting"]["who"]) == ["pgus", "phal"]
    h.ok(table, "sit_out")
    st = g.wait_state(table, lambda s: s["waiting"]["who"] == ["pgus"], "waits for gus only")
    assert st["away"] == ["phal"]
    hs = h.wait_state(table, lambda s: s["choices"]["sitting_out"], "phal sits out")
    assert hs["choices"]["sit_out"] is False
    r = h.command(table, "wager", spot="2", cents=500)
    assert r["status"] == "refused" and "say you are back first" in r["error"]
    r = h.command(table, "sit_out")
    assert r["status"] == "refused" and "sits out already" in r["error"]
    h.ok(table, "sit_in")  # dealt into this round: back from the next one
    hs = h.wait_state(table, lambda s: s["choices"]["returning"], "phal returns next round")
    assert "phal" in hs["away"]
    g.ok(table, "wager", spot="1", cents=500)
    g.ok(table, "ready")
    st = g.wait_state(table, lambda s: bool(s["choices"]["set_now"]), "gus sets his hand")
    assert "phal" not in st["waiting"]["who"]
    g.ok(table, "house_way", spot=st["choices"]["set_now"][0])
    nxt = g.wait_state(
        table,
        lambda s: s["rounds"] >= 1 and (s["waiting"] or {}).get("for") == "wagers",
        "the next round's wagers",
    )
    assert sorted(nxt["waiting"]["who"]) == ["pgus", "phal"] and nxt["away"] == []
    for c in (g, h):
        c.ok(table, "leave")
        c.close()
    op.close()
    _close(server, table)
