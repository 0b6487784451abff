"""Supreme Pai Gow at the table: deals, fouls, the bonus wager, irregularities (R-SPG)."""

from __future__ import annotations

import random

import pytest

from paigow.errors import IllegalActionError
from paigow.games import hand_pieces
from paigow.games.cards.cards import DECK, Card, parse_cards
from paigow.games.cards.delivery import RING, button_position
from paigow.profiles import get_profile
from paigow.table.auto import run_dealer
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Round

NJ = get_profile("nj-supreme")


def rigged_deck(at: dict[int, str]) -> list[Card]:
    """A deck with given cards at 1-based positions from the top; the rest in deck order."""
    placed = {k: parse_cards(v)[0] for k, v in at.items()}
    rest = [c for c in DECK if c not in placed.values()]
    return [placed[i] if i in placed else rest.pop(0) for i in range(1, 55)]


def nj_round(banker: Banker | None = None, **seats: str) -> Round:
    seats = seats or {"A": "1", "B": "2"}
    return Round(NJ, seats, dict.fromkeys(seats, 100_000), banker=banker)


def test_tc_82_hand_dealt_stack_one_goes_to_the_start() -> None:
    """TC-82 / R-SPG-12: stack 1 holds cards 7, 8, 21 and 22; dice 9 -> position 1 gets it."""
    rnd = nj_round()
    rnd.shuffle(rigged_deck({7: "2h", 8: "5h", 21: "9h", 22: "Kh"}))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("hand")
    assert rnd.roll((2, 3, 4)).data["start"] == "1"
    rnd.deal()
    assert sorted(map(str, rnd.dealt["1"])) == sorted(["2h", "5h", "9h", "Kh"])
    assert sum(len(h) for h in rnd.dealt.values()) == 28


def test_tc_88_surrender_keeps_the_bonus() -> None:
    """TC-88 / R-SPG-22, R-SPG-19: the main wager is lost on surrender; the $5 bonus on
    2h 5h 9h Kh is still paid as a flush, 8 to 1 = $40."""
    rnd = nj_round()
    rnd.shuffle(rigged_deck({7: "2h", 8: "5h", 21: "9h", 22: "Kh"}))
    rnd.wager("A", "1", 1_000)
    bonus = rnd.wager("A", "1", 500, "supreme-bonus").data["ref"]
    rnd.no_more_bets()
    rnd.choose_style("hand")
    rnd.roll((2, 3, 4))
    rnd.deal()
    rnd.set_house_way("1")
    rnd.set_bank()
    rnd.surrender("1")
    rnd.settle()
    assert rnd.results[bonus]["class"] == "Flush"
    assert rnd.net()["player:A"] == -1_000 + 4_000
    replay(round_record(rnd))


def test_tc_73_74_a_fouled_hand_loses_at_the_table() -> None:
    """TC-73 / R-SPG-21: a high hand lower than the low hand is accepted and loses."""
    rnd = nj_round()
    rnd.shuffle(rigged_deck({7: "7s", 8: "7h", 21: "Ks", 22: "Qd"}))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("hand")
    rnd.roll((2, 3, 4))
    rnd.deal()
    rnd.set_hand("A", "1", "Ks Qd", "7s 7h")  # K-Q high over a pair of sevens: a foul
    rnd.set_bank()
    op = rnd.settle()
    res = next(r for r in op.data["results"].values() if r.get("player") == "A")
    assert res["result"] == "lose"


def test_r_bank_15_a_bank_foul_is_reset_by_house_way() -> None:
    """R-BANK-15 / R-IRR-NJ-j: the bank's wager is not lost; its hands are reset."""
    rnd = nj_round(Banker("player", "B", "2"))
    run_dealer(rnd, random.Random(3), until="wagers")
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("hand")
    rnd.roll((1, 1, 1))
    rnd.deal()
    rnd.set_house_way("1")
    foul = next(s for s in rnd.legal_settings("2") if rnd.game.is_foul(s))
    rnd.set_bank(hand_pieces(foul.high), hand_pieces(foul.low))
    assert rnd.log[-1].kind == "reset_to_house_way"
    rnd.settle()
    assert sum(rnd.net().values()) == 0


def test_r_irr_nj_e_dealer_card_exposed_voids_but_bonus_settles() -> None:
    """R-IRR-NJ-e / AMB-56: all hands void, the bonus wagers settled on the cards dealt."""
    rnd = nj_round()
    rnd.shuffle(rigged_deck({7: "As", 8: "Ad", 21: "Ac", 22: "Ah"}))
    rnd.wager("A", "1", 1_000)
    bonus = rnd.wager("A", "1", 100, "supreme-bonus").data["ref"]
    rnd.no_more_bets()
    rnd.choose_style("hand")
    rnd.roll((2, 3, 4))
    rnd.deal()
    rnd.expose_dealt("dealer")
    assert rnd.void_reason is not None
    assert rnd.results[bonus]["class"] == "Four aces"
    assert rnd.net()["player:A"] == 100 * 1000  # the main wager returned, four aces paid
    replay(round_record(rnd))


def test_tc_83_button_start_with_the_automated_shoe() -> None:
    """TC-83 / R-SPG-10(d), AMB-59: the button is the start; only with the automated shoe."""
    for rnd_no, expected in ((1, "dealer"), (2, "6"), (3, "5")):
        rnd = nj_round()
        rnd.shuffle(list(DECK))
        rnd.wager("A", "1", 1_000)
        rnd.no_more_bets()
        rnd.choose_style("automated-shoe")
        pos = button_position(RING, rnd_no)
        assert pos == expected
        rnd.button(pos)
        rnd.deal()
        assert rnd.start == expected
    rnd = nj_round()
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("hand")
    with pytest.raises(IllegalActionError, match="automated shoe"):
        rnd.button("dealer")


def test_r_spg_11_stub_count() -> None:
    """R-SPG-11 / AMB-50: the stub of 26 completes the deck; any other count voids."""
    for stub, void in ((26, False), (25, True)):
        rnd = nj_round()
        run_dealer(rnd, random.Random(1), until="wagers")
        rnd.wager("A", "1", 1_000)
        rnd.no_more_bets()
        run_dealer(rnd, random.Random(1), until="setting")
        rnd.stub_count(stub)
        assert (rnd.void_reason is not None) == void
        replay(round_record(rnd))


def test_card_cut_r_spg_09() -> None:
    """R-SPG-09: the cutting card at least 10 cards from either end."""
    rnd = nj_round(Banker("player", "B", "2"))
    rnd.shuffle(list(DECK))
    assert rnd.phase == "cut"
    with pytest.raises(IllegalActionError, match="at least 10"):
        rnd.cut("card:5")
    rnd.cut("card:20")
    assert [str(c) for c in rnd.order[:1]] == [str(DECK[20])]


def test_r_irr_nj_f_face_up_card_in_the_shoe() -> None:
    """R-IRR-NJ-f: one face-up card is not used; a second voids; the stub still counts."""
    rnd = nj_round()
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("manual-shoe")
    rnd.roll((2, 3, 4))
    first = rnd.order[0]
    rnd.face_up_in_shoe(first)
    rnd.deal()
    assert all(first not in hand for hand in rnd.dealt.values())
    rnd.stub_count(25)  # 25 + 28 dealt + 1 discarded = 54
    assert rnd.void_reason is None
    run_dealer(rnd, random.Random(1))
    replay(round_record(rnd))
    rnd = nj_round()
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("manual-shoe")
    rnd.roll((2, 3, 4))
    rnd.face_up_in_shoe(rnd.order[0])
    rnd.face_up_in_shoe(rnd.order[0])
    assert rnd.void_reason is not None


def test_r_spg_09_cut_offer_order() -> None:
    """R-SPG-09 (§34.6(d)1): the first player to the table when the game begins (only that
    player: the dealer cuts if they decline); then the bank and counterclockwise from it; with
    no bank the player farthest right, rotating after consecutive no-bank rounds."""
    from paigow.table.session import TableSession

    s = TableSession(NJ, {"B": "3", "A": "1", "C": "5"}, dict.fromkeys("ABC", 10**6))
    assert s.cut_offers() == ["B"]  # B arrived first
    for expected in (["A", "B", "C"], ["B", "C", "A"], ["C", "A", "B"]):
        rnd = s.new_round()
        rnd.shuffle(list(DECK))
        rnd.wager("A", "1", 1_000)
        run_dealer(rnd, random.Random(0))
        s.finish(rnd)
        assert s.cut_offers() == expected
    assert s.cut_offers(Banker("player", "B", "3")) == ["B", "C", "A"]
