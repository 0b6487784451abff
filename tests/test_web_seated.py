"""A seated player's page in Debian's Chromium against a real ``paigow serve`` (seeded, SQLite),
each figure compared with what the server stored (docs/web.md, "The table"):

* the results of a round stay into the next round's wagers window, until closed or until the
  player wagers again (they went 3.9 s after settlement, with the next round's wagers panel),
  every figure the stored record's; the hand history beside the table (this table's rounds and
  yours), each row's net the stored record's, each opening its round's recall;
* the session reminder is a dialog to acknowledge (the page used to drop the message): the
  minutes played, the rounds and the net the server sent, the net the sum of the stored
  records; Escape does not close it, the answer does;
* a wallet change reaches every page of the account at once (a buy-in on the phone, the desktop
  told without a reload), and the buy-in controls offer no more than the server's bound (the
  daily limit's rest: it took $100 while "$50.00 left" showed);
* on a phone seated at the table the header is one line, the "Your turn" bar shows only while
  the panel it points to is out of view; after a tile goes into a hand, focus goes on to the
  tiles left (they were behind it in Tab order);
* screenshots of the results, the hand history and the reminder in three languages at phone and
  desktop sizes (docs/screenshots/).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from service_support import OPERATOR, PASSWORD, Client, Server
from web_fixtures import browser, visit
from web_oracle import (
    Figures,
    create_account,
    dollars,
    finished,
    money,
    oracle,
    page_round,
    plain_policy,
    play,
    sign_in,
)
from web_support import DESKTOP, PHONE, Visit, save_shot, web_server

__all__ = ["browser", "visit"]

#: The session reminder's minute on this server: half a second.
MINUTE = 0.5
MESSAGES = Path(__file__).resolve().parents[1] / "web" / "src" / "i18n" / "messages"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(
        tmp_path_factory.mktemp("web-seated"), 5, f"--reminder-minute-seconds={MINUTE}"
    )
    try:
        yield srv
    finally:
        srv.stop()


def open_table(server: Server, table: str, **options: Any) -> None:
    """A generic table whose wagers window waits (a player's page acts at its own pace)."""
    server.open_table(
        server.login(OPERATOR),
        id=table,
        profile="generic",
        wager_seconds=600,
        **({"pause_seconds": 0.5} | options),
    )


def seated_client(server: Server, name: str, table: str, seat: str, cents: int = 10_000) -> Client:
    """``name``'s websocket (another session of the account), seated at ``table``."""
    c = server.client(server.login(name))
    c.subscribe(table)
    c.ok(table, "sit", seat=seat, cents=cents)
    return c


def stored_rounds(server: Server, player: str) -> dict[tuple[str, int], dict[str, Any]]:
    """The records of the rounds ``player`` sat in, as the server's database holds them."""
    path = server.db_url.removeprefix("sqlite:///")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT r.table_id, r.round_no, r.record FROM rounds r JOIN round_players p"
            " ON p.table_id = r.table_id AND p.round_no = r.round_no WHERE p.player = ?",
            (player,),
        ).fetchall()
    return {(t, int(n)): json.loads(rec) for t, n, rec in rows}


def net_of(record: dict[str, Any], player: str) -> int:
    return int(record["net"].get(f"player:{player}", 0))


#: The wagers panel of the page.
WAGERS = "[data-testid=actions] [data-decision='Place your wagers']"


def in_wagers(st: dict[str, Any]) -> bool:
    """The table's state: a round in its wagers window."""
    return st["round"] is not None and st["round"]["phase"] == "wagers"


def declining(table: str, me: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Decline the bank when it is offered (the rules offer it in turn), nothing else: the
    player's page wagers, or nobody does."""
    return [("bank", {"accept": False})] if st["choices"]["bank"] is not None else []


def next_wagers(n: int) -> Any:
    """The table's state: round ``n`` in its wagers window."""
    return lambda st: st["rounds"] == n - 1 and in_wagers(st)


def wagered(name: str) -> Any:
    """The table's state: ``name`` has a wager in the round."""
    return lambda st: (
        st["round"] is not None and any(w["player"] == name for w in st["round"]["wagers"])
    )


def shots(page: Page, name: str, selector: str) -> None:
    """``name``-phone.png and ``name``-desktop.png of the element ``selector`` (the turn bar,
    which floats at the foot of the screen while the panel is out of view, hidden: where the
    element lands on the screen decides whether it shows)."""
    page.add_style_tag(content=".pg-turnbar { display: none !important; }")
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        save_shot(page, f"{name}-{size_name}.png", selector=selector)
    page.set_viewport_size(DESKTOP)


def decision(page: Page) -> str | None:
    frame = page.locator("[data-testid=actions] [data-decision]")
    return frame.first.get_attribute("data-decision") if frame.count() else None


def only_late_advice(v: Visit) -> bool:
    """No console error but 409s, nothing asked of another site: the page of a player whose
    other connection sets the hand at once asks for advice on a hand already set (the table
    answers 409, and the page shows none)."""
    return all("409 (Conflict)" in e for e in v.errors) and v.outside == []


def sign_in_again(v: Visit, name: str) -> Page:
    """Sign ``name`` in through the sign-in page of another browser context."""
    page = v.open("#/sign-in")
    page.get_by_role("tab", name="Sign in").click()
    page.get_by_label("Account name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.locator("form").get_by_role("button", name="Sign in").click()
    expect(page.locator(".pg-account__name")).to_have_text(name)
    return page


# ------------------------------------------------------------------ results and history


def test_results_stay_into_the_next_round_and_the_history_is_the_records(
    server: Server, visit: Any
) -> None:
    """Item 1: the results of round 1 are still shown once round 2's wagers window is open
    (they went with it), every figure the stored record's, until the player closes them; round
    2's stay until the player places a wager in round 3. The hand history's rows (this table's,
    and yours) show the stored records' nets and open each round's recall."""
    open_table(server, "kept")
    v = visit(DESKTOP)
    page = sign_in(v, "rae")
    c = seated_client(server, "rae", "kept", "1")
    page.goto(f"{v.base}#/table/kept")
    expect(page.get_by_test_id("my-chips")).to_be_visible()
    results = page.get_by_test_id("results")
    try:
        play({"rae": c}, "kept", finished(1), plain_policy)
        play({"rae": c}, "kept", next_wagers(2), declining)
        expect(page.locator(WAGERS)).to_be_visible()
        # round 2's wagers window is open and round 1's results are still there
        expect(results).to_have_attribute("data-round", "1")
        record = stored_rounds(server, "rae")[("kept", 1)]
        figures = Figures()
        page_round(page, "[data-testid=results]", oracle(record), "rae", figures, where="round 1")
        assert figures.count >= 5, figures
        results.get_by_role("button", name="Close the results of round 1").click()
        expect(results).to_have_count(0)
        play({"rae": c}, "kept", finished(2), plain_policy)
        play({"rae": c}, "kept", next_wagers(3), declining)
        expect(page.locator(WAGERS)).to_be_visible()
        expect(results).to_have_attribute("data-round", "2")
        # the player wagers in round 3: the results make way
        page.get_by_test_id("actions").get_by_role("button", name="Place wager").click()
        expect(results).to_have_count(0)
        assert c.wait_state("kept", wagered("rae"), "rae's wager")["rounds"] == 2
        # the hand history: this table's rounds, then yours, each row the stored record's net
        stored = stored_rounds(server, "rae")
        history = page.get_by_test_id("history")
        rows = history.locator("li.pg-history__row")
        expect(rows).to_have_count(2)
        for tab in ("This table", "Yours"):
            history.get_by_role("tab", name=tab).click()
            expect(rows).to_have_count(2)
            shown = rows.evaluate_all(
                "rs => rs.map(r => [r.dataset.table, +r.dataset.round, +r.dataset.net])"
            )
            assert {(t, n): net for t, n, net in shown} == {
                k: net_of(r, "rae") for k, r in stored.items()
            }, (tab, shown)
        history.locator("li.pg-history__row[data-round='1'] a").click()
        expect(page.get_by_test_id("recall-round")).to_contain_text("round 1")
        assert only_late_advice(v), (v.errors, v.outside)
    finally:
        c.close()


# ------------------------------------------------------------------ the reminder, three languages

#: Each language's player (fixed names: the pictures show them).
PLAYERS = {"en": "ann_s", "zh-Hant": "mei_s", "zh-Hans": "lan_s"}
#: The catalogue's keys: none may stand in a page's text for its message.
KEYS = set(json.loads((MESSAGES / "en.json").read_text(encoding="utf-8")))
#: The interval of the reminder in the pictures: 60 of the server's minutes (30 s: the round
#: and the pictures before it take about half that), so that the first one says "1 hour" and
#: counts the round on every run.
EVERY = 60


def no_raw_key(page: Page) -> None:
    text = page.locator("body").inner_text()
    shown = set(re.findall(r"\b[a-zA-Z]+\.[a-zA-Z0-9.-]+\b", text)) & KEYS
    assert not shown, shown


def test_the_reminder_is_a_dialog_with_the_servers_figures_and_the_pictures(
    server: Server, visit: Any
) -> None:
    """Item 4: three players, each signed in through the page in their language, turn the
    session reminder on and play a round. Each page shows the reminder as a modal dialog: the
    minutes, the rounds and the net the server sent (the page used to drop the message), the
    net the sum of the player's stored records; Escape leaves it open, the answer closes it.
    Screenshots of the results (kept into the next round), the hand history and the reminder in
    each language at phone and desktop sizes."""
    pages: dict[str, tuple[Visit, Page]] = {}
    for locale, name in PLAYERS.items():  # the three accounts asked for together (argon2)
        v = visit(DESKTOP)
        pages[locale] = (v, create_account(v, name))
    for locale, (_v, page) in pages.items():
        name = PLAYERS[locale]
        expect(page.locator(".pg-account__name")).to_have_text(name)
        # at once after the sign-in: the first reminder comes EVERY minutes into the session
        r = server.http(
            "POST", "/api/me/protection/reminder", server.login(name), {"minutes": EVERY}
        )
        assert r.status_code == 200, r.text
        page.get_by_test_id("language").select_option(locale)
        expect(page.locator("html")).to_have_attribute("lang", locale)
    open_table(server, "shots")
    clients = server.seat("shots", list(PLAYERS.values()), ["1", "2", "3"], cents=10_000)
    try:
        for v, page in pages.values():
            page.goto(f"{v.base}#/table/shots")
            expect(page.get_by_test_id("my-chips")).to_be_visible()
        players = dict(zip(PLAYERS.values(), clients, strict=True))
        play(players, "shots", finished(1), plain_policy)
        play(players, "shots", next_wagers(2), declining)
        stored = {name: stored_rounds(server, name) for name in PLAYERS.values()}
        for locale, (_v, page) in pages.items():
            results = page.get_by_test_id("results")
            expect(results).to_have_attribute("data-round", "1")
            expect(page.get_by_test_id("history").locator("li.pg-history__row")).to_have_count(1)
            no_raw_key(page)
            shots(page, f"results-{locale}", "[data-testid=results]")
            shots(page, f"history-{locale}", "[data-testid=history]")
        for locale, (v, page) in pages.items():
            name = PLAYERS[locale]
            dialog = page.get_by_test_id("reminder")
            # (a reminder that came before the round ended is followed by one that counts it)
            expect(dialog).to_have_attribute("data-rounds", "1", timeout=90_000)
            expect(dialog).to_be_visible()
            sent = [f for f in v.frames if f.get("type") == "reminder"][-1]
            net = sum(net_of(r, name) for r in stored[name].values())
            assert int(dialog.get_attribute("data-net") or "x") == sent["net"] == net, (sent, net)
            assert int(dialog.get_attribute("data-minutes") or "x") == sent["minutes"]
            assert sent["rounds"] == len(stored[name]) == 1
            shown = dialog.get_by_test_id("reminder-net").inner_text()
            assert abs(money(shown)) == abs(net), shown
            no_raw_key(page)
            shots(page, f"reminder-{locale}", "[data-testid=reminder]")
            expect(dialog.locator("a[href='#/cashier']")).to_be_visible()
            page.keyboard.press("Escape")
            expect(dialog).to_be_visible()  # only the answer closes it
            dialog.locator(".pg-dialog__actions .pg-button--primary").click()
            expect(dialog).to_be_hidden()
            assert only_late_advice(v), (v.errors, v.outside)
    finally:
        for c in clients:
            c.close()


# ------------------------------------------------------------------ the wallet, on every page


def test_a_wallet_change_reaches_every_page_and_bounds_the_buy_in(
    server: Server, visit: Any
) -> None:
    """Item 6: one account on a desktop (the cashier) and a phone (a table). A buy-in on the
    phone shows at once on the desktop, as the server has it (it said $918.25 while the wallet
    held $942.75); an operator's adjustment on both. Once the daily limit leaves $50.00, the
    cashier's buy-in refuses $100 (it took it) and takes $50, and the phone is told the new
    wallet: every figure the server's (``GET /api/me``)."""
    open_table(server, "purse", pause_seconds=600)
    open_table(server, "purse2", pause_seconds=600)
    desk_v, phone_v = visit(DESKTOP), visit(PHONE)
    desk = sign_in(desk_v, "wen")
    phone = sign_in_again(phone_v, "wen")
    token = server.login("wen")

    def me() -> dict[str, Any]:
        return dict(server.http("GET", "/api/me", token).json())

    desk.goto(f"{desk_v.base}#/cashier")
    expect(desk.get_by_test_id("wallet")).to_have_text(dollars(me()["wallet"]))
    phone.goto(f"{phone_v.base}#/table/purse")
    actions = phone.get_by_test_id("actions")
    actions.get_by_role("radio", name="Seat 2").check()
    actions.get_by_label("Buy-in (dollars)").fill("200")
    actions.get_by_role("button", name="Sit down at seat 2").click()
    expect(phone.get_by_test_id("my-chips")).to_be_visible()
    wallet = me()["wallet"]
    # the desktop's cashier is told, without a reload (it kept what it had read)
    expect(desk.get_by_test_id("wallet")).to_have_text(dollars(wallet))
    for page in (desk, phone):
        expect(page.get_by_test_id("wallet-header")).to_have_attribute("data-cents", str(wallet))
    server.credit(server.login(OPERATOR), "wen", 1234)
    wallet = me()["wallet"]
    for page in (desk, phone):
        expect(page.get_by_test_id("wallet-header")).to_have_attribute("data-cents", str(wallet))
    # the daily limit: $200 bought in today, $250 the limit: $50 left
    r = server.http("POST", "/api/me/protection/limit", token, {"cents": 25_000})
    assert r.status_code == 200 and r.json()["left_today"] == 5_000, r.text
    bound = me()["buy_in"]
    assert bound == {"max": 5_000, "by": "limit", "left_today": 5_000}, bound
    amount = desk.get_by_label("Amount (dollars)")
    expect(amount).to_have_attribute("data-max", str(bound["max"]))
    desk.locator("main form select").first.select_option("purse2")  # the table to sit at
    submit = desk.get_by_role("button", name="Buy in and sit down")
    amount.fill("100")
    expect(desk.locator("#buyin-help")).to_contain_text("daily buy-in limit leaves $50.00 today")
    expect(submit).to_be_disabled()
    expect(desk.get_by_role("button", name="$100.00", exact=True)).to_be_disabled()
    amount.fill("50.01")
    expect(submit).to_be_disabled()
    amount.fill("50")
    expect(submit).to_be_enabled()
    submit.click()
    expect(desk.get_by_test_id("my-chips")).to_be_visible()  # seated at purse2
    wallet = me()["wallet"]
    assert me()["buy_in"] == {"max": 0, "by": "limit", "left_today": 0}
    for page in (desk, phone):
        expect(page.get_by_test_id("wallet-header")).to_have_attribute("data-cents", str(wallet))
    for v in (desk_v, phone_v):
        assert [f["wallet"] for f in v.frames if f.get("type") == "wallet"][-1] == wallet
        assert v.errors == [] and v.outside == [], (v.errors, v.outside)


# ------------------------------------------------------------------ the phone and the keyboard


def test_seated_on_a_phone_the_header_is_one_line_and_nothing_floats_over_the_panel(
    server: Server, visit: Any
) -> None:
    """Item 7: on a phone, seated at the table, the header is one line (it took ~190 px of 844)
    with the rest behind a menu; the "Your turn" bar shows only while the panel it points to is
    out of view (it covered the panel), and takes the player there."""
    open_table(server, "pocket")
    v = visit(PHONE)
    page = sign_in(v, "pia")
    page.goto(f"{v.base}#/table/pocket")
    header = page.locator("header.pg-header")
    rows_js = (
        "h => [...h.children].filter(c => c.getClientRects().length)"
        ".map(c => { const r = c.getBoundingClientRect(); return [r.top, r.bottom]; })"
    )
    before = header.bounding_box()
    assert before is not None
    actions = page.get_by_test_id("actions")
    actions.get_by_role("radio", name="Seat 1").check()
    actions.get_by_role("button", name="Sit down at seat 1").click()
    expect(page.get_by_test_id("my-chips")).to_be_visible()
    page.wait_for_function(
        "document.querySelector('header.pg-header').getBoundingClientRect().height <= 64"
    )
    expect(page.locator(".pg-shell")).to_have_attribute("data-seated", "yes")
    box = header.bounding_box()
    assert box is not None
    rows = header.evaluate(rows_js)
    # one line: every part of the header side by side (each overlaps every other's height)
    assert max(top for top, _ in rows) < min(bottom for _, bottom in rows), rows
    assert box["height"] <= 64 < before["height"], (box, before)
    menu = page.get_by_test_id("menu")
    menu.click()
    expect(page.get_by_role("navigation").get_by_role("link", name="Lobby")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_role("navigation").get_by_role("link", name="Lobby")).to_be_hidden()
    # the turn bar: the table waits for pia (the bank offered to her, or her wagers)
    expect(page.locator("[data-testid=actions] section.pg-decision--turn")).to_be_visible()
    bar = page.locator(".pg-turnbar")
    actions.scroll_into_view_if_needed()
    expect(bar).to_have_count(0)  # the panel is in view: nothing floats over it
    # a smaller phone (375 x 667): the felt fills the screen above the panel, out of view
    small: ViewportSize = {"width": 375, "height": 667}
    page.set_viewport_size(small)
    edge = small["height"] - 96
    rect = "(() => { const r = document.querySelector('[data-testid=actions]')"
    rect += ".getBoundingClientRect(); return [r.top, r.bottom]; })()"
    page.evaluate("window.scrollTo(0, 0)")
    if page.evaluate(rect)[0] <= edge:
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    top, bottom = page.evaluate(rect)
    assert top > edge or bottom < 0, (top, bottom)
    expect(bar).to_be_visible()
    bar.click()
    expect(bar).to_have_count(0)
    top, bottom = page.evaluate(rect)
    assert top < edge and bottom > 0, (top, bottom)  # the panel in view
    assert v.errors == [] and v.outside == [], (v.errors, v.outside)


def test_focus_goes_on_to_the_tiles_left_after_one_goes_into_a_hand(visit: Any) -> None:
    """Item 7: a tile put into a hand by keyboard (H) hands focus to the next tile still to
    place, and Tab goes on through the tiles left (focus stayed on the tile moved, in the high
    hand, with the tiles left behind it in Tab order)."""
    v = visit(DESKTOP)
    page = v.open("#/trainer")
    hand = page.get_by_test_id("trainer-hand")
    left = hand.locator("button.pg-setting__piece[aria-label$='dealt to you']")
    expect(left).to_have_count(4)
    left.first.focus()
    page.keyboard.press("h")
    expect(left).to_have_count(3)
    focused = "document.activeElement?.getAttribute('aria-label') ?? ''"
    assert page.evaluate(focused).endswith("dealt to you"), page.evaluate(focused)
    first = page.evaluate("document.activeElement.dataset.pieceIndex")
    page.keyboard.press("Tab")
    assert page.evaluate(focused).endswith("dealt to you"), page.evaluate(focused)
    assert page.evaluate("document.activeElement.dataset.pieceIndex") != first
    page.keyboard.press("h")  # the high hand full: the two left go to the low hand
    expect(left).to_have_count(0)
    expect(hand.locator("[role=status]")).not_to_have_attribute("data-valid", "incomplete")
    assert v.errors == [] and v.outside == [], (v.errors, v.outside)
