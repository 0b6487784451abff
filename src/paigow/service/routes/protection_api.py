"""The HTTP routes of player protection (docs/service.md, "Player protection"):

* ``GET /api/me/protection`` — the caller's limit, what they bought in today, the reminder,
  self-exclusion;
* ``POST /api/me/protection/limit`` — ``{"cents"}`` (``null``: none): lower at once, higher
  after the cooling-off;
* ``POST /api/me/protection/reminder`` — ``{"minutes"}`` (``null``: off);
* ``POST /api/me/protection/exclude`` — ``{"days"}``: no seat and no buy-in until it ends
  (refused while seated: leave first);
* ``POST /api/pit/accounts/{name}/payment-id`` — operators: ``{"payment_id"}`` (``null``:
  none), the account's payment identity, which binds every account that has the same one
  (:mod:`.bindings`).

Operators see an account's protection and what binds it in the pit
(``GET /api/pit/accounts/{name}``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ..kit.addresses import address_key
from ..protection import bindings, rules
from ..protection.device import Device, seen
from ..wire.protocol import MAX_CENTS
from .deps import Current, Operator, address_of, service_of

__all__ = ["install"]

router = APIRouter()


class Limit(BaseModel):
    """A daily buy-in limit in cents (``null``: no limit)."""

    model_config = ConfigDict(extra="forbid")
    cents: StrictInt | None = Field(ge=1, le=MAX_CENTS)


class Reminder(BaseModel):
    """The session reminder's interval in minutes (``null``: off)."""

    model_config = ConfigDict(extra="forbid")
    minutes: StrictInt | None = Field(ge=1, le=720)


class PaymentId(BaseModel):
    """An account's payment identity (``null``: none): a deployment's own external id."""

    model_config = ConfigDict(extra="forbid")
    payment_id: StrictStr | None = Field(min_length=1, max_length=128)


class Exclusion(BaseModel):
    """Self-exclusion for ``days`` days."""

    model_config = ConfigDict(extra="forbid")
    days: StrictInt = Field(ge=1, le=3650)


def _with(service: Any, found: dict[str, Any]) -> dict[str, Any]:
    return found | {"cooling_hours": service.options.protection_cooling_hours}


@router.get("/api/me/protection")
async def mine(request: Request, user: Current) -> dict[str, Any]:
    """The caller's protection now."""
    service = service_of(request)
    return _with(service, await service.store.run(rules.read, service.store, user.name))


@router.post("/api/me/protection/limit")
async def limit(body: Limit, request: Request, user: Current) -> dict[str, Any]:
    """Set the daily buy-in limit: a lower one at once, a higher one (or none) after the
    cooling-off."""
    service = service_of(request)
    cooling = service.options.protection_cooling_hours
    out = await service.store.run(rules.set_limit, service.store, user.name, body.cents, cooling)
    await service.events.add(
        "protection_limit", "info", None, user.name, cents=body.cents, pending=out["pending"]
    )
    service.wallets.changed([user.name])  # what the pages offer to buy in (wallets.py)
    return _with(service, out)


@router.post("/api/me/protection/reminder")
async def reminder(body: Reminder, request: Request, user: Current) -> dict[str, Any]:
    """Set the session reminder's interval (or turn it off)."""
    service = service_of(request)
    out = await service.store.run(rules.set_reminder, service.store, user.name, body.minutes)
    return _with(service, out)


@router.post("/api/me/protection/exclude")
async def exclude(
    body: Exclusion, request: Request, user: Current, device: Device
) -> dict[str, Any]:
    """Exclude yourself from play for ``days`` days (it cannot be lifted early); the browser
    and the address asking are recorded with the account first, so that they bind it."""
    service = service_of(request)
    await seen(request, user.name, device, address_key(address_of(request)))
    # refused (409) while the player sits at any table of any process: read from the store in
    # the transaction that writes the exclusion (rules.exclude)
    out = await service.store.run(rules.exclude, service.store, user.name, body.days)
    await service.events.add(
        "self_exclusion", "warning", None, user.name, days=body.days, until=out["excluded_until"]
    )
    service.wallets.changed([user.name])
    return _with(service, out)


@router.post("/api/pit/accounts/{name}/payment-id")
async def payment_id(name: str, body: PaymentId, request: Request, op: Operator) -> dict[str, Any]:
    """Set (or remove) an account's payment identity (operators): what binds it now."""
    service = service_of(request)
    store = service.store
    if await store.run(store.user_by_name, name[:64]) is None:
        raise HTTPException(404, f"no account {name!r}")
    await store.run(bindings.set_payment_id, store, name[:64], body.payment_id, op.name)
    await service.events.add(
        "payment_id_set", "info", None, op.name, account=name[:64], payment_id=body.payment_id
    )
    service.wallets.changed([name[:64]])  # the limits that bind them now (wallets.py)
    return await store.run(bindings.bindings, store, name[:64])


def install(app: FastAPI) -> None:
    """Add the routes to ``app``."""
    app.include_router(router)
