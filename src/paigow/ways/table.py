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
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final, TextIO

from paigow.errors import ConfigError, PaigowError
from paigow.hands4 import all_combinations, distinct_hands, kind_key
from paigow.ranking import Hand
from paigow.settings import Setting, validate_four
from paigow.tiles import Tile, format_tiles, parse_tiles

from .base import HouseWay

__all__ = ["TableWay", "export_rows", "load_table", "write_table"]

HEADER: Final = ("tiles", "setting")


def _tiles_key(tiles: Sequence[Tile]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(t.sort_key for t in tiles))


class TableWay:
    """A house way read from a table. Build with :func:`load_table`."""

    kind_symmetric: bool

    def __init__(
        self,
        name: str,
        exact: dict[tuple[tuple[int, int], ...], Setting],
        by_kind: dict[tuple[int, ...], Setting],
    ) -> None:
        self.name = name
        self.description = f"House way from the table {name.removeprefix('table:')}"
        self._exact = exact
        self._by_kind = by_kind
        self.kind_symmetric = all(
            _kind_split(s) == _kind_split(by_kind[kind_key(list(s.tiles))]) for s in exact.values()
        )

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """The table's setting of ``tiles``; a kind row is mapped onto the actual tiles.

        Raises:
            InvalidSettingError: not four tiles that one set can hold.
        """
        validate_four(tiles)
        exact = self._exact.get(_tiles_key(tiles))
        if exact is not None:
            return exact
        proto = self._by_kind[kind_key(list(tiles))]
        return _map_onto(proto, tiles)


def _kind_split(s: Setting) -> tuple[tuple[int, int], tuple[int, int]]:
    hi = tuple(sorted(t.kind for t in s.high.tiles))
    lo = tuple(sorted(t.kind for t in s.low.tiles))
    return (hi[0], hi[1]), (lo[0], lo[1])


def _map_onto(proto: Setting, tiles: Sequence[Tile]) -> Setting:
    """Apply ``proto`` (a setting of other tiles of the same kinds) to ``tiles``."""
    pool = list(tiles)
    high: list[Tile] = []
    for t in proto.high.tiles:
        match = next(x for x in pool if x.kind == t.kind)
        pool.remove(match)
        high.append(match)
    return Setting(Hand.of(high[0], high[1]), Hand.of(pool[0], pool[1]))


def load_table(path: str | Path, *, name: str | None = None) -> TableWay:
    """Read and validate a house-way table.

    Raises:
        ConfigError: unreadable file, wrong header, a malformed row, a setting that uses tiles
            not in its row, repeated rows that disagree, or a hand the table does not cover;
            the message names the row (line number) or the missing hand.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot read house-way table {str(p)!r}: {e.strerror}") from e
    return parse_table(text, name=name or f"table:{p}", origin=str(p))


def parse_table(text: str, *, name: str = "table", origin: str = "<table>") -> TableWay:
    """Validate the CSV text of a house-way table (see :func:`load_table`)."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise ConfigError(f"{origin}: empty file; expected the header 'tiles,setting'") from None
    if tuple(h.strip().lower() for h in header) != HEADER:
        raise ConfigError(f"{origin}: line 1: header must be 'tiles,setting', got {header!r}")
    exact: dict[tuple[tuple[int, int], ...], tuple[Setting, int]] = {}
    by_kind: dict[tuple[int, ...], Setting] = {}
    for lineno, row in enumerate(reader, start=2):
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
                f"{where}: setting {row[1].strip()!r} uses tiles not in its row {row[0].strip()!r}"
            )
        key = _tiles_key(tiles)
        seen = exact.get(key)
        if seen is not None and seen[0].key() != setting.key():
            raise ConfigError(
                f"{where}: hand {format_tiles(sorted(tiles))} is set differently on line {seen[1]}"
            )
        exact.setdefault(key, (setting, lineno))
        by_kind.setdefault(kind_key(list(tiles)), setting)
    for h in distinct_hands():
        if h.kinds not in by_kind:
            raise ConfigError(
                f"{origin}: the table misses the hand {format_tiles(h.tiles)} "
                f"(and {len(distinct_hands()) - len(by_kind)} distinct hands in all)"
            )
    return TableWay(name, {k: v[0] for k, v in exact.items()}, by_kind)


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
