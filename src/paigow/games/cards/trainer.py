"""Supreme Pai Gow in the trainer: the 2,366 rank classes, dealing and reading a hand, the
exact scores, the house way's rules in words and the dealer's hands by class (the trainer's
part of :class:`~paigow.games.cards.CardGame`). What only the trainer uses (the class table,
the math engine) is loaded on first use."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from paigow.errors import InvalidSettingError
from paigow.games.base import ProfileBound
from paigow.games.cards.cards import DECK, JOKER_1, JOKER_2, Card, format_cards, parse_cards
from paigow.games.cards.hands import (
    NJ,
    NJ_LITERAL,
    STRENGTH,
    CardHand,
    CardSetting,
    Category,
    player_wins_spg_hand,
)
from paigow.games.cards.house_way import rule_words as spg_words

from .named import get_card_way

if TYPE_CHECKING:
    from paigow.exact.results import SettingScore
    from paigow.games.categories import ClassTable
    from paigow.games.dice import Rng
    from paigow.games.trainer_kit import DealerField

__all__ = ["CardTrainer"]


@cache
def _card_table() -> ClassTable:
    from paigow.games.cards.exact import rank_space
    from paigow.games.categories import ClassTable

    sp = rank_space()
    return ClassTable.build(
        [(k, int(w)) for k, w in zip(sp.keys, sp.weight, strict=True)],
        lambda a, b: STRENGTH[a][b],
        13,
    )


@cache
def _card_bands() -> dict[int, str]:
    from paigow.games.trainer_kit import points_band

    out = {}
    for i, a in enumerate(DECK):
        for b in DECK[i + 1 :]:
            h = CardHand.of(a, b)
            if h.category in (Category.PAIR, Category.JOKER_PAIR):
                out[h.strength] = "a pair"
            elif h.category is Category.FACE:
                out[h.strength] = "two face cards"
            else:
                out[h.strength] = points_band(h.value)
    return out


def _type_cards(t: int) -> tuple[Card, ...]:
    return (JOKER_1, JOKER_2) if t == 13 else DECK[4 * t : 4 * t + 4]


class CardTrainer(ProfileBound):
    """Supreme Pai Gow in the trainer: 54 cards, 2,366 rank classes, ``spg-house`` (fouls are
    refused)."""

    noun = "cards"
    example = "As Ad"
    wild_label = "joker hands"

    @property
    def table(self) -> ClassTable:
        """The 2,366 rank classes of four cards."""
        return _card_table()

    @property
    def literal(self) -> bool:
        """True when the profile reads the zero rule literally."""
        return self.bound().ranking.zero_rule == "literal"

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
        from paigow.games.cards.exact import rank_space

        return rank_space().class_of(list(pieces))

    def family(self, cls: int) -> str:
        """The class's representative cards."""
        from paigow.games.cards.exact import rank_space

        return format_cards(rank_space().cards[cls])

    def parse_pieces(self, text: str) -> tuple[Any, ...]:
        """Four different cards."""
        from paigow.games.cards.hands import validate_cards

        cards = parse_cards(text)
        validate_cards(cards, what=repr(text))
        return tuple(sorted(cards, key=lambda c: -c.code))

    def scores(
        self, pieces: Sequence[Any], dealer: str, *, as_banker: bool = False
    ) -> tuple[SettingScore, ...]:
        """:func:`paigow.games.cards.exact.spg_advise` against ``dealer`` (fouls are not scored);
        :func:`~paigow.games.cards.exact.spg_advise_banker` for the bank."""
        from paigow.games.cards.exact import spg_advise, spg_advise_banker

        advise = spg_advise_banker if as_banker else spg_advise
        adv = advise(list(pieces), dealer, commission=self.commission, literal_zero=self.literal)
        return adv.settings

    def trainer_way(self, name: str, dealer: str) -> Any:
        """``spg-house``, or ``optimal`` against ``dealer``."""
        if name == "optimal":
            from paigow.games.cards.exact import spg_optimal

            return spg_optimal(dealer, commission=self.commission, literal_zero=self.literal)
        return get_card_way(name)

    def rule(self, way: str, pieces: Sequence[Any]) -> str | None:
        """Rules (a)-(d) of ``spg-house``; the card's rule for a strategy card."""
        from paigow.games.trainer_kit import card_rule

        if way.startswith("strategy:"):
            return card_rule(get_card_way(way), pieces)
        if way != "spg-house":
            return None
        return spg_words(pieces)

    def parse_setting(self, text: str, pieces: Sequence[Any]) -> Any:
        """``HIGH / LOW`` or one hand of two cards; a foul is refused (R-SPG-21)."""
        from paigow.games.trainer_kit import one_hand, same_pieces

        if "/" in text:
            s = CardSetting.parse(text, allow_foul=True)
            same_pieces(s.cards, pieces, self.noun)
        else:
            words = (self.noun, self.example)
            s = one_hand(
                text, pieces, words, parse=parse_cards, hand=CardHand.of, setting=CardSetting
            )
        if s.is_foul:
            raise InvalidSettingError(
                f"{s} is a foul: the high hand ranks below the low hand, and a foul loses "
                "(R-SPG-21); put the better hand high"
            )
        return s

    def field(self, pieces: Sequence[Any], dealer: str) -> DealerField:
        """The dealer's hands by rank class."""
        from paigow.games.cards.exact import rank_space, spg_way_arrays
        from paigow.games.trainer_kit import DealerField

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
