"""HTTP routes and the lobby feed of the browser client (docs/web.md), beside the API of
:mod:`paigow.service.routes.app`:

* ``GET /api/session`` — who is signed in (``{"me": null}`` for nobody, with the sign-up grant
  a new account from this address would get now: no 401 to a page);
* ``GET /api/tables/{id}/info`` — the table's rules and options (anyone);
* ``GET /api/tables/{id}/advice/{spot}`` — the house way's setting of your hand with its rule,
  and, where the table allows advice, the exact EV of every setting (the seat only);
* ``GET /api/tables/{id}/history`` — the table's last 10 rounds, each redacted for the caller
  (a player sees their own hands; everyone sees the hands exposed at settlement), within the
  ``recall`` doors;
* ``GET /api/rules`` and ``GET /api/rules/{profile}`` — the profiles, and one profile's rules
  as its rules page shows them (anyone: :func:`~paigow.service.tables.advice.profile_rules`);
* ``/ws/lobby`` — a read-only websocket that sends the lobby (``{"type": "lobby", "tables":
  [...]}``) when it connects and whenever a table changes (anyone: the lobby is public);
* (``/ws/watch``, the spectators' websocket: :mod:`paigow.service.routes.watch`.)

Everything that reads a table runs inside its actor, between batches (:meth:`TableActor.call`),
so nothing uncommitted is ever shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, FastAPI, HTTPException, Request, Response, WebSocket
from starlette.websockets import WebSocketDisconnect

from paigow.errors import PaigowError
from paigow.profiles import bundled_profile, profile_names

from ..accounts.auth import User
from ..accounts.wallets import figures
from ..db.seats_sql import seats_of
from ..db.sessions_sql import grant_due
from ..kit.addresses import address_key
from ..kit.ratelimit import CLOSE_AFTER
from ..protection.bindings import signup_bound
from ..protection.device import Device, seen
from ..tables.advice import hand_advice, profile_rules, spot_hand, table_info
from ..wire.codec import encode
from .deps import address_of, next_text, optional_user, recall_door, socket_closed, socket_gate

if TYPE_CHECKING:
    from ..hub import Service
    from ..tables.actor import TableActor

__all__ = ["LOBBY_POLL", "install"]

#: Seconds between two looks at the lobby for a feed (a change is sent at the next look).
LOBBY_POLL = 0.25


def _service(request: Request | WebSocket) -> Service:
    svc: Service = request.app.state.service
    return svc


async def _user(request: Request) -> User | None:
    """The signed-in user, or None (a spectator)."""
    return await optional_user(request)


def _actor(service: Service, table_id: str) -> TableActor:
    actor = service.actors.get(table_id)
    if actor is None or actor.closed:
        raise HTTPException(404, f"no open table {table_id!r}")
    return actor


router = APIRouter()


@router.get("/api/session")
async def session(request: Request, device: Device) -> dict[str, Any]:
    """Who is signed in (``{"me": null, "signup_grant": cents}`` when nobody: what a new
    account registered now from this address and browser would be credited): the account, its
    wallet, buy-in bound and seats, as ``GET /api/me`` gives them, without a 401 for the
    signed-out page.
    A signed-in account is recorded with the browser and the address (player protection)."""
    user = await _user(request)
    service = _service(request)
    key = address_key(address_of(request))
    if user is None:
        o = service.options
        period = o.signup_grant_period * 3600
        due = await service.store.run(grant_due, service.store, key, period)
        until, address_bound = await service.store.run(signup_bound, service.store, device, key)
        bound = until is not None or (address_bound and period > 0)
        return {"me": None, "signup_grant": o.signup_grant if due and not bound else 0}
    await seen(request, user.name, device, key)
    found = await service.store.run(figures, service.store, [user.name])
    seats = await service.store.run(seats_of, service.store, user.name)
    return {"me": {"name": user.name, "role": user.role, **found[user.name], "seats": seats}}


@router.get("/api/tables/{table_id}/info")
async def info(table_id: str, request: Request) -> dict[str, Any]:
    """The table's rules and options: what its client offers (anyone; in a cluster, of a table
    another process runs too, through a replica the lease loop drops when nobody watches it)."""
    actor = await _service(request).find(table_id)
    if actor is None:
        raise HTTPException(404, f"no open table {table_id!r}")

    async def read() -> dict[str, Any]:
        return table_info(actor.engine)

    return await actor.call(read)


@router.get("/api/tables/{table_id}/advice/{spot}")
async def advice(table_id: str, spot: str, request: Request) -> dict[str, Any]:
    """The house way's setting of the caller's hand on ``spot`` and its rule; with advice on,
    the exact EV of every setting against the dealer's way (the seat only)."""
    user = await _user(request)
    if user is None:
        raise HTTPException(401, "sign in first (session missing or expired)")
    service = _service(request)
    actor = _actor(service, table_id)

    async def read() -> dict[str, Any]:
        try:
            return {"ok": spot_hand(actor.engine, actor.viewer(user), spot)}
        except PaigowError as e:
            return {"error": str(e)}

    out = await actor.call(read)
    if "error" in out:
        raise HTTPException(409, out["error"])
    try:  # the exact engine's work, off the loop and out of the table's actor
        result: dict[str, Any] = await service.compute.run(hand_advice, out["ok"])
    except PaigowError as e:
        raise HTTPException(409, str(e)) from None
    return result


@router.get("/api/rules")
async def rules_index() -> list[dict[str, Any]]:
    """Every profile the service knows: name, title and game (anyone)."""
    out = []
    for name in profile_names():
        p = bundled_profile(name)
        out.append({"profile": name, "title": p.meta.title, "game": p.meta.game})
    return out


@router.get("/api/rules/{profile}")
async def rules(profile: str) -> dict[str, Any]:
    """One profile's rules, read from the profile itself (anyone)."""
    if profile not in profile_names():
        raise HTTPException(404, f"no profile {profile!r}")
    return profile_rules(bundled_profile(profile))


@router.get("/api/tables/{table_id}/history", response_model=list[dict[str, Any]])
async def history(table_id: str, request: Request) -> Any:
    """The table's last 10 rounds, newest first, each as the caller may see it (read from the
    store: in a cluster, any process answers for any open table). What a caller who played
    none of them sees (signed out, or signed in) is the same for all until the next round is
    stored: kept, as JSON, with the newest round it holds and who played them, and sent again
    while the table has finished no other (a flood of them costs a look-up each). Any other
    answer is redacted on the compute pool, through the ``recall`` doors (429 past them)."""
    service = _service(request)
    actor = service.actors.get(table_id)
    user = await _user(request)
    histories: OrderedDict[str, tuple[int, bytes, frozenset[str]]] = (
        request.app.state.public_histories
    )
    kept = histories.get(table_id)
    if (
        kept is not None
        and actor
        and kept[0] == actor.engine.session.rounds
        and (user is None or (not user.is_operator and user.name not in kept[2]))
    ):
        return Response(kept[1], media_type="application/json")
    if actor is None and (
        await service.store.run(service.store.open_table_config, table_id) is None
    ):
        raise HTTPException(404, f"no table {table_id!r}")
    recall_door(request, user)
    rows = await service.store.run(service.store.recall_table, table_id, 10)
    if user is not None and user.is_operator:
        return await service.recall(rows, "operator", None)
    name = None if user is None else user.name
    newest = max((int(r["round"]) for r in rows), default=0)
    players = frozenset(p for r in rows for p in r["record"].get("seats") or {})
    found = await service.recall(rows, "caller", name)
    if name in players:
        return found
    body = encode(found).encode()
    histories[table_id] = (newest, body, players)
    histories.move_to_end(table_id)
    while len(histories) > PUBLIC_HISTORIES:
        histories.popitem(last=False)
    return Response(body, media_type="application/json")


#: The most tables whose public history an application keeps (:func:`history`: the newest
#: stored round it holds, its JSON and who played its rounds, in
#: ``app.state.public_histories``).
PUBLIC_HISTORIES = 256


@router.websocket("/ws/lobby")
async def lobby_feed(ws: WebSocket) -> None:
    """The lobby, sent at once and again whenever it changes (read-only, anyone; within its
    address's limits on websockets)."""
    service = _service(ws)
    address = await socket_gate(service, ws)
    if address is None:
        return
    await ws.accept()
    last = ""
    key = f"lobby{next(_LOBBIES)}"
    refused = 0
    try:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                text = service.lobby_text(LOBBY_POLL)
                if text != last:
                    await ws.send_text(text)
                    last = text
                with contextlib.suppress(TimeoutError):
                    msg = await asyncio.wait_for(next_text(ws), LOBBY_POLL)
                    # each message from its socket's bucket, as on /ws: a flood is closed
                    if service.limits.take(("ws.connection", key)):
                        refused += 1
                        if refused >= CLOSE_AFTER:
                            await ws.close(code=4429, reason="too many messages")
                            return
                        continue
                    refused = 0
                    if msg is not None and msg.strip() == '{"type":"ping"}':
                        await ws.send_text('{"type":"pong"}')
    finally:
        service.limits.forget("ws.connection", key)
        socket_closed(service, address)


#: A key for each lobby feed's bucket of messages.
_LOBBIES = itertools.count(1)


def install(app: FastAPI) -> None:
    """Add the browser client's routes to the service's application."""
    app.state.public_histories = OrderedDict()
    app.include_router(router)
