"""Edge cases of the table procedure, each pinned to the rule it protects."""

from __future__ import annotations

import random

import pytest

from paigow.errors import IllegalActionError
from paigow.games.cards.cards import DECK
from paigow.games.tiles.tiles import FULL_SET
from paigow.profiles import get_profile
from paigow.table.auto import run_dealer
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Round
from paigow.table.session import TableSession
from paigow.table.variations import TableOptions

LC = get_profile("lucky-chances")
CO = get_profile("colorado")
GEN = get_profile("generic")
NJ = get_profile("nj-supreme")


def test_r_lc_08_amount_over_the_maximum_gets_no_action() -> None:
    """R-WAGER-06 / R-LC-08 (¶23): only the table maximum is in action; the rest returned."""
    rnd = Round(
        LC,
        {"PD": "1", "A": "2"},
        {"PD": 10**7, "A": 10**7},
        banker=Banker("player-dealer", "PD", "1"),
        collection_free=True,
    )
    rnd.shuffle(list(FULL_SET))
    rnd.place_pd_wager(2_000_000)
    rnd.wager("A", "2", 1_000_000)  # max is 500,000
    run_dealer(rnd, random.Random(1))
    used = rnd.results["player-dealer"]["action_used"]
    assert used in (0, 500_000)
    assert abs(rnd.net()["player:A"]) <= 500_000
    replay(round_record(rnd))


def test_r_lc_10_the_largest_stake_controls_the_spot() -> None:
    """R-LC-10 (¶41), AMB-71(d): most money controls; the seated player only on a tie."""
    rnd = Round(
        LC,
        {"PD": "1", "A": "2", "B": "3"},
        dict.fromkeys(("PD", "A", "B"), 10**6),
        banker=Banker("player-dealer", "PD", "1"),
        collection_free=True,
    )
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "2", 500)
    rnd.wager("B", "2", 3_000)
    assert rnd.controller("2") == "B"
    rnd.wager("A", "2", 2_500)
    assert rnd.controller("2") == "A"  # 3,000 each: the seated player


def test_r_bank_06_the_dealers_wager_must_be_covered_too() -> None:
    """R-BANK-06(b) / R-BANK-10: the bank covers the players' wagers and the dealer's."""
    rnd = Round(
        GEN,
        {"A": "1", "B": "2"},
        {"A": 10**6, "B": 10_000},
        banker=Banker("player", "B", "2"),
        dealer_wager_limit=10_000,
    )
    rnd.shuffle(list(FULL_SET))
    rnd.cut(None)
    rnd.wager("A", "1", 10_000)
    with pytest.raises(IllegalActionError, match="cannot cover"):
        rnd.place_dealer_wager(10_000)
    rnd.place_dealer_wager(0)
    run_dealer(rnd, random.Random(2))
    assert rnd.phase == "done" and sum(rnd.net().values()) == 0


def test_ledger_apply_is_all_or_nothing() -> None:
    from paigow.table.ledger import Ledger, Transfer

    led = Ledger.opening({"player:A": 100})
    with pytest.raises(IllegalActionError, match="nothing was paid"):
        led.apply([Transfer("player:A", "house", 60, "x"), Transfer("player:A", "house", 60, "y")])
    assert led.balance("player:A") == 100 and not led.transfers


def _nj_with_bonus() -> tuple[Round, str]:
    rnd = Round(NJ, {"A": "1"}, {"A": 10**6})
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 1_000)
    ref = rnd.wager("A", "1", 500, "supreme-bonus").data["ref"]
    rnd.no_more_bets()
    rnd.choose_style("hand")
    rnd.roll((2, 3, 4))
    rnd.deal()
    return rnd, ref


def test_r_spg_19_only_a_dealer_exposure_keeps_the_bonus() -> None:
    """R-SPG-19 / AMB-56 vs R-IRR-NJ-c/p: other voids return the bonus wager."""
    rnd, ref = _nj_with_bonus()
    rnd.stub_count(25)
    assert ref not in rnd.results and rnd.net()["player:A"] == 0
    rnd, ref = _nj_with_bonus()
    rnd.void("dice totalled wrongly")
    assert ref not in rnd.results and rnd.net()["player:A"] == 0
    rnd, ref = _nj_with_bonus()
    rnd.expose_dealt("dealer")
    assert ref in rnd.results
    replay(round_record(rnd))


def test_r_pf_03_pair_fortunes_alone_keeps_the_hand() -> None:
    """R-PF-02/03, R-DEAL-03: a spot with only a Pair Fortunes wager is played, not collected;
    an exposed tile there lets the player void that hand only (R-IRR-CO-5)."""
    rnd = Round(
        CO,
        {"A": "1", "B": "2"},
        dict.fromkeys("AB", 10**6),
        options=TableOptions(pair_fortunes="1"),
    )
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", 1_000)
    rnd.wager("B", "2", 500, "pair-fortunes")
    rnd.no_more_bets()
    rnd.choose_style("a")
    rnd.roll((1, 2, 3))
    rnd.deal()
    assert "2" not in rnd.collected
    rnd.expose_dealt("2")
    assert rnd.void_reason is None
    rnd.void_hand("2")
    run_dealer(rnd, random.Random(3))
    assert rnd.net()["player:B"] == 0
    replay(round_record(rnd))


def test_r_deal_04_who_chooses_the_style() -> None:
    """R-DEAL-04, R-LC-13: a house round plays the default; the Player-Dealer chooses in LC;
    Maryland's dealer may choose (AMB-37)."""
    for prof, banker, chooser, ok in (
        (CO, None, "dealer", False),
        (get_profile("maryland"), None, "dealer", True),
        (LC, Banker("player-dealer", "A", "1"), "dealer", False),
        (LC, Banker("player-dealer", "A", "1"), "bank", True),
    ):
        rnd = Round(
            prof,
            {"A": "1", "B": "2"},
            dict.fromkeys("AB", 10**6),
            banker=banker,
            collection_free=True,
        )
        run_dealer(rnd, random.Random(4), until="wagers")
        if banker:
            rnd.place_pd_wager(10_000)
        rnd.wager("B", "2", 1_000)
        rnd.no_more_bets()
        if ok:
            rnd.choose_style("g", chooser)
        else:
            with pytest.raises(IllegalActionError, match="may not choose"):
                rnd.choose_style("g", chooser)


def test_r_spg_24_the_bank_selects_the_first_stack() -> None:
    """R-SPG-24 / AMB-48: in a bank round dealt by hand the bank's chosen stack goes first."""
    rnd = Round(
        NJ, {"A": "1", "B": "2"}, dict.fromkeys("AB", 10**6), banker=Banker("player", "B", "2")
    )
    rnd.shuffle(list(DECK))
    rnd.cut(None)
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("hand")
    rnd.roll((1, 1, 1))
    rnd.deal(first_stack=4)
    from paigow.games.cards.delivery import deal_hand_stacks

    stack4 = sorted(map(str, deal_hand_stacks(list(DECK), 7)[3]))
    assert sorted(map(str, rnd.dealt[rnd.start or ""])) == stack4
    run_dealer(rnd, random.Random(5))
    replay(round_record(rnd))


def test_amb_14_a_bank_round_breaks_the_dice_bonus_streak() -> None:
    """AMB-91/AMB-14: Dragon's Eye is off in a player-bank round, which ends the streak."""
    s = TableSession(CO, {"A": "1", "B": "2"}, dict.fromkeys("AB", 10**7), dragons_eye=True)
    rnd = s.new_round()  # the start of the game: a house round (R-BANK-02)
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", 1_000)
    rnd.wager("B", "2", 1_000)
    run_dealer(rnd, random.Random(6))
    s.finish(rnd)
    s.de_streak, s.after_triple, s.carried = 1, True, (("B", "2", 500),)
    assert ("1", "A") in s.offers()
    bank = s.new_round(Banker("player", "A", "1"))
    assert not bank.options.dragons_eye
    run_dealer(bank, random.Random(7), until="wagers")
    bank.wager("B", "2", 1_000)
    run_dealer(bank, random.Random(7))
    s.finish(bank)
    assert s.de_streak == 0 and not s.carried and not s.after_triple


def test_remove_wager_takes_its_side_wagers_along() -> None:
    """R-PF-02 / R-DE-01: a side wager that needs the Pai Gow wager leaves with it."""
    rnd = Round(
        get_profile("maryland"), {"A": "1"}, {"A": 10**6}, options=TableOptions(pair_fortunes="A")
    )
    rnd.shuffle(list(FULL_SET))
    main = rnd.wager("A", "1", 1_000).data["ref"]
    rnd.wager("A", "1", 500, "pair-fortunes")
    op = rnd.remove_wager(main)
    assert len(op.data["also"]) == 1 and not rnd.wagers
    assert rnd.ledger.balance("player:A") == 10**6
