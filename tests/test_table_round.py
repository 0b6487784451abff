"""The round state machine: procedure, worked examples and bad input (R-START .. R-SETTLE)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from paigow.errors import IllegalActionError, InvalidSettingError, ParseError, ReplayMismatchError
from paigow.games.tiles.tiles import FULL_SET, Tile, parse_tiles
from paigow.games.tiles.ways import get_way
from paigow.profiles import get_profile
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Round

REG = get_way("regulation")


def make_round(profile: str = "generic", n: int = 4, **kw: Any) -> Round:
    prof = get_profile(profile)
    names = [f"P{i}" for i in range(1, n + 1)]
    return Round(
        prof,
        {p: str(i) for i, p in enumerate(names, 1)},
        dict.fromkeys(names, 100_000),
        **kw,
    )


def rigged_order(hands: dict[int, str]) -> list[Tile]:
    """A shuffle whose stack ``s_k`` (1-based) holds the given tiles; the rest filled in."""
    rest = list(FULL_SET)
    stacks: dict[int, list[Tile]] = {}
    for k, text in hands.items():
        ts = list(parse_tiles(text))
        for t in ts:
            rest.remove(t)
        stacks[k] = ts
    order: list[Tile] = []
    for k in range(1, 9):
        order += stacks.get(k) or [rest.pop(0) for _ in range(4)]
    return order


def snapshot(rnd: Round) -> str:
    return json.dumps(round_record(rnd), sort_keys=True)


@pytest.mark.parametrize(
    ("total", "start"),
    [(3, "2"), (8, "dead"), (9, "dealer"), (10, "1"), (15, "6"), (16, "dead"), (18, "1")],
)
def test_tc_01_02_05_dice_total_start_position(total: int, start: str) -> None:
    """TC-01 (9 -> dealer), TC-02 (15 -> sixth position), TC-05 (R-START-03/04)."""
    rnd = make_round()
    run_dealer(rnd, random.Random(1), until="shake", players=[ComputerPlayer("P1", REG)])
    dice = next(
        (a, b, c)
        for a in range(1, 7)
        for b in range(1, 7)
        for c in range(1, 7)
        if a + b + c == total
    )
    op = rnd.roll(dice)
    assert op.data["start"] == start == rnd.start


@pytest.mark.parametrize(("total", "start"), [(15, "1"), (9, "3"), (14, "dealer"), (5, "dead")])
def test_tc_06_bank_counts_as_one(total: int, start: str) -> None:
    """TC-06 / R-START-05: in a bank round the count starts at the bank (P3)."""
    rnd = make_round(n=5, banker=Banker("player", "P3", "3"))
    run_dealer(rnd, random.Random(2), until="cut")
    rnd.cut(None)
    rnd.wager("P1", "1", 1000)
    rnd.no_more_bets()
    rnd.choose_style("a")
    dice = next(
        (a, b, c)
        for a in range(1, 7)
        for b in range(1, 7)
        for c in range(1, 7)
        if a + b + c == total
    )
    assert rnd.roll(dice).data["start"] == start


def test_r_deal_03_unwagered_stacks_collected_and_deal_invariant() -> None:
    """R-DEAL-01/03, R-STYLE-11: every position gets 4 tiles; unwagered stacks collected.
    (Maryland: the dealer may choose the style, AMB-37.)"""
    for style in "abcdefghij":
        rnd = make_round("maryland")
        run_dealer(
            rnd,
            random.Random(3),
            until="setting",
            players=[ComputerPlayer("P2", REG)],
            style=style,
        )
        tiles = sorted(t.index for hand in rnd.dealt.values() for t in hand)
        assert tiles == sorted(t.index for t in FULL_SET)
        assert set(rnd.collected) == {"1", "3", "4", "5", "6", "dead"}


def test_tc_62_lucky_chances_action_limited_to_stake() -> None:
    """TC-62 / R-LC-09 (¶55): PD stakes $200; first resolved bets $60 and loses, the next
    $40 and wins: PD +$20, $100 of its stake used."""
    prof = get_profile("lucky-chances")
    rnd = Round(
        prof,
        {"PD": "1", "A": "3", "B": "4"},
        {"PD": 100_000, "A": 100_000, "B": 100_000},
        banker=Banker("player-dealer", "PD", "1"),
        collection_free=True,
    )
    # dice 1+1+1 = 3 counted from the PD (seat 1) -> seat 3 gets s1 (the ACTION stack)
    rnd.shuffle(rigged_order({1: "1-4 3-5 2-3 2-6", 2: "1-2 2-4 6-6 3-3", 7: "1-3 2-2 5-6 1-6"}))
    rnd.place_pd_wager(20_000)
    rnd.wager("A", "3", 6_000)
    rnd.wager("B", "4", 4_000)
    rnd.no_more_bets()
    rnd.choose_style("a")
    assert rnd.roll((1, 1, 1)).data["start"] == "3"
    rnd.deal()
    rnd.set_hand("A", "3", "1-4 3-5", "2-3 2-6")
    rnd.set_hand("B", "4", "1-2 2-4", "6-6 3-3")
    rnd.set_bank("1-3 2-2", "5-6 1-6")
    op = rnd.settle()
    assert op.data["results"]["player-dealer"]["action_used"] == 10_000
    assert rnd.net() == {"house": 0, "player:A": -6_000, "player:B": 4_000, "player:PD": 2_000}
    replay(round_record(rnd))


def test_r_lc_10_obviously_incorrect_setting_on_shared_spot() -> None:
    """TC-68 / R-LC-10: the controlling player plays as set; the smaller bettor's share is
    compared with the House Way setting."""
    prof = get_profile("lucky-chances")
    rnd = Round(
        prof,
        {"PD": "1", "A": "3", "B": "5"},
        dict.fromkeys(("PD", "A", "B"), 100_000),
        banker=Banker("player-dealer", "PD", "1"),
        collection_free=True,
    )
    rnd.shuffle(rigged_order({1: "6-6 1-1 1-3 3-3", 7: "4-5 2-3 2-5 1-5"}))
    rnd.place_pd_wager(50_000)
    rnd.wager("A", "3", 30_000)
    rnd.wager("B", "3", 10_000)
    rnd.no_more_bets()
    rnd.choose_style("a")
    rnd.roll((1, 1, 1))
    rnd.deal()
    assert rnd.controller("3") == "A"
    with pytest.raises(IllegalActionError, match="A sets it"):
        rnd.set_hand("B", "3", "6-6 3-3", "1-1 1-3")
    rnd.set_hand("A", "3", "6-6 1-1", "1-3 3-3")  # as set: high 4, low 0
    rnd.set_bank()
    results = rnd.settle().data["results"]
    a = next(r for r in results.values() if r.get("player") == "A")
    b = next(r for r in results.values() if r.get("player") == "B")
    assert "reset_to_house_way" not in a
    assert b["reset_to_house_way"] is True


def test_bad_input_never_corrupts_the_round() -> None:
    """Wrong actions, over-limit bets, a bank without chips, foreign tiles: each a clear
    error, state unchanged, and the round goes on."""
    prof = get_profile("generic")
    rnd = Round(
        prof,
        {"A": "1", "B": "2", "C": "3"},
        {"A": 100_000, "B": 100_000, "C": 3_000},
        banker=Banker("player", "C", "3"),
    )
    bad: list[tuple[Any, type[Exception], str]] = [
        (rnd.deal, IllegalActionError, "phase"),
        (lambda: rnd.shuffle(list(FULL_SET)[:31]), IllegalActionError, "32 tiles"),
        (lambda: rnd.shuffle("6-6 6-6 6-6"), IllegalActionError, "32 tiles"),
        (lambda: rnd.shuffle("9-9"), ParseError, "9-9"),
    ]
    for action, exc, msg in bad:
        before = snapshot(rnd)
        with pytest.raises(exc, match=msg):
            action()
        assert snapshot(rnd) == before
    run_dealer(rnd, random.Random(5), until="cut")
    rnd.cut("a:3-4:right")
    bad = [
        (lambda: rnd.wager("A", "1", 600_000), IllegalActionError, "maximum"),
        (lambda: rnd.wager("A", "1", 100), IllegalActionError, "minimum"),
        (lambda: rnd.wager("A", "1", 4_000), IllegalActionError, "cannot cover"),
        (lambda: rnd.wager("C", "3", 1_000), IllegalActionError, "is the bank"),
        (lambda: rnd.wager("Z", "4", 1_000), IllegalActionError, "not seated"),
        (lambda: rnd.wager("A", "5", 1_000), IllegalActionError, "may wager only"),
        (lambda: rnd.wager("A", "2", 1_000), IllegalActionError, "another player"),
        (lambda: rnd.wager("A", "1", -5), IllegalActionError, r"more than \$0\.00"),
        (rnd.no_more_bets, IllegalActionError, "no wager"),
        (rnd.set_bank, IllegalActionError, "phase"),
    ]
    for action, exc, msg in bad:
        before = snapshot(rnd)
        with pytest.raises(exc, match=msg):
            action()
        assert snapshot(rnd) == before
    rnd.wager("A", "1", 1_500)
    rnd.wager("B", "2", 1_500)
    rnd.no_more_bets()
    rnd.choose_style("c", "bank")
    rnd.roll((2, 3, 4))
    rnd.deal()
    foreign = [t for t in FULL_SET if t not in rnd.dealt["1"]][:4]
    mine = list(rnd.dealt["1"])
    bad = [
        (lambda: rnd.set_hand("A", "1", foreign[:2], foreign[2:]), InvalidSettingError, "not made"),
        (lambda: rnd.set_hand("B", "1", mine[:2], mine[2:]), IllegalActionError, "may not set"),
        (lambda: rnd.set_hand("A", "4", mine[:2], mine[2:]), IllegalActionError, "no hand"),
        (lambda: rnd.surrender("1"), IllegalActionError, "phase"),
        (rnd.settle, IllegalActionError, "phase"),
    ]
    for action, exc, msg in bad:
        before = snapshot(rnd)
        with pytest.raises(exc, match=msg):
            action()
        assert snapshot(rnd) == before
    run_dealer(rnd, random.Random(6))
    assert rnd.phase == "done"
    assert sum(rnd.net().values()) == 0
    replay(round_record(rnd))


def test_r_set_09_reversed_setting_rejected_but_lucky_chances_plays_as_set() -> None:
    """AMB-27 / R-SET-09: high below low is refused; LC ¶42 plays hands as set."""
    for profile, ok in (("generic", False), ("lucky-chances", True)):
        prof = get_profile(profile)
        banker = Banker("player-dealer", "P2", "2") if profile == "lucky-chances" else None
        rnd = Round(
            prof,
            {"P1": "1", "P2": "2"},
            dict.fromkeys(("P1", "P2"), 100_000),
            banker=banker,
            collection_free=True,
        )
        rnd.shuffle(list(FULL_SET))
        if banker:
            rnd.place_pd_wager(10_000)
        rnd.wager("P1", "1", 1_000)
        rnd.no_more_bets()
        rnd.choose_style("a")
        rnd.roll((1, 2, 3))
        rnd.deal()
        best = max(rnd.legal_settings("1"), key=lambda s: s.high.strength - s.low.strength)
        hi, lo = list(best.low.tiles), list(best.high.tiles)
        if best.high.strength == best.low.strength:
            continue
        if ok:
            rnd.set_hand("P1", "1", hi, lo)
        else:
            with pytest.raises(InvalidSettingError, match="ranks below"):
                rnd.set_hand("P1", "1", hi, lo)


def test_r_hw_02_dealer_mis_set_is_reset_to_house_way() -> None:
    """R-HW-02 / R-IRR-CO-7: a dealer setting other than the house way is reset."""
    rnd = make_round("colorado")
    run_dealer(rnd, random.Random(8), until="bank", players=[ComputerPlayer("P1", REG)])
    hw = REG.set(rnd.dealt["dealer"])
    other = next(s for s in rnd.legal_settings("dealer") if s.key() != hw.key())
    rnd.set_bank(list(other.high.tiles), list(other.low.tiles))
    assert rnd.log[-1].kind == "reset_to_house_way"
    assert rnd.bank_setting is not None and rnd.bank_setting.key() == hw.key()
    run_dealer(rnd, random.Random(8))
    replay(round_record(rnd))


def test_irregularities_void_and_exposed_tiles() -> None:
    """R-IRR-MD-4/5, R-IRR-CO-8, R-LC-16: void returns every wager; exposures by document."""
    rnd = make_round("maryland")
    run_dealer(
        rnd,
        random.Random(9),
        until="setting",
        players=[ComputerPlayer("P1", REG), ComputerPlayer("P2", REG)],
    )
    rnd.expose_dealt("1")
    rnd.void_hand("1")
    with pytest.raises(IllegalActionError):
        rnd.void_hand("2")
    rnd.expose_dealt("dealer")
    assert rnd.phase == "done" and rnd.void_reason
    assert rnd.net() == {"house": 0, "player:P1": 0, "player:P2": 0, "player:P3": 0, "player:P4": 0}
    replay(round_record(rnd))
    co = make_round("colorado")
    run_dealer(
        co,
        random.Random(9),
        until="setting",
        players=[ComputerPlayer("P1", REG), ComputerPlayer("P2", REG)],
    )
    co.tile_off_table("2")
    run_dealer(co, random.Random(9), players=[ComputerPlayer("P1", REG)])
    assert co.net()["player:P2"] == -1000
    replay(round_record(co))
    md = make_round("maryland")
    run_dealer(md, random.Random(9), until="setting", players=[ComputerPlayer("P1", REG)])
    with pytest.raises(IllegalActionError, match="no tile-off-table"):
        md.tile_off_table("1")


def test_stacking_exposure_lucky_chances_key_tiles_only() -> None:
    """R-SHUF-05 / R-LC-16: LC reshuffles only for a 2, 12, LOW 3, LOW 6 or two tiles."""
    prof = get_profile("lucky-chances")
    rnd = Round(
        prof,
        {"A": "1", "B": "2"},
        dict.fromkeys("AB", 100_000),
        banker=Banker("player-dealer", "A", "1"),
    )
    rnd.shuffle(list(FULL_SET))
    assert not rnd.expose_while_stacking("5-5").data["reshuffle"]
    assert rnd.phase == "wagers"
    rnd2 = Round(
        prof,
        {"A": "1", "B": "2"},
        dict.fromkeys("AB", 100_000),
        banker=Banker("player-dealer", "A", "1"),
    )
    rnd2.shuffle(list(FULL_SET))
    assert rnd2.expose_while_stacking("1-2").data["reshuffle"]
    assert rnd2.phase == "shuffle"
    gen = make_round("generic")
    gen.shuffle(list(FULL_SET))
    assert gen.expose_while_stacking("5-5").data["reshuffle"]


def test_surrender_r_surr_01_and_lucky_chances_refuses() -> None:
    """R-SURR-01: after the dealer sets, the whole wager is lost; R-SURR-02: not in LC."""
    rnd = make_round("generic")
    run_dealer(rnd, random.Random(10), until="surrender", players=[ComputerPlayer("P1", REG)])
    rnd.surrender("1")
    rnd.settle()
    assert rnd.net()["player:P1"] == -1000
    lc = Round(
        get_profile("lucky-chances"),
        {"A": "1", "B": "2"},
        dict.fromkeys("AB", 100_000),
        banker=Banker("player-dealer", "A", "1"),
    )
    run_dealer(lc, random.Random(10), until="wagers")
    lc.place_pd_wager(10_000)
    run_dealer(lc, random.Random(10), until="surrender", players=[ComputerPlayer("B", REG)])
    with pytest.raises(IllegalActionError, match="R-SURR-02"):
        lc.surrender("2")


def test_replay_detects_a_tampered_record() -> None:
    rnd = make_round()
    run_dealer(rnd, random.Random(11), players=[ComputerPlayer("P1", REG)])
    rec = json.loads(json.dumps(round_record(rnd)))
    replay(rec)
    rec["net"]["player:P1"] += 1
    with pytest.raises(ReplayMismatchError, match="net"):
        replay(rec)
    rec = json.loads(json.dumps(round_record(rnd)))
    rec["operations"][0]["data"]["order"][0] = "5-5"
    with pytest.raises(ReplayMismatchError):
        replay(rec)


def test_record_has_the_documented_fields() -> None:
    """R-SETTLE-10: hands as dealt and as set, wagers with results, net summing to zero."""
    rnd = make_round(banker=Banker("player", "P1", "1"), dealer_wager_limit=1000)
    run_dealer(rnd, random.Random(12), until="wagers")
    rnd.place_dealer_wager(1000)
    run_dealer(rnd, random.Random(12), players=[ComputerPlayer("P2", REG)])
    rec = round_record(rnd)
    assert {"profile", "dice", "start", "positions", "net", "operations"} <= set(rec)
    assert rec["start"] in {"dealer", "dead", *map(str, range(1, 7))}
    assert sum(rec["net"].values()) == 0
    p2 = rec["positions"]["2"]
    assert len(p2["dealt"]) == 4 and p2["setting"]["high"] and p2["wagers"][0]["result"]
    assert rec["positions"]["dealer"]["wagers"][0]["kind"] == "dealer"


def _lc_round(pd_seat: str) -> Round:
    prof = get_profile("lucky-chances")
    seats = {"PD": pd_seat, "A": "1" if pd_seat != "1" else "2"}
    rnd = Round(
        prof,
        seats,
        dict.fromkeys(seats, 100_000),
        banker=Banker("player-dealer", "PD", pd_seat),
        collection_free=True,
    )
    rnd.shuffle(list(FULL_SET))
    rnd.place_pd_wager(10_000)
    rnd.wager("A", seats["A"], 1_000)
    rnd.no_more_bets()
    rnd.choose_style("a")
    return rnd


def test_tc_65_lucky_chances_count_from_the_player_dealer() -> None:
    """TC-65 / R-LC-07, AMB-70: dice 11 with the PD in the fourth seat (index 3 of 0..7)
    lands on index (3 + 10) mod 8 = 5, our seat 6, which gets the ACTION stack."""
    rnd = _lc_round("4")
    assert rnd.roll((3, 4, 4)).data["start"] == "6"


def test_tc_66_two_tiles_exposed_to_the_player_dealer_void_the_play() -> None:
    """TC-66 / R-LC-16: two tiles exposed while dealing to the PD: play is dead."""
    rnd = _lc_round("4")
    rnd.roll((1, 2, 3))
    rnd.deal()
    rnd.expose_dealt("4", 2)
    assert rnd.phase == "done" and rnd.void_reason
    assert all(v == 0 for v in rnd.net().values())


def test_tc_67_one_tile_exposed_to_a_player_must_be_accepted() -> None:
    """TC-67 / R-LC-16: one tile exposed to a player: the player plays on."""
    rnd = _lc_round("4")
    rnd.roll((1, 2, 3))
    rnd.deal()
    rnd.expose_dealt("1", 1)
    with pytest.raises(IllegalActionError, match="accepted"):
        rnd.void_hand("1")
    assert rnd.phase == "setting"
    run_dealer(rnd, random.Random(1))
    assert rnd.phase == "done" and rnd.void_reason is None
