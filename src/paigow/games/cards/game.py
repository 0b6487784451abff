"""Supreme Pai Gow as the round engine plays it (:class:`CardGame`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from paigow.cards import DECK, Card, parse_cards
from paigow.errors import IllegalActionError, InvalidSettingError, ParseError
from paigow.exact.named import get_card_way
from paigow.games.base import high_below_low, pieces_from
from paigow.profiles import Profile
from paigow.settings import Comparison
from paigow.spg.hands import (
    NJ,
    NJ_LITERAL,
    CardHand,
    CardSetting,
    card_settings_of,
    compare_card_settings,
)

from .delivery import (
    deal_hand_stacks,
    deal_manual_shoe,
    deliver_automated_shoe,
    deliver_bank_hand_stacks,
    deliver_hand_stacks,
)

__all__ = ["CardGame"]


class CardGame:
    """Supreme Pai Gow: 54 cards, delivery from the hand or a shoe, the cutting card."""

    name = "cards"
    full_set: tuple[Any, ...] = DECK

    def parse(self, text: str | Sequence[Any]) -> list[Any]:
        """Cards from text, or from a sequence of cards or card texts."""
        return pieces_from(text, Card, parse_cards, "cards")

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

    def cut_options(self, n_pieces: int) -> Iterable[str]:
        """``card:N`` for every N (R-SPG-09; the round refuses those too near an end)."""
        return (f"card:{n}" for n in range(n_pieces + 1))

    restricts_style_choice = False
    exposed_bank_hand_keeps_bonus = True
    counts_stub = True

    def bank_picks_first_stack(self, style: str) -> bool:
        """R-SPG-24: in a bank round dealt by hand, the bank selects the first stack."""
        return style == "hand"

    def face_up_in_shoe(self, style: str) -> bool:
        """R-IRR-NJ-f: a card may be found face up in a manual shoe."""
        return style == "manual-shoe"

    def way_listing(self) -> list[dict[str, str]]:
        """The built-in card ways (:data:`paigow.spg.house_way.SPG_WAYS`)."""
        from paigow.spg.house_way import SPG_WAYS

        return [{"name": n, "description": w.description} for n, w in SPG_WAYS.items()]

    def edge(self, player: str, dealer: str, profile: Profile, commission: Fraction) -> Any:
        """:func:`paigow.spg.exact.spg_edge` under the profile's zero rule."""
        from paigow.spg.exact import spg_edge

        literal = profile.ranking.zero_rule == "literal"
        return spg_edge(player, dealer, commission=commission, literal_zero=literal)
