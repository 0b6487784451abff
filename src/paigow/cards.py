"""The old path of :mod:`paigow.games.cards.cards` (the Supreme Pai Gow cards and their
notation), kept so that ``from paigow.cards import ...`` still works; new code imports from
:mod:`paigow.games.cards.cards`.
"""

from paigow.games.cards.cards import (
    ACE,
    DECK,
    JACK,
    JOKER_1,
    JOKER_2,
    KING,
    QUEEN,
    SUITS,
    Card,
    card_hand_key,
    card_points,
    format_cards,
    joker_value,
    parse_card,
    parse_cards,
    player_wins_card_hand,
    tiebreak_rank,
)

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
