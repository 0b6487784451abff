"""The ASGI application: the JSON HTTP API and the websocket endpoint (FastAPI).

Every route but ``/healthz``, the lobby and registration/login needs a session (cookie or bearer
token); operator routes need the operator role. Every HTTP request counts against its address's
limit (:class:`paigow.service.routes.deps.HttpLimit`). The websocket checks the Origin header (a
browser page from another site is refused), its address's limits and the session, then speaks the
protocol of :mod:`paigow.service.wire.protocol`; when its session ends it is closed at once
(:mod:`paigow.service.accounts.accounts`). docs/service.md documents every route and message.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketDisconnect

import paigow
from paigow.errors import PaigowError
from paigow.table.observation import OPERATOR

from ..accounts.accounts import REVOKED, SignupRefusedError, WrongPasswordError
from ..accounts.auth import token_hash
from ..accounts.wallets import figures
from ..connection import Connection
from ..db.database import DatabaseAwayError
from ..db.events import list_events
from ..db.seats_sql import seats_of
from ..db.sessions_sql import AccountSuspendedError
from ..hub import Service
from ..kit.logs import ACCOUNT, RequestIds
from ..kit.ratelimit import CLOSE_AFTER, LimitedError, retry_after
from ..kit.workers import BusyError
from ..private import rooms
from ..protection.reminder import remind
from ..tables.actor import GONE, TableActor
from ..tables.config import TableConfig
from ..tables.views import INLINE
from ..wire.codec import decode, encode
from ..wire.protocol import ProtocolError, parse_message, refusal, result_message
from . import (
    auth_api,
    chat_api,
    metrics_api,
    pit_api,
    private_api,
    protection_api,
    trainer_api,
    tutorial_api,
    watch,
    web_api,
)
from .deps import (
    BINARY,
    Current,
    HttpLimit,
    Operator,
    next_text,
    origin_ok,
    recall_door,
    socket_closed,
    socket_gate,
    token_of,
)
from .static import WebClient, default_web

__all__ = ["create_app", "default_web"]

MAX_MESSAGE = 16_384
#: The most validation errors a 422 lists.
MAX_ERRORS = 20
#: Seconds a client is told to wait when the database did not answer.
AWAY_RETRY = 2.0


#: What the retired deposit route answers (410).
RETIRED = (
    "retired: a wallet is adjusted with POST /api/pit/accounts/{name}/adjust, with cents, a "
    "reason and an idempotency key"
)


def create_app(service: Service, web: Path | None = None) -> FastAPI:
    """The FastAPI application around a :class:`Service`; ``web``: a built browser client
    (:func:`default_web`) served at ``/`` beside the API, precompressed and cached
    (:mod:`paigow.service.routes.static`)."""

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        service.compute.warm(trainer_api.warm)
        sweeper = asyncio.create_task(rooms.sweep(service))
        figures = await metrics_api.open_address(service)
        yield
        if figures is not None:
            figures.close()
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await service.stop()

    app = FastAPI(title="paigow table service", version=paigow.__version__, lifespan=lifespan)
    app.state.service = service
    app.add_middleware(HttpLimit, service=service)
    app.add_middleware(RequestIds)  # (outermost: a refusal at the door has its id too)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # what was wrong and where, never the input itself: it may be large, or not JSON at all
        # (NaN, Infinity, 1e400 are read as floats that JSON cannot say)
        errors = [
            {"type": str(e.get("type", "")), "loc": list(e.get("loc", ())), "msg": e.get("msg")}
            for e in exc.errors()[:MAX_ERRORS]
        ]
        return JSONResponse({"detail": errors}, status_code=422)

    @app.exception_handler(PaigowError)
    async def _refused(_request: Request, exc: PaigowError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    @app.exception_handler(AccountSuspendedError)
    @app.exception_handler(WrongPasswordError)
    @app.exception_handler(SignupRefusedError)
    async def _forbidden(_request: Request, exc: PaigowError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=403)

    @app.exception_handler(LimitedError)
    async def _over_limit(_request: Request, exc: LimitedError) -> JSONResponse:
        headers = {"Retry-After": retry_after(exc.wait)}
        return JSONResponse({"detail": str(exc)}, status_code=429, headers=headers)

    @app.exception_handler(BusyError)
    async def _busy(_request: Request, exc: BusyError) -> JSONResponse:
        headers = {"Retry-After": retry_after(exc.retry_after)}
        return JSONResponse({"detail": str(exc)}, status_code=503, headers=headers)

    @app.exception_handler(DatabaseAwayError)
    async def _away(_request: Request, exc: DatabaseAwayError) -> JSONResponse:
        headers = {"Retry-After": retry_after(AWAY_RETRY)}
        return JSONResponse({"detail": str(exc)}, status_code=503, headers=headers)

    async def _actor(table_id: str) -> TableActor:
        actor = await service.find(table_id)
        if actor is None:
            raise HTTPException(404, f"no open table {table_id!r}")
        return actor

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """Liveness: the service answers and how many tables it runs."""
        return {"status": "ok", "tables": len(service.lobby(hidden=True))}

    @app.get("/api/me")
    async def me(user: Current) -> dict[str, Any]:
        """The signed-in account, its wallet, the most it may buy in now and its seats (at
        every table of every process: from the store)."""
        found = await service.store.run(figures, service.store, [user.name])
        seats = await service.store.run(seats_of, service.store, user.name)
        return {"name": user.name, "role": user.role, **found[user.name], "seats": seats}

    @app.get("/api/me/rounds")
    async def my_rounds(user: Current, request: Request) -> list[dict[str, Any]]:
        """The last 10 rounds this player played, redacted for them (within the ``recall``
        doors: 429 past them)."""
        recall_door(request, user)
        return await service.recall_player(user.name)

    @app.get("/api/tables")
    async def tables() -> list[dict[str, Any]]:
        """The lobby: every open table."""
        return service.lobby()

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request) -> dict[str, Any]:
        """One table as the caller may see it (a spectator without a session)."""
        actor = await _actor(table_id)
        found = await service.user(token_of(request))
        if found is None:
            from paigow.table.observation import SPECTATOR

            return actor.state(SPECTATOR)
        return actor.state(actor.viewer(found[0]), found[0])

    @app.get("/api/tables/{table_id}/server")
    async def table_server(table_id: str) -> dict[str, Any]:
        """Where the table's clients should connect: the process that runs it and its address
        (``server`` null: any process; docs/scaling.md)."""
        found = await service.server_of(table_id)
        if found is None:
            raise HTTPException(404, f"no open table {table_id!r}")
        return found

    @app.get("/api/cluster")
    async def cluster(_op: Operator) -> dict[str, Any]:
        """This process's tables, its replicas and what they cost, counted (operators)."""
        return service.cluster_report()

    @app.get("/api/limits")
    async def limits(_op: Operator) -> dict[str, Any]:
        """Every door's limit and what it refused since the service started (operators)."""
        return {"doors": service.limits.report()}

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

    @app.post("/api/wallets/{name}/deposit", status_code=410)
    async def deposit(name: str, _op: Operator) -> JSONResponse:
        """Retired (410): money moves by hand through one door, ``POST
        /api/pit/accounts/{name}/adjust``, with a reason, an idempotency key and a bound."""
        return JSONResponse({"detail": RETIRED.format(name=name[:64])}, status_code=410)

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
        conn = await _open(service, ws)
        if conn is None:
            return
        writer = asyncio.create_task(_write(ws, conn))
        conn.push({"type": "welcome", "user": conn.user.name, "role": conn.user.role})
        minute = service.options.reminder_minute_seconds
        reminders = asyncio.create_task(
            remind(service.store, conn.user.name, conn.session, conn.push, minute)
        )
        refused = 0
        try:
            while not conn.overflowed:
                text = await next_text(ws)
                received = time.perf_counter()
                if conn.revoked is not None:
                    break  # the session ended: nothing more is read
                wait = service.limits.take(
                    ("ws.connection", conn.key), ("ws.account", conn.user.name)
                )
                if not wait:
                    refused = 0
                    try:
                        await _message(service, conn, text, received)
                    except DatabaseAwayError as e:  # (a subscription, a table looked up)
                        _refuse(conn, text, str(e))
                    continue
                refused += 1
                if refused >= CLOSE_AFTER:
                    await service.events.add(
                        "rate_limited", "warning", None, conn.user.name, messages=refused
                    )
                    conn.revoke(4429, "too many messages", drop=False)
                    break
                _limited(conn, text, wait, first=refused == 1)
                service.metrics.refused("rate limit")
        except WebSocketDisconnect:
            pass
        finally:
            reminders.cancel()
            _closed(service, conn)
            if conn.revoked is not None:  # the writer sends the close frame, then stops
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
            writer.cancel()

    auth_api.install(app)
    web_api.install(app)
    o = service.options
    watch.install(
        app, watch.Spectators(o.spectators, o.spectators_per_address, o.spectator_idle_seconds)
    )
    pit_api.install(app)
    trainer_api.install(app)
    chat_api.install(app)
    private_api.install(app)
    protection_api.install(app)
    tutorial_api.install(app)
    metrics_api.install(app)
    if web is not None:
        app.mount("/", WebClient(web), name="web")
    return app


async def _open(service: Service, ws: WebSocket) -> Connection | None:
    """The handshake: a page of another site is closed with 4403; an address opening websockets
    too fast, or with too many open, is answered 429; a missing, expired or revoked session is
    closed with 4401, an account with too many websockets open with 4429, a ``results``
    query other than ``apart`` (the default: each command's ``result`` its own message) or
    ``inline`` (inside the table's frame that shows its change) with 4400 (after accepting: a
    browser sees close codes, not the HTTP status of a refused handshake)."""
    allowed = service.options.allowed_origins
    if not origin_ok(ws.headers.get("origin"), ws.headers.get("host"), allowed):
        await ws.accept()
        await ws.close(code=4403, reason="origin not allowed")
        return None
    address = await socket_gate(service, ws)
    if address is None:
        return None
    token = token_of(ws)
    try:
        found = await service.user(token)
    except DatabaseAwayError as e:  # a browser sees the close code, and tries again later
        socket_closed(service, address)
        await ws.accept()
        await ws.close(code=1013, reason=str(e))
        return None
    if found is None or token is None:
        # (a signed-out spectator, shown only the public view, would be admitted here)
        socket_closed(service, address)
        await ws.accept()
        await ws.close(code=REVOKED, reason="sign in first")
        return None
    user, expires = found
    ACCOUNT.set(user.name)  # (what this websocket's handler logs names its account)
    if len(service.connections.get(user.name, ())) >= service.options.sockets_per_account:
        socket_closed(service, address)
        await ws.accept()
        await ws.close(code=4429, reason="too many websockets open for this account")
        return None
    results = ws.query_params.get("results", "apart")
    if results not in ("apart", "inline"):
        socket_closed(service, address)
        await ws.accept()
        await ws.close(code=4400, reason="results is 'inline' or 'apart'")
        return None
    await ws.accept()
    limit = service.options.queue_limit
    inline = results == "inline"
    conn = Connection(user, expires, limit, token_hash(token), address, inline_results=inline)
    service.connections.setdefault(user.name, set()).add(conn)
    service.accounts.attach(conn)
    if await service.user(token) is None:  # ended while the socket opened
        conn.revoke(REVOKED, "the session ended; sign in again")
    return conn


def _closed(service: Service, conn: Connection) -> None:
    """Forget a websocket that closed: its subscriptions (the floor's too), its session's
    count, its limits."""
    for tid in conn.tables:
        service.unsubscribe(conn, tid)
    service.floor_feed.unwatch(conn)
    service.connections.get(conn.user.name, set()).discard(conn)
    if not service.connections.get(conn.user.name, True):
        del service.connections[conn.user.name]
    service.accounts.detach(conn)
    service.limits.forget("ws.connection", conn.key)
    socket_closed(service, conn.address)
    conn.close()


async def _write(ws: WebSocket, conn: Connection) -> None:
    with contextlib.suppress(Exception):
        while (msg := await conn.queue.get()) is not None:
            if isinstance(msg, str):  # a frame encoded once for every subscriber
                await ws.send_text(msg)
                continue
            if "type" not in msg:  # the session ended (Connection.revoke)
                await ws.close(code=int(msg["close"]), reason=str(msg["reason"])[:120])
                return
            await ws.send_text(encode(msg))


def _limited(conn: Connection, text: str | None, wait: float, *, first: bool) -> None:
    """A message over the rate limit is not handled: a command gets its ``refused`` result
    (its sender may be waiting for it), anything else one error per stretch of refusals."""
    _refuse(conn, text, f"rate limit: too many messages; wait {wait:.2f} s", error=first)


def _refuse(conn: Connection, text: str | None, why: str, *, error: bool = True) -> None:
    """A message not handled, ``why``: a command gets its ``refused`` result (its sender may be
    waiting for it), anything else an error (when ``error``)."""
    try:
        msg = decode(text) if text is not None and len(text) <= MAX_MESSAGE else None
    except ValueError:
        msg = None
    if isinstance(msg, dict) and msg.get("type") == "command" and isinstance(msg.get("id"), str):
        table = msg["table"] if isinstance(msg.get("table"), str) else ""
        conn.push(refusal(table, msg["id"][:80], why))
    elif error:
        conn.push({"type": "error", "error": why})


async def _message(service: Service, conn: Connection, text: str | None, received: float) -> None:
    """One message of a websocket, ``received`` then (:func:`time.perf_counter`): a command's
    time from then to its answer is a figure (:mod:`paigow.service.kit.metrics`)."""
    if text is None:
        conn.push({"type": "error", "error": BINARY})
        return
    if len(text) > MAX_MESSAGE:
        conn.push({"type": "error", "error": f"message over {MAX_MESSAGE} characters"})
        return
    try:
        data = decode(text)
        if isinstance(data, dict) and data.get("type") == "chat":
            await service.chat.post(conn, data)
            return
        msg = parse_message(data)
    except (ValueError, ProtocolError) as e:
        conn.push(
            {"type": "error", "error": str(e) if isinstance(e, ProtocolError) else "not JSON"}
        )
        return
    if msg.type == "ping":
        conn.push({"type": "pong"})
        return
    if msg.type == "floor":  # the pit's floor, pushed (operators: service/floor_feed.py)
        if msg.watch is False:
            service.floor_feed.unwatch(conn)
        else:
            await service.floor_feed.watch(conn)
        return
    assert msg.table is not None
    if msg.type == "subscribe":
        await service.subscribe(conn, msg.table)
        return
    actor = await service.find(msg.table)
    if actor is None:
        why = f"no open table {msg.table!r}"
        if msg.type == "command":  # its sender learns the outcome, by its id, as of any command
            assert msg.id is not None
            conn.push(refusal(msg.table, msg.id, why))
            service.metrics.refused(why)
        else:
            conn.push({"type": "error", "table": msg.table, "error": why})
        return
    if msg.type == "unsubscribe":
        conn.tables.discard(msg.table)
        service.unsubscribe(conn, msg.table)
    else:
        assert msg.action is not None and msg.id is not None
        if conn.expired():
            conn.push(refusal(msg.table, msg.id, "the session has expired"))
            service.metrics.refused("the session has expired")
            return
        to = conn if conn.inline_results else None
        result = await actor.command(
            conn.user, msg.id, msg.action, msg.args, conn.session, reply_to=to
        )
        if result.get("error") == GONE:  # its actor here stopped meanwhile: found anew, sent
            again = await service.find(msg.table)  # again under the same id (at most once)
            if again is not None and again is not actor:
                result = await again.command(
                    conn.user, msg.id, msg.action, msg.args, conn.session, reply_to=to
                )
        if not result.get(INLINE):  # (else sent inside the table's frame already)
            conn.push(result_message(msg.table, msg.id, result))
        refused = result.get("error") if result.get("status") == "refused" else None
        service.metrics.command(msg.action, time.perf_counter() - received, refused)
