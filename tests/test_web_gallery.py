"""The browser client's component gallery in a real browser (Debian's Chromium via Playwright).

Serves the built client (web/dist, from `make web-build`) on loopback, drives Chromium at phone
and desktop sizes, writes screenshots to docs/screenshots/, and checks what a person needs:
every tile, card, die and chip drawn; every control labelled for screen readers; focus
visible; the setting panel usable by keyboard alone; nothing fetched from outside (no CDN).
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    Page,
    Request,
    Route,
    ViewportSize,
    expect,
    sync_playwright,
)

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
DIST = WEB / "dist"
SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}


def _build() -> None:
    """Build the client if the build is missing (`make test` builds it before pytest)."""
    if (DIST / "gallery.html").is_file():
        return
    subprocess.run(["make", "-s", "web-build"], cwd=ROOT, check=True)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    _build()
    handler = functools.partial(_QuietHandler, directory=str(DIST))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).is_file(), "Debian's chromium is missing: `make test` installs it"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()


class Visit:
    """A page of the built client, recording console errors and every outside request."""

    def __init__(self, browser: Browser, base_url: str, size: ViewportSize) -> None:
        self.context = browser.new_context(viewport=size, device_scale_factor=1)
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.route("**/*", functools.partial(self._route, base_url))

    def _route(self, base_url: str, route: Route, request: Request) -> None:
        if request.url.startswith(base_url) or request.url.startswith("data:"):
            route.continue_()
        else:
            self.outside.append(request.url)
            route.abort()

    def open(self, url: str) -> Page:
        self.page.goto(url)
        self.page.wait_for_load_state("networkidle")
        self.page.evaluate("document.fonts.ready")
        return self.page

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def visit(browser: Browser, base_url: str) -> Iterator[functools.partial[Visit]]:
    made: list[Visit] = []

    def make(size: ViewportSize) -> Visit:
        v = Visit(browser, base_url, size)
        made.append(v)
        return v

    yield functools.partial(make)
    for v in made:
        v.close()


# Accessible name of every focusable control, computed in the page (aria-labelledby, aria-label,
# <label>, text, title), and the names of every role=img.
UNLABELLED_JS = """
() => {
  const text = (el) => (el?.textContent ?? "").replace(/\\s+/g, " ").trim();
  const nameOf = (el) => {
    const by = el.getAttribute("aria-labelledby");
    if (by) return by.split(/\\s+/).map((id) => text(document.getElementById(id))).join(" ").trim();
    const aria = el.getAttribute("aria-label");
    if (aria) return aria.trim();
    if (el.labels && el.labels.length) return Array.from(el.labels).map(text).join(" ");
    return text(el) || (el.getAttribute("title") ?? "").trim();
  };
  const controls = document.querySelectorAll(
    'a[href], button, input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])'
  );
  const images = document.querySelectorAll('[role="img"], img');
  const bad = [];
  for (const el of controls) if (!nameOf(el)) bad.push(el.outerHTML.slice(0, 120));
  for (const el of images) {
    const named = el.getAttribute("aria-label") || el.getAttribute("alt");
    if (!named) bad.push(el.outerHTML.slice(0, 120));
  }
  return { bad, controls: controls.length, images: images.length };
}
"""


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def test_gallery_draws_every_piece(visit: Any, base_url: str) -> None:
    """R-EQUIP-01 (21 tiles), R-EQUIP-08 (54 cards), dice, chips: all drawn, nothing fetched."""
    v = visit(DESKTOP)
    page = v.open(base_url + "gallery.html")
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


def test_every_control_is_labelled_and_focus_is_visible(visit: Any, base_url: str) -> None:
    """Accessibility basics on the gallery and the app shell."""
    for url in ("gallery.html", "index.html#/lobby", "index.html#/sign-in", "index.html#/cashier"):
        v = visit(PHONE)
        page = v.open(base_url + url)
        found = page.evaluate(UNLABELLED_JS)
        assert found["bad"] == [], f"{url}: unlabelled {found['bad']}"
        assert found["controls"] > 0
        page.keyboard.press("Tab")
        outline = page.evaluate(
            "() => getComputedStyle(document.activeElement).outlineStyle"
            " + ' ' + getComputedStyle(document.activeElement).outlineWidth"
        )
        assert outline.startswith("solid") and not outline.endswith(" 0px"), (url, outline)
        assert v.errors == [] and v.outside == []


def test_setting_panel_by_keyboard_alone(visit: Any, base_url: str) -> None:
    """R-SET-01/AMB-27: an invalid setting is explained before submit, and keys fix it."""
    v = visit(DESKTOP)
    page = v.open(base_url + "gallery.html")
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
def test_screenshots(visit: Any, base_url: str, size_name: str, size: ViewportSize) -> None:
    """Screenshots of the gallery and the shell for docs/screenshots/ (named in docs/web.md)."""
    v = visit(size)
    page = v.open(base_url + "gallery.html")
    _shot(page, f"gallery-{size_name}.png")
    page.locator("#setting").scroll_into_view_if_needed()
    page.locator("#setting").screenshot(path=str(SHOTS / f"setting-panel-{size_name}.png"))
    page = v.open(base_url + "index.html#/lobby")
    _shot(page, f"lobby-{size_name}.png")
    assert v.errors == [] and v.outside == []
    assert shutil.which("chromium") is not None
