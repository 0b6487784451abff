"""What player protection binds beyond an account, against a real ``paigow serve``
(docs/service.md, "Player protection", "What protection binds").

The defect: a self-excluded player (or one at their daily limit) signed out and played as a new
guest in the same browser, with a new grant. Now:

* a browser keeps a signed device cookie (``paigow_device``) the service gives it; a new account
  is refused (403, with the reason) in a browser where an account now excluded was seen, and an
  account that signs in there is bound by that exclusion (no buy-in);
* every account seen in one browser counts its buy-ins against the lowest daily limit among
  them;
* an operator's payment identity binds the accounts that share it, whatever their browser;
* an address where an excluded account was seen gives no sign-up grant; a new browser at a new
  address is not bound (what the service cannot know).

The HTTP client here keeps the cookies the service sets, the ``Secure`` ones too, as a browser
does for a secure origin (loopback is one); every client says its address through the proxy
header, which the server believes from loopback (``--trusted-proxy 127.0.0.1``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from service_fixtures import BACKENDS, db_url, pg_cluster
from service_support import OPERATOR, PASSWORD, TLS, Server

__all__ = ["pg_cluster"]

#: The sign-up grant, in cents (the default).
GRANT = 100_000


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server on each backend: a grant once per address a day, the proxy header believed;
    table ``dev`` paused (players sit down and leave at once: no round)."""
    tmp = tmp_path_factory.mktemp(f"devices-{request.param}")
    url = db_url(request.param, tmp, request)
    srv = Server(url, tmp, "--signup-grant-period=24", "--trusted-proxy", "127.0.0.1").start()
    try:
        op = srv.login(OPERATOR)
        srv.open_table(op, id="dev", profile="generic", pause_seconds=0)
        c = srv.client(op)
        c.subscribe("dev")
        c.ok("dev", "pause")
        c.close()
        yield srv
    finally:
        srv.stop()


class Browser:
    """One browser at one address: it keeps the cookies the service sets."""

    def __init__(self, srv: Server, address: str) -> None:
        self.srv = srv
        self.address = address
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []  # every Set-Cookie header received, as sent

    def http(self, method: str, path: str, body: Any = None) -> httpx.Response:
        headers = {"X-Forwarded-For": self.address}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        r = httpx.request(
            method, self.srv.base + path, json=body, headers=headers, timeout=30, verify=TLS
        )
        for raw in r.headers.get_list("set-cookie"):
            self.set_cookies.append(raw)
            name, _, rest = raw.partition("=")
            value = rest.split(";", 1)[0].strip('"')
            if "max-age=0" in rest.lower():
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return r

    def register(self, name: str) -> httpx.Response:
        return self.http("POST", "/api/register", {"name": name, "password": PASSWORD})

    def sign_in(self, name: str) -> str:
        """Sign in (the session cookie kept); the bearer token, for the websocket."""
        r = self.http("POST", "/api/login", {"name": name, "password": PASSWORD})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def sign_out(self) -> None:
        r = self.http("POST", "/api/logout")
        assert r.status_code == 200, r.text


def sit(srv: Server, token: str, cents: int, seat: str = "1") -> dict[str, Any]:
    """A sit at ``dev`` (left again at once when applied); its result."""
    c = srv.client(token)
    try:
        c.subscribe("dev")
        got = c.command("dev", "sit", seat=seat, cents=cents)
        if got["status"] == "applied":
            c.ok("dev", "leave")
        return got
    finally:
        c.close()


def test_the_device_cookie_is_signed_and_kept(server: Server) -> None:
    b = Browser(server, "10.0.0.1")
    assert b.http("GET", "/api/session").status_code == 200
    (given,) = b.set_cookies
    attrs = [a.strip().lower() for a in given.split(";")[1:]]
    assert {"httponly", "secure", "samesite=strict", "max-age=34560000"} <= set(attrs), given
    device = b.cookies["paigow_device"]
    b.http("GET", "/api/session")  # kept: not given again
    assert len(b.set_cookies) == 1 and b.cookies["paigow_device"] == device
    ident, day, _mac = device.split(".")
    b.cookies["paigow_device"] = f"{ident}.{day}.forged"  # a signature that does not hold
    b.http("GET", "/api/session")
    assert b.cookies["paigow_device"].split(".")[0] not in ("", ident)  # a new id instead


def test_the_two_click_escape_from_an_exclusion_is_refused(server: Server) -> None:
    home = Browser(server, "10.1.0.1")
    home.http("GET", "/api/session")
    r = home.register("escaper")
    assert r.status_code == 201 and r.json()["grant"] == GRANT, r.text
    home.sign_in("escaper")
    r = home.http("POST", "/api/me/protection/exclude", {"days": 7})
    assert r.status_code == 200, r.text
    home.sign_out()
    # the two clicks: a new guest in the same browser (on another network, where the address
    # has had no grant). Before the fix: 201, a new account with the whole grant
    home.address = "10.1.0.3"
    r = home.register("escaper2")
    assert r.status_code == 403, r.text
    assert r.json()["detail"].startswith("no new account is opened in this browser until")
    assert "excluded from play (player protection)" in r.json()["detail"]
    assert home.http("GET", "/api/session").json()["signup_grant"] == 0
    # an account made elsewhere signs in here: it may, and it is bound by the exclusion
    away = Browser(server, "10.1.0.2")
    assert away.register("escaper3").status_code == 201
    token = home.sign_in("escaper3")
    got = sit(server, token, 10_000)
    assert got["status"] == "refused", got
    assert got["error"].startswith(
        "an account that shares this browser or payment identity with yours is excluded"
    ), got
    mine = home.http("GET", "/api/me/protection").json()
    assert mine["excluded_until"] is None and mine["bound"]["accounts"] == 1, mine
    assert mine["bound"]["excluded_until"] is not None, mine
    # the address binds the grant: the excluded player signs in from a new place, and a new
    # browser there gets no grant (before: the full grant, the address never had one)
    phone = Browser(server, "10.1.0.9")
    phone.sign_in("escaper")
    other = Browser(server, "10.1.0.9")
    r = other.register("escaper4")
    assert r.status_code == 201 and r.json()["grant"] == 0, r.text
    # what the service cannot know: a new browser at a new address is a new person to it
    elsewhere = Browser(server, "10.1.0.77")
    r = elsewhere.register("escaper5")
    assert r.status_code == 201 and r.json()["grant"] == GRANT, r.text


def test_the_daily_limit_counts_every_account_of_the_browser(server: Server) -> None:
    b = Browser(server, "10.2.0.1")
    assert b.register("limiter").status_code == 201
    token = b.sign_in("limiter")
    r = b.http("POST", "/api/me/protection/limit", {"cents": 10_000})
    assert r.status_code == 200, r.text
    assert sit(server, token, 10_000)["status"] == "applied"
    b.sign_out()
    b.address = "10.2.0.2"  # the same browser on another network: a grant for the new account
    r = b.register("limiter2")  # allowed: no exclusion here
    assert r.status_code == 201 and r.json()["grant"] == GRANT, r.text
    token = b.sign_in("limiter2")
    got = sit(server, token, 5_000)  # before the fix: applied, a new limit of its own
    assert got["status"] == "refused", got
    assert got["error"] == (
        "the daily buy-in limit of the accounts that share this browser or payment identity is"
        " $100.00: $100.00 bought in today (UTC) by them together, $0.00 left, and this buy-in"
        " is $50.00"
    ), got
    mine = b.http("GET", "/api/me/protection").json()
    assert mine["daily_limit"] is None and mine["spent_today"] == 0, mine
    assert mine["bound"] == {
        "accounts": 1,
        "excluded_until": None,
        "daily_limit": 10_000,
        "spent_today": 10_000,
        "left_today": 0,
    }, mine


def test_a_payment_identity_binds_accounts_in_any_browser(server: Server) -> None:
    one, two = Browser(server, "10.3.0.1"), Browser(server, "10.3.0.2")
    assert one.register("payer1").status_code == 201
    assert two.register("payer2").status_code == 201
    op = server.login(OPERATOR)
    for name in ("payer1", "payer2"):
        r = server.http(
            "POST", f"/api/pit/accounts/{name}/payment-id", op, {"payment_id": "card-7"}
        )
        assert r.status_code == 200, r.text
    assert r.json()["payment_id"] == "card-7" and r.json()["bound"] == ["payer1"], r.json()
    one.sign_in("payer1")
    assert one.http("POST", "/api/me/protection/exclude", {"days": 3}).status_code == 200
    got = sit(server, two.sign_in("payer2"), 10_000)
    assert got["status"] == "refused" and "payment identity" in got["error"], got
    pit = server.http("GET", "/api/pit/accounts/payer2", op).json()
    assert pit["bindings"]["payment_id"] == "card-7" and pit["bindings"]["bound"] == ["payer1"]
    assert pit["bindings"]["addresses"] == ["10.3.0.2"], pit["bindings"]
    # an operator's tool only: a player may not set it, and it is checked
    player = server.player("payer3")
    r = server.http("POST", "/api/pit/accounts/payer3/payment-id", player, {"payment_id": "x"})
    assert r.status_code == 403, r.text
    r = server.http("POST", "/api/pit/accounts/nobody-here/payment-id", op, {"payment_id": "x"})
    assert r.status_code == 404, r.text
    r = server.http("POST", "/api/pit/accounts/payer3/payment-id", op, {"payment_id": "x" * 200})
    assert r.status_code == 422, r.text
    events = server.http("GET", "/api/events?limit=1000", op).json()
    assert any(e["kind"] == "payment_id_set" and e["detail"]["account"] == "payer1" for e in events)
