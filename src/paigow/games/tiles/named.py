"""The tile house ways by any name: ``optimal`` and ``optimal-banker`` computed by the math
engine, every other name by the registry below (:func:`paigow.games.tiles.ways.get_way`).

The registry sits below the math engine and knows no computed way: :func:`get_way` (which is
``paigow.get_way``) passes it the resolver of the computed names, so a strategy file may fall
back on a computed way too. Importing this module loads no NumPy: the engine is imported when
a computed way is asked for.

A name ``optimal[:AGAINST][@PROFILE]`` (or ``optimal-banker...``) is the optimal strategy of
:func:`paigow.games.tiles.exact.api.strategy_way` against the way ``AGAINST`` (default: the
profile's dealer way) under the profile's rules and commission (default profile: ``generic``).
The way's ``name`` is the full form, so a round record that names it replays to the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from paigow.errors import ConfigError
from paigow.games.computed import computed_spec
from paigow.games.tiles import ways
from paigow.games.tiles.ways.base import HouseWay

if TYPE_CHECKING:
    from paigow.games.tiles.settings import Setting
    from paigow.games.tiles.tiles import Tile

__all__ = ["ComputedWay", "computed_way", "full_name", "get_way"]

#: This game's name: a computed tile way is computed under a profile that plays it.
GAME: Final = "tiles"


def get_way(name: str) -> HouseWay:
    """A tile house way by any name: those of :func:`paigow.games.tiles.ways.get_way` and the
    computed ``optimal[:AGAINST][@PROFILE]`` and ``optimal-banker...``.

    Raises:
        ConfigError: an unknown way, or a computed way that cannot be computed (see
            :func:`computed_way`).
    """
    return ways.get_way(name, _computed_tile_way)


def _computed_tile_way(name: str) -> HouseWay:
    spec = computed_spec(name)
    assert spec is not None  # the registry asks only for computed names
    return _computed(*spec)


@lru_cache(maxsize=16)
def _computed(base: str, against: str | None, profile: str | None) -> HouseWay:
    """``optimal`` or ``optimal-banker`` against ``against`` under ``profile``, computed once."""
    return computed_way(base, against, profile)


def full_name(way: str, against: str, profile: str) -> str:
    """The name that resolves to ``way`` against ``against`` under ``profile``."""
    return f"{way}:{against}" + ("" if profile == "generic" else f"@{profile}")


class ComputedWay:
    """An optimal way under its full name (it sets tiles as the underlying strategy does)."""

    def __init__(self, way: HouseWay, name: str, description: str) -> None:
        self._way = way
        self.name = name
        self.description = description
        self.kind_symmetric = way.kind_symmetric

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """The optimal setting of the four ``tiles``."""
        return self._way.set(tiles)


def computed_way(way: str, against: str | None, profile: str | None) -> HouseWay:
    """``optimal`` or ``optimal-banker`` against ``against`` under ``profile``.

    Raises:
        ConfigError: an unknown profile or opposing way, a card profile, or an opposing way
            that is itself computed.
    """
    from paigow.exact.results import commission_of
    from paigow.games.tiles.exact.api import strategy_way
    from paigow.profiles import get_profile

    prof = get_profile(profile or "generic")
    if prof.meta.game != GAME:
        raise ConfigError(
            f"{way} is a tile way; for {prof.name} use 'paigow edge --player optimal' "
            "or 'paigow advise'"
        )
    opp = against or prof.house_way.dealer
    if computed_spec(opp) is not None:
        raise ConfigError(f"{way} is computed against a fixed way, not against {opp!r}")
    opp = ways.get_way(opp).name
    c = commission_of(prof)
    base = strategy_way(way, opp, prof, c)
    role = "banker" if way == "optimal-banker" else "player"
    other = "player" if role == "banker" else "dealer"
    description = (
        f"the {role}'s EV-maximising setting of every hand against the {other} way {opp} "
        f"({prof.name}, commission {c})"
    )
    named = profile if profile and profile.endswith(".toml") else prof.name
    return ComputedWay(base, full_name(way, opp, named), description)
