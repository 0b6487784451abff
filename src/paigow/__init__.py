"""paigow: a rules-exact engine for Pai Gow Tiles.

The public API in one import::

    >>> import paigow
    >>> h = paigow.Hand.parse("6-6 4-5")
    >>> h.name
    'High wong (Teen + nine)'
    >>> s = paigow.get_way("regulation").set(paigow.parse_tiles("6-6 4-5 1-2 3-3"))
    >>> str(s)
    '6-6 4-5 / 3-3 1-2'
    >>> paigow.compare_settings(s, paigow.Setting.parse("1-1 3-6 / 2-2 5-6"),
    ...                         paigow.get_profile("maryland").compare_rules).result.value
    'win'
"""

from __future__ import annotations

from importlib import import_module

from paigow.errors import (
    AmbiguousNameError,
    ConfigError,
    IllegalActionError,
    InvalidSettingError,
    PaigowError,
    ParseError,
)

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing` (mypy reads the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from paigow.exact.named import get_way
    from paigow.games.outcomes import CompareRules, Comparison, Outcome, Side
    from paigow.games.tiles.ranking import Hand
    from paigow.games.tiles.settings import Setting, compare_settings, settings_of
    from paigow.games.tiles.tiles import (
        ALL_TILES,
        FULL_SET,
        Tile,
        format_tiles,
        parse_tile,
        parse_tiles,
        tile,
    )
    from paigow.games.tiles.ways import HouseWay, way_names
    from paigow.profiles import Profile, get_profile, load_profile, profile_names

#: The module of each public name imported on first use, so that ``import paigow`` (and every
#: command line start-up) loads no profile, TOML parser or house way it does not need.
_LAZY: dict[str, str] = {
    **dict.fromkeys(("Profile", "get_profile", "load_profile", "profile_names"), "profiles"),
    "Hand": "games.tiles.ranking",
    **dict.fromkeys(("CompareRules", "Comparison", "Outcome", "Side"), "games.outcomes"),
    **dict.fromkeys(("Setting", "compare_settings", "settings_of"), "games.tiles.settings"),
    **dict.fromkeys(
        ("ALL_TILES", "FULL_SET", "Tile", "format_tiles", "parse_tile", "parse_tiles", "tile"),
        "games.tiles.tiles",
    ),
    **dict.fromkeys(("HouseWay", "way_names"), "games.tiles.ways"),
    "get_way": "exact.named",
}


if not TYPE_CHECKING:  # hidden from mypy, which sees the imports above instead

    def __getattr__(name: str) -> object:
        """A public name of :data:`__all__`, imported from its module on first use."""
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'paigow' has no attribute {name!r}")
        value = getattr(import_module(f"paigow.{module}"), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The module's names, the lazily imported ones included."""
    return sorted({*globals(), *_LAZY})


__version__ = "0.1.0"

__all__ = [
    "ALL_TILES",
    "FULL_SET",
    "AmbiguousNameError",
    "CompareRules",
    "Comparison",
    "ConfigError",
    "Hand",
    "HouseWay",
    "IllegalActionError",
    "InvalidSettingError",
    "Outcome",
    "PaigowError",
    "ParseError",
    "Profile",
    "Setting",
    "Side",
    "Tile",
    "compare_settings",
    "format_tiles",
    "get_profile",
    "get_way",
    "load_profile",
    "parse_tile",
    "parse_tiles",
    "profile_names",
    "settings_of",
    "tile",
    "way_names",
]
