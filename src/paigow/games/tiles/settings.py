"""Settings of four tiles into a high and a low hand (R-SET), and their outcome (R-SETTLE-05).

A :class:`Setting` is a high hand and a low hand. Four tiles can be split three ways; for each
split the better hand is the high hand (:func:`settings_of`). :func:`compare_settings` decides
win / push / lose of a player's setting against the dealer's or bank's setting.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from paigow.errors import InvalidSettingError, ParseError
from paigow.games.outcomes import CompareRules, Comparison, Outcome, Side, outcome_of
from paigow.games.tiles.ranking import Hand, player_wins_hand
from paigow.games.tiles.tiles import Tile, parse_tiles

__all__ = [
    "CompareRules",
    "Comparison",
    "Outcome",
    "Setting",
    "Side",
    "compare_settings",
    "settings_of",
    "validate_four",
]


@dataclass(frozen=True, slots=True)
class Setting:
    """A high hand and a low hand. Build with :meth:`of`, :meth:`parse` or :func:`settings_of`.

    The constructor does not check the order of the hands; :meth:`of` does (AMB-27).
    """

    high: Hand
    low: Hand

    @staticmethod
    def of(high: Hand, low: Hand, *, allow_reversed: bool = False) -> Setting:
        """A setting, checking that the high hand does not rank below the low hand.

        Hands of equal rank are accepted in either order (AMB-27). With ``allow_reversed``
        (Lucky Chances: "hands are played as set") a reversed setting is kept as given.

        Raises:
            InvalidSettingError: the high hand ranks below the low hand.
        """
        if not allow_reversed and high.strength < low.strength:
            raise InvalidSettingError(
                f"high hand {high} ({high.name}) ranks below low hand {low} ({low.name}); "
                "the high hand must rank at least as high as the low hand (R-SET-01, AMB-27)"
            )
        return Setting(high, low)

    @staticmethod
    def parse(text: str, *, allow_reversed: bool = False) -> Setting:
        """Parse ``"HIGH / LOW"`` (or ``HIGH | LOW``), two tiles each: ``"6-6 4-5 / 1-2 3-3"``."""
        parts = re.split(r"[/|]", text)
        if len(parts) != 2:
            raise ParseError(
                f"a setting is 'HIGH / LOW' with two tiles each, e.g. '6-6 4-5 / 1-2 3-3'; "
                f"got {text!r}"
            )
        hands = []
        for label, part in zip(("high", "low"), parts, strict=True):
            tiles = parse_tiles(part)
            if len(tiles) != 2:
                raise ParseError(
                    f"the {label} hand must be two tiles, got {len(tiles)} in {text!r}"
                )
            hands.append(Hand.of(*tiles))
        validate_four([*hands[0].tiles, *hands[1].tiles], what=repr(text))
        return Setting.of(hands[0], hands[1], allow_reversed=allow_reversed)

    @property
    def tiles(self) -> tuple[Tile, Tile, Tile, Tile]:
        """The four tiles, high hand first."""
        return (*self.high.tiles, *self.low.tiles)

    def same_tiles(self, tiles: Sequence[Tile]) -> bool:
        """True when this setting uses exactly the given four tiles (as a multiset)."""
        return Counter(self.tiles) == Counter(tiles)

    def key(self) -> tuple[int, int]:
        """(high strength, low strength): two settings with equal keys play identically."""
        return (self.high.strength, self.low.strength)

    def __str__(self) -> str:
        return f"{self.high} / {self.low}"

    def csv(self) -> str:
        """The ``HIGH | LOW`` form used in house-way tables."""
        return f"{self.high} | {self.low}"


def validate_four(tiles: Sequence[Tile], *, what: str = "tiles") -> None:
    """Check that ``tiles`` are four tiles that one set can hold.

    Raises:
        InvalidSettingError: wrong number of tiles, or more copies of a tile than the set has.
    """
    if len(tiles) != 4:
        raise InvalidSettingError(f"{what}: a player holds four tiles, got {len(tiles)}")
    for t, n in Counter(tiles).items():
        if n > t.copies:
            raise InvalidSettingError(f"{what}: {n} copies of {t}, but the set has only {t.copies}")


_SPLITS: Final = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))


def settings_of(tiles: Sequence[Tile] | str) -> tuple[Setting, Setting, Setting]:
    """The three ways to split four tiles into two hands, better hand high (R-SET-01).

    Order: tile 0 paired with tile 1, with tile 2, with tile 3 (tiles in the given order).
    Equal hands are put in the order of the split.
    """
    ts = parse_tiles(tiles) if isinstance(tiles, str) else tuple(tiles)
    validate_four(ts)
    out = []
    for a, b, c, d in _SPLITS:
        h1, h2 = Hand.of(ts[a], ts[b]), Hand.of(ts[c], ts[d])
        out.append(Setting(h1, h2) if h1.strength >= h2.strength else Setting(h2, h1))
    return (out[0], out[1], out[2])


def compare_settings(player: Setting, banker: Setting, rules: CompareRules) -> Comparison:
    """Compare high with high and low with low (R-RANK-01, R-SETTLE-05)."""
    hw = player_wins_hand(
        player.high.strength,
        banker.high.strength,
        low=False,
        zero_zero_banker=rules.zero_zero_banker,
        low_zero_loses=rules.low_zero_loses,
    )
    lw = player_wins_hand(
        player.low.strength,
        banker.low.strength,
        low=True,
        zero_zero_banker=rules.zero_zero_banker,
        low_zero_loses=rules.low_zero_loses,
    )
    return Comparison(
        Side.PLAYER if hw else Side.DEALER,
        Side.PLAYER if lw else Side.DEALER,
        outcome_of(hw, lw),
    )
