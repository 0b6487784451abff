"""The regulation dealer house way: R-HW-01 (a)-(d) with the R-HW-03 tie-breaks.

(a) keep the supreme pair together; (b) otherwise play a pair, wong or gong if possible;
(c) otherwise play two tiles worth 9, 8 or 7 together; (d) otherwise pair the highest-ranking
tile with the lowest-ranking tile. Where (b) or (c) allows several settings, take the one with
the best high hand, then the best low hand (AMB-26); settings that still tie are taken in the
canonical order of the tiles, so the result never depends on the order the tiles are listed in.
Rule (d) uses natural single-tile ranks, 2-4 15th and 1-2 17th (AMB-25). A lone gee joon tile
with a five always makes 8, so rule (c) or earlier decides those hands and the rank difference
never reaches rule (d): the way is kind-symmetric (a test checks all 35,960 hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, settings_of
from paigow.games.tiles.tiles import Tile

__all__ = ["RULE_WORDS", "RegulationWay", "regulation_rule", "rule_words"]

#: R-HW-01's rules (a)..(d) in words: what the terminal table, the trainer and the web table
#: say when they name the rule that set a hand.
RULE_WORDS: Final = {
    "a": "the supreme pair (1-2 with 2-4) is played as a pair",
    "b": "play a pair, wong or gong",
    "c": "play two tiles worth 9, 8 or 7 together",
    "d": "the highest-ranking tile goes with the lowest-ranking tile",
}


def _best(candidates: Sequence[Setting]) -> Setting:
    return max(candidates, key=lambda s: (s.high.strength, s.low.strength))


def rule_words(tiles: Sequence[Tile]) -> str:
    """The R-HW-01 rule that sets ``tiles``, in words: ``rule (b) of R-HW-01: play a pair,
    wong or gong``."""
    rule = regulation_rule(tiles)[0]
    return f"rule ({rule}) of R-HW-01: {RULE_WORDS[rule]}"


def regulation_rule(tiles: Sequence[Tile]) -> tuple[str, Setting]:
    """The R-HW-01 rule that applies to ``tiles`` (``"a"``..``"d"``) and the setting it gives."""
    tiles = sorted(tiles, key=lambda t: t.sort_key)
    options = settings_of(tiles)
    kinds = [t.kind for t in tiles]
    if kinds.count(15) == 2:  # (a) both gee joon tiles: the supreme pair
        return "a", next(s for s in options if s.high.pair_rank == 1)
    pairs = [s for s in options if s.high.is_pair or s.low.is_pair]
    if pairs:  # (b)
        return "b", _best(pairs)
    sevens = [s for s in options if s.high.value >= 7]
    if sevens:  # (c): a hand worth 9, 8 or 7 (the high hand is the better one)
        return "c", _best(sevens)
    # (d): highest natural rank with lowest natural rank; the other two form the other hand.
    ordered = sorted(tiles, key=lambda t: t.natural_rank)
    a, b = Hand.of(ordered[0], ordered[-1]), Hand.of(ordered[1], ordered[2])
    return "d", Setting(a, b) if a.strength >= b.strength else Setting(b, a)


class RegulationWay:
    """R-HW-01/R-HW-03: the dealer rules printed in the Colorado, generic and Maryland texts."""

    name: str = "regulation"
    description: str = "Dealer rules of the regulations, R-HW-01 (a)-(d), tie-breaks R-HW-03"
    kind_symmetric: bool = True

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """Set four tiles by R-HW-01 (a)-(d)."""
        return regulation_rule(tiles)[1]
