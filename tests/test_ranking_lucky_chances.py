"""Two-tile hand ranking against the Lucky Chances value charts of Appendix A (R-HW-05), read
as an ordered oracle: the verbatim chart of seed 003 decoded in the A.2 notation (AMB-61..63,
AMB-65), each entry a set of copies of its column's value, the entries of a value in strictly
descending strength (R-RANK-08, TC-24), the classes the charts miss (AMB-64), and each entry in
the Appendix B row that names it (tests/appendix_b.py).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import cache
from typing import Final

import pytest

import reference as ref
from appendix_b import APPENDIX_B, row_hands
from ranking_hands import HANDS, LIB_STRENGTH, hp, lib_hand, ordered
from reference import TwoTiles
from shared_docs import shared_text

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
        row = {ordered(*h) for h, _, _ in row_hands(combos)}
        entries = dict(chart_entries(value))
        assert set(entries[position]) <= row, (value, order, lc)


def test_lc_chart_matches_seed() -> None:
    """The embedded chart is the text of seed 003 (needs shared/)."""
    seed = shared_text("seeds/003_6727122f9a11d949.txt")
    seed_lines = [line.replace("\u00a0", "·").rstrip() for line in seed.splitlines()]
    ours = LC_CHART_VERBATIM.splitlines()
    start = seed_lines.index(ours[0])
    assert seed_lines[start : start + len(ours)] == ours
