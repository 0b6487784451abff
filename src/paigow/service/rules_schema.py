"""JSON schemas of a profile's rules as its rules page shows them (``GET /api/rules`` and
``GET /api/rules/{profile}``, :func:`paigow.service.advice.profile_rules`) and of the tutorial's
practice round (``POST /api/tutorial/deal`` and ``/play``, :mod:`paigow.service.tutorial_api`),
part of :data:`paigow.service.view_schema.DEFS` (the client's TypeScript types are generated
from them).
"""

from __future__ import annotations

from typing import Final

from .schema_parts import _BOOL, _INT, _STR, Schema, _enum, _list, _map, _obj
from .schema_parts import ref as _ref

__all__ = ["RULES_DEFS"]


#: The rules pages' schemas: a pay table's row, a profile's summary and its rules.
RULES_DEFS: Final[dict[str, Schema]] = {
    "PayRow": _obj({"case": _STR, "pays": _INT}),
    "ProfileSummary": _obj({"profile": _STR, "title": _STR, "game": _enum("tiles", "cards")}),
    "ProfileRules": _obj(
        {
            "profile": _STR,
            "title": _STR,
            "game": _enum("tiles", "cards"),
            "source": _STR,
            "limits": _ref("Limits"),
            "table": _obj(
                {
                    "positions": _INT,
                    "dead_hand": _BOOL,
                    "dealer_hand": _BOOL,
                    "two_spots": _BOOL,
                    "players_per_spot": _INT,
                    "surrender": _BOOL,
                }
            ),
            "commission": _obj(
                {
                    "rate": _STR,
                    "rounding": _STR,
                    "on_bank_surplus": _BOOL,
                    "collection": _BOOL,
                    "collection_cents": _INT,
                    "collection_schedule": _list(_list(_INT)),
                    "free_collection_hands": _INT,
                }
            ),
            "banking": _obj(
                {
                    "house_banks": _BOOL,
                    "player_bank": _BOOL,
                    "co_bank": _BOOL,
                    "max_consecutive": _INT,
                    "house_round_between": _BOOL,
                    "dealer_wager": _BOOL,
                    "bank_must_cover_all": _BOOL,
                    "action_limited_to_stake": _BOOL,
                }
            ),
            "zero": _obj(
                {
                    "player_low_zero_loses": _BOOL,
                    "zero_zero_banker": _BOOL,
                    "zero_rule": _enum("points", "literal"),
                }
            ),
            "setting_order": _enum("reject", "as-set", "foul"),
            "house_way": _STR,
            "start": _list(_STR),
            "dealing": _obj(
                {
                    "styles": _list(_STR),
                    "default_style": _STR,
                    "chooser": _STR,
                    "bank_may_cut": _BOOL,
                }
            ),
            "side_bets": _list(_ref("ProfileSideBet")),
        }
    ),
    "ProfileSideBet": _obj(
        {
            "kind": _enum("pair-fortunes", "dragons-eye", "supreme-bonus"),
            "requires_base": _BOOL,
            "tables": _map(_list(_ref("PayRow"))),
            "without_paigow_wager": _BOOL,
            "wagers": _list(_obj({"kind": _STR, "table": _list(_ref("PayRow"))})),
            "min": _INT,
            "max": _INT,
            "table": _list(_ref("PayRow")),
        },
        optional=(
            "requires_base",
            "tables",
            "without_paigow_wager",
            "wagers",
            "min",
            "max",
            "table",
        ),
    ),
    # The tutorial's practice round (paigow.service.tutorial_api).
    "TutorialHand": _obj({"pieces": _list(_STR), "name": _STR, "value": _INT}),
    "TutorialDeal": _obj({"deal": _INT, "profile": _STR, "way": _STR, "pieces": _list(_STR)}),
    "TutorialRound": _obj(
        {
            "deal": _INT,
            "profile": _STR,
            "way": _STR,
            "pieces": _list(_STR),
            "player": _obj({"high": _ref("TutorialHand"), "low": _ref("TutorialHand")}),
            "house_way": _obj({"high": _ref("TutorialHand"), "low": _ref("TutorialHand")}),
            "dealer": _obj(
                {
                    "pieces": _list(_STR),
                    "high": _ref("TutorialHand"),
                    "low": _ref("TutorialHand"),
                }
            ),
            "result": _enum("win", "push", "lose"),
            "high": _enum("player", "dealer"),
            "low": _enum("player", "dealer"),
        }
    ),
}
