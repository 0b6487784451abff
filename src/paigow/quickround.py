"""A quick round: shuffle, stack, roll, deal house way from the right, set by house way, compare.

This is the demonstration of the rules core (``paigow demo``): no wagers or money, every hand
in the ring played, and every hand set by the same house way. The full table procedure lives in
the table engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from paigow.games.dice import Rng, count_start, roll_dice
from paigow.games.outcomes import Comparison
from paigow.games.tiles.dealing import shuffled_set, stacks_of
from paigow.games.tiles.settings import Setting, compare_settings
from paigow.games.tiles.tiles import Tile
from paigow.games.tiles.ways.base import HouseWay
from paigow.profiles import Profile

__all__ = ["QuickHand", "QuickRound", "quick_round"]


@dataclass(frozen=True, slots=True)
class QuickHand:
    """One position's tiles as dealt, its setting, and (for players) the comparison."""

    position: str
    dealt: tuple[Tile, Tile, Tile, Tile]
    setting: Setting | None
    comparison: Comparison | None


@dataclass(frozen=True, slots=True)
class QuickRound:
    """Everything that happened in a quick round."""

    profile: str
    way: str
    dice: tuple[int, int, int]
    banker: str
    start: str
    hands: tuple[QuickHand, ...]


def quick_round(profile: Profile, way: HouseWay, rng: Rng) -> QuickRound:
    """Deal one round in the ``profile``'s ring and set every hand by ``way``.

    The banker is the dealer, or seat 1 as Player-Dealer where the dealer holds no hand. The
    dead hand (if any) is dealt but not played (R-DEAL-03).
    """
    ring = profile.ring
    banker = "dealer" if "dealer" in ring else ring[0]
    stacks = stacks_of(shuffled_set(rng))
    dice = roll_dice(rng)
    start = count_start(ring, sum(dice), banker)
    i0 = ring.index(start)
    dealt = {ring[(i0 + k) % len(ring)]: stacks[k] for k in range(len(ring))}  # style (a)
    banker_setting = way.set(dealt[banker])
    hands = []
    for pos in ring:
        tiles = dealt[pos]
        if pos == "dead":
            hands.append(QuickHand(pos, tiles, None, None))
        elif pos == banker:
            hands.append(QuickHand(pos, tiles, banker_setting, None))
        else:
            s = way.set(tiles)
            hands.append(
                QuickHand(pos, tiles, s, compare_settings(s, banker_setting, profile.compare_rules))
            )
    return QuickRound(profile.name, way.name, dice, banker, start, tuple(hands))
