"""The tables of table chat (migration ``0006_social``), on the service's one
:data:`paigow.service.db.schema.metadata`. docs/service.md ("Database schema") describes every
column.
"""

from __future__ import annotations

from sqlalchemy import Column, DateTime, Integer, String, Table, Text

from ..db.schema import metadata

__all__ = [
    "chat_messages",
    "chat_mutes",
    "chat_silences",
]

_TS = DateTime(timezone=True)

chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(40), nullable=False, index=True),
    Column("author", String(32), nullable=False, index=True),
    Column("role", String(16), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", _TS, nullable=False),
    Column("deleted_at", _TS, nullable=True),
    Column("deleted_by", String(32), nullable=True),
)

chat_mutes = Table(
    "chat_mutes",
    metadata,
    Column("player", String(32), primary_key=True),
    Column("muted", String(32), primary_key=True),
    Column("at", _TS, nullable=False),
)

chat_silences = Table(
    "chat_silences",
    metadata,
    Column("account", String(32), primary_key=True),
    Column("until", _TS, nullable=True),
    Column("by", String(32), nullable=False),
    Column("at", _TS, nullable=False),
)
