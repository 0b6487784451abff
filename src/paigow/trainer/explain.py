"""Why one setting is worth more than another: the dealer hands where they play differently.

Two settings of the same hand meet the same dealer hands. Against most of them they end the
same way; the EV difference comes entirely from the dealer hands where the outcomes differ.
:func:`breakdown` lists those, grouped by what the dealer holds (the group of the dealer's
high hand and of the dealer's low hand: a pair, a wong or gong, 9 points...), with how many
dealer hands moved from which outcome to which. The groups' EV contributions sum exactly to
the difference of the two settings' EVs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from paigow.games import Game
from paigow.games.outcomes import Outcome, outcome_of
from paigow.games.trainer_kit import BANDS

if TYPE_CHECKING:
    from .problem import Problem

__all__ = ["Breakdown", "Explanation", "Group", "Shift", "breakdown"]

_VERB = {Outcome.WIN: "wins", Outcome.PUSH: "pushes", Outcome.LOSE: "loses"}


def outcome_value(outcome: Outcome, commission: Fraction) -> Fraction:
    """What one unit wagered returns: a win pays 1 less commission, a push 0, a loss -1."""
    if outcome is Outcome.WIN:
        return 1 - commission
    return Fraction(0) if outcome is Outcome.PUSH else Fraction(-1)


def pct(x: Fraction | float) -> str:
    """A signed percentage with four decimals."""
    return f"{100 * float(x):+.4f}%"


@dataclass(frozen=True)
class Shift:
    """Dealer hands of one group against which the two settings end differently.

    Attributes:
        dealer_high, dealer_low: the groups (:data:`~paigow.games.trainer_kit.BANDS`) of the
            dealer's two hands.
        before: the outcome of the worse setting; ``after``: of the better one.
        hands: how many of the dealer's possible hands.
        ev: their contribution to the EV difference (per unit wagered).
    """

    dealer_high: str
    dealer_low: str
    before: Outcome
    after: Outcome
    hands: int
    ev: Fraction

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "dealer_high": self.dealer_high,
            "dealer_low": self.dealer_low,
            "before": self.before.value,
            "after": self.after.value,
            "hands": self.hands,
            "ev": float(self.ev),
            "ev_exact": str(self.ev),
        }


@dataclass(frozen=True)
class Group:
    """The shifts against one group of dealer hands, summed."""

    dealer_high: str
    dealer_low: str
    hands: int
    ev: Fraction
    moves: tuple[tuple[Outcome, Outcome, int], ...]

    def describe(self, total: int) -> str:
        """One line: the dealer's hands, their share, the EV gained and the outcome changes
        (worse setting's outcome -> better setting's)."""
        share = f"{self.hands / total:.1%} of dealer hands"
        return f"{self.label}: {share}, {pct(self.ev)}; {self.changes}"

    @property
    def label(self) -> str:
        """The dealer's hands of the group in words."""
        if not self.dealer_low:
            return self.dealer_high
        return f"dealer high {self.dealer_high}, low {self.dealer_low}"

    @property
    def changes(self) -> str:
        """The outcome changes, e.g. ``lose -> push 1,992``."""
        return ", ".join(f"{a.value} -> {b.value} {n:,}" for a, b, n in self.moves)


@dataclass(frozen=True)
class Breakdown:
    """How ``better`` and ``worse`` (option indices) differ over the dealer's hands.

    Attributes:
        total: the dealer's possible hands (20,475 tiles, 230,300 cards).
        shifts: every (dealer group, outcome change) with its hands and EV.
        high_wins, low_wins: for (better, worse), the dealer hands each one's high (low) hand
            takes.
    """

    better: int
    worse: int
    total: int
    shifts: tuple[Shift, ...]
    high_wins: tuple[int, int]
    low_wins: tuple[int, int]

    @property
    def gain(self) -> Fraction:
        """The EV difference, better minus worse (the sum of the shifts)."""
        return sum((s.ev for s in self.shifts), Fraction(0))

    @property
    def hands(self) -> int:
        """Dealer hands against which the two settings end differently."""
        return sum(s.hands for s in self.shifts)

    def groups(self) -> list[Group]:
        """The shifts summed by dealer group, largest EV effect first."""
        acc: dict[tuple[str, str], list[Shift]] = defaultdict(list)
        for s in self.shifts:
            acc[(s.dealer_high, s.dealer_low)].append(s)
        out = [
            Group(
                hi,
                lo,
                sum(s.hands for s in ss),
                sum((s.ev for s in ss), Fraction(0)),
                tuple((s.before, s.after, s.hands) for s in ss),
            )
            for (hi, lo), ss in acc.items()
        ]
        return sorted(out, key=lambda g: (-abs(g.ev), BANDS.index(g.dealer_high), g.dealer_low))

    def summary(self, names: tuple[str, str]) -> list[str]:
        """Two sentences: the EV gained, and how often each setting's hands win; ``names``
        are what to call the better and the worse setting."""
        good, bad = names
        cap = good[:1].upper() + good[1:]
        n = self.total
        return [
            f"{cap} is worth {pct(self.gain)[1:]} more than {bad}. They end differently "
            f"against {self.hands:,} of the dealer's {n:,} possible hands "
            f"({self.hands / n:.1%}).",
            f"{cap}: high hand takes {self.high_wins[0] / n:.1%} of the dealer's high hands, "
            f"low hand {self.low_wins[0] / n:.1%} of the low hands; {bad}: "
            f"{self.high_wins[1] / n:.1%} and {self.low_wins[1] / n:.1%}.",
        ]

    def top(self, limit: int) -> tuple[list[Group], Group | None]:
        """The ``limit`` groups of largest EV effect, and the others summed (None if none)."""
        groups = self.groups()
        rest = groups[limit:]
        if not rest:
            return groups, None
        moves: dict[tuple[Outcome, Outcome], int] = defaultdict(int)
        for g in rest:
            for a, b, k in g.moves:
                moves[(a, b)] += k
        other = Group(
            f"{len(rest)} other groups",
            "",
            sum(g.hands for g in rest),
            sum((g.ev for g in rest), Fraction(0)),
            tuple((a, b, k) for (a, b), k in sorted(moves.items(), key=lambda x: -x[1])),
        )
        return groups[:limit], other

    def lines(self, names: tuple[str, str], *, limit: int = 4) -> list[str]:
        """Plain sentences and one line per group of dealer hands."""
        shown, other = self.top(limit)
        out = self.summary(names)
        out.append(f"  Dealer hands where they differ ({names[1]} -> {names[0]}):")
        out.extend("  " + g.describe(self.total) for g in (*shown, *([other] if other else [])))
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON form: the gain (float and exact), the hands, the per-hand rates, the groups."""
        return {
            "better": self.better,
            "worse": self.worse,
            "gain": float(self.gain),
            "gain_exact": str(self.gain),
            "dealer_hands": self.total,
            "differ": self.hands,
            "high_wins": list(self.high_wins),
            "low_wins": list(self.low_wins),
            "shifts": [s.to_json() for s in self.shifts],
        }


def breakdown(
    game: Game,
    problem: Problem,
    better: int,
    worse: int,
    *,
    dealer: str,
    commission: Fraction,
) -> Breakdown:
    """Compare options ``better`` and ``worse`` of ``problem`` over every dealer hand.

    The dealer's hands are taken class by class with their exact counts among the pieces
    left; each class is set by the ``dealer`` way and compared hand by hand with the game's
    rules (copies and zero rules included).
    """
    field = game.field(problem.pieces, dealer)
    a = problem.options[better].setting
    b = problem.options[worse].setting
    acc: dict[tuple[str, str, Outcome, Outcome], int] = defaultdict(int)
    hw = [0, 0]
    lw = [0, 0]
    for w, dh, dl in zip(field.weights, field.high, field.low, strict=True):
        if not w:
            continue
        results = []
        for k, s in enumerate((a, b)):
            h = game.wins(s.high.strength, dh, low=False)
            lo = game.wins(s.low.strength, dl, low=True)
            hw[k] += w * h
            lw[k] += w * lo
            results.append(outcome_of(h, lo))
        if results[0] != results[1]:
            acc[(game.band(dh), game.band(dl), results[1], results[0])] += w
    total = field.total
    shifts = tuple(
        Shift(
            hi,
            lo,
            before,
            after,
            n,
            n * (outcome_value(after, commission) - outcome_value(before, commission)) / total,
        )
        for (hi, lo, before, after), n in sorted(acc.items(), key=_order)
    )
    return Breakdown(better, worse, total, shifts, (hw[0], hw[1]), (lw[0], lw[1]))


def _order(item: tuple[tuple[str, str, Outcome, Outcome], int]) -> tuple[int, int, str, str]:
    (hi, lo, before, after), _ = item
    return (BANDS.index(hi), BANDS.index(lo), before.value, after.value)


@dataclass(frozen=True)
class Explanation:
    """What the trainer says after an answer.

    Attributes:
        way: the house way's name; ``rule``: the rule of it that sets this hand, in words.
        dealer: the dealer's way the EVs are computed against.
        best, house: the option indices of the best setting and of the house way's.
        house_vs_best: where the best setting differs from the house way, the breakdown.
        yours_vs_best: where the player chose neither, the breakdown of best against theirs.
    """

    way: str
    dealer: str
    rule: str | None
    best: int
    house: int
    house_vs_best: Breakdown | None
    yours_vs_best: Breakdown | None

    def parts(self, options: Sequence[Any]) -> list[str | tuple[Breakdown, tuple[str, str]]]:
        """Sentences, and the breakdowns with the names of their two settings, in order
        (``options``: the problem's scored settings)."""
        house = options[self.house].setting
        rule = f", {self.rule}" if self.rule else ""
        out: list[str | tuple[Breakdown, tuple[str, str]]] = [
            f"House way ({self.way}{rule}): {house}."
        ]
        if self.house_vs_best is None:
            out.append(f"The house way is the best setting against the dealer's {self.dealer}.")
        else:
            best = options[self.best].setting
            out.append(f"Best against the dealer's {self.dealer}: {best}.")
            out.append((self.house_vs_best, ("the best setting", "the house way")))
        if self.yours_vs_best is not None:
            out.append((self.yours_vs_best, ("the best setting", "yours")))
        return out

    def lines(self, options: Sequence[Any]) -> list[str]:
        """Plain sentences (``options``: the problem's scored settings)."""
        out: list[str] = []
        for part in self.parts(options):
            if isinstance(part, str):
                out.append(part)
            else:
                b, names = part
                out.extend(b.lines(names))
        return out

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "house_way": self.way,
            "dealer_way": self.dealer,
            "rule": self.rule,
            "best": self.best,
            "house": self.house,
            "house_vs_best": self.house_vs_best.to_json() if self.house_vs_best else None,
            "yours_vs_best": self.yours_vs_best.to_json() if self.yours_vs_best else None,
        }
