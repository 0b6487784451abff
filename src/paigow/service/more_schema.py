"""JSON schemas of the service's other answers: the trainer's (:mod:`paigow.service.trainer_api`),
private tables' and player protection's (:mod:`paigow.service.private.api`,
:mod:`paigow.service.protection.api`); part of :data:`paigow.service.view_schema.DEFS`."""

from __future__ import annotations

from typing import Final

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

__all__ = ["MORE_DEFS", "MORE_ROOTS"]

#: Named schemas (TypeScript interfaces of the same names).
MORE_DEFS: Final[dict[str, Schema]] = {
    "TallySummary": _obj(
        {
            "hands": _INT,
            "best": _INT,
            "house": _INT,
            "accuracy": _null(_NUM),
            "ev_lost_per_hand": _null(_NUM),
        }
    ),
    "TrainerStats": _obj(
        {
            "hands": _INT,
            "best": _INT,
            "house": _INT,
            "accuracy": _null(_NUM),
            "ev_lost_per_hand": _null(_NUM),
            "categories": _map(ref("TallySummary")),
            "review": _INT,
        }
    ),
    "TrainerProblem": _obj(
        {
            "profile": _STR,
            "game": _enum("tiles", "cards"),
            "house_way": _STR,
            "dealer_way": _STR,
            "pieces": _list(_STR),
            "drill": _STR,
            "categories": _list(_STR),
            "options": _list(ref("NamedHands")),
        }
    ),
    "TrainerGroup": _obj(
        {
            "label": _STR,
            "hands": _INT,
            "share": _NUM,
            "ev": _NUM,
            "changes": _STR,
            # The group's dealer hands (trainer BANDS; "" for the other groups summed), how many
            # groups were summed into it (0: one group), and its outcome moves.
            "dealer_high": _STR,
            "dealer_low": _STR,
            "others": _INT,
            "moves": _list(_obj({"before": _STR, "after": _STR, "hands": _INT})),
        }
    ),
    "TrainerComparison": _obj(
        {
            "better": _STR,
            "worse": _STR,
            "sides": _list(_enum("best", "house", "yours")),
            "summary": _list(_STR),
            "dealer_hands": _INT,
            "gain": _NUM,
            "differ": _INT,
            "high_wins": _list(_INT),
            "low_wins": _list(_INT),
            "groups": _list(ref("TrainerGroup")),
        }
    ),
    "TrainerExplanation": _obj(
        {
            "house_way": _STR,
            "dealer_way": _STR,
            "rule": _null(_STR),
            "best": _INT,
            "house": _INT,
            "house_vs_best": _null(_ANY_OBJECT),
            "yours_vs_best": _null(_ANY_OBJECT),
            "sentences": _list(_STR),
            "comparisons": _list(ref("TrainerComparison")),
        }
    ),
    "TrainerScore": _obj(
        {
            "pieces": _list(_STR),
            "choice": _INT,
            "best": _INT,
            "house_way": _INT,
            "is_best": _BOOL,
            "matches_house_way": _BOOL,
            "ev_lost": _NUM,
            "ev_lost_exact": _STR,
            "rule": _null(_STR),
            "settings": _list(ref("ScoredSetting")),
        }
    ),
    "TrainerAnswer": _obj(
        {
            "problem": ref("TrainerProblem"),
            "score": ref("TrainerScore"),
            "explanation": ref("TrainerExplanation"),
            "stats": _null(ref("TrainerStats")),
        }
    ),
    "TrainerProfiles": _obj(
        {
            "profiles": _list(_obj({"name": _STR, "title": _STR, "game": _STR, "way": _STR})),
            "drills": _list(_obj({"drill": _STR, "label": _STR})),
        }
    ),
    "PrivateOpened": _obj({"table": _STR, "code": _STR, "link": _STR, "invitation_only": _BOOL}),
    "PrivateFound": _obj(
        {
            "table": _STR,
            "code": _STR,
            "profile": _STR,
            "title": _STR,
            "owner": _null(_STR),
            "invitation_only": _BOOL,
            "limits": ref("Limits"),
        }
    ),
    "MyPrivateTables": _obj(
        {
            "tables": _list(
                _obj(
                    {
                        "table": _STR,
                        "code": _STR,
                        "link": _STR,
                        "profile": _STR,
                        "invitation_only": _BOOL,
                    }
                )
            ),
            "per_player": _INT,
        }
    ),
    "Protection": _obj(
        {
            "daily_limit": _null(_INT),
            "pending": _null(_obj({"limit": _null(_INT), "from": _STR})),
            "spent_today": _INT,
            "left_today": _null(_INT),
            "reminder_minutes": _null(_INT),
            "excluded_until": _null(_STR),
            "cooling_hours": _NUM,
        },
        ("cooling_hours",),
    ),
}

#: What these routes answer.
MORE_ROOTS: Final[dict[str, str]] = {
    "POST /api/private-tables": "PrivateOpened",
    "GET /api/private-tables/{code}": "PrivateFound",
    "GET /api/me/private-tables": "MyPrivateTables",
    "GET /api/me/protection": "Protection",
    "POST /api/me/protection/limit": "Protection",
}
