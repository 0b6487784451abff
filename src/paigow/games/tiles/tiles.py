"""The 32-tile Pai Gow set (R-EQUIP-01): tile value objects, parsing and formatting.

A :class:`Tile` is one of the 21 distinct tiles, written by its pips ``a-b`` with ``a <= b``.
Eleven tiles come in two copies and ten in one, 32 in all.

Each tile also belongs to one of 16 *kinds*: the tiles of a kind rank alike in every hand
(R-RANK-03/09). The eleven doubled tiles are a kind each; the mixed nines (3-6, 4-5), eights
(2-6, 3-5), sevens (2-5, 3-4), fives (1-4, 2-3) and the gee joon tiles (1-2, 2-4, each counted
3 or 6) are one kind each. Every kind has exactly two tiles in the set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from paigow.errors import AmbiguousNameError, ParseError

__all__ = [
    "ALL_TILES",
    "FULL_SET",
    "KIND_NAMES",
    "N_KINDS",
    "Tile",
    "format_tiles",
    "parse_tile",
    "parse_tiles",
    "tile",
]

#: Number of tile kinds (classes of tiles that rank alike).
N_KINDS: Final = 16

# (lo, hi, copies, natural single rank, kind, traditional name, English name, LC notation)
_TILE_DATA: Final[tuple[tuple[int, int, int, int, int, str, str, str], ...]] = (
    (6, 6, 2, 1, 0, "Teen", "Heaven", "12"),
    (1, 1, 2, 2, 1, "Day", "Earth", "2"),
    (4, 4, 2, 3, 2, "Yun", "Man", "R8"),
    (1, 3, 2, 4, 3, "Gor", "Goose", "R4"),
    (5, 5, 2, 5, 4, "Mooy", "Flower", "W10"),
    (3, 3, 2, 6, 5, "Chong", "Long", "W6"),
    (2, 2, 2, 7, 6, "Bon", "Board", "W4"),
    (5, 6, 2, 8, 7, "Foo", "Hatchet", "11"),
    (4, 6, 2, 9, 8, "Ping", "Partition", "R10"),
    (1, 6, 2, 10, 9, "Tit", "Long Leg Seven", "Big 7"),
    (1, 5, 2, 11, 10, "Look", "Big Head Six", "R6"),
    (3, 6, 1, 12, 11, "Chop Gow", "Mixed Nine", "9"),
    (4, 5, 1, 12, 11, "Chop Gow", "Mixed Nine", "9"),
    (2, 6, 1, 13, 12, "Chop Bot", "Mixed Eight", "W8"),
    (3, 5, 1, 13, 12, "Chop Bot", "Mixed Eight", "W8"),
    (2, 5, 1, 14, 13, "Chop Chit", "Mixed Seven", "Sm. 7"),
    (3, 4, 1, 14, 13, "Chop Chit", "Mixed Seven", "Sm. 7"),
    (2, 4, 1, 15, 15, "Gee Joon", "Gee Joon Six", "LOW 6"),
    (1, 4, 1, 16, 14, "Chop Ng", "Mixed Five", "5"),
    (2, 3, 1, 16, 14, "Chop Ng", "Mixed Five", "5"),
    (1, 2, 1, 17, 15, "Gee Joon", "Gee Joon Three", "LOW 3"),
)

#: Display names of the 16 kinds, in kind order (kind 0 = Teen ... kind 15 = gee joon).
KIND_NAMES: Final[tuple[str, ...]] = (
    "Teen (6-6)",
    "Day (1-1)",
    "Yun (4-4)",
    "Gor (1-3)",
    "Mooy (5-5)",
    "Chong (3-3)",
    "Bon (2-2)",
    "Foo (5-6)",
    "Ping (4-6)",
    "Tit (1-6)",
    "Look (1-5)",
    "Chop Gow (9: 3-6/4-5)",
    "Chop Bot (8: 2-6/3-5)",
    "Chop Chit (7: 2-5/3-4)",
    "Chop Ng (5: 1-4/2-3)",
    "Gee Joon (1-2/2-4)",
)


class Tile:
    """One of the 21 distinct Pai Gow tiles. Instances are interned: compare with ``is`` or ``==``.

    Attributes:
        lo, hi: the pips of the two ends, ``lo <= hi``.
        pips: ``lo + hi``.
        copies: how many of this tile the 32-tile set holds (1 or 2).
        natural_rank: single-tile rank of R-RANK-09, 1 = highest (2-4 is 15th, 1-2 17th).
        kind: 0..15, the class of tiles that rank alike (see module docstring).
        index: 0..20, position in the R-EQUIP-01 table.
        name: traditional (Cantonese) name, e.g. ``"Teen"``.
        english: English name, e.g. ``"Heaven"``.
        lc: Lucky Chances chart notation (RULES.md App. A.2), e.g. ``"R8"``.
    """

    __slots__ = (
        "copies",
        "english",
        "hi",
        "index",
        "kind",
        "lc",
        "lo",
        "name",
        "natural_rank",
        "pips",
    )

    lo: int
    hi: int
    pips: int
    copies: int
    natural_rank: int
    kind: int
    index: int
    name: str
    english: str
    lc: str

    def __init__(self) -> None:  # pragma: no cover - instances come from the table below
        raise TypeError("Tile objects are interned; use tile('6-6') or Tile.parse(...)")

    @classmethod
    def _make(cls, index: int, row: tuple[int, int, int, int, int, str, str, str]) -> Tile:
        obj = object.__new__(cls)
        lo, hi, copies, rank, kind, name, english, lc = row
        for attr, val in (
            ("lo", lo),
            ("hi", hi),
            ("pips", lo + hi),
            ("copies", copies),
            ("natural_rank", rank),
            ("kind", kind),
            ("index", index),
            ("name", name),
            ("english", english),
            ("lc", lc),
        ):
            object.__setattr__(obj, attr, val)
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    @property
    def is_gee_joon(self) -> bool:
        """True for the two gee joon tiles, 1-2 and 2-4 (each may count 3 or 6, R-RANK-06)."""
        return self.kind == 15

    @property
    def is_double(self) -> bool:
        """True for the eleven tiles that come in two copies."""
        return self.copies == 2

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical sort key: ascending by (low pip, high pip), as in house-way tables."""
        return (self.lo, self.hi)

    def __str__(self) -> str:
        return f"{self.lo}-{self.hi}"

    def __repr__(self) -> str:
        return f"Tile({self.lo}-{self.hi})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (tile, (str(self),))

    def __lt__(self, other: Tile) -> bool:
        return self.sort_key < other.sort_key

    def __le__(self, other: Tile) -> bool:
        return self.sort_key <= other.sort_key

    def __gt__(self, other: Tile) -> bool:
        return self.sort_key > other.sort_key

    def __ge__(self, other: Tile) -> bool:
        return self.sort_key >= other.sort_key

    @staticmethod
    def parse(text: str) -> Tile:
        """Parse one tile: ``"6-6"``, ``"2-1"`` (= 1-2), ``"66"``, or an unambiguous name."""
        return parse_tile(text)


#: The 21 distinct tiles in R-EQUIP-01 order (single rank, 6-6 first).
ALL_TILES: Final[tuple[Tile, ...]] = tuple(Tile._make(i, row) for i, row in enumerate(_TILE_DATA))

_BY_PIPS: Final[dict[tuple[int, int], Tile]] = {(t.lo, t.hi): t for t in ALL_TILES}

#: The 32 physical tiles of one set, each doubled tile listed twice, in R-EQUIP-01 order.
FULL_SET: Final[tuple[Tile, ...]] = tuple(t for t in ALL_TILES for _ in range(t.copies))


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-.]+", " ", name.strip().lower())


def _build_names() -> dict[str, tuple[Tile, ...]]:
    names: dict[str, list[Tile]] = {}
    for t in ALL_TILES:
        for alias in (t.name, t.english):
            names.setdefault(_norm(alias), []).append(t)
    extra = {
        "tin": "6-6",
        "dei": "1-1",
        "yan": "4-4",
        "ngor": "1-3",
        "mui": "5-5",
        "cheung": "3-3",
        "ban": "2-2",
        "fu": "5-6",
        "tsat": "1-6",
        "luk": "1-5",
        "gee": "1-2 2-4",
        "gee joon three": "1-2",
        "gee joon 3": "1-2",
        "gee joon six": "2-4",
        "gee joon 6": "2-4",
        "low 3": "1-2",
        "low 6": "2-4",
        "chop gow": "3-6 4-5",
        "chop bot": "2-6 3-5",
        "chop chit": "2-5 3-4",
        "chop ng": "1-4 2-3",
    }
    for alias, pips in extra.items():
        names[_norm(alias)] = [_BY_PIPS[(int(p[0]), int(p[2]))] for p in pips.split()]
    return {k: tuple(dict.fromkeys(v)) for k, v in names.items()}


_NAMES: Final[dict[str, tuple[Tile, ...]]] = _build_names()
_PIPS_RE: Final = re.compile(r"^\s*([0-9])\s*[-/:]?\s*([0-9])\s*$")


def parse_tile(text: str) -> Tile:
    """Parse one tile.

    Accepts pips ``a-b`` in either order (``2-1`` is ``1-2``), ``ab`` without separator, and the
    traditional or English names where they name one tile (``Teen``, ``Day``, ``Heaven``...).
    Names of a mixed kind (``Chop Gow``, ``Gee Joon``...) are ambiguous and raise
    :class:`~paigow.errors.AmbiguousNameError`.

    Raises:
        ParseError: the text names no tile of the set.
    """
    if not isinstance(text, str):
        raise ParseError(f"tile must be text like '6-6', got {type(text).__name__}")
    m = _PIPS_RE.match(text)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        lo, hi = min(a, b), max(a, b)
        found = _BY_PIPS.get((lo, hi))
        if found is None:
            raise ParseError(f"{text!r} is not a Pai Gow tile: pips must be 1 to 6 (e.g. '6-6')")
        return found
    candidates = _NAMES.get(_norm(text))
    if candidates is None:
        raise ParseError(
            f"{text!r} is not a tile: expected pips like '6-6' or '2-1', or a name like 'Teen'"
        )
    if len(candidates) > 1:
        options = " or ".join(str(t) for t in candidates)
        raise AmbiguousNameError(f"{text!r} is ambiguous: it names {options}; write the pips")
    return candidates[0]


def tile(text: str) -> Tile:
    """Shorthand for :func:`parse_tile`."""
    return parse_tile(text)


_FAST: Final[dict[str, Tile]] = {
    f"{a}-{b}": t for t in ALL_TILES for a, b in ((t.lo, t.hi), (t.hi, t.lo))
}
_MAX_NAME_WORDS: Final = max(len(k.split()) for k in _NAMES)


def _tokens(text: str) -> Iterator[str]:
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    i = 0
    while i < len(words):
        for n in range(min(_MAX_NAME_WORDS, len(words) - i), 0, -1):
            cand = " ".join(words[i : i + n])
            if n == 1 or _norm(cand) in _NAMES:
                yield cand
                i += n
                break


def parse_tiles(text: str | Iterable[str]) -> tuple[Tile, ...]:
    """Parse several tiles separated by spaces or commas, e.g. ``"6-6 4-5 1-2 3-3"``.

    Multi-word names (``Chop Gow``) are recognised. An iterable of strings is parsed item by
    item. The result keeps the input order.
    """
    if isinstance(text, str):
        words = text.split()
        fast = [_FAST.get(w) for w in words]
        if None not in fast:
            return tuple(fast)  # type: ignore[arg-type]
        items: Iterable[str] = list(_tokens(text))
    else:
        items = text
    return tuple(parse_tile(s) for s in items)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Format tiles in canonical notation separated by spaces, in the given order."""
    return " ".join(str(t) for t in tiles)
