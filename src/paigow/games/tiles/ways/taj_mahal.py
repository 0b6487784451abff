"""The Taj Mahal (Atlantic City) house way for Pai Gow Tiles.

Source: "Pai Gow Tiles House Way from the Taj Mahal", The Wizard of Odds
(wizardofodds.com/games/pai-gow-tiles/house-way/taj-mahal/, last updated September 5, 2019).
"If more than one rule applies, use the one listed first." Tile and hand names are those of
:mod:`paigow.games.tiles.ways.taj_mahal_rules` (12 = 6-6, 2 = 1-1, high 4 = 1-3, low 4 = 2-2...).

Pair rules (any hand holding a pair):
  A. Never split the following pairs (4, 5, 6, 10, 11).
  B. Split Gee Joon with 6-4, 6-5, or 6-6.
  C. Split 2s and 12s to make 6/8 or better, and when the other two tiles are 9 and 11.
  D. Split 9s with any combination of 2, 10, and 12 tiles.
  E. Split 8's with any combination of 2, 10, 11, or 12 tiles. Also split with 9 and 11.
  F. Split 7s with any combination of 2, 10, 11, or 12 tiles, including at least one 2 or 12.
Wong, gong and high nine rules: play a high nine (high tile 2 or 12), gong, or wong whenever
  possible; given the choice of the 2 or 12, use the 12; play high nine first, then gong, then
  wong; if that results in a low 3 or less, maximize the high hand -- except with 2 or 12, 9,
  8, and low 4: play 3/gong.
Two small tiles rule: play two small tiles together if they add up to 7, 8, or 9 points; if
  more than one way is possible, play the lowest high hand in that range, except with both 2
  and 12, play the 12 in the high hand. Exceptions:
  A. Play 2 and 12 together with 4+10, 4+11, 5+10, 5+11, 6+10, and 6+11.
  B. Play 6/6 with 2 or 12, 4, 5, and 11.
  C. Play 12 in the low hand with 2, 12, and 4+5, 4+6, or 10+11.
Balancing rule: balance the two hands as much as possible. Exceptions:
  A. Play high 7/9 with high 4, low 4, 5, gee.
  B. Play high 3/9 with high 4, low 4, 5, 9.
  C. Play the high 9 with high 4, low 4, 5, and any 6, 7, or low 8.
  D. Play the high 9 with high 6, low 6, gee, and any 4 or 5.
  E. Maximize the high hand with high 6, low 6, 11, and any 4, 5, or Gee.
  F. Play the 8-point high hand with high 6, low 6, 2 or 12, and 4 or 5.

Readings where the text is silent (see ``docs/house-ways.md``):

* A pair that no pair rule tells to split is kept together (implied by rules B-F).
* "Small tiles" is not defined; the rule covers any two tiles making 7, 8 or 9 points (its
  own wording, "play the 12 in the high hand", and exceptions A-C concern the 2 and the 12).
  With both 2 and 12, a setting with the 12 in the high hand is preferred over a lower one.
* "Balance" means: make the low hand as strong as possible (then the high hand).
* The exceptions of the two small tiles and balancing rules name exact hands and are checked
  before the general two small tiles rule; read strictly in order, that rule would catch
  every hand named by balancing exceptions A-F, which could then never apply.
* "The high 9" is the 9-point hand holding the higher of the two tiles that can make it.
* The copy of the source available to this project breaks off at balancing exception G
  ("Play the high 8 in ..."); exception G and any later ones are not implemented, and the
  hands they name are set by the rules above.
* Where a rule allows several settings of different strengths and says nothing more, the
  best low hand is taken, then the best high hand (or the other way round where the rule
  is about the high hand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Final

from paigow.games.tiles.settings import Setting
from paigow.games.tiles.tiles import Tile

from .taj_mahal_rules import (
    BON,
    CHONG,
    DAY,
    EIGHT,
    EIGHTS,
    ELEVENS,
    FIVE,
    FIVES,
    FOO,
    FOURS,
    GEE,
    GEES,
    GOR,
    LOOK,
    MOOY,
    NINE,
    NINES,
    PING,
    SEVENS,
    SIXES,
    TEEN,
    TEEN_OR_DAY,
    TENS,
    Deal,
    at_least,
    by_high,
    by_low,
    choose,
    kinds_of,
    one,
    wong_gong_high_nine,
)

__all__ = ["TajMahalWay", "taj_mahal_rule"]

_NEVER_SPLIT: Final = frozenset({GOR, BON, FIVE, CHONG, LOOK, MOOY, PING, FOO})  # 4, 5, 6, 10, 11
_TWO_TEN_TWELVE: Final = frozenset({DAY, MOOY, PING, TEEN})
_TWO_TEN_ELEVEN_TWELVE: Final = frozenset({DAY, MOOY, PING, FOO, TEEN})

Rule = Callable[[Deal], Setting | None]


# --- Pair rules -----------------------------------------------------------------------------


def _pair_rules(deal: Deal) -> tuple[str, Setting]:
    pairs = deal.pairs()
    if any(k in _NEVER_SPLIT for k in pairs):  # A
        return "pair-A", deal.kept(pairs[0])
    if GEE in pairs:  # B: gee joon with a 6 and a 4, 5 or 6
        a, b = deal.others(GEE)
        rest = SIXES | FOURS | FIVES
        if (a in SIXES and b in rest) or (b in SIXES and a in rest):
            return "pair-B", deal.split(GEE)
    for k in pairs:  # C: 2s and 12s
        if k in TEEN_OR_DAY:
            s = deal.split(k)
            if (at_least(s.low, 6) and at_least(s.high, 8)) or set(deal.others(k)) == {NINE, FOO}:
                return "pair-C", s
    if NINE in pairs and all(o in _TWO_TEN_TWELVE for o in deal.others(NINE)):  # D
        return "pair-D", deal.split(NINE)
    for k in pairs:  # E: 8s
        if k in EIGHTS:
            o = deal.others(k)
            if all(x in _TWO_TEN_ELEVEN_TWELVE for x in o) or set(o) == {NINE, FOO}:
                return "pair-E", deal.split(k)
    for k in pairs:  # F: 7s
        if k in SEVENS:
            o = deal.others(k)
            if all(x in _TWO_TEN_ELEVEN_TWELVE for x in o) and any(x in TEEN_OR_DAY for x in o):
                return "pair-F", deal.split(k)
    return "pair-keep", deal.kept(pairs[0])


# --- Exceptions naming exact hands ------------------------------------------------------------


def _small_a(deal: Deal) -> Setting | None:
    m = deal.match(one(DAY), one(TEEN), FOURS | FIVES | SIXES, TENS | ELEVENS)
    return None if m is None else deal.together(m[0], m[1])


def _small_b(deal: Deal) -> Setting | None:
    m = deal.match(TEEN_OR_DAY, FOURS, FIVES, ELEVENS)
    return None if m is None else deal.together(m[0], m[1])  # 2 or 12 + 4 / 5 + 11: 6/6


def _small_c(deal: Deal) -> Setting | None:
    if not any(
        deal.match(one(DAY), one(TEEN), x, y) is not None
        for x, y in ((FOURS, FIVES), (FOURS, SIXES), (TENS, ELEVENS))
    ):
        return None
    low12 = [s for s in deal.settings if TEEN in kinds_of(s.low)]
    in_range = [s for s in low12 if 7 <= s.high.value <= 9]
    return _lowest_high(in_range or low12)


def _balance_a(deal: Deal) -> Setting | None:
    m = deal.match(one(GOR), one(BON), FIVES, GEES)
    return None if m is None else deal.together(m[0], m[3])  # high 7 (1-3 + gee) / 9


def _balance_b(deal: Deal) -> Setting | None:
    m = deal.match(one(GOR), one(BON), FIVES, NINES)
    return None if m is None else deal.together(m[0], m[3])  # high 3 (1-3 + 9) / 9


def _balance_c(deal: Deal) -> Setting | None:
    m = deal.match(one(GOR), one(BON), FIVES, SIXES | SEVENS | one(EIGHT))
    return None if m is None else deal.together(m[0], m[2])  # the high 9: 1-3 + 5


def _balance_d(deal: Deal) -> Setting | None:
    m = deal.match(one(CHONG), one(LOOK), GEES, FOURS | FIVES)
    return None if m is None else deal.together(m[0], m[2])  # the high 9: 3-3 + gee


def _balance_e(deal: Deal) -> Setting | None:
    m = deal.match(one(CHONG), one(LOOK), ELEVENS, FOURS | FIVES | GEES)
    return None if m is None else choose(deal.settings, by_high)


def _balance_f(deal: Deal) -> Setting | None:
    if deal.match(one(CHONG), one(LOOK), TEEN_OR_DAY, FOURS | FIVES) is None:
        return None
    eights = [s for s in deal.settings if not s.high.is_pair and s.high.value == 8]
    return choose(eights, by_low)


_EXCEPTIONS: Final[tuple[tuple[str, Rule], ...]] = (
    ("small-A", _small_a),
    ("small-B", _small_b),
    ("small-C", _small_c),
    ("balance-A", _balance_a),
    ("balance-B", _balance_b),
    ("balance-C", _balance_c),
    ("balance-D", _balance_d),
    ("balance-E", _balance_e),
    ("balance-F", _balance_f),
)


# --- General rules --------------------------------------------------------------------------


def _lowest_high(cands: Sequence[Setting]) -> Setting:
    return choose(cands, lambda s: (-s.high.strength, s.low.strength))


def _two_small_tiles(deal: Deal) -> Setting | None:
    cands = [s for s in deal.settings if not s.high.is_pair and 7 <= s.high.value <= 9]
    if not cands:
        return None
    if deal.count(TEEN_OR_DAY) == 2:
        teen_high = [s for s in cands if TEEN in kinds_of(s.high)]
        cands = teen_high or cands
    return _lowest_high(cands)


def _is_three_gong_hand(deal: Deal) -> bool:
    return deal.match(TEEN_OR_DAY, NINES, EIGHTS, one(BON)) is not None


@cache
def _rule(tiles: tuple[Tile, ...]) -> tuple[str, Setting]:
    deal = Deal.of(tiles)
    if deal.pairs():
        return _pair_rules(deal)
    wong = wong_gong_high_nine(deal)
    if wong is not None:
        setting, low_three = wong
        if not low_three:
            return "wong", setting
        if _is_three_gong_hand(deal):  # the exception to the exception: 3/gong
            return "wong-exception", setting
        return "wong-max-high", choose(deal.settings, by_high)
    for name, rule in _EXCEPTIONS:
        s = rule(deal)
        if s is not None:
            return name, s
    small = _two_small_tiles(deal)
    if small is not None:
        return "small", small
    return "balance", choose(deal.settings, by_low)


def taj_mahal_rule(tiles: Sequence[Tile]) -> tuple[str, Setting]:
    """The Taj Mahal rule that sets ``tiles`` and the setting it gives.

    Rule names: ``pair-A``..``pair-F`` and ``pair-keep`` (a pair no rule splits);
    ``wong``, ``wong-max-high`` (the low 3 clause), ``wong-exception`` (3/gong);
    ``small-A``..``small-C`` and ``small``; ``balance-A``..``balance-F`` and ``balance``.

    Raises:
        InvalidSettingError: not four tiles one set can hold.
    """
    return _rule(tuple(sorted(tiles, key=lambda t: t.sort_key)))


class TajMahalWay:
    """The Taj Mahal (Atlantic City) house way, as published by The Wizard of Odds, read
    literally (``taj-mahal-literal``; the way as dealt is :mod:`.taj_mahal_casino`)."""

    name: str = "taj-mahal-literal"
    description: str = (
        "Taj Mahal house way read literally, as published by the Wizard of Odds; "
        "rules after balancing exception F missing from the source copy"
    )
    kind_symmetric: bool = True

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """Set four tiles by the Taj Mahal house way."""
        return taj_mahal_rule(tiles)[1]
