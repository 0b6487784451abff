"""The table of private tables (migration ``0007_private_tables``), on the service's one
:data:`paigow.service.db.schema.metadata`. docs/service.md ("Database schema") describes it."""

from __future__ import annotations

from sqlalchemy import Column, DateTime, String, Table

from ..db.schema import metadata

__all__ = ["private_tables"]

private_tables = Table(
    "private_tables",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("table_id", String(40), nullable=False, unique=True),
    Column("owner", String(32), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
