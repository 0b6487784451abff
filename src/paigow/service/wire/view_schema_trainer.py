"""The schemas of the trainer's routes (:mod:`paigow.service.routes.trainer_api`), part of
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

__all__ = ["TRAINER_DEFS"]

#: Named schemas of the trainer (TypeScript interfaces of the same names).
TRAINER_DEFS: Final[dict[str, Schema]] = {
    "TallySummary": obj(
        {
            "hands": INT,
            "best": INT,
            "house": INT,
            "accuracy": null(NUM),
            "ev_lost_per_hand": null(NUM),
        }
    ),
    "TrainerStats": obj(
        {
            "hands": INT,
            "best": INT,
            "house": INT,
            "accuracy": null(NUM),
            "ev_lost_per_hand": null(NUM),
            "categories": map_of(ref("TallySummary")),
            "review": INT,
        }
    ),
    "TrainerProblem": obj(
        {
            "profile": STR,
            "game": enum("tiles", "cards"),
            "house_way": STR,
            "dealer_way": STR,
            "pieces": list_of(STR),
            "drill": STR,
            "categories": list_of(STR),
            "options": list_of(ref("NamedHands")),
        }
    ),
    "TrainerGroup": obj(
        {
            "label": STR,
            "hands": INT,
            "share": NUM,
            "ev": NUM,
            "changes": STR,
            # The group's dealer hands (trainer BANDS; "" for the other groups summed), how many
            # groups were summed into it (0: one group), and its outcome moves.
            "dealer_high": STR,
            "dealer_low": STR,
            "others": INT,
            "moves": list_of(obj({"before": STR, "after": STR, "hands": INT})),
        }
    ),
    "TrainerComparison": obj(
        {
            "better": STR,
            "worse": STR,
            "sides": list_of(enum("best", "house", "yours")),
            "summary": list_of(STR),
            "dealer_hands": INT,
            "gain": NUM,
            "differ": INT,
            "high_wins": list_of(INT),
            "low_wins": list_of(INT),
            "groups": list_of(ref("TrainerGroup")),
        }
    ),
    "TrainerExplanation": obj(
        {
            "house_way": STR,
            "dealer_way": STR,
            "rule": null(STR),
            "best": INT,
            "house": INT,
            "house_vs_best": null(ANY_OBJECT),
            "yours_vs_best": null(ANY_OBJECT),
            "sentences": list_of(STR),
            "comparisons": list_of(ref("TrainerComparison")),
        }
    ),
    "TrainerScore": obj(
        {
            "pieces": list_of(STR),
            "choice": INT,
            "best": INT,
            "house_way": INT,
            "is_best": BOOL,
            "matches_house_way": BOOL,
            "ev_lost": NUM,
            "ev_lost_exact": STR,
            "rule": null(STR),
            "settings": list_of(ref("ScoredSetting")),
        }
    ),
    "TrainerAnswer": obj(
        {
            "problem": ref("TrainerProblem"),
            "score": ref("TrainerScore"),
            "explanation": ref("TrainerExplanation"),
            "stats": null(ref("TrainerStats")),
        }
    ),
    "TrainerProfiles": obj(
        {
            "profiles": list_of(obj({"name": STR, "title": STR, "game": STR, "way": STR})),
            "drills": list_of(obj({"drill": STR, "label": STR})),
        }
    ),
}
