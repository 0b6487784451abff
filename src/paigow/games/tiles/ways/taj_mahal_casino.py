"""The Taj Mahal house way as a casino deals it: the published rules, never a beaten setting.

Read literally, the published rules (:mod:`paigow.games.tiles.ways.taj_mahal`, registered as
``taj-mahal-literal``) set 121 of the 3,620 distinct hands in a setting that another setting
of the same tiles beats on *both* hands: the pair rules look at one pair at a time, so
``1-2 2-4 6-6 6-6`` is split 8/8 by pair rule C instead of playing the supreme pair over the
pair of teens, and ``1-1 1-1 4-4 4-4`` becomes gong/gong. No casino deals that, and the
published text of the same family of ways says so in words: the Casino Canberra way ends its
pair rules with "never split a pair if the alternative would result in two lower hands", and
the New Zealand way begins with "with two ranking pairs, play the two pairs as two hands".

This way (``taj-mahal``) applies the published rules and then that guard: when another
setting of the four tiles is at least as strong in both hands and stronger in one, it plays the
strongest such setting (best high hand, then best low hand), which no setting beats on both
hands. On the other 3,499 hands it is the literal way. See ``docs/house-ways.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from paigow.games.tiles.settings import Setting, settings_of
from paigow.games.tiles.tiles import Tile

from .taj_mahal import TajMahalWay as TajMahalLiteralWay

__all__ = ["TajMahalWay", "beats_on_both", "undominated"]


def beats_on_both(a: Setting, b: Setting) -> bool:
    """True when ``a`` is at least as strong as ``b`` in both hands and stronger in one."""
    return (
        a.high.strength >= b.high.strength
        and a.low.strength >= b.low.strength
        and a.key() != b.key()
    )


def undominated(tiles: Sequence[Tile], chosen: Setting) -> Setting:
    """``chosen``, or the strongest setting of ``tiles`` that beats it on both hands."""
    better = [s for s in settings_of(tiles) if beats_on_both(s, chosen)]
    if not better:
        return chosen
    return max(better, key=lambda s: (s.high.strength, s.low.strength))


class TajMahalWay(TajMahalLiteralWay):
    """The Taj Mahal (Atlantic City) house way as dealt: the published rules (the literal way
    this class extends), and never a setting beaten on both hands by another setting of the
    same tiles."""

    name: str = "taj-mahal"
    description: str = (
        "Taj Mahal (Atlantic City) house way as dealt: the published rules, never a setting "
        "beaten on both hands"
    )

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """Set four tiles by the Taj Mahal rules, then the both-hands guard."""
        ts = sorted(tiles, key=lambda t: t.sort_key)
        return undominated(ts, super().set(ts))
