"""The cards' strategy vocabulary and ``strategy:FILE`` as a Supreme Pai Gow way.

Cards are named by rank (2 .. 10, J, Q, K, A) and the jokers. Hand levels: ``"0"`` .. ``"9"``
points, ``"face"`` for two face cards (K-Q, K-J, Q-J) and ``"pair"`` for a pair (jokers too).
Points for ``most-points``: the count 0..9, two face cards 10, a pair 12.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from paigow.games.rule_play import Pieces, StrategyWay, load_strategy_file
from paigow.games.rulebook import Pattern, Vocabulary

from .hands import CardHand, Category, card_settings_of, rank_type

__all__ = ["CARDS", "CARD_VOCABULARY", "card_level", "card_points", "load_card_strategy"]

_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_JOKER: Final = 13
_FACES: Final = frozenset({9, 10, 11})

CARD_PATTERNS: Final[tuple[Pattern, ...]] = (
    Pattern("any", "Any hand"),
    Pattern("no-pair", "No pair", no_pair=True),
    Pattern("no-pair-joker", "No pair, holding a joker", no_pair=True, holding=frozenset({13})),
    Pattern("no-pair-face", "No pair, holding a J, Q or K", no_pair=True, holding=_FACES),
    Pattern("pair", "Any pair", pair_of=frozenset(range(14))),
    Pattern("two-pairs", "Two pairs", pair_of=frozenset(range(14)), two_pairs=True),
    Pattern("pair-of-jokers", "The two jokers", pair_of=frozenset({_JOKER})),
    Pattern("pair-of-aces", "A pair of aces", pair_of=frozenset({12})),
    Pattern("pair-of-faces", "A pair of jacks, queens or kings", pair_of=_FACES),
    Pattern("pair-of-7s-to-10s", "A pair of 7s to 10s", pair_of=frozenset(range(5, 9))),
    Pattern("pair-of-2s-to-6s", "A pair of 2s to 6s", pair_of=frozenset(range(5))),
    *(
        Pattern(f"pair-of-{r.lower()}s", f"A pair of {r}s", pair_of=frozenset({t}))
        for t, r in enumerate(_RANKS[:-1])
    ),
)

#: The cards' vocabulary.
CARD_VOCABULARY: Final = Vocabulary(
    game="cards",
    patterns=CARD_PATTERNS,
    levels=(*(str(v) for v in range(10)), "face", "pair"),
    level_words=(*(str(v) for v in range(10)), "two face cards", "a pair"),
    floors=tuple(range(12)),
    caps=tuple(range(12)),
    pieces="cards",
)


def card_level(hand: CardHand) -> int:
    """A card hand's level: its points, 10 for two face cards, 11 for a pair."""
    if hand.is_pair:
        return 11
    return 10 if hand.category is Category.FACE else hand.value


def card_points(hand: CardHand) -> int:
    """Points for ``most-points``: 0..9, two face cards 10, a pair 12."""
    return {11: 12, 10: 10}.get(card_level(hand), hand.value)


#: The cards for :func:`~paigow.games.rule_play.first_setting`.
CARDS: Final = Pieces(CARD_VOCABULARY, rank_type, card_settings_of, card_level, card_points)


def load_card_strategy(path: str | Path, *, name: str, get: Callable[[str], object]) -> StrategyWay:
    """Read, validate and resolve a card strategy file; ``get`` resolves the fallback way.

    Raises:
        ConfigError: an unreadable or invalid file, a strategy for the tiles, or an unknown
            fallback way.
    """
    return load_strategy_file(str(path), CARDS, name=name, get=get, limit=1 << 20)
