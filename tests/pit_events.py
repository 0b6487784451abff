"""The service's event log as the pit's tests read it (``GET /api/events``): the events of one
kind, of one table or of all (tests/test_service_pit.py,
tests/test_service_pit_accounts_meters.py)."""

from __future__ import annotations

from typing import Any

from service_support import Server

__all__ = ["events"]


def events(server: Server, token: str, kind: str, table: str | None = None) -> list[Any]:
    q = "/api/events?limit=1000" + (f"&table={table}" if table else "")
    return [e for e in server.http("GET", q, token).json() if e["kind"] == kind]
