"""Playing a strategy (:mod:`paigow.games.rulebook`) on real pieces: what the rules need of a
game's pieces and hands (:class:`Pieces`), the setting of the first rule that applies
(:func:`first_setting`), and the house way that plays a strategy file (:class:`StrategyWay`,
:func:`load_strategy_file`). The tiles' pieces are :data:`paigow.games.tiles.ways.rule_tiles.TILES`,
the cards' :data:`paigow.games.cards.rule_cards.CARDS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from paigow.errors import ConfigError
from paigow.textfiles import read_text

from .rulebook import PAIR_PLAYS, Rule, Strategy, Vocabulary, parse_strategy

__all__ = ["Pieces", "StrategyWay", "first_setting", "hand_pieces", "load_strategy_file"]


@dataclass(frozen=True)
class Pieces:
    """What playing rules needs of a game's pieces and hands.

    Attributes:
        vocab: the game's vocabulary.
        type_of: the type (kind, rank) of a piece.
        settings: the three settings of four pieces, better hand high.
        level, points: a hand's level and its points for ``most-points``.
    """

    vocab: Vocabulary
    type_of: Callable[[Any], int]
    settings: Callable[[Sequence[Any]], Sequence[Any]]
    level: Callable[[Any], int]
    points: Callable[[Any], int]

    def pair_type(self, hand: Any) -> int | None:
        """The type of a hand's two pieces when they are of one type."""
        a, b = (self.type_of(x) for x in hand_pieces(hand))
        return a if a == b else None


def hand_pieces(hand: Any) -> tuple[Any, Any]:
    """The two pieces of a tile or card hand."""
    return (hand.first, hand.second)


_ORDER: Final[dict[str, Callable[[Any, Pieces], tuple[int, ...]]]] = {
    "best-high": lambda s, g: (s.high.strength, s.low.strength),
    "split-high": lambda s, g: (s.high.strength, s.low.strength),
    "best-low": lambda s, g: (s.low.strength, s.high.strength),
    "split-low": lambda s, g: (s.low.strength, s.high.strength),
    "keep": lambda s, g: (s.low.strength, s.high.strength),
    "most-points": lambda s, g: (
        g.points(s.high) + g.points(s.low),
        s.low.strength,
        s.high.strength,
    ),
}


def first_setting(rule: Rule, game: Pieces, pieces: Sequence[Any], house: Any) -> Any | None:
    """The setting ``rule`` plays for ``pieces`` (``house``: the fallback way's setting), or
    None when it does not apply: the rule read as the card words it, hand by hand."""
    pattern = game.vocab.pattern(rule.hands)
    if not pattern.matches(Counter(game.type_of(p) for p in pieces)):
        return None
    settings = game.settings(pieces)
    if rule.when is not None:
        if rule.when.kind == "if-best-low-at-most":
            seen = max(game.level(s.low) for s in settings)
        elif rule.when.kind == "if-house-low-at-most":
            seen = game.level(house.low)
        else:
            seen = game.level(house.high)
        if seen > rule.when.level:
            return None
    cands: Sequence[Any] = settings
    if rule.play in PAIR_PLAYS:
        kinds = pattern.pair_of or frozenset()
        keep = rule.play == "keep"
        cands = [
            s for s in settings if any(game.pair_type(h) in kinds for h in (s.high, s.low)) == keep
        ]
    cands = [
        s
        for s in cands
        if game.level(s.low) >= rule.low_at_least and game.level(s.high) >= rule.high_at_least
    ]
    if not cands:
        return None
    return max(cands, key=lambda s: _ORDER[rule.play](s, game))


class StrategyWay:
    """A strategy as a way: the first rule that applies, else the fallback way."""

    def __init__(self, strategy: Strategy, name: str, fallback: Any, game: Pieces) -> None:
        self.strategy = strategy
        self.name = name
        self.fallback = fallback
        self.game = game
        n = len(strategy.rules)
        self.description = (
            f"{strategy.name or 'strategy'}: {n} rule{'s' if n != 1 else ''}, "
            f"otherwise the house way {fallback.name}"
        )
        self.kind_symmetric: bool = getattr(fallback, "kind_symmetric", True)

    def rule_of(self, pieces: Sequence[Any]) -> tuple[int | None, Any]:
        """The number (1..) of the rule that sets ``pieces`` (None: the fallback) and the
        setting."""
        house = self.fallback.set(pieces)
        for i, rule in enumerate(self.strategy.rules, 1):
            s = first_setting(rule, self.game, pieces, house)
            if s is not None:
                return i, s
        return None, house

    def set(self, pieces: Sequence[Any]) -> Any:
        """The setting of the four ``pieces`` by the strategy."""
        return self.rule_of(pieces)[1]


def load_strategy_file(
    path: str, game: Pieces, *, name: str, get: Callable[[str], Any], limit: int
) -> StrategyWay:
    """Read, validate and resolve a strategy file for ``game``; ``get`` resolves the fallback.

    Raises:
        ConfigError: an unreadable or invalid file, a strategy for another game, or an unknown
            fallback way.
    """
    text = read_text(path, what="strategy", limit=limit)
    strategy = parse_strategy(text, {game.vocab.game: game.vocab}, origin=path)
    try:
        fallback = get(strategy.fallback)
    except ConfigError as e:
        raise ConfigError(f"{path}: fallback: {e}") from None
    return StrategyWay(strategy, name, fallback, game)
