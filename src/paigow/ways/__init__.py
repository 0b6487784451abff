"""House ways: rules that set four tiles into a high and a low hand.

Names accepted by :func:`get_way`:

* ``regulation`` — the dealer rules of the regulations (R-HW-01 with the R-HW-03 tie-breaks);
* the published casino house ways registered in :data:`BUILTIN` (see ``docs/house-ways.md``);
* ``table:FILE.csv`` — any house way given as a table (:mod:`paigow.ways.table`).

Other modules may add ways with :func:`register` (e.g. the optimal strategy of the math engine).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from paigow.errors import ConfigError

from .base import HouseWay
from .regulation import RegulationWay
from .table import TableWay, load_table

__all__ = [
    "HouseWay",
    "RegulationWay",
    "TableWay",
    "get_way",
    "load_table",
    "register",
    "way_names",
]

_FACTORIES: dict[str, Callable[[], HouseWay]] = {"regulation": RegulationWay}
_ALIASES: dict[str, str] = {"house": "regulation", "dealer": "regulation"}


def register(name: str, factory: Callable[[], HouseWay], *aliases: str) -> None:
    """Make a way available to :func:`get_way` under ``name`` (and ``aliases``)."""
    _FACTORIES[name] = factory
    for a in aliases:
        _ALIASES[a] = name
    _cached.cache_clear()


def way_names() -> list[str]:
    """Names of the built-in ways (``table:FILE.csv`` is accepted too)."""
    _load_builtins()
    return sorted(_FACTORIES)


@cache
def _cached(name: str) -> HouseWay:
    return _FACTORIES[name]()


def get_way(name: str) -> HouseWay:
    """A house way by name, alias, or ``table:FILE.csv``.

    Raises:
        ConfigError: unknown name, or a table that fails validation.
    """
    if name.startswith("table:"):
        path = name.removeprefix("table:")
        if not path:
            raise ConfigError("'table:' needs a file, e.g. table:my-way.csv")
        return load_table(path, name=name)
    _load_builtins()
    key = _ALIASES.get(name.lower(), name.lower())
    if key not in _FACTORIES:
        raise ConfigError(
            f"unknown house way {name!r}; expected one of {', '.join(sorted(_FACTORIES))} "
            "or table:FILE.csv"
        )
    return _cached(key)


def _load_builtins() -> None:
    # Published casino ways live in their own modules and register themselves on import.
    from . import published  # noqa: F401
