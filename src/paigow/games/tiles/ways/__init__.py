"""House ways: rules that set four tiles into a high and a low hand.

Names accepted by :func:`get_way`:

* ``regulation`` — the dealer rules of the regulations (R-HW-01 with the R-HW-03 tie-breaks);
* the published casino house ways registered with :func:`register` (``docs/house-ways.md``);
* ``optimal`` and ``optimal-banker`` — computed by the math engine: the player's (the
  banker's) EV-maximising setting of every hand against an opposing way, written
  ``optimal[:AGAINST][@PROFILE]`` (default: the profile's dealer way; profile ``generic``).
  The math engine sits above the ways, so it resolves them itself and passes its resolver in
  (``computed``): :func:`paigow.exact.named.get_way`, which is ``paigow.get_way``, knows every
  name; this module alone refuses the computed ones;
* ``table:FILE.csv`` — any house way given as a table (:mod:`paigow.games.tiles.ways.table`),
  loaded once per file version;
* ``strategy:FILE`` — a short list of rules, then a fallback way, in a TOML or JSON file
  (:mod:`paigow.games.rulebook`, :mod:`paigow.games.tiles.ways.rule_tiles`), loaded once per file
  version.

:func:`listing` gives every name with a description, as ``paigow ways`` prints it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache, lru_cache

from paigow.errors import ConfigError
from paigow.games.computed import COMPUTED, computed_spec

from .base import HouseWay
from .regulation import RegulationWay
from .rule_tiles import StrategyWay, load_strategy
from .table import TableWay, load_table

__all__ = [
    "COMPUTED",
    "HouseWay",
    "RegulationWay",
    "StrategyWay",
    "TableWay",
    "computed_spec",
    "get_way",
    "listing",
    "load_table",
    "qualified_name",
    "register",
    "way_names",
]

#: Resolves a computed way's name (see :func:`get_way`).
Computed = Callable[[str], HouseWay]

_FACTORIES: dict[str, Callable[[], HouseWay]] = {"regulation": RegulationWay}
_ALIASES: dict[str, str] = {"house": "regulation", "dealer": "regulation"}


def register(name: str, factory: Callable[[], HouseWay], *aliases: str) -> None:
    """Make a way available to :func:`get_way` under ``name`` (and ``aliases``)."""
    _FACTORIES[name] = factory
    for a in aliases:
        _ALIASES[a] = name
    _cached.cache_clear()


def way_names() -> list[str]:
    """Names of the built-in ways (``optimal``, ``optimal-banker`` and ``table:FILE.csv`` are
    accepted too: see :func:`listing`)."""
    _load_builtins()
    return sorted(_FACTORIES)


def listing() -> list[dict[str, str]]:
    """Every way name ``paigow ways`` lists, with its description: the built-in ways, the
    computed ways and the ``table:FILE.csv`` form."""
    rows = [{"name": n, "description": get_way(n).description} for n in way_names()]
    rows += [{"name": n, "description": d} for n, d in COMPUTED.items()]
    rows.append(
        {"name": "table:FILE.csv", "description": "any house way given as a table (tiles,setting)"}
    )
    rows.append(
        {
            "name": "strategy:FILE",
            "description": "a list of rules, then a house way (paigow strategy derive writes one)",
        }
    )
    return rows


@cache
def _cached(name: str) -> HouseWay:
    return _FACTORIES[name]()


def _file_key(name: str, prefix: str) -> tuple[str, int, int] | None:
    """(real path, modification time, size) of the file a ``prefix:FILE`` name gives, or None
    when it cannot be read (the loader then raises the error that names the file)."""
    path = name.removeprefix(prefix)
    if not path:
        example = "my-way.csv" if prefix == "table:" else "my-card.toml"
        raise ConfigError(f"{prefix!r} needs a file, e.g. {prefix}{example}")
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return os.path.realpath(path), st.st_mtime_ns, st.st_size


def get_way(name: str, computed: Computed | None = None) -> HouseWay:
    """A house way by name, alias, ``table:FILE.csv`` or ``strategy:FILE``; a computed way
    (``optimal...``) by ``computed``, which also resolves the fallback of a strategy file.

    Raises:
        ConfigError: unknown name, a computed way without ``computed``, or a table or
            strategy file that fails validation.
    """
    if name.startswith("strategy:"):
        found = _file_key(name, "strategy:")
        if found is None:
            return _load_strategy(name, computed)  # raises the error that names the file
        return _strategy(name, *found, computed)
    if name.startswith("table:"):
        found = _file_key(name, "table:")
        if found is None:
            return _load_table(name)  # raises the error that names the file
        return _table(name, *found)
    if computed_spec(name) is not None:
        if computed is None:
            raise ConfigError(
                f"{name!r} is computed by the math engine: paigow.get_way resolves it"
            )
        return computed(name)
    _load_builtins()
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _FACTORIES:
        raise ConfigError(
            f"unknown house way {name!r}; expected one of "
            f"{', '.join([*sorted(_FACTORIES), *COMPUTED])}, table:FILE.csv or strategy:FILE"
        )
    return _cached(key)


def qualified_name(name: str, *, against: str | None = None, profile: str = "generic") -> str:
    """The name of way ``name`` in context: a computed way gets its opposing way and profile
    (``optimal`` -> ``optimal:AGAINST@PROFILE``); any other name is returned as given.

    Raises:
        ConfigError: ``against`` given for a way that is not computed.
    """
    spec = computed_spec(name)
    if spec is None:
        if against is not None:
            raise ConfigError(
                f"--against applies to {' and '.join(COMPUTED)} only, not to {name!r}"
            )
        return name
    way, own_against, own_profile = spec
    against = against or own_against
    profile = own_profile or profile
    return (
        way + (f":{against}" if against else "") + ("" if profile == "generic" else f"@{profile}")
    )


@lru_cache(maxsize=16)
def _table(name: str, realpath: str, mtime_ns: int, size: int) -> HouseWay:
    """A table way, loaded once per version of its file (real path, modification time, size)."""
    return _load_table(name)


def _load_strategy(name: str, computed: Computed | None) -> HouseWay:
    def get(fallback: str) -> HouseWay:
        return get_way(fallback, computed)

    return load_strategy(name.removeprefix("strategy:"), name=name, get=get)


def _load_table(name: str) -> HouseWay:
    return load_table(name.removeprefix("table:"), name=name)


@lru_cache(maxsize=16)
def _strategy(
    name: str, realpath: str, mtime_ns: int, size: int, computed: Computed | None
) -> HouseWay:
    """A strategy way, loaded once per version of its file (and resolver of computed ways)."""
    return _load_strategy(name, computed)


@cache
def _load_builtins() -> None:
    """Register the published casino ways (their modules are read on first use)."""
    from .published import PUBLISHED

    for name, (factory, aliases) in PUBLISHED.items():
        register(name, factory, *aliases)
