"""A dealer house way for Supreme Pai Gow (R-SPG-20), modelled on the tile regulation way.

The New Jersey regulation leaves the dealer's way to the licensee's filing (R-SPG-20,
§19:47-34.12(d)), and no Supreme Pai Gow way is printed there. ``spg-house`` transposes the
tile dealer rules R-HW-01 (a)-(d), with the R-HW-03 tie-breaks, to the cards:

(a) two jokers: play the pair of jokers as the high hand, the other two cards low;
(b) otherwise, if any split holds a pair or a non-matching face-card hand (K-Q, K-J, Q-J,
    the card game's counterpart of the wongs and gongs: hands above every point total),
    play such a split; among several, the best high hand, then the best low hand;
(c) otherwise, if two cards make 9, 8 or 7, play them together; among several splits, the
    best high hand (value, then highest card), then the best low hand;
(d) otherwise, the card of the highest tie-break rank with the card of the lowest
    (K, Q, J, 10, 9 ... 2, ace lowest, R-SPG-04); the other two cards form the other hand.

The better hand of a split is always the high hand, so the way never fouls (R-SPG-21). The
cards are put in deck order first and every choice depends on ranks only, so the setting does
not depend on the order the cards are listed in nor, in strength, on their suits. A lone joker
never reaches rule (d): beside an ace..6 it makes 7, 8 or 9, and three different cards from 7
to K always hold a 7-or-better or a face-card hand (for completeness, rule (d) ranks a joker
as a 6).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import Final, Protocol, runtime_checkable

from paigow.errors import ConfigError
from paigow.games.cards.cards import Card

from .hands import (
    FACE_BASE,
    PAIR_BASE,
    SPLITS,
    STRENGTH,
    ZERO_LIMIT,
    CardHand,
    CardSetting,
    validate_cards,
)
from .rule_cards import load_card_strategy

__all__ = [
    "RULE_WORDS",
    "SPG_WAYS",
    "CardWay",
    "ComputedCardWay",
    "SpgHouseWay",
    "get_card_way",
    "house_way_rule",
    "rule_words",
]

#: The ``spg-house`` rules (a)..(d) in words (the terminal table, the trainer, the web table).
RULE_WORDS: Final = {
    "a": "the two jokers are played together",
    "b": "play a pair or a face-card hand (K-Q, K-J, Q-J)",
    "c": "play two cards worth 9, 8 or 7 together",
    "d": "the highest card goes with the lowest card",
}


def rule_words(cards: Sequence[Card]) -> str:
    """The ``spg-house`` rule that sets ``cards``, in words."""
    rule = house_way_rule(cards)[0]
    return f"rule ({rule}) of spg-house: {RULE_WORDS[rule]}"


@runtime_checkable
class CardWay(Protocol):
    """A way of setting four Supreme Pai Gow cards into a high and a low hand.

    Attributes:
        name: the name the way is known by (a key of :data:`SPG_WAYS` for the built-in ones).
        description: one line for humans.
    """

    name: str
    description: str

    def set(self, cards: Sequence[Card]) -> CardSetting:
        """The setting of the four different ``cards`` (never a foul)."""
        ...


def _single_rank(t: int) -> int:
    """Rule (d) order of rank type ``t``: K 13 ... 2 2, ace 1 (R-SPG-04); a joker 6."""
    if t == 13:
        return 6
    return 1 if t == 12 else t + 2


@cache
def _rule(types: tuple[int, int, int, int]) -> tuple[str, int]:
    """The rule and the split (index into :data:`SPLITS`) for sorted rank types ``types``."""
    hands = []
    for a, b, c, d in SPLITS:
        s1, s2 = STRENGTH[types[a]][types[b]], STRENGTH[types[c]][types[d]]
        hands.append((max(s1, s2), min(s1, s2)))
    splits = range(3)
    if types.count(13) == 2:  # (a) the pair of jokers
        return "a", next(j for j in splits if hands[j][0] == PAIR_BASE + 14)
    strong = [j for j in splits if hands[j][0] > FACE_BASE]
    if strong:  # (b) a pair or a face-card hand (the high hand is the better one)
        return "b", max(strong, key=lambda j: hands[j])
    sevens = [j for j in splits if hands[j][0] // ZERO_LIMIT >= 7]
    if sevens:  # (c) a hand worth 9, 8 or 7: best high hand, then best low hand
        return "c", max(sevens, key=lambda j: hands[j])
    # (d) highest card with lowest card; the ranks all differ here (no pair).
    order = sorted(range(4), key=lambda i: _single_rank(types[i]))
    ends = {order[0], order[-1]}
    return "d", next(j for j, (a, b, c, d) in enumerate(SPLITS) if ends in ({a, b}, {c, d}))


def house_way_rule(cards: Sequence[Card]) -> tuple[str, CardSetting]:
    """The ``spg-house`` rule that applies to ``cards`` (``"a"``..``"d"``) and its setting.

    Among several settings allowed by a rule, the first best in the order of the splits of the
    cards in deck order is taken (settings tied on both hands play identically).

    Raises:
        InvalidSettingError: not four different cards.
    """
    validate_cards(cards)
    coded = sorted((c.code, c) for c in cards)
    types = (coded[0][0] // 4, coded[1][0] // 4, coded[2][0] // 4, coded[3][0] // 4)
    rule, j = _rule(types)
    a, b, c, d = SPLITS[j]
    h1 = CardHand.of(coded[a][1], coded[b][1])
    h2 = CardHand.of(coded[c][1], coded[d][1])
    if STRENGTH[types[a]][types[b]] >= STRENGTH[types[c]][types[d]]:
        return rule, CardSetting(h1, h2)
    return rule, CardSetting(h2, h1)


class SpgHouseWay:
    """``spg-house``: the tile regulation dealer rules transposed to the cards (see module)."""

    name: str = "spg-house"
    description: str = (
        "Supreme Pai Gow dealer way: jokers together; else a pair or face-card hand; else a 9/8/7;"
        " else highest card with lowest (R-HW-01 transposed)"
    )

    def set(self, cards: Sequence[Card]) -> CardSetting:
        """Set four cards by rules (a)-(d)."""
        return house_way_rule(cards)[1]


#: The built-in Supreme Pai Gow ways by name.
SPG_WAYS: Final[dict[str, CardWay]] = {"spg-house": SpgHouseWay()}


#: Resolves a computed card way's name (``optimal[:AGAINST][@PROFILE]``, see get_card_way).
ComputedCardWay = Callable[[str], CardWay]


def get_card_way(name: str, computed: ComputedCardWay | None = None) -> CardWay:
    """A built-in Supreme Pai Gow way by name, ``strategy:FILE``, or a computed way
    (``optimal[:AGAINST][@PROFILE]``) by ``computed``, which also resolves the fallback of a
    strategy file. The math engine sits above the ways and passes its resolver in:
    :func:`paigow.exact.named.get_card_way` knows every name.

    Raises:
        ConfigError: no such way (the message lists the known names), or a computed way
            without ``computed``.
    """
    way = SPG_WAYS.get(name)
    if way is not None:
        return way
    if name.startswith("strategy:"):
        return _strategy(name, computed)
    if name.partition(":")[0].partition("@")[0].lower() == "optimal":
        if computed is None:
            raise ConfigError(f"{name!r} is computed by the math engine: ask paigow.exact.named")
        return computed(name)
    known = ", ".join([*sorted(SPG_WAYS), "optimal", "strategy:FILE"])
    raise ConfigError(f"unknown Supreme Pai Gow way {name!r}; known: {known}")


def _strategy(name: str, computed: ComputedCardWay | None) -> CardWay:
    """A card strategy file (``strategy:FILE``), loaded once per version of the file."""
    path = name.removeprefix("strategy:")
    if not path:
        raise ConfigError("'strategy:' needs a file, e.g. strategy:my-card.toml")
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return _load(name, "", 0, 0, computed)  # raises the error that names the file
    return _load(name, os.path.realpath(path), st.st_mtime_ns, st.st_size, computed)


@lru_cache(maxsize=16)
def _load(
    name: str, realpath: str, mtime_ns: int, size: int, computed: ComputedCardWay | None
) -> CardWay:
    def get(fallback: str) -> CardWay:
        return get_card_way(fallback, computed)

    way: CardWay = load_card_strategy(name.removeprefix("strategy:"), name=name, get=get)
    return way
