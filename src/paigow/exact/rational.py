"""Exact linear algebra over the rationals (small dense systems, Gaussian elimination)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["SingularSystemError", "solve"]


class SingularSystemError(ValueError):
    """The system has no unique solution."""


def solve(
    matrix: Sequence[Sequence[int | Fraction]], rhs: Sequence[int | Fraction]
) -> list[Fraction]:
    """The unique ``x`` with ``matrix @ x == rhs``, exactly.

    Raises:
        SingularSystemError: the matrix is not square or is singular.
    """
    n = len(matrix)
    if any(len(r) != n for r in matrix) or len(rhs) != n:
        raise SingularSystemError(f"expected a square system, got {n} equations")
    a = [[Fraction(v) for v in row] + [Fraction(b)] for row, b in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            raise SingularSystemError(f"the system is singular (column {col})")
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        row = [v / lead for v in a[col]]
        a[col] = row
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [v - f * w for v, w in zip(a[r], row, strict=True)]
    return [a[r][n] for r in range(n)]
