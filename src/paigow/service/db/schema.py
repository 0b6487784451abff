"""The database schema of the table service (SQLAlchemy Core; the same on SQLite and
PostgreSQL). Migrations in :mod:`paigow.service.db.migrations` create and change it; this module
describes the current version for queries. See docs/service.md for every column.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

__all__ = [
    "accounts",
    "events",
    "instances",
    "ledger",
    "metadata",
    "meters",
    "pit_meters",
    "pit_side_meters",
    "round_players",
    "rounds",
    "seats",
    "sessions",
    "signup_grants",
    "table_leases",
    "table_ops",
    "tables",
    "users",
    "wallet_adjustments",
]

metadata = MetaData()

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("role", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("suspended_at", DateTime(timezone=True), nullable=True),
    Column("surveillance", Boolean, nullable=False, server_default=false()),
    #: What the name reads as (:func:`paigow.service.kit.names.skeleton`): no two accounts alike.
    Column("skeleton", String(64), nullable=False, server_default=""),
    Index("uq_users_skeleton", "skeleton", unique=True),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

accounts = Table(
    "accounts",
    metadata,
    Column("name", String(160), primary_key=True),
    Column("balance", BigInteger, nullable=False),
)

ledger = Table(
    "ledger",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(40), nullable=True, index=True),
    Column("seq", Integer, nullable=True),
    Column("debit", String(160), nullable=False, index=True),
    Column("credit", String(160), nullable=False, index=True),
    Column("cents", BigInteger, nullable=False),
    Column("reason", String(80), nullable=False),
    Column("ref", String(40), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("config", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("closed_at", DateTime(timezone=True), nullable=True),
    Column("head", String(64), nullable=True),
    Column("last_seq", Integer, nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("player", String(32), primary_key=True, index=True),
    Column("seat", String(8), nullable=False),
)

table_ops = Table(
    "table_ops",
    metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("command", Text, nullable=False),
    Column("actor", String(40), nullable=False),
    Column("idem_key", String(80), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("chain", String(64), nullable=True),
    UniqueConstraint("table_id", "actor", "idem_key", name="uq_table_ops_idem"),
)

rounds = Table(
    "rounds",
    metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("round_no", Integer, primary_key=True, autoincrement=False),
    Column("started_seq", Integer, nullable=False),
    Column("finished_seq", Integer, nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=False),
    Column("void", Boolean, nullable=False),
    Column("record", Text, nullable=False),
)

round_players = Table(
    "round_players",
    metadata,
    Column("player", String(32), primary_key=True),
    Column("table_id", String(40), primary_key=True),
    Column("round_no", Integer, primary_key=True, autoincrement=False),
)

meters = Table(
    "meters",
    metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("day", Date, primary_key=True),
    Column("rounds", Integer, nullable=False),
    Column("voids", Integer, nullable=False),
    Column("handle", BigInteger, nullable=False),
    Column("wins_paid", BigInteger, nullable=False),
    Column("commission", BigInteger, nullable=False),
    Column("side_handle", BigInteger, nullable=False),
    Column("side_pays", BigInteger, nullable=False),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", DateTime(timezone=True), nullable=False, index=True),
    Column("kind", String(40), nullable=False),
    Column("level", String(16), nullable=False),
    Column("table_id", String(40), nullable=True, index=True),
    Column("actor", String(40), nullable=True),
    Column("instance", String(64), nullable=False),
    Column("detail", Text, nullable=False),
)

table_leases = Table(
    "table_leases",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("epoch", Integer, nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

instances = Table(
    "instances",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
    Column("stopped_at", DateTime(timezone=True), nullable=True),
)

signup_grants = Table(
    "signup_grants",
    metadata,
    Column("address", String(64), primary_key=True),
    Column("granted_at", DateTime(timezone=True), nullable=False, index=True),
)

pit_meters = Table(
    "pit_meters",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("hour", Integer, primary_key=True, autoincrement=False),
    Column("profile", String(40), nullable=False, index=True),
    Column("rounds", Integer, nullable=False),
    Column("voids", Integer, nullable=False),
    Column("handle", BigInteger, nullable=False),
    Column("side_handle", BigInteger, nullable=False),
    Column("win", BigInteger, nullable=False),
    Column("side_win", BigInteger, nullable=False),
    Column("commission", BigInteger, nullable=False),
    Column("collection", BigInteger, nullable=False),
    Column("computer_net", BigInteger, nullable=False),
)

pit_side_meters = Table(
    "pit_side_meters",
    metadata,
    Column("table_id", String(40), primary_key=True),
    Column("hour", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(20), primary_key=True),
    Column("wagers", Integer, nullable=False),
    Column("handle", BigInteger, nullable=False),
    Column("win", BigInteger, nullable=False),
)

#: Every wallet adjustment by hand, by its operator's idempotency key (migration
#: ``0010_wallet_adjustments``): a retry with the same key is answered what the first got.
wallet_adjustments = Table(
    "wallet_adjustments",
    metadata,
    Column("operator", String(32), primary_key=True),
    Column("key", String(80), primary_key=True),
    Column("account", String(32), nullable=False),
    Column("cents", BigInteger, nullable=False),
    Column("reason", String(80), nullable=False),
    Column("balance", BigInteger, nullable=False),
    Column("event_id", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
