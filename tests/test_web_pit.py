"""The pit in a real browser (Debian's Chromium) against a real ``paigow serve``: an operator
opens a table with options, changes them between rounds, watches its rounds, reads its meters,
adjusts a wallet with a reason (the movement is in the ledger and the audit stays clean),
suspends an account (its live websocket closes at once) and recalls a round; every figure read
on the page is compared with the stored records. The report a table's card offers for download
is the document ``paigow report`` writes, byte for byte. The floor follows the tables as the
server pushes them on the operator's websocket, never asking for them again and again. A
player's session reaches none of it: the pages say so and the routes answer 403 to the page's
own session.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from cli_helpers import CONSOLE_SCRIPT
from paigow.service.store.store import Store
from pit_reference import FIGURES, independent, stored_records
from service_support import OPERATOR, PASSWORD, Server, drive
from web_fixtures import browser, visit
from web_oracle import money, sign_in, sign_in_operator
from web_support import Visit, save_shot, web_server

__all__ = ["browser", "visit"]

TABLE = "pit-web"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-pit"), 23)
    try:
        yield srv
    finally:
        srv.stop()


#: The profile whose report the report's test downloads, and that test's name.
REPORT_PROFILE = "lucky-chances"
REPORT_TEST = "test_a_tables_report_downloads_as_paigow_report_writes_it"


@pytest.fixture(scope="module", autouse=True)
def cli_report(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[subprocess.Popen[bytes], Path] | None]:
    """``paigow report --profile lucky-chances``, the command line's own document, started
    with the module when the report's test is to run (it takes seconds of work: it is made
    while the tests before that one run); None when that test is not to run."""
    if not any(item.name == REPORT_TEST for item in request.session.items):
        yield None
        return
    out = tmp_path_factory.mktemp("cli-report")
    cli = subprocess.Popen(
        [str(CONSOLE_SCRIPT), "report", "--profile", REPORT_PROFILE, "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        yield cli, out
    finally:
        if cli.poll() is None:
            cli.kill()
        cli.communicate()


def operator_page(v: Visit, path: str = "#/pit/floor") -> Page:
    """The operator signed in through the sign-in page, then at ``path``."""
    page = sign_in_operator(v)
    page.goto(v.base + path)
    return page


def _api(server: Server, path: str) -> Any:
    r = server.http("GET", path, server.login(OPERATOR))
    assert r.status_code == 200, r.text
    return r.json()


def _balance(server: Server, name: str) -> int:
    store = Store(server.db_url)
    try:
        return store.balance(f"wallet:{name}")
    finally:
        store.close()


def _card(page: Page, table: str) -> Any:
    return page.locator(f"article[data-table='{table}']")


def test_an_operators_shift(server: Server, visit: Any) -> None:
    """Open a table with options, change them, watch rounds, read the meters, adjust a wallet,
    suspend a player, recall a round: the page shows what the store holds."""
    v = visit()
    page = operator_page(v)
    expect(page.get_by_role("link", name="Pit", exact=True)).to_be_visible()

    # Open a table with options, offered from the profile's list.
    page.get_by_role("button", name="Open a table…").click()
    form = page.get_by_role("form", name="Open a table")
    form.get_by_label("Table id").fill(TABLE)
    form.get_by_label("Profile").select_option("maryland")
    form.get_by_label("Minimum ($)").fill("10")
    form.get_by_label("Computer players").fill("2")
    form.get_by_label("Pair Fortunes").select_option("B")
    expect(form.get_by_label("Dragon's Eye")).to_have_count(0)  # maryland does not offer it
    form.get_by_role("button", name="Open table").click()
    card = _card(page, TABLE)
    expect(card.get_by_test_id("profile")).to_have_text("maryland")
    expect(card.get_by_test_id("limits")).to_have_text("$10.00 – $5,000.00")
    expect(card.get_by_test_id("bots")).to_have_text("2")
    expect(card.get_by_test_id("options")).to_contain_text("Pair Fortunes B")
    st = _api(server, f"/api/tables/{TABLE}")
    assert st["limits"] == {"min": 1000, "max": 500000}
    assert sorted(st["seats"]) == ["bot-5", "bot-6"]

    # Change its options between rounds: one more computer player, no advice, a new minimum.
    card.get_by_role("button", name="Options…").click()
    opts = page.get_by_role("form", name=f"Options of table {TABLE}")
    opts.get_by_label("Minimum ($)").fill("15")
    opts.get_by_label("Computer players").fill("3")
    opts.get_by_label("Setting advice").uncheck()
    opts.get_by_role("button", name="Change options").click()
    expect(card.get_by_test_id("bots")).to_have_text("3")
    expect(card.get_by_test_id("limits")).to_have_text("$15.00 – $5,000.00")
    expect(card.get_by_test_id("options")).to_contain_text("no advice")
    st = _api(server, f"/api/tables/{TABLE}")
    assert sorted(st["seats"]) == ["bot-4", "bot-5", "bot-6"] and st["limits"]["min"] == 1500
    for seat, who in {"1": None, "4": "bot-4"}.items():
        expect(card.locator(f"li[data-seat='{seat}']")).to_contain_text(who or "free")
    save_shot(page, "pit-floor-desktop.png")

    # A player plays rounds; the operator pauses the table; the floor counts the rounds the
    # store holds.
    (player,) = server.seat(TABLE, ["pitweb"], ["1"], cents=20_000)
    drive([player], TABLE, lambda s: s["rounds"] >= 3)
    expect(card.locator("li[data-seat='1']")).to_contain_text("pitweb")
    card.get_by_role("link", name="Watch").click()  # the table as the floor sees it
    facts = page.locator(".pg-tablebar__facts")
    expect(facts).to_contain_text(f"Table {TABLE}")
    expect(facts).to_contain_text("$15.00 – $5,000.00")
    page.go_back()
    card.get_by_role("button", name="Pause").click()
    expect(card.get_by_role("button", name="Resume")).to_be_visible()
    drive([player], TABLE, lambda s: not s["round_open"], limit=60)
    stored = len([r for r in stored_records(server.db_url) if r[0] == TABLE])
    assert stored >= 3
    expect(card.get_by_test_id("rounds")).to_have_text(str(stored))
    expect(card.get_by_test_id("phase")).to_contain_text("paused")
    # all of it pushed on the operator's websocket: the floor asked for at most once, before
    # the websocket opened (it was asked for every 1.5 s)
    asked = [url for url, _ in v.responses if url.endswith("/api/pit/floor")]
    assert len(asked) <= 1, asked
    pushed = [f["tables"] for f in v.frames if f.get("type") == "floor"]
    assert any(t["id"] == TABLE and t["rounds"] == stored and t["paused"] for t in pushed[-1])

    # Its meters: every figure is the sum over the stored rounds.
    page.get_by_role("link", name="Meters").click()
    row = page.get_by_test_id("meters-table").locator(f"tr[data-row='{TABLE}']")
    expect(row).to_be_visible()
    want = independent([r for r in stored_records(server.db_url) if r[0] == TABLE])["total"]
    page.reload()
    row = page.get_by_test_id("meters-table").locator(f"tr[data-row='{TABLE}']")
    for k in FIGURES:
        cell = row.locator(f"td[data-figure='{k}']")
        text = cell.inner_text()
        got = int(text) if k in ("rounds", "voids") else money(text)
        assert got == want[k], (k, text, want[k])
    hold = row.locator("td[data-figure='hold']").inner_text()
    expect_hold = round(100 * want["win"] / (want["handle"] + want["side_handle"]), 2)
    assert hold == f"{expect_hold:.2f}%"
    csv_link = page.get_by_role("link", name="Export CSV").get_attribute("href")
    assert csv_link is not None and "meters.csv" in csv_link
    page.add_style_tag(content="input[type=date] { color: transparent; }")  # today's date
    save_shot(page, "pit-meters-desktop.png")

    # Adjust the player's wallet with a reason: the wallet and the ledger line as stored.
    page.goto(v.base + "#/pit/accounts/pitweb")
    before = _balance(server, "pitweb")
    expect(page.get_by_test_id("account-wallet")).to_have_text(f"${before / 100:,.2f}")
    adjust = page.get_by_role("form", name="Adjust the wallet")
    adjust.get_by_label("Amount ($)").fill("12.34")
    expect(adjust.get_by_role("button", name="Adjust")).to_be_disabled()  # no reason yet
    adjust.get_by_label("Reason (required)").fill("goodwill for a slow table")
    adjust.get_by_role("button", name="Adjust").click()
    after = before + 1234
    expect(page.get_by_test_id("account-wallet")).to_have_text(f"${after / 100:,.2f}")
    assert _balance(server, "pitweb") == after
    first = page.get_by_test_id("ledger").locator("tbody tr").first
    expect(first.get_by_test_id("ledger-reason")).to_have_text(
        "adjustment: goodwill for a slow table"
    )
    expect(first.get_by_test_id("ledger-cents")).to_have_text("$12.34")
    assert _api(server, "/api/audit")["findings"] == []
    page.goto(v.base + "#/pit/events")
    page.get_by_role("button", name="Run the audit").click()
    expect(page.get_by_test_id("audit-result")).to_contain_text("Clean")
    expect(page.locator("tr[data-event='wallet_adjusted']").first).to_be_visible()

    # Suspend the player: their live websocket closes at once.
    page.goto(v.base + "#/pit/accounts/pitweb")
    page.get_by_role("button", name="Suspend").click()
    code, _, _ = player.closed()
    assert code == 4401
    expect(page.get_by_test_id("account-status")).to_contain_text("suspended")
    r = server.http("POST", "/api/login", body={"name": "pitweb", "password": PASSWORD})
    assert r.status_code == 403

    # Recall a round of the table, from the floor.
    page.goto(v.base + "#/pit/floor")
    _card(page, TABLE).get_by_role("link", name="Rounds").click()
    expect(page.get_by_test_id("recall-round")).to_contain_text(f"Table {TABLE}")
    page.goto(v.base + "#/pit/events")
    recall = page.get_by_role("form", name="Recall a round")
    recall.get_by_label("Table").fill(TABLE)
    recall.get_by_label("Round").fill("2")
    recall.get_by_role("button", name="Recall the round").click()
    expect(page.get_by_test_id("recall-round")).to_contain_text(f"Table {TABLE}, round 2")
    assert not v.errors, v.errors


def test_a_player_reaches_no_pit_page_nor_route(server: Server, visit: Any) -> None:
    """A player's browser session: no Pit link, every pit page says it is for operators, and
    each pit route answers 403 to the page's own cookie."""
    v = visit()
    page = sign_in(v, "pitnosy")
    expect(page.get_by_role("link", name="Pit", exact=True)).to_have_count(0)
    for section in ("floor", "accounts", "accounts/boss", "meters", "events"):
        page.goto(v.base + f"#/pit/{section}")
        expect(page.get_by_test_id("pit-refused")).to_have_text("The pit is for operators only.")
    for method, path in (
        ("GET", "api/pit/floor"),
        ("GET", "api/pit/accounts?q=b"),
        ("GET", "api/pit/meters"),
        ("GET", "api/pit/meters.csv"),
        ("GET", "api/events"),
        ("GET", "api/audit"),
        ("POST", "api/pit/accounts/pitnosy/adjust"),
        ("POST", f"api/pit/tables/{TABLE}/pause"),
        ("GET", f"api/pit/tables/{TABLE}/report"),
        ("POST", "api/accounts/boss/suspend"),
    ):
        r = page.request.fetch(v.base + path, method=method, data={} if method == "POST" else None)
        assert r.status == 403, (path, r.status)
    assert httpx.get(v.base + "api/pit/floor").status_code == 401


def test_a_tables_report_downloads_as_paigow_report_writes_it(
    server: Server, visit: Any, cli_report: tuple[subprocess.Popen[bytes], Path] | None
) -> None:
    """docs/report.md, "The pit": the floor's Report link of a table sends the report of its
    profile, the very bytes ``paigow report --profile P`` writes from the same build (the
    document holds no clock: it is a function of the build and the profile)."""
    assert cli_report is not None
    cli, out = cli_report  # the command line's own document, made meanwhile
    server.open_table(server.login(OPERATOR), id="pit-report", profile=REPORT_PROFILE)
    v = visit()
    page = operator_page(v)
    link = _card(page, "pit-report").get_by_role("link", name="Report (PAR sheet)")
    with page.expect_download(timeout=180_000) as got:
        link.click()
    download = got.value
    assert download.suggested_filename == "paigow-report-lucky-chances.html"
    sent = Path(download.path()).read_bytes()
    _, err = cli.communicate(timeout=300)
    assert cli.returncode == 0, err
    written = (out / "paigow-report-lucky-chances.html").read_bytes()
    assert sent == written
    assert b"Probability and accounting report: Lucky Chances" in sent
    assert not v.errors, v.errors
    # signed out 401, a table that is not open 404 (the player's 403: the test above)
    assert server.http("GET", "/api/pit/tables/pit-report/report").status_code == 401
    r = server.http("GET", "/api/pit/tables/nowhere/report", server.login(OPERATOR))
    assert r.status_code == 404 and "nowhere" in r.text
