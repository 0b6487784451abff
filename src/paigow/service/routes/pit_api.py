"""The pit's HTTP routes: the operator's console of the web client (docs/service.md, "The pit").

Every route needs an operator's session (401 signed out, 403 for a player), counts against
its address's HTTP limit like every request and against the operator account's
(``pit.account``, as every operator route: :func:`paigow.service.routes.deps.operator`); those
that change something are written to the event log.

* ``GET /api/pit/floor`` — every table live: profile, limits, options, seats and players,
  phase, round, computer players, pause, held and why, a change of options waiting for the
  round's end, and what the operator may do to it now (``can``) and the options its profile
  offers (``offer``): the page offers only these (the same rows are pushed to an operator's
  websocket that follows the floor: :mod:`paigow.service.floor_feed`);
* ``GET /api/pit/profiles`` — the profiles a table opens with, and the options each offers;
* ``POST /api/pit/tables/{id}/pause`` and ``/resume`` — no new round starts while paused;
* ``POST /api/pit/tables/{id}/configure`` — limits and options changed between rounds (asked
  during a round: it waits for the round's end), :mod:`paigow.service.tables.tableopts`;
* ``GET /api/pit/tables/{id}/rounds/{n}`` — any stored round of any table, whole, with its
  settlement statement;
* ``POST /api/pit/tables/{id}/look`` — a surveillance look at the open round's hands, for an
  operator who holds the surveillance right, each look written to the event log first;
* ``POST /api/pit/accounts/{name}/surveillance`` — grant or withdraw another operator's right;
* ``GET /api/pit/accounts?q=`` — accounts by name; ``GET /api/pit/accounts/{name}`` — one
  account: wallet, ledger lines, sessions, seats, last rounds;
* ``POST /api/pit/accounts/{name}/adjust`` — a wallet adjustment (the one door for moving money
  by hand) with a required reason and idempotency key, bounded, never one's own wallet: a
  balanced ledger movement with the cashier, its ``wallet_adjusted`` event and its key, in one
  transaction;
* ``GET /api/pit/meters?from=&to=`` and ``/api/pit/meters.csv`` — the pit's meters of a period
  of UTC days (:mod:`paigow.service.db.pit_meters`);
* ``GET /api/pit/tables/{id}/report`` — the probability and accounting report of the table's
  profile (:mod:`paigow.report`), the document ``paigow report --profile P`` writes, as a
  download: made on a worker process of its own once per profile, then sent from memory.

(Opening and closing a table, suspending, reinstating and revoking sessions, the event log,
the audit and a table's rounds are the operator routes of :mod:`paigow.service.routes.app` and
:mod:`paigow.service.routes.auth_api`.)
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, HTTPException, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from paigow.profiles import bundled_profile, profile_names
from paigow.table.observation import SURVEILLANCE

from ..accounts.auth import User, token_hash
from ..db import pit_meters
from ..db.events import event
from ..db.seats_sql import seats_of
from ..floor_feed import floor_tables, floor_view
from ..hub import Service
from ..kit.names import normal_name
from ..pit import pit_sql
from ..pit.lab_report import report_document
from ..protection import bindings
from ..protection import rules as protection_rules
from ..tables.actor import TableActor
from ..tables.lobby import floor_facts, floor_row, offer
from ..wire.chat_text import MAX_RAW, PlainLineError, plain_line
from ..wire.protocol import ConfigureArgs
from .deps import Operator, service_of, token_of

__all__ = ["install"]

router = APIRouter(prefix="/api/pit")

_DAY = Annotated[str | None, Query(pattern=r"^\d{4}-\d{2}-\d{2}$")]
#: The longest period of the meters, in days.
MAX_DAYS = 366


#: The most cents one wallet adjustment moves, either way ($1,000,000; docs/service.md).
MAX_ADJUSTMENT = 100_000_000
#: A reason's length, in characters once normalised (:func:`plain_line`).
REASON_CHARS = (8, 60)


class Adjustment(BaseModel):
    """Cents into a wallet (negative: out of it), why, and the operator's idempotency key
    (one per intended adjustment, the same on every retry of it)."""

    model_config = ConfigDict(extra="forbid")
    cents: StrictInt = Field(ge=-MAX_ADJUSTMENT, le=MAX_ADJUSTMENT)
    reason: StrictStr = Field(max_length=MAX_RAW)
    key: StrictStr = Field(pattern=r"^[A-Za-z0-9_-]{8,80}$")


async def _actor(service: Service, table_id: str) -> TableActor:
    actor = await service.find(table_id[:40])
    if actor is None:
        raise HTTPException(404, f"no open table {table_id!r}")
    return actor


async def _command(
    request: Request, op: User, table_id: str, action: str, args: dict[str, Any]
) -> dict[str, Any]:
    """An operator's action at a table, as on the websocket; refused: 409 with why."""
    service = service_of(request)
    actor = await _actor(service, table_id)
    token = token_of(request)
    session = token_hash(token) if token else None
    key = f"pit-{secrets.token_hex(8)}"
    result = await actor.command(op, key, action, args, session)
    if result.get("status") != "applied":
        raise HTTPException(409, str(result.get("error", "refused")))
    return result


@router.get("/floor")
async def floor(request: Request, op: Operator) -> list[dict[str, Any]]:
    """Every open table, live, with what the operator may do to it (``look``: a surveillance
    look, for an operator who holds the right, while a round is open): the rows the floor
    pushed to an operator's websocket carries (:mod:`paigow.service.floor_feed`)."""
    service = service_of(request)
    look = await service.store.run(pit_sql.has_surveillance, service.store, op.name)
    return floor_view(await floor_tables(service), look)


@router.get("/profiles")
async def profiles(_op: Operator) -> list[dict[str, Any]]:
    """The profiles a table opens with: name, title, game, seats, limits and options."""
    out = []
    for name in profile_names():
        p = bundled_profile(name)
        out.append(
            {
                "name": name,
                "title": p.meta.title,
                "positions": p.table.positions,
                "limits": {"min": p.table.min_wager, "max": p.table.max_wager},
                "offer": offer(p),
            }
        )
    return out


@router.post("/tables/{table_id}/pause")
async def pause(table_id: str, request: Request, op: Operator) -> dict[str, Any]:
    """No new round starts at the table (the round open plays on)."""
    await _command(request, op, table_id, "pause", {})
    return {"table": table_id, "paused": True}


@router.post("/tables/{table_id}/resume")
async def resume(table_id: str, request: Request, op: Operator) -> dict[str, Any]:
    """Rounds start again."""
    await _command(request, op, table_id, "resume", {})
    return {"table": table_id, "paused": False}


@router.post("/tables/{table_id}/configure")
async def configure(
    table_id: str, body: ConfigureArgs, request: Request, op: Operator
) -> dict[str, Any]:
    """Change the table's limits and options: now between rounds, else at the round's end
    (``pending``); refused (409, why) when the change is not allowed."""
    args = body.model_dump(exclude_none=True)
    await _command(request, op, table_id, "configure", args)
    actor = await _actor(service_of(request), table_id)
    lobby = service_of(request).lobby(hidden=True)
    entry = next((t for t in lobby if t["id"] == actor.table_id), None)
    if entry is None:
        raise HTTPException(404, f"no open table {table_id!r}")
    store = service_of(request).store
    look = await store.run(pit_sql.has_surveillance, store, op.name)
    return floor_row({**floor_facts(actor), **entry}, look)


@router.post("/tables/{table_id}/look")
async def look(table_id: str, request: Request, op: Operator) -> dict[str, Any]:
    """A surveillance look at the open round: every dealt hand, for an operator who holds the
    surveillance right (403 otherwise). The look is written to the event log
    (``surveillance_look``) before the hands are sent; no round open: 409."""
    service = service_of(request)
    if not await service.store.run(pit_sql.has_surveillance, service.store, op.name):
        raise HTTPException(403, "seeing hands not yet exposed needs the surveillance right")
    actor = await _actor(service, table_id)
    e = actor.engine
    view = e.view(SURVEILLANCE) if e.round is not None else None
    if view is None:
        raise HTTPException(409, "no round is open at this table: a finished one is recalled")
    number = e.session.rounds + 1
    ev = event("surveillance_look", "warning", actor.table_id, op.name, round=number)
    stored = await service.store.run(pit_sql.write_event, service.store, ev, service.instance)
    service.events.show(stored)
    hands = {p: v["pieces"] for p, v in view["positions"].items() if v["dealt"]}
    return {"table": actor.table_id, "round": number, "hands": hands, "event": stored["id"]}


@router.get("/tables/{table_id}/rounds/{round_no}")
async def round_of(
    table_id: str,
    round_no: Annotated[int, Path(ge=1, le=2**31 - 1)],
    request: Request,
    _op: Operator,
) -> dict[str, Any]:
    """Any stored round of any table (open or closed), whole (every step, every hand: a stored
    round is finished), with its settlement statement."""
    service = service_of(request)
    row = await service.store.run(service.store.recall_round, table_id[:40], round_no)
    if row is None:
        raise HTTPException(404, f"no round {round_no} of table {table_id!r}")
    found: dict[str, Any] = (await service.recall([row], "operator", None))[0]
    return found


class Grant(BaseModel):
    """The surveillance right granted (true) or withdrawn (false)."""

    model_config = ConfigDict(extra="forbid")
    surveillance: StrictBool


@router.post("/accounts/{name}/surveillance")
async def surveillance(name: str, body: Grant, request: Request, op: Operator) -> dict[str, Any]:
    """Grant or withdraw another operator's surveillance right (an alert in the event log);
    an operator does not grant it to themself (403), a player cannot hold it (409)."""
    service = service_of(request)
    if name == op.name:
        raise HTTPException(403, "an operator does not grant themself the surveillance right")
    user = await service.store.run(service.store.user_by_name, name[:64])
    if user is None:
        raise HTTPException(404, f"no account {name!r}")
    if user["role"] != "operator":
        raise HTTPException(409, "only an operator account holds the surveillance right")
    stored = await service.store.run(
        pit_sql.set_surveillance,
        service.store,
        name,
        body.surveillance,
        (op.name, service.instance),
    )
    service.events.show(stored)
    return {"name": name, "surveillance": body.surveillance}


@router.get("/accounts")
async def accounts(
    request: Request,
    _op: Operator,
    q: Annotated[str, Query(max_length=32)] = "",
) -> list[dict[str, Any]]:
    """Accounts whose name contains ``q`` (at most 50, by name)."""
    store = service_of(request).store
    return await store.run(pit_sql.find_accounts, store, q.strip().lower())


@router.get("/accounts/{name}")
async def account(name: str, request: Request, _op: Operator) -> dict[str, Any]:
    """One account: wallet, its last ledger lines, sessions, seats and last rounds."""
    service = service_of(request)
    found = await service.store.run(pit_sql.account, service.store, name[:64])
    if found is None:
        raise HTTPException(404, f"no account {name!r}")
    found["sessions"] = await service.accounts.sessions(name[:64]) or []
    found["seats"] = await service.store.run(seats_of, service.store, name[:64])
    found["connected"] = service.is_connected(name)
    found["protection"] = await service.store.run(protection_rules.read, service.store, name[:64])
    found["bindings"] = await service.store.run(bindings.bindings, service.store, name[:64])
    rounds = await service.store.run(service.store.recall_player, name[:64], 10)
    found["rounds"] = [
        {
            "table": r["table"],
            "round": r["round"],
            "finished_at": r["finished_at"],
            "net": int((r["record"].get("net") or {}).get(f"player:{name}", 0)),
        }
        for r in rounds
    ]
    return found


@router.post("/accounts/{name}/adjust")
async def adjust(
    name: str, body: Adjustment, request: Request, response: Response, op: Operator
) -> dict[str, Any]:
    """Move cents into (or out of) a wallet by hand (the one door for it), with the operator's
    reason and idempotency key: a balanced ledger movement with the cashier, its
    ``wallet_adjusted`` event (who, whom, how much, why) and the key, in one transaction.
    Refused: no reason of :data:`REASON_CHARS` characters once normalised, or one holding an
    invisible, control or format character (422); 0 cents or more than
    :data:`MAX_ADJUSTMENT` either way (422); the operator's own wallet (403); the wallet would
    go negative (409; nothing changes). The key sent again with the same adjustment answers
    what it answered the first time and moves nothing (header ``Idempotent-Replayed: true``);
    with another adjustment, 409."""
    service = service_of(request)
    name = normal_name(name[:64])
    if name == op.name:
        raise HTTPException(
            403, "an operator does not adjust their own wallet; another operator must"
        )
    if body.cents == 0:
        raise HTTPException(422, "an adjustment moves at least one cent")
    try:
        reason = plain_line(
            body.reason, what="a reason", least=REASON_CHARS[0], most=REASON_CHARS[1]
        )
    except PlainLineError as e:
        raise HTTPException(422, str(e)) from None
    user = await service.store.run(service.store.user_by_name, name)
    if user is None:
        raise HTTPException(404, f"no account {name!r}")
    done = await service.store.run(
        pit_sql.adjust,
        service.store,
        name,
        body.cents,
        (reason, op.name, service.instance),
        body.key,
    )
    if done.event is not None:
        service.events.show(done.event)
    if done.repeated:
        response.headers["Idempotent-Replayed"] = "true"
    else:
        service.wallets.changed([name])  # every page of the account (wallets.py)
    return {"name": name, "wallet": done.balance, "event": done.event_id}


def _period(first: str | None, last: str | None) -> tuple[dt.date, dt.date]:
    today = dt.datetime.now(dt.UTC).date()
    try:
        a = dt.date.fromisoformat(first) if first else today
        b = dt.date.fromisoformat(last) if last else a
    except ValueError as e:
        raise HTTPException(422, f"a day is YYYY-MM-DD: {e}") from None
    if b < a or (b - a).days >= MAX_DAYS:
        raise HTTPException(422, f"a period runs forward, at most {MAX_DAYS} days")
    return a, b


async def _meter_rows(
    request: Request, first: str | None, last: str | None
) -> tuple[dt.date, dt.date, list[dict[str, Any]], list[dict[str, Any]]]:
    a, b = _period(first, last)
    start = dt.datetime.combine(a, dt.time(), dt.UTC)
    end = dt.datetime.combine(b, dt.time(23), dt.UTC)
    store = service_of(request).store
    rows, sides = await store.run(
        pit_sql.meter_rows, store, pit_meters.hour_of(start), pit_meters.hour_of(end)
    )
    return a, b, rows, sides


@router.get("/meters")
async def meters(
    request: Request, _op: Operator, first: _DAY = None, last: _DAY = None
) -> dict[str, Any]:
    """The meters of the UTC days ``first..last`` (today by default): the total, per table,
    per profile and per hour."""
    a, b, rows, sides = await _meter_rows(request, first, last)
    return {"first": a.isoformat(), "last": b.isoformat(), **pit_meters.summary(rows, sides)}


@router.get("/meters.csv")
async def meters_csv(
    request: Request, _op: Operator, first: _DAY = None, last: _DAY = None
) -> Response:
    """The same period's stored meter rows as CSV (one line per table and hour, then per
    table, hour and side bet)."""
    a, b, rows, sides = await _meter_rows(request, first, last)
    name = f"pit-meters-{a.isoformat()}-{b.isoformat()}.csv"
    return Response(
        pit_meters.csv_text(rows, sides),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/tables/{table_id}/report")
async def table_report(table_id: str, request: Request, _op: Operator) -> Response:
    """The report of the table's profile as ``paigow report --profile P`` writes it, as an
    HTML attachment (made on the reports' worker process the first time: several seconds;
    503 with ``Retry-After`` when it stays busy)."""
    service = service_of(request)
    actor = await _actor(service, table_id)
    name = actor.engine.profile.name
    html = service.reports_made.get(name)
    if html is None:
        html = await service.reports.run(report_document, name)
        if name in profile_names():
            service.reports_made[name] = html
    return Response(
        html,
        media_type="text/html; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="paigow-report-{name}.html"'},
    )


def install(app: FastAPI) -> None:
    """Add the pit's routes to the service's application."""
    app.include_router(router)
