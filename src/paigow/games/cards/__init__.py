"""Supreme Pai Gow: the game the round engine plays (:class:`CardGame`, :mod:`.game`) and how
the cards are delivered (:mod:`.delivery`: the hand, a manual or an automated shoe).

The rest of the card game still lives beside the package: the cards and their notation
(:mod:`paigow.cards`), hands, settings, fouls and the house way ``spg-house`` with its registry
(:mod:`paigow.spg`), the bonus wager (:mod:`paigow.sidebets.supreme_bonus`) and the exact math
(:mod:`paigow.spg.exact`); docs/architecture.md, "Where each game lives".
"""

from .game import CardGame

__all__ = ["CardGame"]
