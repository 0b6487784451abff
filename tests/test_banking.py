"""Who may bank: offer rotation, eligibility and the Player-Dealer rotation.

R-BANK-02..10 (TC-37, TC-38, TC-39), AMB-18/19/20/81 for the house-banked profiles and
R-LC-03/04, AMB-68/69 for Lucky Chances, plus invariants over random sequences of rounds.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.errors import IllegalActionError
from paigow.profiles import Profile, get_profile
from paigow.table.banking import (
    BankState,
    Wager,
    after_round,
    dealer_wager_amount,
    eligibility,
    initial_state,
    offer_order,
)

HOUSE = ["colorado", "generic", "maryland"]
NAMES = "ABCDEFGH"
RICH = 10**9


def seated(players: dict[int, str], cents: int = 1000) -> list[Wager]:
    """One seated wager of ``cents`` per (position, player)."""
    return [(pos, name, cents, True) for pos, name in sorted(players.items())]


def full_table(profile: Profile) -> dict[int, str]:
    return {pos: NAMES[pos - 1] for pos in range(1, profile.table.positions + 1)}


def play(
    state: BankState,
    profile: Profile,
    players: dict[int, str],
    banker: tuple[int, str] | None = None,
    *,
    co_bank: bool = False,
) -> BankState:
    """Record a round in which ``players`` wager 10 each against ``banker`` (None: house)."""
    bettors = {p: n for p, n in players.items() if banker is None or n != banker[1]}
    return after_round(state, profile, banker=banker, co_bank=co_bank, wagers=seated(bettors))


def ok(state: BankState, profile: Profile, pos: int, name: str) -> tuple[bool, str]:
    return eligibility(state, profile, pos, name, chips_on_table=RICH, others_wagers=0)


def with_banking(name: str, **options: Any) -> Profile:
    p = get_profile(name)
    return replace(p, banking=replace(p.banking, **options))


# --- TC-37: start of game, first offer, no two in a row, Colorado's house round ------------


@pytest.mark.parametrize("name", HOUSE)
def test_tc37_start_of_game_then_rotation(name: str) -> None:
    """TC-37: R-BANK-02 (no bank at start), R-BANK-03 (firstOffer), R-BANK-04/05, AMB-18/20."""
    p = get_profile(name)
    n = p.table.positions
    table = full_table(p)
    s0 = initial_state(p)
    assert s0.start_of_game and offer_order(s0, p) == []
    allowed, why = ok(s0, p, 1, "A")
    assert not allowed and "R-BANK-02" in why
    with pytest.raises(IllegalActionError, match="R-BANK-02"):
        play(s0, p, table, (1, "A"))

    s1 = play(s0, p, table)  # round 1: everyone wagers against the dealer
    assert offer_order(s1, p) == list(range(1, n + 1))
    assert ok(s1, p, 1, "A") == (True, "eligible")
    s2 = play(s1, p, table, (1, "A"))  # round 2: P1 accepts the first offer
    assert s2.first_offer == 2 and s2.previous_player_banked

    if p.banking.house_round_between:  # CO: the house banks round 3, no offer
        assert offer_order(s2, p) == []
        allowed, why = ok(s2, p, 2, "B")
        assert not allowed and "R-BANK-05" in why
        with pytest.raises(IllegalActionError, match="R-BANK-05"):
            play(s2, p, table, (2, "B"))
        s3 = play(s2, p, table)
        assert s3.first_offer == 2 and offer_order(s3, p) == list(range(2, n + 1))
    else:  # GEN/MD: offers start at P2; P1 is ineligible (consecutive)
        assert offer_order(s2, p) == list(range(2, n + 1))
        allowed, why = ok(s2, p, 1, "A")
        assert not allowed and "R-BANK-04" in why
        assert ok(s2, p, 2, "B") == (True, "eligible")


def test_r_bank_04_refused_by_after_round_even_when_offered() -> None:
    """R-BANK-04: with wrapping offers P1 is offered again but may not bank twice in a row."""
    p = with_banking("generic", offer_wraps=True)
    table = full_table(p)
    s = play(play(initial_state(p), p, table), p, table, (1, "A"))
    assert offer_order(s, p) == [2, 3, 4, 5, 6, 1]
    with pytest.raises(IllegalActionError, match="R-BANK-04"):
        play(s, p, table, (1, "A"))


# --- TC-38 / TC-39: eligibility --------------------------------------------------------------


@pytest.mark.parametrize("name", HOUSE)
def test_tc38_no_wager_in_last_house_round(name: str) -> None:
    """TC-38, R-BANK-06(a): P4 did not wager in the last house-banked round: ineligible."""
    p = get_profile(name)
    table = full_table(p)
    without_p4 = {k: v for k, v in table.items() if k != 4}
    s = play(play(initial_state(p), p, table), p, without_p4)  # P4 sat out round 2
    allowed, why = ok(s, p, 4, "D")
    assert not allowed and "R-BANK-06(a)" in why and "round 1" in why
    assert ok(s, p, 5, "E") == (True, "eligible")


def test_tc38_wager_against_a_player_bank_does_not_count() -> None:
    """R-BANK-06(a): only a wager in a round with no player bank counts."""
    p = get_profile("generic")
    table = full_table(p)
    s = play(initial_state(p), p, {k: v for k, v in table.items() if k != 4})
    s = play(s, p, table, (1, "A"))  # P4 wagers against A's bank
    allowed, why = ok(s, p, 4, "D")
    assert not allowed and "R-BANK-06(a)" in why


@pytest.mark.parametrize("name", HOUSE)
def test_tc39_chips_must_cover_all_wagers(name: str) -> None:
    """TC-39, R-BANK-06(b), AMB-81: $750 on the table cannot cover $900 of other wagers."""
    p = get_profile(name)
    s = play(initial_state(p), p, full_table(p))
    allowed, why = eligibility(s, p, 5, "E", chips_on_table=75_000, others_wagers=90_000)
    assert not allowed and "R-BANK-06(b)" in why and "$900.00" in why
    assert eligibility(s, p, 5, "E", chips_on_table=90_000, others_wagers=90_000)[0]


def test_eligibility_rejects_impossible_input() -> None:
    p = get_profile("generic")
    s = initial_state(p)
    for pos, chips in ((0, 0), (7, 0), (1, -1)):
        with pytest.raises(IllegalActionError):
            eligibility(s, p, pos, "A", chips_on_table=chips, others_wagers=0)
    with pytest.raises(IllegalActionError):
        eligibility(s, p, 1, "", chips_on_table=0, others_wagers=0)
    with pytest.raises(IllegalActionError):
        initial_state(p, 5)
    assert initial_state(get_profile("colorado"), 6).positions == 6  # six-spot option


# --- AMB-20: the firstOffer pointer -----------------------------------------------------------


@pytest.mark.parametrize("name", ["colorado", "generic"])
def test_amb20_pointer_returns_to_the_dealer(name: str) -> None:
    """AMB-20: offers from the pointer to the last position; past it, one dealer round."""
    p = get_profile(name)
    n = p.table.positions
    table = full_table(p)
    s = play(initial_state(p), p, table)
    for first in range(1, n + 1):  # nobody accepts: the pointer still advances
        assert offer_order(s, p) == list(range(first, n + 1))
        s = play(s, p, table)
    assert s.first_offer == n + 1 and offer_order(s, p) == []
    allowed, why = ok(s, p, 1, "A")
    assert not allowed and "returns to the dealer" in why
    s = play(s, p, table)  # the dealer's round
    assert s.first_offer == 1 and offer_order(s, p) == list(range(1, n + 1))


def test_r_bank_03_maryland_has_no_dealer_round_between_cycles() -> None:
    """R-BANK-03 / M-17: Maryland Ch.9 §C omits "until it returns to the dealer", so the
    first offer goes from the last position straight back to position 1 (seed over AMB-20)."""
    p = get_profile("maryland")
    n = p.table.positions
    table = full_table(p)
    s = play(initial_state(p), p, table)
    for first in range(1, n + 1):
        assert offer_order(s, p) == list(range(first, n + 1))
        s = play(s, p, table)
    assert offer_order(s, p) == list(range(1, n + 1))


def test_amb20_colorado_cycle_with_house_rounds() -> None:
    """AMB-18/20: every first offer accepted: P1, house, P2, house, ..., P7, house, P1."""
    p = get_profile("colorado")
    table = full_table(p)
    s = play(initial_state(p), p, table)
    for pos in range(1, 8):
        assert offer_order(s, p)[0] == pos
        s = play(s, p, table, (pos, table[pos]))
        assert offer_order(s, p) == []
        s = play(s, p, table)
    assert offer_order(s, p) == list(range(1, 8))


def test_amb20_options_wrap_and_follow_acceptor() -> None:
    """AMB-20 options: ``offer_wraps`` and ``offer_pointer_follows_acceptor``."""
    wrap = with_banking("generic", offer_wraps=True)
    table = full_table(wrap)
    s = play(play(play(initial_state(wrap), wrap, table), wrap, table), wrap, table)
    assert offer_order(s, wrap) == [3, 4, 5, 6, 1, 2]
    s = play(s, wrap, table, (1, "A"))  # accepted after the wrap: the pointer moves by one
    assert s.first_offer == 4

    follow = with_banking("generic", offer_pointer_follows_acceptor=True)
    s = play(play(initial_state(follow), follow, table), follow, table, (4, "D"))
    assert offer_order(s, follow) == [5, 6]
    s = play(play(s, follow, table), follow, table)  # declined twice: 5 -> 6 -> 7
    assert offer_order(s, follow) == []


# --- co-banking, the dealer's wager, the bank's own area -------------------------------------


def test_r_bank_09_co_bank_is_a_player_bank() -> None:
    """R-BANK-09: a co-banked round is player-banked (CO's next round is the house's)."""
    p = get_profile("colorado")
    table = full_table(p)
    s = play(play(initial_state(p), p, table), p, table, (1, "A"), co_bank=True)
    assert s.previous_player_banked and offer_order(s, p) == []
    assert s.last_house_round == 0  # R-BANK-06(a) still looks at round 1
    with pytest.raises(IllegalActionError, match="R-BANK-09"):
        play(s, p, table, None, co_bank=True)
    lc = get_profile("lucky-chances")
    with pytest.raises(IllegalActionError, match="co-banking"):
        play(initial_state(lc), lc, full_table(lc), (1, "A"), co_bank=True)


def test_amb81_full_cover_under_co_banking_option() -> None:
    """AMB-81: eligibility asks for the full cover whether or not the bank will co-bank."""
    p = get_profile("maryland")
    s = play(initial_state(p), p, full_table(p))
    assert p.banking.co_bank
    assert not eligibility(s, p, 1, "A", chips_on_table=50_000, others_wagers=50_001)[0]


def test_r_bank_10_dealer_wager_is_own_stake_amb19() -> None:
    """R-BANK-10, R-BANK-07, AMB-19: the seated player's own stake, not the spot total."""
    p = get_profile("colorado")
    wagers: list[Wager] = [(3, "C", 2_000, True), (3, "X", 5_000, False), (1, "A", 700, True)]
    s = after_round(initial_state(p), p, banker=None, co_bank=False, wagers=wagers)
    assert dealer_wager_amount(s, "C") == 2_000
    assert dealer_wager_amount(s, "X") == 5_000
    assert dealer_wager_amount(s, "Z") == 0
    s = after_round(s, p, banker=(3, "C"), co_bank=False, wagers=[(1, "A", 9_900, True)])
    s = after_round(s, p, banker=None, co_bank=False, wagers=[(1, "A", 300, True)])
    assert dealer_wager_amount(s, "A") == 300 and dealer_wager_amount(s, "C") == 0


def test_r_bank_08_bank_plays_only_its_area() -> None:
    """R-BANK-08: the bank places no other wager in its round."""
    p = get_profile("generic")
    table = full_table(p)
    s = play(initial_state(p), p, table)
    with pytest.raises(IllegalActionError, match="R-BANK-08"):
        after_round(s, p, banker=(1, "A"), co_bank=False, wagers=seated(table))


@pytest.mark.parametrize(
    "wagers",
    [
        [(0, "A", 100, True)],
        [(7, "A", 100, True)],
        [(1, "A", 0, True)],
        [(1, "", 100, True)],
        [(1, "A", 100, True), (1, "A", 200, False)],
        [(1, "A", 100, True), (1, "B", 200, True)],
    ],
)
def test_after_round_rejects_malformed_wagers(wagers: list[Wager]) -> None:
    p = get_profile("generic")
    with pytest.raises(IllegalActionError):
        after_round(initial_state(p), p, banker=None, co_bank=False, wagers=wagers)


# --- Lucky Chances Player-Dealer (R-LC-03/04, AMB-68/69) -------------------------------------


LC = get_profile("lucky-chances")
SEATS = {1: "A", 2: "B", 3: "C", 4: "D"}


def test_amb69_opening_pd_and_no_hand_without_one() -> None:
    """AMB-69: the opening PD is offered from position 1; no hand without a PD (R-LC-01)."""
    s = initial_state(LC)
    assert offer_order(s, LC) == list(range(1, 9))
    assert ok(s, LC, 5, "E") == (True, "eligible")
    with pytest.raises(IllegalActionError, match="AMB-69"):
        play(s, LC, SEATS)


def test_r_lc_03_two_consecutive_hands_not_three() -> None:
    """R-LC-03: a PD may bank two consecutive hands; a third is refused."""
    s = play(initial_state(LC), LC, SEATS, (1, "A"))
    assert offer_order(s, LC)[0] == 1 and ok(s, LC, 1, "A")[0]
    s = play(s, LC, SEATS, (1, "A"))
    assert s.streak == 2 and offer_order(s, LC) == [2, 3, 4, 5, 6, 7, 8, 1]
    allowed, why = ok(s, LC, 1, "A")
    assert not allowed and "R-LC-03" in why
    with pytest.raises(IllegalActionError, match="R-LC-03"):
        play(s, LC, SEATS, (1, "A"))
    assert ok(s, LC, 2, "B") == (True, "eligible")  # in the opening hands (a) is waived


def test_r_lc_04_qualification_after_three_bets() -> None:
    """R-LC-04(a), AMB-68: three bets as a Player in the rotation qualify; two do not."""
    prev = ((1, ("A",)), (2, ("B",)))
    s = BankState(positions=8, round_no=6, last_banker=(1, "A"), streak=2, previous_hand=prev)
    for bets, expected in ((2, False), (3, True)):
        state = replace(s, rotation_bets=(("B", bets),))
        allowed, why = ok(state, LC, 2, "B")
        assert allowed is expected
        assert expected or ("R-LC-04(a)" in why and "2 time(s)" in why)


def test_r_lc_04_counts_through_play_and_restart_when_the_offer_passes() -> None:
    """AMB-68: counts run since the offer last reached the seat; C and D qualify in turn."""
    s = play(initial_state(LC), LC, SEATS, (1, "A"))
    s = play(s, LC, SEATS, (1, "A"))
    assert s.bets_in_rotation("C") == 2
    s = play(s, LC, SEATS, (3, "C"))  # the offer passes B's seat and reaches C's
    assert s.bets_in_rotation("B") == 1 and s.bets_in_rotation("C") == 0
    assert s.bets_in_rotation("D") == 3
    s = play(s, LC, SEATS, (3, "C"))
    allowed, why = ok(s, LC, 4, "D")
    assert allowed, why
    assert s.bets_in_rotation("B") == 2
    allowed, why = ok(s, LC, 2, "B")
    assert not allowed and "R-LC-04(a)" in why


def test_r_lc_04_no_pd_on_a_seat_without_a_wager() -> None:
    """R-LC-04, 003 ¶32: no wager on the seat on the previous hand, no PD on that seat."""
    s = play(initial_state(LC), LC, SEATS, (1, "A"))
    allowed, why = ok(s, LC, 5, "E")
    assert not allowed and "no wager on position 5" in why
    allowed, why = ok(s, LC, 3, "B")  # B wagered, but on seat 2
    assert not allowed and "R-LC-04(b)" in why
    with pytest.raises(IllegalActionError, match="R-LC-04"):
        play(s, LC, SEATS, (5, "E"))


# --- invariants over random sequences of rounds ----------------------------------------------


VARIANTS = {
    "colorado": get_profile("colorado"),
    "generic": get_profile("generic"),
    "maryland": get_profile("maryland"),
    "lucky-chances": LC,
    "generic+wrap": with_banking("generic", offer_wraps=True),
    "generic+follow": with_banking("generic", offer_pointer_follows_acceptor=True),
}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.data())
def test_invariants_over_random_rounds(variant: str, data: st.DataObject) -> None:
    """R-BANK-02/04/05/06(a), R-LC-03/04: whatever bank is attempted, after_round keeps
    the rules: no player bank at the start of the game, never more than ``max_consecutive``
    rounds in a row for one player, in CO never two player-banked rounds in a row."""
    p = VARIANTS[variant]
    n = p.table.positions
    seating = dict(zip(range(1, n + 1), data.draw(st.permutations(NAMES)), strict=False))
    state = initial_state(p)
    history: list[tuple[int, str] | None] = []
    house_bettors: set[str] = set()
    prev_seats: dict[int, str] = {}
    for _ in range(data.draw(st.integers(1, 30))):
        present = {pos: nm for pos, nm in seating.items() if data.draw(st.booleans())}
        attempt = data.draw(st.sampled_from([None, *present.items()]))
        try:
            state2 = play(state, p, present, attempt)
            banker = attempt
        except IllegalActionError:
            banker = None
            for pos in offer_order(state, p):
                accepts = data.draw(st.booleans()) or not p.banking.house_banks
                if pos in present and ok(state, p, pos, present[pos])[0] and accepts:
                    banker = (pos, present[pos])
                    break
            if banker is None and not p.banking.house_banks:
                break  # no Player-Dealer: the game stalls (AMB-69)
            state2 = play(state, p, present, banker)
        assert 1 <= state2.first_offer <= n + 1
        if banker is not None and p.banking.house_banks:
            assert banker[1] in house_bettors  # R-BANK-06(a)
        if banker is not None and not p.banking.house_banks and history:
            assert prev_seats.get(banker[0]) == banker[1]  # R-LC-04(b)
        if banker is None:
            house_bettors = set(present.values())
        prev_seats = dict(present)
        history.append(banker)
        state = state2

    if p.banking.house_banks and history:
        assert history[0] is None  # R-BANK-02
    run, last = 0, None
    for b in history:
        run = run + 1 if b is not None and last is not None and b[1] == last[1] else 1
        assert b is None or run <= p.banking.max_consecutive  # R-BANK-04, R-LC-03
        last = b
    if p.banking.house_round_between:
        assert all(a is None or b is None for a, b in pairwise(history))
