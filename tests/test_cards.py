"""Supreme Pai Gow cards: the deck (R-EQUIP-08), notation, two-card ranking (R-SPG-02..06)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paigow.errors import ParseError
from paigow.games.cards.cards import (
    ACE,
    DECK,
    JOKER_1,
    JOKER_2,
    Card,
    card_hand_key,
    card_points,
    format_cards,
    joker_value,
    parse_card,
    parse_cards,
    player_wins_card_hand,
    tiebreak_rank,
)


def c(text: str) -> Card:
    return parse_card(text)


def hand(text: str) -> tuple[Card, Card]:
    a, b = parse_cards(text)
    return (a, b)


# --- R-EQUIP-08: the deck ---------------------------------------------------------------------


def test_r_equip_08_deck_has_52_naturals_and_two_distinct_jokers() -> None:
    assert len(DECK) == 54
    assert len(set(DECK)) == 54
    assert [card for card in DECK if card.is_joker] == [JOKER_1, JOKER_2]
    assert JOKER_1 != JOKER_2
    naturals = [card for card in DECK if not card.is_joker]
    assert Counter(card.suit for card in naturals) == {"c": 13, "d": 13, "h": 13, "s": 13}
    assert Counter(card.rank for card in naturals) == {r: 4 for r in range(2, ACE + 1)}


def test_r_equip_08_codes_are_deck_indices() -> None:
    assert [card.code for card in DECK] == list(range(54))


def test_card_rejects_invalid_fields() -> None:
    with pytest.raises(ValueError):
        Card(1, "s")
    with pytest.raises(ValueError):
        Card(10, "x")
    with pytest.raises(ValueError):
        Card(0, "", 3)
    with pytest.raises(ValueError):
        Card(5, "s", 1)


# --- Notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", 14, "s"),
        ("Td", 10, "d"),
        ("10d", 10, "d"),
        ("tD", 10, "d"),
        ("kH", 13, "h"),
        ("2c", 2, "c"),
        ("Q♠", 12, "s"),
        ("10♦", 10, "d"),
        ("j♣", 11, "c"),
        ("9♥", 9, "h"),
    ],
)
def test_parse_natural_cards(text: str, rank: int, suit: str) -> None:
    assert parse_card(text) == Card(rank, suit)


def test_parse_jokers() -> None:
    assert parse_card("Jk1") == JOKER_1
    assert parse_card("JK2") == JOKER_2
    assert parse_card("Jk") == JOKER_1
    assert parse_card("joker") == JOKER_1
    assert parse_cards("Jk Jk As Ad") == (JOKER_1, JOKER_2, c("As"), c("Ad"))
    assert parse_cards("Jk Jk1") == (JOKER_2, JOKER_1)
    assert parse_cards(["Jk2", "Jk"]) == (JOKER_2, JOKER_1)


@pytest.mark.parametrize("text", ["", "1s", "11d", "Ax", "A", "Jk3", "JkJk", "As Kd", "Zz"])
def test_parse_errors(text: str) -> None:
    with pytest.raises(ParseError):
        parse_card(text)


def test_parse_cards_rejects_a_third_joker() -> None:
    with pytest.raises(ParseError):
        parse_cards("Jk Jk Jk")
    with pytest.raises(ParseError):
        parse_cards("Jk1 Jk2 Jk")


def test_format_is_canonical() -> None:
    assert str(c("10d")) == "Td"
    assert str(c("a♠")) == "As"
    assert format_cards(parse_cards("Jk 10h 2c")) == "Jk1 Th 2c"
    assert repr(c("As")) == "Card(As)"


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=12))
def test_parse_format_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    for card in cards:
        assert parse_card(str(card)) == card


@given(st.sampled_from([card for card in DECK if not card.is_joker]), st.booleans())
def test_parse_accepts_alternative_spellings(card: Card, upper: bool) -> None:
    rank = "10" if card.rank == 10 else str(card)[0]
    symbol = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card.suit]
    for text in (rank + card.suit, rank + symbol, str(card)):
        assert parse_card(text.upper() if upper else text.lower()) == card


# --- R-SPG-03: point values -------------------------------------------------------------------


def test_tc_69_two_and_five_is_seven() -> None:
    assert card_points(c("2s"), c("5h")) == 7


def test_tc_70_five_and_nine_is_four() -> None:
    assert card_points(c("5s"), c("9h")) == 4


def test_tc_71_six_and_joker_is_nine_with_joker_as_three() -> None:
    assert card_points(c("6d"), JOKER_1) == 9
    assert joker_value(c("6d")) == 3


def test_tc_72_eight_and_four_is_two() -> None:
    assert card_points(c("8s"), c("4h")) == 2


@pytest.mark.parametrize(
    ("other", "used", "total"),
    [
        ("Ah", 6, 7),
        ("2h", 6, 8),
        ("3h", 6, 9),
        ("4h", 3, 7),
        ("5h", 3, 8),
        ("6h", 3, 9),
        ("7h", 6, 3),
        ("8h", 6, 4),
        ("9h", 6, 5),
        ("Th", 6, 6),
        ("Jh", 6, 6),
        ("Qh", 6, 6),
        ("Kh", 6, 6),
    ],
)
def test_r_spg_03_joker_point_table(other: str, used: int, total: int) -> None:
    assert joker_value(c(other)) == used
    assert card_points(JOKER_2, c(other)) == total
    assert card_points(c(other), JOKER_1) == total


def test_r_spg_03_point_values() -> None:
    assert [Card(r, "s").points for r in range(2, 15)] == [2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 1]
    with pytest.raises(ValueError):
        _ = JOKER_1.points


# --- R-SPG-02 / R-SPG-04: ranking ------------------------------------------------------------


def test_r_spg_02_pair_order_jokers_aces_kings_down_to_twos() -> None:
    order = ["Jk Jk", "As Ah", "Ks Kh", "Qs Qh", "Js Jh", "Ts Th"]
    order += [f"{r}s {r}h" for r in "98765432"]
    keys = [card_hand_key(*hand(t)) for t in order]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_r_spg_02_joker_pairs_only_with_the_other_joker() -> None:
    assert card_hand_key(JOKER_1, c("3s"))[0] == 0
    assert card_hand_key(JOKER_1, c("6s"))[0] == 0
    assert card_hand_key(JOKER_1, JOKER_2) > card_hand_key(c("As"), c("Ad"))


def test_r_spg_02_face_cards_order_and_place() -> None:
    kq, kj, qj = (card_hand_key(*hand(t)) for t in ("Ks Qh", "Kd Js", "Qc Jd"))
    lowest_pair = card_hand_key(*hand("2s 2h"))
    best_points = card_hand_key(*hand("9s Kh"))
    assert lowest_pair > kq > kj > qj > best_points
    assert card_hand_key(*hand("Ks Th"))[0] == 0  # a ten is not a face card


def test_tc_73_pair_of_sevens_outranks_king_queen() -> None:
    assert card_hand_key(*hand("7s 7h")) > card_hand_key(*hand("Ks Qs"))
    assert card_hand_key(*hand("7s 7h")) == card_hand_key(*hand("7d 7c"))


def test_tc_75_pair_of_jacks_beats_king_queen() -> None:
    assert not player_wins_card_hand(hand("Ks Qd"), hand("Jc Jd"), low_hand=False)
    assert player_wins_card_hand(hand("Jc Jd"), hand("Ks Qd"), low_hand=False)


def test_tc_76_r_spg_05_zero_low_hand_goes_to_the_dealer() -> None:
    player, dealer = hand("Ts Kd"), hand("Ac 9d")
    assert card_hand_key(*player) > card_hand_key(*dealer)  # K beats 9 on the tie-break
    assert not player_wins_card_hand(player, dealer, low_hand=True)
    assert player_wins_card_hand(player, dealer, low_hand=False)


def test_r_spg_05_applies_to_point_hands_only() -> None:
    assert player_wins_card_hand(hand("Ks Kd"), hand("Qs Qd"), low_hand=True)
    assert player_wins_card_hand(hand("Ks Qd"), hand("Qs Jd"), low_hand=True)


def test_tc_77_king_beats_ten_on_equal_nines() -> None:
    assert card_hand_key(*hand("9s Kd")) > card_hand_key(*hand("9h Tc"))


def test_tc_78_ace_is_lowest_in_tie_breaks() -> None:
    assert card_hand_key(*hand("As 8d")) > card_hand_key(*hand("2h 7c"))
    assert tiebreak_rank(c("As"), c("8d")) == 1


def test_tc_79_joker_counts_as_its_value_in_tie_breaks() -> None:
    assert card_hand_key(JOKER_1, c("6d")) == (0, 9, 6)
    assert card_hand_key(*hand("9s Th")) > card_hand_key(JOKER_1, c("6d"))


def test_tc_80_jokers_are_the_highest_pair() -> None:
    assert player_wins_card_hand((JOKER_1, JOKER_2), hand("As Ah"), low_hand=False)


def test_r_spg_04_exact_ties_go_to_the_dealer() -> None:
    assert card_hand_key(*hand("9s Kd")) == card_hand_key(*hand("9h Kc"))
    assert not player_wins_card_hand(hand("9s Kd"), hand("9h Kc"), low_hand=False)
    assert not player_wins_card_hand(hand("Ks Qd"), hand("Kh Qc"), low_hand=False)


def test_same_card_twice_is_rejected() -> None:
    with pytest.raises(ValueError):
        card_hand_key(c("As"), c("As"))


def _reference_key(a: Card, b: Card) -> tuple[int, ...]:
    """R-SPG-06 reference key, written from the rule text: a *smaller* key is better."""
    pair_order = ["Jk", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"]
    name = {card: ("Jk" if card.is_joker else str(card)[0]) for card in (a, b)}
    if name[a] == name[b]:
        return (0, pair_order.index(name[a]))
    faces = {frozenset("KQ"): 0, frozenset("KJ"): 1, frozenset("QJ"): 2}
    f = faces.get(frozenset((name[a], name[b])))
    if f is not None:
        return (1, f)
    value = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0} | {str(n): n for n in range(2, 10)}
    order = {"K": 13, "Q": 12, "J": 11, "T": 10, "A": 1} | {str(n): n for n in range(2, 10)}
    best: tuple[int, ...] | None = None
    for ja, jb in itertools.product((3, 6), repeat=2):  # try each joker count, keep the best
        va = ja if a.is_joker else value[name[a]]
        vb = jb if b.is_joker else value[name[b]]
        ra = ja if a.is_joker else order[name[a]]
        rb = jb if b.is_joker else order[name[b]]
        key = (2, -((va + vb) % 10), -max(ra, rb))
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def test_r_spg_06_every_two_card_hand_matches_the_reference_order() -> None:
    """All C(54,2) = 1,431 hands: same ordering and same ties as the R-SPG-06 reference key."""
    hands = list(itertools.combinations(DECK, 2))
    assert len(hands) == 1431
    ours = {h: card_hand_key(*h) for h in hands}
    ref = {h: _reference_key(*h) for h in hands}
    by_ours = sorted(hands, key=lambda h: ours[h], reverse=True)
    by_ref = sorted(hands, key=lambda h: ref[h])
    assert [ours[h] for h in by_ref] == [ours[h] for h in by_ours]
    for h1, h2 in itertools.pairwise(by_ref):
        assert (ref[h1] == ref[h2]) == (ours[h1] == ours[h2])
