"""Supreme Pai Gow described as data: a hand, a comparison and a house way's setting, as the
command line (``paigow hand``, ``compare``, ``set``) and its ``--batch`` lines answer them."""

from __future__ import annotations

from typing import Any

from paigow.errors import InvalidSettingError, ParseError
from paigow.games.cards.cards import parse_cards
from paigow.games.cards.hands import (
    NJ,
    NJ_LITERAL,
    CardHand,
    CardSetting,
    compare_card_settings,
    validate_cards,
)
from paigow.games.cards.house_way import house_way_rule
from paigow.profiles import Profile

from .named import get_card_way

__all__ = ["card_hand_json", "compare_json", "hand_text_json", "set_json"]


def card_hand_json(h: CardHand) -> dict[str, Any]:
    """What a two-card hand is (R-SPG-02..04)."""
    return {
        "cards": [str(c) for c in h.cards],
        "category": h.category.value,
        "name": h.name,
        "value": h.value,
        "high_card": str(h.high_card),
        "strength": h.strength,
    }


def hand_text_json(text: str, prof: Profile) -> dict[str, Any]:
    """``paigow hand`` for cards."""
    cards = parse_cards(text)
    if len(cards) != 2:
        raise ParseError(f"a hand is two cards, got {len(cards)} in {text!r}")
    validate_cards(cards, n=2, what=repr(text))
    out = card_hand_json(CardHand.of(*cards))
    out["profile"] = prof.name
    return out


def _setting_json(s: CardSetting) -> dict[str, list[str]]:
    return {"high": [str(c) for c in s.high.cards], "low": [str(c) for c in s.low.cards]}


def compare_json(
    player: str, dealer: str, prof: Profile, *, detail: bool = False
) -> dict[str, Any]:
    """``paigow compare`` for cards: a foul player setting loses (R-SPG-21); the hands are
    described always (``detail`` or not)."""
    p = CardSetting.parse(player, allow_foul=True)
    d = CardSetting.parse(dealer)
    validate_cards([*p.cards, *d.cards], n=8, what="player and dealer cards")
    rules = NJ_LITERAL if prof.ranking.zero_rule == "literal" else NJ
    c = compare_card_settings(p, d, rules)
    out: dict[str, Any] = c.to_json()
    out["player"] = _setting_json(p)
    out["dealer"] = _setting_json(d)
    out["player_hands"] = [card_hand_json(p.high), card_hand_json(p.low)]
    out["dealer_hands"] = [card_hand_json(d.high), card_hand_json(d.low)]
    out["foul"] = p.is_foul
    out["profile"] = prof.name
    return out


def set_json(text: str, way: str | None, prof: Profile) -> dict[str, Any]:
    """``paigow set`` for cards, by the card house way."""
    cards = parse_cards(text)
    validate_cards(cards, what=repr(text))
    name = way or prof.house_way.dealer
    w = get_card_way(name)
    s = w.set(cards)
    if not isinstance(s, CardSetting):  # pragma: no cover - every card way returns one
        raise InvalidSettingError(f"way {name!r} gave no card setting")
    out: dict[str, Any] = {"tiles": [str(c) for c in cards], "way": w.name}
    out.update(_setting_json(s))
    out["high_hand"] = card_hand_json(s.high)
    out["low_hand"] = card_hand_json(s.low)
    if name == "spg-house":
        out["rule"] = house_way_rule(cards)[0]
    out["profile"] = prof.name
    return out
