"""The service's database itself: the engine (SQLite in WAL mode or PostgreSQL, through
SQLAlchemy), the worker thread every query runs in (:meth:`Database.run`) and the migrations
(Alembic, at start-up). :class:`paigow.service.store.store.Store` is the tables' store on it; the
modules the store's commit uses (the lease's fence, the session's check, the event log) need only
this.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from paigow.errors import ConfigError

__all__ = [
    "DEFAULT_DB",
    "MIGRATION_LOCK",
    "SLOW_SECONDS",
    "Database",
    "DatabaseAwayError",
    "away",
    "default_db_url",
    "log_failure",
    "of_the_database",
]

_T = TypeVar("_T")
log = logging.getLogger("paigow.service")

#: A store call that takes longer than this (its wait for a worker thread included) is logged
#: as a warning: every table and every handshake waiting on the store waits that long too.
SLOW_SECONDS = 5.0

#: The PostgreSQL advisory lock key held while migrating (``paigow`` in ASCII).
MIGRATION_LOCK = 0x70616967_6F77

#: What the database's driver raises when it cannot be reached, or dropped the connection, or
#: timed out (a restart, a network fault, the pool exhausted): nothing the request did wrong.
_AWAY = (
    sa.exc.OperationalError,
    sa.exc.InterfaceError,
    sa.exc.DisconnectionError,
    sa.exc.TimeoutError,
)
#: The database's absence is logged at most once in this many seconds (a warning line).
AWAY_LOG_SECONDS = 5.0


class DatabaseAwayError(Exception):
    """The database did not answer (it is restarting, or unreachable): the request can be sent
    again in a moment. HTTP 503 with ``Retry-After``; a websocket's command is refused with
    this, a handshake closed with 1013; logged as one warning line, never a traceback."""

    def __init__(self) -> None:
        super().__init__("the database is not answering; try again in a moment")


def away(e: Exception) -> Exception:
    """``e`` as the service tells it: a driver's connection error (:data:`_AWAY`) becomes
    :class:`DatabaseAwayError` (its cause kept), anything else stays itself (for the errors a
    store method catches and hands back, as a group commit does each batch's)."""
    if isinstance(e, _AWAY):
        out = DatabaseAwayError()
        out.__cause__ = e
        return out
    return e


def of_the_database(e: BaseException) -> bool:
    """True for an error that comes from the database (away, or refusing a statement), not
    from the service's own code: a loop that tries again later logs the first as a warning
    line and the second with its traceback."""
    return isinstance(e, (DatabaseAwayError, sa.exc.SQLAlchemyError))


def log_failure(logger: logging.Logger, what: str, e: BaseException) -> None:
    """A failure that a loop tries again after: the database's (:func:`of_the_database`) one
    warning line ``what: Kind: message``; any other, a fault of the code, with its traceback
    (else every look could fail unseen)."""
    if of_the_database(e):
        logger.warning("%s: %s: %s", what, type(e).__name__, e)
    else:
        logger.error("%s: %s: %s", what, type(e).__name__, e, exc_info=e)


#: The embedded database when ``--db`` is not given.
DEFAULT_DB = "~/.local/share/paigow/service.sqlite3"


def default_db_url() -> str:
    """``sqlite:///`` of :data:`DEFAULT_DB` (``$PAIGOW_DB`` overrides the path)."""
    path = Path(os.environ.get("PAIGOW_DB", DEFAULT_DB)).expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def _url(url: str) -> str:
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith(("sqlite:", "postgresql+psycopg:")):
        return url
    raise ConfigError(f"--db: expected sqlite:///PATH or postgresql://..., got {url!r}")


class Database:
    """A connection to the service's database (SQLite or PostgreSQL): its engine, the worker
    thread the service calls it from, and its migrations."""

    def __init__(self, url: str | None = None, *, slow: float = SLOW_SECONDS) -> None:
        self.url = _url(url or default_db_url())
        self.slow = slow
        #: Store calls that took longer than ``slow`` seconds since the start.
        self.slow_calls = 0
        #: Store calls the database did not answer (:class:`DatabaseAwayError`) since the start.
        self.away_calls = 0
        self._away_logged = 0.0
        self.is_sqlite = self.url.startswith("sqlite")
        kw: dict[str, Any] = {}
        if not self.is_sqlite:
            kw = {"pool_size": 8, "max_overflow": 4, "pool_pre_ping": True}
        self.engine: Engine = sa.create_engine(self.url, **kw)
        if self.is_sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self._pool = ThreadPoolExecutor(
            max_workers=1 if self.is_sqlite else 4, thread_name_prefix="store"
        )

    async def run(self, fn: Callable[..., _T], *args: Any) -> _T:
        """Run a store method in the store's worker thread (a call slower than ``slow``
        seconds, its wait for the thread included, is logged and counted).

        Raises:
            DatabaseAwayError: the database did not answer (counted; logged at most once
                every :data:`AWAY_LOG_SECONDS`).
        """
        started = time.monotonic()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        except _AWAY as e:
            self.away_calls += 1
            if started - self._away_logged >= AWAY_LOG_SECONDS:
                self._away_logged = started
                log.warning(
                    "the database did not answer %s (%d calls so far): %s",
                    _name(fn),
                    self.away_calls,
                    str(e).splitlines()[0][:200],
                )
            raise DatabaseAwayError from e
        finally:
            took = time.monotonic() - started
            if took > self.slow:
                self.slow_calls += 1
                log.warning(
                    "the database took %.1f s for %s (its wait for a store thread included)",
                    took,
                    _name(fn),
                )

    def close(self) -> None:
        """Release connections and the worker thread."""
        self._pool.shutdown(wait=True)
        self.engine.dispose()

    # ------------------------------------------------------------------ migrations
    def migrate(self) -> tuple[str | None, str | None]:
        """Bring the schema to the newest migration (Alembic ``upgrade heads``); the revisions
        before and after (None: no schema). On PostgreSQL, under a transaction-scoped advisory
        lock: processes started together (a cluster, or ``paigow db upgrade`` beside ``paigow
        serve``) migrate one after the other, and the later ones find the schema done."""
        from alembic import command
        from alembic.config import Config
        from alembic.runtime.migration import MigrationContext

        cfg = Config()
        where = resources.files("paigow.service.db") / "migrations"
        cfg.set_main_option("script_location", str(where))
        with self.engine.begin() as conn:
            if not self.is_sqlite:
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            before = MigrationContext.configure(conn).get_current_heads()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "heads")
            after = MigrationContext.configure(conn).get_current_heads()
        return "+".join(sorted(before)) or None, "+".join(sorted(after)) or None


def _name(fn: Callable[..., Any]) -> str:
    """A store call's name for the log: its function's qualified name, never its arguments (a
    ``functools.partial`` carries a password's hash or a token's)."""
    inner = getattr(fn, "func", fn)
    return str(getattr(inner, "__qualname__", None) or type(inner).__name__)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()
