"""The requests tests/test_deploy.py sends to the deployment through nginx over HTTPS (its
certificate made by tests/deploy_stack.py): a sign-in's session token (:func:`_login`), a call
of the API as an account (:func:`_api`), and ``/metrics`` scraped as an account
(:func:`_scrape`). Each fails its test when the service does not answer as it should.
"""

from __future__ import annotations

from typing import Any

import httpx

from deploy_stack import Stack
from metrics_text import Scrape, parse
from service_support import PASSWORD


def _login(s: Stack, name: str, password: str = PASSWORD) -> str:
    r = httpx.post(
        s.base + "/api/login", json={"name": name, "password": password}, verify=s.tls, timeout=30
    )
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def _api(s: Stack, method: str, path: str, token: str, **kw: Any) -> Any:
    r = httpx.request(
        method,
        s.base + path,
        headers={"authorization": f"Bearer {token}"},
        verify=s.tls,
        timeout=30,
        **kw,
    )
    assert r.status_code < 300, (path, r.status_code, r.text)
    return r.json()


def _scrape(s: Stack, token: str) -> tuple[Scrape, str]:
    """``/metrics`` through nginx as ``token``'s account: the figures and their text."""
    r = httpx.get(
        s.base + "/metrics",
        headers={"authorization": f"Bearer {token}"},
        verify=s.tls,
        timeout=30,
    )
    assert r.status_code == 200, r.text
    return parse(r.text), r.text
