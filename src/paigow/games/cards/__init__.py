"""Supreme Pai Gow, the whole game in one folder (docs/architecture.md, "Where each game lives").

Its pieces and rules, at the bottom layer with the other games' (they import no profile and no
game object):

* :mod:`.cards` — the 54 cards, their notation and two-card keys;
* :mod:`.hands` — two-card hands and their strength (R-SPG-02..06), settings, fouls
  (R-SPG-20/21) and settlement against the dealer with the zero rule (R-SPG-05, R-SPG-23);
* :mod:`.house_way` — the documented dealer way ``spg-house`` and the registry of card ways
  (:data:`~.house_way.SPG_WAYS`); :mod:`.rule_cards` — the cards' words for strategies;
* :mod:`.delivery` — how the cards are delivered (the hand, a manual or an automated shoe);
* :mod:`.supreme_bonus` — the four-card bonus wager (R-SPG-16..18).

Its object and math, above the profiles: :class:`CardGame` (:mod:`.game`), the one everything
above asks; its exact math (:mod:`.exact`: edge, advice, the optimal way over the 2,366 rank
classes of four-card hands), its ways by any name (:mod:`.named`), its hands described as data
(:mod:`.describe`) and its part in the trainer (:mod:`.trainer`).

Importing the package loads none of them: :class:`CardGame` is imported on first use, so the
pieces and rules load without the game object.
"""

from __future__ import annotations

from importlib import import_module

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing` (mypy reads the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .game import CardGame

__all__ = ["CardGame"]

if not TYPE_CHECKING:  # hidden from mypy, which sees the import above instead

    def __getattr__(name: str) -> object:
        """:class:`CardGame`, imported from :mod:`.game` on first use."""
        if name != "CardGame":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = import_module(".game", __name__).CardGame
        globals()[name] = value
        return value
