"""Pai Gow Tiles, the whole game in one folder (docs/architecture.md, "Where each game lives").

Its pieces and rules, at the bottom layer with the other games' (they import no profile and no
game object):

* :mod:`.tiles` — the 21 distinct tiles, the 32-tile set, kinds, notation and names;
* :mod:`.ranking` — two-tile hands and their strength (16 x 16 kinds), the zero rules;
* :mod:`.settings` — settings of four tiles, the three splits and their comparison;
* :mod:`.hands4` — four-tile hand spaces (35,960 combinations, 3,620 distinct by kind);
* :mod:`.dealing` — the wash and the stacks; :mod:`.delivery` — the delivery styles and the
  bank's cut;
* :mod:`.ways` — the house ways and their registry (regulation, the published casino ways,
  ``table:FILE.csv``, ``strategy:FILE``);
* :mod:`.pair_fortunes`, :mod:`.dragons_eye` — the side bets.

Its object and math, above the profiles: :class:`TileGame` (:mod:`.game`), the one everything
above asks; its exact math (:mod:`.exact`: hand spaces, edge, advice, the optimal ways, the
equilibrium), its ways by any name (:mod:`.named`), its hands described as data
(:mod:`.describe`) and its part in the trainer (:mod:`.trainer`).

Importing the package loads none of them: :class:`TileGame` is imported on first use, so the
pieces and rules load without the game object.
"""

from __future__ import annotations

from importlib import import_module

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing` (mypy reads the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .game import TileGame

__all__ = ["TileGame"]

if not TYPE_CHECKING:  # hidden from mypy, which sees the import above instead

    def __getattr__(name: str) -> object:
        """:class:`TileGame`, imported from :mod:`.game` on first use."""
        if name != "TileGame":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = import_module(".game", __name__).TileGame
        globals()[name] = value
        return value
