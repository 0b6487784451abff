"""The tables of player protection (migrations ``0008_protection`` and ``0012_bindings``), on
the service's one :data:`paigow.service.db.schema.metadata`. docs/service.md ("Database schema")
describes them."""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, DateTime, Integer, String, Table

from ..db.schema import metadata

__all__ = ["address_accounts", "device_accounts", "payment_ids", "protection", "service_keys"]

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

#: The accounts seen in each browser (its device cookie's id).
device_accounts = Table(
    "device_accounts",
    metadata,
    Column("device", String(32), primary_key=True),
    Column("account", String(32), primary_key=True, index=True),
    Column("first_seen", _TS, nullable=False),
    Column("last_seen", _TS, nullable=False),
)

#: The accounts seen at each client address (as the limits count it), for 90 days.
address_accounts = Table(
    "address_accounts",
    metadata,
    Column("address", String(64), primary_key=True),
    Column("account", String(32), primary_key=True, index=True),
    Column("seen_at", _TS, nullable=False, index=True),
)

#: The payment identity an operator set on an account (a deployment's own external id).
payment_ids = Table(
    "payment_ids",
    metadata,
    Column("account", String(32), primary_key=True),
    Column("payment_id", String(128), nullable=False, index=True),
    Column("set_by", String(32), nullable=False),
    Column("set_at", _TS, nullable=False),
)

#: Keys of the service, made by the migration (``device``: the device cookies' signing key).
service_keys = Table(
    "service_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("secret", String(128), nullable=False),
    Column("created_at", _TS, nullable=False),
)
