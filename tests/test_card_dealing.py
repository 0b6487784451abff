"""Supreme Pai Gow deliveries: R-SPG-10..13, R-SPG-24, AMB-48, TC-03/04, TC-07..09, TC-81..83."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.errors import IllegalActionError
from paigow.games.cards.cards import DECK, Card
from paigow.games.cards.delivery import (
    RING,
    bank_stack_order,
    button_position,
    clockwise_order,
    deal_hand_stacks,
    deal_manual_shoe,
    deliver_automated_shoe,
    deliver_bank_hand_stacks,
    deliver_hand_stacks,
    manual_shoe_sequence,
)
from paigow.games.dice import count_start

NUMBERED = list(range(1, 55))  # cards numbered from the top of the deck

# --- R-SPG-10 starting position --------------------------------------------------------------


def test_tc03_tc04_dice_examples_of_the_text() -> None:
    """TC-03 / TC-04 (R-SPG-10(b)): total 8 → the dealer; total 14 → the sixth position."""
    assert count_start(RING, 8, "dealer") == "dealer"
    assert count_start(RING, 14, "dealer") == "6"


def test_tc07_dice_totals_on_the_ring_of_seven() -> None:
    """TC-07 (R-SPG-10(b)): totals 3..18 counted counterclockwise, the dealer as one."""
    d = "dealer"
    expected = ["2", "3", "4", "5", "6", d, "1", "2", "3", "4", "5", "6", d, "1", "2", "3"]
    assert [count_start(RING, t, "dealer") for t in range(3, 19)] == expected


def test_tc08_rng_one_to_seven() -> None:
    """TC-08 (R-SPG-10(c)): RNG 1 / 2 / 7 → dealer / position 1 / position 6."""
    assert [count_start(RING, n, "dealer") for n in (1, 2, 7)] == ["dealer", "1", "6"]
    assert [count_start(RING, n, "dealer") for n in range(1, 8)] == list(RING)


def test_tc09_bank_round_counts_from_the_bank() -> None:
    """TC-09 (R-SPG-24): bank at position 2, dice 10 → position 4."""
    assert count_start(RING, 10, "2") == "4"


# --- R-SPG-11 manual shoe --------------------------------------------------------------------


def test_tc81_manual_shoe_deals_clockwise_card_by_card() -> None:
    """TC-81 (R-SPG-11): dice 10 → start 2; cards to 2, 1, D, 6, 5, 4, 3, 2, ...; 28 cards."""
    start = count_start(RING, 10, "dealer")
    assert start == "2"
    sequence = manual_shoe_sequence(RING, start)
    assert sequence[:8] == ["2", "1", "dealer", "6", "5", "4", "3", "2"]
    assert len(sequence) == 28
    hands = deal_manual_shoe(NUMBERED, RING, start)
    assert list(hands) == ["2", "1", "dealer", "6", "5", "4", "3"]
    assert hands["2"] == (1, 8, 15, 22)
    assert hands["3"] == (7, 14, 21, 28)


@pytest.mark.parametrize("start", RING)
def test_r_spg_11_card_k_goes_to_the_formula_position(start: str) -> None:
    """R-SPG-11: card k (0-based) goes to R[(i_start - (k mod 7)) mod 7]."""
    i = RING.index(start)
    assert manual_shoe_sequence(RING, start) == [RING[(i - k % 7) % 7] for k in range(28)]


# --- R-SPG-12 hand-dealt stacks --------------------------------------------------------------


def test_tc82_hand_dealt_stacks() -> None:
    """TC-82 (R-SPG-12): seven cards left to right, seven right to left, alternating."""
    stacks = deal_hand_stacks(NUMBERED)
    assert [set(s) for s in stacks] == [
        {7, 8, 21, 22},
        {6, 9, 20, 23},
        {5, 10, 19, 24},
        {4, 11, 18, 25},
        {3, 12, 17, 26},
        {2, 13, 16, 27},
        {1, 14, 15, 28},
    ]
    assert stacks[0] == (7, 8, 21, 22)  # in the order dealt


def test_tc82_stack_one_to_the_start_then_counterclockwise() -> None:
    """TC-82 (R-SPG-12, §34.9(f)): stack 1 (far right) → the start, stack 2 → next ccw, ..."""
    stacks = deal_hand_stacks(NUMBERED)
    hands = deliver_hand_stacks(stacks, RING, "5")
    assert list(hands) == ["5", "6", "dealer", "1", "2", "3", "4"]
    assert [hands[p] for p in hands] == stacks


# --- R-SPG-13 automated shoe -----------------------------------------------------------------


def test_r_spg_13_automated_shoe_delivers_clockwise() -> None:
    """R-SPG-13 (§34.10(d)): the first dispensed stack → the start, then clockwise."""
    stacks = [(n, n, n, n) for n in range(1, 8)]
    hands = deliver_automated_shoe(stacks, RING, "2")
    assert list(hands) == ["2", "1", "dealer", "6", "5", "4", "3"]
    assert [h[0] for h in hands.values()] == [1, 2, 3, 4, 5, 6, 7]


def test_clockwise_order() -> None:
    """AMB-48: clockwise is the reverse of the counterclockwise ring, from the start."""
    assert clockwise_order(RING, "dealer") == ["dealer", "6", "5", "4", "3", "2", "1"]
    assert clockwise_order(RING, "3") == ["3", "2", "1", "dealer", "6", "5", "4"]


# --- R-SPG-24 bank round dealt by hand -------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "order"),
    [
        (1, [1, 7, 6, 5, 4, 3, 2]),  # no stack to the right: far left, then rightward
        (4, [4, 3, 2, 1, 7, 6, 5]),
        (7, [7, 6, 5, 4, 3, 2, 1]),
    ],
)
def test_r_spg_24_bank_stack_order(first: int, order: list[int]) -> None:
    """R-SPG-24 / AMB-48 (§34.13(i)5): f, f-1 .. 1, then 7 .. f+1."""
    assert bank_stack_order(first) == order


def test_r_spg_24_bank_round_positions_clockwise_from_the_start() -> None:
    """R-SPG-24 / AMB-48: the bank's stack → the start (bank = one), the rest clockwise."""
    stacks = [(n, n, n, n) for n in range(1, 8)]
    start = count_start(RING, 10, "2")  # TC-09: position 4
    hands = deliver_bank_hand_stacks(stacks, 4, RING, start)
    assert list(hands) == ["4", "3", "2", "1", "dealer", "6", "5"]
    assert [h[0] for h in hands.values()] == [4, 3, 2, 1, 7, 6, 5]


# --- R-SPG-10(d) button ----------------------------------------------------------------------


def test_tc83_button_starts_at_the_dealer_and_moves_clockwise() -> None:
    """TC-83 (R-SPG-10(d)): rounds 1, 2, 3 → dealer, 6, 5; round 8 is back at the dealer."""
    assert [button_position(RING, r) for r in (1, 2, 3)] == ["dealer", "6", "5"]
    assert [button_position(RING, r) for r in range(1, 9)] == [
        *("dealer", "6", "5", "4", "3", "2", "1", "dealer")
    ]
    assert button_position(["1", "dealer", "2"], 2, dealer="dealer") == "1"


# --- invariants: 28 cards, 4 per position, each once -----------------------------------------

Deal = Callable[[list[Card], str], dict[str, tuple[Card, Card, Card, Card]]]


def _bank_hand(first: int) -> Deal:
    def deal(cards: list[Card], start: str) -> dict[str, tuple[Card, Card, Card, Card]]:
        return deliver_bank_hand_stacks(deal_hand_stacks(cards), first, RING, start)

    return deal


METHODS: dict[str, Deal] = {
    "manual shoe": lambda cards, start: deal_manual_shoe(cards, RING, start),
    "hand": lambda cards, start: deliver_hand_stacks(deal_hand_stacks(cards), RING, start),
    "automated shoe": lambda cards, start: deliver_automated_shoe(
        [tuple(cards[i : i + 4]) for i in range(0, 28, 4)], RING, start
    ),
    **{f"bank hand, first stack {f}": _bank_hand(f) for f in range(1, 8)},
}


@settings(max_examples=30, deadline=None)
@given(st.permutations(DECK), st.sampled_from(RING))
def test_every_method_deals_28_cards_4_per_position_each_once(deck: list[Card], start: str) -> None:
    """R-SPG-01, R-SPG-11..13, R-SPG-24: 7 hands of 4 from the first 28 cards; stub of 26."""
    for name, deal in METHODS.items():
        hands = deal(deck, start)
        assert set(hands) == set(RING), name
        assert next(iter(hands)) == start, name
        assert all(len(hand) == 4 for hand in hands.values()), name
        dealt = [card for hand in hands.values() for card in hand]
        assert len(dealt) == 28 == len(set(dealt)), name
        assert set(dealt) == set(deck[:28]), name


def test_errors_are_clear() -> None:
    """Bad input is refused with IllegalActionError."""
    with pytest.raises(IllegalActionError, match="needs 28 cards, got 27"):
        deal_manual_shoe(NUMBERED[:27], RING, "1")
    with pytest.raises(IllegalActionError, match="needs 28 cards"):
        deal_hand_stacks(NUMBERED[:20])
    with pytest.raises(IllegalActionError, match="at least one stack"):
        deal_hand_stacks(NUMBERED, 0)
    with pytest.raises(IllegalActionError, match="7 positions, 6 stacks"):
        deliver_hand_stacks(deal_hand_stacks(NUMBERED)[:6], RING, "1")
    with pytest.raises(IllegalActionError, match="stack 2 must hold 4"):
        deliver_automated_shoe([(1, 1, 1, 1), (2, 2), *[(3, 3, 3, 3)] * 5], RING, "1")
    with pytest.raises(IllegalActionError, match=r"stack 1\.\.7, got 8"):
        bank_stack_order(8)
    with pytest.raises(IllegalActionError, match="not a position"):
        manual_shoe_sequence(RING, "7")
    with pytest.raises(IllegalActionError, match="numbered from 1"):
        button_position(RING, 0)
    with pytest.raises(IllegalActionError, match="no positions"):
        button_position([], 1)
