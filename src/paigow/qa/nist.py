"""Bit-level tests of NIST SP 800-22 Rev. 1a on the raw output of the source.

Gaming laboratories test an RNG's raw output before any scaling as well as the game outcomes
built from it; these are the SP 800-22 tests that need no tables: frequency (§2.1), frequency
within a block (§2.2), runs (§2.3), serial (§2.11), approximate entropy (§2.12) and cumulative
sums (§2.13), each as the document defines its statistic and p-value.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from .distributions import chi2_sf, gamma_q
from .result import Result

__all__ = [
    "approximate_entropy",
    "bits_of",
    "block_frequency",
    "cumulative_sums",
    "monobit",
    "runs",
    "serial",
]

Bits = npt.NDArray[np.uint8]


def bits_of(words: npt.NDArray[np.uint32]) -> Bits:
    """The bits of 32-bit words, most significant first."""
    return np.unpackbits(np.asarray(words, dtype=">u4").view(np.uint8))


def _phi(z: float) -> float:
    return 0.5 * math.erfc(-z / math.sqrt(2))


def monobit(bits: Bits) -> Result:
    """§2.1: S = sum(2b - 1); p = erfc(|S| / sqrt(2n))."""
    n = bits.size
    s = 2 * int(bits.sum(dtype=np.int64)) - n
    stat = abs(s) / math.sqrt(n)
    return Result("frequency (monobit)", stat, None, math.erfc(stat / math.sqrt(2)), f"n = {n}")


def block_frequency(bits: Bits, m: int = 128) -> Result:
    """§2.2: chi² = 4M sum (pi_i - 1/2)² over N blocks of M bits; p = igamc(N/2, chi²/2)."""
    blocks = bits.size // m
    pi = bits[: blocks * m].reshape(blocks, m).mean(axis=1)
    stat = float(4 * m * ((pi - 0.5) ** 2).sum())
    return Result(f"block frequency (M = {m})", stat, blocks, chi2_sf(stat, blocks))


def runs(bits: Bits) -> Result:
    """§2.3: V = number of runs; p = erfc(|V - 2n pi (1-pi)| / (2 sqrt(2n) pi (1-pi))),
    after the frequency prerequisite |pi - 1/2| < 2/sqrt(n)."""
    n = bits.size
    pi = float(bits.mean())
    if abs(pi - 0.5) >= 2 / math.sqrt(n):
        return Result("runs", math.inf, None, 0.0, "frequency prerequisite failed")
    v = 1 + int(np.count_nonzero(bits[1:] != bits[:-1]))
    stat = abs(v - 2 * n * pi * (1 - pi)) / (2 * math.sqrt(2 * n) * pi * (1 - pi))
    return Result("runs", stat, None, math.erfc(stat), f"{v} runs")


def _pattern_counts(bits: Bits, m: int) -> npt.NDArray[np.int64]:
    """Counts of the 2^m overlapping m-bit patterns, the sequence read as a ring."""
    if m == 0:
        return np.array([bits.size], dtype=np.int64)
    n = bits.size
    ring = np.concatenate((bits, bits[: m - 1])).astype(np.int64)
    value = np.zeros(n, dtype=np.int64)
    for j in range(m):
        value = (value << 1) | ring[j : j + n]
    return np.bincount(value, minlength=1 << m)


def serial(bits: Bits, m: int = 8) -> list[Result]:
    """§2.11: psi²_m = 2^m/n sum nu² - n; the two p-values igamc(2^(m-2), ∇psi²/2) and
    igamc(2^(m-3), ∇²psi²/2)."""
    n = bits.size

    def psi(k: int) -> float:
        c = _pattern_counts(bits, k).astype(np.float64)
        return float((1 << k) / n * (c @ c) - n)

    p0, p1, p2 = psi(m), psi(m - 1), psi(m - 2)
    d1, d2 = p0 - p1, p0 - 2 * p1 + p2
    return [
        Result(f"serial (m = {m}) ∇psi²", d1, 1 << (m - 1), gamma_q(2 ** (m - 2), d1 / 2)),
        Result(f"serial (m = {m}) ∇²psi²", d2, 1 << (m - 2), gamma_q(2 ** (m - 3), d2 / 2)),
    ]


def approximate_entropy(bits: Bits, m: int = 8) -> Result:
    """§2.12: ApEn = phi_m - phi_m+1, chi² = 2n (ln 2 - ApEn); p = igamc(2^(m-1), chi²/2)."""
    n = bits.size

    def phi(k: int) -> float:
        c = _pattern_counts(bits, k)
        p = c[c > 0] / n
        return float((p * np.log(p)).sum())

    apen = phi(m) - phi(m + 1)
    stat = 2 * n * (math.log(2) - apen)
    return Result(f"approximate entropy (m = {m})", stat, 1 << m, gamma_q(2 ** (m - 1), stat / 2))


def cumulative_sums(bits: Bits, reverse: bool = False) -> Result:
    """§2.13: z = max |partial sum of 2b - 1| (forward or backward); p from the normal sums
    of the document."""
    n = bits.size
    steps = 2 * bits.astype(np.int64) - 1
    z = int(np.abs(np.cumsum(steps[::-1] if reverse else steps)).max())
    root = math.sqrt(n)
    total = 1.0
    for k in range(math.floor((-n / z + 1) / 4), math.floor((n / z - 1) / 4) + 1):
        total -= _phi((4 * k + 1) * z / root) - _phi((4 * k - 1) * z / root)
    for k in range(math.floor((-n / z - 3) / 4), math.floor((n / z - 1) / 4) + 1):
        total += _phi((4 * k + 3) * z / root) - _phi((4 * k + 1) * z / root)
    name = f"cumulative sums ({'backward' if reverse else 'forward'})"
    return Result(name, float(z), None, min(1.0, max(0.0, total)))
