"""The session reminder: every ``reminder_minutes`` of a session, the server tells the player's
websocket how long the session has lasted and how it went (``{"type": "reminder", "minutes":
M, "every": N, "rounds": R, "net": cents}``: the rounds settled since sign-in in which the
player sat, and their net over them, summed from the stored records). The session's start is
its sign-in (``sessions.created_at``); the player's interval is read at connect and again at
least once a minute, so a change applies within a minute."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson
import sqlalchemy as sa

from ..db import schema as db
from ..db.accounts_sql import now
from ..db.database import DatabaseAwayError
from .checks import utc
from .tables import protection

if TYPE_CHECKING:
    from ..db.database import Database

__all__ = ["remind", "session_play"]


def _read(store: Database, name: str, session: str | None) -> tuple[int | None, dt.datetime | None]:
    with store.engine.connect() as c:
        minutes = c.execute(
            sa.select(protection.c.reminder_minutes).where(protection.c.account == name)
        ).scalar()
        started = None
        if session is not None:
            started = c.execute(
                sa.select(db.sessions.c.created_at).where(db.sessions.c.token_hash == session)
            ).scalar()
    return (None if minutes is None else int(minutes)), utc(started)


def session_play(store: Database, name: str, since: dt.datetime) -> tuple[int, int]:
    """The rounds finished at or after ``since`` in which ``name`` sat, and ``name``'s net over
    them (each record's ``net``: every wager of theirs, side bets, commission, a bank's
    result)."""
    rp, r = db.round_players, db.rounds
    on = (rp.c.table_id == r.c.table_id) & (rp.c.round_no == r.c.round_no)
    q = sa.select(r.c.record).select_from(rp.join(r, on))
    q = q.where(rp.c.player == name, r.c.finished_at >= since)
    rounds = net = 0
    with store.engine.connect() as c:
        for text in c.execute(q).scalars():
            rounds += 1
            net += int(orjson.loads(text).get("net", {}).get(f"player:{name}", 0))
    return rounds, net


async def remind(
    store: Database,
    name: str,
    session: str | None,
    push: Callable[[dict[str, Any]], None],
    minute: float = 60.0,
) -> None:
    """Push a reminder each interval of the session (forever; cancel the task to stop).
    ``minute``: the seconds of a minute (shorter only in tests)."""
    told: int | None = None  # reminders due when connected: a reload repeats none
    opened = now()
    while True:
        try:
            minutes, started = await store.run(_read, store, name, session)
        except DatabaseAwayError:  # (logged by the store) asked again in a minute
            await asyncio.sleep(minute)
            continue
        played = (now() - (started or opened)).total_seconds()
        wait = minute
        if minutes:
            every = minutes * minute
            due = int(played // every)
            if told is not None and due > told:
                try:
                    rounds, net = await store.run(session_play, store, name, started or opened)
                except DatabaseAwayError:  # told in a minute, when the database answers
                    await asyncio.sleep(minute)
                    continue
                push(
                    {
                        "type": "reminder",
                        "minutes": int(played // minute),
                        "every": minutes,
                        "rounds": rounds,
                        "net": net,
                    }
                )
            told = due
            wait = min(minute, (due + 1) * every - played + 0.05)
        else:
            told = None
        await asyncio.sleep(max(0.05, wait))
