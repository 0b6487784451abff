"""The two games behind the trainer: what differs between Pai Gow Tiles and Supreme Pai Gow.

Each adapter deals the pieces of a hand class, parses the player's setting, asks the exact
engine (:mod:`paigow.exact.api`, :mod:`paigow.spg.exact`) for the score of every setting, names
the house-way rule that applies, and lays out the dealer's possible hands by class for the
explanation. The adapter is chosen by the profile's game object
(:func:`paigow.games.game_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Protocol

from paigow.cards import DECK, JOKER_1, JOKER_2, Card, format_cards, parse_cards
from paigow.dealing import Rng
from paigow.errors import ConfigError, InvalidSettingError, ParseError
from paigow.exact.advise import SettingScore
from paigow.exact.api import commission_of, resolve, setting_advice, strategy_way
from paigow.exact.named import get_card_way, get_way
from paigow.games import game_for
from paigow.hands4 import KIND_TILES, distinct_hands, representative
from paigow.profiles import Profile
from paigow.ranking import STRENGTH as TILE_STRENGTH
from paigow.ranking import Hand, player_wins_hand
from paigow.settings import Setting
from paigow.spg.exact import rank_space, spg_advise, spg_advise_banker, spg_optimal, spg_way_arrays
from paigow.spg.hands import NJ, NJ_LITERAL, CardHand, CardSetting, Category, player_wins_spg_hand
from paigow.spg.hands import STRENGTH as CARD_STRENGTH
from paigow.spg.house_way import rule_words as spg_words
from paigow.tiles import Tile, format_tiles, parse_tiles
from paigow.ways.canberra import canberra_rule
from paigow.ways.regulation import rule_words as regulation_words
from paigow.ways.rulebook import rule_words
from paigow.ways.taj_mahal import taj_mahal_rule

from .categories import ClassTable

__all__ = ["BANDS", "DealerField", "TrainerGame", "trainer_game"]

#: The groups of two-piece hands used to describe the dealer's hands, best first.
BANDS: Final = (
    "a pair",
    "a wong or gong",
    "two face cards",
    "9 points",
    "8 points",
    "7 points",
    "4 to 6 points",
    "0 to 3 points",
)

_TILE_RULES: Final[dict[str, Callable[[Sequence[Tile]], tuple[str, Setting]]]] = {
    "taj-mahal": taj_mahal_rule,
    "canberra": canberra_rule,
}


@dataclass(frozen=True)
class DealerField:
    """Every hand the dealer can hold against one player's hand, by class.

    Attributes:
        weights: the dealer hands of each class among the pieces left (0: impossible).
        high, low: the strengths of the dealer's high and low hand of each class, set by the
            dealer's way.
    """

    weights: tuple[int, ...]
    high: tuple[int, ...]
    low: tuple[int, ...]

    @classmethod
    def of(cls, weights: Iterable[Any], high: Iterable[Any], low: Iterable[Any]) -> DealerField:
        """A field from the engine's arrays (any integers)."""
        return cls(*(tuple(int(x) for x in a) for a in (weights, high, low)))

    @property
    def total(self) -> int:
        """All the dealer's possible hands (20,475 for tiles, 230,300 for cards)."""
        return sum(self.weights)


class TrainerGame(Protocol):
    """What the trainer needs of a game."""

    name: str
    noun: str
    example: str
    wild_label: str
    table: ClassTable

    def pieces_of(self, cls: int, rng: Rng) -> tuple[Any, ...]:
        """Four pieces of hand class ``cls``, the copies of each type drawn uniformly."""
        ...

    def class_of(self, pieces: Sequence[Any]) -> int:
        """The class of four pieces."""
        ...

    def family(self, cls: int) -> str:
        """A representative hand of class ``cls``, as text (names the class in statistics)."""
        ...

    def parse_pieces(self, text: str) -> tuple[Any, ...]:
        """Four pieces from text (validated)."""
        ...

    def scores(
        self, pieces: Sequence[Any], dealer: str, *, as_banker: bool = False
    ) -> tuple[SettingScore, ...]:
        """The exact score of every distinct setting against the ``dealer`` way; with
        ``as_banker``, of the bank's hand against players setting by that way."""
        ...

    def house_way(self, name: str, dealer: str) -> Any:
        """A way object (``name``, ``set``); ``optimal`` plays best against ``dealer``."""
        ...

    def rule(self, way: str, pieces: Sequence[Any]) -> str | None:
        """The rule of house way ``way`` that sets ``pieces``, in words, if it has rules."""
        ...

    def parse_setting(self, text: str, pieces: Sequence[Any]) -> Any:
        """The player's setting of ``pieces`` written as text."""
        ...

    def field(self, pieces: Sequence[Any], dealer: str) -> DealerField:
        """The dealer's possible hands against ``pieces``, set by ``dealer``."""
        ...

    def wins(self, player: int, dealer: int, *, low: bool) -> bool:
        """Does the player's hand of strength ``player`` take the dealer's?"""
        ...

    def band(self, strength: int) -> str:
        """The group of :data:`BANDS` a two-piece hand of ``strength`` belongs to."""
        ...


def _points_band(value: int) -> str:
    if value >= 7:
        return f"{value} points"
    return "4 to 6 points" if value >= 4 else "0 to 3 points"


def _same_pieces(got: Sequence[Any], pieces: Sequence[Any], noun: str) -> None:
    if sorted(map(str, got)) != sorted(map(str, pieces)):
        mine = " ".join(map(str, pieces))
        raise InvalidSettingError(f"{' '.join(map(str, got))} are not your {noun}; you hold {mine}")


def _other_two(hand: Sequence[Any], pieces: Sequence[Any], noun: str) -> list[Any]:
    rest = list(pieces)
    for p in hand:
        match = next((q for q in rest if str(q) == str(p)), None)
        if match is None:
            mine = " ".join(map(str, pieces))
            raise InvalidSettingError(f"{p} is not one of your {noun}; you hold {mine}")
        rest.remove(match)
    return rest


class _Adapter:
    """What both games' adapters share: the profile, its commission, the class table, and
    reading one hand of a setting."""

    noun: str
    example: str

    def __init__(self, profile: Profile, table: ClassTable) -> None:
        self.profile = profile
        self.commission = commission_of(profile)
        self.table = table

    def _one_hand(
        self,
        text: str,
        pieces: Sequence[Any],
        parse: Callable[[str], Sequence[Any]],
        hand: Callable[..., Any],
        setting: Callable[[Any, Any], Any],
    ) -> Any:
        """The setting of ``pieces`` that plays the two pieces written in ``text`` as one
        hand and the other two as the other, the better hand high."""
        two = parse(text)
        if len(two) != 2:
            raise ParseError(
                f"write one hand of two {self.noun} (e.g. {self.example}) or a setting "
                f"HIGH / LOW, got {len(two)} {self.noun[:-1]}(s) in {text!r}"
            )
        rest = _other_two(two, pieces, self.noun)
        h1, h2 = hand(*two), hand(*rest)
        return setting(h1, h2) if h1.strength >= h2.strength else setting(h2, h1)


# --- tiles -----------------------------------------------------------------------------------


def card_rule(way: Any, pieces: Sequence[Any]) -> str:
    """The rule of a strategy card that sets ``pieces``, in words."""
    i, _ = way.rule_of(pieces)
    if i is None:
        return f"the card: no rule applies, so the house way {way.fallback.name}"
    vocab = way.game.vocab
    return f"rule {i} of the card: {rule_words(way.strategy.rules[i - 1], vocab)}"


@cache
def _tile_table() -> ClassTable:
    gee = parse_tiles("1-2")[0].kind
    return ClassTable.build(
        [(h.kinds, h.weight) for h in distinct_hands()], lambda a, b: TILE_STRENGTH[a][b], gee
    )


@cache
def _tile_bands() -> dict[int, str]:
    out = {}
    for a, ta in enumerate(KIND_TILES):
        for b, tb in enumerate(KIND_TILES):
            h = Hand.of(ta[0], tb[1] if a == b else tb[0])
            if h.category in ("supreme", "pair", "mixed-pair"):
                out[h.strength] = "a pair"
            elif h.category in ("wong", "gong"):
                out[h.strength] = "a wong or gong"
            else:
                out[h.strength] = _points_band(h.value)
    return out


def _in_rank_order(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Highest-ranking tile first (R-RANK-09)."""
    return tuple(sorted(tiles, key=lambda t: (t.natural_rank, t.sort_key)))


class TileTrainer(_Adapter):
    """Pai Gow Tiles: 32 tiles, 3,620 hand classes, the tile house ways."""

    name = "tiles"
    noun = "tiles"
    example = "6-6 4-5"
    wild_label = "gee joon hands"

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile, _tile_table())

    def pieces_of(self, cls: int, rng: Rng) -> tuple[Any, ...]:
        """Four tiles of class ``cls``: a kind held once is either of its two tiles."""
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
        return format_tiles(_in_rank_order(representative(self.table.keys[cls])))

    def parse_pieces(self, text: str) -> tuple[Any, ...]:
        """Four tiles one set can hold."""
        from paigow.settings import validate_four

        tiles = parse_tiles(text)
        validate_four(tiles, what=repr(text))
        return _in_rank_order(tiles)

    def scores(
        self, pieces: Sequence[Any], dealer: str, *, as_banker: bool = False
    ) -> tuple[SettingScore, ...]:
        """:func:`paigow.exact.api.setting_advice` against ``dealer``."""
        adv = setting_advice(
            list(pieces), self.profile, self.commission, opponent=dealer, as_banker=as_banker
        )
        return adv.settings

    def house_way(self, name: str, dealer: str) -> Any:
        """A tile way by name; ``optimal`` and ``optimal-banker`` computed against ``dealer``."""
        return strategy_way(name, dealer, self.profile, self.commission)

    def rule(self, way: str, pieces: Sequence[Any]) -> str | None:
        """R-HW-01 (a)-(d) for ``regulation``; the published rule names for the casino ways;
        the card's rule in words for a strategy card."""
        if way.startswith("strategy:"):
            return card_rule(get_way(way), pieces)
        if way == "regulation":
            return regulation_words(pieces)
        if way in _TILE_RULES:
            return f"{way} rule {_TILE_RULES[way](pieces)[0]} (see docs/house-ways.md)"
        return None

    def parse_setting(self, text: str, pieces: Sequence[Any]) -> Any:
        """``HIGH / LOW`` (four tiles) or one hand of two tiles (the other two form the other
        hand, the better hand high)."""
        if "/" in text:
            s = Setting.parse(text)
            _same_pieces(s.tiles, pieces, self.noun)
            return s
        return self._one_hand(text, pieces, parse_tiles, Hand.of, Setting)

    def field(self, pieces: Sequence[Any], dealer: str) -> DealerField:
        """The dealer's hands by class of the engine's hand space for the dealer way."""
        (opp,) = resolve([(dealer, None)], self.profile, self.commission)
        space = opp.space
        row = space.multiplicity_row(space.class_of(list(pieces)))
        return DealerField.of(row, opp.high, opp.low)

    def wins(self, player: int, dealer: int, *, low: bool) -> bool:
        """R-RANK-13 with the profile's zero rules."""
        r = self.profile.compare_rules
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


# --- cards -----------------------------------------------------------------------------------


@cache
def _card_table() -> ClassTable:
    sp = rank_space()
    return ClassTable.build(
        [(k, int(w)) for k, w in zip(sp.keys, sp.weight, strict=True)],
        lambda a, b: CARD_STRENGTH[a][b],
        13,
    )


@cache
def _card_bands() -> dict[int, str]:
    out = {}
    for i, a in enumerate(DECK):
        for b in DECK[i + 1 :]:
            h = CardHand.of(a, b)
            if h.category in (Category.PAIR, Category.JOKER_PAIR):
                out[h.strength] = "a pair"
            elif h.category is Category.FACE:
                out[h.strength] = "two face cards"
            else:
                out[h.strength] = _points_band(h.value)
    return out


def _type_cards(t: int) -> tuple[Card, ...]:
    return (JOKER_1, JOKER_2) if t == 13 else DECK[4 * t : 4 * t + 4]


class CardTrainer(_Adapter):
    """Supreme Pai Gow: 54 cards, 2,366 rank classes, ``spg-house`` (fouls are refused)."""

    name = "cards"
    noun = "cards"
    example = "As Ad"
    wild_label = "joker hands"

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile, _card_table())
        self.literal = profile.ranking.zero_rule == "literal"

    def pieces_of(self, cls: int, rng: Rng) -> tuple[Any, ...]:
        """Four cards of class ``cls``: the suits (or jokers) of each rank drawn uniformly."""
        out: list[Card] = []
        key = self.table.keys[cls]
        for t in sorted(set(key)):
            pool = list(_type_cards(t))
            rng.shuffle(pool)
            out.extend(pool[: key.count(t)])
        return tuple(sorted(out, key=lambda c: -c.code))

    def class_of(self, pieces: Sequence[Any]) -> int:
        """The rank class of four cards."""
        return rank_space().class_of(list(pieces))

    def family(self, cls: int) -> str:
        """The class's representative cards."""
        return format_cards(rank_space().cards[cls])

    def parse_pieces(self, text: str) -> tuple[Any, ...]:
        """Four different cards."""
        from paigow.spg.hands import validate_cards

        cards = parse_cards(text)
        validate_cards(cards, what=repr(text))
        return tuple(sorted(cards, key=lambda c: -c.code))

    def scores(
        self, pieces: Sequence[Any], dealer: str, *, as_banker: bool = False
    ) -> tuple[SettingScore, ...]:
        """:func:`paigow.spg.exact.spg_advise` against ``dealer`` (fouls are not scored);
        :func:`~paigow.spg.exact.spg_advise_banker` for the bank."""
        advise = spg_advise_banker if as_banker else spg_advise
        adv = advise(list(pieces), dealer, commission=self.commission, literal_zero=self.literal)
        return adv.settings

    def house_way(self, name: str, dealer: str) -> Any:
        """``spg-house``, or ``optimal`` against ``dealer``."""
        if name == "optimal":
            return spg_optimal(dealer, commission=self.commission, literal_zero=self.literal)
        return get_card_way(name)

    def rule(self, way: str, pieces: Sequence[Any]) -> str | None:
        """Rules (a)-(d) of ``spg-house``; the card's rule for a strategy card."""
        if way.startswith("strategy:"):
            return card_rule(get_card_way(way), pieces)
        if way != "spg-house":
            return None
        return spg_words(pieces)

    def parse_setting(self, text: str, pieces: Sequence[Any]) -> Any:
        """``HIGH / LOW`` or one hand of two cards; a foul is refused (R-SPG-21)."""
        if "/" in text:
            s = CardSetting.parse(text, allow_foul=True)
            _same_pieces(s.cards, pieces, self.noun)
        else:
            s = self._one_hand(text, pieces, parse_cards, CardHand.of, CardSetting)
        if s.is_foul:
            raise InvalidSettingError(
                f"{s} is a foul: the high hand ranks below the low hand, and a foul loses "
                "(R-SPG-21); put the better hand high"
            )
        return s

    def field(self, pieces: Sequence[Any], dealer: str) -> DealerField:
        """The dealer's hands by rank class."""
        sp = rank_space()
        arrays = spg_way_arrays(dealer)
        row = sp.multiplicity_row(sp.class_of(list(pieces)))
        return DealerField.of(row, arrays.high, arrays.low)

    def wins(self, player: int, dealer: int, *, low: bool) -> bool:
        """R-SPG-04/05 (copies to the dealer; the zero rule as the profile reads it)."""
        return player_wins_spg_hand(
            player, dealer, low=low, rules=NJ_LITERAL if self.literal else NJ
        )

    def band(self, strength: int) -> str:
        """Pair, two face cards, or the points."""
        return _card_bands()[strength]


_ADAPTERS: Final[dict[str, Callable[[Profile], TrainerGame]]] = {
    "tiles": TileTrainer,
    "cards": CardTrainer,
}


def trainer_game(profile: Profile) -> TrainerGame:
    """The trainer's adapter for the game ``profile`` plays.

    Raises:
        ConfigError: a game the trainer does not know.
    """
    name = game_for(profile).name
    if name not in _ADAPTERS:  # pragma: no cover - every game has an adapter
        raise ConfigError(f"the trainer does not support the {name} game")
    return _ADAPTERS[name](profile)
