"""The schemas of the tables' lines and of the pit (:mod:`paigow.service.routes.pit_api`):
a table's line in the lobby (everyone's), the same line on the pit's floor with what the
operator may do, and every other answer of the pit's routes and of the operator's routes the
pit reads (the event log, the audit, a table's chat for review), part of
:data:`paigow.service.wire.view_schema.DEFS`."""

from __future__ import annotations

from typing import Final

from .view_schema_kit import (
    ANY_OBJECT,
    BOOL,
    INT,
    NUM,
    STR,
    Schema,
    enum,
    list_of,
    map_of,
    null,
    obj,
    ref,
)

__all__ = ["FLOOR_DEFS", "FLOOR_ROOTS"]

#: A table's line in the lobby (``GET /api/tables``, ``/ws/lobby``).
_LOBBY: Final[dict[str, Schema]] = {
    "id": STR,
    "name": null(STR),  # as TableState's
    "profile": STR,
    "title": STR,
    "game": enum("tiles", "cards"),
    "limits": ref("Limits"),
    "variations": obj({"pair_fortunes": null(STR), "dragons_eye": BOOL, "supreme_bonus": BOOL}),
    "computer_players": INT,
    "notes": list_of(STR),
    "seats": map_of(null(STR)),
    "free": list_of(STR),
    # null: a table another process of a cluster runs (not announced: docs/scaling.md)
    "phase": null(STR),
    "rounds": null(INT),
    "held": null(STR),
    "private": null(obj({"owner": STR, "invitation_only": BOOL, "name": null(STR)})),
}

#: The pit's figures of a period, a table, a profile or an hour (docs/service.md, "The pit").
#: (the names of :data:`paigow.service.db.pit_meters.FIGURES`, which this room may not import:
#: tests/test_service_pit.py checks real answers against this schema, so the two cannot part)
_COUNTS = ("rounds", "voids", "handle", "side_handle", "win", "side_win", "commission")
_FIGURES: Final[dict[str, Schema]] = {
    **dict.fromkeys((*_COUNTS, "collection", "computer_net"), INT),
    "hold": null(NUM),
}
_GROUP: Final[dict[str, Schema]] = {**_FIGURES, "sides": map_of(ref("SideFigures"))}

#: Named schemas (TypeScript interfaces of the same names).
FLOOR_DEFS: Final[dict[str, Schema]] = {
    "LobbyTable": obj(_LOBBY),
    "Offer": obj(
        {
            "pair_fortunes": list_of(STR),
            "dragons_eye": BOOL,
            "supreme_bonus": BOOL,
            "computer_players": INT,
            "max_cents": INT,
        }
    ),
    "FloorTable": obj(
        {
            **_LOBBY,
            # made where the table runs, so its phase and round count are known
            "phase": STR,
            "rounds": INT,
            "paused": BOOL,
            "advice": BOOL,
            "round_open": BOOL,
            "pending": null(obj({"options": ANY_OBJECT, "by": STR})),
            "offer": ref("Offer"),
            "can": obj({k: BOOL for k in ("pause", "resume", "configure", "close", "look")}),
        }
    ),
    # the floor pushed to an operator's websocket that follows it (docs/service.md, "floor")
    "FloorFeed": obj({"type": {"const": "floor"}, "tables": list_of(ref("FloorTable"))}),
    "PitProfile": obj(
        {
            "name": STR,
            "title": STR,
            "positions": INT,
            "limits": ref("Limits"),
            "offer": ref("Offer"),
        }
    ),
    "Paused": obj({"table": STR, "paused": BOOL}),
    "Look": obj({"table": STR, "round": INT, "hands": map_of(null(list_of(STR))), "event": INT}),
    "Surveillance": obj({"name": STR, "surveillance": BOOL}),
    "AccountRow": obj(
        {"name": STR, "role": STR, "created_at": null(STR), "suspended": BOOL, "wallet": INT}
    ),
    "AccountDetail": obj(
        {
            "name": STR,
            "role": STR,
            "created_at": null(STR),
            "suspended_at": null(STR),
            "surveillance": BOOL,
            "wallet": INT,
            "ledger": list_of(
                obj(
                    {
                        "id": INT,
                        "at": null(STR),
                        "table": null(STR),
                        "other": STR,
                        "cents": INT,
                        "reason": STR,
                    }
                )
            ),
            "sessions": list_of(
                obj(
                    {
                        "id": STR,
                        "created_at": STR,
                        "expires_at": STR,
                        "expired": BOOL,
                        "websockets": INT,
                    }
                )
            ),
            "seats": map_of(STR),
            "connected": BOOL,
            "protection": ref("Protection"),
            "bindings": obj(
                {
                    "payment_id": null(STR),
                    "devices": INT,
                    "addresses": list_of(STR),
                    "bound": list_of(STR),
                }
            ),
            "rounds": list_of(obj({"table": STR, "round": INT, "finished_at": STR, "net": INT})),
        }
    ),
    "Adjusted": obj({"name": STR, "wallet": INT, "event": INT}),
    "Figures": obj(_FIGURES),
    "SideFigures": obj({"wagers": INT, "handle": INT, "win": INT, "hold": null(NUM)}),
    "MeterGroup": obj(_GROUP),
    "Meters": obj(
        {
            "first": STR,
            "last": STR,
            "total": ref("MeterGroup"),
            "tables": list_of(obj({**_GROUP, "table": STR, "profile": STR})),
            "profiles": list_of(obj({**_GROUP, "profile": STR})),
            "hours": list_of(obj({**_FIGURES, "hour": STR})),
        }
    ),
    "PrivateFloor": obj(
        {
            "per_player": INT,
            "idle_minutes": NUM,
            "computer_players": INT,
            "tables": list_of(
                obj(
                    {
                        "table": STR,
                        "owner": STR,
                        "code": null(STR),
                        "invitation_only": BOOL,
                        "players": list_of(STR),
                    }
                )
            ),
        }
    ),
    "LogEvent": obj(
        {
            "id": INT,
            "at": STR,
            "kind": STR,
            "level": enum("info", "warning", "alert"),
            "table": null(STR),
            "actor": null(STR),
            "instance": null(STR),
            "detail": ANY_OBJECT,
        }
    ),
    "AuditReport": obj(
        {"findings": list_of(STR), "accounts": INT, "ledger_rows": INT},
        ("accounts", "ledger_rows"),
    ),
    "ChatReview": obj(
        {
            "id": INT,
            "table": STR,
            "author": STR,
            "role": STR,
            "text": STR,
            "at": STR,
            "deleted_at": null(STR),
            "deleted_by": null(STR),
        }
    ),
    "Silenced": obj(
        {"name": STR, "silenced": BOOL, "until": null(STR), "lifted": BOOL},
        ("until", "lifted"),
    ),
}

#: What these routes answer.
FLOOR_ROOTS: Final[dict[str, str]] = {
    "GET /api/pit/floor": "FloorTable[]",
    "GET /api/pit/profiles": "PitProfile[]",
    "POST /api/pit/tables/{id}/pause": "Paused",
    "POST /api/pit/tables/{id}/resume": "Paused",
    "POST /api/pit/tables/{id}/configure": "FloorTable",
    "POST /api/pit/tables/{id}/look": "Look",
    "GET /api/pit/tables/{id}/rounds/{n}": "RecalledRound",
    "POST /api/pit/accounts/{name}/surveillance": "Surveillance",
    "GET /api/pit/accounts": "AccountRow[]",
    "GET /api/pit/accounts/{name}": "AccountDetail",
    "POST /api/pit/accounts/{name}/adjust": "Adjusted",
    "GET /api/pit/meters": "Meters",
    "GET /api/pit/private-tables": "PrivateFloor",
    "GET /api/events": "LogEvent[]",
    "GET /api/audit": "AuditReport",
    "GET /api/tables/{id}/chat": "ChatReview[]",
    "POST /api/accounts/{name}/silence": "Silenced",
    "POST /api/accounts/{name}/unsilence": "Silenced",
}
