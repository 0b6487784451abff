"""Pair Fortunes and Dragon's Eye inside the table engine (R-PF, R-DE, TC-49..TC-61)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from paigow.errors import IllegalActionError, ReplayMismatchError
from paigow.games.tiles.tiles import FULL_SET, Tile, parse_tiles
from paigow.games.tiles.ways import get_way
from paigow.profiles import get_profile, parse_profile
from paigow.table.auto import ComputerPlayer, run_dealer
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Round
from paigow.table.session import TableSession
from paigow.table.variations import TableOptions

REG = get_way("regulation")
CO = get_profile("colorado")


def co_round(options: TableOptions, n: int = 6, profile: Any = CO) -> Round:
    names = [f"P{i}" for i in range(1, n + 1)]
    return Round(
        profile,
        {p: str(i) for i, p in enumerate(names, 1)},
        dict.fromkeys(names, 100_000),
        options=options,
    )


def to_dice(rnd: Round, dice: tuple[int, int, int]) -> None:
    rnd.no_more_bets()
    rnd.choose_style("a")
    rnd.roll(dice)


@pytest.mark.parametrize(
    ("dice", "pays"),
    [
        ((1, 2, 3), {1: 1, 2: 1, 3: 1, 4: -1, 5: -1, 6: -1}),
        ((3, 3, 4), {3: 2, 4: 1, 1: -1, 5: -1}),
        ((5, 5, 5), {5: 3, 1: -1}),
    ],
)
def test_tc_49_50_51_match_pays_per_die(dice: tuple[int, int, int], pays: dict[int, int]) -> None:
    """TC-49 (1-2-3), TC-50 (3-3-4), TC-51 (5-5-5): match pays 1 to 1 per die (R-DE-05)."""
    rnd = co_round(TableOptions(dragons_eye=True))
    rnd.shuffle(list(FULL_SET))
    for pos in pays:
        rnd.wager(f"P{pos}", str(pos), 1_000)
        rnd.wager(f"P{pos}", str(pos), 500, "de-match")
    to_dice(rnd, dice)
    for w in rnd.wagers:
        if w.kind == "de-match":
            assert rnd.results[w.ref]["pays"] == pays[int(w.spot)]
    run_dealer(rnd, random.Random(1))
    assert sum(rnd.net().values()) == 0
    replay(round_record(rnd))


def _de_round(dice: tuple[int, int, int], vig_mode: str = "a") -> tuple[Round, dict[str, str]]:
    prof = CO
    if vig_mode == "b":
        data = CO.to_dict()
        data["side_bets"]["dragons_eye_vig_mode"] = "b"
        prof = parse_profile(data)
    rnd = co_round(TableOptions(dragons_eye=True), profile=prof)
    rnd.shuffle(list(FULL_SET))
    refs: dict[str, str] = {}
    rnd.wager("P1", "1", 1_000)
    for kind in ("de-odd", "de-even", "de-double", "de-triple", "dice-bonus"):
        op = rnd.wager("P1", "1", 500, kind)
        refs[kind] = op.data["ref"]
    rnd.wager("P5", "5", 1_000)
    refs["match5"] = rnd.wager("P5", "5", 500, "de-match").data["ref"]
    rnd.wager("P2", "2", 1_000)
    refs["match2"] = rnd.wager("P2", "2", 500, "de-match").data["ref"]
    rnd.wager("P6", "6", 1_000)
    refs["match6"] = rnd.wager("P6", "6", 500, "de-match").data["ref"]
    to_dice(rnd, dice)
    return rnd, refs


def test_tc_52_triple_five() -> None:
    """TC-52: DE 5, others 5, 5: odd and even lose, double 4:1 (AMB-13b), triple 30:1, match
    P5 3:1, dice bonus 25:1 (dealer shook); the button goes to P5; the first stack to P5."""
    rnd, refs = _de_round((5, 5, 5))
    pays = {k: rnd.results[r]["pays"] for k, r in refs.items()}
    assert pays == {
        "de-odd": -1,
        "de-even": -1,
        "de-double": 4,
        "de-triple": 30,
        "dice-bonus": 25,
        "match5": 3,
        "match2": -1,
        "match6": -1,
    }
    assert rnd.dice_phase is not None and rnd.dice_phase.button == 5
    assert rnd.start == "5"  # R-START-09
    assert rnd.retained == [("P1", "1", 500)]  # the winning dice bonus stays (AMB-14(ii))
    run_dealer(rnd, random.Random(2))
    assert sum(rnd.net().values()) == 0


def test_tc_52_vig_mode_b_triple_loses_pai_gow_wagers() -> None:
    """TC-52 / R-DE-11 (b): on a triple every Pai Gow Tiles wager loses in the dice phase."""
    rnd, _ = _de_round((5, 5, 5), vig_mode="b")
    mains = [w for w in rnd.wagers if w.kind == "main"]
    assert all(rnd.results[w.ref]["result"] == "lose" for w in mains)
    run_dealer(rnd, random.Random(3))
    assert rnd.phase == "done"
    net = rnd.net()
    assert sum(net.values()) == 0
    with pytest.raises(ReplayMismatchError, match="dragons_eye_vig_mode: record 'b'"):
        replay(round_record(rnd))  # the rules differ from the bundled Colorado profile
    replay(round_record(rnd), profile=rnd.profile)


def test_tc_53_even_two_and_double_sixes() -> None:
    """TC-53: DE 2, others 6, 6: even wins, odd loses, double 4:1, triple loses, match P2 1:1
    and P6 2:1, dice bonus loses (streak reset)."""
    rnd, refs = _de_round((2, 6, 6))
    pays = {k: rnd.results[r]["pays"] for k, r in refs.items()}
    assert pays == {
        "de-odd": -1,
        "de-even": 1,
        "de-double": 4,
        "de-triple": -1,
        "dice-bonus": -1,
        "match5": -1,
        "match2": 1,
        "match6": 2,
    }
    assert rnd.dice_phase is not None and rnd.dice_phase.streak_after == 0


def test_tc_54_dice_bonus_streak_across_rounds() -> None:
    """TC-54 / AMB-12, AMB-14: triples in three rounds then none: 25:1 (dealer shook), then
    500:1 to the shaker X and 50:1 to others, then 10,000:1 to Y and 1,000:1 to others, then
    all lose; no new dice bonus after a triple."""
    seats = {"X": "5", "Y": "3", "Z": "1"}
    s = TableSession(CO, seats, dict.fromkeys(seats, 10_000_000), dragons_eye=True)
    plan = [(5, 5, 5), (3, 3, 3), (4, 4, 4), (1, 2, 4)]
    expected = [
        {"X": 25, "Y": 25, "Z": 25},
        {"X": 500, "Y": 50, "Z": 50},
        {"X": 1000, "Y": 10_000, "Z": 1000},
        {"X": -1, "Y": -1, "Z": -1},
    ]
    for i, dice in enumerate(plan):
        rnd = s.new_round()
        rnd.shuffle(list(FULL_SET))
        for name, seat in seats.items():
            rnd.wager(name, seat, 1_000)
            if i == 0:
                rnd.wager(name, seat, 1_000, "dice-bonus")
            else:
                with pytest.raises(IllegalActionError, match="after a triple"):
                    rnd.wager(name, seat, 1_000, "dice-bonus")
        shaker = rnd.options.de_shaker
        assert shaker == {0: None, 1: "X", 2: "Y", 3: None}[i]
        to_dice(rnd, dice)
        got = {w.player: rnd.results[w.ref]["pays"] for w in rnd.wagers if w.kind == "dice-bonus"}
        assert got == expected[i]
        run_dealer(rnd, random.Random(i))
        rec = s.finish(rnd)
        replay(rec)


def _pf_round(profile: str, tiles: str, table: str = "1") -> tuple[Round, str]:
    prof = get_profile(profile)
    rnd = Round(
        prof,
        {"A": "1", "B": "2"},
        {"A": 100_000, "B": 100_000},
        options=TableOptions(pair_fortunes=table),
    )
    rest = list(FULL_SET)
    mine: list[Tile] = list(parse_tiles(tiles))
    for t in mine:
        rest.remove(t)
    rnd.shuffle(mine + rest)  # s1 = our tiles; dice 10 counted from the dealer -> P1
    rnd.wager("A", "1", 1_000)
    ref = rnd.wager("A", "1", 500, "pair-fortunes").data["ref"]
    rnd.no_more_bets()
    rnd.choose_style("a")
    rnd.roll((2, 3, 5))
    rnd.deal()
    assert sorted(map(str, rnd.dealt["1"])) == sorted(tiles.split())
    return rnd, ref


@pytest.mark.parametrize(
    ("tiles", "cls", "pays"),
    [
        ("1-2 2-4 6-6 6-6", "Gee Joon Pair and Heaven Pair", 300),
        ("6-6 6-6 3-6 4-5", "2 Pair", 25),
        ("1-2 2-4 5-5 3-3", "Gee Joon Pair", 8),
        ("3-6 4-5 6-6 1-1", "Mixed Pair", 4),
        ("5-5 5-5 1-2 6-6", "Identical Pair", 3),
        ("6-6 4-5 1-1 2-6", "No pair", -1),
    ],
)
def test_tc_55_61_pair_fortunes_on_the_dealt_tiles(tiles: str, cls: str, pays: int) -> None:
    """TC-55..61 / R-PF-03..05: settled on the four tiles dealt, whatever the setting."""
    rnd, ref = _pf_round("colorado", tiles)
    worst = min(rnd.legal_settings("1"), key=lambda s: s.high.strength + s.low.strength)
    rnd.set_hand("A", "1", list(worst.high.tiles), list(worst.low.tiles))
    run_dealer(rnd, random.Random(4))
    assert rnd.results[ref]["class"] == cls and rnd.results[ref]["pays"] == pays
    won = sum(t.cents for t in rnd.ledger.transfers if t.ref == ref and t.src == "house")
    assert won == (500 * pays if pays > 0 else 0)
    replay(round_record(rnd))


def test_r_pf_02_base_wager_rules_by_profile() -> None:
    """R-PF-02: Maryland requires a Pai Gow wager; Colorado leaves it to the licensee (off)."""
    for profile, needs in (("maryland", True), ("colorado", False)):
        prof = get_profile(profile)
        table = "A" if profile == "maryland" else "1"
        rnd = Round(prof, {"A": "1"}, {"A": 100_000}, options=TableOptions(pair_fortunes=table))
        rnd.shuffle(list(FULL_SET))
        if needs:
            with pytest.raises(IllegalActionError, match="needs a Pai Gow"):
                rnd.wager("A", "1", 500, "pair-fortunes")
        else:
            rnd.wager("A", "1", 500, "pair-fortunes")


def test_variations_are_refused_where_the_profile_does_not_allow_them() -> None:
    """M-33: generic offers no side bets; Maryland no Dragon's Eye; AMB-91: none with a bank."""
    gen = get_profile("generic")
    with pytest.raises(IllegalActionError, match="Pair Fortunes"):
        Round(gen, {"A": "1"}, {"A": 1}, options=TableOptions(pair_fortunes="1"))
    with pytest.raises(IllegalActionError, match="Dragon's Eye"):
        Round(get_profile("maryland"), {"A": "1"}, {"A": 1}, options=TableOptions(dragons_eye=True))
    with pytest.raises(IllegalActionError, match="not offered"):
        Round(CO, {"A": "1"}, {"A": 1}, options=TableOptions(pair_fortunes="A"))
    with pytest.raises(IllegalActionError, match="AMB-91"):
        Round(
            CO,
            {"A": "1", "B": "2"},
            {"A": 1, "B": 1},
            banker=Banker("player", "A", "1"),
            options=TableOptions(dragons_eye=True),
        )
    rnd = co_round(TableOptions())
    rnd.shuffle(list(FULL_SET))
    rnd.wager("P1", "1", 1_000)
    with pytest.raises(IllegalActionError, match="not offered"):
        rnd.wager("P1", "1", 500, "de-odd")


def test_computer_players_with_side_bets_conserve_chips() -> None:
    opts = TableOptions(pair_fortunes="2", dragons_eye=True)
    for seed in range(30):
        rnd = co_round(opts)
        players = [
            ComputerPlayer(f"P{i}", REG, 1000, ("pair-fortunes", "de-odd", "dice-bonus"))
            for i in range(1, 7)
        ]
        run_dealer(rnd, random.Random(seed), players=players)
        assert sum(rnd.net().values()) == 0
        replay(round_record(rnd))
