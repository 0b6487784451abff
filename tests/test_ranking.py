"""Two-tile hand ranking (R-RANK-01..13) checked exhaustively against ``tests/reference.py``,
against Appendix B of RULES.md (the complete value-tie order) and against the Lucky Chances
value charts of Appendix A (R-HW-05), plus the worked cases TC-11..TC-25.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import cache
from typing import Final

import numpy as np
import pytest

import reference as ref
from paigow.errors import ParseError
from paigow.games.tiles.ranking import (
    PAIR_BASE,
    STRENGTH,
    Hand,
    hand_strength,
    n_rank_positions,
    player_wins_hand,
    rank_position,
    strength_of_kinds,
)
from paigow.games.tiles.tiles import ALL_TILES, FULL_SET, N_KINDS, Tile, tile
from reference import Pips, TwoTiles
from shared_docs import shared_text


def to_tile(p: Pips) -> Tile:
    """The library tile of a reference pip tuple."""
    return tile(ref.show(p))


def lib_hand(a: Pips, b: Pips) -> Hand:
    """The library hand of two reference tiles."""
    return Hand.of(to_tile(a), to_tile(b))


def ordered(a: Pips, b: Pips) -> TwoTiles:
    """A reference hand with its tiles in pip order."""
    return (min(a, b), max(a, b))


def hp(text: str) -> Hand:
    """``hp("6-6 4-5")``: a library hand from text."""
    return Hand.parse(text)


def rp(text: str) -> TwoTiles:
    """``rp("6-6 4-5")``: a reference hand from text."""
    a, b = text.split()
    return (ref.pips(a), ref.pips(b))


#: The C(32, 2) = 496 two-tile hands, as pip tuples, and their library strengths.
HANDS: Final[list[TwoTiles]] = ref.all_two_tile_hands()
DISTINCT: Final[list[TwoTiles]] = sorted(set(HANDS))
LIB_STRENGTH: Final[list[int]] = [lib_hand(a, b).strength for a, b in HANDS]


# --- the 496 hands and the full order ----------------------------------------------------------


def test_r_equip_01_496_two_tile_hands_and_136_kind_pairs() -> None:
    assert len(HANDS) == 496
    assert len(list(itertools.combinations(FULL_SET, 2))) == 496
    kind_pairs = {tuple(sorted((to_tile(a).kind, to_tile(b).kind))) for a, b in HANDS}
    assert len(kind_pairs) == 136  # C(16, 2) + 16: every kind has two tiles
    assert len(DISTINCT) == 221


def test_r_rank_strength_depends_only_on_kinds() -> None:
    """Tiles of one kind rank alike: the 496 hands give one strength per kind pair (136)."""
    by_kinds: dict[tuple[int, int], set[int]] = {}
    for (a, b), s in zip(HANDS, LIB_STRENGTH, strict=True):
        ka, kb = sorted((to_tile(a).kind, to_tile(b).kind))
        by_kinds.setdefault((ka, kb), set()).add(s)
    assert len(by_kinds) == 136
    assert all(len(v) == 1 for v in by_kinds.values())
    for (ka, kb), (s,) in by_kinds.items():
        assert STRENGTH[ka][kb] == STRENGTH[kb][ka] == strength_of_kinds(ka, kb) == s
    assert len(STRENGTH) == N_KINDS and all(len(row) == N_KINDS for row in STRENGTH)
    for (a, b), s in zip(HANDS, LIB_STRENGTH, strict=True):
        assert hand_strength(to_tile(a), to_tile(b)) == hand_strength(to_tile(b), to_tile(a)) == s


def test_r_rank_13_order_of_all_496_x_496_pairs_matches_reference() -> None:
    """The strength order is exactly the reference R-RANK-13 order, pair by pair."""
    keys = sorted({ref.rank_key(a, b) for a, b in DISTINCT})
    position = {k: i for i, k in enumerate(keys)}  # 0 = best
    ref_pos = np.array([position[ref.rank_key(a, b)] for a, b in HANDS])
    lib = np.array(LIB_STRENGTH)
    lib_better = lib[:, None] > lib[None, :]
    ref_better = ref_pos[:, None] < ref_pos[None, :]
    lib_copy = lib[:, None] == lib[None, :]
    ref_copy = ref_pos[:, None] == ref_pos[None, :]
    bad = np.argwhere((lib_better != ref_better) | (lib_copy != ref_copy))
    assert bad.size == 0, [(HANDS[i], HANDS[j]) for i, j in bad[:10]]
    assert lib_better.shape == (496, 496)


FLAGS: Final = list(itertools.product([False, True], repeat=3))


@pytest.mark.parametrize(
    ("low", "zero_zero_banker", "low_zero_loses"),
    FLAGS,
    ids=[f"low={a}-zz={b}-lowzero={c}" for a, b, c in FLAGS],
)
def test_r_rank_13_player_wins_hand_all_496_x_496_pairs(
    low: bool, zero_zero_banker: bool, low_zero_loses: bool
) -> None:
    """R-RANK-13 with R-RANK-04/10 (copies to the banker) and R-RANK-11 (zero rules)."""
    index = {h: i for i, h in enumerate(DISTINCT)}
    expected = [
        [
            ref.player_wins(
                p, b, low=low, zero_zero_banker=zero_zero_banker, low_zero_loses=low_zero_loses
            )
            for b in DISTINCT
        ]
        for p in DISTINCT
    ]
    idx = [index[h] for h in HANDS]
    mismatches = []
    for p, sp in zip(idx, LIB_STRENGTH, strict=True):
        row = expected[p]
        for b, sb in zip(idx, LIB_STRENGTH, strict=True):
            got = player_wins_hand(
                sp, sb, low=low, zero_zero_banker=zero_zero_banker, low_zero_loses=low_zero_loses
            )
            if got != row[b]:
                mismatches.append((DISTINCT[p], DISTINCT[b], got))
    assert not mismatches, mismatches[:10]


def test_r_rank_04_10_copies_go_to_the_banker() -> None:
    for (a, b), s in zip(HANDS, LIB_STRENGTH, strict=True):
        for low in (False, True):
            for zz in (False, True):
                assert not player_wins_hand(s, s, low=low, zero_zero_banker=zz), (a, b)


@pytest.mark.parametrize(
    "hand", DISTINCT, ids=[f"{ref.show(a)}+{ref.show(b)}" for a, b in DISTINCT]
)
def test_r_rank_hand_properties_match_reference(hand: TwoTiles) -> None:
    """pair rank (R-RANK-03), value (R-RANK-05/06), top tile and its rank (R-RANK-07/08)."""
    a, b = hand
    h = lib_hand(a, b)
    assert h == lib_hand(b, a)
    pr = ref.pair_rank(a, b)
    assert h.pair_rank == pr
    assert h.is_pair == (pr is not None)
    assert (h.strength >= PAIR_BASE) == (pr is not None)
    if pr is not None:
        assert h.strength == PAIR_BASE + 21 - pr
        assert h.gee_joon_count is None
        return
    v, top, ca, cb = ref.best_choice(a, b)
    assert h.value == v
    assert h.top_rank == top
    assert h.strength == 20 * v + 18 - top
    top_tile = a if ref.rank_as(a, ca) == top else b
    assert str(h.top) == ref.show(top_tile)
    gee = ca if a in ref.GEE_JOON else (cb if b in ref.GEE_JOON else None)
    assert h.gee_joon_count == gee
    assert h.category == "points"
    assert h.name == f"{v} (high tile {ref.show(top_tile)})"


def test_r_rank_03_categories() -> None:
    cats = {1: "supreme"} | dict.fromkeys(range(2, 13), "pair")
    cats |= dict.fromkeys(range(13, 17), "mixed-pair")
    cats |= {17: "wong", 18: "wong", 19: "gong", 20: "gong"}
    seen = set()
    for a, b in DISTINCT:
        pr = ref.pair_rank(a, b)
        if pr is not None:
            assert lib_hand(a, b).category == cats[pr]
            seen.add(pr)
    assert seen == set(range(1, 21))


def test_r_rank_dense_rank_positions() -> None:
    """Hand.rank: 1 = supreme pair, equal for copies, consecutive over the 106 distinct ranks."""
    keys = sorted({ref.rank_key(a, b) for a, b in DISTINCT})
    assert len(keys) == 106 == n_rank_positions()  # 20 pair ranks + 86 Appendix B rows
    for a, b in DISTINCT:
        h = lib_hand(a, b)
        assert h.rank == keys.index(ref.rank_key(a, b)) + 1
        assert rank_position(h.strength) == h.rank
    assert hp("1-2 2-4").rank == 1


def test_r_rank_06_gee_joon_counts_three_or_six() -> None:
    """A lone gee joon tile counts 3 or 6, whichever gives the higher value; the two choices
    never give the same value (they differ by 3 mod 10)."""
    for t in ALL_TILES:
        for g in ("1-2", "2-4"):
            if str(t) in ("1-2", "2-4"):
                continue
            h = hp(f"{g} {t}")
            if h.is_pair:
                continue
            three, six = (3 + t.pips) % 10, (6 + t.pips) % 10
            assert three != six
            assert h.value == max(three, six)
            assert h.gee_joon_count == (6 if six > three else 3)


def test_r_rank_07_gee_joon_rank_swap() -> None:
    """1-2 counted as 6 ranks 15th; 2-4 counted as 3 ranks 17th."""
    h = hp("1-2 1-4")  # 1-2 as 3: 3+5 = 8 beats 6+5 = 11 -> 1
    assert (h.value, h.gee_joon_count, str(h.top), h.top_rank) == (8, 3, "1-4", 16)
    h = hp("2-4 2-3")  # 2-4 as 3: 8, so the 2-4 ranks 17th and the five (16th) is the top
    assert (h.value, h.gee_joon_count, str(h.top), h.top_rank) == (8, 3, "2-3", 16)
    h = hp("1-2 2-5")  # 1-2 as 6: 13 -> 3 beats 3+7 = 10 -> 0; the 1-2 then ranks 15th
    assert (h.value, h.gee_joon_count, str(h.top), h.top_rank) == (3, 6, "2-5", 14)
    h = hp("2-4 3-4")
    assert (h.value, h.gee_joon_count, str(h.top), h.top_rank) == (3, 6, "3-4", 14)
    # counted as 3 a gee joon tile ranks last; counted as 6 it is 15th, which never tops a
    # non-pair hand (the only lower tiles, the fives, make the gee joon count 3)
    for a, b in DISTINCT:
        h = lib_hand(a, b)
        if h.gee_joon_count == 3:
            assert not h.top.is_gee_joon
        if h.gee_joon_count == 6:
            assert h.top_rank < 15
    assert hp("1-2 2-5").strength == hp("2-4 3-4").strength


def test_hand_parse_needs_two_tiles() -> None:
    for text in ("6-6", "6-6 4-5 1-2", "", "6-6 7-7"):
        with pytest.raises(ParseError):
            Hand.parse(text)
    assert hp("4-5 6-6") == hp("6-6 5-4")
    assert str(hp("4-5 6-6")) == "6-6 4-5"


# --- worked examples TC-11..TC-25 --------------------------------------------------------------


def wins(
    player: str, banker: str, *, low: bool = False, zz: bool = False, lzl: bool = True
) -> bool:
    """Library decision, cross-checked against the reference on the spot."""
    got = player_wins_hand(
        hp(player).strength, hp(banker).strength, low=low, zero_zero_banker=zz, low_zero_loses=lzl
    )
    want = ref.player_wins(rp(player), rp(banker), low=low, zero_zero_banker=zz, low_zero_loses=lzl)
    assert got == want, (player, banker, low, zz, lzl)
    return got


def test_tc_11_value_of_1_1_and_3_3_is_8() -> None:
    assert hp("1-1 3-3").value == 8 == ref.value(*rp("1-1 3-3"))


def test_tc_12_value_of_5_6_and_1_6_is_8() -> None:
    assert hp("5-6 1-6").value == 8 == ref.value(*rp("5-6 1-6"))


def test_tc_13_supreme_pair_beats_pair_of_twelves() -> None:
    assert hp("2-4 1-2").pair_rank == 1 and hp("6-6 6-6").pair_rank == 2
    for low in (False, True):
        assert wins("2-4 1-2", "6-6 6-6", low=low)
        assert not wins("6-6 6-6", "2-4 1-2", low=low)


def test_tc_14_mixed_fives_beat_a_wong() -> None:
    assert hp("1-4 2-3").pair_rank == 16 and hp("6-6 4-5").pair_rank == 17
    assert wins("1-4 2-3", "6-6 4-5")
    assert not wins("6-6 4-5", "1-4 2-3")


def test_tc_15_low_wong_beats_high_gong() -> None:
    assert hp("1-1 3-6").pair_rank == 18 and hp("6-6 4-4").pair_rank == 19
    assert wins("1-1 3-6", "6-6 4-4")
    assert not wins("6-6 4-4", "1-1 3-6")


def test_tc_16_wong_beats_any_value() -> None:
    assert hp("2-2 1-4").value == 9
    assert wins("6-6 4-5", "2-2 1-4")
    assert not wins("2-2 1-4", "6-6 4-5")


def test_tc_17_gee_joon_counted_six_copy_goes_to_dealer() -> None:
    h = hp("6-6 1-2")
    assert (h.value, h.gee_joon_count, str(h.top)) == (8, 6, "6-6")
    assert h.strength == hp("6-6 1-5").strength
    assert not wins("6-6 1-2", "6-6 1-5")
    assert not wins("6-6 1-5", "6-6 1-2")


def test_tc_18_gee_joon_counted_three_ranks_seventeenth() -> None:
    h = hp("2-4 1-4")
    assert (h.value, h.gee_joon_count, str(h.top), h.top_rank) == (8, 3, "1-4", 16)
    assert not wins("2-4 1-4", "1-3 2-2")
    assert wins("1-3 2-2", "2-4 1-4")


def test_tc_19_gee_joon_with_ten() -> None:
    h = hp("1-2 5-5")
    assert (h.value, h.gee_joon_count, str(h.top)) == (6, 6, "5-5")


def test_tc_20_equal_top_tiles_copy_to_dealer() -> None:
    assert hp("5-5 4-5").strength == hp("5-5 3-6").strength
    assert not wins("5-5 4-5", "5-5 3-6")
    assert not wins("5-5 3-6", "5-5 4-5")


def test_tc_21_equal_value_highest_tile_decides() -> None:
    assert hp("4-5 5-5").value == hp("3-6 4-6").value == 9
    assert wins("4-5 5-5", "3-6 4-6")
    assert not wins("3-6 4-6", "4-5 5-5")


def test_tc_22_zero_zero_high_hands_by_jurisdiction() -> None:
    """CO/GEN: the highest tile decides (AMB-23); MD/LC: the dealer wins (R-RANK-11)."""
    assert hp("5-5 4-6").value == hp("5-6 3-6").value == 0
    assert wins("5-5 4-6", "5-6 3-6", zz=False)
    assert not wins("5-5 4-6", "5-6 3-6", zz=True)
    # the player's low hand of value 0 never wins, whatever the flags (AMB-22)
    for zz in (False, True):
        assert not wins("5-5 4-6", "5-6 3-6", low=True, zz=zz)


def test_tc_23_lucky_chances_equal_nines_highest_tile() -> None:
    assert hp("6-6 1-6").value == hp("1-1 1-6").value == 9
    assert wins("6-6 1-6", "1-1 1-6", zz=True)
    assert wins("6-6 1-6", "1-1 1-6", low=True, zz=True)


def test_tc_24_lucky_chances_nines_number_one() -> None:
    """Nines "#1. 12 + 7": 6-6 with any seven is the best hand worth 9."""
    best_nine = max(
        s
        for (a, b), s in zip(HANDS, LIB_STRENGTH, strict=True)
        if not ref.is_pair(a, b) and ref.value(a, b) == 9
    )
    for seven in ("1-6", "2-5", "3-4"):
        h = hp(f"6-6 {seven}")
        assert h.value == 9
        assert h.strength == best_nine
    # the whole chart is checked as an ordered oracle below (test_r_hw_05_*)


def test_tc_25_lucky_chances_fours_w8_and_three() -> None:
    """Fours "#10. W8 + 3": the 1-2 counts 6 (8 + 6 = 14 -> 4), below Fours #9 "9 + 5"."""
    for eight in ("2-6", "3-5"):
        h = hp(f"{eight} 1-2")
        assert (h.value, h.gee_joon_count) == (4, 6)
        for nine, five in itertools.product(("3-6", "4-5"), ("1-4", "2-3")):
            assert hp(f"{nine} {five}").value == 4
            assert wins(f"{nine} {five}", f"{eight} 1-2")


# --- Appendix B: the complete value-tie order (computed in RULES.md by R-RANK-13) -------------

# Each row is the five cells of one line of the RULES.md Appendix B table, verbatim:
# value, rank order within the value, highest tile (single rank), combinations, LC chart entry.
APPENDIX_B: Final[tuple[tuple[str, str, str, str, str], ...]] = (
    ("9", "#1", "1st", "6-6+1-6; 6-6+2-5; 6-6+3-4", '#1 "12 + 7"'),
    ("9", "#2", "2nd", "1-1+1-6; 1-1+2-5; 1-1+3-4", '#2 "2 + 7"'),
    ("9", "#3", "3rd", "4-4+5-6", '#3 "R8 + 11"'),
    ("9", "#4", "4th", "1-3+1-4; 1-3+2-3", '#4 "R4 + 5"'),
    ("9", "#5", "5th", "5-5+3-6; 5-5+4-5", '#5 "W10 + 9"'),
    ("9", "#6", "6th", "3-3+1-2 [1-2=3]; 3-3+2-4 [2-4=3]", '#6 "W6 +3"'),
    ("9", "#7", "7th", "2-2+1-4; 2-2+2-3", '#7 "W4 + 5"'),
    ("9", "#8", "8th", "5-6+2-6; 5-6+3-5", '#8 "11 + W8"'),
    ("9", "#9", "9th", "4-6+3-6; 4-6+4-5", '#9 "R10 + 9"'),
    ("9", "#10", "11th", "1-5+1-2 [1-2=3]; 1-5+2-4 [2-4=3]", '#10 "R6 + 3"'),
    ("8", "#1", "1st", "6-6+1-2 [1-2=6]; 6-6+1-5; 6-6+2-4 [2-4=6]; 6-6+3-3", '#1 "12 + 6"'),
    ("8", "#2", "2nd", "1-1+1-2 [1-2=6]; 1-1+1-5; 1-1+2-4 [2-4=6]; 1-1+3-3", '#2 "2 + 6"'),
    ("8", "#3", "3rd", "4-4+4-6; 4-4+5-5", '#3 "R8 + 10"'),
    ("8", "#4", "4th", "1-3+2-2", '#4 "R4 + W4"'),
    ("8", "#5", "5th", "5-5+2-6; 5-5+3-5", '#5 "W10 + W8"'),
    ("8", "#6", "8th", "5-6+1-6; 5-6+2-5; 5-6+3-4", '#6 "11 + 7"'),
    ("8", "#7", "9th", "4-6+2-6; 4-6+3-5", '#7 "R10 + W8"'),
    (
        "8",
        "#8",
        "16th",
        "1-4+1-2 [1-2=3]; 2-3+1-2 [1-2=3]; 2-4+1-4 [2-4=3]; 2-4+2-3 [2-4=3]",
        '#8 "3 + 5"',
    ),
    ("7", "#1", "1st", "6-6+1-4; 6-6+2-3", '#1 "12 + 7" (typo for 12 + 5, AMB-61)'),
    ("7", "#2", "2nd", "1-1+1-4; 1-1+2-3", '#2 "2 + 5"'),
    ("7", "#3", "3rd", "4-4+3-6; 4-4+4-5", '#3 "R8 + 9"'),
    ("7", "#4", "4th", "1-3+1-2 [1-2=3]; 1-3+2-4 [2-4=3]", '#4 "R4 + 3"'),
    ("7", "#5", "5th", "5-5+1-6; 5-5+2-5; 5-5+3-4", '#5 "W10 + 7"'),
    ("7", "#6", "6th", "3-3+5-6", '#6 "W6 + 11"'),
    ("7", "#7", "7th", "2-2+1-2 [1-2=3]; 2-2+2-4 [2-4=3]", '#7 "W4 + 3"'),
    ("7", "#8", "8th", "5-6+1-2 [1-2=6]; 5-6+1-5; 5-6+2-4 [2-4=6]", '#8 "11 + R6"'),
    ("7", "#9", "9th", "4-6+1-6; 4-6+2-5; 4-6+3-4", '#9 "R10 + 7"'),
    ("7", "#10", "12th", "3-6+2-6; 3-6+3-5; 4-5+2-6; 4-5+3-5", '#10 "9 + W8"'),
    ("6", "#1", "1st", "6-6+1-3; 6-6+2-2", '#1 "12 + 4"'),
    ("6", "#2", "2nd", "1-1+1-3; 1-1+2-2", '#2 "2 + 4"'),
    ("6", "#3", "3rd", "4-4+2-6; 4-4+3-5", '#3 "R8 + W8"'),
    ("6", "#4", "5th", "5-5+1-2 [1-2=6]; 5-5+1-5; 5-5+2-4 [2-4=6]; 5-5+3-3", '#4 "W10 +6"'),
    ("6", "#5", "6th", "3-3+4-6", '#5 "W6 + R10"'),
    ("6", "#6", "8th", "5-6+1-4; 5-6+2-3", '#6 "11 + 5"'),
    ("6", "#7", "9th", "4-6+1-2 [1-2=6]; 4-6+1-5; 4-6+2-4 [2-4=6]", '#7 "R10 + R6"'),
    ("6", "#8", "10th", "1-6+3-6; 1-6+4-5", '#8 "Big 7 + 9"'),
    ("6", "#9", "12th", "3-6+2-5; 3-6+3-4; 4-5+2-5; 4-5+3-4", '#9 "9 + sm. 7"'),
    ("5", "#1", "3rd", "4-4+1-6; 4-4+2-5; 4-4+3-4", '#1 "R8 + 7"'),
    ("5", "#2", "4th", "1-3+5-6", '#2 "R4 + 11"'),
    ("5", "#3", "5th", "5-5+1-4; 5-5+2-3", '#3 "W10 + 5"'),
    ("5", "#4", "6th", "3-3+3-6; 3-3+4-5", '#4 "W6 + 9"'),
    ("5", "#5", "7th", "2-2+5-6", '#5 "W4 + 11"'),
    ("5", "#6", "9th", "4-6+1-4; 4-6+2-3", '#6 "R10 + 5"'),
    ("5", "#7", "10th", "1-6+2-6; 1-6+3-5", '#7 "Big 7 + W8"'),
    ("5", "#8", "11th", "1-5+3-6; 1-5+4-5", '#8 "R6 + 9"'),
    (
        "5",
        "#9",
        "12th",
        "3-6+1-2 [1-2=6]; 3-6+2-4 [2-4=6]; 4-5+1-2 [1-2=6]; 4-5+2-4 [2-4=6]",
        "**missing** (AMB-64)",
    ),
    ("5", "#10", "13th", "2-6+2-5; 2-6+3-4; 3-5+2-5; 3-5+3-4", '#9 "W8 + Sm.7"'),
    ("4", "#1", "1st", "6-6+1-1", '#1 "12 + 2"'),
    ("4", "#2", "3rd", "4-4+1-2 [1-2=6]; 4-4+1-5; 4-4+2-4 [2-4=6]; 4-4+3-3", '#2 "R8 + 6"'),
    ("4", "#3", "4th", "1-3+4-6; 1-3+5-5", '#3 "R4 + 10"'),
    ("4", "#4", "5th", "5-5+2-2", '#4 "W10 + W4"'),
    ("4", "#5", "6th", "3-3+2-6; 3-3+3-5", '#5 "W6 + W8"'),
    ("4", "#6", "7th", "2-2+4-6", '#6 "W4 + R10"'),
    ("4", "#7", "10th", "1-6+2-5; 1-6+3-4", '#7 "Big 7 + Sm. 7"'),
    ("4", "#8", "11th", "1-5+2-6; 1-5+3-5", '#8 "R6 + W8"'),
    ("4", "#9", "12th", "3-6+1-4; 3-6+2-3; 4-5+1-4; 4-5+2-3", '#9 "9 + 5"'),
    (
        "4",
        "#10",
        "13th",
        "2-6+1-2 [1-2=6]; 2-6+2-4 [2-4=6]; 3-5+1-2 [1-2=6]; 3-5+2-4 [2-4=6]",
        '#10 "W8 + 3" (AMB-62)',
    ),
    ("3", "#1", "1st", "6-6+5-6", '#1 "12 + 11"'),
    ("3", "#2", "2nd", "1-1+5-6", '#2 "2 + 11"'),
    ("3", "#3", "3rd", "4-4+1-4; 4-4+2-3", '#3 "R8 + 5"'),
    ("3", "#4", "4th", "1-3+3-6; 1-3+4-5", '#4 "R4 + 9"'),
    ("3", "#5", "6th", "3-3+1-6; 3-3+2-5; 3-3+3-4", '#5 "W6 + 7"'),
    ("3", "#6", "7th", "2-2+3-6; 2-2+4-5", '#6 "W4 + 9"'),
    ("3", "#7", "10th", "1-6+1-2 [1-2=6]; 1-6+1-5; 1-6+2-4 [2-4=6]", '#7 "Big 7 + R6"'),
    ("3", "#8", "11th", "1-5+2-5; 1-5+3-4", '#8 "R6 + Sm. 7"'),
    ("3", "#9", "13th", "2-6+1-4; 2-6+2-3; 3-5+1-4; 3-5+2-3", "**missing** (AMB-64)"),
    (
        "3",
        "#10",
        "14th",
        "2-5+1-2 [1-2=6]; 2-5+2-4 [2-4=6]; 3-4+1-2 [1-2=6]; 3-4+2-4 [2-4=6]",
        "**missing** (AMB-64)",
    ),
    ("2", "#1", "1st", "6-6+4-6; 6-6+5-5", '#1 "12 + 10"'),
    ("2", "#2", "2nd", "1-1+4-6; 1-1+5-5", '#2 "2 + 10"'),
    ("2", "#3", "3rd", "4-4+1-3; 4-4+2-2", '#3 "R8 + 4"'),
    ("2", "#4", "4th", "1-3+2-6; 1-3+3-5", '#4 "R4 + W8"'),
    ("2", "#5", "6th", "3-3+1-5", '#5 "W6 + R6"'),
    ("2", "#6", "7th", "2-2+2-6; 2-2+3-5", '#6 "W4 + W8"'),
    ("2", "#7", "10th", "1-6+1-4; 1-6+2-3", '#7 "Big 7 + 5"'),
    (
        "2",
        "#8",
        "14th",
        "2-5+1-4; 2-5+2-3; 3-4+1-4; 3-4+2-3",
        '(#8, unlabelled) "Sm. 7 + 5" (AMB-63)',
    ),
    ("1", "#1", "4th", "1-3+1-6; 1-3+2-5; 1-3+3-4", '#1 "R4 + 7"'),
    ("1", "#2", "5th", "5-5+5-6", '#2 "W10 + 11"'),
    ("1", "#3", "6th", "3-3+1-4; 3-3+2-3", '#3 "W6 + 5"'),
    ("1", "#4", "7th", "2-2+1-6; 2-2+2-5; 2-2+3-4", '#4 "W4 + 7"'),
    ("1", "#5", "8th", "5-6+4-6", '#5 "11 + R10"'),
    ("1", "#6", "11th", "1-5+1-4; 1-5+2-3", '#6 "R6 + 5"'),
    ("0", "#1", "4th", "1-3+1-5; 1-3+3-3", '"All zeroes are equal (copies)"'),
    ("0", "#2", "5th", "5-5+4-6", '"All zeroes are equal (copies)"'),
    ("0", "#3", "6th", "3-3+2-2", '"All zeroes are equal (copies)"'),
    ("0", "#4", "7th", "2-2+1-5", '"All zeroes are equal (copies)"'),
    ("0", "#5", "8th", "5-6+3-6; 5-6+4-5", '"All zeroes are equal (copies)"'),
)

_COMBO: Final = re.compile(r"^(\d-\d)\+(\d-\d)(?: \[(\d-\d)=([36])\])?$")


def _row_hands(cell: str) -> list[tuple[TwoTiles, Pips | None, int | None]]:
    """``"3-3+1-2 [1-2=3]; ..."`` -> [((3-3, 1-2), gee joon tile, its count), ...]."""
    out: list[tuple[TwoTiles, Pips | None, int | None]] = []
    for part in cell.split("; "):
        m = _COMBO.match(part)
        assert m, part
        a, b = ref.pips(m[1]), ref.pips(m[2])
        gee = ref.pips(m[3]) if m[3] else None
        out.append(((a, b), gee, int(m[4]) if m[4] else None))
    return out


def _ordinal(cell: str) -> int:
    m = re.fullmatch(r"(\d+)(st|nd|rd|th)", cell)
    assert m, cell
    return int(m[1])


def test_appendix_b_covers_every_non_pair_hand_once() -> None:
    assert len(APPENDIX_B) == 86
    listed: list[TwoTiles] = []
    for _, _, _, combos, _ in APPENDIX_B:
        listed += [ordered(*h) for h, _, _ in _row_hands(combos)]
    non_pairs = [h for h in DISTINCT if not ref.is_pair(*h)]
    assert len(listed) == len(set(listed)) == len(non_pairs) == 195
    assert set(listed) == set(non_pairs)


def test_appendix_b_row_numbering() -> None:
    values = [int(r[0]) for r in APPENDIX_B]
    assert values == sorted(values, reverse=True)
    assert sorted(set(values)) == list(range(10))
    for v in range(10):
        orders = [r[1] for r in APPENDIX_B if int(r[0]) == v]
        assert orders == [f"#{i}" for i in range(1, len(orders) + 1)]


@pytest.mark.parametrize("row", APPENDIX_B, ids=[f"value{r[0]}{r[1]}" for r in APPENDIX_B])
def test_appendix_b_row(row: tuple[str, str, str, str, str]) -> None:
    """Value, highest tile, gee joon count and copies of one Appendix B row (R-RANK-05..10)."""
    value, _, top, combos, _ = row
    strengths = set()
    for (a, b), gee, count in _row_hands(combos):
        h = lib_hand(a, b)
        assert not h.is_pair
        assert h.value == int(value) == ref.value(a, b)
        assert h.top_rank == _ordinal(top) == ref.top_rank(a, b)
        assert ref.rank_key(a, b) == (1, -int(value), _ordinal(top))
        if gee is None:
            assert a not in ref.GEE_JOON and b not in ref.GEE_JOON
            assert h.gee_joon_count is None
        else:
            assert gee in (a, b)
            assert h.gee_joon_count == count
        strengths.add(h.strength)
    assert len(strengths) == 1, "the combinations of one row are copies of each other"


def test_appendix_b_rows_strictly_descending() -> None:
    """Row after row the hands get strictly weaker (for value 0 this is the CO/GEN high-hand
    order of AMB-23); every other non-pair hand is below the pairs."""
    strengths = [lib_hand(*_row_hands(r[3])[0][0]).strength for r in APPENDIX_B]
    assert all(x > y for x, y in itertools.pairwise(strengths))
    assert min(s for s in LIB_STRENGTH if s >= PAIR_BASE) > strengths[0]


def test_appendix_b_matches_rules_md() -> None:
    """The rows embedded here are the lines of RULES.md Appendix B (needs shared/)."""
    text = shared_text("RULES.md")
    for row in APPENDIX_B:
        assert "| " + " | ".join(row) + " |" in text, row


# --- Appendix A: the Lucky Chances value charts as an ordered oracle (R-HW-05, TC-24) -------

# Appendix A.1, verbatim as in seed 003; "·" is a non-breaking space that marks an empty cell.
LC_CHART_VERBATIM: Final = """\
Nine's (9's) Eight's (8's) Seven's (7's)
#1. 12 + 7 #1. 12 + 6 #1. 12 + 7
#2. 2 + 7 #2. 2 + 6 #2. 2 + 5
#3. R8 + 11 #3. R8 + 10 #3. R8 + 9
#4. R4 + 5 #4. R4 + W4 #4. R4 + 3
#5. W10 + 9 #5. W10 + W8 #5. W10 + 7
#6. W6 +3 #6. 11 + 7 #6. W6 + 11
#7. W4 + 5 #7. R10 + W8 #7. W4 + 3
#8. 11 + W8 #8. 3 + 5 #8. 11 + R6
#9. R10 + 9 · #9. R10 + 7
#10. R6 + 3 · #10. 9 + W8

Six's (6's) Five's (5's) Four's (4's)
#1. 12 + 4 #1. R8 + 7 #1. 12 + 2
#2. 2 + 4 #2. R4 + 11 #2. R8 + 6
#3. R8 + W8 #3. W10 + 5 #3. R4 + 10
#4. W10 +6 #4. W6 + 9 #4. W10 + W4
#5. W6 + R10 #5. W4 + 11 #5. W6 + W8
#6. 11 + 5 #6. R10 + 5 #6. W4 + R10
#7. R10 + R6 #7. Big 7 + W8 #7. Big 7 + Sm. 7
#8. Big 7 + 9 #8. R6 + 9 #8. R6 + W8
#9. 9 + sm. 7 #9. W8 + Sm.7 #9. 9 + 5
· · #10. W8 + 3

Three's (3's) Two's (2's) One's (1's)
#1. 12 + 11 #1. 12 + 10 #1. R4 + 7
#2. 2 + 11 #2. 2 + 10 #2. W10 + 11
#3. R8 + 5 #3. R8 + 4 #3. W6 + 5
#4. R4 + 9 #4. R4 + W8 #4. W4 + 7
#5. W6 + 7 #5. W6 + R6 #5. 11 + R10
#6. W4 + 9 #6. W4 + W8 #6. R6 + 5
#7. Big 7 + R6 #7. Big 7 + 5 ·
#8. R6 + Sm. 7 Sm. 7 + 5
"""

# Appendix A.2 notation (AMB-65): the tiles each symbol stands for. A plain number is any tile
# of that pip total; "3" is a gee joon tile (AMB-62: in "W8 + 3" the 1-2 counts 6) and "6"
# includes both gee joon tiles counted as 6.
LC_SYMBOLS: Final[dict[str, tuple[str, ...]]] = {
    "12": ("6-6",),
    "2": ("1-1",),
    "R8": ("4-4",),
    "R4": ("1-3",),
    "W10": ("5-5",),
    "W6": ("3-3",),
    "W4": ("2-2",),
    "11": ("5-6",),
    "R10": ("4-6",),
    "Big7": ("1-6",),
    "R6": ("1-5",),
    "9": ("3-6", "4-5"),
    "W8": ("2-6", "3-5"),
    "Sm7": ("2-5", "3-4"),
    "5": ("1-4", "2-3"),
    "3": ("1-2", "2-4"),
    "7": ("1-6", "2-5", "3-4"),
    "6": ("3-3", "1-5", "2-4", "1-2"),
    "4": ("1-3", "2-2"),
    "10": ("5-5", "4-6"),
}

#: AMB-61: the Sevens "#1. 12 + 7" is read as 12 + 5.
AMB_61: Final = (7, 1, ("12", "7"), ("12", "5"))

_LC_TOKEN: Final = re.compile(r"·|#\d+\.|\+|Big 7|[Ss]m\. ?7|[RW]?\d+")
_LC_HEADER: Final = re.compile(r"\((\d)'s\)")


def _symbol(tok: str) -> str:
    if tok.lower().startswith("sm"):
        return "Sm7"
    return tok.replace(" ", "")


@cache
def lc_charts() -> dict[int, list[tuple[int, bool, str, str]]]:
    """Decode the verbatim chart: value -> [(position, labelled, symbol, symbol), ...].

    Cells are read in column order, so an empty cell (``·``) keeps the later cells of its line
    in their columns (AMB-62); an unlabelled cell takes the next position (AMB-63).
    """
    charts: dict[int, list[tuple[int, bool, str, str]]] = {}
    columns: list[int] = []
    for line in LC_CHART_VERBATIM.splitlines():
        if not line.strip():
            continue
        heads = _LC_HEADER.findall(line)
        if heads:
            columns = [int(h) for h in heads]
            for c in columns:
                charts[c] = []
            continue
        tokens = _LC_TOKEN.findall(line)
        assert "".join(tokens).replace(" ", "") == line.replace(" ", ""), line
        cells: list[tuple[int | None, str, str] | None] = []
        i = 0
        while i < len(tokens):
            if tokens[i] == "·":
                cells.append(None)
                i += 1
                continue
            label = None
            if tokens[i].startswith("#"):
                label = int(tokens[i][1:-1])
                i += 1
            a, plus, b = tokens[i : i + 3]
            assert plus == "+", line
            cells.append((label, _symbol(a), _symbol(b)))
            i += 3
        assert len(cells) <= len(columns), line
        for col, cell in zip(columns, cells, strict=False):
            if cell is None:
                continue
            label, a, b = cell
            position = len(charts[col]) + 1
            assert label in (None, position), line
            charts[col].append((position, label is not None, a, b))
    return charts


def decode(a: str, b: str) -> list[TwoTiles]:
    """Every two-tile hand of the set an entry ``a + b`` stands for."""
    out: set[TwoTiles] = set()
    for x, y in itertools.product(LC_SYMBOLS[a], LC_SYMBOLS[b]):
        px, py = ref.pips(x), ref.pips(y)
        if px == py and ref.COPIES[px] < 2:
            continue
        out.add(ordered(px, py))
    return sorted(out)


def corrected(value: int, position: int, a: str, b: str) -> tuple[str, str]:
    """The entry with the AMB-61 reading applied."""
    v, pos, typo, fix = AMB_61
    if (value, position, (a, b)) == (v, pos, typo):
        return fix
    return (a, b)


def chart_entries(value: int) -> Iterator[tuple[int, list[TwoTiles]]]:
    """(position, hands) of each chart entry of ``value``, AMB-61 applied."""
    for position, _, a, b in lc_charts()[value]:
        yield position, decode(*corrected(value, position, a, b))


def test_lc_chart_layout() -> None:
    charts = lc_charts()
    assert sorted(charts) == list(range(1, 10))
    assert {v: len(e) for v, e in charts.items()} == {
        9: 10,
        8: 8,
        7: 10,
        6: 9,
        5: 9,
        4: 10,
        3: 8,
        2: 8,
        1: 6,
    }
    # AMB-62: "W8 + 3" after two empty cells is Fours #10
    assert charts[4][9] == (10, True, "W8", "3")
    # AMB-63: the unlabelled "Sm. 7 + 5" is Twos #8, the only unlabelled entry
    assert charts[2][7] == (8, False, "Sm7", "5")
    assert [(v, e) for v, es in charts.items() for e in es if not e[1]] == [(2, charts[2][7])]


def test_amb_61_sevens_number_one_is_a_typo() -> None:
    """Read literally, Sevens "#1. 12 + 7" is a nine; read as 12 + 5 it is the best seven."""
    assert lc_charts()[7][0] == (1, True, "12", "7")
    assert {ref.value(*h) for h in decode("12", "7")} == {9}
    assert {ref.value(*h) for h in decode("12", "5")} == {7}


@pytest.mark.parametrize("value", range(1, 10))
def test_r_hw_05_chart_entries_decode_to_their_value(value: int) -> None:
    """Every chart line (A.2 notation, AMB-61 corrected) stands for non-pair hands of its
    column's value, each a copy of the others, with the gee joon counted for the best value."""
    for position, hands in chart_entries(value):
        assert hands, (value, position)
        strengths = set()
        for a, b in hands:
            h = lib_hand(a, b)
            assert not h.is_pair, (value, position, a, b)
            assert h.value == value == ref.value(a, b), (value, position, a, b)
            strengths.add(h.strength)
        assert len(strengths) == 1, (value, position)


def test_amb_62_gee_joon_in_chart_counts_three_except_w8_plus_3() -> None:
    counts = {}
    for value, entries in lc_charts().items():
        for position, _, a, b in entries:
            if "3" in (a, b):
                counts[(value, position)] = {lib_hand(*h).gee_joon_count for h in decode(a, b)}
    assert counts == {
        (9, 6): {3},
        (9, 10): {3},
        (8, 8): {3},
        (7, 4): {3},
        (7, 7): {3},
        (4, 10): {6},
    }


@pytest.mark.parametrize("value", range(1, 10))
def test_tc_24_r_hw_05_chart_is_in_strictly_descending_strength(value: int) -> None:
    """Within each value the chart lists hands from strongest to weakest (R-RANK-08)."""
    strengths = [lib_hand(*hands[0]).strength for _, hands in chart_entries(value)]
    assert all(x > y for x, y in itertools.pairwise(strengths)), strengths
    ref_keys = [ref.rank_key(*hands[0]) for _, hands in chart_entries(value)]
    assert all(x < y for x, y in itertools.pairwise(ref_keys))


def _class(*hand: str) -> int:
    return hp(" ".join(hand)).strength


def test_amb_64_chart_omissions() -> None:
    """The charts miss exactly three copy classes: Fives "9 + gee joon as 6" (between #8 and
    #9), Threes "W8 + 5" and "Sm. 7 + gee joon as 6" (after #8, in that order)."""
    missing: dict[int, list[int]] = {}
    for value in range(1, 10):
        charted = {lib_hand(*hands[0]).strength for _, hands in chart_entries(value)}
        classes = {
            s
            for (a, b), s in zip(HANDS, LIB_STRENGTH, strict=True)
            if not ref.is_pair(a, b) and ref.value(a, b) == value
        }
        assert charted <= classes
        missing[value] = sorted(classes - charted, reverse=True)
    assert {v: m for v, m in missing.items() if m} == {
        5: [_class("3-6", "1-2")],
        3: [_class("2-6", "1-4"), _class("2-5", "1-2")],
    }
    fives = [lib_hand(*hands[0]).strength for _, hands in chart_entries(5)]
    assert fives[7] > _class("4-5", "2-4") > fives[8]
    threes = [lib_hand(*hands[0]).strength for _, hands in chart_entries(3)]
    assert threes[7] > _class("3-5", "2-3") > _class("3-4", "2-4")
    assert hp("3-6 1-2").gee_joon_count == 6 and hp("2-5 1-2").gee_joon_count == 6


def test_lc_charts_map_onto_appendix_b_rows() -> None:
    """Each chart entry lies in the Appendix B row that names it (its LC chart column)."""
    for value_s, order, _, combos, lc in APPENDIX_B:
        value = int(value_s)
        m = re.search(r"#(\d+)", lc)
        if value == 0 or m is None:
            assert value == 0 or "missing" in lc
            continue
        position = int(m[1])
        row = {ordered(*h) for h, _, _ in _row_hands(combos)}
        entries = dict(chart_entries(value))
        assert set(entries[position]) <= row, (value, order, lc)


def test_lc_chart_matches_seed() -> None:
    """The embedded chart is the text of seed 003 (needs shared/)."""
    seed = shared_text("seeds/003_6727122f9a11d949.txt")
    seed_lines = [line.replace("\u00a0", "·").rstrip() for line in seed.splitlines()]
    ours = LC_CHART_VERBATIM.splitlines()
    start = seed_lines.index(ours[0])
    assert seed_lines[start : start + len(ours)] == ours
