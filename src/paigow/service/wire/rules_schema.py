"""JSON schemas of a profile's rules as its rules page shows them (``GET /api/rules`` and ``GET
/api/rules/{profile}``, :func:`paigow.service.tables.advice.profile_rules`) and of the tutorial's
practice round (``POST /api/tutorial/deal`` and ``/play``,
:mod:`paigow.service.routes.tutorial_api`), part of :data:`paigow.service.wire.view_schema.DEFS`
(the client's TypeScript types are generated from them).
"""

from __future__ import annotations

from typing import Final

from .view_schema_kit import BOOL, INT, STR, Schema, enum, list_of, map_of, obj, ref

__all__ = ["RULES_DEFS"]


#: The rules pages' schemas: a pay table's row, a profile's summary and its rules.
RULES_DEFS: Final[dict[str, Schema]] = {
    "PayRow": obj({"case": STR, "pays": INT}),
    "ProfileSummary": obj({"profile": STR, "title": STR, "game": enum("tiles", "cards")}),
    "ProfileRules": obj(
        {
            "profile": STR,
            "title": STR,
            "game": enum("tiles", "cards"),
            "source": STR,
            "limits": ref("Limits"),
            "table": obj(
                {
                    "positions": INT,
                    "dead_hand": BOOL,
                    "dealer_hand": BOOL,
                    "two_spots": BOOL,
                    "players_per_spot": INT,
                    "surrender": BOOL,
                }
            ),
            "commission": obj(
                {
                    "rate": STR,
                    "rounding": STR,
                    "on_bank_surplus": BOOL,
                    "collection": BOOL,
                    "collection_cents": INT,
                    "collection_schedule": list_of(list_of(INT)),
                    "free_collection_hands": INT,
                }
            ),
            "banking": obj(
                {
                    "house_banks": BOOL,
                    "player_bank": BOOL,
                    "co_bank": BOOL,
                    "max_consecutive": INT,
                    "house_round_between": BOOL,
                    "dealer_wager": BOOL,
                    "bank_must_cover_all": BOOL,
                    "action_limited_to_stake": BOOL,
                }
            ),
            "zero": obj(
                {
                    "player_low_zero_loses": BOOL,
                    "zero_zero_banker": BOOL,
                    "zero_rule": enum("points", "literal"),
                }
            ),
            "setting_order": enum("reject", "as-set", "foul"),
            "house_way": STR,
            "start": list_of(STR),
            "dealing": obj(
                {
                    "styles": list_of(STR),
                    "default_style": STR,
                    "chooser": STR,
                    "bank_may_cut": BOOL,
                }
            ),
            "side_bets": list_of(ref("ProfileSideBet")),
        }
    ),
    "ProfileSideBet": obj(
        {
            "kind": enum("pair-fortunes", "dragons-eye", "supreme-bonus"),
            "requires_base": BOOL,
            "tables": map_of(list_of(ref("PayRow"))),
            "without_paigow_wager": BOOL,
            "wagers": list_of(obj({"kind": STR, "table": list_of(ref("PayRow"))})),
            "min": INT,
            "max": INT,
            "table": list_of(ref("PayRow")),
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
    # The tutorial's practice round (paigow.service.routes.tutorial_api).
    "TutorialHand": obj({"pieces": list_of(STR), "name": STR, "value": INT}),
    "TutorialDeal": obj({"deal": INT, "profile": STR, "way": STR, "pieces": list_of(STR)}),
    "TutorialRound": obj(
        {
            "deal": INT,
            "profile": STR,
            "way": STR,
            "pieces": list_of(STR),
            "player": obj({"high": ref("TutorialHand"), "low": ref("TutorialHand")}),
            "house_way": obj({"high": ref("TutorialHand"), "low": ref("TutorialHand")}),
            "dealer": obj(
                {
                    "pieces": list_of(STR),
                    "high": ref("TutorialHand"),
                    "low": ref("TutorialHand"),
                }
            ),
            "result": enum("win", "push", "lose"),
            "high": enum("player", "dealer"),
            "low": enum("player", "dealer"),
        }
    ),
}
