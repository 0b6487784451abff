"""Pai Gow Tiles described as data: a hand, a comparison and a house way's setting, as the
command line (``paigow hand``, ``compare``, ``set``) and its ``--batch`` lines answer them."""

from __future__ import annotations

from functools import cache
from typing import Any

from paigow.errors import InvalidSettingError, ParseError
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, compare_settings, validate_four
from paigow.games.tiles.tiles import Tile, parse_tiles
from paigow.games.tiles.ways.regulation import RegulationWay, regulation_rule
from paigow.profiles import Profile

from .named import get_way

__all__ = [
    "compare_json",
    "hand_json",
    "hand_text_json",
    "set_json",
    "setting_data",
    "tile_list",
    "validate_hand",
]


@cache
def _tiles(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text)


def tile_list(tiles: tuple[Tile, ...] | list[Tile]) -> list[str]:
    """Tiles as a list of canonical strings."""
    return [str(t) for t in tiles]


def setting_data(s: Setting) -> dict[str, list[str]]:
    """``{"high": [t, t], "low": [t, t]}``."""
    return {"high": tile_list(list(s.high.tiles)), "low": tile_list(list(s.low.tiles))}


@cache
def _hand(text: str) -> Hand:
    tiles = _tiles(text)
    if len(tiles) != 2:
        raise ParseError(f"a hand is two tiles, got {len(tiles)} in {text!r}")
    validate_hand(tiles, text)
    return Hand.of(*tiles)


def validate_hand(tiles: tuple[Tile, ...], text: str) -> None:
    """Two copies of a single tile cannot be in one hand."""
    if tiles[0] is tiles[1] and tiles[0].copies < 2:
        raise InvalidSettingError(f"{text!r}: the set has only one {tiles[0]}")


@cache
def hand_json(h: Hand) -> dict[str, Any]:
    """What a two-tile hand is: category, name, value, highest tile, rank."""
    return {
        "tiles": tile_list(list(h.tiles)),
        "category": h.category,
        "name": h.name,
        "pair_rank": h.pair_rank,
        "value": None if h.is_pair else h.value,
        "high_tile": str(h.top),
        "high_tile_rank": h.top_rank,
        "gee_joon_counted": h.gee_joon_count,
        "rank": h.rank,
        "strength": h.strength,
    }


def hand_text_json(text: str, prof: Profile) -> dict[str, Any]:
    """``paigow hand``: what the two tiles of ``text`` are."""
    out = dict(hand_json(_hand(text)))
    out["profile"] = prof.name
    return out


@cache
def _setting(text: str, allow_reversed: bool) -> Setting:
    return Setting.parse(text, allow_reversed=allow_reversed)


def compare_json(
    player: str, dealer: str, prof: Profile, *, detail: bool = False
) -> dict[str, Any]:
    """``paigow compare``: a player's setting against the dealer's/bank's setting."""
    as_set = prof.ranking.setting_order == "as-set"
    p = _setting(player, as_set)
    d = _setting(dealer, as_set)
    counts: dict[Tile, int] = {}
    for t in (*p.tiles, *d.tiles):
        n = counts[t] = counts.get(t, 0) + 1
        if n > t.copies:
            raise InvalidSettingError(
                f"player and dealer together hold {n} copies of {t}; the set has {t.copies}"
            )
    c = compare_settings(p, d, prof.compare_rules)
    out: dict[str, Any] = c.to_json()
    out["player"] = setting_data(p)
    out["dealer"] = setting_data(d)
    if detail:
        out["player_hands"] = [hand_json(p.high), hand_json(p.low)]
        out["dealer_hands"] = [hand_json(d.high), hand_json(d.low)]
    out["profile"] = prof.name
    return out


def set_json(text: str, way_name: str, prof: Profile) -> dict[str, Any]:
    """``paigow set``: the setting of four tiles by the house way ``way_name``."""
    ts = _tiles(text)
    validate_four(ts, what=repr(text))
    return _set_sorted(way_name, tuple(sorted(ts, key=lambda t: t.sort_key)), prof.name) | {
        "tiles": tile_list(list(ts))
    }


@cache
def _set_sorted(way_name: str, ts: tuple[Tile, ...], profile: str) -> dict[str, Any]:
    w = get_way(way_name)
    s = w.set(ts)
    out: dict[str, Any] = {"tiles": None, "way": w.name}
    out.update(setting_data(s))
    out["high_hand"] = hand_json(s.high)
    out["low_hand"] = hand_json(s.low)
    if isinstance(w, RegulationWay):
        out["rule"] = regulation_rule(ts)[0]
    out["profile"] = profile
    return out
