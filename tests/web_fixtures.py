"""pytest fixtures of the browser tests: Debian's Chromium for a module, and a factory of
visits (browser contexts) on the module's ``server`` fixture, closed after each test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser

from service_support import Server
from web_support import Visit, launch, visits

__all__ = ["browser", "visit"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, one per test module."""
    yield from launch()


@pytest.fixture
def visit(browser: Browser, server: Server) -> Iterator[Callable[..., Visit]]:
    """``visit(size)``: a new browser context on the module's server."""
    yield from visits(browser, server.base + "/")
