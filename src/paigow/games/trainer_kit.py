"""What both games share of the trainer's part of the :class:`~paigow.games.base.Game`
interface: the dealer's possible hands by class (:class:`DealerField`), the groups they are
described by (:data:`BANDS`), and reading one hand of a setting the player wrote.

Each game's part is :mod:`paigow.games.tiles.trainer` and :mod:`paigow.games.cards.trainer`;
the trainer (:mod:`paigow.trainer`) asks the profile's game for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from paigow.errors import InvalidSettingError, ParseError
from paigow.games.rulebook import rule_words

__all__ = ["BANDS", "DealerField", "card_rule", "one_hand", "points_band", "same_pieces"]

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


def points_band(value: int) -> str:
    """The band of a hand of ``value`` points that is no pair."""
    if value >= 7:
        return f"{value} points"
    return "4 to 6 points" if value >= 4 else "0 to 3 points"


def same_pieces(got: Sequence[Any], pieces: Sequence[Any], noun: str) -> None:
    """Raise unless ``got`` holds the player's ``pieces``."""
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


def one_hand(
    text: str,
    pieces: Sequence[Any],
    words: tuple[str, str],
    *,
    parse: Callable[[str], Sequence[Any]],
    hand: Callable[..., Any],
    setting: Callable[[Any, Any], Any],
) -> Any:
    """The setting of ``pieces`` that plays the two pieces written in ``text`` as one hand and
    the other two as the other, the better hand high; ``words`` are the pieces' noun and an
    example hand."""
    noun, example = words
    two = parse(text)
    if len(two) != 2:
        raise ParseError(
            f"write one hand of two {noun} (e.g. {example}) or a setting "
            f"HIGH / LOW, got {len(two)} {noun[:-1]}(s) in {text!r}"
        )
    rest = _other_two(two, pieces, noun)
    h1, h2 = hand(*two), hand(*rest)
    return setting(h1, h2) if h1.strength >= h2.strength else setting(h2, h1)


def card_rule(way: Any, pieces: Sequence[Any]) -> str:
    """The rule of a strategy card that sets ``pieces``, in words."""
    i, _ = way.rule_of(pieces)
    if i is None:
        return f"the card: no rule applies, so the house way {way.fallback.name}"
    vocab = way.game.vocab
    return f"rule {i} of the card: {rule_words(way.strategy.rules[i - 1], vocab)}"
