"""Exact main-game math of Supreme Pai Gow: house edge, per-hand advice and the optimal way.

Every deal gives the player four of the 54 cards and the dealer four of the other 50:
C(54,4) x C(50,4) = 316,251 x 230,300 = 72,832,605,300 deals. The main-game outcome depends
only on the cards' rank types (2..10, J, Q, K, A, joker; suits never matter), so the four-card
hands collapse into 2,366 *rank classes*: multisets of four rank types with at most four of a
natural rank and two jokers. A class's weight is ``prod_t C(copies_t, c_t)`` (summing to
316,251); for a player class ``P`` the dealer holds a hand of class ``D`` in
``M[P, D] = prod_t C(copies_t - cP_t, cD_t)`` ways (each row sums to 230,300). Counts are exact
integers, vectorised over the 2,366 x 2,366 class pairs with NumPy, as in
:mod:`paigow.games.tiles.exact.edge` for the tiles.

Ways are evaluated once on one representative hand per class, so a way must set every hand of
a class to the same strengths (``spg-house`` does: it looks at ranks only).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, prod
from typing import Any, Final

import numpy as np

from paigow.errors import ConfigError
from paigow.exact.arrays import I8, I32, I64, U8, U16
from paigow.exact.best import best_split
from paigow.exact.dominance import DominanceCounter, SubsetIndex, subset_index
from paigow.exact.results import EdgeDetail, EdgeResult, SettingScore, same_as
from paigow.games.cards.cards import DECK, JOKER_1, JOKER_2, Card, parse_cards

from .hands import (
    COPIES,
    LITERAL_ZERO_STRENGTHS,
    N_TYPES,
    PAIR_BASE,
    SPLITS,
    STRENGTH,
    ZERO_LIMIT,
    CardHand,
    CardSetting,
    card_settings_of,
    rank_type,
    validate_cards,
)
from .house_way import CardWay, get_card_way

__all__ = [
    "CardAdvice",
    "CardSettingScore",
    "OptimalCardWay",
    "RankSpace",
    "SpgWayArrays",
    "multiplicity",
    "rank_space",
    "spg_advise",
    "spg_edge",
    "spg_optimal",
    "spg_split_counts",
    "spg_way_arrays",
]

#: Default commission on a player's win (R-SPG-23: 5 %).
COMMISSION: Final = Fraction(1, 20)
#: The dealer's hands left by any player hand: C(50, 4).
DEALER_HANDS: Final = comb(50, 4)

#: ZERO[literal][s]: a low hand of strength ``s`` has point value zero (R-SPG-05).
_ZERO: Final = (
    np.arange(PAIR_BASE + 15) < ZERO_LIMIT,
    np.isin(np.arange(PAIR_BASE + 15), sorted(LITERAL_ZERO_STRENGTHS)),
)


@dataclass(frozen=True, eq=False)
class RankSpace:
    """The 2,366 rank classes of four-card hands.

    Attributes:
        keys: the sorted rank types of each class.
        cards: a representative four cards of each class, in deck order.
        counts: ``counts[c, t]`` = cards of rank type ``t`` in class ``c``.
        weight: physical four-card hands of each class (sums to 316,251).
        split_high, split_low: strengths of the high and low hand of each of the three splits
            (:data:`paigow.games.cards.hands.SPLITS` of the representative; better hand high).
    """

    keys: tuple[tuple[int, int, int, int], ...]
    cards: tuple[tuple[Card, Card, Card, Card], ...]
    counts: U8
    weight: I64
    split_high: I32
    split_low: I32
    index: dict[tuple[int, ...], int]

    @property
    def size(self) -> int:
        """Number of classes (2,366)."""
        return len(self.keys)

    def class_of(self, cards: Sequence[Card]) -> int:
        """Index of the class holding ``cards``."""
        return self.index[tuple(sorted(rank_type(c) for c in cards))]

    def multiplicity_row(self, cls: int) -> I64:
        """``M[cls, :]``: for a player hand of class ``cls``, dealer hands of each class."""
        avail = np.array(COPIES, dtype=np.int64) - self.counts[cls].astype(np.int64)
        table = _comb_table().astype(np.int64)
        row: I64 = np.prod(table[avail[None, :], self.counts.astype(np.int64)], axis=1)
        return row


def _representative(key: tuple[int, int, int, int]) -> tuple[Card, Card, Card, Card]:
    out: list[Card] = []
    for t, group in itertools.groupby(key):
        k = len(list(group))
        out.extend((JOKER_1, JOKER_2)[:k] if t == 13 else DECK[4 * t : 4 * t + k])
    return (out[0], out[1], out[2], out[3])


@cache
def rank_space() -> RankSpace:
    """The 2,366 rank classes (built once)."""
    keys = [
        k for k in itertools.combinations_with_replacement(range(N_TYPES), 4) if k.count(13) <= 2
    ]
    n = len(keys)
    counts = np.zeros((n, N_TYPES), dtype=np.uint8)
    for i, k in enumerate(keys):
        for t in k:
            counts[i, t] += 1
    weight = np.array(
        [prod(comb(COPIES[t], k.count(t)) for t in set(k)) for k in keys], dtype=np.int64
    )
    sh = np.zeros((n, 3), dtype=np.int32)
    sl = np.zeros((n, 3), dtype=np.int32)
    for i, k in enumerate(keys):
        for j, (a, b, c, d) in enumerate(SPLITS):
            s1, s2 = STRENGTH[k[a]][k[b]], STRENGTH[k[c]][k[d]]
            sh[i, j], sl[i, j] = max(s1, s2), min(s1, s2)
    return RankSpace(
        tuple(keys),
        tuple(_representative(k) for k in keys),
        counts,
        weight,
        sh,
        sl,
        {k: i for i, k in enumerate(keys)},
    )


@cache
def _comb_table() -> I32:
    return np.array([[comb(a, c) for c in range(5)] for a in range(5)], dtype=np.int32)


@cache
def multiplicity() -> U16:
    """The full matrix ``M`` (uint16; the largest entry is 4**4 = 256).

    ``C(a, 0) = 1``, so only the (at most four) rank types of the dealer's class contribute:
    four table look-ups of the whole matrix.
    """
    space = rank_space()
    n = space.size
    avail = (np.array(COPIES, dtype=np.uint8)[None, :] - space.counts) * np.uint8(5)
    typ = np.zeros((n, 4), dtype=np.intp)
    cnt = np.zeros((n, 4), dtype=np.uint8)
    for i, k in enumerate(space.keys):
        for j, t in enumerate(sorted(set(k))):
            typ[i, j], cnt[i, j] = t, k.count(t)
    table = _comb_table().astype(np.uint16).ravel()  # C(a, c) at 5 * a + c
    m = np.ones((n, n), dtype=np.uint16)
    for j in range(4):
        m *= table[avail[:, typ[:, j]] + cnt[None, :, j]]
    return m


@dataclass(frozen=True, eq=False)
class SpgWayArrays:
    """A way's split (0..2) for every rank class and the resulting hand strengths."""

    name: str
    choice: I8
    high: I32
    low: I32


def _arrays_from_choice(name: str, choice: I8) -> SpgWayArrays:
    space = rank_space()
    rows = np.arange(space.size)
    return SpgWayArrays(name, choice, space.split_high[rows, choice], space.split_low[rows, choice])


class OptimalCardWay:
    """The EV-maximising split of every rank class against a dealer way (:func:`spg_optimal`)."""

    def __init__(self, arrays: SpgWayArrays, description: str) -> None:
        self.arrays = arrays
        self.name = arrays.name
        self.description = description

    def set(self, cards: Sequence[Card]) -> CardSetting:
        """The optimal setting of four different ``cards``."""
        validate_cards(cards)
        cs = sorted(cards, key=lambda c: c.code)  # same rank-type order as the representative
        a, b, c, d = SPLITS[int(self.arrays.choice[rank_space().class_of(cs)])]
        h1, h2 = CardHand.of(cs[a], cs[b]), CardHand.of(cs[c], cs[d])
        return CardSetting(h1, h2) if h1.strength >= h2.strength else CardSetting(h2, h1)


_CACHE: dict[int, tuple[CardWay, SpgWayArrays]] = {}


def spg_way_arrays(way: CardWay | str) -> SpgWayArrays:
    """Evaluate a way (or a name of :data:`SPG_WAYS`) on every rank class (cached per way).

    Raises:
        ConfigError: unknown name, or the way returned a foul or cards that are not a split of
            the hand it was given.
    """
    if isinstance(way, str):
        way = get_card_way(way)
    if isinstance(way, OptimalCardWay):
        return way.arrays
    hit = _CACHE.get(id(way))
    if hit is not None and hit[0] is way:
        return hit[1]
    space = rank_space()
    choice = np.zeros(space.size, dtype=np.int8)
    for i, cards in enumerate(space.cards):
        s = way.set(cards)
        key = s.key()
        for j in range(3):
            if (space.split_high[i, j], space.split_low[i, j]) == key and s.same_cards(cards):
                choice[i] = j
                break
        else:
            raise ConfigError(
                f"way {way.name!r} set {' '.join(map(str, cards))} as {s}, which is not a "
                "valid (non-foul) setting of those cards"
            )
    arrays = _arrays_from_choice(way.name, choice)
    if len(_CACHE) > 32:
        _CACHE.clear()
    _CACHE[id(way)] = (way, arrays)
    return arrays


@cache
def _subsets() -> SubsetIndex:
    return subset_index(list(rank_space().keys), list(COPIES))


@lru_cache(maxsize=16)
def _counter(arrays: SpgWayArrays) -> DominanceCounter:
    return DominanceCounter(_subsets(), arrays.high, arrays.low)


def _rows(player: tuple[I32, I32], dealer: SpgWayArrays, *, literal_zero: bool) -> tuple[I64, I64]:
    """Per player row (columns: settings): (win, lose) against every disjoint dealer hand.

    A player's hand wins against the dealer's hands strictly below it (copies to the dealer,
    R-SPG-04), and a zero low hand never wins (R-SPG-05): dominance counts
    (:mod:`paigow.exact.dominance`), no class-by-class matrix.
    """
    ph, pl = player
    a = np.asarray(ph, dtype=np.int64)
    b = np.where(_ZERO[literal_zero][pl], 0, pl).astype(np.int64)
    both, lx, ly = _counter(dealer).counts(a, b)
    win = both.astype(np.int64)
    return win, (DEALER_HANDS - lx - ly + both).astype(np.int64)


def spg_split_counts(
    opponent: CardWay | str, *, literal_zero: bool = False, as_banker: bool = False
) -> tuple[SpgWayArrays, I64, I64]:
    """The exact wins and losses of every rank class for each of its three splits against
    every opposing hand set by ``opponent`` (of C(50,4)), from the player's side, or with
    ``as_banker`` from the banker's side against a player way (copies and the zero rule to the
    banker: a player's hand wins only when stronger, and a zero low hand never wins)."""
    opp = spg_way_arrays(opponent)
    space = rank_space()
    if not as_banker:
        wins, losses = _rows((space.split_high, space.split_low), opp, literal_zero=literal_zero)
        return opp, wins, losses
    # the player's zero low hands count as 0, below every banker low hand
    eff_low = np.where(_ZERO[literal_zero][opp.low], 0, opp.low).astype(opp.low.dtype)
    counter = DominanceCounter(_subsets(), opp.high, eff_low)
    a = space.split_high.astype(np.int64) + 1
    b = space.split_low.astype(np.int64) + 1
    both, lx, ly = counter.counts(a, b)
    wins = both.astype(np.int64)
    return opp, wins, (DEALER_HANDS - lx - ly + both).astype(np.int64)


def _profile(literal_zero: bool) -> str:
    return "nj-supreme-literal-zero" if literal_zero else "nj-supreme"


def spg_edge(
    player_way: CardWay | str,
    dealer_way: CardWay | str,
    *,
    commission: Fraction = COMMISSION,
    literal_zero: bool = False,
) -> EdgeResult:
    """Exact win/push/lose counts of ``player_way`` against ``dealer_way`` over every deal.

    Ways are :class:`~paigow.games.cards.house_way.CardWay` objects or names of :data:`SPG_WAYS`;
    the player way may also be ``"optimal"`` (:func:`spg_optimal` against the dealer way).
    Copies go to the dealer (R-SPG-04), a player's zero low hand loses (R-SPG-05, literal
    reading with ``literal_zero``), a win is paid 1:1 less ``commission`` (R-SPG-23). The
    result's ``detail`` holds the per-class counts.
    """
    dealer = spg_way_arrays(dealer_way)
    if player_way == "optimal":
        player_way = spg_optimal(dealer_way, commission=commission, literal_zero=literal_zero)
    player = spg_way_arrays(player_way)
    space = rank_space()
    win, lose = _rows(
        (player.high[:, None], player.low[:, None]), dealer, literal_zero=literal_zero
    )
    win, lose = win[:, 0], lose[:, 0]
    total = np.full(space.size, DEALER_HANDS, dtype=np.int64)
    w, lz, t = (int(x @ space.weight) for x in (win, lose, total))
    detail = EdgeDetail(player.high, player.low, space.weight, win, lose, total)
    return EdgeResult(
        player.name, dealer.name, _profile(literal_zero), commission, w, t - w - lz, lz, detail
    )


def spg_optimal(
    dealer_way: CardWay | str,
    *,
    commission: Fraction = COMMISSION,
    literal_zero: bool = False,
    name: str | None = None,
) -> OptimalCardWay:
    """The player's EV-maximising split of every rank class against ``dealer_way``.

    Ties are broken deterministically: the higher EV, then more wins, then the stronger high
    hand, then the stronger low hand, then the earlier split (settings still tied play alike).
    """
    dealer = spg_way_arrays(dealer_way)
    space = rank_space()
    wins, losses = _rows((space.split_high, space.split_low), dealer, literal_zero=literal_zero)
    keep = 1 - commission
    ev = wins * keep.numerator - losses * keep.denominator
    keys = (ev, wins, space.split_high.astype(np.int64), space.split_low.astype(np.int64))
    choice = best_split(keys)
    label = name or f"optimal vs {dealer.name}" + (" (literal zero)" if literal_zero else "")
    zero = "literal zero reading" if literal_zero else "zero rule on point hands"
    return OptimalCardWay(
        _arrays_from_choice(label, choice),
        f"EV-maximising setting against {dealer.name}, commission {commission}, {zero}",
    )


#: The score of one card setting: the same record as the tiles' (see
#:mod:`paigow.games.tiles.exact.advise`).
CardSettingScore = SettingScore


@dataclass(frozen=True)
class CardAdvice:
    """Every non-foul setting of four cards scored, the best one and the house way's."""

    cards: tuple[Card, ...]
    settings: tuple[CardSettingScore, ...]
    best: int
    house: int
    dealer_way: str

    def to_json(self) -> dict[str, Any]:
        """JSON form, as :meth:`paigow.games.tiles.exact.advise.Advice.to_json` for the tiles."""
        return {
            "cards": [str(c) for c in self.cards],
            "dealer_way": self.dealer_way,
            "settings": [s.to_json() for s in self.settings],
            "best": self.best,
            "house_way": self.house,
        }


def spg_advise(
    cards: Sequence[Card] | str,
    dealer_way: CardWay | str = "spg-house",
    *,
    commission: Fraction = COMMISSION,
    literal_zero: bool = False,
    house_way: CardWay | str = "spg-house",
) -> CardAdvice:
    """Score every non-foul setting of ``cards`` against all C(50,4) dealer hands.

    Settings that play identically (equal hand strengths) are listed once. ``best`` has the
    highest EV (ties: more wins, then the stronger high hand, then the stronger low hand);
    ``house`` is the setting ``house_way`` plays.

    Raises:
        InvalidSettingError: not four different cards.
    """
    held = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    options = card_settings_of(held)
    dealer = spg_way_arrays(dealer_way)
    row = rank_space().multiplicity_row(rank_space().class_of(held))
    scores: list[CardSettingScore] = []
    for s in options:
        if any(sc.setting.key() == s.key() for sc in scores):
            continue
        zero = bool(_ZERO[literal_zero][s.low.strength])
        hw = s.high.strength > dealer.high
        lw = (s.low.strength > dealer.low) & (not zero)
        win, lose, total = int(row[hw & lw].sum()), int(row[~(hw | lw)].sum()), int(row.sum())
        ev = (win * (1 - commission) - lose) / Fraction(total)
        scores.append(CardSettingScore(s, win, total - win - lose, lose, ev, same_as(s, options)))
    return _advice(held, scores, house_way, dealer.name)


def spg_advise_banker(
    cards: Sequence[Card] | str,
    player_way: CardWay | str = "spg-house",
    *,
    commission: Fraction = COMMISSION,
    literal_zero: bool = False,
    house_way: CardWay | str = "spg-house",
) -> CardAdvice:
    """The banker's view: each setting of the banker's ``cards`` against every hand a player
    setting by ``player_way`` can hold (copies and the zero rule favour the banker; the banker
    pays commission on its wins). Scores are from the banker's side."""
    held = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    options = card_settings_of(held)
    player = spg_way_arrays(player_way)
    row = rank_space().multiplicity_row(rank_space().class_of(held))
    player_zero = _ZERO[literal_zero][player.low]
    scores: list[CardSettingScore] = []
    for s in options:
        if any(sc.setting.key() == s.key() for sc in scores):
            continue
        phw = player.high > s.high.strength
        plw = (player.low > s.low.strength) & ~player_zero
        win, lose = int(row[~(phw | plw)].sum()), int(row[phw & plw].sum())
        total = int(row.sum())
        ev = (win * (1 - commission) - lose) / Fraction(total)
        scores.append(CardSettingScore(s, win, total - win - lose, lose, ev, same_as(s, options)))
    return _advice(held, scores, house_way, player.name)


def _advice(
    held: tuple[Card, ...],
    scores: list[CardSettingScore],
    house_way: CardWay | str,
    opponent: str,
) -> CardAdvice:
    """Mark the best setting (higher EV, then more wins, then the stronger hands) and the house
    way's, and wrap the scores."""
    best = max(
        range(len(scores)),
        key=lambda i: (scores[i].ev, scores[i].win, scores[i].setting.key()),
    )
    way = get_card_way(house_way) if isinstance(house_way, str) else house_way
    house_key = way.set(held).key()
    house = next(i for i, sc in enumerate(scores) if sc.setting.key() == house_key)
    return CardAdvice(held, tuple(scores), best, house, opponent)
