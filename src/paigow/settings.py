"""The old path of :mod:`paigow.games.tiles.settings` (settings of four tiles and their
comparison), kept so that ``from paigow.settings import ...`` still works; new code imports from
:mod:`paigow.games.tiles.settings`.
"""

from paigow.games.tiles import settings as _moved
from paigow.games.tiles.settings import *  # noqa: F403 - the old path offers what the new one does

__all__ = list(_moved.__all__)
