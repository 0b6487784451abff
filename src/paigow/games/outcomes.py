"""What both games' settlements are made of: who takes a hand (:class:`Side`), the result of a
wager (:class:`Outcome`, R-SETTLE-05), a comparison of two settings (:class:`Comparison`) and
the jurisdiction's zero rules for comparing (:class:`CompareRules`, R-RANK-11).

Pai Gow Tiles (:mod:`paigow.games.tiles.settings`) and Supreme Pai Gow
(:mod:`paigow.games.cards.hands`) compare their own hands and report through these; the
profiles (:mod:`paigow.profiles.schema`) hold a :class:`CompareRules`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["CompareRules", "Comparison", "Outcome", "Side", "outcome_of"]


class Outcome(enum.Enum):
    """Result of a wager: the player wins both hands, pushes, or loses (R-SETTLE-02..05)."""

    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


class Side(enum.Enum):
    """Who takes one hand: the player, or the dealer/bank/Player-Dealer."""

    PLAYER = "player"
    DEALER = "dealer"


@dataclass(frozen=True, slots=True)
class CompareRules:
    """The jurisdiction-dependent comparison rules (R-RANK-11, matrix M-09/M-10).

    Attributes:
        zero_zero_banker: hands of value 0 on both sides go to the dealer/bank regardless of
            the highest tile (Maryland, Lucky Chances). When False (Colorado, generic), a
            0-vs-0 *high* hand is decided by the highest tile (AMB-23).
        low_zero_loses: a player's low hand of value 0 never wins (every tile document).
    """

    zero_zero_banker: bool = False
    low_zero_loses: bool = True


@dataclass(frozen=True, slots=True)
class Comparison:
    """Outcome of a player's setting against the dealer's/bank's setting."""

    high: Side
    low: Side
    result: Outcome

    def to_json(self) -> dict[str, str]:
        """``{"result": ..., "high": ..., "low": ...}`` with string values."""
        return {"result": self.result.value, "high": self.high.value, "low": self.low.value}


def outcome_of(high_won: bool, low_won: bool) -> Outcome:
    """R-SETTLE-05 decision table."""
    if high_won and low_won:
        return Outcome.WIN
    if high_won or low_won:
        return Outcome.PUSH
    return Outcome.LOSE
