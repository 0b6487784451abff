"""Published casino house ways (registered with :func:`paigow.ways.register`).

* ``taj-mahal`` (alias ``taj``): the Taj Mahal, Atlantic City, as dealt
  (:mod:`.taj_mahal_casino`), and ``taj-mahal-literal``: its published rules read literally
  (:mod:`.taj_mahal`);
* ``canberra`` (alias ``casino-canberra``): Casino Canberra (:mod:`.canberra`).

Both follow the rule texts published by The Wizard of Odds; ``docs/house-ways.md`` explains
them rule by rule, with the readings this project takes where the texts are silent.
"""

from __future__ import annotations

from . import register
from .canberra import CanberraWay
from .taj_mahal import TajMahalWay as TajMahalLiteralWay
from .taj_mahal_casino import TajMahalWay

__all__ = ["CanberraWay", "TajMahalLiteralWay", "TajMahalWay"]

register("taj-mahal", TajMahalWay, "taj")
register("taj-mahal-literal", TajMahalLiteralWay)
register("canberra", CanberraWay, "casino-canberra")
