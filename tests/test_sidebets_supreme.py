"""Supreme Pai Gow bonus (R-SPG-16..19, AMB-51/52/58): classes, Appendix F, payout cap."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from paigow.errors import ConfigError, IllegalActionError
from paigow.games.cards.cards import DECK, SUITS, Card, parse_cards
from paigow.games.cards.supreme_bonus import (
    BONUS_PAYTABLE,
    BonusClass,
    bonus_counts,
    bonus_return,
    cap_bonus_payouts,
    classify_bonus,
    classify_bonus_codes,
)

B = BonusClass

# --- TC-84..88 --------------------------------------------------------------------------------

TC_HANDS = [
    ("TC-84", "A♠ A♥ A♦ A♣", B.FOUR_ACES, 1000),
    ("TC-84", "A♠ K♠ Q♠ J♠", B.ROYAL_FLUSH, 500),
    ("TC-84", "Jk Jk A♦ A♣", B.TWO_JOKERS_TWO_ACES, 200),
    ("TC-84", "9♠ 9♥ 9♦ 9♣", B.FOUR_OF_A_KIND, 100),
    ("TC-85", "4♥ 5♥ 7♥ Jk", B.STRAIGHT_FLUSH, 25),
    ("TC-85", "K♣ K♦ K♥ 2♠", B.THREE_OF_A_KIND, 10),
    ("TC-85", "2♥ 5♥ 9♥ K♥", B.FLUSH, 8),
    ("TC-85", "7♠ 7♦ 9♣ 9♥", B.TWO_PAIR, 7),
    ("TC-86", "Jk 4♠ 5♦ 7♣", B.STRAIGHT, 6),
    ("TC-86", "Jk Jk 4♠ 5♦", B.STRAIGHT, 6),
    ("TC-86", "Jk Jk 2♠ 9♦", B.TWO_JOKERS, 4),
    ("TC-86", "A♠ A♦ 3♣ 8♥", B.PAIR, 1),
    ("TC-86", "Jk 3♠ 3♦ 8♣", B.PAIR, 1),
    ("TC-88", "2♥ 5♥ 9♥ K♥", B.FLUSH, 8),
]


@pytest.mark.parametrize(("tc", "text", "cls", "odds"), TC_HANDS, ids=[t[0] for t in TC_HANDS])
def test_tc_84_to_86_and_88_bonus_classes(tc: str, text: str, cls: BonusClass, odds: int) -> None:
    assert classify_bonus(text) is cls
    assert classify_bonus(parse_cards(text)) is cls
    assert BONUS_PAYTABLE[cls] == odds


def test_tc_88_surrendered_five_dollar_bonus_paid_forty() -> None:
    """R-SPG-22: the surrendered player's bonus is still settled on the four cards."""
    cls = classify_bonus("2h 5h 9h Kh")
    assert cap_bonus_payouts([(500, BONUS_PAYTABLE[cls])], 100) == [4000]


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ("As 2d 3c 4h", B.STRAIGHT),  # ace low (AMB-52 iii)
        ("Ah Kd Qc Js", B.STRAIGHT),  # ace high, unsuited
        ("Kh Ad 2c 3s", B.NOTHING),  # no wrap-around
        ("Ah 2h 3h 4h", B.STRAIGHT_FLUSH),
        ("Th Jh Qh Kh", B.STRAIGHT_FLUSH),
        ("Jk Ah 2h 4h", B.STRAIGHT_FLUSH),  # joker as the 3 of hearts
        ("Jk 3h 4h 5h", B.STRAIGHT_FLUSH),  # joker as the 6 of hearts
        ("Jk 4h 5h 6h", B.STRAIGHT_FLUSH),  # joker as the 3 of hearts
        ("Jk Jk 4s 5s", B.STRAIGHT_FLUSH),  # jokers as the 3 and 6 of spades
        ("Jk 5h 6h 8h", B.NOTHING),  # a joker is not a 7, nor a flush card
        ("Jk 2h 3h 4h", B.NOTHING),  # ... nor an ace or a 5
        ("Jk 6s 7s 8s", B.NOTHING),  # the 6 is taken, a joker cannot be a 5 or 9
        ("Jk Jk 3s 4s", B.TWO_JOKERS),  # 3 and 6 do not complete 3-4
        ("Jk Jk 9s 9d", B.TWO_PAIR),  # "two jokers" and "any other pair"
        ("Jk Jk Ks Kd", B.TWO_PAIR),
        ("Jk 9s 9d 9c", B.THREE_OF_A_KIND),  # a joker cannot make four of a kind
        ("Jk As Ad Ac", B.THREE_OF_A_KIND),
        ("Jk 2s 5s 9s", B.NOTHING),  # a joker is never a flush card
        ("Jk Qs Kd 2c", B.NOTHING),
        ("Jk1 Jk2 Ah 2h", B.TWO_JOKERS),
        ("Qs Qd Qc Qh", B.FOUR_OF_A_KIND),
        ("As Ad Ks Kd", B.TWO_PAIR),
    ],
)
def test_amb_52_58_joker_ace_and_precedence_readings(text: str, cls: BonusClass) -> None:
    assert classify_bonus(text) is cls


def test_classify_rejects_bad_hands() -> None:
    with pytest.raises(IllegalActionError):
        classify_bonus("As Ks Qs")
    with pytest.raises(IllegalActionError):
        classify_bonus("As As Qs Js")
    with pytest.raises(IllegalActionError):
        classify_bonus("Jk1 Jk1 Qs Js")


# --- Appendix F -------------------------------------------------------------------------------

APPENDIX_F = {
    B.FOUR_ACES: 1,
    B.ROYAL_FLUSH: 4,
    B.TWO_JOKERS_TWO_ACES: 6,
    B.FOUR_OF_A_KIND: 12,
    B.STRAIGHT_FLUSH: 100,
    B.THREE_OF_A_KIND: 2600,
    B.FLUSH: 2816,
    B.TWO_PAIR: 2880,
    B.STRAIGHT: 3624,
    B.TWO_JOKERS: 1232,
    B.PAIR: 89856,
    B.NOTHING: 213120,
}


def test_appendix_f_counts() -> None:
    assert bonus_counts() == APPENDIX_F
    assert sum(APPENDIX_F.values()) == 316251


def test_appendix_f_return() -> None:
    expected = Fraction(sum(n * BONUS_PAYTABLE.get(c, -1) for c, n in APPENDIX_F.items()), 316251)
    assert bonus_return() == expected == Fraction(-20004, 316251)
    assert round(float(expected), 4) == -0.0633


def test_r_spg_17_pay_table_order_and_odds() -> None:
    assert list(BONUS_PAYTABLE) == list(BonusClass)[:-1]
    assert list(BONUS_PAYTABLE.values()) == [1000, 500, 200, 100, 25, 10, 8, 7, 6, 4, 1]


def test_bonus_return_custom_and_incomplete_tables() -> None:
    richer = dict(BONUS_PAYTABLE) | {B.PAIR: 2}
    assert bonus_return(richer) == bonus_return() + Fraction(89856, 316251)
    with pytest.raises(ConfigError):
        bonus_return({B.PAIR: 1})


# --- Exhaustive check against a slow reference (R-SPG-16, AMB-52, AMB-58) ---------------------

_JOKER_STANDS_FOR = [(r, s) for r in (3, 6) for s in SUITS]
#: The classes, highest first.
_ORDER = list(BonusClass)


@cache
def _consecutive(ranks: tuple[int, ...]) -> bool:
    """Four distinct consecutive ranks, trying the ace as 14 and as 1 (remembered: a pure
    function of the ranks, asked about 700,000 times)."""
    for ace in (14, 1):
        rs = sorted(ace if r == 14 else r for r in ranks)
        if rs == list(range(rs[0], rs[0] + 4)):
            return True
    return False


def _reference_class(cards: tuple[Card, ...]) -> BonusClass:
    """Every R-SPG-16 definition tested on its own; the highest qualifying class wins."""
    nat = [c for c in cards if not c.is_joker]
    jokers = 4 - len(nat)
    ranks = Counter(c.rank for c in nat)
    suits = {c.suit for c in nat}
    qualifies: set[BonusClass] = set()
    if jokers == 0 and all(c.rank == 14 for c in nat):
        qualifies.add(B.FOUR_ACES)
    if jokers == 0 and len(suits) == 1 and set(ranks) == {14, 13, 12, 11}:
        qualifies.add(B.ROYAL_FLUSH)
    if jokers == 2 and ranks == Counter({14: 2}):
        qualifies.add(B.TWO_JOKERS_TWO_ACES)
    if jokers == 0 and len(ranks) == 1 and 14 not in ranks:
        qualifies.add(B.FOUR_OF_A_KIND)
    # Straights: every joker is tried as each 3 and each 6 of every suit.
    for stand_ins in itertools.product(_JOKER_STANDS_FOR, repeat=jokers):
        concrete = [(c.rank, c.suit) for c in nat] + list(stand_ins)
        if _consecutive(tuple(sorted(r for r, _ in concrete))):
            qualifies.add(B.STRAIGHT)
            royal = {r for r, _ in concrete} == {14, 13, 12, 11}
            if len({s for _, s in concrete}) == 1 and not royal:
                qualifies.add(B.STRAIGHT_FLUSH)
    if any(n >= 3 for n in ranks.values()):
        qualifies.add(B.THREE_OF_A_KIND)
    if jokers == 0 and len(suits) == 1:
        qualifies.add(B.FLUSH)
    natural_pairs = sum(1 for n in ranks.values() if n >= 2)
    if natural_pairs >= 2 or (jokers == 2 and natural_pairs >= 1):
        qualifies.add(B.TWO_PAIR)
    if jokers == 2:
        qualifies.add(B.TWO_JOKERS)
    if natural_pairs >= 1:
        qualifies.add(B.PAIR)
    return min(qualifies, key=_ORDER.index) if qualifies else B.NOTHING


def test_every_four_card_hand_gets_one_class_matching_the_reference() -> None:
    """All C(54,4) = 316,251 hands: the fast classifier agrees with the slow reference."""
    seen: Counter[BonusClass] = Counter()
    n = 0
    # DECK is in code order, so the two walks below pair every hand with its codes
    assert [c.code for c in DECK] == list(range(54))
    combos = itertools.combinations(range(54), 4)
    hands = zip(itertools.combinations(DECK, 4), combos, strict=True)
    for hand, codes in hands:
        cls = classify_bonus_codes(*codes)
        assert cls is _reference_class(hand), hand
        seen[cls] += 1
        n += 1
    assert n == 316251
    assert seen == APPENDIX_F
    # the combinatorial count over rank multisets equals the hand-by-hand tally
    assert bonus_counts() == dict(seen)


# --- R-SPG-18 payout cap (AMB-51) -------------------------------------------------------------


def test_tc_87_two_royal_flushes_share_the_cap() -> None:
    assert cap_bonus_payouts([(20_000, 500), (30_000, 500)], 100) == [2_000_000, 3_000_000]


def test_r_spg_18_single_winner_capped() -> None:
    assert cap_bonus_payouts([(10_000, 1000)], 100) == [5_000_000]
    assert cap_bonus_payouts([(4_000, 1000)], 100) == [4_000_000]


def test_r_spg_18_cap_is_the_greater_of_50000_and_minimum_bet_win() -> None:
    """A $100 minimum bonus wager can win $100,000 on four aces: the cap rises to that."""
    assert cap_bonus_payouts([(20_000, 1000)], 10_000) == [10_000_000]


def test_r_spg_18_royals_under_the_cap_are_paid_in_full() -> None:
    assert cap_bonus_payouts([(1_000, 500), (2_000, 500)], 100) == [500_000, 1_000_000]


def test_r_spg_18_royal_shares_sum_to_the_cap_exactly() -> None:
    pays = cap_bonus_payouts([(10_000, 500), (10_000, 500), (10_000, 500)], 100)
    assert sum(pays) == 5_000_000
    assert pays == [1_666_667, 1_666_667, 1_666_666]


def test_r_spg_18_other_winners_are_capped_on_their_own() -> None:
    wins = [(20_000, 500), (30_000, 500), (100_000, 100), (500, 7)]
    assert cap_bonus_payouts(wins, 100) == [2_000_000, 3_000_000, 5_000_000, 3_500]


def test_cap_rejects_negative_amounts() -> None:
    with pytest.raises(IllegalActionError):
        cap_bonus_payouts([(-1, 500)], 100)
