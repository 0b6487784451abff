"""The service's log: text for a person, or one JSON object a line for a machine
(``paigow serve --log-format json``; docs/deploy.md, "Logs").

Every line says when (UTC), how grave, and what: ``event`` names it (the event log's kind for
an event, such as ``table_opened``; a name such as ``event_loop_held`` for the process's own
warnings; ``log`` for the rest), and, where known, the ``table``, the ``account`` and the HTTP
``request_id`` it happened in. The three are carried by context variables: a table's actor sets
its table for everything it logs, the session's check sets the account, and
:class:`RequestIds` sets each request's id (nginx's ``X-Request-ID`` when it sends one, which
the response echoes, so that a line of nginx's log and a line of the service's are matched).
"""

from __future__ import annotations

import contextvars
import datetime as dt
import json
import logging
import re
import secrets
import sys
from typing import Any

__all__ = [
    "ACCOUNT",
    "REQUEST_ID",
    "TABLE",
    "JsonFormatter",
    "RequestIds",
    "TextFormatter",
    "configure_logs",
]

#: The table, the account and the request a line is about (None: none).
TABLE: contextvars.ContextVar[str | None] = contextvars.ContextVar("table", default=None)
ACCOUNT: contextvars.ContextVar[str | None] = contextvars.ContextVar("account", default=None)
REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

#: A request id taken from a header: nginx's are 32 hex digits; anything else is replaced.
_GOOD_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "event": getattr(record, "event", None) or "log",
        "table": getattr(record, "table", None) or TABLE.get(),
        "account": getattr(record, "account", None) or ACCOUNT.get(),
        "request_id": REQUEST_ID.get(),
    }
    return fields


def _when(record: logging.LogRecord) -> str:
    t = dt.datetime.fromtimestamp(record.created, dt.UTC)
    return t.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time``, ``level``, ``event``, ``table``, ``account``,
    ``request_id``, ``logger``, ``message`` (and an event's ``detail``, and ``error``, a
    traceback, when there is one)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        out: dict[str, Any] = {
            "time": _when(record),
            "level": record.levelname.lower(),
            **_fields(record),
            "logger": record.name,
            "message": record.getMessage(),
        }
        detail = getattr(record, "detail", None)
        if detail:
            out["detail"] = detail
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """``time level [event table account request] message`` for a person."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a line of text (a traceback below it, when there is one)."""
        f = _fields(record)
        about = " ".join(
            f"{k}={v}" for k, v in f.items() if v is not None and not (k == "event" and v == "log")
        )
        line = f"{_when(record)} {record.levelname:<7} {record.getMessage()}"
        if about:
            line += f"  [{about}]"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def configure_logs(fmt: str, level: str) -> None:
    """Every logger of the process (the service's, uvicorn's) to standard error, as ``fmt``
    (``text`` or ``json``) says, from ``level`` up."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        lg = logging.getLogger(name)
        lg.handlers.clear()
        lg.propagate = True
    # (uvicorn's access lines are nginx's to write; the migrations' set-up is not news)
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)
    logging.getLogger("alembic").setLevel(max(logging.WARNING, root.level))


class RequestIds:
    """ASGI middleware: each HTTP request and websocket handshake gets an id (the client's or
    nginx's ``X-Request-ID`` when it is a plain token of at most 64 characters, else a new
    one), set for what the request logs; an HTTP answer sends it back in ``X-Request-ID``
    (a websocket's frames pass untouched, none of them paying for it)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Run the request with its id set."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = ""
        for name, value in scope.get("headers", ()):
            if name == b"x-request-id":
                given = value.decode("latin-1")
                break
        rid = given if _GOOD_ID.fullmatch(given) else secrets.token_hex(16)
        token = REQUEST_ID.set(rid)
        if scope["type"] == "websocket":  # (its frames pass untouched: the id is for its log)
            try:
                await self.app(scope, receive, send)
            finally:
                REQUEST_ID.reset(token)
            return

        async def send_with_id(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                headers.append((b"x-request-id", rid.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            REQUEST_ID.reset(token)
