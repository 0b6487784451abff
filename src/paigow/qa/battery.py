"""The randomness battery: every test over every stream, one family-wise verdict.

The p-values of all tests are corrected together by Holm's method at a family-wise level
``alpha`` (0.01 by default: the 99% confidence of the gaming standards): the battery FAILS if
any test is rejected, and a fair source fails with probability at most ``alpha``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from paigow.games.cards.cards import DECK
from paigow.games.tiles.tiles import ALL_TILES
from paigow.profiles import get_profile

from . import nist
from .discrete_tests import dice_total_probs, frequency, joint_rolls, serial_pairs
from .distributions import holm
from .result import Result
from .sampling import CARD_RANK, RNG_PROFILES, TILE_KIND
from .sequence_tests import (
    coupon_collector,
    equidistribution,
    gaps,
    pack_uniforms,
    permutations,
    runs_above_below,
    runs_up_down,
    serial_correlation,
)
from .shuffle_tests import (
    adjacent_pairs,
    collisions,
    hand_patterns,
    order_patterns,
    positions,
    rank_uniforms,
)

__all__ = [
    "CARDS",
    "LAGS",
    "TILES",
    "PieceSet",
    "Report",
    "Section",
    "run_battery",
    "shuffle_tests",
]

LAGS = 10
Array = npt.NDArray[np.generic]


@dataclass(frozen=True)
class PieceSet:
    """A game's full set as the shuffle tests see it: the distinct pieces with their copies
    and names, the groups they fall into (tile kinds, card ranks), and the names of the
    tests that differ between games."""

    piece: str
    group: str
    copies: npt.NDArray[np.int64]
    labels: list[str]
    group_of: npt.NDArray[np.uint8]
    group_labels: list[str]
    adjacent: str
    adjacent_by_group: bool
    hand: str
    repeated: str
    rank: str

    @property
    def group_copies(self) -> npt.NDArray[np.int64]:
        """Pieces in each group."""
        return np.bincount(self.group_of, weights=self.copies).astype(np.int64)


TILES = PieceSet(
    piece="tile",
    group="kind",
    copies=np.array([t.copies for t in ALL_TILES], dtype=np.int64),
    labels=[str(t) for t in ALL_TILES],
    group_of=TILE_KIND,
    group_labels=["kind " + "/".join(str(t) for t in ALL_TILES if t.kind == k) for k in range(16)],
    adjacent="adjacent tiles (ordered pairs)",
    adjacent_by_group=False,
    hand="stacks of four by kind (poker test)",
    repeated="repeated washes",
    rank="wash rank",
)
CARDS = PieceSet(
    piece="card",
    group="rank",
    copies=np.ones(len(DECK), dtype=np.int64),
    labels=[str(c) for c in DECK],
    group_of=CARD_RANK,
    group_labels=[*"23456789TJQKA", "joker"],
    adjacent="adjacent cards by rank (ordered pairs)",
    adjacent_by_group=True,
    hand="four consecutive cards by rank (poker test)",
    repeated="repeated shuffles",
    rank="shuffle rank",
)


@dataclass(frozen=True)
class Section:
    """The tests of one stream."""

    name: str
    results: list[Result]


@dataclass
class Report:
    """Every section, the family-wise level and which tests Holm's method rejects."""

    sections: list[Section]
    alpha: float
    rejected: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rejected = holm([r.p for r in self.results], self.alpha)

    @property
    def results(self) -> list[Result]:
        """All results, section after section."""
        return [r for s in self.sections for r in s.results]

    @property
    def passed(self) -> bool:
        """True when no test is rejected."""
        return not any(self.rejected)

    def failures(self) -> list[tuple[str, Result]]:
        """The rejected tests with their section names."""
        named = [(s.name, r) for s in self.sections for r in s.results]
        return [nr for nr, bad in zip(named, self.rejected, strict=True) if bad]


def _uniform_sequence(prefix: str, u: npt.NDArray[np.float64], lags: int) -> list[Result]:
    digits = np.minimum((u * 8).astype(np.int64), 7)
    return [
        equidistribution(f"{prefix}: equidistribution (100 cells)", u),
        runs_up_down(f"{prefix}: runs up and down", u),
        runs_above_below(f"{prefix}: runs above/below the median", u, 0.5),
        *serial_correlation(f"{prefix}: serial correlation", u, range(1, lags + 1)),
        permutations(f"{prefix}: permutations of 3", u, 3),
        permutations(f"{prefix}: permutations of 5", u, 5),
        gaps(f"{prefix}: gaps below 1/2", u),
        coupon_collector(f"{prefix}: coupon collector (8 values)", digits, 8, 60),
    ]


def shuffle_tests(order: Array, pieces: PieceSet, lags: int = LAGS) -> list[Result]:
    """A batch of washes or shuffles: ``order`` is (N, n) indices of the distinct pieces
    (tile indices 0..20, deck indices 0..53)."""
    exact = np.asarray(order, dtype=np.uint8)
    groups = pieces.group_of[exact]
    gm = pieces.group_copies
    adjacent = (groups, gm) if pieces.adjacent_by_group else (exact, pieces.copies)
    return [
        positions(f"position of each {pieces.piece}", exact, pieces.copies, pieces.labels),
        positions(f"position of each {pieces.group}", groups, gm, pieces.group_labels),
        adjacent_pairs(pieces.adjacent, *adjacent),
        hand_patterns(pieces.hand, groups, gm),
        order_patterns(f"order of four consecutive {pieces.piece}s", exact, pieces.copies),
        collisions(pieces.repeated, exact, pieces.copies),
        *_uniform_sequence(pieces.rank, rank_uniforms(exact, pieces.copies), lags),
    ]


def dice_tests(rolls: Array, lags: int = LAGS) -> list[Result]:
    """Three dice per roll: ``rolls`` is (N, 3) faces 1..6."""
    r = np.asarray(rolls, dtype=np.int64)
    face = np.full(6, 1 / 6)
    totals = r.sum(axis=1)
    total_probs = dice_total_probs()
    names = ["faces of die 1 (the Dragon's Eye die)", "faces of die 2", "faces of die 3"]
    out = [frequency(names[d], r[:, d] - 1, face) for d in range(3)]
    out += [
        frequency("totals 3..18", totals, total_probs),
        joint_rolls("whole rolls (216 cells)", r),
        serial_pairs("consecutive totals (pairs)", totals, total_probs),
        runs_above_below("totals: runs above/below 10.5", totals, 10.5),
        *serial_correlation("totals: serial correlation", totals, range(1, lags + 1)),
        coupon_collector("die 1: coupon collector", r[:, 0] - 1, 6, 40),
    ]
    u = pack_uniforms((r - 1) @ np.array([36, 6, 1]), 216)
    out += [
        runs_up_down("rolls packed by 7: runs up and down", u),
        permutations("rolls packed by 7: permutations of 3", u, 3),
    ]
    return out


def rng_number_tests(values: Array, lo: int, hi: int, lags: int = LAGS) -> list[Result]:
    """RNG start numbers ``lo..hi``."""
    v = np.asarray(values, dtype=np.int64) - lo
    k = hi - lo + 1
    probs = np.full(k, 1 / k)
    return [
        frequency(f"numbers {lo}..{hi}", v, probs),
        serial_pairs("consecutive numbers (pairs)", v, probs),
        runs_above_below("runs above/below the median", v, (k - 1) / 2),
        *serial_correlation("serial correlation", v, range(1, lags + 1)),
        coupon_collector("coupon collector", v, k, 7 * k),
        runs_up_down("packed: runs up and down", pack_uniforms(v, k)),
    ]


def bit_tests(words: Array) -> list[Result]:
    """NIST SP 800-22 tests on the raw 32-bit words of the source."""
    bits = nist.bits_of(np.asarray(words, dtype=np.uint32))
    return [
        nist.monobit(bits),
        nist.block_frequency(bits, max(20, math.ceil(bits.size / 99))),
        nist.runs(bits),
        *nist.serial(bits, 8),
        nist.approximate_entropy(bits, 8),
        nist.cumulative_sums(bits),
        nist.cumulative_sums(bits, reverse=True),
    ]


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}"


def run_battery(arrays: dict[str, Array], *, alpha: float = 0.01, lags: int = LAGS) -> Report:
    """Every test over the streams present in ``arrays`` (see :mod:`paigow.qa.sampling`)."""
    sections: list[Section] = []
    if "tiles" in arrays:
        n = len(arrays["tiles"])
        sections.append(
            Section(
                f"Tile wash ({_count(n, 'washes')})", shuffle_tests(arrays["tiles"], TILES, lags)
            )
        )
    if "cards" in arrays:
        n = len(arrays["cards"])
        sections.append(
            Section(
                f"Card shuffle ({_count(n, 'shuffles')})",
                shuffle_tests(arrays["cards"], CARDS, lags),
            )
        )
    if "dice" in arrays:
        n = len(arrays["dice"])
        sections.append(Section(f"Dice ({_count(n, 'rolls')})", dice_tests(arrays["dice"], lags)))
    for stream, profile in RNG_PROFILES.items():
        if stream in arrays:
            st = get_profile(profile).start
            n = len(arrays[stream])
            name = f"RNG start number, {profile} ({_count(n, 'draws')})"
            sections.append(
                Section(name, rng_number_tests(arrays[stream], st.rng_min, st.rng_max, lags))
            )
    if "bits" in arrays:
        n = 32 * len(arrays["bits"])
        sections.append(
            Section(f"Raw source, NIST SP 800-22 ({_count(n, 'bits')})", bit_tests(arrays["bits"]))
        )
    return Report(sections, alpha)
