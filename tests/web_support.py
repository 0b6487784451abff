"""Helpers of the browser tests: the built client served by a real ``paigow serve`` (seeded, so
that its deals are reproducible), Debian's Chromium driven by Playwright (no browser download),
a page visit that records console errors, requests leaving the machine, websocket frames and
API responses, the accessibility probe, and screenshots taken with the countdowns and times of
day fixed and rewritten only when they change beyond rendering noise, so that the tests do not
dirty the tree when nothing changed.
"""

from __future__ import annotations

import functools
import io
import json
import subprocess
import time
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops
from playwright.sync_api import (
    Browser,
    Frame,
    Page,
    Request,
    Response,
    Route,
    ViewportSize,
    WebSocket,
    sync_playwright,
)

from service_client import Feed
from service_support import Server

__all__ = [
    "CHROMIUM",
    "DESKTOP",
    "DIST",
    "PHONE",
    "SHOTS",
    "UNLABELLED_JS",
    "Visit",
    "build",
    "launch",
    "save_shot",
    "visits",
    "web_server",
]

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "web" / "dist"
SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--font-render-hinting=none",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
#: Share of pixels that may differ before a screenshot is rewritten (rendering noise only:
#: the clock's traces are fixed by :data:`STILL` first).
TOLERANCE = 0.00001
#: Applied while a screenshot is taken: the countdowns and the times of day shown as fixed
#: values, so the same page gives the same picture on every run.
STILL = """
.pg-timer__arc { stroke-dasharray: 90 126 !important; transition: none !important; }
.pg-timer__text { color: transparent !important; }
.pg-timer__text::after { content: "30"; position: absolute; left: 0; right: 0; color: #f3efe3; }
time { position: relative; color: transparent !important; }
time::after {
  content: "2026-01-01 20:00 UTC"; position: absolute; left: 0; top: 0;
  white-space: nowrap; color: #c4c9bd;
}
.pg-chat__meta time::after { content: "20:00"; }
"""


def build() -> None:
    """Build the client if the build is missing (`make test` builds it before pytest)."""
    if (DIST / "index.html").is_file() and (DIST / "gallery.html").is_file():
        return
    subprocess.run(["make", "-s", "web-build"], cwd=ROOT, check=True)


def web_server(tmp: Path, seed: int = 7, *extra: str) -> Server:
    """``paigow serve`` on a new SQLite database with the built client at ``/``, dealing from
    seeded random sources."""
    build()
    db = f"sqlite:///{tmp / 'web.sqlite3'}"
    return Server(db, tmp, "--web", str(DIST), "--seed", str(seed), *extra).start()


def launch() -> Iterator[Browser]:
    """Debian's Chromium (never a downloaded browser)."""
    assert Path(CHROMIUM).is_file(), "Debian's chromium is missing: `make test` installs it"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()


class Visit:
    """A browser context on the service: console errors, requests leaving the machine, every
    websocket frame received and every API response body, kept for the checks."""

    def __init__(self, browser: Browser, base_url: str, size: ViewportSize) -> None:
        self.base = base_url
        self.context = browser.new_context(
            viewport=size, device_scale_factor=1, reduced_motion="reduce", locale="en-US"
        )
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.responses: list[tuple[str, Any]] = []
        #: The visit's last steps (navigations, sockets opened and closed, the kind of every
        #: frame sent and received, console lines), printed at the end of a test, so that a
        #: failing test's report says what the page sent and heard (pytest shows it only then).
        self.trace: deque[str] = deque(maxlen=200)
        self._t0 = time.monotonic()
        self.page.on("console", lambda m: self._note(f"console {m.type}: {m.text[:160]}"))
        self.page.on("framenavigated", self._navigated)
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", self._socket)
        self.page.on("response", self._response)
        self.page.route("**/*", functools.partial(self._route, base_url))

    def _route(self, base_url: str, route: Route, request: Request) -> None:
        if request.url.startswith(base_url) or request.url.startswith("data:"):
            route.continue_()
        else:
            self.outside.append(request.url)
            route.abort()

    def _navigated(self, frame: Frame) -> None:
        if frame == self.page.main_frame:
            self._note(f"at {frame.url}")

    def _note(self, what: str) -> None:
        self.trace.append(f"{time.monotonic() - self._t0:8.3f} {what}")

    def _socket(self, ws: WebSocket) -> None:
        feeds: dict[str, Feed] = {}  # this socket's tables, as the page's client keeps them
        name = ws.url.rsplit("/", 1)[-1]
        self._note(f"socket {name} opened")
        ws.on("close", lambda _: self._note(f"socket {name} closed"))
        ws.on("framesent", lambda p: self._note(f"socket {name} sent {_kind(p)}"))

        def received(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode()
            msg = json.loads(text)
            self._note(f"socket {name} received {_kind(text)}")
            # the answers a frame carries (the page's socket asks for ``?results=inline``) are
            # recorded after it, each as the ``result`` message it is
            results = msg.get("results") if msg.get("type") in ("event", "delta") else None
            if msg.get("type") in ("state", "event", "delta") and isinstance(msg.get("table"), str):
                # a delta is recorded as the event with the whole state it amounts to (its
                # patch kept), so that every check reads the state the page holds
                got = feeds.setdefault(msg["table"], Feed()).take(msg)
                if got is not None and msg["type"] == "delta":
                    msg = {**got, "patch": msg["patch"]}
            self.frames.append(msg)
            if isinstance(results, list):
                self.frames += results

        ws.on("framereceived", received)

    def _response(self, response: Response) -> None:
        if "/api/" not in response.url:
            return
        try:
            self.responses.append((response.url, response.json()))
        except Exception:  # a body that is not JSON (or is gone): nothing to check
            return

    def open(self, path: str) -> Page:
        """Open ``path`` (relative to the service) and wait for the page to settle."""
        self.page.goto(self.base + path)
        self.page.wait_for_load_state("domcontentloaded")
        self.page.evaluate("document.fonts.ready")
        return self.page

    def close(self) -> None:
        """Close the context."""
        self.context.close()


def _kind(payload: str | bytes) -> str:
    """A frame's kind, for a visit's trace: its type, and a command's action and id or a
    result's status and id (never its tables or tiles: the trace is printed)."""
    try:
        msg = json.loads(payload)
    except ValueError:
        return "(not JSON)"
    if not isinstance(msg, dict):
        return "(not an object)"
    words = [str(msg.get(k)) for k in ("type", "action", "status", "id", "n") if k in msg]
    if isinstance(msg.get("results"), list):
        words += [f"{r.get('status')} {r.get('id')}" for r in msg["results"] if isinstance(r, dict)]
    return " ".join(words)


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


def visits(browser: Browser, base_url: str) -> Iterator[Callable[..., Visit]]:
    """A fixture's body: a factory of visits (desktop size unless told), all closed after."""
    made: list[Visit] = []

    def make(size: ViewportSize = DESKTOP) -> Visit:
        v = Visit(browser, base_url, size)
        made.append(v)
        return v

    yield make
    for n, v in enumerate(made):
        print(f"visit {n}, its last steps:", *v.trace, sep="\n  ")
        v.close()


def _differs(old: Path, new: bytes) -> bool:
    """True when the new picture differs from the file beyond :data:`TOLERANCE`."""
    if not old.is_file():
        return True
    a = Image.open(old).convert("RGB")
    b = Image.open(io.BytesIO(new)).convert("RGB")
    if a.size != b.size:
        return True
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 24 else 0)
    changed = diff.histogram()[255]
    return changed > TOLERANCE * a.size[0] * a.size[1]


def save_shot(page: Page, name: str, *, selector: str | None = None) -> Path:
    """A screenshot into docs/screenshots/ (the whole page, or one element), with the clock's
    traces fixed (:data:`STILL`), written only when it differs from the one there beyond
    :data:`TOLERANCE`."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    shot = (
        page.locator(selector).screenshot(animations="disabled", style=STILL)
        if selector
        else page.screenshot(full_page=True, animations="disabled", style=STILL)
    )
    if _differs(path, shot):
        path.write_bytes(shot)
    return path
