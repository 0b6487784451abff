"""Settlement arithmetic as properties (R-SETTLE-02..08, R-BANK-12..14, R-LC-09, ¶16, AMB-71,
AMB-86): applied to a ledger (tests/money_ledger.py), the transfers of any round conserve every
cent, empty ``layout``/``centre``/``bank`` and settle every wager exactly once; the bank's net,
the co-bank's share of a shortfall and the Player-Dealer's action are as the rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from money_ledger import FIVE, LOSE, PUSH, WIN, play
from paigow.games.outcomes import Outcome
from paigow.table.ledger import Transfer
from paigow.table.money import (
    DEALER_REF,
    SpotResult,
    WagerResult,
    settle_co_bank,
    settle_house_banked,
    settle_player_bank,
    settle_player_dealer,
    vig,
)

OUTCOMES = st.sampled_from([WIN, PUSH, LOSE, None])  # None: surrendered
CENTS = st.integers(1, 200_000)
RATES = st.sampled_from([Fraction(0), FIVE, Fraction(1, 10)])
ROUNDS = st.sampled_from(["quarter-up", "cent-up"])


@st.composite
def wager_lists(draw: st.DrawFn) -> list[WagerResult]:
    pairs = draw(st.lists(st.tuples(CENTS, OUTCOMES), max_size=7))
    return [
        WagerResult(f"w{i}", f"player:w{i}", c, o, surrendered=o is None)
        for i, (c, o) in enumerate(pairs)
    ]


def check_each_settled_once(wagers: Sequence[WagerResult], ts: Sequence[Transfer]) -> None:
    """R-SETTLE / R-BANK: each wager leaves the layout in exactly one transfer, whole; a losing
    or surrendered player never receives money."""
    for r in wagers:
        off = [t for t in ts if t.src == "layout" and t.ref == r.ref]
        assert len(off) == 1 and off[0].cents == r.cents
        if r.outcome in (LOSE, None):
            assert not [t for t in ts if t.dst == r.account]


@settings(max_examples=200)
@given(wager_lists(), RATES, ROUNDS)
def test_property_house_banked(wagers: list[WagerResult], rate: Fraction, rounding: str) -> None:
    """R-SETTLE-02..08: chips conserved, layout empty, each wager settled once."""
    ts = settle_house_banked(wagers, rate=rate, rounding=rounding)
    net = play(wagers, ts)
    check_each_settled_once(wagers, ts)
    for r in wagers:
        won = r.cents - vig(r.cents, rate, rounding)
        expect = won if r.outcome is WIN else 0 if r.outcome is PUSH else -r.cents
        assert net.get(r.account, 0) == expect


@settings(max_examples=200)
@given(
    wager_lists(),
    st.none() | st.tuples(CENTS, st.sampled_from([WIN, PUSH, LOSE])),
    RATES,
    ROUNDS,
    st.booleans(),
)
def test_property_player_bank(
    wagers: list[WagerResult],
    dealer: tuple[int, Outcome] | None,
    rate: Fraction,
    rounding: str,
    surplus_vig: bool,
) -> None:
    """R-BANK-12/13: conserved, layout and centre empty, each wager (and the dealer's) settled
    once; the bank's net is the losers' total less the winners' (less surplus vig)."""
    ts = settle_player_bank(
        wagers,
        bank="player:bank",
        dealer_wager=dealer,
        rate=rate,
        rounding=rounding,
        surplus_vig=surplus_vig,
    )
    net = play(wagers, ts, dealer=dealer[0] if dealer else 0)
    check_each_settled_once(wagers, ts)
    everyone = [(r.cents, r.outcome or LOSE) for r in wagers] + ([dealer] if dealer else [])
    gross = sum(c if o is LOSE else -c if o is WIN else 0 for c, o in everyone)
    surplus_cut = min(vig(gross, rate, rounding), gross) if surplus_vig and gross > 0 else 0
    assert net.get("player:bank", 0) == gross - surplus_cut
    assert len([t for t in ts if t.src == "layout" and t.ref == DEALER_REF]) == (dealer is not None)


@settings(max_examples=200)
@given(wager_lists(), RATES, ROUNDS, st.sampled_from(["house", "co-bank"]))
def test_property_co_bank(
    wagers: list[WagerResult], rate: Fraction, rounding: str, odd_cent: str
) -> None:
    """R-BANK-14, AMB-86: conserved, transients empty, each wager settled once; the house and
    the co-bank share a shortfall within one cent of half each."""
    ts = settle_co_bank(wagers, bank="player:bank", rate=rate, rounding=rounding, odd_cent=odd_cent)
    play(wagers, ts)
    check_each_settled_once(wagers, ts)
    short = {t.src: t.cents for t in ts if t.reason == "shortfall"}
    if short:
        assert abs(short.get("house", 0) - short.get("player:bank", 0)) <= 1


@st.composite
def spot_lists(draw: st.DrawFn) -> list[SpotResult]:
    out, n = [], 0
    for k in range(draw(st.integers(0, 6))):
        bettors = draw(
            st.lists(st.tuples(CENTS, st.sampled_from([WIN, PUSH, LOSE])), min_size=1, max_size=4)
        )
        wagers = [
            WagerResult(f"w{n + i}", f"player:w{n + i}", c, o) for i, (c, o) in enumerate(bettors)
        ]
        n += len(wagers)
        out.append(SpotResult(f"s{k}", wagers[0].outcome or LOSE, tuple(wagers)))
    return out


@settings(max_examples=200)
@given(spot_lists(), st.integers(1, 500_000))
def test_property_player_dealer(spots: list[SpotResult], stake: int) -> None:
    """R-LC-09, ¶16, AMB-71: conserved, layout and bank empty, the house untouched (R-LC-01),
    each wager returned or taken to the cent, nobody wins or loses more than was bet, and a
    losing bettor gets back no more than the uncovered part of the wager."""
    ts, used = settle_player_dealer(spots, pd="player:pd", pd_stake=stake)
    wagers = [x for s in spots for x in s.wagers]
    net = play(wagers, ts, pd=("player:pd", stake))
    assert 0 <= used <= stake
    assert "house" not in net and all("house" not in (t.src, t.dst) for t in ts)
    assert abs(net.get("player:pd", 0)) <= stake
    for r in wagers:
        assert sum(t.cents for t in ts if t.src == "layout" and t.ref == r.ref) == r.cents
        mine = net.get(r.account, 0)
        assert abs(mine) <= r.cents
        assert {WIN: mine >= 0, PUSH: mine == 0, LOSE: mine <= 0}[r.outcome or LOSE]
