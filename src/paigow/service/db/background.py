"""Tasks the service starts and does not wait for (a replica's catch-up, a subscription
answered later, a reload of the chat's silences): each is kept until it ends, and what it
raised is a line in the log — a database that did not answer a warning, anything else an error
with its traceback — never asyncio's "Task exception was never retrieved"."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Coroutine
from typing import Any

from paigow.errors import PaigowError

from .database import DatabaseAwayError

__all__ = ["spawn"]

log = logging.getLogger("paigow.service")


def spawn(coro: Coroutine[Any, Any, Any], keep: set[asyncio.Task[Any]], what: str) -> None:
    """Run ``coro`` as a task kept in ``keep`` until it ends; ``what`` names it in the log."""
    task = asyncio.get_running_loop().create_task(coro)
    keep.add(task)
    task.add_done_callback(functools.partial(_ended, keep, what))


def _ended(keep: set[asyncio.Task[Any]], what: str, task: asyncio.Task[Any]) -> None:
    keep.discard(task)
    if task.cancelled() or (e := task.exception()) is None:
        return
    if isinstance(e, DatabaseAwayError | PaigowError):  # expected: tried again later
        log.warning("%s: %s", what, e)
    else:
        log.error("%s failed", what, exc_info=e)
