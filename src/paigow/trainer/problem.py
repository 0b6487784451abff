"""A scored problem of the trainer: a dealt hand with every setting's exact score
(:class:`Problem`) and the player's answer to it (:class:`Score`).

Data only: :mod:`paigow.trainer.core` makes them, :mod:`paigow.trainer.explain` explains them
and :mod:`paigow.trainer.stats` counts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from paigow.exact.results import SettingScore, hand_pieces

__all__ = ["Problem", "Score", "setting_json"]


def setting_json(setting: Any) -> dict[str, Any]:
    """A setting's two hands: pieces and names."""
    return {
        "high": hand_pieces(setting.high),
        "low": hand_pieces(setting.low),
        "high_name": setting.high.name,
        "low_name": setting.low.name,
    }


@dataclass(frozen=True)
class Problem:
    """A dealt hand with every distinct setting scored.

    Attributes:
        pieces: the four tiles or cards.
        drill: the drill it was dealt for (``review``: a hand the player got wrong before).
        categories: the hand's categories (:data:`~paigow.trainer.categories.CATEGORIES`).
        options: every distinct setting with its exact score (fouls excluded).
        best: the option with the highest EV (ties: the house way's, then more wins, then
            stronger hands).
        house: the option the house way plays.
        rule: the house-way rule that sets the hand, in words (None for ways without rules).
        family: the hand's class, named by a representative hand (for statistics).
    """

    pieces: tuple[Any, ...]
    drill: str
    categories: frozenset[str]
    options: tuple[SettingScore, ...]
    best: int
    house: int
    rule: str | None
    family: str

    @property
    def text(self) -> str:
        """The pieces as text."""
        return " ".join(map(str, self.pieces))

    def to_json(self) -> dict[str, Any]:
        """What may be shown before the answer: the hand and its settings, no scores."""
        return {
            "pieces": [str(p) for p in self.pieces],
            "drill": self.drill,
            "categories": sorted(self.categories),
            "options": [setting_json(o.setting) for o in self.options],
        }


@dataclass(frozen=True)
class Score:
    """The player's answer to a :class:`Problem`, scored."""

    problem: Problem
    choice: int

    @property
    def ev_lost(self) -> Fraction:
        """EV per unit wagered given up against the best setting (0 when best)."""
        opts = self.problem.options
        return opts[self.problem.best].ev - opts[self.choice].ev

    @property
    def is_best(self) -> bool:
        """True when the chosen setting has the best EV (a setting tied with it counts)."""
        return self.ev_lost == 0

    @property
    def matches_house(self) -> bool:
        """True when the chosen setting is the one the house way plays."""
        return self.choice == self.problem.house

    def to_json(self) -> dict[str, Any]:
        """The answer, its EV lost (float and exact) and every setting's score."""
        p = self.problem
        return {
            "pieces": [str(x) for x in p.pieces],
            "choice": self.choice,
            "best": p.best,
            "house_way": p.house,
            "is_best": self.is_best,
            "matches_house_way": self.matches_house,
            "ev_lost": float(self.ev_lost),
            "ev_lost_exact": str(self.ev_lost),
            "rule": p.rule,
            "settings": [
                o.to_json() | {"high_name": o.setting.high.name, "low_name": o.setting.low.name}
                for o in p.options
            ],
        }
