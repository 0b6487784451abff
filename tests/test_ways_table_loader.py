"""``table:FILE.csv`` ways: the fast loader against a slow, obvious reference; one load per
file version; clean errors naming the file (issue 9).

The reference parses every row with the general tile and setting parsers, keeps the first row
of each hand and of each kind, exactly as the format says (``paigow.games.tiles.ways.table``); the
loader under test has a fast path for canonical rows. Both must set every hand alike and refuse the
same rows with the same message.
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paigow.games.tiles.ways as ways_module
from paigow.cli import batch
from paigow.errors import ConfigError, PaigowError
from paigow.games.tiles.hands4 import distinct_hands, kind_key, tile_multisets
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, settings_of
from paigow.games.tiles.tiles import Tile, format_tiles, parse_tiles
from paigow.games.tiles.ways import get_way
from paigow.games.tiles.ways.table import parse_table, write_table


class ReferenceTable:
    """The slow reference: a plain reading of the format, row by row."""

    def __init__(self, text: str, origin: str = "<table>") -> None:
        rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
        if not rows or tuple(h.strip().lower() for h in rows[0]) != ("tiles", "setting"):
            raise ConfigError(f"{origin}: header")
        self.exact: dict[tuple[int, ...], tuple[Setting, int]] = {}
        self.by_kind: dict[tuple[int, ...], Setting] = {}
        for lineno, row in enumerate(rows[1:], start=2):
            if not row or all(not c.strip() for c in row):
                continue
            where = f"{origin}: line {lineno}"
            if len(row) != 2:
                raise ConfigError(f"{where}: expected 2 fields 'tiles,setting', got {len(row)}")
            try:
                tiles = parse_tiles(row[0])
                if len(tiles) != 4:
                    raise ConfigError(f"{where}: 'tiles' must be four tiles, got {row[0]!r}")
                setting = Setting.parse(row[1])
            except PaigowError as e:
                if isinstance(e, ConfigError):
                    raise
                raise ConfigError(f"{where}: {e}") from e
            if not setting.same_tiles(tiles):
                raise ConfigError(
                    f"{where}: setting {row[1].strip()!r} uses tiles not in its row "
                    f"{row[0].strip()!r}"
                )
            key = tuple(sorted(t.index for t in tiles))
            seen = self.exact.get(key)
            if seen is not None and seen[0].key() != setting.key():
                raise ConfigError(
                    f"{where}: hand {format_tiles(sorted(tiles))} is set differently on line "
                    f"{seen[1]}"
                )
            self.exact.setdefault(key, (setting, lineno))
            self.by_kind.setdefault(kind_key(list(tiles)), setting)
        for h in distinct_hands():
            if h.kinds not in self.by_kind:
                raise ConfigError(f"{origin}: the table misses the hand {format_tiles(h.tiles)}")

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """The exact row's setting, else the kind row's mapped onto these tiles."""
        found = self.exact.get(tuple(sorted(t.index for t in tiles)))
        if found is not None:
            return found[0]
        proto = self.by_kind[kind_key(list(tiles))]
        pool = list(tiles)
        high = []
        for t in proto.high.tiles:
            match = next(x for x in pool if x.kind == t.kind)
            pool.remove(match)
            high.append(match)
        return Setting(Hand.of(high[0], high[1]), Hand.of(pool[0], pool[1]))


MULTISETS = [ts for ts, _ in tile_multisets()]


def assert_same_way(text: str) -> None:
    """The loader and the reference set each of the 8,130 tile multisets alike."""
    fast, ref = parse_table(text), ReferenceTable(text)
    for ts in MULTISETS:
        a, b = fast.set(ts), ref.set(ts)
        assert (a.high, a.low) == (b.high, b.low), format_tiles(ts)


@cache
def exported(way: str, all_: bool = False) -> str:
    out = io.StringIO()
    write_table(get_way(way), out, all_=all_)
    return out.getvalue()


def random_rows(rng: random.Random) -> list[list[str]]:
    """A random kind-symmetric way: one random split of each of the 3,620 hands."""
    rows = []
    for h in distinct_hands():
        s = rng.choice(settings_of(h.tiles))
        rows.append([format_tiles(sorted(h.tiles)), s.csv()])
    return rows


def _respell(field: str, rng: random.Random) -> str:
    """The same tiles written another accepted way: pips reversed, spaces, '/' for '|'."""
    words = field.replace("|", " | ").split()
    out = [f"{w[2]}-{w[0]}" if len(w) == 3 and rng.random() < 0.5 else w for w in words]
    text = (" " * rng.randint(1, 2)).join(out)
    return text.replace("|", "/") if rng.random() < 0.3 else text


def to_csv(rows: list[list[str]], *, crlf: bool, quote_all: bool) -> str:
    out = io.StringIO()
    w = csv.writer(
        out,
        lineterminator="\r\n" if crlf else "\n",
        quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL,
    )
    w.writerow(["tiles", "setting"])
    w.writerows(rows)
    return out.getvalue()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    respell=st.floats(0, 1),
    repeat=st.floats(0, 0.5),
    crlf=st.booleans(),
    quote_all=st.booleans(),
)
def test_loader_equals_reference_on_random_tables(
    seed: int, respell: float, repeat: float, crlf: bool, quote_all: bool
) -> None:
    """Random ways, rows shuffled, some written in other notation, some repeated (agreeing),
    CRLF line ends, quoted fields: the same setting for every hand as the reference."""
    rng = random.Random(seed)
    rows = random_rows(rng)
    rows += [list(r) for r in rng.sample(rows, int(repeat * len(rows)))]
    rng.shuffle(rows)
    rows = [[_respell(c, rng) if rng.random() < respell else c for c in r] for r in rows]
    assert_same_way(to_csv(rows, crlf=crlf, quote_all=quote_all))


@pytest.mark.parametrize("way", ["regulation", "canberra"])
def test_loader_equals_reference_on_full_exports(way: str) -> None:
    """Both sizes of export (3,620 and 35,960 rows), with a byte-order mark."""
    assert_same_way(exported(way))
    assert_same_way("\ufeff" + exported(way, True))


def test_exact_rows_beat_kind_rows_like_the_reference() -> None:
    """A 3,620-row table plus exact rows that set the other tile of a kind differently: the
    table is no longer kind-symmetric, and every hand follows the reference."""
    rng = random.Random(3)
    rows = random_rows(rng)
    extra = []
    for ts in rng.sample(MULTISETS, 300):
        s = rng.choice(settings_of(ts))
        extra.append([format_tiles(ts), s.csv()])
    seen = {r[0] for r in rows}
    text = to_csv(rows + [r for r in extra if r[0] not in seen], crlf=False, quote_all=False)
    assert_same_way(text)


@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        ("1-1 2-2 3-6 7-7,1-1 3-6 | 2-2 7-7", "not a Pai Gow tile"),
        ("1-1 2-2 3-6,1-1 3-6 | 2-2 6-6", "four tiles"),
        ("1-1 2-2 3-6 6-6,1-1 3-6 2-2 6-6", "HIGH / LOW"),
        ("1-1 2-2 3-6 6-6,2-2 6-6 | 1-1 3-6", "ranks below"),
        ("6-6 6-6 6-6 1-1,6-6 6-6 | 6-6 1-1", "copies"),
        ("3-6 3-6 1-1 2-2,3-6 3-6 | 1-1 2-2", "copies"),
        ("1-1 2-2 3-6 6-6,1-1 4-5 | 2-2 6-6", "not in its row"),
        ("1-1 2-2 3-6 6-6,1-1 3-6 | 2-2 6-6", "set differently"),
    ],
)
def test_errors_match_the_reference(row: str, fragment: str) -> None:
    """A bad row gives the reference's message, naming the file and the line."""
    text = exported("regulation") + row + "\n"
    with pytest.raises(ConfigError) as fast:
        parse_table(text, origin="way.csv")
    with pytest.raises(ConfigError) as ref:
        ReferenceTable(text, origin="way.csv")
    assert str(fast.value) == str(ref.value)
    assert fragment in str(fast.value)
    assert f"way.csv: line {len(text.splitlines())}" in str(fast.value)


# --- files ---------------------------------------------------------------------------------


def test_byte_order_mark_and_crlf_as_spreadsheets_save(tmp_path: Path) -> None:
    """Issue 9: a CSV saved with a byte-order mark (and CRLF) is accepted."""
    p = tmp_path / "excel.csv"
    p.write_bytes(b"\xef\xbb\xbf" + exported("regulation").replace("\n", "\r\n").encode())
    hand = parse_tiles("6-6 4-5 1-2 3-3")
    assert get_way(f"table:{p}").set(hand) == get_way("regulation").set(hand)


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"tiles,setting\n\xff\xfe1-1,2\n", "line 2: not UTF-8"),
        (b"tiles,setting\n" + b"x" * 200_000 + b",y\n", "line 2"),
        (b'tiles,setting\n"' + b"x" * 200_000 + b'",y\n', "longer than 128 KiB"),
        (b"tiles,setting\n1-1\x002-2,x\n", "line 2"),
        (b"", "empty file"),
    ],
)
def test_bad_files_name_the_file(tmp_path: Path, content: bytes, fragment: str) -> None:
    p = tmp_path / "bad.csv"
    p.write_bytes(content)
    with pytest.raises(ConfigError) as err:
        get_way(f"table:{p}")
    msg = str(err.value)
    assert "bad.csv" in msg and fragment in msg
    assert len(msg) < 400  # a huge field is not copied into the message


def test_directory_and_oversized_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match="cannot read house-way table"):
        get_way(f"table:{tmp_path}")
    p = tmp_path / "big.csv"
    p.write_text(exported("regulation"), encoding="utf-8")
    monkeypatch.setattr("paigow.games.tiles.ways.table.TABLE_LIMIT", 1000)
    with pytest.raises(ConfigError, match="larger than"):
        get_way(f"table:{p}")


def test_a_table_is_loaded_once_per_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9: `paigow edge` loaded each table twice. Now one load per file version (path,
    modification time, size): a changed file is read again."""
    calls: list[str] = []
    real = ways_module.load_table

    def counting(path: str | Path, *, name: str | None = None) -> object:
        calls.append(str(path))
        return real(path, name=name)

    monkeypatch.setattr(ways_module, "load_table", counting)
    p = tmp_path / "way.csv"
    p.write_text(exported("regulation"), encoding="utf-8")
    a, b = get_way(f"table:{p}"), get_way(f"table:{p}")
    assert a is b and len(calls) == 1
    p.write_text(exported("canberra"), encoding="utf-8")
    c = get_way(f"table:{p}")
    assert len(calls) == 2 and c is not a
    hand = parse_tiles("6-6 4-5 1-2 3-3")
    assert c.set(hand) == get_way("canberra").set(hand)


def test_set_batch_with_a_table_equals_the_built_in_way(tmp_path: Path) -> None:
    """`set --batch` with `table:` gives the built-in way's output line for line."""
    p = tmp_path / "reg.csv"
    p.write_text(exported("regulation", True), encoding="utf-8")
    rng = random.Random(9)
    hands = [format_tiles(rng.choice(MULTISETS)) for _ in range(2000)]
    lines = "".join(json.dumps({"tiles": h}) + "\n" for h in hands)
    outs = []
    for way in ("regulation", f"table:{p}"):
        out = io.StringIO()
        batch.run("set", io.StringIO(lines), out, default_way=way)
        outs.append([json.loads(x) for x in out.getvalue().splitlines()])
    for a, b in zip(*outs, strict=True):
        assert (a["high"], a["low"]) == (b["high"], b["low"])
