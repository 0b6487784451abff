"""Two-tile hand ranking (R-RANK-01..13) checked exhaustively against ``tests/reference.py`` and
against Appendix B of RULES.md (the complete value-tie order, tests/appendix_b.py), plus the
worked cases TC-11..TC-25. (Against the Lucky Chances value charts of Appendix A, R-HW-05:
tests/test_ranking_lucky_chances.py.)
"""

from __future__ import annotations

import itertools
import re
from typing import Final

import numpy as np
import pytest

import reference as ref
from appendix_b import APPENDIX_B, row_hands
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
from paigow.games.tiles.tiles import ALL_TILES, FULL_SET, N_KINDS
from ranking_hands import DISTINCT, HANDS, LIB_STRENGTH, hp, lib_hand, ordered, to_tile
from reference import TwoTiles
from shared_docs import shared_text


def rp(text: str) -> TwoTiles:
    """``rp("6-6 4-5")``: a reference hand from text."""
    a, b = text.split()
    return (ref.pips(a), ref.pips(b))


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
    # the whole chart is checked as an ordered oracle in tests/test_ranking_lucky_chances.py


def test_tc_25_lucky_chances_fours_w8_and_three() -> None:
    """Fours "#10. W8 + 3": the 1-2 counts 6 (8 + 6 = 14 -> 4), below Fours #9 "9 + 5"."""
    for eight in ("2-6", "3-5"):
        h = hp(f"{eight} 1-2")
        assert (h.value, h.gee_joon_count) == (4, 6)
        for nine, five in itertools.product(("3-6", "4-5"), ("1-4", "2-3")):
            assert hp(f"{nine} {five}").value == 4
            assert wins(f"{nine} {five}", f"{eight} 1-2")


# --- Appendix B: the complete value-tie order (computed in RULES.md by R-RANK-13) -------------


def _ordinal(cell: str) -> int:
    m = re.fullmatch(r"(\d+)(st|nd|rd|th)", cell)
    assert m, cell
    return int(m[1])


def test_appendix_b_covers_every_non_pair_hand_once() -> None:
    assert len(APPENDIX_B) == 86
    listed: list[TwoTiles] = []
    for _, _, _, combos, _ in APPENDIX_B:
        listed += [ordered(*h) for h, _, _ in row_hands(combos)]
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
    for (a, b), gee, count in row_hands(combos):
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
    strengths = [lib_hand(*row_hands(r[3])[0][0]).strength for r in APPENDIX_B]
    assert all(x > y for x, y in itertools.pairwise(strengths))
    assert min(s for s in LIB_STRENGTH if s >= PAIR_BASE) > strengths[0]


def test_appendix_b_matches_rules_md() -> None:
    """The rows embedded here are the lines of RULES.md Appendix B (needs shared/)."""
    text = shared_text("RULES.md")
    for row in APPENDIX_B:
        assert "| " + " | ".join(row) + " |" in text, row
