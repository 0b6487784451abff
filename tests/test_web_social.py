"""The table's chat, a session the server ends, and the sign-in page's promise, in Debian's
Chromium against a real ``paigow serve`` (docs/web.md, "Chat").

* Chat both ways between two seated players' pages, read by a signed-out spectator's page;
  markup typed into the chat is shown as text on every page (no element made of it, no script
  run); a mute; an operator's deletion removes the line from every page.
* A session ended by the server (close code 4401) signs the page out at once; it goes on
  watching the table as a spectator.
* The sign-in page says the sign-up grant the service would give a new account from here: the
  grant, or nothing once the address had it (it used to promise $1,000.00 to everyone).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from service_support import OPERATOR, PASSWORD, Server
from web_fixtures import browser, visit
from web_oracle import chat_lines, say, sign_in, sign_in_operator
from web_support import Visit, web_server

__all__ = ["browser", "visit"]

XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b>bold</b> & &amp;'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-social"), 11)
    srv.open_table(
        srv.login(OPERATOR), id="talk", profile="generic", wager_seconds=600, pause_seconds=600
    )
    try:
        yield srv
    finally:
        srv.stop()


def seated_page(server: Server, visit: Any, name: str, seat: str) -> Page:
    """``name`` signs up through the page, sits at ``talk`` and opens it."""
    page = sign_in(visit(), name)
    c = server.client(server.login(name))
    c.subscribe("talk")
    c.ok("talk", "sit", seat=seat, cents=10_000)
    c.close()
    page.goto(f"{server.base}/#/table/talk")
    expect(page.get_by_test_id("chat")).to_be_visible(timeout=20_000)
    return page


def test_chat_markup_is_shown_as_text(server: Server, visit: Any) -> None:
    """ann and ben chat both ways; a signed-out spectator reads along but may not write. The
    markup ann types is on every page exactly as typed, as text: no image, script or bold
    element is made of it and nothing of it runs; the frames carry the same text."""
    ann = seated_page(server, visit, "ann", "1")
    ben = seated_page(server, visit, "ben", "2")
    watcher: Visit = visit()
    rail = watcher.open("#/table/talk")
    expect(rail.get_by_test_id("chat-blocked")).to_contain_text("Sign in to chat")
    say(ann, XSS)
    say(ben, "hi ann, 天地人和 👍")
    for page in (ann, ben, rail):
        expect(page.get_by_test_id("chat-text")).to_have_count(2, timeout=10_000)
        assert chat_lines(page) == [XSS, "hi ann, 天地人和 👍"], chat_lines(page)
        chat = page.get_by_test_id("chat")
        assert chat.locator("img, script, b").count() == 0
        assert page.evaluate("window.__xss") is None
        assert chat.get_by_test_id("chat-line").first.locator("strong").inner_text() == "ann"
    frames = [f for f in watcher.frames if f.get("type") == "chat"]
    assert [f["message"]["text"] for f in frames] == [XSS, "hi ann, 天地人和 👍"]
    stored = server.http("GET", "/api/tables/talk/chat", server.login(OPERATOR)).json()
    assert [m["text"] for m in stored] == [XSS, "hi ann, 天地人和 👍"]


def test_a_mute_and_an_operators_deletion(server: Server, visit: Any) -> None:
    """ben mutes cat from his page: her lines leave it and her next one never reaches it, while
    the spectator still reads it; the operator deletes a line from his page: it leaves every
    page, and the review keeps it with who deleted it."""
    ben = seated_page(server, visit, "ben2", "3")
    cat = seated_page(server, visit, "cat", "4")
    rail = visit().open("#/table/talk")
    say(cat, "first from cat")
    expect(ben.get_by_test_id("chat-text").last).to_have_text("first from cat", timeout=10_000)
    ben.get_by_role("button", name="Mute cat").first.click()
    expect(ben.get_by_text("first from cat")).to_have_count(0, timeout=10_000)
    say(cat, "second from cat")
    say(ben, "ben is here")
    expect(rail.get_by_test_id("chat-text").last).to_have_text("ben is here", timeout=10_000)
    assert "second from cat" in chat_lines(rail)
    expect(ben.get_by_test_id("chat-text").last).to_have_text("ben is here", timeout=10_000)
    assert not [t for t in chat_lines(ben) if "cat" in t and "from" in t]
    boss = sign_in_operator(visit())  # the operator, through the page
    boss.goto(f"{server.base}/#/table/talk")
    line = boss.get_by_test_id("chat-line").filter(has_text="ben is here")
    line.get_by_role("button", name="Delete the message of ben2").click()
    for page in (ben, cat, rail, boss):
        expect(page.get_by_text("ben is here")).to_have_count(0, timeout=10_000)
    stored = server.http("GET", "/api/tables/talk/chat", server.login(OPERATOR)).json()
    target = next(m for m in stored if m["text"] == "ben is here")
    assert target["deleted_by"] == OPERATOR, target


def test_a_session_ended_by_the_server_signs_the_page_out(server: Server, visit: Any) -> None:
    """The operator revokes dan's session: the server closes his websocket with 4401, and his
    page says he is signed out at once (the header's sign-in button, the notice) and goes on
    showing the table as a spectator sees it, the chat read-only."""
    page = seated_page(server, visit, "dan", "5")
    expect(page.locator(".pg-account__name")).to_have_text("dan")
    op = server.login(OPERATOR)
    sessions = server.http("GET", "/api/accounts/dan/sessions", op).json()
    for s in sessions:
        r = server.http("POST", f"/api/accounts/dan/sessions/{s['id']}/revoke", op)
        assert r.status_code == 200, r.text
    expect(page.locator(".pg-account__signin")).to_be_visible(timeout=10_000)
    expect(page.locator(".pg-account__name")).to_have_count(0)
    expect(page.locator(".pg-notice")).to_contain_text("Your session has ended")
    expect(page.get_by_test_id("chat-blocked")).to_contain_text("Sign in to chat", timeout=10_000)
    expect(page.locator(".pg-felt, .pg-table").first).to_be_visible()


def test_the_sign_in_page_says_the_grant_the_service_gives(tmp_path: Path, browser: Any) -> None:
    """With the grant once per address a day: the page promises $1,000.00 until this address
    had it, then says a new wallet starts empty — what the service's answer says."""
    from web_support import visits

    srv = web_server(tmp_path, 5, "--signup-grant-period", "24")
    try:
        for make in visits(browser, srv.base + "/"):
            page = make().open("#/sign-in")
            expect(page.get_by_test_id("guest-note")).to_contain_text("$1,000.00")
            expect(page.get_by_test_id("grant-note")).to_have_text(
                "A new wallet holds $1,000.00 of play money."
            )
            r = srv.http("POST", "/api/register", body={"name": "first", "password": PASSWORD})
            assert r.json()["grant"] == 100_000
            page.reload()
            expect(page.get_by_test_id("grant-note")).to_contain_text("a new wallet starts empty")
            expect(page.get_by_test_id("guest-note")).not_to_contain_text("$")
    finally:
        srv.stop()


def test_the_pit_moderates_the_chat(server: Server, visit: Any) -> None:
    """The pit's moderation page (issue of the operator's console: "moderation, a page each"):
    the operator picks the table; every message is listed as stored (the review route, read
    independently), as text; a deletion from the page leaves the player's page and the review
    says who deleted it; a silence from the page refuses the author's next message, and lifting
    it lets the one after through."""
    mona = seated_page(server, visit, "mona", "6")
    say(mona, "spam from mona <i>x</i>")
    say(mona, "a fair word")
    boss = sign_in_operator(visit())
    boss.goto(f"{server.base}/#/pit/moderation")
    boss.locator("select[name=moderation-table]").select_option("talk")
    rows = boss.get_by_test_id("review-row")
    stored = server.http("GET", "/api/tables/talk/chat", server.login(OPERATOR)).json()
    expect(rows).to_have_count(len(stored))
    assert boss.get_by_test_id("review-text").all_inner_texts() == [m["text"] for m in stored]
    assert boss.get_by_test_id("review").locator("i").count() == 0
    spam = next(m for m in stored if m["text"] == "spam from mona <i>x</i>")
    boss.get_by_role("button", name=f"Delete message {spam['id']}").click()
    expect(boss.locator(f"[data-testid=review-row][data-id='{spam['id']}']")).to_have_attribute(
        "data-deleted", "yes"
    )
    expect(mona.get_by_text("spam from mona")).to_have_count(0)
    after = server.http("GET", "/api/tables/talk/chat", server.login(OPERATOR)).json()
    gone = next(m for m in after if m["id"] == spam["id"])
    assert gone["deleted_by"] == OPERATOR and gone["deleted_at"], gone
    row = boss.get_by_test_id("review-row").filter(has_text="spam from mona")
    expect(row.get_by_test_id("review-deleted")).to_contain_text(f"deleted by {OPERATOR}")
    c = server.client(server.login("mona"))
    try:
        c.subscribe("talk")
        boss.get_by_role("button", name="Silence mona", exact=True).click()
        expect(boss.get_by_text("mona is silenced in every table's chat.")).to_be_visible()
        c.send({"type": "chat", "table": "talk", "text": "still here", "ref": "s1"})
        got = c.until(lambda m: m.get("type") == "chat_result" and m.get("ref") == "s1", "s1")
        assert got["status"] == "refused", got
        boss.get_by_role("button", name="Lift mona's silence").click()
        expect(boss.get_by_text("mona's silence is lifted.")).to_be_visible()
        c.send({"type": "chat", "table": "talk", "text": "back again", "ref": "s2"})
        got = c.until(lambda m: m.get("type") == "chat_result" and m.get("ref") == "s2", "s2")
        assert got["status"] == "posted", got
    finally:
        c.close()
