"""Tiles: the 32-tile set (R-EQUIP-01/02), notation, names and parse errors."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.errors import AmbiguousNameError, ParseError
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.tiles import (
    ALL_TILES,
    FULL_SET,
    N_KINDS,
    Tile,
    format_tiles,
    parse_tile,
    parse_tiles,
    tile,
)
from reference import EQUIPMENT, pair_rank

PIP_TEXTS = [str(t) for t in ALL_TILES]


# --- R-EQUIP-01 / R-EQUIP-02 -----------------------------------------------------------------


def test_r_equip_01_twenty_one_distinct_tiles() -> None:
    assert len(ALL_TILES) == 21
    assert len({(t.lo, t.hi) for t in ALL_TILES}) == 21


def test_r_equip_01_thirty_two_tiles_in_the_set() -> None:
    assert len(FULL_SET) == 32
    assert Counter(FULL_SET) == Counter({t: t.copies for t in ALL_TILES})
    assert sum(t.copies for t in ALL_TILES) == 32
    assert sum(1 for t in ALL_TILES if t.copies == 2) == 11
    assert sum(1 for t in ALL_TILES if t.copies == 1) == 10


def test_r_equip_01_pips_of_the_set_sum_to_227() -> None:
    assert sum(t.pips for t in FULL_SET) == 227
    assert sum(t.lo + t.hi for t in FULL_SET) == 227


def test_r_equip_01_table_pips_copies_and_single_ranks() -> None:
    """Every row of the R-EQUIP-01 table, in order: pips, copies, natural single rank."""
    got = [((t.lo, t.hi), t.copies, t.natural_rank) for t in ALL_TILES]
    assert got == list(EQUIPMENT)
    for i, t in enumerate(ALL_TILES):
        assert t.index == i
        assert t.lo <= t.hi
        assert t.pips == t.lo + t.hi
        assert 1 <= t.lo <= 6
        assert t.is_double == (t.copies == 2)


def test_r_equip_01_gee_joon_tiles() -> None:
    assert [str(t) for t in ALL_TILES if t.is_gee_joon] == ["2-4", "1-2"]
    assert tile("2-4").natural_rank == 15
    assert tile("1-2").natural_rank == 17


def test_r_equip_02_set_sorts_into_sixteen_pairs() -> None:
    """R-EQUIP-02: the supreme pair plus 11 matched and 4 mixed pairs, ranks 1..16."""
    assert N_KINDS == 16
    by_kind: dict[int, list[Tile]] = {}
    for t in FULL_SET:
        by_kind.setdefault(t.kind, []).append(t)
    assert sorted(by_kind) == list(range(16))
    ranks = []
    for group in by_kind.values():
        assert len(group) == 2
        a, b = group
        expected = pair_rank((a.lo, a.hi), (b.lo, b.hi))
        assert expected is not None
        assert Hand.of(a, b).pair_rank == expected
        ranks.append(expected)
    assert sorted(ranks) == list(range(1, 17))
    matched = [g for g in by_kind.values() if g[0] == g[1]]
    mixed = [g for g in by_kind.values() if g[0] != g[1]]
    assert len(matched) == 11
    assert len(mixed) == 5  # 4 mixed pairs + the supreme pair


def test_r_equip_01_tiles_are_interned_and_immutable() -> None:
    t = tile("6-6")
    assert parse_tile("6-6") is t
    assert Tile.parse("66") is t
    with pytest.raises(AttributeError):
        cast(Any, t).lo = 1


# --- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize("t", ALL_TILES, ids=PIP_TEXTS)
def test_r_equip_01_format_parse_round_trip_every_tile(t: Tile) -> None:
    text = f"{t.lo}-{t.hi}"
    assert str(t) == text
    assert parse_tile(text) is t
    assert parse_tile(str(t)) is t
    assert format_tiles([t]) == text


@pytest.mark.parametrize("t", ALL_TILES, ids=PIP_TEXTS)
def test_r_equip_01_both_pip_orders_parse(t: Tile) -> None:
    assert parse_tile(f"{t.hi}-{t.lo}") is t
    assert parse_tile(f"{t.lo}{t.hi}") is t
    assert parse_tile(f"{t.hi}{t.lo}") is t
    assert parse_tile(f" {t.hi} - {t.lo} ") is t


def test_format_tiles_keeps_order() -> None:
    ts = [tile("6-6"), tile("1-2"), tile("4-5")]
    assert format_tiles(ts) == "6-6 1-2 4-5"
    assert format_tiles([]) == ""
    assert parse_tiles(format_tiles(ts)) == tuple(ts)


def test_parse_tiles_separators_and_iterables() -> None:
    want = (tile("6-6"), tile("4-5"), tile("1-2"), tile("3-3"))
    assert parse_tiles("6-6 4-5 1-2 3-3") == want
    assert parse_tiles("6-6,4-5, 2-1 ;3-3") == want
    assert parse_tiles(["6-6", "5-4", "1-2", "33"]) == want
    assert parse_tiles("") == ()


# --- names -----------------------------------------------------------------------------------

TRADITIONAL = {
    "Teen": "6-6",
    "Day": "1-1",
    "Yun": "4-4",
    "Gor": "1-3",
    "Mooy": "5-5",
    "Chong": "3-3",
    "Bon": "2-2",
    "Foo": "5-6",
    "Ping": "4-6",
    "Tit": "1-6",
    "Look": "1-5",
}

ENGLISH = {
    "Heaven": "6-6",
    "Earth": "1-1",
    "Man": "4-4",
    "Goose": "1-3",
    "Flower": "5-5",
    "Long": "3-3",
    "Board": "2-2",
    "Hatchet": "5-6",
    "Partition": "4-6",
    "Long Leg Seven": "1-6",
    "Big Head Six": "1-5",
}


@pytest.mark.parametrize(("name", "pips"), sorted(TRADITIONAL.items()))
def test_traditional_names(name: str, pips: str) -> None:
    t = parse_tile(name)
    assert str(t) == pips
    assert t.name == name
    assert parse_tile(name.upper()) is t
    assert parse_tile(f"  {name.lower()} ") is t


@pytest.mark.parametrize(("name", "pips"), sorted(ENGLISH.items()))
def test_english_names(name: str, pips: str) -> None:
    assert str(parse_tile(name)) == pips
    assert parse_tile(name).english == name


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("Chop Gow", {"3-6", "4-5"}),
        ("Chop Bot", {"2-6", "3-5"}),
        ("Chop Chit", {"2-5", "3-4"}),
        ("Chop Ng", {"1-4", "2-3"}),
        ("Gee Joon", {"1-2", "2-4"}),
        ("chop gow", {"3-6", "4-5"}),
    ],
)
def test_ambiguous_names_raise(name: str, options: set[str]) -> None:
    with pytest.raises(AmbiguousNameError) as err:
        parse_tile(name)
    assert isinstance(err.value, ParseError)
    assert isinstance(err.value, ValueError)
    msg = str(err.value)
    assert repr(name) in msg
    for o in options:
        assert o in msg


def test_ambiguous_names_inside_a_list_raise() -> None:
    with pytest.raises(AmbiguousNameError):
        parse_tiles("Teen Chop Gow Day")


def test_multi_word_names_in_lists() -> None:
    assert parse_tiles("Teen Long Leg Seven Day Big Head Six") == (
        tile("6-6"),
        tile("1-6"),
        tile("1-1"),
        tile("1-5"),
    )
    assert parse_tiles("Gee Joon Three, Gee Joon Six") == (tile("1-2"), tile("2-4"))
    assert parse_tiles("low 3 low 6") == (tile("1-2"), tile("2-4"))


# --- errors ----------------------------------------------------------------------------------

BAD_TILES = [
    "7-1",
    "0-0",
    "0-6",
    "6-7",
    "9-9",
    "6",
    "",
    "   ",
    "6-6-6",
    "1-2-3",
    "abc",
    "Teenz",
    "6--6",
    "--",
]


@pytest.mark.parametrize("text", BAD_TILES)
def test_bad_tile_raises_parse_error_naming_the_input(text: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_tile(text)
    assert repr(text) in str(err.value)


def test_non_text_tile_raises_parse_error() -> None:
    with pytest.raises(ParseError):
        parse_tile(cast(Any, 66))


def test_parse_tiles_error_names_the_bad_token() -> None:
    with pytest.raises(ParseError) as err:
        parse_tiles("6-6 4-5 7-1 3-3")
    assert "'7-1'" in str(err.value)


# --- properties ------------------------------------------------------------------------------

tiles_st = st.sampled_from(ALL_TILES)


@settings(max_examples=200, deadline=None)
@given(tiles_st, st.booleans(), st.sampled_from(["-", "", "/", ":", " - "]))
def test_property_format_parse_round_trip(t: Tile, swap: bool, sep: str) -> None:
    a, b = (t.hi, t.lo) if swap else (t.lo, t.hi)
    text = f"{a}{sep}{b}"
    parsed = parse_tile(text)
    assert parsed is t
    assert format_tiles([parsed]) == str(t)
    assert parse_tile(format_tiles([parsed])) is t


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=20))
def test_property_parse_tile_raises_only_parse_error(text: str) -> None:
    try:
        t = parse_tile(text)
    except ParseError:
        return
    assert t in ALL_TILES
    assert parse_tile(str(t)) is t


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("0123456789-,; /:abcdefghijklmnopqrstuvwxyzTGCJ")),
        max_size=30,
    )
)
def test_property_parse_tiles_raises_only_parse_error(text: str) -> None:
    try:
        ts = parse_tiles(text)
    except ParseError:
        return
    assert all(t in ALL_TILES for t in ts)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(tiles_st, st.booleans()), max_size=12),
    st.sampled_from([" ", ", ", ",", ";", "  ", " ; "]),
)
def test_property_parse_tiles_on_joined_random_lists(
    items: list[tuple[Tile, bool]], sep: str
) -> None:
    words = [f"{t.hi}-{t.lo}" if swap else str(t) for t, swap in items]
    got = parse_tiles(sep.join(words))
    assert got == tuple(t for t, _ in items)
    assert format_tiles(got) == " ".join(str(t) for t, _ in items)


NAMED = [t for t in ALL_TILES if t.is_double]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(NAMED), max_size=8), st.booleans())
def test_property_parse_tiles_on_joined_names(ts: list[Tile], english: bool) -> None:
    words = [t.english if english else t.name for t in ts]
    assert parse_tiles(" ".join(words)) == tuple(ts)
