"""Supreme Pai Gow cards (R-EQUIP-08): the 54-card deck, notation and two-card hand ranking.

Notation
--------
A natural card is written rank then suit: ``"As"``, ``"Td"``, ``"9h"``, ``"2c"``. Ranks are
``2``..``9``, ``T`` (``10`` is also accepted), ``J``, ``Q``, ``K``, ``A``; suits are ``c``, ``d``,
``h``, ``s`` (clubs, diamonds, hearts, spades; the symbols ``♣ ♦ ♥ ♠`` are also accepted).
Parsing is case-insensitive; formatting is canonical (``"Td"``).

The deck holds two jokers, which are distinct cards: ``"Jk1"`` and ``"Jk2"``. A bare ``"Jk"``
(or ``"Joker"``) names the first joker in :func:`parse_card`; in :func:`parse_cards` each bare
joker takes the first joker not yet named in the same text, so ``"Jk Jk As Ad"`` is
Jk1, Jk2, A♠, A♦. Formatting always writes ``Jk1`` / ``Jk2``, so parse/format round-trips.

Ranking (R-SPG-02..06)
----------------------
:func:`card_hand_key` gives every two-card hand a key tuple; a **larger** key is a better hand and
equal keys are equal hands (ties go to the dealer or banker, R-SPG-04). The categories are
pairs (jokers highest, then aces, kings ... twos), then the non-matching face-card hands K-Q,
K-J, Q-J, then point totals 0..9 broken by the highest card (K high ... 2, ace lowest; a joker
counts as the 3 or 6 it was given).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from paigow.errors import ParseError

__all__ = [
    "ACE",
    "DECK",
    "JACK",
    "JOKER_1",
    "JOKER_2",
    "KING",
    "QUEEN",
    "SUITS",
    "Card",
    "card_hand_key",
    "card_points",
    "format_cards",
    "joker_value",
    "parse_card",
    "parse_cards",
    "player_wins_card_hand",
    "tiebreak_rank",
]

#: Suit letters in deck order: clubs, diamonds, hearts, spades.
SUITS: Final = "cdhs"
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14

_RANK_CHARS: Final = {r: str(r) for r in range(2, 10)} | {
    10: "T",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
_CHAR_RANKS: Final = {v.lower(): k for k, v in _RANK_CHARS.items()} | {"10": 10}
_SUIT_SYMBOLS: Final = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the 54-card deck.

    Attributes:
        rank: 2..14 for natural cards (11 J, 12 Q, 13 K, 14 A); 0 for a joker.
        suit: ``"c"``, ``"d"``, ``"h"`` or ``"s"``; ``""`` for a joker.
        joker: 1 or 2 for the two jokers, 0 for a natural card.
    """

    rank: int
    suit: str
    joker: int = 0

    def __post_init__(self) -> None:
        if self.joker:
            if self.joker not in (1, 2) or self.rank != 0 or self.suit != "":
                raise ValueError(f"invalid joker: {self.rank!r}, {self.suit!r}, {self.joker!r}")
        elif not (2 <= self.rank <= ACE and len(self.suit) == 1 and self.suit in SUITS):
            raise ValueError(f"invalid card: rank {self.rank!r}, suit {self.suit!r}")

    @property
    def is_joker(self) -> bool:
        """True for the two jokers."""
        return self.joker != 0

    @property
    def code(self) -> int:
        """Deck index 0..53: ``4 * (rank - 2) + suit`` for natural cards, 52 / 53 for jokers."""
        if self.joker:
            return 51 + self.joker
        return 4 * (self.rank - 2) + SUITS.index(self.suit)

    @property
    def points(self) -> int:
        """Point value of a natural card (R-SPG-03): ace 1, 10 and faces 0, 2..9 face value."""
        if self.joker:
            raise ValueError("a joker's point value depends on the other card; see joker_value")
        if self.rank == ACE:
            return 1
        return 0 if self.rank >= 10 else self.rank

    def __str__(self) -> str:
        if self.joker:
            return f"Jk{self.joker}"
        return _RANK_CHARS[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"


#: The two jokers.
JOKER_1: Final = Card(0, "", 1)
JOKER_2: Final = Card(0, "", 2)

#: The 54 cards in :attr:`Card.code` order: 2c 2d 2h 2s 3c ... As, then Jk1, Jk2.
DECK: Final[tuple[Card, ...]] = (
    *(Card(r, s) for r in range(2, ACE + 1) for s in SUITS),
    JOKER_1,
    JOKER_2,
)

_NATURAL_RE: Final = re.compile(r"^(10|[2-9tjqka])([cdhs♣♦♥♠])$", re.IGNORECASE)
_JOKER_RE: Final = re.compile(r"^(?:jk|joker)([12]?)$", re.IGNORECASE)


def _parse(text: str) -> Card | None:
    """Parse one card; ``None`` for a bare joker (``"Jk"``), whose number is not given."""
    if not isinstance(text, str):
        raise ParseError(f"card must be text like 'As', got {type(text).__name__}")
    s = text.strip()
    m = _JOKER_RE.match(s)
    if m:
        if not m.group(1):
            return None
        return JOKER_1 if m.group(1) == "1" else JOKER_2
    m = _NATURAL_RE.match(s)
    if not m:
        raise ParseError(
            f"{text!r} is not a card: expected rank and suit like 'As', 'Td', '10d', or 'Jk1'"
        )
    suit = m.group(2).lower()
    return Card(_CHAR_RANKS[m.group(1).lower()], _SUIT_SYMBOLS.get(suit, suit))


def parse_card(text: str) -> Card:
    """Parse one card: ``"As"``, ``"Td"``, ``"10d"``, ``"K♠"``, ``"Jk1"``, ``"Jk2"``, ``"Jk"``.

    A bare ``"Jk"`` is the first joker (Jk1).

    Raises:
        ParseError: the text names no card.
    """
    card = _parse(text)
    return JOKER_1 if card is None else card


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, keeping their order.

    Bare jokers (``"Jk"``) take the jokers not named elsewhere in the text, Jk1 first.

    Raises:
        ParseError: a word is not a card, or the text names more than two jokers.
    """
    words = re.split(r"[\s,;]+", text.strip()) if isinstance(text, str) else list(text)
    parsed = [_parse(w) for w in words if w]
    named = {c for c in parsed if c is not None and c.is_joker}
    free = [j for j in (JOKER_1, JOKER_2) if j not in named]
    out: list[Card] = []
    for card in parsed:
        if card is not None:
            out.append(card)
        elif not free:
            raise ParseError(f"{text!r} names more than the deck's two jokers")
        else:
            out.append(free.pop(0))
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Format cards in canonical notation separated by spaces, in the given order."""
    return " ".join(str(c) for c in cards)


# --- Two-card ranking (R-SPG-02..06) ---------------------------------------------------------

_FACE_PAIRS: Final = {
    frozenset((KING, QUEEN)): 3,
    frozenset((KING, JACK)): 2,
    frozenset((QUEEN, JACK)): 1,
}


def joker_value(other: Card) -> int:
    """The 3 or 6 a joker counts as beside ``other`` (R-SPG-03): whichever totals more mod 10.

    Beside the other joker the hand is a pair and the value only matters for display; 6.
    """
    if other.is_joker:
        return 6
    p = other.points
    return 3 if (p + 3) % 10 > (p + 6) % 10 else 6


def tiebreak_rank(card: Card, other: Card) -> int:
    """Rank of ``card`` for the highest-card tie-break (R-SPG-04), beside ``other``.

    K 13, Q 12, J 11, 10 .. 2 face value, ace 1 (lowest); a joker counts as the 3 or 6 it was
    given by :func:`joker_value`.
    """
    if card.is_joker:
        return joker_value(other)
    return 1 if card.rank == ACE else card.rank


def card_points(c1: Card, c2: Card) -> int:
    """Point total 0..9 of two cards (R-SPG-03): sum of point values mod 10, jokers 3 or 6."""
    if c1.is_joker and c2.is_joker:
        return 9  # 3 + 6, the greatest total (the hand ranks as a pair in any case)
    p1 = joker_value(c2) if c1.is_joker else c1.points
    p2 = joker_value(c1) if c2.is_joker else c2.points
    return (p1 + p2) % 10


def card_hand_key(c1: Card, c2: Card) -> tuple[int, int, int]:
    """Ranking key of a two-card hand (R-SPG-02..04, R-SPG-06): larger is better.

    * a pair (R-SPG-02.1): ``(2, order, 0)``, order 14 for the jokers, 13 aces, 12 kings ...
      1 twos. A joker pairs only with the other joker;
    * non-matching face cards (R-SPG-02.2): ``(1, 3, 0)`` K-Q, ``(1, 2, 0)`` K-J, ``(1, 1, 0)``
      Q-J;
    * otherwise the point total (R-SPG-03): ``(0, points, high)`` where ``high`` is the
      :func:`tiebreak_rank` of the higher card (R-SPG-04).

    Equal keys are equal hands; the dealer or banker wins such a tie (R-SPG-04).
    """
    if c1 == c2:
        raise ValueError(f"a hand cannot hold the same card twice: {c1}")
    if c1.is_joker and c2.is_joker:
        return (2, 14, 0)
    if not c1.is_joker and not c2.is_joker:
        if c1.rank == c2.rank:
            return (2, c1.rank - 1, 0)
        face = _FACE_PAIRS.get(frozenset((c1.rank, c2.rank)))
        if face is not None:
            return (1, face, 0)
    high = max(tiebreak_rank(c1, c2), tiebreak_rank(c2, c1))
    return (0, card_points(c1, c2), high)


def player_wins_card_hand(
    player: tuple[Card, Card], dealer: tuple[Card, Card], *, low_hand: bool
) -> bool:
    """Whether the player's two-card hand beats the dealer's (R-SPG-04, R-SPG-05).

    Ties go to the dealer. For the low hand, a player's point-total hand worth 0 never wins
    (R-SPG-05, read as applying to point-total hands only: a pair or face-card hand has no
    point value).
    """
    pk = card_hand_key(*player)
    if low_hand and pk[0] == 0 and pk[1] == 0:
        return False
    return pk > card_hand_key(*dealer)
