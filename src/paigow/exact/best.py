"""The best of three splits by lexicographic keys, for both games' optimal ways."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .arrays import I8, I64

__all__ = ["best_split"]


def best_split(keys: Sequence[I64]) -> I8:
    """Per row, the first column whose keys are lexicographically largest.

    ``keys`` are arrays of shape (n, 3), the first the most significant.
    """
    n = keys[0].shape[0]
    rows = np.arange(n)
    choice = np.zeros(n, dtype=np.int8)
    for j in (1, 2):
        better = np.zeros(n, dtype=np.bool_)
        equal = np.ones(n, dtype=np.bool_)
        for k in keys:
            new, old = k[:, j], k[rows, choice]
            better |= equal & (new > old)
            equal &= new == old
        choice[better] = j
    return choice
