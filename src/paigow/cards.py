"""The old path of :mod:`paigow.games.cards.cards` (the Supreme Pai Gow cards and their
notation), kept so that ``from paigow.cards import ...`` still works; new code imports from
:mod:`paigow.games.cards.cards`.
"""

from paigow.games.cards import cards as _moved
from paigow.games.cards.cards import *  # noqa: F403 - the old path offers what the new one does

__all__ = list(_moved.__all__)
