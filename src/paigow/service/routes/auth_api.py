"""The HTTP routes of accounts and sessions (docs/service.md):

* ``POST /api/register`` — a player account (the sign-up grant at most once per address per
  period);
* ``POST /api/login`` — a session: a bearer token and the session cookie;
* ``POST /api/logout`` — end this session (its websockets close at once);
* ``POST /api/password`` — change your password: every other session of the account ends;
* ``POST /api/accounts/{name}/suspend`` and ``/reinstate`` — operators: a suspended account
  cannot sign in, and its sessions end at once;
* ``GET /api/accounts/{name}/sessions`` and ``POST /api/accounts/{name}/sessions/{id}/revoke``
  — operators: an account's sessions, and ending one.

Every one is behind its doors' limits (429 with ``Retry-After``) and checks passwords on the
hashing pool (503 with ``Retry-After`` when no worker is free in time):
:mod:`paigow.service.accounts.accounts`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from ..accounts.auth import COOKIE
from ..protection.device import Device
from .deps import Current, Operator, address_of, service_of, token_of

__all__ = ["install"]


class Credentials(BaseModel):
    """A name and a password."""

    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(max_length=64)
    password: StrictStr = Field(max_length=200)


class NewPassword(BaseModel):
    """The current password and the new one."""

    model_config = ConfigDict(extra="forbid")
    password: StrictStr = Field(max_length=200)
    new_password: StrictStr = Field(max_length=200)


router = APIRouter()


@router.post("/api/register", status_code=201)
async def register(body: Credentials, request: Request, device: Device) -> dict[str, Any]:
    """Create a player account; its wallet gets the sign-up grant (``grant``: the cents
    credited, 0 when this address had it within the period, or an account now self-excluded
    was seen at it); 403 in a browser where an account now self-excluded was seen."""
    accounts = service_of(request).accounts
    user, granted = await accounts.register(body.name, body.password, address_of(request), device)
    return {"name": user.name, "role": user.role, "grant": granted}


@router.post("/api/login")
async def login(
    body: Credentials, request: Request, response: Response, device: Device
) -> dict[str, Any]:
    """Sign in: a bearer token in the body and the session cookie."""
    service = service_of(request)
    found = await service.accounts.login(body.name, body.password, address_of(request), device)
    if found is None:
        raise HTTPException(401, "wrong name or password")
    user, token, expires = found
    response.set_cookie(
        COOKIE,
        token,
        httponly=True,
        secure=True,
        samesite="strict",
        max_age=int(service.options.session_hours * 3600),
    )
    return {"token": token, "name": user.name, "role": user.role, "expires": expires.isoformat()}


@router.post("/api/logout")
async def logout(request: Request, response: Response, _user: Current) -> dict[str, Any]:
    """End this session; its websockets close at once (code 4401)."""
    token = token_of(request)
    if token:
        await service_of(request).accounts.logout(token)
    response.delete_cookie(COOKIE)
    return {"status": "signed out"}


@router.post("/api/password")
async def password(body: NewPassword, request: Request, user: Current) -> dict[str, Any]:
    """Change your password (the current one checked, 403 when wrong); every other session of
    the account ends, its websockets closed at once."""
    accounts = service_of(request).accounts
    ended = await accounts.change_password(
        user, token_of(request), body.password, body.new_password, address_of(request)
    )
    return {"status": "changed", "sessions_ended": ended}


@router.post("/api/accounts/{name}/suspend")
async def suspend(name: str, request: Request, op: Operator) -> dict[str, Any]:
    """Suspend an account (operators): it cannot sign in, its sessions end at once."""
    ended = await service_of(request).accounts.suspend(name[:64], op)
    if ended is None:
        raise HTTPException(404, f"no account {name!r}")
    return {"name": name, "suspended": True, "sessions_ended": ended}


@router.post("/api/accounts/{name}/reinstate")
async def reinstate(name: str, request: Request, op: Operator) -> dict[str, Any]:
    """Lift an account's suspension (operators)."""
    if not await service_of(request).accounts.reinstate(name[:64], op):
        raise HTTPException(404, f"no account {name!r}")
    return {"name": name, "suspended": False}


@router.get("/api/accounts/{name}/sessions")
async def sessions(name: str, request: Request, _op: Operator) -> list[dict[str, Any]]:
    """An account's sessions (operators): id, created, expires, websockets open here."""
    rows = await service_of(request).accounts.sessions(name[:64])
    if rows is None:
        raise HTTPException(404, f"no account {name!r}")
    return rows


@router.post("/api/accounts/{name}/sessions/{session_id}/revoke")
async def revoke(name: str, session_id: str, request: Request, op: Operator) -> dict[str, Any]:
    """End one session of an account (operators); its websockets close at once."""
    if len(session_id) != 64 or not all(ch in "0123456789abcdef" for ch in session_id):
        raise HTTPException(404, "no such session")
    if not await service_of(request).accounts.revoke(name[:64], session_id, op):
        raise HTTPException(404, f"no such session of {name!r}")
    return {"name": name, "session": session_id, "status": "revoked"}


def install(app: FastAPI) -> None:
    """Add the account routes to the service's application."""
    app.include_router(router)
