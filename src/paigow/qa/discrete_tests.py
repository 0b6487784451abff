"""Tests on dice and other small uniform draws: faces, totals, whole rolls, consecutive pairs."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .distributions import multinomial_test
from .result import Result, from_multinomial

__all__ = ["dice_total_probs", "frequency", "joint_rolls", "serial_pairs"]


def frequency(name: str, values: npt.ArrayLike, probs: npt.ArrayLike) -> Result:
    """Chi-square of the frequency of each value ``0..K-1`` against ``probs``."""
    p = np.asarray(probs, dtype=np.float64)
    counts = np.bincount(np.asarray(values, dtype=np.int64).ravel(), minlength=p.size)
    if counts.size > p.size:
        return Result(name, float("inf"), p.size - 1, 0.0, "a value out of range")
    worst = int(np.argmax(np.abs(counts - counts.sum() * p) / np.sqrt(counts.sum() * p + 1e-300)))
    share = counts[worst] / max(1, counts.sum())
    detail = f"value {worst}: {share:.5f} against {p[worst]:.5f}"
    return from_multinomial(name, multinomial_test(counts, p), detail)


def serial_pairs(name: str, values: npt.ArrayLike, probs: npt.ArrayLike) -> Result:
    """Knuth's serial test: non-overlapping pairs of consecutive values, ``K²`` cells with
    probability ``p_a p_b``."""
    p = np.asarray(probs, dtype=np.float64)
    flat = np.asarray(values, dtype=np.int64).ravel()
    v = flat[: flat.size // 2 * 2].reshape(-1, 2)
    counts = np.bincount(v[:, 0] * p.size + v[:, 1], minlength=p.size**2)
    return from_multinomial(name, multinomial_test(counts, np.outer(p, p)))


def dice_total_probs(dice: int = 3, faces: int = 6) -> npt.NDArray[np.float64]:
    """Probabilities of the totals 0..dice*faces of fair dice (faces 1..faces)."""
    face = np.array([0.0] + [1 / faces] * faces)
    dist = np.array([1.0])
    for _ in range(dice):
        dist = np.convolve(dist, face)
    return dist


def joint_rolls(name: str, rolls: npt.ArrayLike, faces: int = 6) -> Result:
    """Chi-square over every ordered roll (6³ = 216 cells for three dice): the dice of one
    roll are uniform and independent of each other."""
    r = np.asarray(rolls, dtype=np.int64) - 1
    k = r.shape[1]
    index = (r * faces ** np.arange(k)[::-1]).sum(axis=1)
    cells = faces**k
    counts = np.bincount(index, minlength=cells)
    return from_multinomial(name, multinomial_test(counts, np.full(cells, 1 / cells)))
