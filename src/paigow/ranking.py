"""The old path of :mod:`paigow.games.tiles.ranking` (two-tile hands and their ranking), kept so
that ``from paigow.ranking import ...`` still works; new code imports from
:mod:`paigow.games.tiles.ranking`.
"""

from paigow.games.tiles import ranking as _moved
from paigow.games.tiles.ranking import *  # noqa: F403 - the old path offers what the new one does

__all__ = list(_moved.__all__)
