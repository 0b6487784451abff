"""The outcome of one statistical test."""

from __future__ import annotations

from dataclasses import dataclass

from .distributions import Multinomial

__all__ = ["Result", "from_multinomial"]


@dataclass(frozen=True)
class Result:
    """One test: its name, statistic, degrees of freedom (None for a z or count test),
    p-value under the hypothesis of a fair source, and a line of detail."""

    name: str
    stat: float
    dof: int | None
    p: float
    detail: str = ""


def from_multinomial(name: str, m: Multinomial, detail: str = "") -> Result:
    """A result from a Pearson chi-square test; pooled cells are mentioned in the detail."""
    pooled = f"{m.pooled} small cells pooled" if m.pooled else ""
    return Result(name, m.stat, m.dof, m.p, "; ".join(x for x in (detail, pooled) if x))
