"""The table of player protection (migration ``0008_protection``), on the service's one
:data:`paigow.service.schema.metadata`. docs/service.md ("Database schema") describes it."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, DateTime, Integer, String, Table

from ..schema import metadata

__all__ = ["protection"]

_TS = DateTime(timezone=True)

protection = Table(
    "protection",
    metadata,
    Column("account", String(32), primary_key=True),
    Column("daily_limit", BigInteger, nullable=True),
    Column("next_limit", BigInteger, nullable=True),
    Column("next_from", _TS, nullable=True),
    Column("reminder_minutes", Integer, nullable=True),
    Column("excluded_until", _TS, nullable=True),
    Column("updated_at", _TS, nullable=False),
)
