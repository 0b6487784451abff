"""Settlement arithmetic (R-SETTLE-02..08, R-SURR-01, R-BANK-12..14, R-LC-09, AMB-71, AMB-82..86).

Worked cases TC-31..36 and TC-62..64, TC-68 exactly, and invalid input refused. The property
tests (applied to a ledger, the transfers conserve every cent, empty ``layout``/``centre``/``bank``
and settle every wager exactly once) are in tests/test_money_properties.py.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from money_ledger import FIVE, LOSE, PUSH, WIN, play
from paigow.errors import IllegalActionError
from paigow.games.outcomes import Outcome
from paigow.table.ledger import Transfer
from paigow.table.money import (
    DEALER_REF,
    SpotResult,
    WagerResult,
    pro_rata,
    settle_co_bank,
    settle_house_banked,
    settle_player_bank,
    settle_player_dealer,
    vig,
)


def w(
    name: str, dollars: float, outcome: Outcome | None, *, surrendered: bool = False
) -> WagerResult:
    """A wager of ``dollars`` by ``player:NAME`` with ref NAME."""
    return WagerResult(name, f"player:{name}", round(dollars * 100), outcome, surrendered)


# --- vig: R-SETTLE-07/08, AMB-85, TC-31 -----------------------------------------------------

TC31 = [  # win, unrounded 5 % (cent-up), rounded to 25 cents (quarter-up)
    (100, 5, 25),
    (500, 25, 25),
    (1000, 50, 50),
    (1200, 60, 75),
    (2100, 105, 125),
    (3500, 175, 175),
    (10000, 500, 500),
    (100100, 5005, 5025),
]


@pytest.mark.parametrize(("won", "cent_up", "quarter_up"), TC31)
def test_tc_31_vig_both_roundings(won: int, cent_up: int, quarter_up: int) -> None:
    """TC-31: 5 % of the amount won, unrounded (to the cent) and rounded up to 25 cents."""
    assert vig(won, FIVE, "cent-up") == cent_up
    assert vig(won, FIVE, "quarter-up") == quarter_up


@given(st.integers(0, 10**8))
def test_r_settle_08_quarter_formula(won: int) -> None:
    """R-SETTLE-08: rounded vig = 25 * ceil(w / 500); unrounded = ceil(w / 20) (AMB-85)."""
    assert vig(won, FIVE, "quarter-up") == 25 * -(-won // 500)
    assert vig(won, FIVE, "cent-up") == -(-won // 20)


def test_amb_85_minimum_and_zero() -> None:
    """AMB-85: any win above 0 pays at least 25 cents rounded; 0 won or rate 0 pays nothing."""
    assert vig(1, FIVE, "quarter-up") == 25
    assert vig(1, FIVE, "cent-up") == 1
    assert vig(0, FIVE, "quarter-up") == 0
    assert vig(10000, Fraction(0), "quarter-up") == 0


@pytest.mark.parametrize(
    ("won", "rate", "rounding"),
    [
        (-1, FIVE, "cent-up"),
        (100, FIVE, "dollar-up"),
        (100, Fraction(-1, 20), "cent-up"),
        (100, Fraction(3, 2), "cent-up"),
        (True, FIVE, "cent-up"),
        (1.5, FIVE, "cent-up"),
    ],
)
def test_vig_rejects_bad_input(won: int, rate: Fraction, rounding: str) -> None:
    """R-SETTLE-08: money is whole non-negative cents, the rate lies in [0, 1], two roundings."""
    with pytest.raises(IllegalActionError):
        vig(won, rate, rounding)


# --- house-banked: R-SETTLE-02..08, R-SURR-01, TC-32 ------------------------------------------


def test_tc_32_surrender_collects_whole_wager() -> None:
    """TC-32 / R-SURR-01: a surrendered $25 wager goes to the house, no vig, nothing else."""
    r = [w("a", 25, None, surrendered=True)]
    ts = settle_house_banked(r, rate=FIVE, rounding="quarter-up")
    assert ts == [Transfer("layout", "house", 2500, "surrender", "a")]
    assert play(r, ts) == {"player:a": -2500, "house": 2500}


def test_r_settle_02_to_07_house_banked_round() -> None:
    """R-SETTLE-02..07: lose to the tray, push back, win 1:1 less vig; winners paid last
    (R-SETTLE-06), in order, each paying vig when paid (R-SETTLE-08)."""
    r = [w("a", 12, WIN), w("b", 50, LOSE), w("c", 30, PUSH), w("d", 21, WIN)]
    ts = settle_house_banked(r, rate=FIVE, rounding="quarter-up")
    assert ts == [
        Transfer("layout", "house", 5000, "lose", "b"),
        Transfer("layout", "player:c", 3000, "push", "c"),
        Transfer("layout", "player:a", 1200, "stake", "a"),
        Transfer("house", "player:a", 1200, "win", "a"),
        Transfer("player:a", "house", 75, "vig", "a"),
        Transfer("layout", "player:d", 2100, "stake", "d"),
        Transfer("house", "player:d", 2100, "win", "d"),
        Transfer("player:d", "house", 125, "vig", "d"),
    ]
    assert play(r, ts) == {"player:a": 1125, "player:b": -5000, "player:d": 1975, "house": 1900}


# --- player bank: R-BANK-12/13, AMB-82..84, TC-33/34 ------------------------------------------


@pytest.mark.parametrize("rounding", ["cent-up", "quarter-up"])
def test_tc_33_player_bank_surplus(rounding: str) -> None:
    """TC-33 / R-BANK-13: centre $350, pay $140, surplus $210 less $10.50 vig = $199.50 to the
    bank; players' vig $5 + $2; the house nets -$82.50 having lost the dealer's $100."""
    r = [w("p1", 100, WIN), w("p2", 50, LOSE), w("p4", 200, LOSE), w("p5", 80, PUSH)]
    r.append(w("p6", 40, WIN))
    ts = settle_player_bank(
        r, bank="player:bank", dealer_wager=(10000, LOSE), rate=FIVE, rounding=rounding
    )
    assert ts[0] == Transfer("layout", "centre", 10000, "lose", DEALER_REF)
    assert ts[-2:] == [
        Transfer("centre", "house", 1050, "surplus-vig"),
        Transfer("centre", "player:bank", 19950, "surplus"),
    ]
    net = play(r, ts, dealer=10000)
    assert net == {
        "player:bank": 19950,
        "player:p1": 9500,
        "player:p2": -5000,
        "player:p4": -20000,
        "player:p6": 3800,
        "house": -8250,
    }


def test_tc_34_player_bank_shortfall_and_dealer_win() -> None:
    """TC-34 / R-BANK-12/13, AMB-83: centre $50 is short of $400, the bank adds $350; the
    dealer's $100 win and stake go to the tray without vig; P1 pays $15 vig."""
    r = [w("p1", 300, WIN), w("p2", 50, LOSE)]
    ts = settle_player_bank(
        r, bank="player:bank", dealer_wager=(10000, WIN), rate=FIVE, rounding="quarter-up"
    )
    assert ts == [
        Transfer("layout", "centre", 5000, "lose", "p2"),
        Transfer("player:bank", "centre", 35000, "shortfall"),
        Transfer("centre", "house", 10000, "win", DEALER_REF),
        Transfer("layout", "house", 10000, "stake", DEALER_REF),
        Transfer("layout", "player:p1", 30000, "stake", "p1"),
        Transfer("centre", "player:p1", 30000, "win", "p1"),
        Transfer("player:p1", "house", 1500, "vig", "p1"),
    ]
    net = play(r, ts, dealer=10000)
    assert net == {"player:bank": -35000, "player:p1": 28500, "player:p2": -5000, "house": 11500}


def test_r_bank_12_dealer_push_and_amb_84_surrender() -> None:
    """R-BANK-12: a pushed dealer's wager returns to the tray. AMB-84: a surrender in a bank
    round goes to the centre like a losing wager. Without surplus vig the bank takes it all."""
    r = [w("a", 25, None, surrendered=True)]
    ts = settle_player_bank(
        r,
        bank="player:bank",
        dealer_wager=(5000, PUSH),
        rate=FIVE,
        rounding="quarter-up",
        surplus_vig=False,
    )
    assert ts == [
        Transfer("layout", "house", 5000, "push", DEALER_REF),
        Transfer("layout", "centre", 2500, "surrender", "a"),
        Transfer("centre", "player:bank", 2500, "surplus"),
    ]


def test_amb_82_surplus_vig_rounded_and_capped() -> None:
    """AMB-82: the surplus vig uses the same rounding; it never exceeds the surplus."""

    def bank(*wagers: WagerResult) -> list[Transfer]:
        return settle_player_bank(
            wagers, bank="player:bank", dealer_wager=None, rate=FIVE, rounding="quarter-up"
        )

    assert bank(w("a", 12, LOSE))[-2:] == [
        Transfer("centre", "house", 75, "surplus-vig"),
        Transfer("centre", "player:bank", 1125, "surplus"),
    ]
    assert bank(WagerResult("a", "player:a", 10, LOSE))[-1:] == [
        Transfer("centre", "house", 10, "surplus-vig")
    ]


# --- co-bank: R-BANK-14, AMB-86, TC-35/36 -----------------------------------------------------


@pytest.mark.parametrize("rounding", ["cent-up", "quarter-up"])
def test_tc_35_co_bank_surplus(rounding: str) -> None:
    """TC-35 / R-BANK-14: surplus $60: $30 to the tray, vig $1.50 to the tray, $28.50 to the
    co-bank; P3 pays $3 vig."""
    r = [w("p1", 100, LOSE), w("p3", 60, WIN), w("p4", 20, LOSE)]
    ts = settle_co_bank(r, bank="player:bank", rate=FIVE, rounding=rounding)
    assert ts[-3:] == [
        Transfer("centre", "house", 3000, "surplus-half"),
        Transfer("centre", "house", 150, "surplus-vig"),
        Transfer("centre", "player:bank", 2850, "surplus"),
    ]
    net = play(r, ts)
    assert net == {
        "player:bank": 2850,
        "player:p1": -10000,
        "player:p3": 5700,
        "player:p4": -2000,
        "house": 3450,
    }


def test_tc_36_co_bank_shortfall() -> None:
    """TC-36 / R-BANK-14: shortfall $40: the co-bank pays $20 and the tray $20; P1 pays $5."""
    r = [w("p1", 100, WIN), w("p3", 60, LOSE)]
    ts = settle_co_bank(r, bank="player:bank", rate=FIVE, rounding="quarter-up")
    assert ts[:3] == [
        Transfer("layout", "centre", 6000, "lose", "p3"),
        Transfer("player:bank", "centre", 2000, "shortfall"),
        Transfer("house", "centre", 2000, "shortfall"),
    ]
    assert play(r, ts) == {
        "player:bank": -2000,
        "player:p1": 9500,
        "player:p3": -6000,
        "house": -1500,
    }


def test_amb_86_odd_cent() -> None:
    """AMB-86: by default the house receives the odd cent of a surplus and pays the odd cent of
    a shortfall; with ``odd_cent="co-bank"`` the co-bank does."""

    def co(outcome: Outcome, odd_cent: str) -> list[Transfer]:
        return settle_co_bank(
            [w("a", 100.01, outcome)],
            bank="player:bank",
            rate=FIVE,
            rounding="cent-up",
            odd_cent=odd_cent,
        )

    assert co(LOSE, "house")[1:] == [
        Transfer("centre", "house", 5001, "surplus-half"),
        Transfer("centre", "house", 250, "surplus-vig"),
        Transfer("centre", "player:bank", 4750, "surplus"),
    ]
    assert co(LOSE, "co-bank")[1:] == [
        Transfer("centre", "house", 5000, "surplus-half"),
        Transfer("centre", "house", 251, "surplus-vig"),  # 5 % of 5001 cents, up to the cent
        Transfer("centre", "player:bank", 4750, "surplus"),
    ]
    assert co(WIN, "house")[:2] == [
        Transfer("player:bank", "centre", 5000, "shortfall"),
        Transfer("house", "centre", 5001, "shortfall"),
    ]
    assert co(WIN, "co-bank")[:2] == [
        Transfer("player:bank", "centre", 5001, "shortfall"),
        Transfer("house", "centre", 5000, "shortfall"),
    ]


# --- Player-Dealer: R-LC-09, AMB-71, TC-62..64, TC-68 -----------------------------------------


def spot(name: str, dollars: float, outcome: Outcome) -> SpotResult:
    return SpotResult(name, outcome, (w(name, dollars, outcome),))


def test_tc_62_lc_action_example() -> None:
    """TC-62 / ¶55: $60 loses (PD gets $60 + its own $60 out of action), $40 wins (player gets
    $40 + $40); $100 used, $100 left and returned."""
    spots = [spot("a", 60, LOSE), spot("b", 40, WIN)]
    ts, used = settle_player_dealer(spots, pd="player:pd", pd_stake=20000)
    assert ts == [
        Transfer("layout", "player:pd", 6000, "lose", "a"),
        Transfer("bank", "player:pd", 6000, "out-of-action", "a"),
        Transfer("layout", "player:b", 4000, "stake", "b"),
        Transfer("bank", "player:b", 4000, "win", "b"),
        Transfer("bank", "player:pd", 10000, "unused"),
    ]
    assert used == 10000


def test_tc_63_lc_action_exhausted() -> None:
    """TC-63 / AMB-71(b): $150 wins against $100 left (paid $100, $150 back); $20 gets no
    action; the PD nets -$80."""
    spots = [spot("a", 60, LOSE), spot("b", 40, WIN), spot("c", 150, WIN), spot("d", 20, LOSE)]
    ts, used = settle_player_dealer(spots, pd="player:pd", pd_stake=20000)
    assert ts[4:] == [
        Transfer("layout", "player:c", 15000, "stake", "c"),
        Transfer("bank", "player:c", 10000, "win", "c"),
        Transfer("layout", "player:d", 2000, "no-action", "d"),
    ]
    assert used == 20000
    net = play([x for s in spots for x in s.wagers], ts, pd=("player:pd", 20000))
    assert net == {"player:a": -6000, "player:b": 4000, "player:c": 10000, "player:pd": -8000}


def test_tc_64_lc_push_uses_no_action() -> None:
    """TC-64 / AMB-71(a): a push uses no action; $20 loses; $80 returns to the PD."""
    spots = [spot("a", 60, LOSE), spot("b", 40, WIN), spot("c", 150, PUSH), spot("d", 20, LOSE)]
    ts, used = settle_player_dealer(spots, pd="player:pd", pd_stake=20000)
    assert ts[4:] == [
        Transfer("layout", "player:c", 15000, "push", "c"),
        Transfer("layout", "player:pd", 2000, "lose", "d"),
        Transfer("bank", "player:pd", 2000, "out-of-action", "d"),
        Transfer("bank", "player:pd", 8000, "unused"),
    ]
    assert used == 12000
    net = play([x for s in spots for x in s.wagers], ts, pd=("player:pd", 20000))
    assert net == {"player:a": -6000, "player:b": 4000, "player:d": -2000, "player:pd": 4000}


def test_r_wager_07_kum_kum_pro_rata_and_tc_68_split_result() -> None:
    """R-WAGER-07, AMB-71(c), TC-68: A $300 and B $100 share a spot with $200 of action left
    ($150 / $50). A plays as set and loses; B's hand, reset House Way, wins."""
    s = SpotResult("3", LOSE, (w("a", 300, LOSE), w("b", 100, WIN)))
    ts, used = settle_player_dealer([s], pd="player:pd", pd_stake=20000)
    assert ts == [
        Transfer("layout", "player:pd", 15000, "lose", "a"),
        Transfer("bank", "player:pd", 15000, "out-of-action", "a"),
        Transfer("layout", "player:a", 15000, "no-action", "a"),
        Transfer("layout", "player:b", 10000, "stake", "b"),
        Transfer("bank", "player:b", 5000, "win", "b"),
    ]
    assert used == 20000


def test_amb_71_pro_rata_remainder_rule() -> None:
    """AMB-71(c): floor shares, leftover cents to the largest remainders, ties to the earlier."""
    assert pro_rata(100, [1, 1, 1]) == [34, 33, 33]
    assert pro_rata(5, [1, 2, 1]) == [1, 3, 1]
    assert pro_rata(7, [2, 3, 5]) == [1, 2, 4]  # 1.4, 2.1, 3.5: the 3.5 gets the cent
    assert pro_rata(0, [5, 5]) == [0, 0]


def test_amb_71_kum_kum_push_share_stays_in_action() -> None:
    """AMB-71(a)+(c): a pushing bettor's share of a shared spot uses no action."""
    spots = [SpotResult("1", PUSH, (w("a", 50, PUSH), w("b", 50, LOSE))), spot("c", 100, WIN)]
    ts, used = settle_player_dealer(spots, pd="player:pd", pd_stake=10000)
    assert Transfer("bank", "player:c", 5000, "win", "c") in ts
    assert used == 10000


# --- invalid input ----------------------------------------------------------------------------


def test_invalid_wagers_rejected() -> None:
    """Negative or zero amounts, non-player accounts and missing outcomes are refused."""
    for args in [
        ("a", "player:a", -5, WIN),
        ("a", "player:a", 0, WIN),
        ("a", "house", 5, WIN),
        ("", "player:a", 5, WIN),
        ("a", "player:a", 5, None),
    ]:
        with pytest.raises(IllegalActionError):
            WagerResult(*args)
    with pytest.raises(IllegalActionError, match="surrendered"):
        WagerResult("a", "player:a", 5, WIN, surrendered=True)


def test_invalid_rounds_rejected() -> None:
    """Duplicate refs, a bank betting on itself, bad dealer's wagers, odd-cent rules and LC
    surrenders (R-LC-15) are refused with IllegalActionError."""
    dup = [w("a", 5, WIN), w("a", 6, LOSE)]
    with pytest.raises(IllegalActionError, match="duplicate"):
        settle_house_banked(dup, rate=FIVE, rounding="cent-up")
    with pytest.raises(IllegalActionError, match="banks"):
        settle_player_bank(
            [w("bank", 5, WIN)],
            bank="player:bank",
            dealer_wager=None,
            rate=FIVE,
            rounding="cent-up",
        )
    for dw in [(-100, WIN), (100, None), (0, LOSE)]:
        with pytest.raises(IllegalActionError):
            settle_player_bank(
                [],
                bank="player:bank",
                dealer_wager=dw,  # type: ignore[arg-type]
                rate=FIVE,
                rounding="cent-up",
            )
    with pytest.raises(IllegalActionError, match="odd_cent"):
        settle_co_bank([], bank="player:bank", rate=FIVE, rounding="cent-up", odd_cent="half")
    with pytest.raises(IllegalActionError, match="R-LC-15"):
        SpotResult("1", LOSE, (w("a", 5, None, surrendered=True),))
    with pytest.raises(IllegalActionError):
        settle_player_dealer([spot("a", 5, WIN)], pd="player:pd", pd_stake=-1)
    with pytest.raises(IllegalActionError, match="twice"):
        settle_player_dealer([spot("a", 5, WIN), spot("a", 5, WIN)], pd="player:pd", pd_stake=9)
    with pytest.raises(IllegalActionError, match="banks"):
        settle_player_dealer([spot("pd", 5, WIN)], pd="player:pd", pd_stake=9)
