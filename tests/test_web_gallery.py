"""The browser client's component gallery and shell in a real browser (Debian's Chromium via
Playwright), served by ``paigow serve``.

Drives Chromium at phone and desktop sizes, writes screenshots to docs/screenshots/, and checks
what a person needs: every tile, card, die and chip drawn; every control labelled for screen
readers; focus visible; the setting panel usable by keyboard alone; nothing fetched from
outside (no CDN).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ViewportSize, expect

from service_support import Server
from web_fixtures import browser, visit
from web_support import (
    DESKTOP,
    PHONE,
    UNLABELLED_JS,
    save_shot,
    web_server,
)

__all__ = ["browser", "visit"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = web_server(tmp_path_factory.mktemp("web-gallery"))
    try:
        yield srv
    finally:
        srv.stop()


def test_gallery_draws_every_piece(visit: Any) -> None:
    """R-EQUIP-01 (21 tiles), R-EQUIP-08 (54 cards), dice, chips: all drawn, nothing fetched."""
    v = visit(DESKTOP)
    page = v.open("gallery.html")
    assert page.locator('ul[aria-label="All tiles"] svg.pg-tile').count() == 21
    assert page.locator('ul[aria-label="The 54 cards"] svg.pg-card').count() == 56
    assert page.locator("svg.pg-die").count() == 12
    assert page.locator('ul[aria-label="Chip denominations"] svg.pg-chip').count() == 8
    teen = page.locator('ul[aria-label="All tiles"] svg[data-tile="6-6"]')
    assert teen.get_attribute("aria-label") == "6-6, Teen"
    assert teen.locator('[data-pip="red"]').count() == 6
    assert teen.locator('[data-pip="white"]').count() == 6
    assert page.locator('svg[data-tile="1-3"] [data-pip="red"]').first.is_visible()
    assert v.errors == [] and v.outside == []


def _focus_ring(page: Any) -> str:
    return str(
        page.evaluate(
            "() => getComputedStyle(document.activeElement).outlineStyle"
            " + ' ' + getComputedStyle(document.activeElement).outlineWidth"
        )
    )


def test_every_control_is_labelled_and_focus_is_visible(visit: Any) -> None:
    """Accessibility basics on the gallery and the app's pages, signed out."""
    for url in ("gallery.html", "#/lobby", "#/sign-in", "#/cashier", "#/trainer", "#/recall"):
        v = visit(PHONE)
        page = v.open(url)
        page.wait_for_timeout(300)
        found = page.evaluate(UNLABELLED_JS)
        assert found["bad"] == [], f"{url}: unlabelled {found['bad']}"
        assert found["controls"] > 0
        page.keyboard.press("Tab")
        outline = _focus_ring(page)
        assert outline.startswith("solid") and not outline.endswith(" 0px"), (url, outline)
        assert v.errors == [] and v.outside == [], (url, v.errors, v.outside)


def test_setting_panel_by_keyboard_alone(visit: Any) -> None:
    """R-SET-01/AMB-27: an invalid setting is explained before submit, and keys fix it."""
    v = visit(DESKTOP)
    page = v.open("gallery.html")
    panel = page.locator("section.pg-setting--tiles")
    status = panel.locator('[role="status"]')
    expect(status).to_have_attribute("data-valid", "true")
    expect(panel.get_by_test_id("high-name")).to_contain_text("High wong (Teen + nine)")
    # Put the 1-2 and 3-3 high: the high hand (9) now ranks below the low hand (wong).
    panel.get_by_role("button", name="1-2, Gee Joon Three, low hand").focus()
    page.keyboard.press("h")
    expect(status).to_have_attribute("data-valid", "false")
    expect(status).to_contain_text("ranks below the low hand")
    expect(panel.get_by_role("button", name="Set hands")).to_be_disabled()
    # Focus follows the tile to its new hand.
    expect(panel.get_by_role("button", name="1-2, Gee Joon Three, high hand")).to_be_focused()
    panel.get_by_role("button", name="Swap hands").focus()
    page.keyboard.press("Enter")
    expect(status).to_have_attribute("data-valid", "true")
    expect(panel.get_by_role("button", name="Set hands")).to_be_enabled()
    assert v.errors == []


@pytest.mark.parametrize(("size_name", "size"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_screenshots(visit: Any, size_name: str, size: ViewportSize) -> None:
    """Screenshots of the gallery for docs/screenshots/ (named in docs/web.md)."""
    v = visit(size)
    page = v.open("gallery.html")
    assert save_shot(page, f"gallery-{size_name}.png").is_file()
    page.locator("#setting").scroll_into_view_if_needed()
    assert save_shot(page, f"setting-panel-{size_name}.png", selector="#setting").is_file()
    assert v.errors == [] and v.outside == []
    assert Path("/usr/bin/chromium").is_file()
