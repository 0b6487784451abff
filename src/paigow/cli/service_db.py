"""What the commands that open the table service's database share (``paigow audit``,
``paigow db``): the check that the service's packages are installed, and the store opened with
its errors in the user's terms."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from paigow.errors import ConfigError

if TYPE_CHECKING:
    from paigow.service.store.store import Store

__all__ = ["opened_store"]


@contextmanager
def opened_store(command: str, url: str | None) -> Iterator[Store]:
    """The store at ``url`` for ``paigow COMMAND``, closed after; a missing service package or
    a database that cannot be read is a :class:`ConfigError` in one line."""
    try:
        from sqlalchemy.exc import SQLAlchemyError

        from paigow.service.store.store import Store
    except ImportError:  # pragma: no cover - the service's packages are an extra
        raise ConfigError(
            f"paigow {command} needs the service packages: pip install 'paigow[service]'"
        ) from None
    store = Store(url)
    try:
        yield store
    except SQLAlchemyError as e:
        raise ConfigError(
            f"--db: cannot read the service's database: {e.__class__.__name__}: "
            f"{str(e).splitlines()[0]}"
        ) from None
    finally:
        store.close()
