"""The Casino Canberra house way for Pai Gow Tiles.

Source: "Pai Gow Tiles House Way from the Casino Canberra", The Wizard of Odds
(wizardofodds.com/games/pai-gow-tiles/house-way/casino-canberra/, last updated September 5,
2019). "If more than one rule applies, use the one listed first." Tile and hand names are
those of :mod:`paigow.games.tiles.ways.taj_mahal_rules` (12 = 6-6, 2 = 1-1, high 8 = 4-4, low 8 = a
mixed eight...); "high-7" is a 7-point hand with the higher top tile of the two 7s the tiles can
make, "low-8" an 8-point hand with the lower one.

Exceptions (exact hands):
  A. Play 3-wong with teen, teen, 9 and 11.
  B. Play 7-9 with high-8, high-10, 11 and 7.
  C. Play 7-9 with gee/joon, 6, 5, and teen/day.
  D. Play a 9 with gee, 4, 5, and another tile not making a pair.
  E. Play high-7 & low-8 with high-8, low-8, 9, and low-10.
  F. Play high-3 & low-9 with high-6, low-6, gee/joon, and 7.
  G. Play 3-gong with 12/2, 8, 9, and low-4.
  H. Play low-1, high-7 with 6, 11, low-6, and 5.
  I. Play low-2, high-7 with high-8, low-8, 9, and low-4.
Pair rules:
  A. Never split the following pairs (4, 5, 6, 10, 11, gee-joon).
  B. Split 2's and 12's to make 6/8 or better.
  C. Split 9's to make 9-9 or higher.
  D. Split 8's to make 7-9, or 8-8 or higher.
  E. Split 7's to make 7-High Nine or higher.
  Finally, never split a pair if the alternative would result in two lower hands (12, 12,
  gee, 4 is kept as 7/pair rather than split as 6/8).
Wong, gong and high nine rule: play a high-9 (high tile 2 or 12), gong, or wong whenever
  possible; given the choice of the 2 or 12 tile, use the 12; play high-9 first, then gong,
  then wong; if that results in a low-3 or less, maximize the high hand.
All other hands:
  1. Never play any hand that does not maximize the point count (total points of both hands).
  2. If the maximum low hand is at least a high-3 (high tile high-6 or better), play that.
  3. Otherwise, if the maximum high is at least a 7, play that.
  4. Otherwise, maximize the low hand.
  5. As long as the two point totals are not altered, given the choice: (1) if the high hand
     is 7 or less, play the high tile in the low hand, otherwise in the high hand.

Readings where the text is silent (see ``docs/house-ways.md``):

* The exceptions name exact hands and are checked first: exception A holds a pair of teens
  that pair rule B, listed earlier, would otherwise keep together.
* "6" in exceptions C and H is the high 6 or low 6 (3-3, 1-5) and never a gee joon tile; in
  H, whose other 6 is the low-6, it is the high-6. "7" and "8" without "high"/"low" are any.
* "Or higher" / "or better" counts pairs, wongs and gongs as better than any points hand.
* A pair that no rule tells to split is kept together.
* Exception D, when two 9s can be made, plays the one that leaves the better low hand.
* The copy of the source available to this project breaks off inside rule 5 of "All other
  hands"; where rule 5 (1) still leaves a choice, the setting that best serves the rule that
  fixed the point totals is taken: the better low hand after rules 2 and 4, the better high
  hand after rule 3.
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
    TEEN_OR_DAY,
    TEENS,
    YUN,
    Deal,
    at_least,
    by_high,
    by_low,
    choose,
    high_nine_or_better,
    low_three_or_less,
    one,
    wong_gong_high_nine,
)

__all__ = ["CanberraWay", "canberra_rule"]

_NEVER_SPLIT: Final = frozenset({GOR, BON, FIVE, CHONG, LOOK, MOOY, PING, FOO, GEE})

Rule = Callable[[Deal], Setting | None]


# --- Exceptions naming exact hands ------------------------------------------------------------


def _fixed(*slots: frozenset[int], together: tuple[int, int]) -> Rule:
    """An exception that plays the tiles in slots ``together`` as one hand."""

    def rule(deal: Deal) -> Setting | None:
        m = deal.match(*slots)
        return None if m is None else deal.together(m[together[0]], m[together[1]])

    return rule


def _exception_d(deal: Deal) -> Setting | None:
    if deal.pairs() or deal.match(GEES, FOURS, FIVES, frozenset(range(16))) is None:
        return None
    nines = [
        s for s in deal.settings if any(not h.is_pair and h.value == 9 for h in (s.high, s.low))
    ]
    return choose(nines, by_low)


_EXCEPTIONS: Final[tuple[tuple[str, Rule], ...]] = (
    ("exc-A", _fixed(TEENS, TEENS, NINES, ELEVENS, together=(0, 2))),  # 12+9 / 12+11
    ("exc-B", _fixed(one(YUN), one(MOOY), ELEVENS, SEVENS, together=(0, 2))),  # 4-4+11 / 10+7
    ("exc-C", _fixed(GEES, SIXES, FIVES, TEEN_OR_DAY, together=(0, 1))),  # gee+6 / 5+T
    ("exc-D", _exception_d),
    ("exc-E", _fixed(one(YUN), one(EIGHT), NINES, one(PING), together=(0, 2))),  # 4-4+9 / 8+10
    ("exc-F", _fixed(one(CHONG), one(LOOK), GEES, SEVENS, together=(0, 3))),  # 3-3+7 / 1-5+gee
    ("exc-G", _fixed(TEEN_OR_DAY, EIGHTS, NINES, one(BON), together=(0, 1))),  # gong / 9+2-2
    ("exc-H", _fixed(one(CHONG), ELEVENS, one(LOOK), FIVES, together=(0, 1))),  # 3-3+11 / 1-5+5
    ("exc-I", _fixed(one(YUN), one(EIGHT), NINES, one(BON), together=(0, 2))),  # 4-4+9 / 8+2-2
)


# --- Pair rules -----------------------------------------------------------------------------


def _pair_rules(deal: Deal) -> tuple[str, Setting]:
    pairs = deal.pairs()
    kept = deal.kept(pairs[0])
    if any(k in _NEVER_SPLIT for k in pairs):  # A
        return "pair-A", kept
    found: tuple[str, Setting] | None = None
    for k in pairs:  # B: 2s and 12s to make 6/8 or better
        s = deal.split(k)
        if k in TEEN_OR_DAY and at_least(s.low, 6) and at_least(s.high, 8):
            found = found or ("pair-B", s)
    for k in pairs:  # C: 9s to make 9-9 or higher
        s = deal.split(k)
        if k == NINE and at_least(s.low, 9) and at_least(s.high, 9):
            found = found or ("pair-C", s)
    for k in pairs:  # D: 8s to make 7-9, or 8-8 or higher
        s = deal.split(k)
        if k in EIGHTS and (
            (at_least(s.low, 7) and at_least(s.high, 9))
            or (at_least(s.low, 8) and at_least(s.high, 8))
        ):
            found = found or ("pair-D", s)
    for k in pairs:  # E: 7s to make 7-high nine or higher
        s = deal.split(k)
        if k in SEVENS and at_least(s.low, 7) and high_nine_or_better(s.high):
            found = found or ("pair-E", s)
    if found is None:
        return "pair-keep", kept
    split = found[1]
    if kept.high.strength > split.high.strength and kept.low.strength > split.low.strength:
        return "pair-finally", kept  # never split into two lower hands
    return found


# --- All other hands ------------------------------------------------------------------------


def _other_hands(deal: Deal) -> tuple[str, Setting]:
    def total(s: Setting) -> int:
        return s.high.value + s.low.value

    best_total = max(total(s) for s in deal.settings)
    s1 = [s for s in deal.settings if total(s) == best_total]  # rule 1
    best_low = choose(s1, by_low)
    if not low_three_or_less(best_low.low):  # rule 2: at least a high-3
        rule, key = "other-2", by_low
        target = [s for s in s1 if s.low.value == best_low.low.value]
    else:
        max_high = max(s.high.value for s in s1)
        if max_high >= 7:  # rule 3
            rule, key = "other-3", by_high
            target = [s for s in s1 if s.high.value == max_high]
        else:  # rule 4
            rule, key = "other-4", by_low
            max_low = max(s.low.value for s in s1)
            target = [s for s in s1 if s.low.value == max_low]
    # Rule 5 (1): where the high tile goes, the point totals being equal.
    top = min(deal.tiles, key=lambda t: t.natural_rank)
    in_low = target[0].high.value <= 7
    placed = [s for s in target if (top in s.low.tiles) == in_low]
    return rule, choose(placed or target, key)


@cache
def _rule(tiles: tuple[Tile, ...]) -> tuple[str, Setting]:
    deal = Deal.of(tiles)
    for name, exception in _EXCEPTIONS:
        s = exception(deal)
        if s is not None:
            return name, s
    if deal.pairs():
        return _pair_rules(deal)
    wong = wong_gong_high_nine(deal)
    if wong is not None:
        setting, low_three = wong
        if low_three:
            return "wong-max-high", choose(deal.settings, by_high)
        return "wong", setting
    return _other_hands(deal)


def canberra_rule(tiles: Sequence[Tile]) -> tuple[str, Setting]:
    """The Casino Canberra rule that sets ``tiles`` and the setting it gives.

    Rule names: ``exc-A``..``exc-I``; ``pair-A``..``pair-E``, ``pair-finally`` (a split
    refused because keeping the pair gives two higher hands) and ``pair-keep``; ``wong`` and
    ``wong-max-high`` (the low-3 clause); ``other-2``..``other-4`` (rules 2-4 of "All other
    hands", with rules 1 and 5).

    Raises:
        InvalidSettingError: not four tiles one set can hold.
    """
    return _rule(tuple(sorted(tiles, key=lambda t: t.sort_key)))


class CanberraWay:
    """The Casino Canberra house way, as published by The Wizard of Odds."""

    name: str = "canberra"
    description: str = "Casino Canberra house way, as published by the Wizard of Odds"
    kind_symmetric: bool = True

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """Set four tiles by the Casino Canberra house way."""
        return canberra_rule(tiles)[1]
