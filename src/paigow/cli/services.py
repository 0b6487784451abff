"""The command-line operations as functions from text inputs to JSON-ready data.

Each function takes the same fields as a ``--batch`` line and returns a dict; the argument
commands and the batch loop share them, so both give identical output. What a hand, a
comparison or a setting is belongs to the profile's game (``describe`` of
:mod:`paigow.games.tiles` and :mod:`paigow.games.cards`), which these ask.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from paigow.games import Game, game_for
from paigow.games.tiles.describe import hand_json, setting_data, tile_list, validate_hand
from paigow.games.tiles.ways import qualified_name
from paigow.profiles import Profile, get_profile

__all__ = [
    "compare_data",
    "hand_data",
    "hand_json",
    "set_data",
    "setting_data",
    "tile_list",
    "validate_hand",
]


@cache
def _profile(name: str) -> Profile:
    return get_profile(name)


@cache
def _game(name: str) -> tuple[Profile, Game]:
    prof = _profile(name)
    return prof, game_for(prof)


@cache
def hand_data(tiles: str, profile: str = "generic") -> dict[str, Any]:
    """``paigow hand``: describe a two-piece hand."""
    prof, game = _game(profile)
    return game.hand_json(tiles, prof)


def compare_data(
    player: str, dealer: str, profile: str = "generic", *, detail: bool = False
) -> dict[str, Any]:
    """``paigow compare``: a player's setting against the dealer's/bank's setting."""
    prof, game = _game(profile)
    return game.compare_json(player, dealer, prof, detail=detail)


def set_data(tiles: str, way: str | None = None, profile: str = "generic") -> dict[str, Any]:
    """``paigow set``: the setting of four pieces by a house way (default: the profile's)."""
    prof, game = _game(profile)
    way_name = qualified_name(way, profile=prof.name) if way else prof.house_way.dealer
    return game.set_json(tiles, way_name, prof)
