"""House ways: rules that set four tiles into a high and a low hand.

Names accepted by :func:`get_way`:

* ``regulation`` — the dealer rules of the regulations (R-HW-01 with the R-HW-03 tie-breaks);
* the published casino house ways registered with :func:`register` (``docs/house-ways.md``);
* ``optimal`` and ``optimal-banker`` — computed by the math engine: the player's (the
  banker's) EV-maximising setting of every hand against an opposing way, written
  ``optimal[:AGAINST][@PROFILE]`` (default: the profile's dealer way; profile ``generic``);
* ``table:FILE.csv`` — any house way given as a table (:mod:`paigow.ways.table`), loaded once
  per file version;
* ``strategy:FILE`` — a short list of rules, then a fallback way, in a TOML or JSON file
  (:mod:`paigow.ways.rulebook`, :mod:`paigow.ways.rule_tiles`), loaded once per file version.

:func:`listing` gives every name with a description, as ``paigow ways`` prints it.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Final

from paigow.errors import ConfigError

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

#: Ways computed by the math engine, with their descriptions. ``optimal:AGAINST@PROFILE``
#: resolves through ``computed_way`` of the module :data:`_COMPUTED_AT` (imported on use).
COMPUTED: Final[dict[str, str]] = {
    "optimal": "the player's EV-maximising setting of every hand against a dealer way "
    "(--against; default: the profile's)",
    "optimal-banker": "the banker's EV-maximising setting of every hand against a player way "
    "(--against; default: the profile's house way)",
}
_COMPUTED_AT: Final = "paigow.exact.named"

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


def get_way(name: str) -> HouseWay:
    """A house way by name, alias, ``table:FILE.csv`` or ``strategy:FILE``.

    Raises:
        ConfigError: unknown name, or a table or strategy file that fails validation.
    """
    for prefix, cached, load in (
        ("strategy:", _strategy, _load_strategy),
        ("table:", _table, _load_table),
    ):
        if name.startswith(prefix):
            found = _file_key(name, prefix)
            if found is None:
                return load(name)  # raises the error that names the file
            return cached(name, *found)
    computed = computed_spec(name)
    if computed is not None:
        return _computed(*computed)
    _load_builtins()
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _FACTORIES:
        raise ConfigError(
            f"unknown house way {name!r}; expected one of "
            f"{', '.join([*sorted(_FACTORIES), *COMPUTED])}, table:FILE.csv or strategy:FILE"
        )
    return _cached(key)


def computed_spec(name: str) -> tuple[str, str | None, str | None] | None:
    """``(way, against, profile)`` of a computed way name ``optimal[:AGAINST][@PROFILE]``
    (or ``optimal-banker...``), None for any other name."""
    head, colon, tail = name.partition(":")
    if colon:
        against, _, profile = tail.rpartition("@") if "@" in tail else (tail, "", "")
    else:
        head, _, profile = head.partition("@")
        against = ""
    if head.lower() not in COMPUTED:
        return None
    return head.lower(), against or None, profile or None


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


def _load_strategy(name: str) -> HouseWay:
    return load_strategy(name.removeprefix("strategy:"), name=name, get=get_way)


def _load_table(name: str) -> HouseWay:
    return load_table(name.removeprefix("table:"), name=name)


@lru_cache(maxsize=16)
def _strategy(name: str, realpath: str, mtime_ns: int, size: int) -> HouseWay:
    """A strategy way, loaded once per version of its file."""
    return _load_strategy(name)


@lru_cache(maxsize=16)
def _computed(base: str, against: str | None, profile: str | None) -> HouseWay:
    """``optimal`` or ``optimal-banker`` against ``against`` under ``profile``."""
    module = importlib.import_module(_COMPUTED_AT)
    way: HouseWay = module.computed_way(base, against, profile)
    return way


def _load_builtins() -> None:
    # Published casino ways live in their own modules and register themselves on import.
    from . import published  # noqa: F401
