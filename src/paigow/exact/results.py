"""What both games' exact math reports, and the commission it charges: the result of one
way against another (:class:`EdgeResult`, with its per-class :class:`EdgeDetail`), the score of
one setting against every opposing hand (:class:`SettingScore`, with the settings that play
exactly alike, :func:`same_as`), the profile's commission rate (:func:`commission_of`), and a
figure published elsewhere beside the same figure computed here (:class:`PublishedFigure`).

The tiles' math (:mod:`paigow.games.tiles.exact.edge`, :mod:`paigow.games.tiles.exact.advise`) and
the cards' (:mod:`paigow.games.cards.exact`) both answer in these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .arrays import I32, I64

if TYPE_CHECKING:
    from paigow.profiles import Profile

__all__ = [
    "EdgeDetail",
    "EdgeResult",
    "PublishedFigure",
    "SettingScore",
    "commission_of",
    "hand_pieces",
    "same_as",
]


def commission_of(profile: Profile, override: str | None = None) -> Fraction:
    """The commission rate: ``override`` (e.g. ``"0.05"``) or the profile's, as a Fraction."""
    return Fraction(Decimal(override if override is not None else profile.commission.rate))


def hand_pieces(hand: Any) -> list[str]:
    """The two pieces of a hand (tiles or cards, the higher first), as text."""
    return [str(hand.first), str(hand.second)]


@dataclass(frozen=True)
class SettingScore:
    """Exact result of one setting (tiles or cards) over all opposing hands, from the advised
    side's view."""

    setting: Any
    win: int
    push: int
    lose: int
    ev: Fraction
    #: Other settings of the same pieces whose two hands have the same strengths: they play
    #: exactly alike, so they are scored (and listed) once, under this one.
    same: tuple[Any, ...] = ()

    @property
    def hands(self) -> int:
        """Opposing hands counted (20,475 for tiles, 230,300 for cards)."""
        return self.win + self.push + self.lose

    def to_json(self) -> dict[str, Any]:
        """JSON form: tiles, probabilities, EV (float and exact)."""
        n = self.hands
        return {
            "high": hand_pieces(self.setting.high),
            "low": hand_pieces(self.setting.low),
            "ev": float(self.ev),
            "ev_exact": str(self.ev),
            "win": self.win / n,
            "push": self.push / n,
            "lose": self.lose / n,
            "counts": {"win": self.win, "push": self.push, "lose": self.lose},
            "same": [{"high": hand_pieces(o.high), "low": hand_pieces(o.low)} for o in self.same],
        }


def _split(s: Any) -> tuple[list[str], list[str]]:
    return sorted(hand_pieces(s.high)), sorted(hand_pieces(s.low))


def same_as(s: Any, every: Sequence[Any]) -> tuple[Any, ...]:
    """The settings among ``every`` (all the settings of some pieces) that play exactly as
    ``s`` — hands of the same strengths — but split the pieces otherwise."""
    out: list[Any] = []
    for o in every:
        seen = [_split(x) for x in (s, *out)]
        if o.key() == s.key() and _split(o) not in seen:
            out.append(o)
    return tuple(out)


@dataclass(frozen=True, eq=False)
class EdgeDetail:
    """Per player-class results behind an :class:`EdgeResult` (for plots and reports)."""

    player_high: I32
    player_low: I32
    weight: I64
    win: I64
    lose: I64
    total: I64


@dataclass(frozen=True)
class EdgeResult:
    """Exact outcome counts of one player way against one dealer way."""

    player_way: str
    dealer_way: str
    profile: str
    commission: Fraction
    win: int
    push: int
    lose: int
    detail: EdgeDetail | None = field(default=None, compare=False, repr=False)

    @property
    def deals(self) -> int:
        """Number of deals enumerated (736,281,000)."""
        return self.win + self.push + self.lose

    @property
    def player_ev(self) -> Fraction:
        """Player's expected return per unit bet: wins paid at 1 - commission."""
        return (self.win * (1 - self.commission) - self.lose) / self.deals

    @property
    def banker_ev(self) -> Fraction:
        """Expected return per unit of the player's bet to the player's opponent as banker.

        The banker takes copies (already in the counts), wins the player's losing bets and pays
        commission on its own wins.
        """
        return (self.lose * (1 - self.commission) - self.win) / self.deals

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (see ``docs/math.md``)."""
        n = self.deals
        return {
            "player_way": self.player_way,
            "dealer_way": self.dealer_way,
            "profile": self.profile,
            "commission": str(self.commission),
            "deals": n,
            "counts": {"win": self.win, "push": self.push, "lose": self.lose},
            "probabilities": {"win": self.win / n, "push": self.push / n, "lose": self.lose / n},
            "player_ev": float(self.player_ev),
            "banker_ev": float(self.banker_ev),
            "player_ev_exact": str(self.player_ev),
            "banker_ev_exact": str(self.banker_ev),
        }


@dataclass(frozen=True)
class PublishedFigure:
    """A house edge published elsewhere, beside the same figure computed by this engine.

    Attributes:
        what: the wager and its conditions, in words.
        source: where the figure was published.
        published: the house edge as published (a rate: ``0.0244`` is 2.44 %), to the digits
            published.
        ours: the house edge computed here, exactly, under the conditions of ``how``.
        how: the command that reproduces ``ours``.
        tolerance: the largest difference expected: half a unit of the last digit published,
            or more where the conditions differ (said in ``note``).
        note: how the conditions differ, if they do.
    """

    what: str
    source: str
    published: Decimal
    ours: Fraction
    how: str
    tolerance: Decimal
    note: str = ""

    @property
    def difference(self) -> Fraction:
        """Ours less the published figure."""
        return self.ours - Fraction(self.published)

    @property
    def agrees(self) -> bool:
        """True when the two differ by at most the tolerance."""
        return abs(self.difference) <= Fraction(self.tolerance)
