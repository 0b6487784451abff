"""The two games behind one round engine: Pai Gow Tiles and Supreme Pai Gow (cards).

:class:`~paigow.table.round.Round` asks its game for everything that differs between tiles and
cards: the set of pieces, parsing, the cut, the delivery, settings, the house way and the
comparison. The round's procedure, money, log and record are shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from paigow.cards import DECK, Card, parse_cards
from paigow.errors import IllegalActionError, InvalidSettingError, ParseError
from paigow.exact.named import get_card_way, get_way
from paigow.profiles import CARD_METHODS, Profile
from paigow.ranking import Hand
from paigow.settings import Comparison, Setting, compare_settings, settings_of
from paigow.spg.hands import (
    NJ,
    NJ_LITERAL,
    CardHand,
    CardSetting,
    card_settings_of,
    compare_card_settings,
)
from paigow.tiles import FULL_SET, Tile, parse_tiles

from .card_dealing import (
    deal_hand_stacks,
    deal_manual_shoe,
    deliver_automated_shoe,
    deliver_bank_hand_stacks,
    deliver_hand_stacks,
)
from .styles import apply_cut, deliver, parse_cut, start_ring_order

__all__ = ["CARD_METHODS", "CardGame", "Game", "TileGame", "game_for", "hand_pieces"]


class Game(Protocol):
    """What the round engine needs of a game."""

    name: str
    full_set: tuple[Any, ...]

    def parse(self, text: str | Sequence[Any]) -> list[Any]:
        """Pieces from text (or a sequence of pieces)."""
        ...

    def check_order(self, pieces: Sequence[Any]) -> None:
        """Raise unless ``pieces`` is exactly one full set."""
        ...

    def cut(self, order: list[Any], cut: str) -> list[Any]:
        """The order after the cut."""
        ...

    def deal(
        self,
        order: Sequence[Any],
        style: str,
        ring: Sequence[str],
        start: str,
        *,
        bank_first_stack: int | None = None,
    ) -> dict[str, tuple[Any, ...]]:
        """Each ring position's four pieces."""
        ...

    def setting(self, high: Sequence[Any], low: Sequence[Any]) -> Any:
        """A setting from two hands (not validated against the rules)."""
        ...

    def settings_of(self, pieces: Sequence[Any]) -> Sequence[Any]:
        """The three splits, better hand high."""
        ...

    def house_way(self, name: str) -> Any:
        """A house way object with ``name`` and ``set(pieces)``."""
        ...

    def compare(self, player: Any, banker: Any, profile: Profile) -> Comparison:
        """Win/push/lose of a player's setting against the banker's."""
        ...

    def pieces(self, setting: Any) -> list[Any]:
        """The four pieces of a setting."""
        ...

    def is_foul(self, setting: Any) -> bool:
        """True when the high hand ranks below the low hand."""
        ...


class TileGame:
    """Pai Gow Tiles: 32 tiles in eight stacks, ten delivery styles, the bank's stack cut."""

    name = "tiles"
    full_set: tuple[Any, ...] = FULL_SET

    def parse(self, text: str | Sequence[Any]) -> list[Any]:
        """Tiles from text, or from a sequence of tiles or tile texts."""
        return _pieces(text, Tile, parse_tiles, "tiles")

    def check_order(self, pieces: Sequence[Any]) -> None:
        """The order must be the 32 tiles of one set (R-SHUF-03)."""
        if not all(isinstance(p, Tile) for p in pieces) or sorted(
            p.index for p in pieces
        ) != sorted(t.index for t in FULL_SET):
            raise IllegalActionError("the shuffle must hold exactly the 32 tiles of one set")

    def cut(self, order: list[Any], cut: str) -> list[Any]:
        """R-CUT-02: stacks moved whole."""
        stacks = [order[i : i + 4] for i in range(0, 32, 4)]
        return [t for s in apply_cut(stacks, parse_cut(cut)) for t in s]

    def deal(
        self,
        order: Sequence[Any],
        style: str,
        ring: Sequence[str],
        start: str,
        *,
        bank_first_stack: int | None = None,
    ) -> dict[str, tuple[Any, ...]]:
        """R-DEAL-01 / R-STYLE: eight stacks delivered from the start counterclockwise."""
        stacks = [tuple(order[i : i + 4]) for i in range(0, 32, 4)]
        groups = deliver(stacks, style)
        positions = start_ring_order(ring, start)
        return {p: tuple(g) for p, g in zip(positions, groups, strict=True)}

    def setting(self, high: Sequence[Any], low: Sequence[Any]) -> Setting:
        """A tile setting."""
        if len(high) != 2 or len(low) != 2:
            raise InvalidSettingError("a setting is two tiles high and two tiles low")
        return Setting(Hand.of(high[0], high[1]), Hand.of(low[0], low[1]))

    def settings_of(self, pieces: Sequence[Any]) -> Sequence[Any]:
        """The three splits of four tiles."""
        return settings_of(list(pieces))

    def house_way(self, name: str) -> Any:
        """A tile house way."""
        return get_way(name)

    def compare(self, player: Any, banker: Any, profile: Profile) -> Comparison:
        """R-RANK-13, R-SETTLE-05."""
        return compare_settings(player, banker, profile.compare_rules)

    def pieces(self, setting: Any) -> list[Any]:
        """The four tiles of a setting."""
        return list(setting.tiles)

    def is_foul(self, setting: Any) -> bool:
        """High ranking below low (AMB-27)."""
        return high_below_low(setting)


class CardGame:
    """Supreme Pai Gow: 54 cards, delivery from the hand or a shoe, the cutting card."""

    name = "cards"
    full_set: tuple[Any, ...] = DECK

    def parse(self, text: str | Sequence[Any]) -> list[Any]:
        """Cards from text, or from a sequence of cards or card texts."""
        return _pieces(text, Card, parse_cards, "cards")

    def check_order(self, pieces: Sequence[Any]) -> None:
        """The order must be the 54 cards of one deck (R-EQUIP-08)."""
        if not all(isinstance(p, Card) for p in pieces) or sorted(map(str, pieces)) != sorted(
            map(str, DECK)
        ):
            raise IllegalActionError("the shuffle must hold exactly the 54 cards of one deck")

    def cut(self, order: list[Any], cut: str) -> list[Any]:
        """R-SPG-09: ``card:N`` — the cutting card goes in after N cards, at least 10 from
        either end; it and every card above it go to the bottom."""
        head, _, num = cut.partition(":")
        if head != "card" or not num.isdigit():
            raise ParseError(
                f"a card cut is 'card:N' (the cutting card after N cards), got {cut!r}"
            )
        n = int(num)
        if not 10 <= n <= len(order) - 10:
            raise IllegalActionError(
                f"the cutting card goes at least 10 cards from either end (10..{len(order) - 10})"
            )
        return order[n:] + order[:n]

    def deal(
        self,
        order: Sequence[Any],
        style: str,
        ring: Sequence[str],
        start: str,
        *,
        bank_first_stack: int | None = None,
    ) -> dict[str, tuple[Any, ...]]:
        """R-SPG-11..13, R-SPG-24: from the hand (seven stacks), a manual or automated shoe."""
        if style == "manual-shoe":
            return {p: tuple(h) for p, h in deal_manual_shoe(order, ring, start).items()}
        stacks = deal_hand_stacks(order, len(ring))
        if style == "automated-shoe":
            got = deliver_automated_shoe(stacks, ring, start)
        elif bank_first_stack is not None:
            got = deliver_bank_hand_stacks(stacks, bank_first_stack, ring, start)
        else:
            got = deliver_hand_stacks(stacks, ring, start)
        return {p: tuple(h) for p, h in got.items()}

    def setting(self, high: Sequence[Any], low: Sequence[Any]) -> CardSetting:
        """A card setting (fouls allowed here; the rules decide what they mean)."""
        if len(high) != 2 or len(low) != 2:
            raise InvalidSettingError(
                "a setting is a two-card high hand and a two-card low hand (R-SPG-21)"
            )
        return CardSetting(CardHand.of(high[0], high[1]), CardHand.of(low[0], low[1]))

    def settings_of(self, pieces: Sequence[Any]) -> Sequence[Any]:
        """The three splits of four cards."""
        return card_settings_of(list(pieces))

    def house_way(self, name: str) -> Any:
        """A Supreme Pai Gow house way."""
        return get_card_way(name)

    def compare(self, player: Any, banker: Any, profile: Profile) -> Comparison:
        """R-SPG-04/05/21/23 (a foul loses)."""
        rules = NJ_LITERAL if profile.ranking.zero_rule == "literal" else NJ
        return compare_card_settings(player, banker, rules)

    def pieces(self, setting: Any) -> list[Any]:
        """The four cards of a setting."""
        return list(setting.cards)

    def is_foul(self, setting: Any) -> bool:
        """R-SPG-21.2 (AMB-41: equal allowed)."""
        return high_below_low(setting)


def _pieces(value: object, kind: type, parse: Any, noun: str) -> list[Any]:
    """Pieces from text (``"6-6 4-5"``) or a list of pieces or their texts; anything else is a
    :class:`~paigow.errors.ParseError`."""
    if isinstance(value, str):
        return list(parse(value))
    if not isinstance(value, Sequence) or isinstance(value, bytes):
        raise ParseError(f"{noun} are given as text like '6-6 4-5' or a list, got {value!r}")
    out: list[Any] = []
    for item in value:
        if isinstance(item, kind):
            out.append(item)
        elif isinstance(item, str):
            out += list(parse(item))
        else:
            raise ParseError(f"{item!r} is not one of the {noun}")
    return out


def high_below_low(setting: Any) -> bool:
    """True when a setting's high hand ranks below its low hand (equal is allowed)."""
    return bool(setting.high.strength < setting.low.strength)


def hand_pieces(hand: Any) -> list[Any]:
    """The two pieces of a tile or card hand."""
    return list(hand.cards if isinstance(hand, CardHand) else hand.tiles)


def game_for(profile: Profile) -> Game:
    """The game a profile plays."""
    return CardGame() if profile.meta.game == "cards" else TileGame()
