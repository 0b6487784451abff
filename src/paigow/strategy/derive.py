"""Derive a strategy a person can remember from the exact game: the public entry point.

:func:`derive` builds the problem for the profile's game (asked of the profile's game object),
enumerates the coarse rules, searches (:mod:`paigow.strategy.search`) and returns the curve:
for each number of rules, the list found, its exact EV and the share of the gap between the
fallback way and the optimal setting that it recovers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from paigow.errors import ConfigError
from paigow.exact.results import commission_of
from paigow.games import game_for
from paigow.games.rulebook import Rule, Strategy, rule_words
from paigow.profiles import Profile

from .candidates import Evaluator, enumerate_rules
from .classes import ROLES, Problem
from .search import Search

__all__ = ["MAX_RULES", "Derivation", "Point", "derive", "problem_for"]

#: The longest list :func:`derive` searches for.
MAX_RULES: Final = 40


def problem_for(
    profile: Profile,
    against: str | None = None,
    *,
    role: str = "player",
    fallback: str | None = None,
    commission: str | None = None,
) -> Problem:
    """The choice of ``role`` against the way ``against`` (default: the profile's dealer way)
    under ``profile``; ``fallback`` (default: ``against``) sets the hands no rule covers.

    Raises:
        ConfigError: an unknown way or role, a game the generator does not support, or a way
            it cannot work over.
    """
    if role not in ROLES:
        raise ConfigError(f"the role is player or banker, got {role!r}")
    game = game_for(profile)
    opp = against or profile.house_way.dealer
    if opp.startswith("strategy:"):
        raise ConfigError("the opposing way is a house way, not a strategy file")
    c = commission_of(profile, commission)
    return game.strategy_problem(profile, opp, fallback or opp, c, role)


@dataclass(frozen=True)
class Point:
    """One point of the curve: ``rules`` (``k`` of them), the exact EV of the strategy from
    the role's side, and the share of the gap it recovers (None when the gap is 0)."""

    k: int
    rules: tuple[Rule, ...]
    ev: Fraction
    share: Fraction | None


@dataclass(frozen=True)
class Derivation:
    """The curve of one derivation, with the fallback's and the optimal EV."""

    problem: Problem
    house_ev: Fraction
    optimal_ev: Fraction
    points: tuple[Point, ...]

    @property
    def gap(self) -> Fraction:
        """Optimal EV minus the fallback's."""
        return self.optimal_ev - self.house_ev

    def point(self, k: int | None = None) -> Point:
        """The point with ``k`` rules (default: the last; a shorter list when no more rules
        gained anything)."""
        if not self.points:
            return Point(0, (), self.house_ev, Fraction(0) if self.gap else None)
        if k is None or k > self.points[-1].k:
            return self.points[-1]
        return self.points[max(0, k - 1)]

    def first_reaching(self, share: Fraction) -> Point | None:
        """The shortest list recovering at least ``share`` of the gap, if any."""
        return next((p for p in self.points if p.share is not None and p.share >= share), None)

    def strategy(self, k: int | None = None, name: str | None = None) -> Strategy:
        """The strategy of :meth:`point` ``k`` with its figures, ready to be written."""
        p, pr = self.point(k), self.problem
        derived = {
            "against": pr.against,
            "profile": pr.profile,
            "role": pr.role,
            "commission": str(pr.commission),
            "ev": str(p.ev),
            "house_ev": str(self.house_ev),
            "optimal_ev": str(self.optimal_ev),
        }
        if p.share is not None:
            derived["share"] = str(p.share)
        title = name or f"{len(p.rules)} rules as {pr.role} against {pr.against} ({pr.profile})"
        return Strategy(pr.vocab.game, title, pr.fallback, p.rules, tuple(derived.items()))

    def to_json(self) -> dict[str, Any]:
        """The curve and the problem, EVs as floats and exact fractions."""
        pr = self.problem

        def ev(x: Fraction) -> dict[str, Any]:
            return {"ev": float(x), "ev_exact": str(x)}

        return {
            "game": pr.vocab.game,
            "profile": pr.profile,
            "role": pr.role,
            "against": pr.against,
            "fallback": pr.fallback,
            "commission": str(pr.commission),
            "house": ev(self.house_ev),
            "optimal": ev(self.optimal_ev),
            "curve": [
                {
                    "rules": p.k,
                    **ev(p.ev),
                    "share": None if p.share is None else float(p.share),
                    "share_exact": None if p.share is None else str(p.share),
                    "words": [rule_words(r, pr.vocab) for r in p.rules],
                }
                for p in self.points
            ],
        }


def derive(
    profile: Profile,
    against: str | None = None,
    *,
    role: str = "player",
    rules: int = 10,
    fallback: str | None = None,
    commission: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Derivation:
    """Search rule lists of 1..``rules`` rules for ``role`` against ``against`` (pure).

    Raises:
        ConfigError: see :func:`problem_for`; ``rules`` outside 1..:data:`MAX_RULES`.
    """
    if not 1 <= rules <= MAX_RULES:
        raise ConfigError(f"the number of rules is 1 to {MAX_RULES}, got {rules}")
    pr = problem_for(profile, against, role=role, fallback=fallback, commission=commission)
    ev = Evaluator(pr)
    search = Search(ev, enumerate_rules(ev))
    house = pr.value(pr.base)
    best = int(pr.ev.max(axis=1).sum())
    gap = best - house
    points = tuple(
        Point(
            len(s.rules),
            s.rules,
            pr.fraction(s.value),
            Fraction(s.value - house, gap) if gap else None,
        )
        for s in search.steps(rules, progress)
    )
    return Derivation(pr, pr.fraction(house), pr.fraction(best), points)
