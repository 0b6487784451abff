"""Rules over hand classes: what a rule plays for every class at once, and the coarse rules the
generator starts from.

:func:`Evaluator.choice` is the array form of :func:`paigow.games.tiles.ways.rule_tiles.choose` (the
tests check that both give the same hands on every class). :func:`enumerate_rules` lists every rule
of the coarse vocabulary (each pattern, each condition at the coarse levels, each play, each
pair of coarse floors), keeps one rule for each distinct behaviour, and stores what each plays
as a sparse list of (rule, class, split).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from paigow.exact.arrays import I8, I32, I64, B
from paigow.games.rulebook import CONDITIONS, PAIR_PLAYS, PLAYS, Condition, Rule

from .classes import Problem

__all__ = ["Candidates", "Evaluator", "enumerate_rules", "plays_for"]

#: Strengths of both games are below this, so two strengths make one sort key.
_K: Final = 2048


def plays_for(pair_pattern: bool) -> tuple[str, ...]:
    """The plays a pattern allows (the pair plays only with a pair pattern)."""
    return tuple(p for p in PLAYS if pair_pattern or p not in PAIR_PLAYS)


class Evaluator:
    """Rules evaluated over the classes of one :class:`Problem`, with their masks cached."""

    def __init__(self, problem: Problem) -> None:
        self.p = problem
        self.rows = np.arange(problem.size)
        self._masks: dict[object, B] = {}
        self._choices: dict[Rule, I64] = {}
        hi, lo = problem.high, problem.low
        pts = problem.hi_points + problem.lo_points
        self.keys: dict[str, I64] = {
            "best-high": hi * _K + lo,
            "split-high": hi * _K + lo,
            "best-low": lo * _K + hi,
            "split-low": lo * _K + hi,
            "keep": lo * _K + hi,
            "most-points": (pts * _K + lo) * _K + hi,
        }

    def hands(self, pid: str) -> B:
        """Classes that fit the pattern ``pid``."""
        key = ("hands", pid)
        if key not in self._masks:
            self._masks[key] = self.p.pattern_mask(self.p.vocab.pattern(pid))
        return self._masks[key]

    def condition(self, when: Condition | None) -> B:
        """Classes that meet the condition."""
        if when is None:
            return np.ones(self.p.size, dtype=np.bool_)
        key = ("when", when.kind, when.level)
        if key not in self._masks:
            p = self.p
            if when.kind == "if-best-low-at-most":
                seen = p.lo_level.max(axis=1)
            elif when.kind == "if-house-low-at-most":
                seen = p.lo_level[self.rows, p.base]
            else:
                seen = p.hi_level[self.rows, p.base]
            self._masks[key] = seen <= when.level
        return self._masks[key]

    def allowed(self, pid: str, play: str) -> B:
        """``(n, 3)``: the splits a play chooses among (all, or those keeping or splitting the
        pattern's pair)."""
        if play not in PAIR_PLAYS:
            return np.ones((self.p.size, 3), dtype=np.bool_)
        key = ("keeps", pid)
        if key not in self._masks:
            kinds = self.p.vocab.pattern(pid).pair_of
            assert kinds is not None
            self._masks[key] = self.p.keeps(kinds)
        keeps = self._masks[key]
        return keeps if play == "keep" else ~keeps

    def choice(self, rule: Rule) -> I64:
        """The split ``rule`` plays for every class, -1 where it does not apply."""
        found = self._choices.get(rule)
        if found is not None:
            return found
        p = self.p
        elig = (
            (self.hands(rule.hands) & self.condition(rule.when))[:, None]
            & self.allowed(rule.hands, rule.play)
            & (p.lo_level >= rule.low_at_least)
            & (p.hi_level >= rule.high_at_least)
        )
        key = np.where(elig, self.keys[rule.play], -1)
        out = np.where(elig.any(axis=1), key.argmax(axis=1), -1).astype(np.int64)
        if len(self._choices) > 50_000:
            self._choices.clear()
        self._choices[rule] = out
        return out

    def play(self, rules: list[Rule]) -> tuple[I64, I64]:
        """The split of every class under ``rules`` (first that applies, else the fallback)
        and the index of the rule that sets it (``len(rules)``: the fallback)."""
        cur = self.p.base.copy()
        first = np.full(self.p.size, len(rules), dtype=np.int64)
        for i in range(len(rules) - 1, -1, -1):
            ch = self.choice(rules[i])
            m = ch >= 0
            cur[m] = ch[m]
            first[m] = i
        return cur, first


@dataclass(frozen=True, eq=False)
class Candidates:
    """Coarse rules and, sparsely, what each plays: entry ``e`` says rule ``rule[e]`` plays
    split ``split[e]`` for class ``cls[e]``."""

    rules: tuple[Rule, ...]
    rule: I32
    cls: I32
    split: I8


def _conditions(problem: Problem) -> list[Condition | None]:
    caps = problem.vocab.caps
    return [None, *(Condition(k, c) for k in CONDITIONS for c in caps)]


def enumerate_rules(ev: Evaluator) -> Candidates:
    """Every coarse rule with a distinct behaviour (see the module)."""
    p = ev.p
    floors = p.vocab.floors
    pairs = [(lo, hi) for lo in floors for hi in floors if hi >= lo]
    lf = np.array([a for a, _ in pairs])[:, None, None]
    hf = np.array([b for _, b in pairs])[:, None, None]
    seen: set[bytes] = set()
    rules: list[Rule] = []
    parts: list[tuple[I64, I64]] = []
    masks_seen: set[tuple[bytes, frozenset[int] | None]] = set()
    for pattern in p.vocab.patterns:
        base = ev.hands(pattern.id)
        for when in _conditions(p):
            mask = base & ev.condition(when)
            if not mask.any():
                continue
            mkey = (np.packbits(mask).tobytes(), pattern.pair_of)
            if mkey in masks_seen:
                continue
            masks_seen.add(mkey)
            idx = np.nonzero(mask)[0]
            ar = np.arange(len(idx))[:, None]
            for play in plays_for(pattern.pair_of is not None):
                order = np.argsort(-ev.keys[play][idx], axis=1, kind="stable")
                allowed = ev.allowed(pattern.id, play)[idx][ar, order]
                lo = p.lo_level[idx][ar, order]
                hi = p.hi_level[idx][ar, order]
                elig = allowed[None] & (lo[None] >= lf) & (hi[None] >= hf)
                first = elig.argmax(axis=2)
                applies: B = np.asarray(elig.any(axis=2))
                picked = order[ar[:, 0][None, :], first]
                for f, (low, high) in enumerate(pairs):
                    app = applies[f]
                    if not app.any():
                        continue
                    cls, split = idx[app], picked[f][app]
                    sig = cls.astype(np.int32).tobytes() + split.astype(np.int8).tobytes()
                    if sig in seen:
                        continue
                    seen.add(sig)
                    rules.append(Rule(pattern.id, play, when, low, high))
                    parts.append((cls, split))
    sizes = np.array([len(c) for c, _ in parts], dtype=np.int64)
    return Candidates(
        tuple(rules),
        np.repeat(np.arange(len(rules), dtype=np.int32), sizes),
        np.concatenate([c for c, _ in parts]).astype(np.int32),
        np.concatenate([s for _, s in parts]).astype(np.int8),
    )
