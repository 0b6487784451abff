"""The old path of :mod:`paigow.games.tiles.hands4` (four-tile hand spaces), kept so that ``from
paigow.hands4 import ...`` still works; new code imports from :mod:`paigow.games.tiles.hands4`.
"""

from paigow.games.tiles import hands4 as _moved
from paigow.games.tiles.hands4 import *  # noqa: F403 - the old path offers what the new one does

__all__ = list(_moved.__all__)
