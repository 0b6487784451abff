"""Where the table followed RULES.md or a loose reading instead of the seed text: each test
cites the seed section it now follows (the seed wins over RULES.md)."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console

from paigow.errors import IllegalActionError
from paigow.games.cards.cards import DECK
from paigow.games.tiles.tiles import FULL_SET
from paigow.profiles import Profile, get_profile
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Round
from paigow.table.session import TableSession

GEN = get_profile("generic")
CO = get_profile("colorado")
MD = get_profile("maryland")
LC = get_profile("lucky-chances")
NJ = get_profile("nj-supreme")


def house_round(s: TableSession, stakes: dict[str, int], seed: int = 0) -> dict[str, Any]:
    """A house-banked round of the session in which each named player wagers on their seat."""
    rnd = s.new_round()
    rnd.shuffle(list(rnd.game.full_set))
    for name, cents in stakes.items():
        rnd.wager(name, s.seats[name], cents)
    run_dealer(rnd, random.Random(seed))
    return s.finish(rnd)


# --- 1. the dealer's wager: the bank's last wager against the dealer, or less ---------------


def test_002_8h_dealers_wager_is_the_banks_last_wager_or_less() -> None:
    """002 §8(h), 000 §30-2609(8), 004 Ch.9 §H(3)/§I(1), 001 §34.13(g): the dealer wagers the
    bank's last wager against the dealer; the bank may only direct a lesser amount."""
    s = TableSession(GEN, {"A": "1", "B": "2"}, dict.fromkeys("AB", 10**6))
    house_round(s, {"A": 2_500, "B": 1_000})
    assert s.dealer_wager("A") == 2_500
    rnd = s.new_round(Banker("player", "A", "1"))
    assert rnd.dealer_wager_limit == 2_500
    rnd.shuffle(list(FULL_SET))
    rnd.cut(None)
    with pytest.raises(IllegalActionError, match=r"at most \$25\.00.*lesser amount"):
        rnd.place_dealer_wager(90_000)
    rnd.place_dealer_wager(2_500)
    rnd.place_dealer_wager(1_000)  # the bank directs less
    assert rnd.dealer_wager == 1_000
    rnd.wager("B", "2", 1_000)
    run_dealer(rnd, random.Random(1))
    replay(s.finish(rnd))


def test_002_8h_an_approved_calculation_is_a_profile_option() -> None:
    """002 §8(h): "or in an amount, the calculation of which has been approved": a fixed
    approved amount (``dealer_wager_basis = "fixed"``)."""
    prof = replace(
        GEN,
        banking=replace(GEN.banking, dealer_wager_basis="fixed", dealer_wager_fixed_cents=5_000),
    )
    s = TableSession(prof, {"A": "1", "B": "2"}, dict.fromkeys("AB", 10**6))
    house_round(s, {"A": 500, "B": 1_000})
    assert s.dealer_wager("A") == 5_000
    rnd = s.new_round(Banker("player", "A", "1"))
    rnd.shuffle(list(FULL_SET))
    rnd.cut(None)
    with pytest.raises(IllegalActionError, match="approved amount"):
        rnd.place_dealer_wager(5_001)
    rnd.place_dealer_wager(5_000)


def test_play_refuses_a_player_bank_raising_the_dealers_wager() -> None:
    """002 §8(h): `paigow play` let a player bank raise the dealer's wager to $900; now it is
    refused and asked again, and the dealer wagers the amount the bank accepts."""
    from paigow.cli.play import play

    script = ["25", "1", "n", "", "y", "", "900", "", "f", "1", "q"]
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    play(stdin=io.StringIO("\n".join(script) + "\n"), console=console, seed=4)
    text = out.getvalue()
    assert "the dealer wagers at most $25.00 against you" in text
    assert "You (bank) sets" in text


# --- 2. Lucky Chances: free collection for the first four hands of a new game ----------------


def _lc_session() -> TableSession:
    return TableSession(LC, {"A": "1", "B": "2", "C": "3"}, dict.fromkeys("ABC", 10**6))


def _lc_round(s: TableSession) -> Round:
    pd = s.offers()[0]
    rnd = s.new_round(Banker("player-dealer", pd[1], pd[0]))
    rnd.shuffle(list(FULL_SET))
    rnd.place_pd_wager(10_000)
    for name, seat in s.seats.items():
        if name != pd[1]:
            rnd.wager(name, seat, 1_000)
    run_dealer(rnd, random.Random(len(s.history)))
    return rnd


def test_003_61_four_free_collection_hands_in_the_session() -> None:
    """003 ¶61: "When opening a new game the house will give free collection for four (4)
    hands": the session itself waives collection on the first four hands, then takes it;
    a restacked table is a new game."""
    s = _lc_session()
    fees = []
    for _ in range(6):
        rnd = _lc_round(s)
        fees.append(sum(t.cents for t in rnd.ledger.transfers if t.reason == "collection"))
        s.finish(rnd)
    assert fees[:4] == [0, 0, 0, 0] and all(f > 0 for f in fees[4:])
    s.restack()
    rnd = _lc_round(s)
    assert rnd.collection_free


# --- 3. Lucky Chances: every bet at least the minimum ------------------------------------------


def _pd_round(stacks: dict[str, int] | None = None) -> Round:
    seats = {"PD": "1", "A": "2", "B": "3"}
    rnd = Round(
        LC,
        seats,
        stacks or dict.fromkeys(seats, 10**6),
        banker=Banker("player-dealer", "PD", "1"),
    )
    rnd.shuffle(list(FULL_SET))
    return rnd


def test_003_20_22_26_every_bet_and_share_at_least_the_minimum() -> None:
    """003 ¶22 "Players must bet at least the table minimum"; ¶26 each kum-kum bettor at
    least the minimum; ¶20 "a full minimum bet after paying collection"."""
    rnd = _pd_round({"PD": 10**6, "A": 10**6, "B": 500 + 99})
    with pytest.raises(IllegalActionError, match=r"\$4\.99 after collection is under"):
        rnd.wager("A", "2", 499)
    rnd.wager("A", "2", 500)
    with pytest.raises(IllegalActionError, match="under the table minimum"):
        rnd.wager("B", "2", 400)  # a kum-kum share under the minimum
    with pytest.raises(IllegalActionError, match=r"plus collection \$1\.00"):
        rnd.wager("B", "3", 500)  # $5.99 cannot make a $5.00 bet after $1.00 collection
    with pytest.raises(IllegalActionError, match="under the table minimum"):
        rnd.place_pd_wager(499)


# --- 4. Lucky Chances: exposures accumulate ---------------------------------------------------


def _lc_dealt(order: list[Any] | None = None) -> Round:
    rnd = _pd_round()
    if order is not None:
        rnd = Round(
            LC,
            rnd.seats,
            dict.fromkeys(rnd.seats, 10**6),
            banker=Banker("player-dealer", "PD", "1"),
        )
        rnd.shuffle(order)
    rnd.place_pd_wager(10_000)
    rnd.wager("A", "2", 1_000)
    rnd.wager("B", "3", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("a", "bank")
    rnd.roll((1, 1, 1))  # 3 counted from the PD at 1: the ACTION stack (s1) to seat 3
    rnd.deal()
    return rnd


def test_003_39_two_exposed_tiles_reported_one_at_a_time_kill_the_hand() -> None:
    """003 ¶39(b): "If two or more tiles are exposed, the Player's hand is dead and his bet is
    returned" — also when the dealer reports them one at a time."""
    rnd = _lc_dealt()
    rnd.expose_dealt("2")
    assert "2" not in rnd.voided_spots
    rnd.expose_dealt("2")
    assert "2" in rnd.voided_spots
    assert any(o.kind == "hand_dead" for o in rnd.log)
    run_dealer(rnd, random.Random(2))
    assert rnd.net()["player:A"] == -LC.commission.collection_cents  # not refunded, AMB-73
    replay(round_record(rnd))


def test_003_39_a_tile_exposed_while_stacking_counts_toward_its_hand() -> None:
    """003 ¶39: a (non-key) tile exposed while stacking needs no reshuffle; it lands in a hand
    and a second exposed tile of that hand makes it dead."""
    order = list(FULL_SET)
    seen = next(t for t in order if str(t) not in {"1-1", "6-6", "1-2", "2-4"})
    order.remove(seen)
    order.insert(0, seen)  # the top of s1
    rnd = Round(
        LC,
        {"PD": "1", "B": "3"},
        dict.fromkeys(("PD", "B"), 10**6),
        banker=Banker("player-dealer", "PD", "1"),
    )
    rnd.shuffle(order)
    rnd.expose_while_stacking([seen])
    assert rnd.phase == "wagers" and rnd.marked == [0]
    rnd.place_pd_wager(10_000)
    rnd.wager("B", "3", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("a", "bank")
    rnd.roll((1, 1, 1))  # s1 (with the exposed tile) to seat 3
    rnd.deal()
    assert rnd.exposed == {"3": 1}
    rnd.expose_dealt("3")
    assert "3" in rnd.voided_spots
    replay(round_record(rnd))


def test_003_39_two_single_exposures_while_stacking_mean_a_reshuffle() -> None:
    """003 ¶39: "If the Dealer exposes two or more tiles, all tiles must be reshuffled"."""
    rnd = _pd_round()
    plain = [t for t in FULL_SET if str(t) not in {"1-1", "6-6", "1-2", "2-4"}]
    rnd.expose_while_stacking([plain[0]])
    op = rnd.expose_while_stacking([plain[2]])
    assert op.data["reshuffle"] and rnd.phase == "shuffle"


def test_003_39c_two_tiles_of_the_player_dealer_one_at_a_time_end_play() -> None:
    """003 ¶39(c): two or more of the Player-Dealer's tiles exposed: play is dead."""
    rnd = _lc_dealt()
    rnd.expose_dealt("1")
    assert rnd.phase == "setting"
    rnd.expose_dealt("1")
    assert rnd.void_reason is not None
    replay(round_record(rnd))


# --- 5. Maryland: the dealer or a bank is bound to the Rules Submission -----------------------


def _md_bank_round(prof: Profile) -> Round:
    rnd = Round(
        prof, {"A": "1", "B": "2"}, dict.fromkeys("AB", 10**6), banker=Banker("player", "B", "2")
    )
    rnd.shuffle(list(FULL_SET))
    rnd.cut(None)
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("a", "bank")
    rnd.roll((1, 2, 3))
    rnd.deal()
    run_dealer(rnd, random.Random(3), until="bank")
    return rnd


def test_004_ch10_f_a_maryland_bank_is_reset_to_the_house_way() -> None:
    """004 Ch.10 §F: "If the dealer or a bank does not set its hands in the manner specified
    in the facility operator's Rules Submission, the hands shall be reset": the Maryland
    default; the AMB-36 reading (a player bank sets freely) stays an option."""
    rnd = _md_bank_round(MD)
    hw = rnd.house_way.set(rnd.dealt["2"])
    other = next(s for s in rnd.legal_settings("2") if s.key() != hw.key())
    rnd.set_bank(list(other.high.tiles), list(other.low.tiles))
    assert rnd.bank_setting.key() == hw.key()
    assert any(o.kind == "reset_to_house_way" for o in rnd.log)
    free = replace(MD, banking=replace(MD.banking, bank_hand_by_house_way=False))
    rnd = _md_bank_round(free)
    rnd.set_bank(list(other.high.tiles), list(other.low.tiles))
    assert rnd.bank_setting.key() == other.key()


# --- 6. New Jersey: the bonus maximum, and main plus bonus within the table maximum -----------


def test_001_summary_bonus_and_combined_maximum() -> None:
    """001 Summary, §34.7: "the sum of the supreme pai gow wager and the bonus wager shall not
    exceed the posted table maximum"; the bonus has its own maximum (AMB-53)."""
    assert NJ.side_bets.supreme_combined_max_cents == NJ.table.max_wager
    rnd = Round(NJ, {"A": "1"}, {"A": 10**7})
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 400_000)
    with pytest.raises(IllegalActionError, match="posted maximum"):
        rnd.wager("A", "1", 100_001, "supreme-bonus")
    rnd.wager("A", "1", 100_000, "supreme-bonus")
    prof = replace(NJ, side_bets=replace(NJ.side_bets, supreme_bonus_max_cents=10_000))
    rnd = Round(prof, {"A": "1"}, {"A": 10**7})
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 1_000)
    with pytest.raises(IllegalActionError, match=r"\$1\.00\.\.\$100\.00"):
        rnd.wager("A", "1", 10_001, "supreme-bonus")


# --- 7. two spots: the larger wager set first, equal wagers counterclockwise -------------------


@pytest.mark.parametrize(
    ("first", "second", "must_first"), [(1_000, 3_000, "2"), (2_000, 2_000, "1")]
)
def test_002_10_the_larger_wager_is_set_first(first: int, second: int, must_first: str) -> None:
    """002 §10, 000 §30-2611, 004 Ch.5 §E(2)/(3), 001 §34.15(b): "the player shall rank and set
    the hand with the larger wager before ... the other hand"; equal wagers counterclockwise
    (position 1 before 2); the other order is refused."""
    rnd = Round(GEN, {"A": "1"}, {"A": 10**6})
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", first)
    rnd.wager("A", "2", second)
    rnd.no_more_bets()
    rnd.choose_style("a")
    rnd.roll((1, 2, 3))
    rnd.deal()
    later = "1" if must_first == "2" else "2"
    with pytest.raises(IllegalActionError, match=f"A sets spot {must_first} before spot {later}"):
        rnd.set_house_way(later)
    assert rnd.unset_spots() == [must_first, later]
    rnd.set_house_way(must_first)
    rnd.set_house_way(later)
    run_dealer(rnd, random.Random(4))
    replay(round_record(rnd))


# --- 8. the bank offer moves among the seated players -----------------------------------------


def test_002_8c_the_first_offer_moves_among_the_seated_players() -> None:
    """002 §8(c), 004 Ch.9 §C, 001 §34.13(c): when every seated player declines, the first
    offer moves to the next *seated* player, then returns to the dealer: no rounds pass with
    no seated player offered the bank while empty seats are walked through."""
    s = TableSession(GEN, {"A": "1", "C": "3"}, dict.fromkeys("AC", 10**6))
    offered = []
    for i in range(6):
        offered.append([name for _, name in s.offers()])
        house_round(s, {"A": 1_000, "C": 1_000}, seed=i)  # everybody declines
    assert offered == [[], ["A", "C"], ["C"], [], ["A", "C"], ["C"]]
    assert "returns to the dealer" not in s.why_not("A")


# --- also expressible ---------------------------------------------------------------------------


def test_r_surr_01_no_surrender_once_the_hand_is_exposed() -> None:
    """000 §30-2608(6), 002 §7(f): surrender is announced "prior to the dealer exposing either
    of the two hands of that player": exposure is a step of its own."""
    rnd = Round(GEN, {"A": "1", "B": "2"}, dict.fromkeys("AB", 10**6))
    run_dealer(
        rnd, random.Random(5), until="surrender", players=[ComputerPlayer("A"), ComputerPlayer("B")]
    )
    with pytest.raises(IllegalActionError, match="next hand exposed is spot 1"):
        rnd.expose_hand("2")
    rnd.expose_hand("1")
    with pytest.raises(IllegalActionError, match="before exposure"):
        rnd.surrender("1")
    rnd.surrender("2")
    rnd.settle()
    replay(round_record(rnd))


def test_003_9_20_the_posted_collection_schedule() -> None:
    """003 ¶9, ¶20 and the posted schedule: collection by the size of the bet."""
    prof = replace(
        LC, commission=replace(LC.commission, collection_schedule=[[2_000, 100], [500_000, 300]])
    )
    seats = {"PD": "1", "A": "2"}
    rnd = Round(prof, seats, dict.fromkeys(seats, 10**6), banker=Banker("player-dealer", "PD", "1"))
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "2", 2_000)
    rnd.wager("A", "2", 2_001)
    fees = [t.cents for t in rnd.ledger.transfers if t.reason == "collection"]
    assert fees == [100, 300]


def _lc_showdown() -> tuple[Round, str]:
    rnd = _lc_dealt()
    ref = next(w.ref for w in rnd.wagers if w.player == "A")
    return rnd, ref


def test_003_48_a_fouled_hand_is_forfeited_to_the_extent_money_covers() -> None:
    """003 ¶48: switching, passing or holding out tiles fouls the hand: the wager is
    forfeited to the extent that money covers (the PD's action)."""
    rnd, ref = _lc_showdown()
    rnd.foul("2")
    run_dealer(rnd, random.Random(6))
    assert rnd.results[ref]["result"] == "lose"
    assert "fouled" in rnd.results[ref]["reason"]
    replay(round_record(rnd))


@pytest.mark.parametrize("known", [True, False])
def test_003_49_50_a_removed_bet_still_settles(known: bool) -> None:
    """003 ¶49/¶50: a bet taken off the layout in play settles: at its amount when known;
    otherwise a loser pays the maximum bet and a winner is paid the minimum, to the extent
    money covers."""
    rnd, ref = _lc_showdown()
    rnd.remove_bet(ref, known)
    assert rnd.ledger.balance("layout") == 1_000  # B's bet only
    run_dealer(rnd, random.Random(7))
    res = rnd.results[ref]
    assert res["removed"] == ("known" if known else "unknown")
    t = LC.table
    expected = {"win": t.min_wager, "lose": min(t.max_wager, 10_000), "push": 0}[res["result"]]
    assert res["stake"] == (1_000 if known else expected)
    assert sum(rnd.net().values()) == 0
    replay(round_record(rnd))


def test_000_2607_01_6_the_shaker_lets_the_dealer_shake() -> None:
    """000 §30-2607.01(6): "Any player who gains the opportunity to shake the dice may choose
    to have the dealer shake the dice for that player": the dealer shakes, the player keeps
    the shaker's dice bonus odds (30 to 1 on a first triple)."""
    from paigow.table.variations import TableOptions

    rnd = Round(
        CO,
        {"X": "5", "Y": "3"},
        dict.fromkeys("XY", 10**7),
        options=TableOptions(None, True, 0, "X", (), False),
    )
    rnd.shuffle(list(FULL_SET))
    rnd.wager("X", "5", 1_000)
    rnd.wager("X", "5", 1_000, "dice-bonus")
    rnd.no_more_bets()
    rnd.choose_style("a")
    with pytest.raises(IllegalActionError, match="does not shake"):
        rnd.dealer_shakes("Y")
    rnd.dealer_shakes("X")
    op = rnd.roll((4, 4, 4))
    assert op.actor == "dealer"
    bonus = next(w for w in rnd.wagers if w.kind == "dice-bonus")
    assert rnd.results[bonus.ref]["pays"] == 30
    run_dealer(rnd, random.Random(8))
    replay(round_record(rnd))


def test_001_34_6_d_the_cut_goes_to_the_first_player_to_arrive() -> None:
    """001 §34.6(d)1: "The first player to the table, if the game is just beginning"."""
    s = TableSession(NJ, {"C": "5", "A": "1"}, dict.fromkeys("AC", 10**6))
    assert s.cut_offers() == ["C"]
    s.seat("B", "3", 10**6)
    assert s.cut_offers() == ["C"]


def test_003_39_49_a_removed_bet_then_a_dead_hand() -> None:
    """003 ¶49 then ¶39(b): a bet already off the layout is not returned a second time when
    its hand goes dead."""
    rnd, ref = _lc_showdown()
    rnd.remove_bet(ref, True)
    rnd.expose_dealt("2", 2)
    assert "2" in rnd.voided_spots
    run_dealer(rnd, random.Random(9))
    assert rnd.net()["player:A"] == -LC.commission.collection_cents
    replay(round_record(rnd))
