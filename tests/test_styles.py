"""Delivery styles and the bank's cut: R-DEAL-01, R-STYLE-01..11, R-CUT-01..04, TC-45..48."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.errors import IllegalActionError, ParseError
from paigow.games.dice import count_start
from paigow.games.ring import start_ring_order
from paigow.games.tiles.dealing import stacks_of
from paigow.games.tiles.delivery import (
    STYLES,
    Cut,
    apply_cut,
    check_cut,
    deal_positions,
    deliver,
    format_cut,
    legal_cuts,
    parse_cut,
)
from paigow.games.tiles.tiles import FULL_SET, Tile
from paigow.profiles import STYLES as PROFILE_STYLES

# RULES.md Appendix C, verbatim: the tile map of every style (TC-45).
APPENDIX_C = """
| (a) House way from the right | s1a s1b s1c s1d | s2a s2b s2c s2d | s3a s3b s3c s3d | s4a s4b s4c s4d | s5a s5b s5c s5d | s6a s6b s6c s6d | s7a s7b s7c s7d | s8a s8b s8c s8d |
| (b) House way from the left | s8a s8b s8c s8d | s7a s7b s7c s7d | s6a s6b s6c s6d | s5a s5b s5c s5d | s4a s4b s4c s4d | s3a s3b s3c s3d | s2a s2b s2c s2d | s1a s1b s1c s1d |
| (c) Cup say from the right | s1a s1b s2a s2b | s1c s1d s2c s2d | s3a s3b s4a s4b | s3c s3d s4c s4d | s5a s5b s6a s6b | s5c s5d s6c s6d | s7a s7b s8a s8b | s7c s7d s8c s8d |
| (d) Cup say from the left | s8a s8b s7a s7b | s8c s8d s7c s7d | s6a s6b s5a s5b | s6c s6d s5c s5d | s4a s4b s3a s3b | s4c s4d s3c s3d | s2a s2b s1a s1b | s2c s2d s1c s1d |
| (e) Jung quat | s4a s4b s5a s5b | s4c s4d s5c s5d | s3a s3b s6a s6b | s3c s3d s6c s6d | s2a s2b s7a s7b | s2c s2d s7c s7d | s1a s1b s8a s8b | s1c s1d s8c s8d |
| (f) Chee yee | s1a s1b s8a s8b | s1c s1d s8c s8d | s2a s2b s7a s7b | s2c s2d s7c s7d | s3a s3b s6a s6b | s3c s3d s6c s6d | s4a s4b s5a s5b | s4c s4d s5c s5d |
| (g) Pin say from the right | s1a s2a s3a s4a | s8a s7a s6a s5a | s1b s2b s3b s4b | s8b s7b s6b s5b | s1c s2c s3c s4c | s8c s7c s6c s5c | s1d s2d s3d s4d | s8d s7d s6d s5d |
| (h) Pin say from the left | s8a s7a s6a s5a | s1a s2a s3a s4a | s8b s7b s6b s5b | s1b s2b s3b s4b | s8c s7c s6c s5c | s1c s2c s3c s4c | s8d s7d s6d s5d | s1d s2d s3d s4d |
| (i) Dragon head phoenix tail from the right | s1a s1b s2a s2b | s8a s7a s6a s5a | s1c s1d s2c s2d | s8b s7b s6b s5b | s3a s3b s4a s4b | s8c s7c s6c s5c | s3c s3d s4c s4d | s8d s7d s6d s5d |
| (j) Dragon head phoenix tail from the left | s8a s8b s7a s7b | s1a s2a s3a s4a | s8c s8d s7c s7d | s1b s2b s3b s4b | s6a s6b s5a s5b | s1c s2c s3c s4c | s6c s6d s5c s5d | s1d s2d s3d s4d |
"""  # noqa: E501


def _appendix_c() -> dict[str, list[tuple[str, ...]]]:
    maps: dict[str, list[tuple[str, ...]]] = {}
    for line in APPENDIX_C.strip().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        maps[cells[0][1]] = [tuple(cell.split()) for cell in cells[1:]]
    return maps


MAPS = _appendix_c()
LABELS = [tuple(f"s{n}{layer}" for layer in "abcd") for n in range(1, 9)]
CUTS = legal_cuts()
RING8 = ["dealer", "1", "2", "3", "4", "5", "6", "dead"]


# --- R-STYLE-01..10, TC-45 -------------------------------------------------------------------


def test_styles_are_the_ten_of_the_regulations() -> None:
    """R-STYLE-01..10 / R-DEAL-04: codes a..j, as the profiles offer them."""
    assert tuple(STYLES) == PROFILE_STYLES
    assert STYLES["a"] == "house way from the right"
    assert STYLES["e"] == "jung quat (take the heart)"
    assert STYLES["f"] == "chee yee (chop the ears)"
    assert STYLES["j"] == "dragon head and phoenix tail from the left"


@pytest.mark.parametrize("style", sorted(MAPS))
def test_tc45_every_style_matches_appendix_c(style: str) -> None:
    """TC-45: labelled stacks give exactly the Appendix C cells (in their order)."""
    assert len(MAPS) == 10
    assert deliver(LABELS, style) == MAPS[style]
    # the order inside a cell does not matter (Appendix C); the sets agree too
    assert [set(g) for g in deliver(LABELS, style)] == [set(g) for g in MAPS[style]]


def test_r_deal_01_house_way_from_the_right_from_the_count() -> None:
    """R-DEAL-01 / TC-01: dice 9 on a ring of 8 → the dealer gets s1, then counterclockwise."""
    start = count_start(RING8, 9, "dealer")
    dealt = deal_positions(LABELS, "a", RING8, start)
    assert list(dealt) == RING8
    assert dealt["dealer"] == LABELS[0]
    assert dealt["dead"] == LABELS[7]


# --- R-STYLE-11 invariant --------------------------------------------------------------------


def _check_invariant(groups: list[tuple[int, int, int, int]]) -> None:
    assert len(groups) == 8
    assert all(len(g) == 4 for g in groups)
    assert sorted(i for g in groups for i in g) == list(range(32))


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(32)))
def test_r_style_11_every_style_and_cut_delivers_each_tile_once(order: list[int]) -> None:
    """R-STYLE-11: for every style and every legal cut, each tile once, 4 per position."""
    stacks = stacks_of([FULL_SET[i] for i in order])
    index_stacks = [tuple(order[4 * s : 4 * s + 4]) for s in range(8)]
    for cut in [None, *CUTS]:
        cut_idx = index_stacks if cut is None else apply_cut(index_stacks, cut)
        cut_tiles = stacks if cut is None else apply_cut(stacks, cut)
        for style in STYLES:
            _check_invariant(deliver(cut_idx, style))
            tiles = deliver(cut_tiles, style)
            assert Counter(t for g in tiles for t in g) == Counter(FULL_SET)
            assert tiles == [tuple(FULL_SET[i] for i in g) for g in deliver(cut_idx, style)]


@settings(max_examples=20, deadline=None)
@given(st.permutations(FULL_SET), st.sampled_from(RING8), st.sampled_from(sorted(STYLES)))
def test_r_style_11_every_ring_position_gets_four(
    order: list[Tile], start: str, style: str
) -> None:
    """R-STYLE-11 / AMB-79: all 8 ring positions, dealer and dead hand included, get 4 tiles."""
    dealt = deal_positions(stacks_of(order), style, RING8, start)
    assert list(dealt) == start_ring_order(RING8, start)
    assert all(len(hand) == 4 for hand in dealt.values())
    assert Counter(t for hand in dealt.values() for t in hand) == Counter(FULL_SET)


def test_deliver_rejects_bad_input() -> None:
    """R-STYLE: 8 stacks of 4 and a known style, with clear messages."""
    with pytest.raises(IllegalActionError, match="unknown delivery style 'k'"):
        deliver(LABELS, "k")
    with pytest.raises(IllegalActionError, match="8 stacks, got 7"):
        deliver(LABELS[:7], "a")
    with pytest.raises(IllegalActionError, match="s3 must hold 4"):
        deliver([*LABELS[:2], LABELS[2][:3], *LABELS[3:]], "a")
    with pytest.raises(IllegalActionError, match="8 ring positions"):
        deal_positions(LABELS, "a", RING8[:7], "dealer")


def test_start_ring_order() -> None:
    """§0.3 / AMB-79: P1 = the start, then the ring counterclockwise, wrapping round."""
    assert start_ring_order(RING8, "5") == ["5", "6", "dead", "dealer", "1", "2", "3", "4"]
    assert start_ring_order(RING8, "dealer") == RING8
    with pytest.raises(IllegalActionError, match="not a position"):
        start_ring_order(RING8, "7")
    with pytest.raises(IllegalActionError, match="twice"):
        start_ring_order(["dealer", "1", "1"], "1")


# --- R-CUT, TC-46..48 ------------------------------------------------------------------------

S = [f"s{n}" for n in range(1, 9)]
END: tuple[Literal["right", "left"], ...] = ("right", "left")


def test_tc46_cut_a_block_to_the_right_end() -> None:
    """TC-46 / R-CUT-02(a): {s3,s4} to the right end."""
    cut = parse_cut("a:3-4:right")
    assert cut == Cut.move(3, 4, "right")
    assert apply_cut(S, cut) == ["s3", "s4", "s1", "s2", "s5", "s6", "s7", "s8"]


def test_tc47_cut_b_split_block_to_both_ends() -> None:
    """TC-47 / R-CUT-02(b), AMB-77: s4 to the right end, {s5,s6} to the left end."""
    cut = parse_cut("b:4-6:4>right")
    assert cut == Cut.split_move(4, 4, 6, "right") == parse_cut("b:4-6:5-6>left")
    assert apply_cut(S, cut) == ["s4", "s1", "s2", "s3", "s7", "s8", "s5", "s6"]
    # the bank chooses which part goes where (AMB-77)
    assert apply_cut(S, parse_cut("b:4-6:4>left")) == [
        *("s5", "s6", "s1", "s2", "s3", "s7", "s8", "s4")
    ]


def test_tc48_house_way_from_the_right_after_the_tc46_cut() -> None:
    """TC-48 / R-CUT-04: cut then deal; from P2, the 8th delivery wraps to P1."""
    ring = [f"P{n}" for n in range(1, 9)]
    stacks = [(s, s, s, s) for s in S]
    dealt = deal_positions(stacks, "a", ring, "P2", parse_cut("a:3-4:right"))
    got = {p: hand[0] for p, hand in dealt.items()}
    assert list(got) == ["P2", "P3", "P4", "P5", "P6", "P7", "P8", "P1"]
    assert got == {
        **{"P2": "s3", "P3": "s4", "P4": "s1", "P5": "s2"},
        **{"P6": "s5", "P7": "s6", "P8": "s7", "P1": "s8"},
    }


def _reference_cut(cut: Cut, n: int) -> tuple[list[int], list[tuple[int, int]]]:
    """An independent model of R-CUT-02: the result, and each moved part as (old, new) start."""
    order = list(range(1, n + 1))
    rest = [s for s in order if not cut.first <= s <= cut.last]
    split = cut.last if cut.split is None else cut.split
    right = list(range(cut.first, split + 1))
    left = list(range(split + 1, cut.last + 1))
    if cut.form == "a":
        result = right + rest if cut.to == "right" else rest + right
        return result, [(cut.first - 1, result.index(cut.first))]
    result = right + rest + left if cut.to == "right" else left + rest + right
    return result, [(p[0] - 1, result.index(p[0])) for p in (right, left)]


def _all_shapes(n: int) -> list[Cut]:
    shapes = [Cut.move(i, j, e) for i in range(1, n + 1) for j in range(i, n + 1) for e in END]
    shapes += [
        Cut.split_move(i, k, j, e)
        for i in range(1, n + 1)
        for j in range(i + 1, n + 1)
        for k in range(i, j)
        for e in END
    ]
    return shapes


@pytest.mark.parametrize("n", range(1, 10))
def test_r_cut_02_legal_cuts_are_exactly_the_cuts_that_move_every_part(n: int) -> None:
    """R-CUT-02 / AMB-77: a cut is legal iff every part sent to an end really moves."""
    legal = legal_cuts(n)
    assert len(set(legal)) == len(legal)
    for cut in _all_shapes(n):
        result, parts = _reference_cut(cut, n)
        moves = all(old != new for old, new in parts)
        assert (cut in legal) == moves, cut
        if moves:
            assert apply_cut(list(range(1, n + 1)), cut) == result
        else:
            with pytest.raises(IllegalActionError):
                apply_cut(list(range(1, n + 1)), cut)


def test_r_cut_02_there_are_175_legal_cuts_of_eight_stacks() -> None:
    """R-CUT-02: 56 form (a) + 119 form (b) = 175 cuts, giving 119 distinct new orders."""
    assert len(CUTS) == 175
    assert sum(c.form == "a" for c in CUTS) == 56
    assert sum(c.form == "b" for c in CUTS) == 119
    assert sum(c.form == "b" and c.to == "left" for c in CUTS) == 84
    orders = {tuple(apply_cut(S, c)) for c in CUTS}
    assert len(orders) == 119
    assert tuple(S) not in orders
    assert [len(legal_cuts(n)) for n in range(1, 5)] == [0, 3, 10, 23]


def test_r_cut_02_stacks_move_whole() -> None:
    """R-CUT-02: the tile order inside each stack never changes."""
    for cut in CUTS:
        after = apply_cut(LABELS, cut)
        assert sorted(after) == sorted(LABELS)


def test_cut_notation_round_trip() -> None:
    """Cut notation: format → parse gives the cut back; canonical text is stable."""
    for cut in CUTS:
        text = format_cut(cut)
        assert str(cut) == text
        assert parse_cut(text) == cut
        assert format_cut(parse_cut(text)) == text
    assert format_cut(Cut.move(5, 5, "left")) == "a:5:left"
    assert format_cut(Cut.split_move(3, 4, 7, "left")) == "b:3-7:3-4>left"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("a:3-3:right", "a:3:right"),
        ("  A : 3-4 : RIGHT ", "a:3-4:right"),
        ("b:4-6:5-6>left", "b:4-6:4>right"),
        ("b:3-7:5-7>right", "b:3-7:3-4>left"),
        ("b:1-8:1>left", "b:1-8:1>left"),
    ],
)
def test_cut_notation_accepts_either_part(text: str, canonical: str) -> None:
    """Cut notation: either part of a form (b) block may be named; case and spaces ignored."""
    assert format_cut(parse_cut(text)) == canonical


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ("", ParseError, "not cut notation"),
        ("c:3-4:right", ParseError, "not cut notation"),
        ("a:3-4:up", ParseError, "not cut notation"),
        ("a:3-4:4>right", ParseError, "not cut notation"),
        ("b:4-6:right", ParseError, "not cut notation"),
        ("b:4:4>right", ParseError, "not cut notation"),
        ("a:4-3:right", ParseError, "right-most"),
        ("a:0:left", ParseError, "numbered from 1"),
        ("a:1-2:right", IllegalActionError, "already at the right end"),
        ("a:7-8:left", IllegalActionError, "already at the left end"),
        ("a:1-8:left", IllegalActionError, "nothing moves"),
        ("a:9:right", IllegalActionError, "no stack s9"),
        ("b:4-9:4>right", IllegalActionError, "no stack s9"),
        ("b:1-3:1>right", IllegalActionError, "a:2-3:left"),
        ("b:6-8:6-7>right", IllegalActionError, "a:6-7:right"),
        ("b:1-8:1-3>right", IllegalActionError, "both parts"),
        ("b:4-6:4-6>right", IllegalActionError, "not a part"),
        ("b:4-6:5>right", IllegalActionError, "not a part"),
        ("b:4-6:3-4>right", IllegalActionError, "not a part"),
    ],
)
def test_illegal_cuts_are_rejected(text: str, error: type[Exception], match: str) -> None:
    """R-CUT-02: bad notation is a ParseError; a cut the rules forbid is IllegalActionError."""
    with pytest.raises(error, match=match):
        parse_cut(text)


def test_cut_shape_and_stack_count_are_checked() -> None:
    """R-CUT-02: malformed Cut values and cuts beyond the table are refused."""
    with pytest.raises(IllegalActionError, match="split"):
        Cut("b", 4, 6, "right")
    with pytest.raises(IllegalActionError, match="split"):
        Cut("b", 4, 6, "right", 6)
    with pytest.raises(IllegalActionError, match="no split"):
        Cut("a", 4, 6, "right", 5)
    with pytest.raises(IllegalActionError, match="form"):
        Cut("c", 4, 6, "right")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="end"):
        Cut("a", 4, 6, "up")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="first <= last"):
        Cut.move(6, 4, "right")
    with pytest.raises(IllegalActionError, match="no stack s8"):
        apply_cut(S[:7], Cut.move(8, 8, "right"))
    assert parse_cut("a:9:right", n=None) == Cut.move(9, 9, "right")
    check_cut(Cut.move(9, 9, "right"), 9)
    with pytest.raises(IllegalActionError, match="at least one stack"):
        legal_cuts(0)


def test_legal_cuts_are_listed_in_a_stable_order() -> None:
    """legal_cuts: form (a) first, then form (b), sorted by block, split and end."""
    keys = [(c.form, c.first, c.last, c.split or 0, c.to == "left") for c in CUTS]
    assert all(a < b for a, b in pairwise(keys))
