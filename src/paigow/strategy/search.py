"""The search for short rule lists that recover the most exact EV.

A strategy is a list of rules, the first that applies setting the hand, the fallback way the
rest. Its value is the exact EV numerator of the splits it plays (:class:`Problem`). For
``K = 1, 2, ...`` the search:

1. **inserts** the coarse rule that gains the most, at the best place in the list: for every
   candidate rule and every place at once, the gain is the sum over the classes it would newly
   set of the change in EV (one weighted histogram over the sparse entries, then a cumulative
   sum over the places);
2. **improves** the list until nothing helps: each rule's levels, condition, hands and play are
   changed one step at a time (to the finer levels too) while that raises the value, and each
   rule is taken out and the best insertion put in its place while that raises the value.

Every value is an exact integer (the gains, sums of integers below 2**53, are exact in
floating point too); ties go to the earlier candidate and place, so the search is
deterministic. Each step starts from the list of the step before, so the curve never falls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import numpy as np

from paigow.exact.arrays import F64
from paigow.games.rulebook import CONDITIONS, Condition, Rule

from .candidates import Candidates, Evaluator, plays_for

__all__ = ["Search", "Step"]

#: Sparse entries handled at once (bounds the memory of one insertion pass).
_CHUNK = 1 << 21


@dataclass(frozen=True)
class Step:
    """The best list found with ``len(rules)`` rules and its exact EV numerator."""

    rules: tuple[Rule, ...]
    value: int


class Search:
    """Greedy insertion and local improvement over one problem's rules (see the module)."""

    def __init__(self, ev: Evaluator, candidates: Candidates) -> None:
        self.ev = ev
        self.c = candidates
        self._flat = ev.p.ev.astype(np.float64).ravel()
        self._target = (candidates.cls.astype(np.int64) * 3 + candidates.split).astype(np.int64)

    def value(self, rules: list[Rule]) -> int:
        """The exact EV numerator of ``rules``."""
        return self.ev.p.value(self.ev.play(rules)[0])

    def best_insert(self, rules: list[Rule]) -> tuple[int, int, int]:
        """(gain, candidate, place) of the best single insertion into ``rules``."""
        cur, first = self.ev.play(rules)
        k = len(rules) + 1
        n_rules = len(self.c.rules)
        now = self._flat[np.arange(self.ev.p.size) * 3 + cur]
        g: F64 = np.zeros(n_rules * k)
        for lo in range(0, len(self._target), _CHUNK):
            cls = self.c.cls[lo : lo + _CHUNK]
            delta = self._flat[self._target[lo : lo + _CHUNK]] - now[cls]
            key = self.c.rule[lo : lo + _CHUNK].astype(np.int64) * k + first[cls]
            g += np.bincount(key, weights=delta, minlength=n_rules * k)
        gains = np.cumsum(g.reshape(n_rules, k)[:, ::-1], axis=1)[:, ::-1]
        at = int(np.argmax(gains))
        r, place = divmod(at, k)
        return round(float(gains[r, place])), r, place

    def _moves(self, rule: Rule) -> Iterator[Rule]:
        """Rules one step from ``rule``: a level up or down, another condition, hands or play."""
        top = len(self.ev.p.vocab.levels) - 1
        for d in (-1, 1, -2, 2):
            lo = min(top, max(0, rule.low_at_least + d))
            yield replace(rule, low_at_least=lo, high_at_least=max(lo, rule.high_at_least))
            hi = min(top, max(rule.low_at_least, rule.high_at_least + d))
            yield replace(rule, high_at_least=hi)
            if rule.when is not None:
                lv = min(top, max(0, rule.when.level + d))
                yield replace(rule, when=Condition(rule.when.kind, lv))
        if rule.when is not None:
            yield replace(rule, when=None)
            for kind in CONDITIONS:
                yield replace(rule, when=Condition(kind, rule.when.level))
        for pattern in self.ev.p.vocab.patterns:
            if rule.play in plays_for(pattern.pair_of is not None):
                yield replace(rule, hands=pattern.id)
        for play in plays_for(self.ev.p.vocab.pattern(rule.hands).pair_of is not None):
            yield replace(rule, play=play)

    def polish(self, rules: list[Rule], value: int) -> tuple[list[Rule], int]:
        """Change rules one step at a time while the value rises."""
        improved = True
        while improved:
            improved = False
            for i in range(len(rules)):
                for move in self._moves(rules[i]):
                    if move == rules[i]:
                        continue
                    trial = [*rules[:i], move, *rules[i + 1 :]]
                    v = self.value(trial)
                    if v > value:
                        rules, value, improved = trial, v, True
        return rules, value

    def reinsert(self, rules: list[Rule], value: int) -> tuple[list[Rule], int] | None:
        """The best list with one rule taken out and the best insertion put in, if better."""
        best: tuple[int, int, int, int] | None = None
        for q in range(len(rules)):
            rest = rules[:q] + rules[q + 1 :]
            gain, r, place = self.best_insert(rest)
            v = self.value(rest) + gain
            if v > value and (best is None or v > best[0]):
                best = (v, q, r, place)
        if best is None:
            return None
        _, q, r, place = best
        rest = rules[:q] + rules[q + 1 :]
        rest.insert(place, self.c.rules[r])
        return rest, self.value(rest)

    def improve(self, rules: list[Rule], value: int) -> tuple[list[Rule], int]:
        """Polish and reinsert until neither helps."""
        while True:
            rules, value = self.polish(rules, value)
            again = self.reinsert(rules, value)
            if again is None:
                return rules, value
            rules, value = again

    def steps(self, kmax: int, progress: Callable[[int, int], None] | None = None) -> list[Step]:
        """The best lists of 1..``kmax`` rules found (fewer when no rule gains any more)."""
        rules: list[Rule] = []
        value = self.value(rules)
        out: list[Step] = []
        for k in range(1, kmax + 1):
            gain, r, place = self.best_insert(rules)
            if gain <= 0:
                break
            rules = [*rules[:place], self.c.rules[r], *rules[place:]]
            rules, value = self.improve(rules, self.value(rules))
            out.append(Step(tuple(rules), value))
            if progress is not None:
                progress(k, kmax)
        return out
