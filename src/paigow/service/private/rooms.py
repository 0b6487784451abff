"""Private tables (docs/service.md, "Private tables").

A signed-in player opens a table of a profile within the profile's own limits, with the side
bets the profile offers that they choose, up to the server's number of computer players, and a
name of their choosing (:func:`paigow.service.kit.names.table_name`: players see the name, not the
id; operators see both); it gets an unguessable id (``p-`` and 16 random letters and digits,
80 bits) and a short share code (8 characters of Crockford's base 32, 40 bits; lookups are
rate-limited per address). An *invitation-only* table is left out of the lobby and of
``/ws/lobby``: its id is known only to who was given the code or the link, so only they can
find it to watch or sit. A private table closes when no person has sat at it for the server's
idle time (:func:`sweep`); a player may have at most the server's number of private tables open
at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Final, Protocol

import sqlalchemy as sa

from paigow.errors import IllegalActionError
from paigow.profiles import bundled_profile
from paigow.table.variations import TableOptions

from ..db.accounts_sql import now
from ..db.schema import tables as db_tables
from ..db.schema import users
from ..db.seats_sql import seated_at
from ..kit.names import table_name
from ..tables.conduct import is_bot
from ..tables.config import TableConfig
from .tables import private_tables

if TYPE_CHECKING:
    from ..db.events import EventLog
    from ..store.store import Store
    from ..tables.actor import TableActor

__all__ = [
    "ALPHABET",
    "Choices",
    "Service",
    "every_open",
    "find_code",
    "normal_code",
    "open_private",
    "owned",
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
    private_computer_players: int


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
    """The open private tables of ``owner``, read from the store (so the same at every process
    of a cluster, whichever runs them): ``table``, ``code``, ``name``, ``profile``,
    ``invitation_only``."""
    p, t = private_tables, db_tables
    with store.engine.connect() as c:
        rows = c.execute(
            sa.select(p.c.table_id, p.c.code, t.c.config)
            .select_from(p.join(t, t.c.id == p.c.table_id))
            .where(p.c.owner == owner, t.c.status == "open")
            .order_by(p.c.created_at)
        ).all()
    out = []
    for table_id, code, config in rows:
        cfg = json.loads(config)
        out.append(
            {
                "table": table_id,
                "code": code,
                "name": cfg.get("name"),
                "profile": str(cfg["profile"]),
                "invitation_only": bool(cfg.get("invitation_only", False)),
            }
        )
    return out


def every_open(store: Store) -> list[dict[str, Any]]:
    """Every open private table, read from the store (the same at every process of a cluster):
    ``table``, ``name``, ``owner``, ``code``, ``invitation_only``, ``players`` (the people
    seated, as the table's owner last stored them)."""
    p, t = private_tables, db_tables
    with store.engine.connect() as c:
        rows = c.execute(
            sa.select(p.c.table_id, p.c.owner, p.c.code, t.c.config)
            .select_from(p.join(t, t.c.id == p.c.table_id))
            .where(t.c.status == "open")
            .order_by(p.c.created_at, p.c.table_id)
        ).all()
        players = seated_at(c, [r[0] for r in rows])
    out = []
    for table_id, owner, code, config in rows:
        cfg = json.loads(config)
        out.append(
            {
                "table": table_id,
                "name": cfg.get("name"),
                "owner": owner,
                "code": code,
                "invitation_only": bool(cfg.get("invitation_only", False)),
                "players": players.get(table_id, []),
            }
        )
    return out


#: How long a code row whose table is not stored yet holds its owner's place (the table is
#: opened just after its code is stored; a process that died in between frees it after this).
RESERVED_FOR: Final = timedelta(minutes=5)


def _reserve(store: Store, code: str, table_id: str, owner: str, cap: int) -> int | None:
    """Store ``code`` for ``table_id`` if ``owner`` has fewer than ``cap`` private tables open
    or being opened, in one transaction with the owner's account row locked: so two openings
    at once, on this process or on any other of a cluster, cannot both take the last place.
    None when stored, else how many the owner has."""
    p, t = private_tables, db_tables
    with store.engine.begin() as c:
        # PostgreSQL: the row lock orders the owner's openings; SQLite has one writer and one
        # process (a cluster needs PostgreSQL), where an asyncio lock orders them
        c.execute(sa.select(users.c.id).where(users.c.name == owner).with_for_update())
        since = now() - RESERVED_FOR
        held = c.execute(
            sa.select(sa.func.count())
            .select_from(p.outerjoin(t, t.c.id == p.c.table_id))
            .where(
                p.c.owner == owner,
                sa.or_(t.c.status == "open", sa.and_(t.c.id.is_(None), p.c.created_at > since)),
            )
        ).scalar_one()
        if held >= cap:
            return int(held)
        c.execute(p.insert().values(code=code, table_id=table_id, owner=owner, created_at=now()))
    return None


def _forget(store: Store, table_id: str) -> None:
    """Take back the place of a table that could not be opened."""
    with store.engine.begin() as c:
        c.execute(private_tables.delete().where(private_tables.c.table_id == table_id))


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


def _limits_within(profile: str, lo: int | None, hi: int | None) -> None:
    t = bundled_profile(profile).table
    for what, v in (("minimum", lo), ("maximum", hi)):
        if v is not None and not t.min_wager <= v <= t.max_wager:
            raise IllegalActionError(
                f"a private {profile} table's {what} wager is {t.min_wager}..{t.max_wager} "
                f"cents (the profile's limits), not {v}"
            )


_opening = asyncio.Lock()


@dataclass(frozen=True)
class Choices:
    """What the player chooses of a private table (docs/service.md, "Private tables"): its
    name, the limits (within the profile's), the profile's side bets it offers (a Pair Fortunes
    pay table, Dragon's Eye, the Supreme Pai Gow bonus) and the computer players (up to the
    server's ``--private-computer-players``)."""

    name: str | None = None
    min_wager: int | None = None
    max_wager: int | None = None
    invitation_only: bool = False
    pair_fortunes: str | None = None
    dragons_eye: bool = False
    supreme_bonus: bool = True
    computer_players: int = 0


def _config(service: Service, owner: str, profile: str, ch: Choices) -> TableConfig:
    """The table's options, every choice checked (why in words when refused)."""
    most = service.options.private_computer_players
    if not 0 <= ch.computer_players <= most:
        raise IllegalActionError(
            f"a private table here has at most {most} computer players, not {ch.computer_players}"
        )
    config = TableConfig(
        id=_new_id(),
        profile=profile,
        min_wager=ch.min_wager,
        max_wager=ch.max_wager,
        pair_fortunes=ch.pair_fortunes,
        dragons_eye=ch.dragons_eye,
        supreme_bonus=ch.supreme_bonus,
        computer_players=ch.computer_players,
        owner=owner,
        invitation_only=ch.invitation_only,
        name=None if ch.name is None else table_name(ch.name),
    )
    built = config.build_profile()  # the profile and its limits checked before anything is stored
    _limits_within(profile, ch.min_wager, ch.max_wager)
    TableOptions(config.pair_fortunes, config.dragons_eye).check(built, player_banked=False)
    return config


async def open_private(
    service: Service, owner: str, *, profile: str, choices: Choices
) -> dict[str, Any]:
    """Open ``owner``'s private table: ``{"table", "code", "name", "invitation_only"}``.

    Raises:
        IllegalActionError: the profile, the name, the limits, a side bet or the computer
            players refused (why), or the player has the most private tables open they may
            have.
    """
    cap = service.options.private_tables_per_player
    store = service.store
    config = _config(service, owner, profile, choices)
    async with _opening:  # one opening at a time in this process (the cap: :func:`_reserve`)
        code = new_code()
        while await store.run(find_code, store, code) is not None:  # pragma: no cover
            code = new_code()
        held = await store.run(_reserve, store, code, config.id, owner, cap)
        if held is not None:
            plural = "s" if held != 1 else ""
            raise IllegalActionError(
                f"you have {held} private table{plural}"
                f" open, the most a player may have here ({cap}"
                "); close one by leaving it empty"
            )
        try:
            await service.open_table(config)
        except BaseException:
            await asyncio.shield(store.run(_forget, store, config.id))
            raise
    await service.events.add(
        "private_table_opened",
        "info",
        config.id,
        owner,
        profile=profile,
        name=config.name,
        invitation_only=config.invitation_only,
        pair_fortunes=config.pair_fortunes,
        dragons_eye=config.dragons_eye,
        computer_players=config.computer_players,
    )
    return {
        "table": config.id,
        "code": code,
        "name": config.name,
        "invitation_only": config.invitation_only,
    }


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
