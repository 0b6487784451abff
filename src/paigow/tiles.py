"""The old path of :mod:`paigow.games.tiles.tiles` (the tiles and their notation), kept so that
``from paigow.tiles import ...`` still works; new code imports from
:mod:`paigow.games.tiles.tiles`.
"""

from paigow.games.tiles import tiles as _moved
from paigow.games.tiles.tiles import *  # noqa: F403 - the old path offers what the new one does

__all__ = list(_moved.__all__)
