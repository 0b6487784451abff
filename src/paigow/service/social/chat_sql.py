"""The store's statements for table chat: messages (written in groups, one transaction for all
the messages waiting), the recent ones of a table, an operator's review and deletion, a
player's mutes and the accounts an operator silenced. Each function runs in one transaction,
in the store's thread (:meth:`paigow.service.store.store.Store.run`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from ..db.accounts_sql import now
from ..db.sessions_sql import SessionRevokedError, check_session
from .tables import chat_messages, chat_mutes, chat_silences

if TYPE_CHECKING:
    from ..store.store import Store

__all__ = [
    "delete_message",
    "insert_messages",
    "mutes_of",
    "recent_messages",
    "review_messages",
    "set_mute",
    "set_silence",
    "silences",
]


def _utc(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def _message(r: Any) -> dict[str, Any]:
    return {
        "id": int(r["id"]),
        "table": r["table_id"],
        "author": r["author"],
        "role": r["role"],
        "text": r["text"],
        "at": _utc(r["at"]).isoformat(),
    }


def insert_messages(store: Store, rows: Sequence[dict[str, Any]]) -> list[dict[str, Any] | str]:
    """Store messages (``table``, ``author``, ``role``, ``text``, ``session``: the token hash
    of the sender's session, or None) in one transaction, each checked against its sender's
    session in it (:func:`paigow.service.db.sessions_sql.check_session`: a message of a session
    that ended is not written); each as stored, with its ``id`` and time, or why it was not."""
    m = chat_messages
    out: list[dict[str, Any] | str] = []
    stamp = now()
    with store.engine.begin() as c:
        for row in rows:
            if row.get("session"):
                try:
                    check_session(c, row["session"])
                except SessionRevokedError as e:
                    out.append(str(e))
                    continue
            key = c.execute(
                m.insert().values(
                    table_id=row["table"],
                    author=row["author"],
                    role=row["role"],
                    text=row["text"],
                    at=stamp,
                )
            ).inserted_primary_key
            assert key is not None
            kept = {k: row[k] for k in ("table", "author", "role", "text")}
            out.append({**kept, "id": int(key[0]), "at": stamp.isoformat()})
    return out


def recent_messages(store: Store, table_id: str, n: int) -> list[dict[str, Any]]:
    """The last ``n`` messages of a table that are not deleted, oldest first."""
    m = chat_messages
    q = (
        sa.select(m)
        .where(sa.and_(m.c.table_id == table_id, m.c.deleted_at.is_(None)))
        .order_by(m.c.id.desc())
        .limit(n)
    )
    with store.engine.connect() as c:
        rows = [_message(r) for r in c.execute(q).mappings()]
    return rows[::-1]


def review_messages(store: Store, table_id: str, since: int, limit: int) -> list[dict[str, Any]]:
    """Every message of a table after id ``since``, deleted ones too (with who deleted them and
    when), oldest first, at most ``limit``: what an operator reviews."""
    m = chat_messages
    q = (
        sa.select(m)
        .where(sa.and_(m.c.table_id == table_id, m.c.id > since))
        .order_by(m.c.id)
        .limit(limit)
    )
    with store.engine.connect() as c:
        rows = list(c.execute(q).mappings())
    out = []
    for r in rows:
        gone = r["deleted_at"]
        out.append(
            _message(r)
            | {
                "deleted_at": None if gone is None else _utc(gone).isoformat(),
                "deleted_by": r["deleted_by"],
            }
        )
    return out


def delete_message(store: Store, table_id: str, message_id: int, by: str) -> dict[str, Any] | None:
    """Mark a message of a table deleted (once: deleting it again changes nothing); the message
    (None: the table has no such message)."""
    m = chat_messages
    where = sa.and_(m.c.table_id == table_id, m.c.id == message_id)
    with store.engine.begin() as c:
        row = c.execute(sa.select(m).where(where).with_for_update()).mappings().first()
        if row is None:
            return None
        if row["deleted_at"] is None:
            c.execute(m.update().where(where).values(deleted_at=now(), deleted_by=by[:32]))
        return _message(row)


def mutes_of(store: Store, player: str) -> set[str]:
    """The players ``player`` has muted."""
    q = sa.select(chat_mutes.c.muted).where(chat_mutes.c.player == player)
    with store.engine.connect() as c:
        return {r[0] for r in c.execute(q)}


def set_mute(store: Store, player: str, muted: str, on: bool) -> set[str]:
    """Mute (or unmute) ``muted`` for ``player``; the players muted now."""
    t = chat_mutes
    where = sa.and_(t.c.player == player, t.c.muted == muted)
    with store.engine.begin() as c:
        found = c.execute(sa.select(t.c.muted).where(where)).first() is not None
        if on and not found:
            c.execute(t.insert().values(player=player, muted=muted, at=now()))
        elif not on and found:
            c.execute(t.delete().where(where))
        return {r[0] for r in c.execute(sa.select(t.c.muted).where(t.c.player == player))}


def silences(store: Store) -> dict[str, dict[str, Any]]:
    """The accounts silenced now: ``until`` (None: until an operator lifts it), ``by``,
    ``at``."""
    t = chat_silences
    stamp = now()
    with store.engine.connect() as c:
        rows = list(c.execute(sa.select(t)).mappings())
    out = {}
    for r in rows:
        until = None if r["until"] is None else _utc(r["until"])
        if until is None or until > stamp:
            out[r["account"]] = {"until": until, "by": r["by"], "at": _utc(r["at"])}
    return out


def set_silence(store: Store, account: str, until: dt.datetime | None, by: str, on: bool) -> bool:
    """Silence ``account`` in every chat until ``until`` (None: until lifted), or lift it
    (``on`` False); False when there was nothing to lift."""
    t = chat_silences
    with store.engine.begin() as c:
        found = c.execute(sa.select(t.c.account).where(t.c.account == account)).first()
        if not on:
            if found is None:
                return False
            c.execute(t.delete().where(t.c.account == account))
            return True
        values = {"until": until, "by": by[:32], "at": now()}
        if found is None:
            c.execute(t.insert().values(account=account, **values))
        else:
            c.execute(t.update().where(t.c.account == account).values(**values))
        return True
