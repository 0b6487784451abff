"""What a profile of each game must hold: its table's shape (:class:`GameShape`).

Profiles sit below the game objects (:mod:`paigow.games`), so the few facts about a game that
a profile's validation needs are data here: the number of hands dealt around the ring, whether
the table deals a dead hand or needs the dealer's, and the delivery styles. The profile's
validation asks the shape of the profile's game (:func:`shape_of`); it never tests which game
it is. A new game adds its shape to :data:`SHAPES` (its name becomes a choice of
``[meta] game``) and its object to :data:`paigow.games.GAMES`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["CARD_METHODS", "SHAPES", "STYLES", "GameShape", "shape_of"]

#: Pai Gow Tiles delivery styles (R-STYLE).
STYLES: Final = ("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")

#: Supreme Pai Gow delivery methods (R-SPG-11..13), the card game's "styles".
CARD_METHODS: Final = ("hand", "manual-shoe", "automated-shoe")


@dataclass(frozen=True)
class GameShape:
    """A game's table as a profile describes it.

    Attributes:
        name: the game's name, the value of ``[meta] game``.
        title: the game's name in a sentence (``Supreme Pai Gow``).
        ring: how many hands are dealt around the ring.
        ring_words: why, in a sentence (``a tile table deals 8 stacks``).
        dead_hand: whether the table may deal a dead hand.
        needs_dealer_hand: whether the dealer must hold a hand.
        styles: the delivery styles (or methods) of the game.
        styles_words: the styles in a sentence (``a..j``).
    """

    name: str
    title: str
    ring: int
    ring_words: str
    dead_hand: bool
    needs_dealer_hand: bool
    styles: tuple[str, ...]
    styles_words: str


#: Every game's shape, by name.
SHAPES: Final[dict[str, GameShape]] = {
    s.name: s
    for s in (
        GameShape(
            name="tiles",
            title="Pai Gow Tiles",
            ring=8,
            ring_words="a tile table deals 8 stacks",
            dead_hand=True,
            needs_dealer_hand=False,
            styles=STYLES,
            styles_words="tile styles are a..j",
        ),
        GameShape(
            name="cards",
            title="Supreme Pai Gow",
            ring=7,
            ring_words="Supreme Pai Gow deals seven hands: the dealer and 6 positions",
            dead_hand=False,
            needs_dealer_hand=True,
            styles=CARD_METHODS,
            styles_words="card styles are " + ", ".join(CARD_METHODS),
        ),
    )
}


def shape_of(game: str) -> GameShape | None:
    """The shape of the game named ``game``, or None for a name no profile may give."""
    return SHAPES.get(game)
