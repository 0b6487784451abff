"""Who is asking, for every HTTP route and websocket: the session (cookie or bearer token), the
Origin check, the client's address (:mod:`paigow.service.kit.addresses`), and the per-address limit
of every HTTP request (:class:`HttpLimit`, the service's outermost middleware).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, HTTPException, Request, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..accounts.auth import COOKIE, User
from ..kit.addresses import address_key, client_address
from ..kit.logs import ACCOUNT
from ..kit.ratelimit import LimitedError, retry_after

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from ..hub import Service

__all__ = [
    "BINARY",
    "MAX_BODY",
    "OPERATOR_LIMITED",
    "Current",
    "HttpLimit",
    "Operator",
    "address_of",
    "current",
    "next_text",
    "operator",
    "optional_user",
    "origin_ok",
    "recall_door",
    "service_of",
    "socket_closed",
    "socket_gate",
    "token_of",
]


def service_of(request: Request | WebSocket) -> Service:
    """The running service."""
    svc: Service = request.app.state.service
    return svc


def recall_door(request: Request, user: User | None) -> None:
    """A recall of stored rounds that will be redacted on the compute pool, through its doors:
    ``recall.account`` for a signed-in player, then ``recall.address`` for everyone from the
    address (an operator passes: the floor's own tools).

    Raises:
        LimitedError: over a door (429, with how long to wait).
    """
    if user is not None and user.is_operator:
        return
    service = service_of(request)
    checks = [("recall.address", address_key(address_of(request)))]
    if user is not None:
        checks.insert(0, ("recall.account", user.name))
    wait = service.limits.take(*checks)
    if wait:
        raise LimitedError(wait, "too many past rounds asked for; try again later")


def token_of(request: Request | WebSocket) -> str | None:
    """The session token: ``Authorization: Bearer``, else the session cookie."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.cookies.get(COOKIE)


def origin_ok(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """No Origin (not a browser), the page's own host, or an allowed origin."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    return host is not None and urlsplit(origin).netloc == host


def _address(scope: Scope, service: Service) -> str:
    state = scope.setdefault("state", {})
    if "address" not in state:
        peer = scope.get("client")
        forwarded = None
        for k, v in scope.get("headers", ()):
            if k == b"x-forwarded-for":
                text = v.decode("latin-1")
                forwarded = text if forwarded is None else f"{forwarded},{text}"
        state["address"] = client_address(peer[0] if peer else None, forwarded, service.trusted)
    return str(state["address"])


def address_of(request: Request | WebSocket) -> str:
    """The client's address (through the proxies the operator trusts only)."""
    return _address(request.scope, service_of(request))


async def optional_user(request: Request | WebSocket) -> User | None:
    """The signed-in user, or None."""
    found = await service_of(request).user(token_of(request))
    return None if found is None else found[0]


async def current(request: Request) -> User:
    """The signed-in user (401 without a valid session; 403 for a cross-site cookie POST)."""
    service = service_of(request)
    if request.cookies.get(COOKIE) and request.method != "GET":
        origin = request.headers.get("origin")
        if not origin_ok(origin, request.headers.get("host"), service.options.allowed_origins):
            raise HTTPException(403, "cross-site request refused")
    found = await service.user(token_of(request))
    if found is None:
        raise HTTPException(401, "sign in first (session missing or expired)")
    ACCOUNT.set(found[0].name)  # (what the request logs names its account)
    return found[0]


#: What an operator past the door ``pit.account`` is told (429, with ``Retry-After``).
OPERATOR_LIMITED = "too many requests from this operator account; try again in a moment"


async def operator(request: Request, user: Annotated[User, Depends(current)]) -> User:
    """The signed-in operator (403 for players), within the account's door ``pit.account``:
    every operator route passes it (the address's ``http.address`` too, before any route).

    Raises:
        LimitedError: over the door (429, with how long to wait).
    """
    if not user.is_operator:
        raise HTTPException(403, "operators only")
    wait = service_of(request).limits.take(("pit.account", user.name))
    if wait:
        raise LimitedError(wait, OPERATOR_LIMITED)
    return user


Current = Annotated[User, Depends(current)]
Operator = Annotated[User, Depends(operator)]


async def next_text(ws: WebSocket) -> str | None:
    """The text of the client's next websocket frame; None for a binary frame (the protocol is
    JSON text: the caller answers it with an error).

    Raises:
        WebSocketDisconnect: the client has gone, or the socket is already closed (the
            service's own writer closed it, or failed to write to it).
    """
    if (
        ws.client_state != WebSocketState.CONNECTED
        or ws.application_state != WebSocketState.CONNECTED
    ):
        raise WebSocketDisconnect(1006)
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(int(message.get("code") or 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


#: What a binary frame is answered with.
BINARY = "binary frames are not read: a message is JSON text"


async def socket_gate(service: Service, ws: WebSocket) -> str | None:
    """Admit a websocket by its address: within the address's rate of new websockets (door
    ``ws.address``) and its count of websockets open (``sockets_per_address``); else answer
    the handshake 429 with ``Retry-After`` (None). The address admitted; call
    :func:`socket_closed` when the websocket closes."""
    from fastapi.responses import JSONResponse

    address = address_of(ws)
    key = address_key(address)
    wait = service.limits.take(("ws.address", key))
    if not wait and service.sockets.get(key, 0) >= service.options.sockets_per_address:
        wait = 5.0
    if wait:
        detail = {"detail": "too many websockets from this address; try again later"}
        headers = {"Retry-After": retry_after(wait)}
        await ws.send_denial_response(JSONResponse(detail, status_code=429, headers=headers))
        return None
    service.sockets[key] = service.sockets.get(key, 0) + 1
    return address


def socket_closed(service: Service, address: str) -> None:
    """A websocket admitted by :func:`socket_gate` closed."""
    key = address_key(address)
    n = service.sockets.get(key, 0) - 1
    if n > 0:
        service.sockets[key] = n
    else:
        service.sockets.pop(key, None)


#: The largest body an HTTP request may carry (bytes; over it: 413, the body not read on). The
#: largest the routes take are a few hundred bytes; reading and checking megabytes held every
#: table (docs/reliability.md, "Abuse").
MAX_BODY = 65_536


class HttpLimit:
    """Every HTTP request counts against its address's limit (door ``http.address``); over
    it, 429 with ``Retry-After`` before any work is done. A request that says its body is over
    :data:`MAX_BODY` is answered 413 before any work too (a route that reads no body must not
    act and then be told its body was too large); a body that turns out larger than that, sent
    without saying its length, is answered 413 by the route that reads it, the rest not read.
    (Websockets are counted when they open, door ``ws.address``.)"""

    def __init__(self, app: ASGIApp, service: Service) -> None:
        self.app = app
        self.service = service

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            key = address_key(_address(scope, self.service))
            wait = self.service.limits.take(("http.address", key))
            if wait:
                retry = [(b"retry-after", retry_after(wait).encode())]
                await _answer(send, 429, "too many requests; try again later", retry)
                return
            if _content_length(scope) > MAX_BODY:
                await _answer(send, 413, TOO_LARGE)
                return
            receive = _limited(receive)
        await self.app(scope, receive, send)


#: What a body over :data:`MAX_BODY` is answered.
TOO_LARGE = f"a request's body is at most {MAX_BODY} bytes"


def _limited(receive: Receive) -> Receive:
    """``receive`` that stops a body once it is over :data:`MAX_BODY` (an ``HTTPException``
    413, which the route's reading of its body passes on as it is)."""
    got = 0

    async def limited() -> Message:
        nonlocal got
        message = await receive()
        if message["type"] == "http.request":
            got += len(message.get("body", b""))
            if got > MAX_BODY:
                raise HTTPException(413, TOO_LARGE)
        return message

    return limited


def _content_length(scope: Scope) -> int:
    """The body's length the request says (0 when it says none, or nothing readable)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            return int(value) if value.isdigit() else 0
    return 0


async def _answer(
    send: Send, status: int, detail: str, more: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers: list[tuple[bytes, bytes]] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *(more or []),
    ]
    start: dict[str, Any] = {"type": "http.response.start", "status": status, "headers": headers}
    await send(start)
    await send({"type": "http.response.body", "body": body})
