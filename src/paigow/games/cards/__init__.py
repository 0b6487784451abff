"""Supreme Pai Gow: the game everything above asks (:class:`CardGame`, :mod:`.game`), how the
cards are delivered (:mod:`.delivery`: the hand, a manual or an automated shoe), its ways by
any name (:mod:`.named`), its hands described as data (:mod:`.describe`) and its part in the
trainer (:mod:`.trainer`).

The rest of the card game still lives beside the package: the cards and their notation
(:mod:`paigow.cards`), hands, settings, fouls and the house way ``spg-house`` with its registry
(:mod:`paigow.spg`), the bonus wager (:mod:`paigow.sidebets.supreme_bonus`) and the exact math
(:mod:`paigow.spg.exact`); docs/architecture.md, "Where each game lives".
"""

from .game import CardGame

__all__ = ["CardGame"]
