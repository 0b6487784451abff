"""House ways given as tables (``table:FILE.csv``), and export of any way to that format.

Format: a CSV file with header ``tiles,setting``. ``tiles`` is the four tiles in canonical
notation, sorted ascending by (low pip, high pip), separated by spaces (``1-1 1-1 1-2 1-3``);
``setting`` is ``HIGH | LOW``, two tiles each (``1-1 1-2 | 1-1 1-3``).

A table holds either one row per distinct hand (3,620 rows; a tile of a mixed kind or a gee joon
tile stands for its kind, so the row ``1-2 ...`` also sets the same hand with the 2-4) or one row
per combination (35,960 rows, repeated rows agreeing). A row for the exact tiles takes precedence
over a row for another tile of the same kind.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from operator import itemgetter
from pathlib import Path
from typing import Final, TextIO

from paigow.errors import ConfigError, PaigowError
from paigow.games.tiles.hands4 import all_combinations, distinct_hands, kind_key
from paigow.games.tiles.ranking import STRENGTH, Hand
from paigow.games.tiles.settings import Setting, validate_four
from paigow.games.tiles.tiles import ALL_TILES, Tile, format_tiles, parse_tiles
from paigow.textfiles import read_text

from .base import HouseWay

__all__ = ["TABLE_LIMIT", "TableWay", "export_rows", "load_table", "parse_table", "write_table"]

HEADER: Final = ("tiles", "setting")
#: The largest table file accepted, in bytes (a 35,960-row table is about 1.4 MiB).
TABLE_LIMIT: Final = 64 << 20

#: The longest field of a row, in characters (a row is two short lists of tiles).
_LONGEST: Final = 200
#: The four tiles of a row, as tile indices sorted ascending: the key of the exact rows.
_Key = tuple[int, ...]
#: A setting as its four tiles, high hand first.
_Four = tuple[Tile, Tile, Tile, Tile]

# Canonical tile text in either order ("1-2", "2-1"): the loader's fast path.
_TILE: Final[dict[str, Tile]] = {
    f"{a}-{b}": t for t in ALL_TILES for a, b in ((t.lo, t.hi), (t.hi, t.lo))
}


def _key(tiles: Iterable[Tile]) -> _Key:
    return tuple(sorted(t.index for t in tiles))


def _kind_split(s: _Four) -> tuple[int, int, int, int]:
    a, b, c, d = (t.kind for t in s)
    return (min(a, b), max(a, b), min(c, d), max(c, d))


class TableWay:
    """A house way read from a table. Build with :func:`load_table` or :func:`parse_table`.

    Settings are looked up in two dictionaries, by the exact tiles, then by their kinds.
    """

    kind_symmetric: bool

    def __init__(
        self,
        name: str,
        exact: dict[_Key, _Four],
        by_kind: dict[tuple[int, ...], _Four],
        *,
        kind_symmetric: bool | None = None,
    ) -> None:
        self.name = name
        self.description = f"House way from the table {name.removeprefix('table:')}"
        self._exact = exact
        self._by_kind = by_kind
        self._settings: dict[_Key, Setting] = {}
        if kind_symmetric is None:
            kind_symmetric = all(
                _kind_split(s) == _kind_split(by_kind[kind_key(s)]) for s in exact.values()
            )
        self.kind_symmetric = kind_symmetric

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """The table's setting of ``tiles``; a kind row is mapped onto the actual tiles.

        Raises:
            InvalidSettingError: not four tiles that one set can hold.
        """
        key = _key(tiles)
        found = self._settings.get(key)
        if found is not None:
            return found
        validate_four(tiles)
        four = self._exact.get(key)
        if four is None:
            s = _map_onto(self._by_kind[kind_key(list(tiles))], tiles)
        else:
            s = Setting(Hand.of(four[0], four[1]), Hand.of(four[2], four[3]))
        self._settings[key] = s
        return s


def _map_onto(proto: _Four, tiles: Sequence[Tile]) -> Setting:
    """Apply ``proto`` (a setting of other tiles of the same kinds) to ``tiles``."""
    pool = list(tiles)
    high: list[Tile] = []
    for t in proto[:2]:
        match = next(x for x in pool if x.kind == t.kind)
        pool.remove(match)
        high.append(match)
    return Setting(Hand.of(high[0], high[1]), Hand.of(pool[0], pool[1]))


def load_table(path: str | Path, *, name: str | None = None) -> TableWay:
    """Read and validate a house-way table (UTF-8, a byte-order mark accepted).

    Raises:
        ConfigError: unreadable file, over :data:`TABLE_LIMIT` bytes, not UTF-8, wrong header,
            a malformed row, a setting that uses tiles not in its row, repeated rows that
            disagree, or a hand the table does not cover; the message names the file and the
            row (line number) or the missing hand.
    """
    p = Path(path)
    text = read_text(p, what="house-way table", limit=TABLE_LIMIT)
    return parse_table(text, name=name or f"table:{p}", origin=str(p))


#: A validated row: exact key, setting, high and low strengths, kind key, kind split.
_Row = tuple[_Key, _Four, int, int, tuple[int, ...], tuple[int, int, int, int]]


def _fast_row(tiles_text: str, setting_text: str) -> _Row | None:
    """A row in canonical notation, or None when it needs the full parser (other notation,
    or an error to explain)."""
    words = tiles_text.split()
    high, sep, low = setting_text.partition("|")
    hw, lw = high.split(), low.split()
    if len(words) != 4 or not sep or len(hw) != 2 or len(lw) != 2:
        return None
    get = _TILE.get
    a, b, c, d = get(hw[0]), get(hw[1]), get(lw[0]), get(lw[1])
    w, x, y, z = get(words[0]), get(words[1]), get(words[2]), get(words[3])
    if None in (a, b, c, d, w, x, y, z):
        return None
    assert a and b and c and d and w and x and y and z
    key = sorted((w.index, x.index, y.index, z.index))
    if sorted((a.index, b.index, c.index, d.index)) != key:
        return None
    if len(set(key)) < 4 and _too_many(key):
        return None
    ka, kb, kc, kd = a.kind, b.kind, c.kind, d.kind
    hs, ls = STRENGTH[ka][kb], STRENGTH[kc][kd]
    if hs < ls:
        return None
    split = (ka, kb, kc, kd) if ka <= kb else (kb, ka, kc, kd)
    if kc > kd:
        split = (split[0], split[1], kd, kc)
    return tuple(key), (a, b, c, d), hs, ls, tuple(sorted(split)), split


def _too_many(key: Sequence[int]) -> bool:
    """More copies of a tile than the set holds, in a sorted key."""
    return any(
        key[i] == key[i + 1] and (ALL_TILES[key[i]].copies < 2 or (i < 2 and key[i + 2] == key[i]))
        for i in range(3)
    )


def _slow_row(tiles_text: str, setting_text: str, where: str) -> _Row:
    """Any row, by the general parsers; errors name the line."""
    try:
        tiles = parse_tiles(tiles_text)
        if len(tiles) != 4:
            raise ConfigError(f"{where}: 'tiles' must be four tiles, got {tiles_text!r}")
        setting = Setting.parse(setting_text)
    except PaigowError as e:
        if isinstance(e, ConfigError):
            raise
        raise ConfigError(f"{where}: {e}") from e
    if not setting.same_tiles(tiles):
        raise ConfigError(
            f"{where}: setting {setting_text.strip()!r} uses tiles not in its row "
            f"{tiles_text.strip()!r}"
        )
    a, b, c, d = (*setting.high.tiles, *setting.low.tiles)
    four = (a, b, c, d)
    return (
        _key(tiles),
        four,
        setting.high.strength,
        setting.low.strength,
        kind_key(four),
        (_kind_split(four)),
    )


def _records(text: str, origin: str) -> Iterator[tuple[int, tuple[str, ...]]]:
    """(line number, fields) of each distinct record of the CSV text, at its first line.

    Text without quotes or carriage returns (as :func:`write_table` writes it) is split by
    lines and commas directly, which is what the CSV reader would do; other text goes through
    the CSV reader.
    """
    if '"' not in text and "\r" not in text:
        lines = text.split("\n")
        # line -> its first line number: built backwards, so the first occurrence wins
        first = dict(zip(reversed(lines), range(len(lines), 0, -1), strict=True))
        for line, lineno in sorted(first.items(), key=itemgetter(1)):
            yield lineno, tuple(line.split(","))
        return
    reader = csv.reader(io.StringIO(text))
    seen: set[tuple[str, ...]] = set()
    try:
        for fields in reader:
            row = tuple(fields)
            if row not in seen:
                seen.add(row)
                yield reader.line_num, row
    except csv.Error as e:
        reason = str(e)
        if "field limit" in reason:
            reason = f"a field is longer than {csv.field_size_limit() // 1024} KiB"
        raise ConfigError(f"{origin}: line {max(reader.line_num, 1)}: not CSV: {reason}") from None


def parse_table(text: str, *, name: str = "table", origin: str = "<table>") -> TableWay:
    """Validate the CSV text of a house-way table (see :func:`load_table`).

    Rows in canonical notation take a fast path; any other row, and every row in error, goes
    through the general tile and setting parsers, so the messages are theirs. A row repeated
    word for word is checked once.
    """
    records = _records(text.removeprefix("\ufeff").replace("\r\n", "\n"), origin)
    exact: dict[_Key, tuple[_Four, int, int, int]] = {}
    by_kind: dict[tuple[int, ...], tuple[_Four, tuple[int, int, int, int]]] = {}
    symmetric = True
    header = next((r for r in records if any(c.strip() for c in r[1])), None)
    if header is None:
        raise ConfigError(f"{origin}: empty file; expected the header 'tiles,setting'")
    if tuple(h.strip().lower() for h in header[1]) != HEADER:
        raise ConfigError(
            f"{origin}: line {header[0]}: header must be 'tiles,setting', got {list(header[1])!r}"
        )
    for lineno, row in records:
        parsed = _fast_row(row[0], row[1]) if len(row) == 2 else None
        if parsed is None:
            if not any(c.strip() for c in row):
                continue
            where = f"{origin}: line {lineno}"
            if len(row) != 2:
                raise ConfigError(f"{where}: expected 2 fields 'tiles,setting', got {len(row)}")
            if max(len(row[0]), len(row[1])) > _LONGEST:
                raise ConfigError(f"{where}: a field is longer than {_LONGEST} characters")
            parsed = _slow_row(row[0], row[1], where)
        key, four, hs, ls, kinds, split = parsed
        seen = exact.get(key)
        if seen is None:
            exact[key] = (four, hs, ls, lineno)
            first = by_kind.setdefault(kinds, (four, split))
            symmetric = symmetric and first[1] == split
        elif seen[1] != hs or seen[2] != ls:
            raise ConfigError(
                f"{origin}: line {lineno}: hand {format_tiles(sorted(four))} is set "
                f"differently on line {seen[3]}"
            )
    for h in distinct_hands():
        if h.kinds not in by_kind:
            raise ConfigError(
                f"{origin}: the table misses the hand {format_tiles(h.tiles)} "
                f"(and {len(distinct_hands()) - len(by_kind)} distinct hands in all)"
            )
    return TableWay(
        name,
        {k: v[0] for k, v in exact.items()},
        {k: v[0] for k, v in by_kind.items()},
        kind_symmetric=symmetric,
    )


def export_rows(way: HouseWay, *, all_combinations_: bool = False) -> Iterable[tuple[str, str]]:
    """Rows ``(tiles, setting)`` of ``way``: 3,620 distinct hands, or all 35,960 combinations."""
    if all_combinations_:
        cache: dict[tuple[Tile, ...], str] = {}
        for combo in sorted(all_combinations(), key=lambda c: [t.sort_key for t in c]):
            s = cache.get(combo)
            if s is None:
                s = cache[combo] = way.set(combo).csv()
            yield format_tiles(combo), s
    else:
        for h in sorted(distinct_hands(), key=lambda d: [t.sort_key for t in d.tiles]):
            yield format_tiles(h.tiles), way.set(h.tiles).csv()


def write_table(way: HouseWay, out: TextIO, *, all_: bool = False) -> int:
    """Write ``way`` as a CSV table to ``out``; returns the number of rows written."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    n = 0
    for row in export_rows(way, all_combinations_=all_):
        writer.writerow(row)
        n += 1
    return n
