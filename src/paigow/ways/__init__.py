"""The old path of :mod:`paigow.games.tiles.ways` (the tile house ways and their registry), kept so
that ``from paigow.ways import ...`` still works; new code imports from
:mod:`paigow.games.tiles.ways`.

Its submodules moved with it (``paigow.ways.base`` is ``paigow.games.tiles.ways.base``, ...).
"""

from paigow.games.tiles import ways as _moved
from paigow.games.tiles.ways import *  # noqa: F403 - the old path offers what the new one does

__all__ = list(_moved.__all__)
