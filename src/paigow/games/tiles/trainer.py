"""Pai Gow Tiles in the trainer: the 3,620 hand classes, dealing and reading a hand, the exact
scores, the house-way rules in words and the dealer's hands by class (the trainer's part of
:class:`~paigow.games.tiles.TileGame`). What only the trainer uses (the class table, the math
engine) is loaded on first use, so that the game's other users do not pay for it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from paigow.games.base import ProfileBound
from paigow.games.tiles.ranking import STRENGTH, Hand, player_wins_hand
from paigow.games.tiles.settings import Setting
from paigow.games.tiles.tiles import Tile, format_tiles, parse_tiles

from .named import get_way

if TYPE_CHECKING:
    from paigow.exact.results import SettingScore
    from paigow.games.categories import ClassTable
    from paigow.games.dice import Rng
    from paigow.games.trainer_kit import DealerField

__all__ = ["TileTrainer"]


@cache
def _tile_rules() -> dict[str, Callable[[Sequence[Tile]], tuple[str, Setting]]]:
    """The casino ways whose rules have names (R-HW), loaded when the trainer asks."""
    from paigow.games.tiles.ways.canberra import canberra_rule
    from paigow.games.tiles.ways.taj_mahal import taj_mahal_rule

    return {"taj-mahal": taj_mahal_rule, "canberra": canberra_rule}


@cache
def _tile_table() -> ClassTable:
    from paigow.games.categories import ClassTable
    from paigow.games.tiles.hands4 import distinct_hands

    gee = parse_tiles("1-2")[0].kind
    return ClassTable.build(
        [(h.kinds, h.weight) for h in distinct_hands()], lambda a, b: STRENGTH[a][b], gee
    )


@cache
def _tile_bands() -> dict[int, str]:
    from paigow.games.tiles.hands4 import KIND_TILES
    from paigow.games.trainer_kit import points_band

    out = {}
    for a, ta in enumerate(KIND_TILES):
        for b, tb in enumerate(KIND_TILES):
            h = Hand.of(ta[0], tb[1] if a == b else tb[0])
            if h.category in ("supreme", "pair", "mixed-pair"):
                out[h.strength] = "a pair"
            elif h.category in ("wong", "gong"):
                out[h.strength] = "a wong or gong"
            else:
                out[h.strength] = points_band(h.value)
    return out


def _in_rank_order(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Highest-ranking tile first (R-RANK-09)."""
    return tuple(sorted(tiles, key=lambda t: (t.natural_rank, t.sort_key)))


class TileTrainer(ProfileBound):
    """Pai Gow Tiles in the trainer: 32 tiles, 3,620 hand classes, the tile house ways."""

    noun = "tiles"
    example = "6-6 4-5"
    wild_label = "gee joon hands"

    @property
    def table(self) -> ClassTable:
        """The 3,620 kind classes of four tiles."""
        return _tile_table()

    def pieces_of(self, cls: int, rng: Rng) -> tuple[Any, ...]:
        """Four tiles of class ``cls``: a kind held once is either of its two tiles."""
        from paigow.games.tiles.hands4 import KIND_TILES

        out: list[Tile] = []
        key = self.table.keys[cls]
        for k in sorted(set(key)):
            pair = KIND_TILES[k]
            out.extend(pair if key.count(k) == 2 else (pair[rng.randint(0, 1)],))
        return _in_rank_order(out)

    def class_of(self, pieces: Sequence[Any]) -> int:
        """The kind class of four tiles."""
        return self.table.index[tuple(sorted(t.kind for t in pieces))]

    def family(self, cls: int) -> str:
        """The class's canonical tiles (a kind held once shown by its first tile)."""
        from paigow.games.tiles.hands4 import representative

        return format_tiles(_in_rank_order(representative(self.table.keys[cls])))

    def parse_pieces(self, text: str) -> tuple[Any, ...]:
        """Four tiles one set can hold."""
        from paigow.games.tiles.settings import validate_four

        tiles = parse_tiles(text)
        validate_four(tiles, what=repr(text))
        return _in_rank_order(tiles)

    def scores(
        self, pieces: Sequence[Any], dealer: str, *, as_banker: bool = False
    ) -> tuple[SettingScore, ...]:
        """:func:`paigow.games.tiles.exact.api.setting_advice` against ``dealer``."""
        from paigow.games.tiles.exact.api import setting_advice

        adv = setting_advice(
            list(pieces), self.bound(), self.commission, opponent=dealer, as_banker=as_banker
        )
        return adv.settings

    def trainer_way(self, name: str, dealer: str) -> Any:
        """A tile way by name; ``optimal`` and ``optimal-banker`` computed against ``dealer``."""
        from paigow.games.tiles.exact.api import strategy_way

        return strategy_way(name, dealer, self.bound(), self.commission)

    def rule(self, way: str, pieces: Sequence[Any]) -> str | None:
        """R-HW-01 (a)-(d) for ``regulation``; the published rule names for the casino ways;
        the card's rule in words for a strategy card."""
        from paigow.games.tiles.ways.regulation import rule_words
        from paigow.games.trainer_kit import card_rule

        if way.startswith("strategy:"):
            return card_rule(get_way(way), pieces)
        if way == "regulation":
            return rule_words(pieces)
        rules = _tile_rules()
        if way in rules:
            return f"{way} rule {rules[way](pieces)[0]} (see docs/house-ways.md)"
        return None

    def parse_setting(self, text: str, pieces: Sequence[Any]) -> Any:
        """``HIGH / LOW`` (four tiles) or one hand of two tiles (the other two form the other
        hand, the better hand high)."""
        from paigow.games.trainer_kit import one_hand, same_pieces

        if "/" in text:
            s = Setting.parse(text)
            same_pieces(s.tiles, pieces, self.noun)
            return s
        return one_hand(
            text,
            pieces,
            (self.noun, self.example),
            parse=parse_tiles,
            hand=Hand.of,
            setting=Setting,
        )

    def field(self, pieces: Sequence[Any], dealer: str) -> DealerField:
        """The dealer's hands by class of the engine's hand space for the dealer way."""
        from paigow.games.tiles.exact.api import resolve
        from paigow.games.trainer_kit import DealerField

        (opp,) = resolve([(dealer, None)], self.bound(), self.commission)
        space = opp.space
        row = space.multiplicity_row(space.class_of(list(pieces)))
        return DealerField.of(row, opp.high, opp.low)

    def wins(self, player: int, dealer: int, *, low: bool) -> bool:
        """R-RANK-13 with the profile's zero rules."""
        r = self.bound().compare_rules
        return player_wins_hand(
            player,
            dealer,
            low=low,
            zero_zero_banker=r.zero_zero_banker,
            low_zero_loses=r.low_zero_loses,
        )

    def band(self, strength: int) -> str:
        """Pair, wong or gong, or the points."""
        return _tile_bands()[strength]
