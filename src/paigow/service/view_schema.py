"""JSON schemas of what the service shows its clients beyond the protocol's envelopes: a table's
state (the ``state`` of the ``state`` and ``event`` messages), the round in it, the events'
operations, the lobby, and the browser client's routes (:mod:`paigow.service.web_api`,
:mod:`paigow.service.trainer_api`).

They describe the data as :func:`paigow.table.observation.observe`,
:meth:`~paigow.service.actor.TableActor.state` and the routes build it; the tests check real
messages of every profile against them, and the browser client's TypeScript types are generated
from them together with :func:`paigow.service.protocol.schemas` (docs/web.md), so the client's
types cannot drift from the server.

Every schema is a plain dict; ``{"$ref": "#/defs/NAME"}`` refers to :data:`DEFS`.
"""

from __future__ import annotations

from typing import Final

from .more_schema import MORE_DEFS, MORE_ROOTS
from .rules_schema import RULES_DEFS
from .schema_parts import (
    _ANY_OBJECT,
    _BOOL,
    _INT,
    _NUM,
    _STR,
    Schema,
    _enum,
    _list,
    _map,
    _null,
    _obj,
    ref,
)

__all__ = ["DEFS", "ROOTS", "ref"]

_PHASE = _enum(
    "shuffle", "cut", "wagers", "style", "shake", "deal", "setting", "bank", "surrender", "done"
)
_BANKER_KIND = _enum("house", "player", "co-bank", "player-dealer")

#: Named schemas (TypeScript interfaces of the same names).
DEFS: Final[dict[str, Schema]] = {
    **RULES_DEFS,
    "Limits": _obj({"min": _INT, "max": _INT}),
    "Waiting": _obj({"key": _STR, "for": _STR, "who": _list(_STR), "deadline": _null(_NUM)}),
    "Banker": _obj({"kind": _BANKER_KIND, "player": _null(_STR), "position": _null(_STR)}),
    "Hands": _obj({"high": _list(_STR), "low": _list(_STR)}),
    "PositionView": _obj(
        {
            "dealt": _BOOL,
            "collected": _BOOL,
            "pieces": _null(_list(_STR)),
            "set": _BOOL,
            "setting": _null(ref("Hands")),
            "set_by": _null(_STR),
            "exposed_count": _INT,
            "surrendered": _BOOL,
            "void": _BOOL,
            "dead": _BOOL,
        }
    ),
    "WagerView": _obj(
        {
            "ref": _STR,
            "player": _STR,
            "spot": _STR,
            "kind": _STR,
            "cents": _INT,
            "result": _null(_STR),
        }
    ),
    "DragonsEye": _obj({"button": _INT, "triple": _BOOL, "tier": _INT, "streak": _INT}),
    # One entry of a round's results: a wager's (by ref), the dealer's wager's ("dealer"), or
    # the Player-Dealer's action ("player-dealer"); side wagers carry their class and pays.
    "ResultView": _obj(
        {
            "spot": _STR,
            "player": _STR,
            "cents": _INT,
            "result": _STR,
            "high": _STR,
            "low": _STR,
            "class": _STR,
            "pays": _INT,
            "reason": _STR,
            "reset_to_house_way": _BOOL,
            "stake": _INT,
            "action_used": _INT,
        },
        optional=(
            "spot",
            "player",
            "cents",
            "result",
            "high",
            "low",
            "class",
            "pays",
            "reason",
            "reset_to_house_way",
            "stake",
            "action_used",
        ),
    ),
    # The settlement statement of a finished round (paigow.table.statement, docs/table.md).
    "StatementWager": _obj(
        {
            "ref": _STR,
            "owner": _STR,
            "kind": _STR,
            "spot": _STR,
            "stake": _INT,
            "result": _null(_STR),
            "returned": _INT,
            "won": _INT,
            "commission": _INT,
            "collection": _INT,
            "net": _INT,
            "pays": _INT,
            "class": _STR,
            "reason": _STR,
            "action": _INT,
        },
        optional=("pays", "class", "reason", "action"),
    ),
    "StatementDealerWager": _obj(
        {"stake": _INT, "result": _null(_STR), "returned": _INT, "won": _INT, "net": _INT}
    ),
    "StatementLine": _obj({"what": _STR, "cents": _INT}),
    "StatementCentre": _obj(
        {
            "taken": _INT,
            "paid": _INT,
            "shortfall": _INT,
            "house_shortfall": _INT,
            "house_half": _INT,
            "commission": _INT,
            "surplus": _INT,
        }
    ),
    "StatementBank": _obj(
        {
            "player": _STR,
            "kind": _BANKER_KIND,
            "position": _STR,
            "net": _INT,
            "lines": _list(ref("StatementLine")),
            "commission": _INT,
            "collection": _INT,
            "centre": ref("StatementCentre"),
            "stake": _INT,
            "action_used": _INT,
        },
        optional=("centre", "stake", "action_used"),
    ),
    "StatementPlayer": _obj(
        {
            "player": _STR,
            "seat": _STR,
            "before": _INT,
            "net": _INT,
            "after": _INT,
            "kept": _INT,
            "commission": _INT,
            "collection": _INT,
        }
    ),
    "StatementSpot": _obj({"spot": _STR, "player": _STR, "result": _null(_STR), "net": _INT}),
    "Statement": _obj(
        {
            "format": {"const": "paigow-statement/1"},
            "record_id": _STR,
            "void": _null(_STR),
            "banker": ref("Banker"),
            "wagers": _list(ref("StatementWager")),
            "dealer_wager": _null(ref("StatementDealerWager")),
            "bank": _null(ref("StatementBank")),
            "players": _list(ref("StatementPlayer")),
            "spots": _list(ref("StatementSpot")),
            "house": _obj({"net": _INT, "commission": _INT, "collection": _INT}),
        }
    ),
    # What a player may do now (paigow.service.choices): the client offers these and nothing
    # else.
    "Range": _obj({"min": _INT, "max": _INT}),
    "WagerChoice": _obj({"spot": _STR, "kind": _STR, "min": _INT, "max": _INT}),
    "Choices": _obj(
        {
            "key": _null(_STR),
            "seated": _BOOL,
            "playing": _BOOL,
            "next_round": _BOOL,
            "sitting_out": _BOOL,
            "sit_out": _BOOL,
            "returning": _BOOL,
            "leave": _BOOL,
            "sit": _null(_obj({"seats": _list(_STR), "min": _INT})),
            "withdraw_dice_bonus": _BOOL,
            "bank": _null(_obj({"kind": _enum("player", "player-dealer"), "co_bank": _BOOL})),
            "wagers": _list(ref("WagerChoice")),
            "remove": _list(_STR),
            "ready": _BOOL,
            "dealer_wager": _null(ref("Range")),
            "pd_stake": _null(ref("Range")),
            "cuts": _null(_list(_STR)),
            "styles": _list(_STR),
            "roll": _BOOL,
            "set": _list(_STR),
            "set_now": _list(_STR),
            "void_hand": _list(_STR),
            "bank_set": _BOOL,
            "surrender": _list(_STR),
            "stand": _BOOL,
        }
    ),
    "RoundView": _obj(
        {
            "game": _enum("tiles", "cards"),
            "phase": _PHASE,
            "banker": ref("Banker"),
            "seats": _map(_STR),
            "chips": _map(_INT),
            "house_way": _STR,
            "style": _null(_STR),
            "dice": _null(_list(_INT)),
            "rng": _null(_INT),
            "start": _null(_STR),
            "dragons_eye": _null(ref("DragonsEye")),
            "wagers": _list(ref("WagerView")),
            "dealer_wager": _INT,
            "pd_stake": _INT,
            "positions": _map(ref("PositionView")),
            "unset": _list(_STR),
            "results": _map(ref("ResultView")),
            "exposure": _list(_STR),
            "void": _null(_STR),
            "operations": _INT,
            "statement": _null(ref("Statement")),
        }
    ),
    "TableState": _obj(
        {
            "table": _STR,
            "seq": _INT,
            "profile": _STR,
            "game": _enum("tiles", "cards"),
            "limits": ref("Limits"),
            "seats": _map(_STR),
            "chips": _map(_INT),
            "rounds": _INT,
            "round_open": _BOOL,
            "waiting": _null(ref("Waiting")),
            "paused": _BOOL,
            "held": _null(_STR),
            "you": _null(_STR),
            "away": _list(_STR),
            "round": _null(ref("RoundView")),
            "choices": _null(ref("Choices")),
        }
    ),
    "Transfer": _obj(
        {
            "from": _STR,
            "to": _STR,
            "cents": _INT,
            "reason": _STR,
            "ref": _STR,
            "index": _INT,
            "op": _INT,
            "link": _STR,
        },
        optional=("index", "op", "link"),
    ),
    "OperationView": _obj(
        {
            "index": _INT,
            "kind": _STR,
            "actor": _STR,
            "data": _ANY_OBJECT,
            "at": _null(_STR),
            "link": _STR,
        },
        optional=("at", "link"),
    ),
    "TableEvent": _obj(
        {
            "seq": _INT,
            "action": _STR,
            "round": _null(_INT),
            "notice": _ANY_OBJECT,
            "ops": _list(ref("OperationView")),
        },
        optional=("notice", "ops"),
    ),
    "LobbyTable": _obj(
        {
            "id": _STR,
            "profile": _STR,
            "title": _STR,
            "game": _enum("tiles", "cards"),
            "limits": ref("Limits"),
            "variations": _obj(
                {"pair_fortunes": _null(_STR), "dragons_eye": _BOOL, "supreme_bonus": _BOOL}
            ),
            "computer_players": _INT,
            "notes": _list(_STR),
            "seats": _map(_null(_STR)),
            "free": _list(_STR),
            "phase": _STR,
            "rounds": _INT,
            "held": _null(_STR),
            "private": _null(_obj({"owner": _STR, "invitation_only": _BOOL})),
        }
    ),
    "LobbyFeed": _obj({"type": {"const": "lobby"}, "tables": _list(ref("LobbyTable"))}),
    "SideBetInfo": _obj({"kind": _STR, "label": _STR, "pays": _STR, "table": _list(ref("PayRow"))}),
    "TableInfo": _obj(
        {
            "table": _STR,
            "profile": _STR,
            "title": _STR,
            "game": _enum("tiles", "cards"),
            "positions": _INT,
            "dead_hand": _BOOL,
            "limits": ref("Limits"),
            "two_spots": _BOOL,
            "players_per_spot": _INT,
            "surrender": _BOOL,
            "commission": _STR,
            "collection_cents": _INT,
            "house_banks": _BOOL,
            "player_bank": _BOOL,
            "co_bank": _BOOL,
            "dealer_wager": _BOOL,
            "bank_may_cut": _BOOL,
            "styles": _list(_obj({"style": _STR, "label": _STR})),
            "default_style": _STR,
            "style_chooser": _STR,
            "setting_order": _enum("reject", "as-set", "foul"),
            "house_way": _STR,
            "side_bets": _list(ref("SideBetInfo")),
            "pair_fortunes_requires_base": _BOOL,
            "supreme_bonus_min": _INT,
            "windows": _obj({"wager": _NUM, "setting": _NUM, "decision": _NUM, "pause": _NUM}),
            "on_setting_timeout": _STR,
            "advice": _BOOL,
            "computer_players": _INT,
        }
    ),
    "NamedHands": _obj(
        {"high": _list(_STR), "low": _list(_STR), "high_name": _STR, "low_name": _STR}
    ),
    "ScoredSetting": _obj(
        {
            "high": _list(_STR),
            "low": _list(_STR),
            "high_name": _STR,
            "low_name": _STR,
            "ev": _NUM,
            "ev_exact": _STR,
            "win": _NUM,
            "push": _NUM,
            "lose": _NUM,
            "counts": _obj({"win": _INT, "push": _INT, "lose": _INT}),
            # Settings of the same pieces that play exactly alike (hands of equal strength),
            # scored and listed once under this one.
            "same": _list(ref("Hands")),
        }
    ),
    "Advice": _obj(
        {
            "table": _STR,
            "spot": _STR,
            "pieces": _list(_STR),
            "house_way": _obj(
                {
                    "name": _STR,
                    "rule": _null(_STR),
                    "high": _list(_STR),
                    "low": _list(_STR),
                    "high_name": _STR,
                    "low_name": _STR,
                }
            ),
            "advice": _BOOL,
            "role": _enum("player", "bank"),
            "dealer_way": _STR,
            "settings": _list(ref("ScoredSetting")),
            "best": _INT,
            "house": _INT,
        },
        optional=("settings", "best", "house"),
    ),
    "RecordPosition": _obj(
        {
            "dealt": _null(_list(_STR)),
            "collected": _BOOL,
            "setting": _null(ref("Hands")),
            "set_by": _null(_STR),
            "wagers": _list(_ANY_OBJECT),
            "bank": _BOOL,
        },
        optional=("set_by", "bank"),
        more=True,
    ),
    "RoundRecord": _obj(
        {
            "profile": _STR,
            "rules": _obj(
                {"profile": _obj({"game": _enum("tiles", "cards")}, more=True)}, more=True
            ),
            "house_way": _STR,
            "banker": ref("Banker"),
            "seats": _map(_STR),
            "stacks": _map(_INT),
            "style": _null(_STR),
            "dice": _null(_list(_INT)),
            "start": _null(_STR),
            "void": _null(_STR),
            "positions": _map(ref("RecordPosition")),
            "operations": _list(ref("OperationView")),
            "transfers": _list(ref("Transfer")),
            "net": _map(_INT),
            "redacted": _BOOL,
        },
        optional=("redacted",),
        more=True,
    ),
    "RecalledRound": _obj(
        {
            "table": _STR,
            "round": _INT,
            "finished_at": _STR,
            "void": _BOOL,
            "record": ref("RoundRecord"),
            "statement": ref("Statement"),
        }
    ),
    "Me": _obj(
        {"name": _STR, "role": _enum("player", "operator"), "wallet": _INT, "seats": _map(_STR)}
    ),
    "SessionInfo": _obj({"me": _null(ref("Me")), "signup_grant": _INT}, ("signup_grant",)),
    **MORE_DEFS,
}

#: What each route or message part answers (the tests check real answers against them).
ROOTS: Final[dict[str, str]] = {
    "state": "TableState",
    "event": "TableEvent",
    "GET /api/tables": "LobbyTable[]",
    "/ws/lobby": "LobbyFeed",
    "GET /api/tables/{id}/info": "TableInfo",
    "GET /api/tables/{id}/advice/{spot}": "Advice",
    "GET /api/tables/{id}/history": "RecalledRound[]",
    "GET /api/me": "Me",
    "GET /api/session": "SessionInfo",
    "GET /api/me/rounds": "RecalledRound[]",
    "GET /api/trainer/profiles": "TrainerProfiles",
    "GET /api/rules": "ProfileSummary[]",
    "GET /api/rules/{profile}": "ProfileRules",
    "POST /api/tutorial/deal": "TutorialDeal",
    "POST /api/tutorial/play": "TutorialRound",
    "POST /api/trainer/deal": "TrainerProblem",
    "POST /api/trainer/answer": "TrainerAnswer",
    **MORE_ROOTS,
}
