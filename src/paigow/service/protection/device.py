"""The device cookie: what the service can know of a browser (docs/service.md, "Player
protection").

``paigow_device`` holds a random id of 128 bits, the day it was issued and a signature of both
(HMAC-SHA256 with the key the migration made, ``service_keys``: the same at every process of a
cluster), ``HttpOnly; Secure; SameSite=Strict``, kept 400 days (the longest a browser keeps a
cookie) and issued again with a new day when it is over :data:`REFRESH_DAYS` days old, so a
browser that comes back keeps its id. It is given by the routes a page calls for itself — who
is signed in (``GET /api/session``), registering and signing in — never by a page's navigation
(a navigation from another site carries no ``SameSite=Strict`` cookie, and must not replace
the browser's id). A cookie whose signature does not hold is replaced by a new id: a client
cannot choose its id, only lose it (a new browser profile, cleared cookies, a client that keeps
none), which the docs say protection cannot bind.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections import OrderedDict
from typing import TYPE_CHECKING, Annotated

import sqlalchemy as sa
from fastapi import Depends, Request, Response

from ..db.accounts_sql import now
from .bindings import link
from .tables import service_keys

if TYPE_CHECKING:
    from ..db.database import Database

__all__ = [
    "COOKIE",
    "MAX_AGE",
    "REFRESH_DAYS",
    "SEEN",
    "Device",
    "device_of",
    "issue",
    "read",
    "seen",
]

COOKIE = "paigow_device"
#: The longest a browser keeps a cookie (Chrome's cap), in seconds.
MAX_AGE = 400 * 86_400
#: A cookie older than this (days) is issued again, with the same id.
REFRESH_DAYS = 30
#: The (account, browser, address) links a process remembers having stored (the oldest
#: forgotten first): a page's every load does not write them again.
SEEN = 10_000


def _mac(key: bytes, text: str) -> str:
    digest = hmac.new(key, text.encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def issue(key: bytes, ident: str, day: int) -> str:
    """The cookie's value for the device ``ident`` issued on ``day`` (days since 1970)."""
    body = f"{ident}.{day}"
    return f"{body}.{_mac(key, body)}"


def read(key: bytes, value: str | None) -> tuple[str, int] | None:
    """The device id and the day of a cookie whose signature holds; None otherwise."""
    if not value or len(value) > 100:
        return None
    parts = value.split(".")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    ident, day, mac = parts
    if not hmac.compare_digest(mac, _mac(key, f"{ident}.{day}")):
        return None
    return ident, int(day)


def load_key(store: Database) -> bytes:
    """The device cookies' key (made here if the migration's was removed)."""
    k = service_keys
    with store.engine.begin() as c:
        found = c.execute(sa.select(k.c.secret).where(k.c.name == "device")).scalar()
        if found is None:
            found = secrets.token_hex(32)
            c.execute(k.insert().values(name="device", secret=found, created_at=now()))
    return bytes.fromhex(str(found))


async def device_of(request: Request, response: Response) -> str:
    """The id of the caller's browser: its device cookie's, or a new one given with the
    answer (a cookie missing, unsigned, or due to be issued again)."""
    state = request.app.state
    key: bytes | None = getattr(state, "device_key", None)
    if key is None:
        service = state.service
        key = await service.store.run(load_key, service.store)
        state.device_key = key
    today = int(now().timestamp() // 86_400)
    found = read(key, request.cookies.get(COOKIE))
    if found is not None and today - found[1] < REFRESH_DAYS:
        return found[0]
    ident = found[0] if found is not None else secrets.token_urlsafe(16)
    response.set_cookie(
        COOKIE,
        issue(key, ident, today),
        max_age=MAX_AGE,
        httponly=True,
        secure=True,
        samesite="strict",
    )
    return ident


#: The caller's device id, as a route's parameter.
Device = Annotated[str, Depends(device_of)]


async def seen(request: Request, account: str, device: str, address: str) -> None:
    """Record that ``account`` was seen in the browser ``device`` at ``address`` (an address
    as the limits count it), once per process while it remembers it (:data:`SEEN`)."""
    state = request.app.state
    done: OrderedDict[tuple[str, str, str], None] | None = getattr(state, "device_seen", None)
    if done is None:
        done = state.device_seen = OrderedDict()
    key = (account, device, address)
    if key in done:
        done.move_to_end(key)
        return
    service = state.service
    await service.store.run(link, service.store, account, device, address)
    done[key] = None
    while len(done) > SEEN:
        done.popitem(last=False)
