"""``paigow demo``: a random round dealt and set by house way, as data."""

from __future__ import annotations

import random
from typing import Any

from paigow.errors import ConfigError
from paigow.exact.named import get_way
from paigow.games import game_for
from paigow.games.dice import Rng, default_rng
from paigow.profiles import get_profile
from paigow.quickround import quick_round

from .services import hand_json, setting_data, tile_list

__all__ = ["demo_data"]


def demo_data(profile: str, way: str | None, seed: int | None) -> dict[str, Any]:
    """Deal one quick round and describe it."""
    prof = get_profile(profile)
    game = game_for(prof)
    if not game.deals_quick_round:
        raise ConfigError(
            f"the demo's quick round is not defined for {game.title}; for {prof.name} use "
            f"'paigow round --profile {prof.name}'"
        )
    w = get_way(way or prof.house_way.dealer)
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    rnd = quick_round(prof, w, rng)
    hands = []
    for h in rnd.hands:
        entry: dict[str, Any] = {"position": h.position, "dealt": tile_list(list(h.dealt))}
        if h.setting is not None:
            entry.update(setting_data(h.setting))
            entry["high_hand"] = hand_json(h.setting.high)["name"]
            entry["low_hand"] = hand_json(h.setting.low)["name"]
        if h.comparison is not None:
            entry.update({"result": h.comparison.result.value})
            entry["high_winner"] = h.comparison.high.value
            entry["low_winner"] = h.comparison.low.value
        hands.append(entry)
    return {
        "profile": rnd.profile,
        "way": rnd.way,
        "seed": seed,
        "dice": list(rnd.dice),
        "total": sum(rnd.dice),
        "banker": rnd.banker,
        "start": rnd.start,
        "hands": hands,
    }
