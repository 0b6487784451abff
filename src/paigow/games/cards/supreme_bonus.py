"""Supreme Pai Gow bonus wager (R-SPG-15..18): four-card classes, exact return, payout cap.

Readings (AMB-52, AMB-58):

* a joker is never a natural card: it does not count toward four aces, four-of-a-kind,
  three-of-a-kind, a flush or "any other pair";
* in a straight or straight flush a joker may stand as a 3 or a 6 (of the needed suit for a
  straight flush); two jokers may stand as 3 and 6 (Jk Jk 4 5 is the straight 3-4-5-6);
* the ace is high (A-K-Q-J) or low (A-2-3-4) in straights, with no wrap-around; suited A-K-Q-J
  is the royal flush, never a straight flush;
* "two jokers" counts as a pair for two pair (R-SPG-16.8), so Jk Jk 9 9 is two pair;
* each hand is paid once, at the highest class in pay-table order (AMB-58).

Under these readings the 316,251 hands of C(54,4) split as in RULES.md Appendix F and the
minimum pay table returns -20004/316251 = -6668/105417 (about -6.33 %) per unit.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from enum import Enum
from fractions import Fraction
from functools import cache
from math import comb, prod
from types import MappingProxyType
from typing import Final

from paigow.errors import ConfigError, IllegalActionError
from paigow.games.cards.cards import ACE, DECK, JACK, KING, QUEEN, SUITS, Card, parse_cards

__all__ = [
    "BONUS_PAYOUT_FLOOR_CENTS",
    "BONUS_PAYTABLE",
    "BonusClass",
    "bonus_counts",
    "bonus_return",
    "cap_bonus_payouts",
    "classify_bonus",
    "classify_bonus_codes",
]


class BonusClass(Enum):
    """The qualifying four-card hands of R-SPG-16, in pay-table order (R-SPG-17), and NOTHING."""

    FOUR_ACES = "Four aces"
    ROYAL_FLUSH = "Royal flush"
    TWO_JOKERS_TWO_ACES = "Two jokers and two aces"
    FOUR_OF_A_KIND = "Four-of-a-kind"
    STRAIGHT_FLUSH = "Straight flush"
    THREE_OF_A_KIND = "Three-of-a-kind"
    FLUSH = "Flush"
    TWO_PAIR = "Two pair"
    STRAIGHT = "Straight"
    TWO_JOKERS = "Two jokers"
    PAIR = "Any other pair"
    NOTHING = "Nothing"


#: Minimum bonus odds "to 1" of R-SPG-17 (NJ §19:47-34.14(a)). NOTHING is absent: it loses.
BONUS_PAYTABLE: Final[Mapping[BonusClass, int]] = MappingProxyType(
    {
        BonusClass.FOUR_ACES: 1000,
        BonusClass.ROYAL_FLUSH: 500,
        BonusClass.TWO_JOKERS_TWO_ACES: 200,
        BonusClass.FOUR_OF_A_KIND: 100,
        BonusClass.STRAIGHT_FLUSH: 25,
        BonusClass.THREE_OF_A_KIND: 10,
        BonusClass.FLUSH: 8,
        BonusClass.TWO_PAIR: 7,
        BonusClass.STRAIGHT: 6,
        BonusClass.TWO_JOKERS: 4,
        BonusClass.PAIR: 1,
    }
)

#: The $50,000 floor of the per-player bonus payout limit (R-SPG-18), in cents.
BONUS_PAYOUT_FLOOR_CENTS: Final = 5_000_000

_ROYAL: Final = (JACK, QUEEN, KING, ACE)
_JOKER_RANKS: Final = (3, 6)
# Rank and suit index of each card code (jokers: rank 0, suit -1).
_RANK: Final = tuple(c.rank for c in DECK)
_SUIT: Final = tuple(-1 if c.is_joker else SUITS.index(c.suit) for c in DECK)
#: The natural ranks, 2..14 (ace).
_RANKS: Final = tuple(range(2, ACE + 1))


def _is_run(ranks: Sequence[int]) -> bool:
    """Four distinct consecutive ranks, the ace (14) high or low (as 1), no wrap-around."""
    if len(set(ranks)) != 4:
        return False
    rs = sorted(ranks)
    if rs[3] - rs[0] == 3:
        return True
    return rs[3] == ACE and sorted((1, *rs[:3])) == [1, 2, 3, 4]


@cache
def _straight_shapes() -> frozenset[tuple[tuple[int, ...], int]]:
    """Every (sorted natural ranks, jokers) that forms a straight, jokers standing as a 3 or 6.

    Built from the definition: four distinct ranks in a run (:func:`_is_run`), up to two of
    them, each a 3 or a 6, replaced by jokers.
    """
    out = set()
    for run in itertools.combinations(range(2, ACE + 1), 4):
        if not _is_run(run):
            continue
        for jokers in range(3):
            for stand_in in itertools.combinations(run, jokers):
                if all(r in _JOKER_RANKS for r in stand_in):
                    out.add((tuple(r for r in run if r not in stand_in), jokers))
    return frozenset(out)


def _makes_straight(naturals: tuple[int, ...], jokers: int) -> bool:
    """Whether the sorted natural ranks plus ``jokers`` jokers (each a 3 or a 6) form a
    straight."""
    return (naturals, jokers) in _straight_shapes()


def _multiplicities(naturals: tuple[int, ...]) -> list[int]:
    """How often each distinct rank occurs, largest first."""
    return sorted((naturals.count(r) for r in set(naturals)), reverse=True)


@cache
def _classify_shape(naturals: tuple[int, ...], suited: bool, jokers: int) -> BonusClass:
    """Class from the sorted natural ranks, whether the naturals share one suit, and jokers.

    With jokers present, ``suited`` means the natural cards share a suit, which the jokers can
    join as a 3 or 6 of that suit in a straight flush (AMB-52).
    """
    counts = [*_multiplicities(naturals), 0]
    straight = _makes_straight(naturals, jokers)
    pairs = sum(1 for n in counts if n >= 2)
    if naturals == (ACE,) * 4:
        return BonusClass.FOUR_ACES
    if suited and jokers == 0 and naturals == _ROYAL:
        return BonusClass.ROYAL_FLUSH
    if jokers == 2 and naturals == (ACE, ACE):
        return BonusClass.TWO_JOKERS_TWO_ACES
    if counts[0] == 4:
        return BonusClass.FOUR_OF_A_KIND
    if suited and straight:
        return BonusClass.STRAIGHT_FLUSH
    if counts[0] == 3:
        return BonusClass.THREE_OF_A_KIND
    if suited and jokers == 0:
        return BonusClass.FLUSH
    if pairs == 2 or (jokers == 2 and pairs == 1):
        return BonusClass.TWO_PAIR
    if straight:
        return BonusClass.STRAIGHT
    if jokers == 2:
        return BonusClass.TWO_JOKERS
    if pairs:
        return BonusClass.PAIR
    return BonusClass.NOTHING


def classify_bonus_codes(a: int, b: int, c: int, d: int) -> BonusClass:
    """Class of four distinct cards given by :attr:`~paigow.games.cards.cards.Card.code` (0..53)."""
    codes = (a, b, c, d)
    naturals = tuple(sorted(_RANK[x] for x in codes if x < 52))
    suits = {_SUIT[x] for x in codes if x < 52}
    return _classify_shape(naturals, len(suits) == 1, 4 - len(naturals))


def classify_bonus(cards4: Sequence[Card] | str) -> BonusClass:
    """Bonus class of a player's four cards (R-SPG-16/17, AMB-52/58), e.g. ``"As Ks Qs Js"``.

    Raises:
        IllegalActionError: not four distinct cards.
    """
    cards = parse_cards(cards4) if isinstance(cards4, str) else tuple(cards4)
    if len(cards) != 4 or len(set(cards)) != 4:
        raise IllegalActionError(
            f"the bonus needs four distinct cards, got {' '.join(map(str, cards))!r}"
        )
    a, b, c, d = (x.code for x in cards)
    return classify_bonus_codes(a, b, c, d)


@cache
def _shapes(m: int) -> dict[tuple[bool, ...], tuple[int, int]]:
    """For ``m`` sorted ranks, by which neighbours are equal: the largest multiplicity and the
    number of ways to pick the cards' suits (``prod C(4, c_r)``)."""
    out = {}
    for runs in itertools.product((False, True), repeat=m - 1):
        sizes = [1]
        for same in runs:
            if same:
                sizes[-1] += 1
            else:
                sizes.append(1)
        out[runs] = (max(sizes), prod(comb(len(SUITS), c) for c in sizes))
    return out


@cache
def _counts() -> tuple[tuple[BonusClass, int], ...]:
    """Class counts by combinatorics over rank multisets, not hand by hand.

    A hand's class depends only on its natural ranks, its jokers and whether its natural cards
    share one suit. For a multiset of ranks the hands number ``prod C(4, c_r) * C(2, jokers)``;
    the naturals can share a suit only when their ranks are distinct, in 4 ways (one per suit)
    times ``C(2, jokers)``. The slow reference (every one of the 316,251 hands through
    :func:`classify_bonus_codes`) is in the tests.
    """
    totals: Counter[BonusClass] = Counter()
    suits = len(SUITS)
    for jokers in range(3):
        shapes = _shapes(4 - jokers)
        for naturals in itertools.combinations_with_replacement(_RANKS, 4 - jokers):
            runs = tuple(a == b for a, b in itertools.pairwise(naturals))
            largest, ways = shapes[runs]
            if largest > suits:
                continue
            hands = comb(2, jokers) * ways
            suited = comb(2, jokers) * suits if largest == 1 else 0
            if suited:
                totals[_classify_shape(naturals, True, jokers)] += suited
            totals[_classify_shape(naturals, False, jokers)] += hands - suited
    return tuple((cls, totals[cls]) for cls in BonusClass)


def bonus_counts() -> dict[BonusClass, int]:
    """Number of the C(54,4) = 316,251 four-card hands in each class (Appendix F)."""
    return dict(_counts())


def bonus_return(paytable: Mapping[BonusClass, int] = BONUS_PAYTABLE) -> Fraction:
    """Exact expected net return per unit of the bonus wager under ``paytable`` (odds to 1).

    Raises:
        ConfigError: the pay table lacks odds for a qualifying class.
    """
    missing = [c.name for c in BonusClass if c is not BonusClass.NOTHING and c not in paytable]
    if missing:
        raise ConfigError(f"bonus pay table lacks odds for {', '.join(missing)}")
    total = sum(n * (-1 if cls is BonusClass.NOTHING else paytable[cls]) for cls, n in _counts())
    return Fraction(total, comb(54, 4))


def cap_bonus_payouts(
    wins: Sequence[tuple[int, int]],
    min_bonus_wager_cents: int,
    *,
    royal_odds: int = BONUS_PAYTABLE[BonusClass.ROYAL_FLUSH],
    floor_cents: int = BONUS_PAYOUT_FLOOR_CENTS,
) -> list[int]:
    """Bonus payouts in cents after the payout limit of R-SPG-18 (AMB-51).

    ``wins`` lists each winning bonus of one round as ``(wager_cents, odds)``. The limit is
    ``max(floor_cents, 1000 * min_bonus_wager_cents)``, i.e. $50,000 or the most one patron
    can win betting the minimum. Each payout ``odds * wager`` is capped at the limit. When two
    or more wins are royal flushes (``odds == royal_odds``) and their uncapped total exceeds
    the limit, the royal flushes share the limit in proportion to their wagers: each gets the
    floor of its exact share, and the cents left over go one each to the largest remainders
    (earlier entries first on equal remainders), so the shares sum to the limit exactly.
    Non-royal wins are capped individually.

    Raises:
        IllegalActionError: a wager or odds value is negative.
    """
    if min_bonus_wager_cents < 0 or any(w < 0 or o < 0 for w, o in wins):
        raise IllegalActionError("bonus wagers, odds and the minimum wager cannot be negative")
    cap = max(floor_cents, 1000 * min_bonus_wager_cents)
    pays = [min(w * o, cap) for w, o in wins]
    royals = [i for i, (_, o) in enumerate(wins) if o == royal_odds]
    if len(royals) >= 2 and sum(wins[i][0] * royal_odds for i in royals) > cap:
        stake = sum(wins[i][0] for i in royals)
        shares = {i: divmod(cap * wins[i][0], stake) for i in royals}
        for i in royals:
            pays[i] = shares[i][0]
        left = cap - sum(pays[i] for i in royals)
        for i in sorted(royals, key=lambda i: -shares[i][1])[:left]:
            pays[i] += 1
    return pays
