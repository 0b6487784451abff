"""pytest fixtures of the browser tests: Debian's Chromium for a module, and a factory of
visits (browser contexts) on the module's ``server`` fixture, closed after each test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, expect

from service_support import Server
from web_support import Visit, launch, visits

__all__ = ["browser", "visit"]

#: How long a web-first assertion waits for the page to get there (Playwright's default is 5 s).
#: Creating an account hashes its password (argon2id, 0.3-0.4 s on an idle core) in the
#: service's worker pool; on a machine loaded by other work the page takes several seconds, and
#: a passing assertion returns as soon as it holds, so a longer wait costs nothing.
expect.set_options(timeout=20_000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, one per test module."""
    yield from launch()


@pytest.fixture
def visit(browser: Browser, server: Server) -> Iterator[Callable[..., Visit]]:
    """``visit(size)``: a new browser context on the module's server."""
    yield from visits(browser, server.base + "/")
