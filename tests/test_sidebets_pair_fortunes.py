"""Pair Fortunes (R-PF-03..05, AMB-87..89): classes, pay tables, Appendix E counts and returns."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from paigow.errors import ConfigError, IllegalActionError
from paigow.games.tiles.hands4 import all_combinations
from paigow.games.tiles.pair_fortunes import (
    PF_TABLES,
    PFClass,
    classify_pair_fortunes,
    classify_pf_kinds,
    pair_fortunes_counts,
    pair_fortunes_return,
    pf_paytable,
)
from paigow.games.tiles.tiles import Tile, parse_tiles

# --- TC-55..61 --------------------------------------------------------------------------------

TC_CASES = [
    ("TC-55", "1-2 2-4 6-6 6-6", PFClass.GJ_HEAVEN, (300, 250, 250, 200)),
    ("TC-56", "6-6 6-6 3-6 4-5", PFClass.TWO_PAIR, (25, 25, 30, 30)),
    ("TC-57", "1-2 2-4 5-5 5-5", PFClass.TWO_PAIR, (25, 25, 30, 30)),
    ("TC-58", "1-2 2-4 5-5 3-3", PFClass.GEE_JOON, (8, 8, 7, 10)),
    ("TC-59", "3-6 4-5 6-6 1-1", PFClass.MIXED, (4, 5, 5, 4)),
    ("TC-60", "5-5 5-5 1-2 6-6", PFClass.IDENTICAL, (3, 2, 2, 2)),
    ("TC-61", "6-6 4-5 1-1 2-6", PFClass.NONE, None),
]


@pytest.mark.parametrize(("tc", "tiles", "cls", "pays"), TC_CASES, ids=[t[0] for t in TC_CASES])
def test_tc_55_to_61_classes_and_pays(
    tc: str, tiles: str, cls: PFClass, pays: tuple[int, int, int, int] | None
) -> None:
    assert classify_pair_fortunes(tiles) is cls
    assert classify_pair_fortunes(parse_tiles(tiles)) is cls
    if pays is None:
        assert all(cls not in PF_TABLES[t] for t in "1234")
    else:
        assert tuple(PF_TABLES[t][cls] for t in "1234") == pays
        assert tuple(PF_TABLES[t][cls] for t in "ABCD") == pays


def test_r_pf_04_arrangement_does_not_matter() -> None:
    """R-PF-03: "It does not matter how players tiles are arranged"."""
    assert classify_pair_fortunes("6-6 2-4 6-6 1-2") is PFClass.GJ_HEAVEN
    assert classify_pair_fortunes("4-5 1-1 3-6 6-6") is PFClass.MIXED


def test_amb_88_wongs_and_gongs_are_not_pairs() -> None:
    assert classify_pair_fortunes("6-6 3-6 1-1 3-5") is PFClass.NONE
    assert classify_pair_fortunes("6-6 2-6 1-1 4-5") is PFClass.NONE


def test_amb_87_paid_once_at_the_highest_class() -> None:
    # A gee joon pair plus a mixed pair is two pair, not gee joon pair plus mixed pair.
    assert classify_pair_fortunes("1-2 2-4 1-4 2-3") is PFClass.TWO_PAIR
    assert classify_pair_fortunes("1-2 2-4 6-6 5-5") is PFClass.GEE_JOON


def test_r_pf_05_pay_tables_exactly() -> None:
    expected = {
        "1": (300, 25, 8, 4, 3),
        "2": (250, 25, 8, 5, 2),
        "3": (250, 30, 7, 5, 2),
        "4": (200, 30, 10, 4, 2),
    }
    order = [PFClass.GJ_HEAVEN, PFClass.TWO_PAIR, PFClass.GEE_JOON, PFClass.MIXED]
    order.append(PFClass.IDENTICAL)
    for name, pays in expected.items():
        assert tuple(PF_TABLES[name][c] for c in order) == pays
        assert PF_TABLES["ABCD"[int(name) - 1]] is PF_TABLES[name]
        assert pf_paytable(int(name)) is PF_TABLES[name]
        assert pf_paytable(name) is PF_TABLES[name]
    assert pf_paytable("b") is PF_TABLES["2"]


def test_pf_paytable_errors() -> None:
    with pytest.raises(ConfigError):
        pf_paytable("5")
    with pytest.raises(ConfigError):
        pf_paytable({PFClass.GJ_HEAVEN: 1})
    with pytest.raises(ConfigError):
        pair_fortunes_return("E")


def test_classify_errors() -> None:
    with pytest.raises(IllegalActionError):
        classify_pair_fortunes("6-6 6-6 1-2")
    with pytest.raises(IllegalActionError):
        classify_pair_fortunes("6-6 6-6 6-6 1-2")
    with pytest.raises(IllegalActionError):
        classify_pair_fortunes("1-2 1-2 6-6 5-5")  # only one 1-2 in the set
    with pytest.raises(IllegalActionError):
        classify_pf_kinds([0, 0, 0, 1])


# --- Appendix E -------------------------------------------------------------------------------

APPENDIX_E = {
    PFClass.GJ_HEAVEN: 1,
    PFClass.TWO_PAIR: 119,
    PFClass.GEE_JOON: 420,
    PFClass.MIXED: 1680,
    PFClass.IDENTICAL: 4620,
    PFClass.NONE: 29120,
}


def test_appendix_e_counts() -> None:
    assert pair_fortunes_counts() == APPENDIX_E
    assert sum(APPENDIX_E.values()) == 35960


# Written from the R-PF-04 table alone, by tile pips rather than kinds.
_SIXTEEN_PAIRS = [
    ("1-2", "2-4"),
    *((t, t) for t in ("6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6")),
    ("1-6", "1-6"),
    ("1-5", "1-5"),
    ("3-6", "4-5"),
    ("2-6", "3-5"),
    ("2-5", "3-4"),
    ("1-4", "2-3"),
]
_MIXED = _SIXTEEN_PAIRS[12:]


def _reference_class(tiles: tuple[Tile, Tile, Tile, Tile]) -> PFClass:
    names = [str(t) for t in tiles]
    found: list[tuple[str, str]] = []
    for i in range(4):
        for j in range(i + 1, 4):
            pair = (names[i], names[j])
            if pair in _SIXTEEN_PAIRS or pair[::-1] in _SIXTEEN_PAIRS:
                found.append(tuple(sorted(pair)))  # type: ignore[arg-type]
    disjoint = [
        (p, q)
        for k, p in enumerate(found)
        for q in found[k + 1 :]
        if not (Counter(p) + Counter(q)) - Counter(names)
    ]
    if sorted(names) == ["1-2", "2-4", "6-6", "6-6"]:
        return PFClass.GJ_HEAVEN
    if disjoint:
        return PFClass.TWO_PAIR
    if ("1-2", "2-4") in found:
        return PFClass.GEE_JOON
    if found:
        mixed = any(tuple(sorted(m)) in found for m in _MIXED)
        return PFClass.MIXED if mixed else PFClass.IDENTICAL
    return PFClass.NONE


def test_r_pf_04_all_35960_physical_hands_match_the_reference() -> None:
    counts: Counter[PFClass] = Counter()
    for tiles in all_combinations():
        cls = classify_pair_fortunes(tiles)
        assert cls is _reference_class(tiles), tiles
        counts[cls] += 1
    assert counts == APPENDIX_E


# --- Returns (Appendix E, AMB-89) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "exact", "rounded"),
    [
        ("1", Fraction(-1905, 35960), -0.052976),
        ("2", Fraction(-4895, 35960), -0.136123),
        ("3", Fraction(-4720, 35960), -0.131257),
        ("4", Fraction(-5190, 35960), -0.144327),
    ],
)
def test_appendix_e_returns(table: str, exact: Fraction, rounded: float) -> None:
    assert pair_fortunes_return(table) == exact
    assert round(float(exact), 6) == rounded
    assert pair_fortunes_return("ABCD"[int(table) - 1]) == exact


def test_return_of_a_custom_table() -> None:
    flat = dict.fromkeys(APPENDIX_E, 1)
    del flat[PFClass.NONE]
    assert pair_fortunes_return(flat) == Fraction(6840 - 29120, 35960)
