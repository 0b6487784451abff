"""Supreme Pai Gow two-card hands, settings, fouls and the main-game comparison (R-SPG-02..06,
R-SPG-20..23).

Strength
--------
Every two-card hand gets a *strength*, an integer with the convention of the tile game
(:mod:`paigow.games.tiles.ranking`): a larger number is a better hand and equal numbers are copies.

* a pair (R-SPG-02.1): ``PAIR_BASE + order``, order 14 for the jokers, 13 aces, 12 kings ... 1
  twos (314 down to 301);
* non-matching face cards (R-SPG-02.2): ``FACE_BASE + 3`` K-Q, ``+ 2`` K-J, ``+ 1`` Q-J;
* otherwise the point total (R-SPG-03) and the highest card (R-SPG-04, AMB-57):
  ``16 * points + high``, ``high`` being the tie-break rank of the higher card (K 13 ... 2 2,
  ace 1, a joker the 3 or 6 it counts as). A point-total hand worth 0 has strength below 16.

The ranking depends only on the cards' *rank types* (2..10, J, Q, K, A and the joker; suits
never matter in the main game), so the whole ranking is the 14 x 14 table :data:`STRENGTH`,
built from :func:`paigow.games.cards.cards.card_hand_key`.

Zero rule (R-SPG-05)
--------------------
"The dealer or banker shall be deemed to hold the higher ranking low hand whenever the point
value of the player's low hand is zero." The default reading applies it to point-total hands
worth 0 only (a pair or face-card hand has no point value); the literal reading
(``SpgRules(literal_zero=True)``) applies it to any low hand whose cards count 0 in total:
point hands worth 0, K-Q, K-J, Q-J, and the pairs of fives, tens, jacks, queens and kings.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from paigow.errors import InvalidSettingError, ParseError
from paigow.games.cards.cards import (
    DECK,
    JOKER_1,
    JOKER_2,
    Card,
    card_hand_key,
    card_points,
    parse_cards,
)
from paigow.games.cards.cards import tiebreak_rank as _tiebreak
from paigow.games.outcomes import Comparison, Outcome, Side, outcome_of

__all__ = [
    "COPIES",
    "FACE_BASE",
    "NJ",
    "NJ_LITERAL",
    "N_TYPES",
    "PAIR_BASE",
    "RANK_TYPE_NAMES",
    "SPLITS",
    "STRENGTH",
    "ZERO_LIMIT",
    "CardHand",
    "CardSetting",
    "Category",
    "SpgRules",
    "card_settings_of",
    "compare_card_settings",
    "is_foul",
    "is_foul_split",
    "is_zero_low",
    "player_wins_spg_hand",
    "rank_type",
    "validate_cards",
]

#: Strengths at or above this value are pairs.
PAIR_BASE: Final = 300
#: Strengths above this value (and below :data:`PAIR_BASE`) are K-Q, K-J and Q-J.
FACE_BASE: Final = 200
#: Strengths below this value are point-total hands worth 0.
ZERO_LIMIT: Final = 16

#: Number of rank types: 2, 3, ..., 10, J, Q, K, A (0..12) and the joker (13).
N_TYPES: Final = 14
#: Display names of the rank types.
RANK_TYPE_NAMES: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "Jk")
#: Cards of each rank type in the deck: four of each natural rank, two jokers.
COPIES: Final[tuple[int, ...]] = (4,) * 13 + (2,)
#: The three splits of four cards: the partner of card 0, then the other two.
SPLITS: Final = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))


def rank_type(card: Card) -> int:
    """Rank type 0..13 of a card: ``rank - 2`` for natural cards (A is 12), 13 for a joker."""
    return card.code // 4


def _strength_of_key(key: tuple[int, int, int]) -> int:
    category, a, b = key
    if category == 2:
        return PAIR_BASE + a
    if category == 1:
        return FACE_BASE + a
    return ZERO_LIMIT * a + b


def _representatives(t1: int, t2: int) -> tuple[Card, Card]:
    if t1 != t2:
        return (JOKER_1 if t1 == 13 else DECK[4 * t1], JOKER_1 if t2 == 13 else DECK[4 * t2])
    return (JOKER_1, JOKER_2) if t1 == 13 else (DECK[4 * t1], DECK[4 * t1 + 1])


#: STRENGTH[t1][t2]: strength of the hand of rank types ``t1`` and ``t2`` (symmetric).
STRENGTH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_strength_of_key(card_hand_key(*_representatives(a, b))) for b in range(N_TYPES))
    for a in range(N_TYPES)
)
#: POINT_COUNT[t1][t2]: the point count of the two cards (R-SPG-03), whatever the category.
POINT_COUNT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(card_points(*_representatives(a, b)) for b in range(N_TYPES)) for a in range(N_TYPES)
)
#: Strengths of the hands whose cards count 0 in total (the literal R-SPG-05 reading).
LITERAL_ZERO_STRENGTHS: Final[frozenset[int]] = frozenset(
    STRENGTH[a][b] for a in range(N_TYPES) for b in range(N_TYPES) if POINT_COUNT[a][b] == 0
)


class Category(enum.Enum):
    """Category of a two-card hand (R-SPG-02), best first."""

    JOKER_PAIR = "joker-pair"
    PAIR = "pair"
    FACE = "face"
    POINTS = "points"


#: Pair names by pair order (1 twos .. 14 jokers).
_PAIR_NAMES: Final = (
    *("", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights"),
    *("nines", "tens", "jacks", "queens", "kings", "aces", "jokers"),
)
_FACE_NAMES: Final = {3: "K-Q", 2: "K-J", 1: "Q-J"}
_HIGH_NAMES: Final = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, slots=True)
class CardHand:
    """A two-card hand, the card with the higher tie-break rank first.

    Build with :meth:`of` or :meth:`parse`; every other field is derived from the two cards.
    """

    first: Card
    second: Card

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise InvalidSettingError(f"a hand cannot hold the same card twice: {self.first}")

    @staticmethod
    def of(a: Card, b: Card) -> CardHand:
        """The hand of cards ``a`` and ``b`` in either order."""
        if (_tiebreak(b, a), -b.code) > (_tiebreak(a, b), -a.code):
            a, b = b, a
        return CardHand(a, b)

    @staticmethod
    def parse(text: str) -> CardHand:
        """Parse a hand of exactly two cards, e.g. ``"Ks Qd"`` or ``"Jk 6d"``."""
        cards = parse_cards(text)
        if len(cards) != 2:
            raise ParseError(f"a hand is two cards, got {len(cards)} in {text!r}")
        return CardHand.of(*cards)

    @property
    def cards(self) -> tuple[Card, Card]:
        """The two cards, higher tie-break rank first."""
        return (self.first, self.second)

    @property
    def strength(self) -> int:
        """Ranking key (R-SPG-02..04): larger is better, equal is a copy."""
        return STRENGTH[rank_type(self.first)][rank_type(self.second)]

    @property
    def category(self) -> Category:
        """Joker pair, pair, non-matching face cards or point total (R-SPG-02)."""
        s = self.strength
        if s >= PAIR_BASE:
            return Category.JOKER_PAIR if s == PAIR_BASE + 14 else Category.PAIR
        return Category.FACE if s > FACE_BASE else Category.POINTS

    @property
    def is_pair(self) -> bool:
        """True for a matching pair, jokers included (R-SPG-02.1)."""
        return self.strength >= PAIR_BASE

    @property
    def value(self) -> int:
        """The point count 0..9 of the two cards (R-SPG-03).

        It ranks only point-total hands; for a pair or face-card hand it is the count the
        literal zero reading of R-SPG-05 looks at.
        """
        return POINT_COUNT[rank_type(self.first)][rank_type(self.second)]

    @property
    def high_card(self) -> Card:
        """The card with the higher tie-break rank (R-SPG-04)."""
        return self.first

    @property
    def high_rank(self) -> int:
        """Tie-break rank of :attr:`high_card`: K 13 ... 2 2, ace 1, a joker 3 or 6."""
        return _tiebreak(self.first, self.second)

    @property
    def name(self) -> str:
        """Human description: ``"Pair of kings"``, ``"K-Q"``, ``"9 (high card K)"``."""
        s = self.strength
        if s >= PAIR_BASE:
            return f"Pair of {_PAIR_NAMES[s - PAIR_BASE]}"
        if s > FACE_BASE:
            return _FACE_NAMES[s - FACE_BASE]
        r = self.high_rank
        return f"{self.value} (high card {_HIGH_NAMES.get(r, str(r))})"

    def __str__(self) -> str:
        return f"{self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class SpgRules:
    """Main-game comparison rules (R-SPG-04, R-SPG-05).

    Attributes:
        low_zero_loses: the player's low hand with point value zero never wins (R-SPG-05).
        literal_zero: read "point value zero" literally: also pairs and face-card hands whose
            cards count 0 (K-Q, K-J, Q-J; fives, tens, jacks, queens, kings). Default: only
            point-total hands worth 0.
    """

    low_zero_loses: bool = True
    literal_zero: bool = False

    @property
    def name(self) -> str:
        """``"nj"``, ``"nj-literal-zero"`` or ``"no-zero-rule"``."""
        if not self.low_zero_loses:
            return "no-zero-rule"
        return "nj-literal-zero" if self.literal_zero else "nj"


#: The New Jersey rules, zero rule on point-total hands (R-SPG-05 INTERP).
NJ: Final = SpgRules()
#: The New Jersey rules with the literal zero reading.
NJ_LITERAL: Final = SpgRules(literal_zero=True)


def is_zero_low(strength: int, *, literal: bool = False) -> bool:
    """Whether a low hand of ``strength`` has point value zero under R-SPG-05."""
    if literal:
        return strength in LITERAL_ZERO_STRENGTHS
    return strength < ZERO_LIMIT


def player_wins_spg_hand(player: int, dealer: int, *, low: bool, rules: SpgRules = NJ) -> bool:
    """Does the player's hand strictly beat the dealer's (R-SPG-04, R-SPG-05)?

    ``player`` and ``dealer`` are strengths. Copies go to the dealer or banker (R-SPG-04); a
    player's low hand with point value zero never wins (R-SPG-05).
    """
    if low and rules.low_zero_loses and is_zero_low(player, literal=rules.literal_zero):
        return False
    return player > dealer


def validate_cards(cards: Sequence[Card], *, n: int = 4, what: str = "cards") -> None:
    """Check that ``cards`` are ``n`` different cards of the deck.

    Raises:
        InvalidSettingError: wrong number of cards, or a card named twice.
    """
    if len(cards) != n:
        raise InvalidSettingError(f"{what}: a player holds {n} cards, got {len(cards)}")
    if len(set(cards)) != n:
        raise InvalidSettingError(f"{what}: a card appears twice in {' '.join(map(str, cards))}")


@dataclass(frozen=True, slots=True)
class CardSetting:
    """A high hand and a low hand (R-SPG-20). Build with :meth:`of`, :meth:`parse` or
    :func:`card_settings_of`.

    The constructor checks only that the four cards differ; a fouled setting (high ranking
    below low, R-SPG-21.2) can be built with ``allow_foul`` to settle it as a loss.
    """

    high: CardHand
    low: CardHand

    def __post_init__(self) -> None:
        validate_cards(self.cards, what="setting")

    @staticmethod
    def of(high: CardHand, low: CardHand, *, allow_foul: bool = False) -> CardSetting:
        """A setting, checking that the high hand ranks at least as high as the low hand.

        Equal hands are allowed (AMB-41). With ``allow_foul`` a fouled setting is kept.

        Raises:
            InvalidSettingError: the high hand ranks below the low hand (R-SPG-21.2).
        """
        setting = CardSetting(high, low)
        if not allow_foul and is_foul(setting):
            raise InvalidSettingError(
                f"high hand {high} ({high.name}) ranks below low hand {low} ({low.name}): "
                "a foul, the wager loses (R-SPG-21.2, AMB-41)"
            )
        return setting

    @staticmethod
    def parse(text: str, *, allow_foul: bool = False) -> CardSetting:
        """Parse ``"HIGH / LOW"`` (or ``HIGH | LOW``), two cards each: ``"Ks Qd / 7h 7c"``.

        Raises:
            ParseError: not two groups of cards.
            InvalidSettingError: a group is not two cards (R-SPG-21.3), a card is named twice,
                or (without ``allow_foul``) the high hand ranks below the low hand.
        """
        parts = re.split(r"[/|]", text)
        if len(parts) != 2:
            raise ParseError(
                f"a setting is 'HIGH / LOW' with two cards each, e.g. 'Ks Qd / 7h 7c'; got {text!r}"
            )
        words = [[w for w in re.split(r"[\s,;]+", p.strip()) if w] for p in parts]
        cards = parse_cards(words[0] + words[1])  # bare jokers numbered across both hands
        high, low = cards[: len(words[0])], cards[len(words[0]) :]
        if len(high) != 2 or len(low) != 2:
            raise InvalidSettingError(
                f"{text!r}: a {len(high)}-card high hand and a {len(low)}-card low hand; "
                "each hand must be two cards (R-SPG-21.3)"
            )
        return CardSetting.of(CardHand.of(*high), CardHand.of(*low), allow_foul=allow_foul)

    @property
    def cards(self) -> tuple[Card, Card, Card, Card]:
        """The four cards, high hand first."""
        return (*self.high.cards, *self.low.cards)

    @property
    def is_foul(self) -> bool:
        """True when the high hand ranks below the low hand (R-SPG-21.2)."""
        return is_foul(self)

    def same_cards(self, cards: Sequence[Card]) -> bool:
        """True when this setting uses exactly the given four cards."""
        return set(self.cards) == set(cards) and len(cards) == 4

    def key(self) -> tuple[int, int]:
        """(high strength, low strength): two settings with equal keys play identically."""
        return (self.high.strength, self.low.strength)

    def __str__(self) -> str:
        return f"{self.high} / {self.low}"


def is_foul(setting: CardSetting) -> bool:
    """R-SPG-21.2 with AMB-41: a foul is a high hand ranking *lower* than the low hand.

    Hands of equal rank (e.g. 7-7 / 7-7) are a valid setting.
    """
    return setting.high.strength < setting.low.strength


def is_foul_split(high: Sequence[Card], low: Sequence[Card]) -> bool:
    """Whether cards put out as ``high`` and ``low`` are a foul (R-SPG-21.2, R-SPG-21.3).

    A foul is anything but two two-card hands of four different cards with the high hand
    ranking at least as high as the low hand, e.g. a three-card high hand and a one-card low
    hand (TC-74).
    """
    if len(high) != 2 or len(low) != 2 or len({*high, *low}) != 4:
        return True
    return (
        STRENGTH[rank_type(high[0])][rank_type(high[1])]
        < (STRENGTH[rank_type(low[0])][rank_type(low[1])])
    )


def card_settings_of(cards: Sequence[Card] | str) -> tuple[CardSetting, CardSetting, CardSetting]:
    """The three ways to split four cards into two hands, better hand high (R-SPG-20).

    Order: card 0 paired with card 1, with card 2, with card 3 (cards in the given order).
    Equal hands are put in the order of the split. None of the three is a foul.

    Raises:
        InvalidSettingError: not four different cards.
    """
    cs = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
    validate_cards(cs)
    out = []
    for a, b, c, d in SPLITS:
        h1, h2 = CardHand.of(cs[a], cs[b]), CardHand.of(cs[c], cs[d])
        out.append(CardSetting(h1, h2) if h1.strength >= h2.strength else CardSetting(h2, h1))
    return (out[0], out[1], out[2])


def compare_card_settings(
    player: CardSetting, dealer: CardSetting, rules: SpgRules = NJ
) -> Comparison:
    """Settle the player's setting against the dealer's or banker's (R-SPG-21, R-SPG-23).

    High is compared with high and low with low; copies go to the dealer (R-SPG-04) and a
    player's zero low hand loses (R-SPG-05). Win = both hands higher, push = one each,
    lose = neither (R-SPG-23). A fouled player setting loses outright (R-SPG-21.2).

    Raises:
        InvalidSettingError: the dealer's setting is a foul; a dealer or bank that sets
            incorrectly is reset by the house way, not settled (R-SPG-21, AMB-45).
    """
    if is_foul(dealer):
        raise InvalidSettingError(
            f"dealer setting {dealer} is a foul; the dealer's hands must be reset by the house "
            "way (R-SPG-21, AMB-45)"
        )
    if is_foul(player):
        return Comparison(Side.DEALER, Side.DEALER, Outcome.LOSE)
    hw = player_wins_spg_hand(player.high.strength, dealer.high.strength, low=False, rules=rules)
    lw = player_wins_spg_hand(player.low.strength, dealer.low.strength, low=True, rules=rules)
    return Comparison(
        Side.PLAYER if hw else Side.DEALER,
        Side.PLAYER if lw else Side.DEALER,
        outcome_of(hw, lw),
    )
