"""The server's messages to operators only, part of
:data:`paigow.service.wire.protocol.SERVER_MESSAGES` (docs/service.md): the event log as it
happens (``log``, to every operator's websocket) and the pit's floor (``floor``, to the
operator's websockets that follow it: :mod:`paigow.service.floor_feed`). A floor's tables are
the rows of ``GET /api/pit/floor``, described in detail by the view schema ``FloorTable``
(:mod:`.view_schema_floor`; the whole message: ``FloorFeed``)."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["PIT_MESSAGES"]

_STR: Final = {"type": "string"}
_OBJ: Final = {"type": "object"}

#: JSON schemas of the operators' messages.
PIT_MESSAGES: Final[dict[str, dict[str, Any]]] = {
    "log": {
        "type": "object",
        "required": ["type", "event"],
        "properties": {
            "type": {"const": "log"},
            "event": {
                "type": "object",
                "required": ["id", "at", "kind", "level", "table", "actor", "instance", "detail"],
                "properties": {
                    "id": {"type": ["integer", "null"]},
                    "at": _STR,
                    "kind": _STR,
                    "level": {"enum": ["info", "warning", "alert"]},
                    "table": {"type": ["string", "null"]},
                    "actor": {"type": ["string", "null"]},
                    "instance": _STR,
                    "detail": _OBJ,
                },
            },
        },
    },
    "floor": {
        "type": "object",
        "required": ["type", "tables"],
        "properties": {
            "type": {"const": "floor"},
            "tables": {"type": "array", "items": _OBJ},
        },
    },
}
