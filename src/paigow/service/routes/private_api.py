"""The HTTP routes of private tables (docs/service.md, "Private tables"):

* ``POST /api/private-tables`` — a player opens a private table (operators open tables in the
  pit);
* ``GET /api/me/private-tables`` — the caller's open private tables and their codes;
* ``GET /api/private-tables/{code}`` — anyone: the table a code opens (rate-limited per
  address: door ``private.lookup``);
* ``GET /api/pit/private-tables`` — operators: the cap, the idle time and every open private
  table with its owner and code.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ..kit.addresses import address_key
from ..kit.ratelimit import LimitedError
from ..private.rooms import Choices, every_open, find_code, normal_code, open_private, owned
from ..wire.protocol import MAX_CENTS
from .deps import Current, Operator, address_of, service_of

__all__ = ["install"]

router = APIRouter()


class OpenPrivate(BaseModel):
    """A private table: the profile, its name, its limits (within the profile's), invitation
    only, the profile's side bets it offers, its computer players (up to the server's)."""

    model_config = ConfigDict(extra="forbid")
    profile: StrictStr = Field(min_length=1, max_length=40)
    name: StrictStr | None = Field(default=None, max_length=64)
    min_wager: StrictInt | None = Field(default=None, ge=1, le=MAX_CENTS)
    max_wager: StrictInt | None = Field(default=None, ge=1, le=MAX_CENTS)
    invitation_only: StrictBool = False
    pair_fortunes: StrictStr | None = Field(default=None, min_length=1, max_length=1)
    dragons_eye: StrictBool = False
    supreme_bonus: StrictBool = True
    computer_players: StrictInt = Field(default=0, ge=0, le=8)


def _link(code: str) -> str:
    return f"/#/join/{code}"


@router.post("/api/private-tables", status_code=201)
async def open_table(body: OpenPrivate, request: Request, user: Current) -> dict[str, Any]:
    """Open a private table (players): its id, share code and link."""
    if user.is_operator:
        raise HTTPException(403, "operators open tables in the pit; a private table is a player's")
    service = service_of(request)
    wait = service.limits.take(("private.open", user.name))
    if wait:
        raise LimitedError(wait, "too many private tables opened; try again later")
    choices = Choices(**body.model_dump(exclude={"profile"}))
    out = await open_private(service, user.name, profile=body.profile, choices=choices)
    return out | {"link": _link(out["code"])}


@router.get("/api/me/private-tables")
async def mine(request: Request, user: Current) -> dict[str, Any]:
    """The caller's open private tables with their codes (from the store: the same at every
    process of a cluster, whichever runs each table), how many they may have, and how many
    computer players a private table may have here."""
    service = service_of(request)
    rows = await service.store.run(owned, service.store, user.name)
    out = [r | {"link": _link(r["code"])} for r in rows]
    o = service.options
    return {
        "tables": out,
        "per_player": o.private_tables_per_player,
        "computer_players": o.private_computer_players,
    }


@router.get("/api/private-tables/{code}")
async def lookup(code: str, request: Request) -> dict[str, Any]:
    """The open private table a share code names (anyone; each lookup counts against the
    address's ``private.lookup`` limit, found or not)."""
    service = service_of(request)
    wait = service.limits.take(("private.lookup", address_key(address_of(request))))
    if wait:
        raise LimitedError(wait, "too many table codes tried; try again later")
    normal = normal_code(code)
    if normal is None:
        raise HTTPException(404, "a table code is 8 letters and digits, like 7KQ2-M9XD")
    table_id = await service.store.run(find_code, service.store, normal)
    actor = None if table_id is None else await service.find(table_id)
    if actor is None:
        raise HTTPException(404, "no open private table has this code (it may have closed)")
    e = actor.engine
    return {
        "table": actor.table_id,
        "code": normal,
        "name": e.config.name,
        "profile": e.profile.name,
        "title": e.profile.meta.title,
        "owner": e.config.owner,
        "invitation_only": e.config.invitation_only,
        "limits": {"min": e.profile.table.min_wager, "max": e.profile.table.max_wager},
    }


@router.get("/api/pit/private-tables")
async def floor(request: Request, _op: Operator) -> dict[str, Any]:
    """The operators' view: the cap per player, the idle time, the computer players a private
    table may have, every open private table (from the store: the same at every process of a
    cluster, whichever runs each table)."""
    service = service_of(request)
    o = service.options
    return {
        "per_player": o.private_tables_per_player,
        "idle_minutes": o.private_idle_minutes,
        "computer_players": o.private_computer_players,
        "tables": await service.store.run(every_open, service.store),
    }


def install(app: FastAPI) -> None:
    """Add the routes to ``app``."""
    app.include_router(router)
