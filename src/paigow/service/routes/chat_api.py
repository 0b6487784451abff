"""The HTTP routes of table chat (docs/service.md, "Chat"):

* ``GET /api/tables/{id}/chat`` — operators: every message of a table after ``since``, deleted
  ones too (who deleted them, when), for review;
* ``POST /api/tables/{id}/chat/{message_id}/delete`` — operators: delete a message (every
  client watching removes it);
* ``POST /api/accounts/{name}/silence`` and ``/unsilence`` — operators: an account's messages
  refused in every chat for ``minutes`` (``null``: until lifted), or again allowed;
* ``GET /api/me/mutes`` and ``POST /api/me/mutes`` — a player's mutes: the server sends them
  nothing of a player they muted.

Messages themselves are written on the table's websocket (``chat``,
:class:`paigow.service.social.chat.ChatPost`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, HTTPException, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ..social.chat_sql import review_messages
from .deps import Current, Operator, service_of

__all__ = ["install"]

router = APIRouter()


class Silence(BaseModel):
    """How long an account is silenced: ``minutes`` (``null``: until an operator lifts it)."""

    model_config = ConfigDict(extra="forbid")
    minutes: StrictInt | None = Field(default=None, ge=1, le=366 * 24 * 60)


class Mute(BaseModel):
    """Mute (``mute`` true) or unmute another player."""

    model_config = ConfigDict(extra="forbid")
    player: StrictStr = Field(min_length=1, max_length=32)
    mute: StrictBool = True


@router.get("/api/tables/{table_id}/chat")
async def review(
    table_id: str,
    request: Request,
    _op: Operator,
    since: Annotated[int, Query(ge=0, le=2**63 - 1)] = 0,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
) -> list[dict[str, Any]]:
    """Every message of a table after ``since``, deleted ones too, oldest first (operators;
    closed tables too: none for a table that has no message)."""
    service = service_of(request)
    return await service.store.run(review_messages, service.store, table_id, since, limit)


@router.post("/api/tables/{table_id}/chat/{message_id}/delete")
async def delete(
    table_id: str,
    message_id: Annotated[int, Path(ge=1, le=2**63 - 1)],
    request: Request,
    op: Operator,
) -> dict[str, Any]:
    """Delete a message: every client watching the table removes it (operators)."""
    row = await service_of(request).chat.delete(table_id, message_id, op)
    if row is None:
        raise HTTPException(404, f"table {table_id!r} has no message {message_id}")
    return {"table": table_id, "id": message_id, "author": row["author"], "deleted": True}


@router.post("/api/accounts/{name}/silence")
async def silence(request: Request, name: str, body: Silence, op: Operator) -> dict[str, Any]:
    """Refuse an account's messages in every chat for ``minutes`` (operators)."""
    service = service_of(request)
    if await service.store.run(service.store.user_by_name, name) is None:
        raise HTTPException(404, f"no account {name!r}")
    return await service.chat.silence(name, body.minutes, op)


@router.post("/api/accounts/{name}/unsilence")
async def unsilence(request: Request, name: str, op: Operator) -> dict[str, Any]:
    """Allow an account's messages again (operators)."""
    lifted = await service_of(request).chat.unsilence(name, op)
    return {"name": name, "silenced": False, "lifted": lifted}


@router.get("/api/me/mutes")
async def my_mutes(request: Request, user: Current) -> dict[str, Any]:
    """The players this account muted."""
    service = service_of(request)
    return {"muted": sorted(await service.chat.muted(user.name))}


@router.post("/api/me/mutes")
async def set_mute(request: Request, body: Mute, user: Current) -> dict[str, Any]:
    """Mute (or unmute) a player: the server sends this account none of their messages."""
    if body.player == user.name:
        raise HTTPException(422, "you cannot mute yourself")
    service = service_of(request)
    if body.mute and await service.store.run(service.store.user_by_name, body.player) is None:
        raise HTTPException(404, f"no account {body.player!r}")
    return {"muted": await service.chat.mute(user.name, body.player, body.mute)}


def install(app: FastAPI) -> None:
    """Add the chat's routes to the service's application."""
    app.include_router(router)
