"""The trainer's hand categories and drills, and dealing a hand of a drill: each game's table
of hand classes (:class:`ClassTable`), which the trainer asks the profile's game for.

A four-piece hand is described, for ranking, by the multiset of its *types*: tile kinds
(:mod:`paigow.games.tiles.hands4`, 3,620 classes) or card rank types
(:mod:`paigow.games.cards.exact`, 2,366 classes). The categories depend on the types only, so
they are computed once per class:

* ``pairs`` — two pieces of one type (a pair, the gee joon pair, two jokers...);
* ``no-pair`` — every piece of a different type;
* ``gee-joon`` — holds a gee joon tile (1-2 or 2-4); for the cards, a joker;
* ``two-pairs`` — two pairs (for the cards also four of a kind);
* ``split`` — "split or not": a pair that can be split into a setting that keeping it does
  not dominate (some split has the better low hand, so the choice is a real trade).

A drill deals hands of one category (``all``: any hand) with the probabilities of a fair deal
restricted to that category: a class is drawn by its weight (the physical hands it stands for),
then its pieces by drawing the copies of each type uniformly. Randomness is injected.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from paigow.errors import ConfigError
from paigow.games.dice import Rng

__all__ = ["CARD", "CATEGORIES", "DRILLS", "WEAK", "ClassTable", "categories_of", "drill_name"]

#: The categories a hand can belong to (a hand may be in several).
CATEGORIES: Final = ("pairs", "no-pair", "gee-joon", "two-pairs", "split")
#: The drills: every hand, or the hands of one category.
DRILLS: Final = ("all", *CATEGORIES)
#: The weakness-driven drill: hands of the kinds the player gets wrong (see ``select``).
WEAK: Final = "weak"
#: The drill of a strategy card: hands one of the card's rules sets (``--way strategy:FILE``).
CARD: Final = "card"
#: Other names accepted for drills.
DRILL_ALIASES: Final = {
    "any": "all",
    "pair": "pairs",
    "nopair": "no-pair",
    "no-pairs": "no-pair",
    "gee": "gee-joon",
    "geejoon": "gee-joon",
    "joker": "gee-joon",
    "jokers": "gee-joon",
    "two-pair": "two-pairs",
    "split-or-not": "split",
    "adaptive": WEAK,
    "weakness": WEAK,
}

#: The three splits of four pieces: the partner of piece 0, then the other two.
SPLITS: Final = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))

Types = tuple[int, int, int, int]
Strength = Callable[[int, int], int]


def drill_name(text: str) -> str:
    """The drill named by ``text`` (a name of :data:`DRILLS` or an alias).

    Raises:
        ConfigError: no such drill.
    """
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    key = DRILL_ALIASES.get(key, key)
    if key not in (*DRILLS, WEAK, CARD):
        raise ConfigError(
            f"unknown drill {text!r}; expected one of {', '.join(DRILLS)}, {WEAK} or {CARD}"
        )
    return key


def categories_of(types: Sequence[int], strength: Strength, wild: int) -> frozenset[str]:
    """The categories of a hand of four pieces of the given ``types``.

    Args:
        types: the four types (tile kinds or card rank types).
        strength: the strength of the two-piece hand of two types (larger is better).
        wild: the type of the gee joon tiles (or of the jokers).
    """
    counts = Counter(types)
    out: set[str] = set()
    out.add("pairs" if max(counts.values()) >= 2 else "no-pair")
    if wild in counts:
        out.add("gee-joon")
    if sum(c // 2 for c in counts.values()) >= 2:
        out.add("two-pairs")
    keep: list[tuple[int, int]] = []
    split: list[tuple[int, int]] = []
    for a, b, c, d in SPLITS:
        s1, s2 = strength(types[a], types[b]), strength(types[c], types[d])
        hl = (max(s1, s2), min(s1, s2))
        (keep if types[a] == types[b] or types[c] == types[d] else split).append(hl)
    if keep and any(not any(kh >= sh and kl >= sl for kh, kl in keep) for sh, sl in split):
        out.add("split")
    return frozenset(out)


@dataclass(frozen=True, eq=False)
class ClassTable:
    """The classes of four-piece hands of one game, their weights and categories.

    Attributes:
        keys: the sorted types of each class.
        weights: the physical hands each class stands for.
        categories: the categories of each class.
        index: the class of each key.
    """

    keys: tuple[Types, ...]
    weights: tuple[int, ...]
    categories: tuple[frozenset[str], ...]
    index: dict[tuple[int, ...], int] = field(repr=False)
    _draws: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = field(repr=False)

    @staticmethod
    def build(classes: Sequence[tuple[Types, int]], strength: Strength, wild: int) -> ClassTable:
        """A table from ``(types, weight)`` pairs (types sorted)."""
        keys = tuple(k for k, _ in classes)
        weights = tuple(w for _, w in classes)
        cats = tuple(categories_of(k, strength, wild) for k in keys)
        draws = {}
        for drill in DRILLS:
            members = tuple(i for i, c in enumerate(cats) if drill == "all" or drill in c)
            draws[drill] = (members, tuple(itertools.accumulate(weights[i] for i in members)))
        return ClassTable(keys, weights, cats, {k: i for i, k in enumerate(keys)}, draws)

    def members(self, drill: str) -> tuple[int, ...]:
        """The classes a drill deals from."""
        return self._draws[drill][0]

    def hands(self, drill: str) -> int:
        """The number of physical hands a drill deals from."""
        cum = self._draws[drill][1]
        return cum[-1] if cum else 0

    def draw(self, drill: str, rng: Rng) -> int:
        """A class of ``drill``, drawn with the probability of its physical hands."""
        members, cum = self._draws[drill]
        r = rng.randint(0, cum[-1] - 1)
        return members[bisect.bisect_right(cum, r)]

    def draw_among(self, members: Sequence[int], rng: Rng) -> int:
        """One of the classes ``members``, drawn with the probability of its physical hands."""
        cum = list(itertools.accumulate(self.weights[c] for c in members))
        r = rng.randint(0, cum[-1] - 1)
        return members[bisect.bisect_right(cum, r)]
