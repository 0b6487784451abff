"""The old path of :mod:`paigow.games.tiles.ways` (the tile house ways and their registry), kept so
that ``from paigow.ways import ...`` still works; new code imports from
:mod:`paigow.games.tiles.ways`.

Its submodules moved with it (``paigow.ways.base`` is ``paigow.games.tiles.ways.base``, ...).
"""

from paigow.games.tiles.ways import (
    COMPUTED,
    HouseWay,
    RegulationWay,
    StrategyWay,
    TableWay,
    computed_spec,
    get_way,
    listing,
    load_table,
    qualified_name,
    register,
    way_names,
)

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
