"""``wen``'s visit of the pages, for tests/test_web_words.py: one server with its three tables
(Colorado with Pair Fortunes and Dragon's Eye, Lucky Chances, Supreme Pai Gow; their windows
long, so that a page is read while its table waits), ``wen``'s browser signed in for the whole
module, and :func:`read`, which reads a page as it stands in English and in each Chinese script
and counts the states read (:data:`READ`; the file's last test checks that it holds each of
:data:`TO_READ`, the states the tests mean to read); :func:`goto` an address, :func:`shown` a
part of the page, :func:`words` a message of the catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from service_support import OPERATOR, PASSWORD, Server
from web_support import DESKTOP, Visit, web_server
from web_words import (
    CATALOGUE,
    LOCALES,
    engineers_tokens,
    latin_words,
    page_text,
    switch,
    where_said,
)

#: The people at the tables (names a Chinese page may show in Latin letters).
NAMES = frozenset({"wen", "ann"})
WINDOWS = {
    "wager_seconds": 600,
    "setting_seconds": 600,
    "decision_seconds": 600,
    "pause_seconds": 600,
}
#: The states read in the three languages (filled by the tests; the last test checks them).
READ: dict[str, int] = {}
#: The states the tests mean to read (the last test checks that each was).
TO_READ = (
    "lobby",
    "rules of colorado",
    "rules of nj-supreme",
    "tutorial: round",
    "trainer's answer",
    "cashier",
    "Colorado: wagers",
    "Colorado: setting",
    "Colorado: results",
    "Colorado: cut",
    "Colorado: style",
    "Colorado: bank set",
    "sitting out, then back",
    "Lucky Chances: stake",
    "Lucky Chances: bank set",
    "Lucky Chances: results",
    "Supreme Pai Gow: results with a joker",
    "Supreme Pai Gow: the recall of a joker",
    "Supreme Pai Gow: surrender",
    "sign-in, signed out",
    "a table watched, signed out",
    "a private table",
    "a private table's recall",
    "the player's recall",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-words"), 23)
    op = srv.login(OPERATOR)
    srv.open_table(
        op,
        id="colorado",
        profile="colorado",
        pair_fortunes="1",
        dragons_eye=True,
        computer_players=2,
        **WINDOWS,
    )
    srv.open_table(
        op,
        id="lucky-chances",
        profile="lucky-chances",
        computer_players=5,
        computer_wager=1000,
        **WINDOWS,
    )
    srv.open_table(op, id="nj-supreme", profile="nj-supreme", computer_players=5, **WINDOWS)
    for name in NAMES:
        srv.player(name)
        srv.credit(op, name, 1_000_000)  # buy-ins at four tables
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def wen(browser: Browser, server: Server) -> Iterator[Visit]:
    """``wen``'s browser, signed in, for the whole module (one page, visited in turn)."""
    v = Visit(browser, server.base + "/", DESKTOP)
    page = v.open("#/sign-in")
    page.get_by_role("tab", name="Sign in").click()
    page.get_by_label("Account name").fill("wen")
    page.get_by_label("Password").fill(PASSWORD)
    page.locator("form").get_by_role("button", name="Sign in").click()
    expect(page.locator(".pg-account__name")).to_have_text("wen")
    yield v
    print("wen's page, its last steps:", *v.trace, sep="\n  ")
    v.close()


def read(page: Page, where: str, check: Callable[[Page, str], None] | None = None) -> None:
    """Read the page as it stands in English, then in each Chinese script: no engineer's token
    in any, no English but names and units in Chinese; ``check(page, locale)``: what else the
    page must say in that language (and what shows that it has drawn it, waited for)."""
    for locale in LOCALES:
        switch(page, locale)
        if check is not None:
            check(page, locale)
        text = page_text(page)
        tokens = engineers_tokens(text)
        assert tokens == [], (where, locale, tokens, where_said(text, tokens))
        if locale != "en":
            english = latin_words(text, NAMES)
            assert english == [], (where, locale, english, where_said(text, english))
    switch(page, "en")
    READ[where] = READ.get(where, 0) + 1


def goto(v: Visit, path: str) -> Page:
    v.page.goto(v.base + path)
    return v.page


def shown(page: Page, selector: str) -> None:
    expect(page.locator(selector).first).to_be_visible()


def words(locale: str, key: str) -> str:
    return CATALOGUE[locale][key]
