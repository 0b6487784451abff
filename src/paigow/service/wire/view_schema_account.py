"""The schemas of a player's own routes beyond the table: private tables
(:mod:`paigow.service.routes.private_api`) and player protection
(:mod:`paigow.service.routes.protection_api`), part of
:data:`paigow.service.wire.view_schema.DEFS`."""

from __future__ import annotations

from typing import Final

from .view_schema_kit import BOOL, INT, NUM, STR, Schema, list_of, null, obj, ref

__all__ = ["ACCOUNT_DEFS", "ACCOUNT_ROOTS"]

#: Named schemas of these routes (TypeScript interfaces of the same names).
ACCOUNT_DEFS: Final[dict[str, Schema]] = {
    "PrivateOpened": obj(
        {"table": STR, "code": STR, "name": null(STR), "link": STR, "invitation_only": BOOL}
    ),
    "PrivateFound": obj(
        {
            "table": STR,
            "code": STR,
            "name": null(STR),
            "profile": STR,
            "title": STR,
            "owner": null(STR),
            "invitation_only": BOOL,
            "limits": ref("Limits"),
        }
    ),
    "MyPrivateTables": obj(
        {
            "tables": list_of(
                obj(
                    {
                        "table": STR,
                        "code": STR,
                        "name": null(STR),
                        "link": STR,
                        "profile": STR,
                        "invitation_only": BOOL,
                    }
                )
            ),
            "per_player": INT,
            "computer_players": INT,
        }
    ),
    "Protection": obj(
        {
            "daily_limit": null(INT),
            "pending": null(obj({"limit": null(INT), "from": STR})),
            "spent_today": INT,
            "left_today": null(INT),
            "reminder_minutes": null(INT),
            "excluded_until": null(STR),
            "bound": null(
                obj(
                    {
                        "accounts": INT,
                        "excluded_until": null(STR),
                        "daily_limit": null(INT),
                        "spent_today": INT,
                        "left_today": null(INT),
                    }
                )
            ),
            "cooling_hours": NUM,
        },
        ("cooling_hours",),
    ),
}

#: What these routes answer.
ACCOUNT_ROOTS: Final[dict[str, str]] = {
    "POST /api/private-tables": "PrivateOpened",
    "GET /api/private-tables/{code}": "PrivateFound",
    "GET /api/me/private-tables": "MyPrivateTables",
    "GET /api/me/protection": "Protection",
    "POST /api/me/protection/limit": "Protection",
}
