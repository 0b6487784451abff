"""The command-line operations as functions from text inputs to JSON-ready data.

Each function takes the same fields as a ``--batch`` line and returns a dict; the argument
commands and the batch loop share them, so both give identical output.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from paigow.errors import InvalidSettingError, ParseError
from paigow.exact.named import get_way
from paigow.profiles import Profile, get_profile
from paigow.ranking import Hand
from paigow.settings import Setting, compare_settings, validate_four
from paigow.tiles import Tile, parse_tiles
from paigow.ways import qualified_name
from paigow.ways.regulation import RegulationWay, regulation_rule

__all__ = ["compare_data", "hand_data", "set_data"]


@cache
def _profile(name: str) -> Profile:
    return get_profile(name)


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


@cache
def hand_data(tiles: str, profile: str = "generic") -> dict[str, Any]:
    """``paigow hand``: describe a two-tile hand."""
    prof = _profile(profile)
    if prof.meta.game == "cards":
        from .card_services import card_hand

        return card_hand(tiles, prof)
    out = hand_json(_hand(tiles))
    out["profile"] = prof.name
    return out


@cache
def _setting(text: str, allow_reversed: bool) -> Setting:
    return Setting.parse(text, allow_reversed=allow_reversed)


def compare_data(
    player: str, dealer: str, profile: str = "generic", *, detail: bool = False
) -> dict[str, Any]:
    """``paigow compare``: a player's setting against the dealer's/bank's setting."""
    prof = _profile(profile)
    if prof.meta.game == "cards":
        from .card_services import card_compare

        return card_compare(player, dealer, prof)
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


def set_data(tiles: str, way: str | None = None, profile: str = "generic") -> dict[str, Any]:
    """``paigow set``: the setting of four tiles by a house way (default: the profile's)."""
    prof = _profile(profile)
    way_name = qualified_name(way, profile=prof.name) if way else prof.house_way.dealer
    if prof.meta.game == "cards":
        from .card_services import card_set

        return card_set(tiles, way_name, prof)
    ts = _tiles(tiles)
    validate_four(ts, what=repr(tiles))
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
