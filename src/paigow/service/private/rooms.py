"""Private tables (docs/service.md, "Private tables").

A signed-in player opens a table of a profile within the profile's own limits; it gets an
unguessable id (``p-`` and 16 random letters and digits, 80 bits) and a short share code (8
characters of Crockford's base 32, 40 bits; lookups are rate-limited per address). An
*invitation-only* table is left out of the lobby and of ``/ws/lobby``: its id is known only to
who was given the code or the link, so only they can find it to watch or sit. A private table
closes when no person has sat at it for the server's idle time (:func:`sweep`); a player may
have at most the server's number of private tables open at once.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol

import sqlalchemy as sa

from paigow.errors import IllegalActionError
from paigow.profiles import get_profile

from ..accounts_sql import now
from ..conduct import is_bot
from ..config import TableConfig
from ..schema import tables as db_tables
from .tables import private_tables

if TYPE_CHECKING:
    from ..actor import TableActor
    from ..events import EventLog
    from ..store import Store

__all__ = [
    "ALPHABET",
    "Service",
    "find_code",
    "normal_code",
    "open_private",
    "owned",
    "private_of",
    "sweep",
]

log = logging.getLogger(__name__)

#: Crockford's base 32: no I, L, O or U (read aloud and typed without confusion).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CODE_LEN = 8
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class Options(Protocol):
    """The server's options this module reads (:class:`paigow.service.hub.ServiceOptions`)."""

    private_tables_per_player: int
    private_idle_minutes: float


class Service(Protocol):
    """What private tables use of the service (:class:`paigow.service.hub.Service`): named
    here, not imported, so that the two do not import each other."""

    store: Store
    events: EventLog
    actors: dict[str, TableActor]

    @property
    def options(self) -> Options: ...

    async def open_table(self, config: TableConfig) -> TableActor: ...

    async def close_table(self, table_id: str) -> None: ...

    async def find(self, table_id: str) -> TableActor | None: ...


def new_code() -> str:
    """A share code: 8 random characters of :data:`ALPHABET`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(_CODE_LEN))


def normal_code(text: str) -> str | None:
    """A code as typed (any case, spaces and dashes, O for 0, I or L for 1) in its one form;
    None when it cannot be a code."""
    code = "".join(ch for ch in text.upper() if ch not in " -").translate(_READ_AS)
    if len(code) != _CODE_LEN or any(ch not in ALPHABET for ch in code):
        return None
    return code


def _new_id() -> str:
    return "p-" + "".join(secrets.choice(ALPHABET.lower()) for _ in range(16))


def owned(store: Store, owner: str) -> list[dict[str, Any]]:
    """The open private tables of ``owner``: ``table``, ``code``."""
    p, t = private_tables, db_tables
    with store.engine.connect() as c:
        rows = c.execute(
            sa.select(p.c.table_id, p.c.code)
            .select_from(p.join(t, t.c.id == p.c.table_id))
            .where(p.c.owner == owner, t.c.status == "open")
            .order_by(p.c.created_at)
        ).all()
    return [{"table": r[0], "code": r[1]} for r in rows]


def find_code(store: Store, code: str) -> str | None:
    """The table of an open private table's code."""
    p, t = private_tables, db_tables
    with store.engine.connect() as c:
        found = c.execute(
            sa.select(p.c.table_id)
            .select_from(p.join(t, t.c.id == p.c.table_id))
            .where(p.c.code == code, t.c.status == "open")
        ).first()
    return None if found is None else str(found[0])


def _remember(store: Store, code: str, table_id: str, owner: str) -> None:
    with store.engine.begin() as c:
        c.execute(
            private_tables.insert().values(
                code=code, table_id=table_id, owner=owner, created_at=now()
            )
        )


def _limits_within(profile: str, lo: int | None, hi: int | None) -> None:
    t = get_profile(profile).table
    for what, v in (("minimum", lo), ("maximum", hi)):
        if v is not None and not t.min_wager <= v <= t.max_wager:
            raise IllegalActionError(
                f"a private {profile} table's {what} wager is {t.min_wager}..{t.max_wager} "
                f"cents (the profile's limits), not {v}"
            )


_opening = asyncio.Lock()


async def open_private(
    service: Service,
    owner: str,
    *,
    profile: str,
    min_wager: int | None,
    max_wager: int | None,
    invitation_only: bool,
) -> dict[str, Any]:
    """Open ``owner``'s private table: ``{"table", "code", "invitation_only"}``.

    Raises:
        IllegalActionError: the profile, the limits refused (why), or the player has the most
            private tables open they may have.
    """
    cap = service.options.private_tables_per_player
    store = service.store
    async with _opening:  # one check of the cap and one opening at a time in this process
        mine = await store.run(owned, store, owner)
        if len(mine) >= cap:
            plural = "s" if len(mine) != 1 else ""
            raise IllegalActionError(
                f"you have {len(mine)} private table{plural}"
                f" open, the most a player may have here ({cap}"
                "); close one by leaving it empty"
            )
        config = TableConfig(
            id=_new_id(),
            profile=profile,
            min_wager=min_wager,
            max_wager=max_wager,
            owner=owner,
            invitation_only=invitation_only,
        )
        config.build_profile()  # the profile and its limits checked before anything is stored
        _limits_within(profile, min_wager, max_wager)
        code = new_code()
        while await store.run(find_code, store, code) is not None:  # pragma: no cover
            code = new_code()
        await service.open_table(config)
        await store.run(_remember, store, code, config.id, owner)
    await service.events.add(
        "private_table_opened",
        "info",
        config.id,
        owner,
        profile=profile,
        invitation_only=invitation_only,
    )
    return {"table": config.id, "code": code, "invitation_only": invitation_only}


def _empty(actor: TableActor) -> bool:
    return not any(not is_bot(n) for n in actor.engine.seats)


async def sweep(service: Service, every: float | None = None) -> None:
    """Close every private table this process runs that has had nobody seated for the
    server's idle time (forever; cancel the task to stop). After a restart the idle time of
    an empty table counts again from the start."""
    idle = service.options.private_idle_minutes * 60
    every = every if every is not None else max(0.5, min(15.0, idle / 4))
    since: dict[str, float] = {}
    while True:
        await asyncio.sleep(every)
        t = time.monotonic()
        for tid, actor in list(service.actors.items()):
            if actor.closed or not actor.owner or actor.engine.config.owner is None:
                since.pop(tid, None)
                continue
            if not _empty(actor):
                since.pop(tid, None)
                continue
            first = since.setdefault(tid, t)
            if t - first < idle:
                continue
            since.pop(tid, None)
            try:
                await service.close_table(tid)
            except Exception as e:  # a held table waits for an operator
                log.warning("private table %s not closed: %s", tid, e)
                continue
            await service.events.add(
                "private_table_closed", "info", tid, None, reason="empty", minutes=idle / 60
            )


def private_of(config: TableConfig) -> dict[str, Any] | None:
    """What the lobby says of a private table (None for the house's)."""
    if config.owner is None:
        return None
    return {"owner": config.owner, "invitation_only": config.invitation_only}
