"""The trainer: set hands, scored by the exact EV they give up against the best setting.

Pure core for the terminal (``paigow train``) and the table service: deal hands of a drill
(:mod:`.categories`), score the player's setting with the exact engine and explain it
(:mod:`.core`, :mod:`.explain`), keep statistics (:mod:`.stats`) and choose the next drill from
them (:mod:`.select`). See ``docs/trainer.md``.

    >>> import random
    >>> from paigow.trainer import Trainer
    >>> t = Trainer("generic")
    >>> p = t.parse("6-6 4-5 1-2 3-3")
    >>> s = t.score(p, t.answer(p, "6-6 4-5"))
    >>> s.is_best, s.matches_house
    (True, True)
"""

from .categories import CATEGORIES, DRILLS, WEAK, drill_name
from .core import Trainer
from .explain import Breakdown, Explanation
from .problem import Problem, Score
from .select import Pick, choose_drill
from .stats import PlayerStats, Tally, dump_store, load_store

__all__ = [
    "CATEGORIES",
    "DRILLS",
    "WEAK",
    "Breakdown",
    "Explanation",
    "Pick",
    "PlayerStats",
    "Problem",
    "Score",
    "Tally",
    "Trainer",
    "choose_drill",
    "drill_name",
    "dump_store",
    "load_store",
]
