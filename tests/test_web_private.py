"""Private tables, sitting out and player protection in Debian's Chromium against a real
``paigow serve`` (docs/web.md, "Private tables", "Sitting out", "Playing safely").

* Two players and a signed-out spectator at a private, invitation-only table joined by its
  code: opened on the lobby page (the code shown is the stored one), absent from the lobby,
  found by the code typed on another page and by the link; a round played with the spectator's
  page watching, and no hidden tile in any frame it received (the leak check of every spectator
  test) nor drawn on its page while the players hold their tiles unset; the two players chat
  both ways at that table, the spectator reads along (and may not write), and every page shows
  what the table stored; one player mutes the other (the muted player's next line is stored
  and the spectator reads it, the muter's page never receives it), and the operator deletes a
  line from every page (the stored chat and the review mark it deleted), each page compared
  with the chat read from the database.
* A seat sat out on its page no longer delays the table: the wagers window, 10 minutes long,
  waits for the other player only and the round finishes; "I'm back" plays from the next round.
  Likewise a seat that sat out after two of its decision windows in a row ran out, its page
  open.
* The cashier: a daily limit set and a buy-in past it refused on the page (the server's
  bound); self-exclusion refusing the next buy-in; each figure the page shows compared with
  the stored record and the ledger, and the pit's account page showing the same.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Locator, Page, expect

from paigow.service.db import schema as db
from paigow.service.private.rooms import owned
from paigow.service.protection.tables import protection
from paigow.service.social.tables import chat_messages, chat_mutes
from paigow.service.store.store import Store
from service_support import OPERATOR, Client, Server, eventually
from web_fixtures import browser, visit
from web_oracle import (
    chat_lines,
    dealt,
    finished,
    holding,
    plain_policy,
    play,
    say,
    sign_in,
    sign_in_operator,
)
from web_players import hidden_leaks
from web_support import Visit, web_server

__all__ = ["browser", "visit"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-private"), 13, "--private-idle-minutes=30")
    op = srv.login(OPERATOR)
    srv.open_table(op, id="cash", profile="generic", pause_seconds=0)
    srv.open_table(
        op,
        id="slow",
        profile="generic",
        wager_seconds=600,
        setting_seconds=600,
        decision_seconds=600,
        missed_decisions=1000,
        pause_seconds=0,
    )
    srv.open_table(
        op,
        id="lapse",
        profile="generic",
        wager_seconds=600,
        setting_seconds=5,
        decision_seconds=5,
        pause_seconds=0,
    )
    c = srv.client(op)
    c.subscribe("cash")
    c.ok("cash", "pause")  # the cashier's table: no round, so a buy-in and a cash-out are at once
    c.close()
    try:
        yield srv
    finally:
        srv.stop()


def _no_hidden_tile_in_the_dom(page: Page, clients: dict[str, Client], table: str) -> None:
    """While the players hold their tiles unset, the spectator's page draws them face down and
    no tile face at all (but the header's brand mark): no piece of a hand is shown before it
    is exposed (R-SET-02, R-DEAL-03); the players' own states say how many they hold."""
    held = []
    for name, c in clients.items():
        rnd = c.wait_state(table, dealt, f"{name}'s tiles")["round"]
        for w in rnd["wagers"]:
            if w["player"] == name and w["kind"] == "main":
                pieces = rnd["positions"][w["spot"]]["pieces"]
                assert pieces is not None and len(pieces) == 4, (name, pieces)
                held += pieces
    assert held  # a player who sat down during the wagers plays from the next round
    page.wait_for_function(
        "n => document.querySelectorAll('svg.pg-tile[data-tile=back]').length >= n",
        arg=len(held),
    )
    faces = page.locator("svg.pg-tile").evaluate_all(
        "ts => ts.filter(t => !t.closest('.pg-brand__mark')).map(t => t.dataset.tile)"
    )  # the header's brand mark, a Teen tile, is no tile of the game
    assert faces.count("back") >= len(held) and set(faces) == {"back"}, faces


def _store(server: Server) -> Store:
    return Store(server.db_url)


def test_two_players_and_a_signed_out_spectator_at_a_private_table_by_its_code(
    server: Server, visit: Any
) -> None:
    ann_visit = visit()
    ann = sign_in(ann_visit, "wann")
    ann.goto(f"{server.base}/#/lobby")
    box = ann.get_by_test_id("private-tables")
    box.locator("select[name=profile]").select_option("generic")
    box.get_by_label("Table name").fill("anns_table")
    expect(box.locator("input[name=invitation]")).to_be_checked()
    box.get_by_role("button", name="Open the table").click()
    share = ann.get_by_test_id("share")
    expect(share).to_be_visible(timeout=20_000)
    code, table = share.get_attribute("data-code"), share.get_attribute("data-table")
    assert code is not None and table is not None
    store = _store(server)
    try:
        stored = [
            {
                "table": table,
                "code": code,
                "name": "anns_table",
                "profile": "generic",
                "invitation_only": True,
            }
        ]
        assert owned(store, "wann") == stored  # the stored record
    finally:
        store.close()
    expect(ann.get_by_test_id("share-code")).to_have_text(f"{code[:4]}-{code[4:]}")
    expect(ann.get_by_test_id("share-link")).to_have_value(f"{server.base}/#/join/{code}")
    expect(ann.locator(f'.pg-tablegrid [data-table="{table}"]')).to_have_count(0)  # not listed

    bob_visit = visit()
    bob = sign_in(bob_visit, "wbob")
    bob.goto(f"{server.base}/#/lobby")
    join = bob.get_by_test_id("private-tables")
    join.get_by_label("Table code").fill(f"{code[:4].lower()}-{code[4:].lower()}")
    join.get_by_role("button", name="Join", exact=True).click()
    expect(bob).to_have_url(f"{server.base}/#/table/{table}", timeout=20_000)

    spectator = visit()
    page = spectator.open(f"#/join/{code}")
    expect(page).to_have_url(f"{server.base}/#/table/{table}", timeout=20_000)

    clients: dict[str, Client] = {}
    for name, seat in (("wann", "1"), ("wbob", "2")):
        c = server.client(server.login(name))
        c.subscribe(table)
        c.ok(table, "sit", seat=seat, cents=10_000)
        clients[name] = c
    play(clients, table, dealt, holding)  # both hands dealt, neither set yet
    _no_hidden_tile_in_the_dom(page, clients, table)
    play(clients, table, finished(1), plain_policy)
    expect(page.locator(".pg-log__line").first).to_be_visible(timeout=20_000)
    states = [f for f in spectator.frames if f.get("type") in ("state", "event")]
    assert states and all(f["state"]["you"] is None for f in states)
    assert hidden_leaks(spectator.frames, "") == []
    # chat both ways at the private table, the signed-out spectator reading along; what every
    # page shows is what the table stored
    ann.goto(f"{server.base}/#/table/{table}")
    said = ["hello from ann", "bob here, 天地人和"]
    say(ann, said[0])
    expect(bob.get_by_test_id("chat-text")).to_have_count(1, timeout=10_000)
    say(bob, said[1])
    for p in (ann, bob, page):
        expect(p.get_by_test_id("chat-text")).to_have_count(2, timeout=10_000)
        assert chat_lines(p) == said, chat_lines(p)
    expect(page.get_by_test_id("chat-blocked")).to_be_visible()  # signed out: reads only
    stored = server.http("GET", f"/api/tables/{table}/chat", server.login(OPERATOR)).json()
    assert [(m["author"], m["text"]) for m in stored] == [("wann", said[0]), ("wbob", said[1])]
    _a_mute_and_an_operators_deletion(
        server, table, ann_visit=ann_visit, bob=bob, spectator=page, visit=visit
    )
    assert not spectator.errors, spectator.errors
    for c in clients.values():
        c.ok(table, "leave")
        c.close()


def _chat(server: Server, table: str) -> list[dict[str, Any]]:
    """The table's chat as stored, oldest first, deleted messages included (read from the
    database, not through the service)."""
    store = _store(server)
    m = chat_messages
    try:
        with store.engine.connect() as c:
            q = sa.select(m).where(m.c.table_id == table).order_by(m.c.id)
            return [dict(r) for r in c.execute(q).mappings()]
    finally:
        store.close()


def _shown(stored: list[dict[str, Any]], muted: tuple[str, ...] = ()) -> list[str]:
    """The lines a page should show of the stored chat: none deleted, none by a muted author."""
    return [m["text"] for m in stored if m["deleted_at"] is None and m["author"] not in muted]


def _a_mute_and_an_operators_deletion(
    server: Server, table: str, *, ann_visit: Visit, bob: Page, spectator: Page, visit: Any
) -> None:
    """At the private table (docs/web.md, "Chat"): wann mutes wbob from her page, so his lines
    leave it and his next one never reaches it, while wbob's own page and the signed-out
    spectator's show it and the table stores it; the operator deletes wann's first line from
    his page: it leaves both players' pages and the spectator's, and the stored chat and the
    review say who deleted it. Every page is compared with the chat read from the database."""
    ann = ann_visit.page
    ann.get_by_role("button", name="Mute wbob").first.click()
    expect(ann.get_by_text("bob here")).to_have_count(0, timeout=10_000)
    store = _store(server)
    try:
        with store.engine.connect() as c:
            mutes = c.execute(sa.select(chat_mutes.c.player, chat_mutes.c.muted)).all()
    finally:
        store.close()
    assert ("wann", "wbob") in [tuple(r) for r in mutes]
    say(bob, "ann cannot read this")
    say(ann, "ann again")  # once this is on her page, bob's line before it would be too
    for p, n in ((ann, 2), (bob, 4), (spectator, 4)):
        expect(p.get_by_test_id("chat-text")).to_have_count(n, timeout=10_000)
        expect(p.get_by_test_id("chat-text").last).to_have_text("ann again")
    stored = _chat(server, table)
    assert [(m["author"], m["text"]) for m in stored[2:]] == [
        ("wbob", "ann cannot read this"),
        ("wann", "ann again"),
    ]
    assert chat_lines(ann) == _shown(stored, muted=("wbob",)), chat_lines(ann)
    assert "ann cannot read this" not in chat_lines(ann)
    sent = [f["message"]["text"] for f in ann_visit.frames if f.get("type") == "chat"]
    assert "ann again" in sent  # the server sent her no frame with bob's muted line:
    assert not [f for f in ann_visit.frames if "ann cannot read this" in json.dumps(f)]
    for p in (bob, spectator):
        assert chat_lines(p) == _shown(stored), chat_lines(p)
    boss = sign_in_operator(visit())
    boss.goto(f"{server.base}/#/table/{table}")
    line = boss.get_by_test_id("chat-line").filter(has_text="hello from ann")
    line.get_by_role("button", name="Delete the message of wann").click()
    for p in (ann, bob, spectator, boss):
        expect(p.get_by_text("hello from ann")).to_have_count(0, timeout=10_000)
    stored = _chat(server, table)
    gone = next(m for m in stored if m["text"] == "hello from ann")
    assert gone["deleted_by"] == OPERATOR and gone["deleted_at"] is not None, gone
    assert chat_lines(ann) == _shown(stored, muted=("wbob",)) == ["ann again"]
    for p in (bob, spectator):
        assert chat_lines(p) == _shown(stored), chat_lines(p)
    review = server.http("GET", f"/api/tables/{table}/chat", server.login(OPERATOR)).json()
    marked = next(m for m in review if m["id"] == gone["id"])
    assert marked["deleted_by"] == OPERATOR and marked["deleted_at"], marked


def _two_seated(
    server: Server, visit: Any, table: str, first: str, second: str
) -> tuple[Page, Client, Client, Client]:
    """``first`` signed in on a page and both seated (1 and 2) at ``table``, paused by the
    operator: the page, ``first``'s client, ``second``'s and the operator's."""
    page = sign_in(visit(), first)
    one = server.client(server.login(first))
    two = server.client(server.player(second))
    op = server.client(server.login(OPERATOR))
    op.subscribe(table)
    op.ok(table, "pause")
    for c, seat in ((one, "1"), (two, "2")):
        c.subscribe(table)
        c.ok(table, "sit", seat=seat, cents=10_000)
    return page, one, two, op


def test_a_seat_sat_out_on_its_page_no_longer_delays_the_table(server: Server, visit: Any) -> None:
    cat, c_cat, dan, op = _two_seated(server, visit, "slow", "wcat", "wdan")
    c_cat.close()
    cat.goto(f"{server.base}/#/table/slow")
    cat.get_by_role("button", name="Sit out").click()  # every window 10 minutes long
    expect(cat.get_by_test_id("sitting-out")).to_contain_text("You chose to sit out")
    started = time.monotonic()
    op.ok("slow", "resume")
    st = dan.wait_state(
        "slow", lambda s: (s["waiting"] or {}).get("for") == "wagers", "the wagers window"
    )
    assert st["waiting"]["who"] == ["wdan"] and st["away"] == ["wcat"]
    play({"wdan": dan}, "slow", finished(1), plain_policy)  # a 600-second window, not waited out
    assert time.monotonic() - started < 120
    cat.get_by_role("button", name="I'm back: deal me in").click()
    # the page's command goes by its websocket, this question by HTTP: asked until it is applied
    token = server.login("wcat")

    def back() -> Any:
        c = server.http("GET", "/api/tables/slow", token).json()["choices"]
        return c if c["sit_out"] is True or c["returning"] is True else None

    eventually(back, "wcat back in the game (sit_out or returning)", limit=20, every=0.1)
    for c in (dan, op):
        c.close()


def _never_sets(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """wfay declines the bank, wagers and says she is ready, and lets every other decision run
    out of time; the others play :func:`plain_policy`."""
    c = st["choices"]
    if me != "wfay" or c["bank"] is not None or c["ready"]:
        return plain_policy(table, me, st)
    return []


def test_a_seat_sat_out_after_missed_decisions_no_longer_delays_the_table(
    server: Server, visit: Any
) -> None:
    """docs/service.md, "Absent seats": wfay, her page open, wagers in the first round and lets
    her setting window and her surrender decision run out (5 seconds each): two windows in a
    row (``missed_decisions`` 2, the default), and she sits out; her page says the table
    stopped waiting for her decisions, and the next round's wagers window, 10 minutes long,
    waits for wgus only: that round is played and finished without her wager."""
    fay, c_fay, gus, op = _two_seated(server, visit, "lapse", "wfay", "wgus")
    fay.goto(f"{server.base}/#/table/lapse")
    expect(fay.get_by_test_id("chat")).to_be_visible(timeout=20_000)
    op.ok("lapse", "resume")
    players = {"wfay": c_fay, "wgus": gus}
    play(players, "lapse", lambda s: s["away"] == ["wfay"], _never_sets)
    c_fay.close()  # her page stays open: she is connected, only her decisions ran out
    expect(fay.get_by_test_id("sitting-out")).to_contain_text(
        "after your last decisions ran out of time", timeout=20_000
    )
    st = gus.wait_state(
        "lapse",
        lambda s: s["rounds"] == 1 and (s["waiting"] or {}).get("for") == "wagers",
        "the second round's wagers window",
    )
    assert st["waiting"]["who"] == ["wgus"] and st["away"] == ["wfay"]
    play({"wgus": gus}, "lapse", finished(2), plain_policy)  # a 600-second window, not waited out
    st = gus.state["lapse"]
    assert {w["player"] for w in st["round"]["wagers"]} == {"wgus"}
    assert st["away"] == ["wfay"]
    for c in (gus, op):
        c.close()


def _stored(server: Server, name: str) -> dict[str, Any]:
    store = _store(server)
    try:
        with store.engine.connect() as c:
            row = c.execute(sa.select(protection).where(protection.c.account == name)).mappings()
            found = row.first()
            start = dt.datetime.now(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
            rows = c.execute(
                sa.select(db.ledger.c.cents, db.ledger.c.created_at).where(
                    db.ledger.c.debit == f"wallet:{name}", db.ledger.c.reason == "buy-in"
                )
            ).all()
        spent = sum(
            int(cents)
            for cents, at in rows
            if (at if at.tzinfo else at.replace(tzinfo=dt.UTC)) >= start
        )
        assert found is not None
        return dict(found) | {"spent": spent, "wallet": store.balance(f"wallet:{name}")}
    finally:
        store.close()


def _fill(page: Page, dollars: str) -> Locator:
    """The cashier's buy-in at table ``cash`` filled in; its button."""
    form = page.locator("#buyin-title").locator("xpath=..")
    form.locator("select").select_option("cash")
    form.get_by_role("textbox", name="Amount").fill(dollars)
    return form.get_by_role("button", name="Buy in and sit")


def _buy(page: Page, dollars: str) -> None:
    _fill(page, dollars).click()


def test_limits_and_self_exclusion_are_refused_at_the_cashier(server: Server, visit: Any) -> None:
    v = visit()
    eve = sign_in(v, "weve")
    eve.goto(f"{server.base}/#/cashier")
    panel = eve.get_by_test_id("protection")
    panel.get_by_label("New daily limit").fill("150")
    panel.get_by_role("button", name="Set the limit").click()
    limit = eve.get_by_test_id("protection-limit")
    expect(limit).to_have_attribute("data-limit", "15000")
    stored = _stored(server, "weve")
    assert stored["daily_limit"] == 15_000 and stored["spent"] == 0
    expect(limit).to_have_text("$150.00 a day: $0.00 bought in today (UTC), $150.00 left")
    wallet = stored["wallet"]
    # past the limit: refused on the page with why, from the server's bound (what the limit
    # leaves today, GET /api/session's buy_in), never sent (the service refuses it too:
    # tests/test_service_protection.py)
    help_text = eve.locator("#buyin-help")
    expect(_fill(eve, "200")).to_be_disabled()
    expect(help_text).to_contain_text("Your daily buy-in limit leaves $150.00 today.")
    assert _stored(server, "weve")["wallet"] == wallet  # nothing moved
    _buy(eve, "100")
    expect(eve).to_have_url(f"{server.base}/#/table/cash", timeout=20_000)
    eve.goto(f"{server.base}/#/cashier")
    eve.get_by_role("button", name="Cash out").click()
    expect(eve.get_by_role("button", name="Cash out")).to_have_count(0, timeout=20_000)
    eve.reload()
    stored = _stored(server, "weve")
    assert stored["spent"] == 10_000
    expect(eve.get_by_test_id("protection-limit")).to_have_attribute("data-spent", "10000")
    expect(eve.get_by_test_id("protection-limit")).to_have_text(
        "$150.00 a day: $100.00 bought in today (UTC), $50.00 left"
    )
    # a raise waits for its cooling-off: shown as pending, the lower limit still in force
    panel = eve.get_by_test_id("protection")
    panel.get_by_label("New daily limit").fill("500")
    panel.get_by_role("button", name="Set the limit").click()
    expect(eve.get_by_test_id("protection-pending")).to_contain_text("The raise to $500.00")
    assert _stored(server, "weve")["next_limit"] == 50_000
    # self-exclusion: confirmed, shown with the stored end, and the next buy-in refused
    panel.locator("select[name=days]").select_option("7")
    panel.get_by_label("I understand that it cannot be undone before it ends").check()
    panel.get_by_role("button", name="Exclude me").click()
    excluded = eve.get_by_test_id("protection-excluded")
    expect(excluded).to_be_visible(timeout=20_000)
    until = _stored(server, "weve")["excluded_until"]
    until = until if until.tzinfo else until.replace(tzinfo=dt.UTC)
    shown = excluded.get_attribute("data-until")
    assert shown is not None and dt.datetime.fromisoformat(shown) == until
    expect(_fill(eve, "20")).to_be_disabled()
    expect(help_text).to_contain_text("No buy-in during a self-exclusion")
    # the pit's account page states the same record
    pit = sign_in_operator(visit())
    pit.goto(f"{server.base}/#/pit/accounts/weve")
    expect(pit.get_by_test_id("account-limit")).to_have_attribute("data-limit", "15000")
    expect(pit.get_by_test_id("account-limit")).to_have_attribute("data-spent", "10000")
    excl = pit.get_by_test_id("account-excluded")
    expect(excl).to_have_attribute("data-until", until.isoformat())
    assert not v.errors or all("409" in e or "Failed to load" in e for e in v.errors), v.errors


def test_a_new_guest_in_a_browser_under_self_exclusion_is_refused(
    server: Server, visit: Any
) -> None:
    # The two-click escape (docs/service.md, "What protection binds"): a guest excludes
    # themself, signs out and clicks "Play as a guest" again in the same browser. Before, a
    # new guest was signed in with a new grant and could sit at once; now the service refuses
    # the new account (the browser's device cookie names an account excluded from play), the
    # page says why, and stays signed out.
    v = visit()
    page = v.open("#/sign-in")
    page.get_by_role("button", name="Play as a guest").click()
    expect(page.locator(".pg-account__name")).to_contain_text("guest_")
    page.goto(f"{server.base}/#/cashier")
    panel = page.get_by_test_id("protection")
    panel.locator("select[name=days]").select_option("1")
    panel.get_by_label("I understand that it cannot be undone before it ends").check()
    panel.get_by_role("button", name="Exclude me").click()
    expect(page.get_by_test_id("protection-excluded")).to_be_visible()
    with _store(server).engine.connect() as c:
        before = c.execute(sa.select(sa.func.count()).select_from(db.users)).scalar_one()
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator(".pg-account__name")).to_have_count(0)
    page.goto(f"{server.base}/#/sign-in")
    page.get_by_role("button", name="Play as a guest").click()
    expect(page.locator(".pg-form__error")).to_contain_text(
        "No new account is opened in this browser until"
    )
    expect(page.locator(".pg-account__name")).to_have_count(0)
    with _store(server).engine.connect() as c:
        after = c.execute(sa.select(sa.func.count()).select_from(db.users)).scalar_one()
    assert after == before  # no second account was made
    # the refused registration (403), and a request of the page signing out (401)
    assert all("403" in e or "401" in e for e in v.errors), v.errors
