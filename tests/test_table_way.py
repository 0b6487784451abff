"""House ways as tables (``table:FILE.csv``): export of the regulation way (R-HW-01/03) in both
sizes, re-import, and the validation errors of the format."""

from __future__ import annotations

import csv
import io
from functools import cache
from pathlib import Path

import pytest

from paigow.errors import ConfigError, InvalidSettingError
from paigow.games.tiles.hands4 import all_combinations, distinct_hands, tile_multisets
from paigow.games.tiles.settings import Setting
from paigow.games.tiles.tiles import Tile, format_tiles, parse_tiles
from paigow.games.tiles.ways import HouseWay, TableWay, get_way, load_table
from paigow.games.tiles.ways.table import export_rows, parse_table, write_table

HEADER = "tiles,setting\n"


@cache
def exported(all_: bool) -> str:
    out = io.StringIO()
    n = write_table(get_way("regulation"), out, all_=all_)
    assert n == (35_960 if all_ else 3_620)
    return out.getvalue()


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))[1:]


def csv_text(body: list[list[str]]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["tiles", "setting"])
    w.writerows(body)
    return out.getvalue()


def check_same_as_regulation(way: HouseWay) -> None:
    regulation = get_way("regulation")
    memo: dict[tuple[Tile, ...], bool] = {}
    failures = []
    n = 0
    for combo in all_combinations():
        n += 1
        if combo in memo:
            continue
        want, got = regulation.set(combo), way.set(combo)
        memo[combo] = (got.high, got.low) == (want.high, want.low)
        if not memo[combo]:
            failures.append((format_tiles(combo), str(want), str(got)))
    assert n == 35_960
    assert not failures, failures[:10]


# --- export and re-import ---------------------------------------------------------------------


def test_export_3620_rows() -> None:
    text = exported(False)
    assert text.startswith(HEADER)
    body = rows(text)
    assert len(body) == 3_620
    assert len({r[0] for r in body}) == 3_620
    want = {format_tiles(sorted(h.tiles)) for h in distinct_hands()}
    assert {r[0] for r in body} == want
    for tiles, s in body:
        setting = Setting.parse(s)
        assert setting.same_tiles(parse_tiles(tiles))


def test_export_rows_matches_write_table() -> None:
    listed = list(export_rows(get_way("regulation")))
    assert [list(r) for r in listed] == rows(exported(False))


def test_export_35960_rows() -> None:
    body = rows(exported(True))
    assert len(body) == 35_960
    multiplicity: dict[str, int] = {}
    for tiles, _ in body:
        multiplicity[tiles] = multiplicity.get(tiles, 0) + 1
    want = {format_tiles(ts): w for ts, w in tile_multisets()}
    assert multiplicity == want


def test_reimport_3620_rows_sets_every_combination_alike() -> None:
    way = parse_table(exported(False), name="table:regulation-3620")
    assert isinstance(way, TableWay)
    assert isinstance(way, HouseWay)
    assert way.name == "table:regulation-3620"
    assert way.kind_symmetric is True
    check_same_as_regulation(way)


def test_reimport_35960_rows_sets_every_combination_alike() -> None:
    way = parse_table(exported(True), name="table:regulation-35960")
    assert way.kind_symmetric is True
    check_same_as_regulation(way)


def test_load_table_from_file_and_get_way(tmp_path: Path) -> None:
    p = tmp_path / "regulation.csv"
    p.write_text(exported(False), encoding="utf-8")
    way = load_table(p)
    assert way.name == f"table:{p}"
    via_get = get_way(f"table:{p}")
    hand = parse_tiles("6-6 4-5 1-1 2-6")
    assert way.set(hand) == via_get.set(hand) == get_way("regulation").set(hand)


def test_table_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as err:
        load_table(tmp_path / "absent.csv")
    assert "absent.csv" in str(err.value)
    with pytest.raises(ConfigError):
        get_way("table:")
    with pytest.raises(ConfigError) as err:
        parse_table("")
    assert "header" in str(err.value)


# --- a 3,620-row table applied to the other tile of a kind --------------------------------------


def _with_row(text: str, tiles: str, setting: str) -> str:
    body = rows(text)
    for r in body:
        if r[0] == tiles:
            r[1] = setting
            break
    else:
        body.append([tiles, setting])
    return csv_text(body)


def test_kind_row_applied_to_the_other_tile_of_a_mixed_kind() -> None:
    """The row ``1-1 2-2 3-6 6-6`` also sets ``1-1 2-2 4-5 6-6``: the 4-5 takes the place of the
    3-6, in the same hand."""
    text = _with_row(exported(False), "1-1 2-2 3-6 6-6", "1-1 3-6 | 2-2 6-6")
    way = parse_table(text)
    assert str(way.set(parse_tiles("1-1 2-2 3-6 6-6"))) == "1-1 3-6 / 6-6 2-2"
    s = way.set(parse_tiles("6-6 4-5 2-2 1-1"))
    assert str(s) == "1-1 4-5 / 6-6 2-2"
    assert s.same_tiles(parse_tiles("1-1 2-2 4-5 6-6"))
    assert way.kind_symmetric is True


def test_kind_row_applied_to_the_other_gee_joon_tile() -> None:
    """The 3,620-row table writes a lone gee joon as the 1-2; its row sets the 2-4 as well."""
    text = _with_row(exported(False), "1-2 1-3 2-2 5-5", "1-2 2-2 | 1-3 5-5")
    way = parse_table(text)
    assert str(way.set(parse_tiles("2-4 1-3 2-2 5-5"))) == "2-2 2-4 / 1-3 5-5"


def test_exact_row_takes_precedence_over_the_kind_row() -> None:
    text = _with_row(exported(False), "1-1 2-2 3-6 6-6", "1-1 3-6 | 2-2 6-6")
    text += "1-1 2-2 4-5 6-6,6-6 4-5 | 1-1 2-2\n"
    way = parse_table(text)
    assert str(way.set(parse_tiles("1-1 2-2 4-5 6-6"))) == "6-6 4-5 / 1-1 2-2"
    assert str(way.set(parse_tiles("1-1 2-2 3-6 6-6"))) == "1-1 3-6 / 6-6 2-2"
    assert way.kind_symmetric is False


# --- rejections -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    ["hand,setting", "tiles,settings", "tiles", "tiles,setting,extra", "setting,tiles"],
)
def test_wrong_header(header: str) -> None:
    text = header + "\n" + exported(False).split("\n", 1)[1]
    with pytest.raises(ConfigError) as err:
        parse_table(text, origin="way.csv")
    msg = str(err.value)
    assert "way.csv" in msg and "line 1" in msg and "header" in msg


def test_header_case_and_spaces_accepted() -> None:
    text = "Tiles , Setting\n" + exported(False).split("\n", 1)[1]
    assert parse_table(text).set(parse_tiles("6-6 6-6 1-1 1-1")) is not None


def _line_of(text: str, tiles: str) -> int:
    for i, line in enumerate(text.splitlines(), start=1):
        if line.startswith(tiles + ","):
            return i
    raise AssertionError(tiles)


def test_setting_with_tiles_not_in_its_row() -> None:
    base = exported(False)
    text = _with_row(base, "1-1 2-2 3-6 6-6", "1-1 4-5 | 2-2 6-6")
    line = _line_of(text, "1-1 2-2 3-6 6-6")
    with pytest.raises(ConfigError) as err:
        parse_table(text, origin="way.csv")
    msg = str(err.value)
    assert f"way.csv: line {line}" in msg
    assert "1-1 4-5 | 2-2 6-6" in msg and "1-1 2-2 3-6 6-6" in msg


def test_missing_hand_is_named() -> None:
    body = [r for r in rows(exported(False)) if r[0] != "1-2 1-4 2-5 4-6"]
    assert len(body) == 3_619
    with pytest.raises(ConfigError) as err:
        parse_table(csv_text(body), origin="way.csv")
    msg = str(err.value)
    assert "1-2 1-4 2-5 4-6" in msg and "way.csv" in msg


def test_missing_hands_counted() -> None:
    body = rows(exported(False))[:100]
    with pytest.raises(ConfigError) as err:
        parse_table(csv_text(body))
    assert "3520" in str(err.value)


def test_conflicting_duplicate_rows() -> None:
    base = exported(False)
    first = _line_of(base, "1-1 2-2 3-6 6-6")
    text = base + "1-1 2-2 3-6 6-6,1-1 3-6 | 2-2 6-6\n"
    last = len(text.splitlines())
    with pytest.raises(ConfigError) as err:
        parse_table(text, origin="way.csv")
    msg = str(err.value)
    assert f"line {last}" in msg and f"line {first}" in msg
    assert "1-1 2-2 3-6 6-6" in msg


def test_agreeing_duplicate_rows_accepted() -> None:
    base = exported(False)
    row = next(r for r in rows(base) if r[0] == "1-1 2-2 3-6 6-6")
    # the same setting, written with the hands' tiles in another order
    high, low = row[1].split(" | ")
    text = base + f"{row[0]},{' '.join(reversed(high.split()))} | {low}\n"
    parse_table(text)


@pytest.mark.parametrize(
    ("tiles", "setting"),
    [
        ("1-1 2-2 3-6 7-7", "1-1 3-6 | 2-2 7-7"),  # not a tile
        ("1-1 2-2 3-6", "1-1 3-6 | 2-2 6-6"),  # three tiles in the row
        ("1-1 2-2 3-6 6-6", "1-1 3-6 2-2 6-6"),  # no hand separator
        ("1-1 2-2 3-6 6-6", "1-1 | 3-6 2-2 6-6"),  # one tile in the high hand
        ("1-1 2-2 3-6 6-6", "2-2 6-6 | 1-1 3-6"),  # reversed: high ranks below low (AMB-27)
        ("6-6 6-6 6-6 1-1", "6-6 6-6 | 6-6 1-1"),  # three 6-6
        ("1-1 2-2 3-6 Chop Gow", "1-1 3-6 | 2-2 6-6"),  # ambiguous name
    ],
)
def test_malformed_rows_name_the_line(tiles: str, setting: str) -> None:
    base = exported(False)
    text = base + f"{tiles},{setting}\n"
    line = len(text.splitlines())
    with pytest.raises(ConfigError) as err:
        parse_table(text, origin="way.csv")
    assert f"way.csv: line {line}" in str(err.value)


def test_wrong_number_of_fields() -> None:
    text = exported(False) + "1-1 2-2 3-6 6-6\n"
    line = len(text.splitlines())
    with pytest.raises(ConfigError) as err:
        parse_table(text, origin="way.csv")
    assert f"line {line}" in str(err.value)


def test_blank_lines_ignored() -> None:
    text = exported(False).replace("\n", "\n\n", 5)
    way = parse_table(text)
    hand = parse_tiles("1-2 2-4 6-6 1-1")
    assert way.set(hand) == get_way("regulation").set(hand)


@pytest.mark.parametrize(
    "text",
    [
        "3-6 3-6 1-1 2-2",  # the set has one 3-6
        "1-2 1-2 6-6 6-6",  # the set has one 1-2
        "6-6 6-6 6-6 1-1",  # the set has two 6-6
        "6-6 1-1 1-3",  # three tiles
        "6-6 1-1 1-3 1-3 5-5",  # five tiles
    ],
)
def test_table_way_rejects_hands_no_set_can_hold(text: str) -> None:
    """Like the regulation way, a table way refuses tiles that are not four tiles of one set
    (InvalidSettingError), rather than setting them or failing with a lookup error."""
    tiles = parse_tiles(text)
    with pytest.raises(InvalidSettingError):
        get_way("regulation").set(tiles)
    way = parse_table(exported(False))
    with pytest.raises(InvalidSettingError):
        way.set(tiles)
