"""The server's messages about the account rather than a table, part of
:data:`paigow.service.wire.protocol.SERVER_MESSAGES` (docs/service.md): sent to every websocket of
the account."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["ACCOUNT_MESSAGES"]

_INT: Final = {"type": "integer"}

#: JSON schemas of the account's messages.
ACCOUNT_MESSAGES: Final[dict[str, dict[str, Any]]] = {
    # the session reminder: the minutes since sign-in, the interval, and the rounds settled
    # since sign-in with the player's net over them (protection/reminder.py)
    "reminder": {
        "type": "object",
        "required": ["type", "minutes", "every", "rounds", "net"],
        "properties": {
            "type": {"const": "reminder"},
            "minutes": _INT,
            "every": _INT,
            "rounds": _INT,
            "net": _INT,
        },
    },
    # the wallet and the most a buy-in may be now, after a change (wallets.py)
    "wallet": {
        "type": "object",
        "required": ["type", "wallet", "buy_in"],
        "properties": {
            "type": {"const": "wallet"},
            "wallet": _INT,
            "buy_in": {
                "type": "object",
                "required": ["max", "by", "left_today"],
                "properties": {
                    "max": _INT,
                    "by": {"enum": ["wallet", "limit", "excluded"]},
                    "left_today": {"type": ["integer", "null"]},
                },
            },
        },
    },
}
