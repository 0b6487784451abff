"""JSON schemas of what the service shows its clients beyond the protocol's envelopes: a table's
state (the ``state`` of the ``state`` and ``event`` messages), the round in it, the events'
operations, the lobby, and the browser client's routes (:mod:`paigow.service.routes.web_api`,
:mod:`paigow.service.routes.trainer_api`).

They describe the data as :func:`paigow.table.observation.observe`,
:meth:`~paigow.service.tables.actor.TableActor.state` and the routes build it; the tests check real
messages of every profile against them, and the browser client's TypeScript types are generated
from them together with :func:`paigow.service.wire.protocol.schemas` (docs/web.md), so the client's
types cannot drift from the server.

Every schema is a plain dict; ``{"$ref": "#/defs/NAME"}`` refers to :data:`DEFS`.
"""

from __future__ import annotations

from typing import Final

from .rules_schema import RULES_DEFS
from .view_schema_account import ACCOUNT_DEFS, ACCOUNT_ROOTS
from .view_schema_floor import FLOOR_DEFS, FLOOR_ROOTS
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
from .view_schema_trainer import TRAINER_DEFS

__all__ = ["DEFS", "ROOTS", "ref"]

_PHASE = enum(
    "shuffle", "cut", "wagers", "style", "shake", "deal", "setting", "bank", "surrender", "done"
)
_BANKER_KIND = enum("house", "player", "co-bank", "player-dealer")

#: Named schemas (TypeScript interfaces of the same names).
DEFS: Final[dict[str, Schema]] = {
    **RULES_DEFS,
    "Limits": obj({"min": INT, "max": INT}),
    "Waiting": obj({"key": STR, "for": STR, "who": list_of(STR), "deadline": null(NUM)}),
    "Banker": obj({"kind": _BANKER_KIND, "player": null(STR), "position": null(STR)}),
    "Hands": obj({"high": list_of(STR), "low": list_of(STR)}),
    "PositionView": obj(
        {
            "dealt": BOOL,
            "collected": BOOL,
            "pieces": null(list_of(STR)),
            "set": BOOL,
            "setting": null(ref("Hands")),
            "set_by": null(STR),
            "exposed_count": INT,
            "surrendered": BOOL,
            "void": BOOL,
            "dead": BOOL,
        }
    ),
    "WagerView": obj(
        {
            "ref": STR,
            "player": STR,
            "spot": STR,
            "kind": STR,
            "cents": INT,
            "result": null(STR),
        }
    ),
    "DragonsEye": obj({"button": INT, "triple": BOOL, "tier": INT, "streak": INT}),
    # One entry of a round's results: a wager's (by ref), the dealer's wager's ("dealer"), or
    # the Player-Dealer's action ("player-dealer"); side wagers carry their class and pays.
    "ResultView": obj(
        {
            "spot": STR,
            "player": STR,
            "cents": INT,
            "result": STR,
            "high": STR,
            "low": STR,
            "class": STR,
            "pays": INT,
            "reason": STR,
            "reset_to_house_way": BOOL,
            "stake": INT,
            "action_used": INT,
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
    "StatementWager": obj(
        {
            "ref": STR,
            "owner": STR,
            "kind": STR,
            "spot": STR,
            "stake": INT,
            "result": null(STR),
            "returned": INT,
            "won": INT,
            "commission": INT,
            "collection": INT,
            "net": INT,
            "pays": INT,
            "class": STR,
            "reason": STR,
            "action": INT,
        },
        optional=("pays", "class", "reason", "action"),
    ),
    "StatementDealerWager": obj(
        {"stake": INT, "result": null(STR), "returned": INT, "won": INT, "net": INT}
    ),
    "StatementLine": obj({"what": STR, "cents": INT}),
    "StatementCentre": obj(
        {
            "taken": INT,
            "paid": INT,
            "shortfall": INT,
            "house_shortfall": INT,
            "house_half": INT,
            "commission": INT,
            "surplus": INT,
        }
    ),
    "StatementBank": obj(
        {
            "player": STR,
            "kind": _BANKER_KIND,
            "position": STR,
            "net": INT,
            "lines": list_of(ref("StatementLine")),
            "commission": INT,
            "collection": INT,
            "centre": ref("StatementCentre"),
            "stake": INT,
            "action_used": INT,
        },
        optional=("centre", "stake", "action_used"),
    ),
    "StatementPlayer": obj(
        {
            "player": STR,
            "seat": STR,
            "before": INT,
            "net": INT,
            "after": INT,
            "kept": INT,
            "commission": INT,
            "collection": INT,
        }
    ),
    "StatementSpot": obj({"spot": STR, "player": STR, "result": null(STR), "net": INT}),
    "Statement": obj(
        {
            "format": {"const": "paigow-statement/1"},
            "record_id": STR,
            "void": null(STR),
            "banker": ref("Banker"),
            "wagers": list_of(ref("StatementWager")),
            "dealer_wager": null(ref("StatementDealerWager")),
            "bank": null(ref("StatementBank")),
            "players": list_of(ref("StatementPlayer")),
            "spots": list_of(ref("StatementSpot")),
            "house": obj({"net": INT, "commission": INT, "collection": INT}),
        }
    ),
    # What a player may do now (paigow.service.tables.choices): the client offers these and nothing
    # else.
    "Range": obj({"min": INT, "max": INT}),
    "WagerChoice": obj({"spot": STR, "kind": STR, "min": INT, "max": INT}),
    "Choices": obj(
        {
            "key": null(STR),
            "seated": BOOL,
            "playing": BOOL,
            "next_round": BOOL,
            "sitting_out": BOOL,
            "sit_out": BOOL,
            "returning": BOOL,
            "leave": BOOL,
            "sit": null(obj({"seats": list_of(STR), "min": INT})),
            "withdraw_dice_bonus": BOOL,
            "bank": null(obj({"kind": enum("player", "player-dealer"), "co_bank": BOOL})),
            "wagers": list_of(ref("WagerChoice")),
            "remove": list_of(STR),
            "ready": BOOL,
            "dealer_wager": null(ref("Range")),
            "pd_stake": null(ref("Range")),
            "cuts": null(list_of(STR)),
            "styles": list_of(STR),
            "roll": BOOL,
            "set": list_of(STR),
            "set_now": list_of(STR),
            "void_hand": list_of(STR),
            "bank_set": BOOL,
            "surrender": list_of(STR),
            "stand": BOOL,
        }
    ),
    "RoundView": obj(
        {
            "game": enum("tiles", "cards"),
            "phase": _PHASE,
            "banker": ref("Banker"),
            "seats": map_of(STR),
            "chips": map_of(INT),
            "house_way": STR,
            "style": null(STR),
            "dice": null(list_of(INT)),
            "rng": null(INT),
            "start": null(STR),
            "dragons_eye": null(ref("DragonsEye")),
            "wagers": list_of(ref("WagerView")),
            "dealer_wager": INT,
            "pd_stake": INT,
            "positions": map_of(ref("PositionView")),
            "unset": list_of(STR),
            "results": map_of(ref("ResultView")),
            "exposure": list_of(STR),
            "void": null(STR),
            "operations": INT,
            "statement": null(ref("Statement")),
        }
    ),
    "TableState": obj(
        {
            "table": STR,
            # what players call the table (its id is the operators'): the name its opener gave
            # a private table, a house table's id; null for a private table without a name
            "name": null(STR),
            "seq": INT,
            "profile": STR,
            "game": enum("tiles", "cards"),
            "limits": ref("Limits"),
            "seats": map_of(STR),
            "chips": map_of(INT),
            "rounds": INT,
            "round_open": BOOL,
            "waiting": null(ref("Waiting")),
            "paused": BOOL,
            "held": null(STR),
            "you": null(STR),
            "away": list_of(STR),
            "round": null(ref("RoundView")),
            "choices": null(ref("Choices")),
        }
    ),
    "Transfer": obj(
        {
            "from": STR,
            "to": STR,
            "cents": INT,
            "reason": STR,
            "ref": STR,
            "index": INT,
            "op": INT,
            "link": STR,
        },
        optional=("index", "op", "link"),
    ),
    "OperationView": obj(
        {
            "index": INT,
            "kind": STR,
            "actor": STR,
            "data": ANY_OBJECT,
            "at": null(STR),
            "link": STR,
        },
        optional=("at", "link"),
    ),
    "TableEvent": obj(
        {
            "seq": INT,
            "action": STR,
            "round": null(INT),
            "notice": ANY_OBJECT,
            "ops": list_of(ref("OperationView")),
        },
        optional=("notice", "ops"),
    ),
    "LobbyFeed": obj({"type": {"const": "lobby"}, "tables": list_of(ref("LobbyTable"))}),
    "SideBetInfo": obj({"kind": STR, "label": STR, "pays": STR, "table": list_of(ref("PayRow"))}),
    "TableInfo": obj(
        {
            "table": STR,
            "profile": STR,
            "title": STR,
            "game": enum("tiles", "cards"),
            "positions": INT,
            "dead_hand": BOOL,
            "limits": ref("Limits"),
            "two_spots": BOOL,
            "players_per_spot": INT,
            "surrender": BOOL,
            "commission": STR,
            "collection_cents": INT,
            "house_banks": BOOL,
            "player_bank": BOOL,
            "co_bank": BOOL,
            "dealer_wager": BOOL,
            "bank_may_cut": BOOL,
            "styles": list_of(obj({"style": STR, "label": STR})),
            "default_style": STR,
            "style_chooser": STR,
            "setting_order": enum("reject", "as-set", "foul"),
            "house_way": STR,
            "side_bets": list_of(ref("SideBetInfo")),
            "pair_fortunes_requires_base": BOOL,
            "supreme_bonus_min": INT,
            "windows": obj({"wager": NUM, "setting": NUM, "decision": NUM, "pause": NUM}),
            "on_setting_timeout": STR,
            "advice": BOOL,
            "computer_players": INT,
            "fee": enum("commission", "collection", "none"),
            "private": null(obj({"owner": STR, "invitation_only": BOOL, "name": null(STR)})),
        }
    ),
    "NamedHands": obj(
        {"high": list_of(STR), "low": list_of(STR), "high_name": STR, "low_name": STR}
    ),
    "ScoredSetting": obj(
        {
            "high": list_of(STR),
            "low": list_of(STR),
            "high_name": STR,
            "low_name": STR,
            "ev": NUM,
            "ev_exact": STR,
            "win": NUM,
            "push": NUM,
            "lose": NUM,
            "counts": obj({"win": INT, "push": INT, "lose": INT}),
            # Settings of the same pieces that play exactly alike (hands of equal strength),
            # scored and listed once under this one.
            "same": list_of(ref("Hands")),
        }
    ),
    "Advice": obj(
        {
            "table": STR,
            "spot": STR,
            "pieces": list_of(STR),
            "house_way": obj(
                {
                    "name": STR,
                    "rule": null(STR),
                    "high": list_of(STR),
                    "low": list_of(STR),
                    "high_name": STR,
                    "low_name": STR,
                }
            ),
            "advice": BOOL,
            "role": enum("player", "bank"),
            "dealer_way": STR,
            # the table's fee in the EVs: the commission on wins, or none (a collection is
            # taken in advance and counted in none of them)
            "fee": enum("commission", "collection", "none"),
            "settings": list_of(ref("ScoredSetting")),
            "best": INT,
            "house": INT,
        },
        optional=("settings", "best", "house"),
    ),
    "RecordPosition": obj(
        {
            "dealt": null(list_of(STR)),
            "collected": BOOL,
            "setting": null(ref("Hands")),
            "set_by": null(STR),
            "wagers": list_of(ANY_OBJECT),
            "bank": BOOL,
        },
        optional=("set_by", "bank"),
        more=True,
    ),
    "RoundRecord": obj(
        {
            "profile": STR,
            "rules": obj({"profile": obj({"game": enum("tiles", "cards")}, more=True)}, more=True),
            "house_way": STR,
            "banker": ref("Banker"),
            "seats": map_of(STR),
            "stacks": map_of(INT),
            "style": null(STR),
            "dice": null(list_of(INT)),
            "start": null(STR),
            "void": null(STR),
            "positions": map_of(ref("RecordPosition")),
            "operations": list_of(ref("OperationView")),
            "transfers": list_of(ref("Transfer")),
            "net": map_of(INT),
            "redacted": BOOL,
        },
        optional=("redacted",),
        more=True,
    ),
    "RecalledRound": obj(
        {
            "table": STR,
            "round": INT,
            "finished_at": STR,
            "void": BOOL,
            "record": ref("RoundRecord"),
            "statement": ref("Statement"),
            # a private table's opener (the page names the table by it); null: the house's
            "private": null(obj({"owner": STR, "invitation_only": BOOL, "name": null(STR)})),
        }
    ),
    # The most a buy-in may be now, what binds it, what the daily limit leaves (wallets.py).
    "BuyIn": obj({"max": INT, "by": enum("wallet", "limit", "excluded"), "left_today": null(INT)}),
    "Me": obj(
        {
            "name": STR,
            "role": enum("player", "operator"),
            "wallet": INT,
            "buy_in": ref("BuyIn"),
            "seats": map_of(STR),
        }
    ),
    "SessionInfo": obj({"me": null(ref("Me")), "signup_grant": INT}, ("signup_grant",)),
    # Where a table's clients connect: the process that runs it, the address it announced.
    "TableServer": obj({"table": STR, "owner": null(STR), "server": null(STR)}),
    **TRAINER_DEFS,
    **ACCOUNT_DEFS,
    **FLOOR_DEFS,
}

#: What each route or message part answers (the tests check real answers against them).
ROOTS: Final[dict[str, str]] = {
    "state": "TableState",
    "event": "TableEvent",
    "GET /api/tables": "LobbyTable[]",
    "/ws/lobby": "LobbyFeed",
    "/ws floor": "FloorFeed",
    "GET /api/tables/{id}/info": "TableInfo",
    "GET /api/tables/{id}/server": "TableServer",
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
    **ACCOUNT_ROOTS,
    **FLOOR_ROOTS,
}
