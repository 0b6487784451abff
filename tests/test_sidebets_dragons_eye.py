"""Dragon's Eye (R-DE-02..10, AMB-12..14): settlement, exact returns, the dice bonus chain."""

from __future__ import annotations

from fractions import Fraction

import pytest

from paigow.errors import IllegalActionError
from paigow.games.tiles.dragons_eye import (
    ALL_DICE,
    DEWager,
    Dice,
    button_position,
    dice_bonus_chain,
    dice_bonus_pay,
    dice_bonus_return,
    dice_bonus_wager_value,
    is_triple,
    settle,
    settle_double,
    settle_even,
    settle_match,
    settle_odd,
    settle_triple,
    solve_linear,
    stationary_distribution,
    streak_distribution,
    streak_step,
    wager_return,
)

F = Fraction


def match_pays(dice: Dice) -> dict[int, int]:
    """Winning match positions and their pays."""
    return {p: settle_match(dice, p) for p in range(1, 8) if settle_match(dice, p) > 0}


# --- TC-49..53 --------------------------------------------------------------------------------


def test_tc_49_match_one_each() -> None:
    assert match_pays((1, 2, 3)) == {1: 1, 2: 1, 3: 1}


def test_tc_50_match_two_and_one() -> None:
    assert match_pays((3, 3, 4)) == {3: 2, 4: 1}


def test_tc_51_match_three() -> None:
    assert match_pays((5, 5, 5)) == {5: 3}


def test_tc_52_triple_five() -> None:
    dice = (5, 5, 5)
    assert settle_odd(dice) == -1
    assert settle_even(dice) == -1
    assert settle_double(dice) == 4  # AMB-13b
    assert settle_triple(dice) == 30
    assert settle_match(dice, 5) == 3
    assert streak_step(0, dice) == (1, 1)
    assert dice_bonus_pay(1, shaker=False) == 25  # the dealer shook (AMB-12)
    assert button_position(dice) == 5


def test_tc_53_even_and_double() -> None:
    dice = (2, 6, 6)
    assert settle_even(dice) == 1
    assert settle_odd(dice) == -1
    assert settle_double(dice) == 4
    assert settle_triple(dice) == -1
    assert match_pays(dice) == {2: 1, 6: 2}
    assert streak_step(2, dice) == (0, 0)


def test_tc_54_streak_of_three_then_a_loss() -> None:
    """R1 dealer-shaken triple 25:1; R2 X shakes 500:1 / others 50:1; R3 Y 10,000 / 1,000."""
    streak, paid = 0, []
    for dice in ((4, 4, 4), (2, 2, 2), (6, 6, 6), (1, 2, 3)):
        tier, streak = streak_step(streak, dice)
        paid.append(tier)
    assert paid == [1, 2, 3, 0]
    assert streak == 0
    assert dice_bonus_pay(1, shaker=False) == 25
    assert (dice_bonus_pay(2, shaker=True), dice_bonus_pay(2, shaker=False)) == (500, 50)
    assert (dice_bonus_pay(3, shaker=True), dice_bonus_pay(3, shaker=False)) == (10_000, 1_000)
    # AMB-14 (iv): after three triples the next triple is a first triple again.
    assert streak_step(0, (3, 3, 3)) == (1, 1)


def test_r_de_06_07_odd_even_by_de_die_only() -> None:
    assert settle_odd((3, 4, 6)) == 1
    assert settle_even((3, 4, 6)) == -1
    assert settle_even((4, 3, 3)) == 1  # the other dice do not matter
    assert settle_odd((2, 2, 2)) == -1
    assert settle_even((2, 2, 2)) == -1


def test_amb_13a_position_7_never_matches() -> None:
    assert all(settle_match(d, 7) == -1 for d in ALL_DICE)
    assert wager_return(DEWager.MATCH, 7) == -1


def test_invalid_inputs() -> None:
    with pytest.raises(IllegalActionError):
        settle_match((1, 2, 3), 8)
    with pytest.raises(IllegalActionError):
        settle_match((1, 2, 3), 0)
    with pytest.raises(IllegalActionError):
        is_triple((0, 1, 1))
    with pytest.raises(IllegalActionError):
        settle(DEWager.MATCH, (1, 1, 1))
    with pytest.raises(IllegalActionError):
        dice_bonus_pay(4, shaker=True)
    with pytest.raises(IllegalActionError):
        streak_step(3, (1, 1, 1))


# --- Exact single-roll returns ----------------------------------------------------------------


def test_all_dice_are_the_216_outcomes() -> None:
    assert len(ALL_DICE) == 216 == len(set(ALL_DICE))
    assert sum(1 for d in ALL_DICE if is_triple(d)) == 6


@pytest.mark.parametrize(
    ("wager", "expected"),
    [
        (DEWager.ODD, F(-1, 36)),
        (DEWager.EVEN, F(-1, 36)),
        (DEWager.DOUBLE, F(-1, 6)),
        (DEWager.TRIPLE, F(-5, 36)),
    ],
)
def test_r_de_single_roll_returns(wager: DEWager, expected: Fraction) -> None:
    assert wager_return(wager) == expected


@pytest.mark.parametrize("position", range(1, 7))
def test_r_de_05_match_return(position: int) -> None:
    # Binomial(3, 1/6): 75 ways one die, 15 two dice, 1 three dice, 125 none.
    assert wager_return(DEWager.MATCH, position) == F(75 * 1 + 15 * 2 + 1 * 3 - 125, 216)
    assert wager_return(DEWager.MATCH, position) == F(-17, 216)


# --- Dice bonus chain (R-DE-10, AMB-12, AMB-14) -----------------------------------------------


def test_linear_algebra_helpers() -> None:
    assert solve_linear([[F(2), F(1)], [F(1), F(3)]], [F(3), F(5)]) == [F(4, 5), F(7, 5)]
    with pytest.raises(ValueError):
        solve_linear([[F(1), F(2)], [F(2), F(4)]], [F(1), F(2)])
    assert stationary_distribution([[F(1, 2), F(1, 2)], [F(1, 4), F(3, 4)]]) == [F(1, 3), F(2, 3)]


@pytest.mark.parametrize("shakes", [False, True])
def test_chain_is_stochastic_and_stationary(shakes: bool) -> None:
    chain = dice_bonus_chain(shakes)
    assert all(sum(row) == 1 for row in chain.transition)
    pi = list(streak_distribution(shakes).values())
    n = len(pi)
    assert sum(pi) == 1
    assert [sum(pi[i] * chain.transition[i][j] for i in range(n)) for j in range(n)] == pi


def test_streak_distribution() -> None:
    """The streak before a roll: 0, 1, 2 with probabilities 1296, 36, 1 over 1333."""
    for shakes in (False, True):
        dist = streak_distribution(shakes)
        by_streak = [sum(p for (s, _), p in dist.items() if s == k) for k in range(3)]
        assert by_streak == [F(1296, 1333), F(36, 1333), F(1, 1333)]
    assert all(p == 0 for (_, sh), p in streak_distribution(False).items() if sh)


def test_non_shaker_return() -> None:
    """Non-shaker pays 25/50/1,000 on streak tiers 1/2/3; closed form from the streak law."""
    p, pi = F(1, 36), [F(1296, 1333), F(36, 1333), F(1, 1333)]
    closed = p * (25 * pi[0] + 50 * pi[1] + 1000 * pi[2]) - (1 - p)
    assert dice_bonus_return(False) == closed == F(-11455, 47988)


def test_shaker_return() -> None:
    """A seat 1..6 player shakes the round after a triple showing the seat number (p = 1/6).

    At streak 1 or 2 the previous roll was a triple, so the player shakes with probability 1/6;
    at streak 0 only when the previous roll was a third triple (AMB-14 iv): the dealer shakes
    every other first triple (AMB-12).
    """
    p, pi = F(1, 36), [F(1296, 1333), F(36, 1333), F(1, 1333)]
    q0 = (pi[2] * p / pi[0]) / 6
    tier1 = (1 - q0) * 25 + q0 * 30
    tier2 = F(5, 6) * 50 + F(1, 6) * 500
    tier3 = F(5, 6) * 1000 + F(1, 6) * 10_000
    closed = p * (pi[0] * tier1 + pi[1] * tier2 + pi[2] * tier3) - (1 - p)
    assert dice_bonus_return(True) == closed == F(-1567075, 10365408)
    assert dice_bonus_return(True) > dice_bonus_return(False)


@pytest.mark.parametrize("shakes", [False, True])
def test_wager_value_over_its_life_matches_the_per_round_return(shakes: bool) -> None:
    """Renewal check: value of one placed unit / expected life (36/35 rounds) = per-round."""
    assert dice_bonus_wager_value(shakes) / F(36, 35) == dice_bonus_return(shakes)
    assert dice_bonus_wager_value(False) == F(-2291, 9331)


def test_single_round_bet_would_return_minus_27_8_percent() -> None:
    # Without keeping the wager every triple is a dealer-shaken first triple.
    assert F(1, 36) * 25 - F(35, 36) == F(-5, 18)
    assert dice_bonus_return(False) > F(-5, 18)
