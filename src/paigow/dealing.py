"""The old path of :mod:`paigow.games.tiles.dealing` (the wash, the stacks, the dice and the
count), kept so that ``from paigow.dealing import ...`` still works; new code imports from
:mod:`paigow.games.tiles.dealing`.
"""

from paigow.games.tiles import dealing as _moved
from paigow.games.tiles.dealing import *  # noqa: F403 - the old path offers what the new one does

__all__ = list(_moved.__all__)
