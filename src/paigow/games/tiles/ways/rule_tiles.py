"""The tiles' strategy vocabulary and ``strategy:FILE`` as a house way.

Tiles are named as the published house ways name them (``docs/house-ways.md``): the 12 (6-6),
the 2 (1-1), high and low 8s, 4s, 6s, 7s and 10s, the 11, 9s, 5s and the gee joon tiles.
Hand levels: ``"0"`` .. ``"9"`` points, ``"high N"`` N points with the highest tile the high 6
(3-3) or better (Casino Canberra's "high 3"), and ``"pair"`` for a pair, wong or gong.

:class:`StrategyWay` plays a strategy on real tiles with :class:`~paigow.games.tiles.ranking.Hand`
objects, rule by rule as the card reads (the generator in :mod:`paigow.strategy` works over
hand classes with arrays instead; the tests check that both agree).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from paigow.games.rule_play import Pieces, StrategyWay, first_setting, load_strategy_file
from paigow.games.rulebook import Pattern, Rule, Vocabulary
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, settings_of
from paigow.games.tiles.tiles import Tile

from .base import HouseWay
from .taj_mahal_rules import (
    BON,
    CHONG,
    DAY,
    EIGHT,
    FIVE,
    FOO,
    GEE,
    GOR,
    LOOK,
    MOOY,
    NINE,
    PING,
    SEVEN,
    TEEN,
    TIT,
    YUN,
)

__all__ = [
    "STRATEGY_LIMIT",
    "TILES",
    "TILE_VOCABULARY",
    "StrategyWay",
    "choose",
    "hand_level",
    "hand_points",
    "load_strategy",
]

#: The largest strategy file accepted, in bytes.
STRATEGY_LIMIT: Final = 1 << 20

_ALL: Final = frozenset(range(16))
_TD: Final = frozenset({TEEN, DAY})

#: Pair groups: file name, words.
_PAIRS: Final[tuple[tuple[str, str, frozenset[int]], ...]] = (
    ("gee-joon", "The gee joon pair", frozenset({GEE})),
    ("12s", "A pair of 12s", frozenset({TEEN})),
    ("2s", "A pair of 2s", frozenset({DAY})),
    ("2s-or-12s", "A pair of 2s or 12s", _TD),
    ("8s", "A pair of 8s", frozenset({YUN, EIGHT})),
    ("high-8s", "A pair of high 8s (4-4)", frozenset({YUN})),
    ("low-8s", "A pair of low 8s (2-6, 3-5)", frozenset({EIGHT})),
    ("4s", "A pair of 4s", frozenset({GOR, BON})),
    ("5s", "A pair of 5s", frozenset({FIVE})),
    ("6s", "A pair of 6s", frozenset({CHONG, LOOK})),
    ("7s", "A pair of 7s", frozenset({TIT, SEVEN})),
    ("high-7s", "A pair of high 7s (1-6)", frozenset({TIT})),
    ("low-7s", "A pair of low 7s (2-5, 3-4)", frozenset({SEVEN})),
    ("9s", "A pair of 9s", frozenset({NINE})),
    ("10s", "A pair of 10s", frozenset({MOOY, PING})),
    ("11s", "A pair of 11s", frozenset({FOO})),
)

#: Every pattern of the tiles, in the order the generator tries them.
TILE_PATTERNS: Final[tuple[Pattern, ...]] = (
    Pattern("any", "Any hand"),
    Pattern("no-pair", "No pair", no_pair=True),
    Pattern("no-pair-12-or-2", "No pair, holding the 12 or the 2", no_pair=True, holding=_TD),
    Pattern("no-pair-no-12-or-2", "No pair, without the 12 or the 2", no_pair=True, without=_TD),
    Pattern(
        "no-pair-gee", "No pair, holding a gee joon tile", no_pair=True, holding=frozenset({GEE})
    ),
    Pattern("pair", "Any pair", pair_of=_ALL),
    Pattern("two-pairs", "Two pairs", pair_of=_ALL, two_pairs=True),
    *(Pattern(f"pair-of-{n}", w, pair_of=k) for n, w, k in _PAIRS),
)

_LEVELS: Final = (*(f"{p}{v}" for v in range(10) for p in ("", "high ")), "pair")
_LEVEL_WORDS: Final = (
    *(w for v in range(10) for w in (str(v), f"a high {v}")),
    "a pair, wong or gong",
)

#: The names of the tiles a printed strategy card explains.
_TILE_NAMES: Final = (
    ("12", "6-6"),
    ("2", "1-1"),
    ("high 8", "4-4"),
    ("low 8", "2-6, 3-5"),
    ("high 4", "1-3"),
    ("low 4", "2-2"),
    ("high 10", "5-5"),
    ("low 10", "4-6"),
    ("high 7", "1-6"),
    ("low 7", "2-5, 3-4"),
    ("high 6", "3-3"),
    ("low 6", "1-5"),
    ("11", "5-6"),
    ("9", "3-6, 4-5"),
    ("5", "1-4, 2-3"),
    ("gee joon", "1-2, 2-4 (3 or 6)"),
)

#: The tiles' vocabulary.
TILE_VOCABULARY: Final = Vocabulary(
    game="tiles",
    patterns=TILE_PATTERNS,
    levels=_LEVELS,
    level_words=_LEVEL_WORDS,
    floors=(0, *range(2, 20, 2), 20),
    caps=(*range(1, 20, 2), 20),
    pieces="tiles",
    below_pairs_words="any points hand (not a pair, wong or gong)",
    legend=_TILE_NAMES,
    levels_note=(
        "A <b>high N</b> is N points with a highest tile of high 6 (3-3) or better; "
        "<b>pair</b> is a pair, wong or gong. 'L/H or better' is a low hand of at least L "
        "with a high hand of at least H. 'Strongest' compares hands as the game ranks them. "
        "Most points: 0-9 as counted, a gong 10, a wong 11, a pair 12."
    ),
)


def hand_level(hand: Hand) -> int:
    """A tile hand's level: ``2 * points`` (+1 with a highest tile of 3-3 or better), 20 for a
    pair, wong or gong."""
    if hand.is_pair:
        return 20
    return 2 * hand.value + (1 if hand.top_rank <= 6 else 0)


def hand_points(hand: Hand) -> int:
    """Points for ``most-points``: 0..9, a gong 10, a wong 11, any pair 12 (the Wizard of
    Odds' count)."""
    return {"gong": 10, "wong": 11}.get(hand.category, 12 if hand.is_pair else hand.value)


#: The tiles for :func:`~paigow.games.rule_play.first_setting`.
TILES: Final = Pieces(TILE_VOCABULARY, lambda t: t.kind, settings_of, hand_level, hand_points)


def choose(rule: Rule, tiles: Sequence[Tile], house: Setting) -> Setting | None:
    """The setting ``rule`` plays for ``tiles`` (``house``: the fallback way's setting), or
    None when the rule does not apply."""
    found: Setting | None = first_setting(rule, TILES, tiles, house)
    return found


def load_strategy(
    path: str | Path, *, name: str | None = None, get: Callable[[str], HouseWay]
) -> StrategyWay:
    """Read, validate and resolve a tile strategy file; ``get`` resolves the fallback way.

    Raises:
        ConfigError: an unreadable or invalid file (see
            :func:`~paigow.games.rulebook.parse_strategy`), a strategy for the cards, or an
            unknown fallback way.
    """
    return load_strategy_file(
        str(path), TILES, name=name or f"strategy:{path}", get=get, limit=STRATEGY_LIMIT
    )
