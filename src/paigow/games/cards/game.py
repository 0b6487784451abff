"""Supreme Pai Gow as the round engine plays it (:class:`CardGame`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paigow.errors import IllegalActionError, InvalidSettingError, ParseError
from paigow.games.base import high_below_low, pieces_from
from paigow.games.cards.cards import DECK, Card, parse_cards
from paigow.games.cards.hands import (
    NJ,
    NJ_LITERAL,
    CardHand,
    CardSetting,
    card_settings_of,
    compare_card_settings,
)
from paigow.games.outcomes import Comparison
from paigow.profiles import Profile

from . import describe
from .delivery import (
    deal_hand_stacks,
    deal_manual_shoe,
    deliver_automated_shoe,
    deliver_bank_hand_stacks,
    deliver_hand_stacks,
)
from .named import get_card_way
from .trainer import CardTrainer

if TYPE_CHECKING:
    from paigow.games.rulebook import Vocabulary
    from paigow.strategy.classes import Problem

__all__ = ["CardGame"]


class CardGame(CardTrainer):
    """Supreme Pai Gow: 54 cards, delivery from the hand or a shoe, the cutting card."""

    name = "cards"
    title = "Supreme Pai Gow"
    full_set: tuple[Any, ...] = DECK
    cut_noun = "deck"
    cut_example = "card:20"
    cut_help = (
        "Cut the deck with the cutting card: card:N puts it after N cards (N at least 10 "
        "from either end), e.g. card:20. Enter declines the cut."
    )
    #: A player's foul setting loses (R-SPG-21).
    foul_loses = True
    plots_edge = False
    solves_equilibrium = False
    compares_ways = False
    deals_quick_round = False

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
        """The built-in card ways (:data:`paigow.games.cards.house_way.SPG_WAYS`)."""
        from paigow.games.cards.house_way import SPG_WAYS

        return [{"name": n, "description": w.description} for n, w in SPG_WAYS.items()]

    def edge(
        self,
        player: str,
        dealer: str,
        profile: Profile,
        commission: Fraction,
        progress: Callable[[int, int], None] | None = None,
    ) -> Any:
        """:func:`paigow.games.cards.exact.spg_edge` under the profile's zero rule (it reports no
        progress: it takes well under a second); ``optimal-banker`` as the dealer's way is the
        bank's best reply to the player's (:mod:`paigow.games.cards.exact_par`)."""
        from paigow.games.cards.exact import spg_edge

        literal = profile.ranking.zero_rule == "literal"
        if dealer == "optimal-banker":  # the bank's best reply to the player's way
            from paigow.exact.results import EdgeResult
            from paigow.games.cards.exact_par import spg_hand_results

            r = spg_hand_results(player, dealer, commission=commission, literal_zero=literal)
            return EdgeResult(
                r.player_way, r.dealer_way, profile.name, commission, r.win, r.push, r.lose
            )
        return spg_edge(player, dealer, commission=commission, literal_zero=literal)

    def edge_json(self, result: Any, profile: Profile) -> dict[str, Any]:
        """An :meth:`edge` result as ``paigow edge --json`` prints it (with the profile and
        the number of deals, as the tiles' result has them)."""
        data: dict[str, Any] = result.to_json()
        data["profile"] = profile.name
        data["deals"] = result.deals
        return data

    def edges_json(
        self, players: Sequence[str], dealer: str, profile: Profile, commission: Fraction
    ) -> list[dict[str, Any]]:
        """:meth:`edge_json` of each player way against one dealer way."""
        return [self.edge_json(self.edge(p, dealer, profile, commission), profile) for p in players]

    def advice_json(
        self, text: str, profile: Profile, commission: Fraction, *, opponent: str, as_banker: bool
    ) -> dict[str, Any]:
        """The exact score of every setting of the four cards of ``text`` against the
        ``opponent`` way (``paigow advise``), in the tiles' keys too."""
        from paigow.games.cards.exact import spg_advise, spg_advise_banker

        advise = spg_advise_banker if as_banker else spg_advise
        literal = profile.ranking.zero_rule == "literal"
        adv = advise(
            text,
            opponent,
            commission=commission,
            literal_zero=literal,
            house_way=profile.house_way.dealer,
        )
        out: dict[str, Any] = adv.to_json()
        out["tiles"] = out["cards"]
        out["role"] = "banker" if as_banker else "player"
        out["opponent_way"] = out["dealer_way"]
        return out

    def hand_results(self, player: str, dealer: str, profile: Profile, commission: Fraction) -> Any:
        """:func:`paigow.games.cards.exact_par.spg_hand_results` under the profile's zero
        rule."""
        from paigow.games.cards.exact_par import spg_hand_results

        literal = profile.ranking.zero_rule == "literal"
        return spg_hand_results(player, dealer, commission=commission, literal_zero=literal)

    def published_figures(self, profile: Profile) -> Sequence[Any]:
        """None: no published house edge of this game's main wager under these rules is known
        to this project (its bonus's return is checked by enumeration instead)."""
        return ()

    #: What a hand, a comparison and a house way's setting are, as data (``paigow hand``,
    #: ``compare``, ``set``): :mod:`.describe`.
    hand_json = staticmethod(describe.hand_text_json)
    compare_json = staticmethod(describe.compare_json)
    set_json = staticmethod(describe.set_json)

    @property
    def vocabulary(self) -> Vocabulary:
        """The cards' words for strategies
        (:data:`paigow.games.cards.rule_cards.CARD_VOCABULARY`)."""
        from paigow.games.cards.rule_cards import CARD_VOCABULARY

        return CARD_VOCABULARY

    def strategy_problem(
        self, profile: Profile, against: str, fallback: str, commission: Fraction, role: str
    ) -> Problem:
        """The strategy generator's problem over the rank classes
        (:func:`paigow.strategy.cards.card_problem`)."""
        from paigow.strategy.cards import card_problem

        return card_problem(profile, against, fallback, commission, role)
