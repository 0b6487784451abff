"""The ASGI application: the JSON HTTP API and the websocket endpoint (FastAPI).

Every route but ``/healthz``, the lobby and registration/login needs a session (cookie or
bearer token); operator routes need the operator role. The websocket checks the Origin header
(a browser page from another site is refused) and the session, then speaks the protocol of
:mod:`paigow.service.protocol`. docs/service.md documents every route and message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, HTTPException, Query, Request, Response, WebSocket
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.websockets import WebSocketDisconnect

import paigow
from paigow.errors import PaigowError
from paigow.table.observation import OPERATOR

from . import trainer_api, web_api
from .actor import TableActor
from .auth import COOKIE, User
from .config import TableConfig
from .events import list_events
from .hub import Connection, Service
from .protocol import ProtocolError, parse_message
from .static import WebClient, default_web

__all__ = ["create_app", "default_web"]

MAX_MESSAGE = 16_384


class Credentials(BaseModel):
    """A name and a password."""

    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=64)
    password: StrictStr = Field(max_length=200)


class Deposit(BaseModel):
    """Cents moved between the cashier and a wallet (negative: a withdrawal)."""

    model_config = ConfigDict(extra="forbid")
    cents: StrictInt


def _token(request: Request | WebSocket) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.cookies.get(COOKIE)


def _origin_ok(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """No Origin (not a browser), the page's own host, or an allowed origin."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    return host is not None and urlsplit(origin).netloc == host


def _service(request: Request) -> Service:
    svc: Service = request.app.state.service
    return svc


async def current(request: Request) -> User:
    """The signed-in user (401 without a valid session; 403 for a cross-site cookie POST)."""
    service = _service(request)
    if request.cookies.get(COOKIE) and request.method != "GET":
        origin = request.headers.get("origin")
        if not _origin_ok(origin, request.headers.get("host"), service.options.allowed_origins):
            raise HTTPException(403, "cross-site request refused")
    found = await service.user(_token(request))
    if found is None:
        raise HTTPException(401, "sign in first (session missing or expired)")
    return found[0]


async def operator(user: Annotated[User, Depends(current)]) -> User:
    """The signed-in operator (403 for players)."""
    if not user.is_operator:
        raise HTTPException(403, "operators only")
    return user


Current = Annotated[User, Depends(current)]
Operator = Annotated[User, Depends(operator)]


def create_app(service: Service, web: Path | None = None) -> FastAPI:
    """The FastAPI application around a :class:`Service`; ``web``: a built browser client
    (:func:`default_web`) served at ``/`` beside the API, precompressed and cached
    (:mod:`paigow.service.static`)."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        yield
        await service.stop()

    app = FastAPI(title="paigow table service", version=paigow.__version__, lifespan=lifespan)
    app.state.service = service

    @app.exception_handler(PaigowError)
    async def _refused(_request: Request, exc: PaigowError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    async def _actor(table_id: str) -> TableActor:
        actor = await service.find(table_id)
        if actor is None:
            raise HTTPException(404, f"no open table {table_id!r}")
        return actor

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """Liveness: the service answers and how many tables it runs."""
        return {"status": "ok", "tables": len(service.lobby())}

    @app.post("/api/register", status_code=201)
    async def register(body: Credentials) -> dict[str, Any]:
        """Create a player account (its wallet gets the sign-up grant)."""
        user = await service.register(body.name, body.password)
        return {"name": user.name, "role": user.role}

    @app.post("/api/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Sign in: a bearer token in the body and the session cookie."""
        addr = request.client.host if request.client else "?"
        wait = service.limiter.retry_after(body.name, addr)
        if wait > 0:
            raise HTTPException(
                429,
                "too many failed sign-ins; try again later",
                headers={"Retry-After": str(int(wait) + 1)},
            )
        found = await service.login(body.name, body.password)
        if found is None:
            service.limiter.failed(body.name, addr)
            locked = service.limiter.retry_after(body.name, addr) > 0
            await service.events.add(
                "login_locked" if locked else "login_failed",
                "warning",
                None,
                body.name[:40],
                address=addr,
            )
            raise HTTPException(401, "wrong name or password")
        service.limiter.succeeded(body.name)
        user, token, expires = found
        response.set_cookie(
            COOKIE,
            token,
            httponly=True,
            secure=True,
            samesite="strict",
            max_age=int(service.options.session_hours * 3600),
        )
        return {
            "token": token,
            "name": user.name,
            "role": user.role,
            "expires": expires.isoformat(),
        }

    @app.post("/api/logout")
    async def logout(request: Request, response: Response, _user: Current) -> dict[str, Any]:
        """End this session."""
        token = _token(request)
        if token:
            await service.logout(token)
        response.delete_cookie(COOKIE)
        return {"status": "signed out"}

    @app.get("/api/me")
    async def me(user: Current) -> dict[str, Any]:
        """The signed-in account, its wallet and its seats."""
        wallet = await service.store.run(service.store.balance, f"wallet:{user.name}")
        seats = {
            tid: a.engine.seats[user.name]
            for tid, a in service.actors.items()
            if user.name in a.engine.seats
        }
        return {"name": user.name, "role": user.role, "wallet": wallet, "seats": seats}

    @app.get("/api/me/rounds")
    async def my_rounds(user: Current) -> list[dict[str, Any]]:
        """The last 10 rounds this player played, redacted for them."""
        return await service.recall_player(user.name)

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        """The lobby: every open table."""
        return service.lobby()

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request) -> dict[str, Any]:
        """One table as the caller may see it (a spectator without a session)."""
        actor = await _actor(table_id)
        found = await service.user(_token(request))
        if found is None:
            from paigow.table.observation import SPECTATOR

            return actor.state(SPECTATOR)
        return actor.state(actor.viewer(found[0]), found[0])

    @app.post("/api/tables", status_code=201)
    async def open_table(body: TableConfig, op: Operator) -> dict[str, Any]:
        """Open a table (operators)."""
        actor = await service.open_table(body)
        await service.events.add("table_opened", "info", body.id, op.name, profile=body.profile)
        return actor.state(OPERATOR)

    @app.post("/api/tables/{table_id}/close")
    async def close_table(table_id: str, op: Operator) -> dict[str, Any]:
        """Close a table: a round in progress is void, every seat is cashed out (operators)."""
        await _actor(table_id)
        await service.close_table(table_id)
        await service.events.add("table_closed", "info", table_id, op.name)
        return {"status": "closed", "table": table_id}

    @app.get("/api/tables/{table_id}/rounds")
    async def table_rounds(table_id: str, _op: Operator) -> list[dict[str, Any]]:
        """The table's last 10 rounds, whole records (operators)."""
        if table_id not in service.actors:
            raise HTTPException(404, f"no table {table_id!r}")
        return await service.recall_table(table_id)

    @app.get("/api/tables/{table_id}/meters")
    async def table_meters(table_id: str, _op: Operator) -> list[dict[str, Any]]:
        """The table's meters per day (operators)."""
        if table_id not in service.actors:
            raise HTTPException(404, f"no table {table_id!r}")
        return await service.store.run(service.store.meters, table_id)

    @app.post("/api/wallets/{name}/deposit")
    async def deposit(name: str, body: Deposit, op: Operator) -> dict[str, Any]:
        """Credit (or debit) a player's wallet from the cashier (operators)."""
        if await service.store.run(service.store.user_by_name, name) is None:
            raise HTTPException(404, f"no account {name!r}")
        await service.store.run(service.store.cashier, f"wallet:{name}", body.cents, "deposit")
        await service.events.add("deposit", "info", None, op.name, account=name, cents=body.cents)
        return {
            "name": name,
            "wallet": await service.store.run(service.store.balance, f"wallet:{name}"),
        }

    @app.get("/api/audit")
    async def audit(_op: Operator) -> dict[str, Any]:
        """The ledger checked end to end, and every table's chips against it (operators)."""
        return await service.audit()

    @app.get("/api/events")
    async def events(
        _op: Operator,
        since: Annotated[int, Query(ge=0, le=2**63 - 1)] = 0,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        table: Annotated[str | None, Query(max_length=40)] = None,
    ) -> list[dict[str, Any]]:
        """The event log after event ``since``, oldest first (operators)."""
        return await service.store.run(list_events, service.store, since, limit, table)

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        if not _origin_ok(
            ws.headers.get("origin"), ws.headers.get("host"), service.options.allowed_origins
        ):
            await ws.close(code=4403, reason="origin not allowed")
            return
        found = await service.user(_token(ws))
        if found is None:
            await ws.close(code=4401, reason="sign in first")
            return
        await ws.accept()
        conn = Connection(found[0], found[1], service.options.queue_limit)
        service.connections.setdefault(conn.user.name, set()).add(conn)
        writer = asyncio.create_task(_write(ws, conn))
        conn.push({"type": "welcome", "user": conn.user.name, "role": conn.user.role})
        bucket = service.rates.connection()
        refused = 0
        try:
            while not conn.overflowed:
                text = await ws.receive_text()
                wait = service.rates.check(bucket, conn.user.name)
                if not wait:
                    refused = 0
                    await _message(service, conn, text)
                    continue
                refused += 1
                if refused >= service.rates.close_after:
                    await service.events.add(
                        "rate_limited", "warning", None, conn.user.name, messages=refused
                    )
                    await ws.close(code=4429, reason="too many messages")
                    break
                _limited(conn, text, wait, first=refused == 1)
        except WebSocketDisconnect:
            pass
        finally:
            for tid in conn.tables:
                if tid in service.actors:
                    service.actors[tid].unsubscribe(conn)
            service.connections.get(conn.user.name, set()).discard(conn)
            conn.close()
            writer.cancel()

    web_api.install(app)
    trainer_api.install(app)
    if web is not None:
        app.mount("/", WebClient(web), name="web")
    return app


async def _write(ws: WebSocket, conn: Connection) -> None:
    with contextlib.suppress(Exception):
        while (msg := await conn.queue.get()) is not None:
            await ws.send_text(json.dumps(msg, separators=(",", ":")))


def _limited(conn: Connection, text: str, wait: float, *, first: bool) -> None:
    """A message over the rate limit is not handled: a command gets its ``refused`` result
    (its sender may be waiting for it), anything else one error per stretch of refusals."""
    why = f"rate limit: too many messages; wait {wait:.2f} s"
    try:
        msg = json.loads(text) if len(text) <= MAX_MESSAGE else None
    except ValueError:
        msg = None
    if isinstance(msg, dict) and msg.get("type") == "command" and isinstance(msg.get("id"), str):
        table = msg.get("table") if isinstance(msg.get("table"), str) else ""
        conn.push(
            {
                "type": "result",
                "table": table,
                "id": msg["id"][:80],
                "status": "refused",
                "error": why,
            }
        )
    elif first:
        conn.push({"type": "error", "error": why})


async def _message(service: Service, conn: Connection, text: str) -> None:
    if len(text) > MAX_MESSAGE:
        conn.push({"type": "error", "error": f"message over {MAX_MESSAGE} characters"})
        return
    try:
        msg = parse_message(json.loads(text))
    except (ValueError, ProtocolError) as e:
        conn.push(
            {"type": "error", "error": str(e) if isinstance(e, ProtocolError) else "not JSON"}
        )
        return
    if msg.type == "ping":
        conn.push({"type": "pong"})
        return
    assert msg.table is not None
    actor = await service.find(msg.table)
    if actor is None:
        conn.push({"type": "error", "table": msg.table, "error": f"no open table {msg.table!r}"})
        return
    if msg.type == "subscribe":
        conn.tables.add(msg.table)
        await actor.subscribe(conn)
    elif msg.type == "unsubscribe":
        conn.tables.discard(msg.table)
        actor.unsubscribe(conn)
    else:
        assert msg.action is not None and msg.id is not None
        reply: dict[str, Any] = {"type": "result", "table": msg.table, "id": msg.id}
        if conn.expired():
            conn.push({**reply, "status": "refused", "error": "the session has expired"})
            return
        conn.push({**reply, **await actor.command(conn.user, msg.id, msg.action, msg.args)})
