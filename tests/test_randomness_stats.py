"""The randomness battery's arithmetic against slow, obvious references (R-SHUF-03: "a
uniformly random permutation of the 32 tiles from an approved RNG"; the battery is how that is
shown). Every statistic and every exact probability of paigow.qa is recomputed here by direct
loops or enumeration, and the NIST SP 800-22 tests reproduce the worked examples of the
document."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.qa import nist
from paigow.qa.discrete_tests import dice_total_probs, joint_rolls, serial_pairs
from paigow.qa.distributions import (
    chi2_sf,
    holm,
    multinomial_test,
    normal_two_sided,
    poisson_sf,
)
from paigow.qa.sequence_tests import (
    coupon_collector,
    coupon_probabilities,
    gaps,
    pack_uniforms,
    permutations,
    runs_above_below,
    runs_up_down,
    serial_correlation,
)
from paigow.qa.shuffle_tests import (
    adjacent_pairs,
    collisions,
    hand_shape_probabilities,
    order_pattern_probabilities,
    pattern_codes,
    positions,
    rank_uniforms,
)

# ------------------------------------------------------------------ distributions


def _chi2_sf_even(x: float, dof: int) -> float:
    """Q(k, x/2) for integer k = dof/2: e^(-x/2) sum_{j<k} (x/2)^j / j!, in logs."""
    h = x / 2
    if h == 0:
        return 1.0
    return math.fsum(math.exp(j * math.log(h) - h - math.lgamma(j + 1)) for j in range(dof // 2))


@pytest.mark.parametrize("dof", [2, 4, 10, 30, 120, 620, 2808])
@pytest.mark.parametrize("ratio", [0.0, 0.3, 0.9, 1.0, 1.1, 1.5, 3.0])
def test_chi2_sf_matches_the_closed_form_for_even_dof(dof: int, ratio: float) -> None:
    x = ratio * dof
    expected = _chi2_sf_even(x, dof)
    got = chi2_sf(x, dof)
    assert got == pytest.approx(expected, rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("x", [0.0, 0.01, 0.5, 1.0, 3.84, 6.63, 20.0, 60.0])
def test_chi2_sf_with_one_dof_is_the_normal_tail(x: float) -> None:
    assert chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
    assert normal_two_sided(math.sqrt(x)) == pytest.approx(chi2_sf(x, 1), rel=1e-9)


def test_chi2_sf_far_tail_is_tiny_not_zero_or_negative() -> None:
    p = chi2_sf(400, 5)
    assert 0 < p < 1e-80
    # The tail grows with the degrees of freedom: bracketed by the closed forms of 4 and 6.
    assert _chi2_sf_even(400, 4) < p < _chi2_sf_even(400, 6)
    assert chi2_sf(1e6, 10) == 0.0


@pytest.mark.parametrize(
    ("k", "lam"), [(0, 1.0), (1, 1e-20), (1, 0.5), (3, 2.0), (10, 2.0), (5, 30.0)]
)
def test_poisson_sf_against_the_summed_mass(k: int, lam: float) -> None:
    def mass(j: int) -> float:
        return math.exp(j * math.log(lam) - lam - math.lgamma(j + 1))

    head = math.fsum(mass(j) for j in range(k))
    tail = math.fsum(mass(j) for j in range(k, k + 400))
    assert poisson_sf(k, lam) == pytest.approx(tail if lam < 1 else 1 - head, rel=1e-9, abs=1e-15)


def test_holm_worked_example() -> None:
    # Sorted: 0.005 <= 0.05/4, 0.01 <= 0.05/3, 0.03 > 0.05/2: stop.
    assert holm([0.01, 0.04, 0.03, 0.005], 0.05) == [True, False, False, True]
    assert holm([0.2, 0.3], 0.05) == [False, False]
    assert holm([], 0.05) == []


@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.floats(1e-6, 0.2))
def test_holm_lies_between_bonferroni_and_no_correction(ps: list[float], alpha: float) -> None:
    got = holm(ps, alpha)
    for p, rejected in zip(ps, got, strict=True):
        if p <= alpha / len(ps):
            assert rejected
        if rejected:
            assert p <= alpha


def test_multinomial_pools_small_cells_and_flags_impossible_ones() -> None:
    probs = [0.5, 0.3, 0.15, 0.04, 0.01]
    counts = [52, 28, 15, 4, 1]
    m = multinomial_test(counts, probs)
    # 100 draws: cells expected 4 and 1 are pooled (5 together).
    assert m.pooled == 2 and m.cells == 4 and m.dof == 3
    e = [50, 30, 15, 5]
    o = [52, 28, 15, 5]
    assert m.stat == pytest.approx(sum((a - b) ** 2 / b for a, b in zip(o, e, strict=True)))
    assert multinomial_test([3, 1], [1.0, 0.0]).p == 0.0
    with pytest.raises(ValueError, match="sum to"):
        multinomial_test([1, 1], [0.5, 0.6])


# ------------------------------------------------------------------ NIST SP 800-22 examples

_EPS_100 = (
    "1100100100001111110110101010001000100001011010001100001000110100"
    "110001001100011001100010100010111000"
)


def _bits(text: str) -> np.ndarray:
    return np.array([int(c) for c in text], dtype=np.uint8)


def test_nist_worked_examples() -> None:
    """SP 800-22 Rev. 1a, the examples of §2.1.8, 2.2.8, 2.3.8, 2.11.8, 2.12.8, 2.13.8."""
    e = _bits(_EPS_100)
    assert nist.monobit(e).p == pytest.approx(0.109599, abs=1e-6)
    assert nist.block_frequency(e, 10).p == pytest.approx(0.706438, abs=1e-6)
    assert nist.runs(e).p == pytest.approx(0.500798, abs=1e-6)
    assert nist.approximate_entropy(e, 2).p == pytest.approx(0.235301, abs=1e-6)
    assert nist.cumulative_sums(e).p == pytest.approx(0.219194, abs=1e-6)
    assert nist.cumulative_sums(e, reverse=True).p == pytest.approx(0.114866, abs=1e-6)
    p1, p2 = (r.p for r in nist.serial(_bits("0011011101"), 3))
    assert p1 == pytest.approx(0.808792, abs=1e-6)
    assert p2 == pytest.approx(0.670320, abs=1e-6)
    assert nist.approximate_entropy(_bits("0100110101"), 3).p == pytest.approx(0.261961, abs=1e-6)


def test_bits_of_reads_words_most_significant_first() -> None:
    bits = nist.bits_of(np.array([0x80000001, 3], dtype=np.uint32))
    assert bits.tolist() == [1] + [0] * 30 + [1] + [0] * 30 + [1, 1]


# ------------------------------------------------------------------ shuffle tests

_TILE_MULT = np.array([2] * 11 + [1] * 10)


def _uniform_orders(rng: random.Random, mult: list[int], count: int) -> np.ndarray:
    pieces = [c for c, k in enumerate(mult) for _ in range(k)]
    out = []
    for _ in range(count):
        rng.shuffle(pieces)
        out.append(list(pieces))
    return np.array(out)


def test_positions_statistic_by_loops() -> None:
    rng = random.Random(3)
    mult = [2, 1, 3, 1]
    orders = _uniform_orders(rng, mult, 400)
    n, big_n = 7, 400
    counts = Counter((int(c), p) for row in orders for p, c in enumerate(row))
    x2 = sum(
        (counts[(c, p)] - big_n * mult[c] / n) ** 2 / (big_n * mult[c] / n)
        for c in range(4)
        for p in range(n)
    )
    r = positions("t", orders, mult)
    assert r.dof == 3 * 6
    assert r.stat == pytest.approx(x2 * (n - 1) / n)


def test_adjacent_pairs_by_loops() -> None:
    rng = random.Random(4)
    mult = [2, 2, 1]
    orders = _uniform_orders(rng, mult, 300)
    n = 5
    counts: Counter[tuple[int, int]] = Counter()
    for k, row in enumerate(orders):
        p = k % (n - 1)
        counts[(int(row[p]), int(row[p + 1]))] += 1
    probs = {
        (a, b): Fraction(mult[a] * (mult[b] - (a == b)), n * (n - 1))
        for a in range(3)
        for b in range(3)
    }
    assert sum(probs.values()) == 1
    expected = multinomial_test([counts[ab] for ab in probs], [float(q) for q in probs.values()])
    assert adjacent_pairs("t", orders, mult).stat == pytest.approx(expected.stat)


def test_hand_shape_probabilities_by_enumerating_every_stack_of_tiles() -> None:
    """All C(32, 4) = 35,960 sets of four physical tiles, grouped by kind (two tiles a kind)."""
    kinds = [k for k in range(16) for _ in range(2)]
    shapes: Counter[str] = Counter()
    for combo in itertools.combinations(range(32), 4):
        sizes = sorted(Counter(kinds[i] for i in combo).values(), reverse=True)
        shapes["+".join(map(str, sizes))] += 1
    got = hand_shape_probabilities([2] * 16)
    assert {k: v for k, v in got.items() if v} == pytest.approx(
        {k: v / 35960 for k, v in shapes.items()}
    )


def test_order_pattern_probabilities_by_enumerating_arrangements() -> None:
    mult = [2, 1, 2]
    pieces = [c for c, k in enumerate(mult) for _ in range(k)]
    counts: Counter[int] = Counter()
    perms = list(itertools.permutations(pieces))
    for perm in perms:
        counts[int(pattern_codes(np.array([perm[:3]]))[0])] += 1
    probs = order_pattern_probabilities(mult, 3)
    for code in range(27):
        assert probs[code] == pytest.approx(counts[code] / len(perms))
    distinct = order_pattern_probabilities([1] * 9, 3)
    assert sorted(distinct[distinct > 0]) == pytest.approx([1 / 6] * 6)


def test_pattern_codes_are_dense_ranks() -> None:
    rows = np.array([[5, 1, 5], [0, 1, 2], [2, 1, 0], [7, 7, 7]])
    # dense ranks (2,0,2)... base 3, first entry least significant
    assert pattern_codes(rows).tolist() == [1 + 0 * 3 + 1 * 9, 0 + 3 + 18, 2 + 3 + 0, 0]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 3), min_size=1, max_size=4).filter(lambda m: sum(m) <= 7))
def test_rank_uniforms_number_every_arrangement_in_lexicographic_order(mult: list[int]) -> None:
    pieces = [c for c, k in enumerate(mult) for _ in range(k)]
    arrangements = sorted(set(itertools.permutations(pieces)))
    u = rank_uniforms(np.array(arrangements), mult)
    expected = np.arange(len(arrangements)) / len(arrangements)
    assert np.allclose(u, expected, atol=1e-12)
    total = math.factorial(len(pieces)) // math.prod(math.factorial(k) for k in mult)
    assert len(arrangements) == total


def test_collisions_count_pairs_of_equal_orders() -> None:
    rng = random.Random(5)
    base = _uniform_orders(rng, [1] * 12, 50)
    rows = np.concatenate([base, base[:4], base[:1], base[7:8]])
    counter = Counter(map(tuple, rows.tolist()))
    pairs = sum(g * (g - 1) // 2 for g in counter.values())
    r = collisions("t", rows, [1] * 12)
    assert r.stat == pairs == 4 + 2 + 1
    assert r.p < 1e-30
    assert collisions("t", base, [1] * 12).p == 1.0


# ------------------------------------------------------------------ sequence tests


def test_runs_up_down_by_loop() -> None:
    rng = random.Random(6)
    x = [rng.random() for _ in range(500)]
    runs = 1 + sum(1 for i in range(1, len(x) - 1) if (x[i] > x[i - 1]) != (x[i + 1] > x[i]))
    r = runs_up_down("t", np.array(x))
    assert r.detail.startswith(f"{runs} runs")
    assert r.stat == pytest.approx((runs - (2 * 500 - 1) / 3) / math.sqrt((16 * 500 - 29) / 90))
    # Equal neighbours (a repeated shuffle) have probability 2^-52 for a fair source.
    tied = runs_up_down("t", np.array([0.1, 0.1, 0.2, 0.3, 0.3]))
    assert tied.stat == 2 and tied.p < 1e-25


def test_runs_above_below_by_loop_dropping_the_median() -> None:
    x = [1, 5, 5, 3, 6, 2, 1, 4, 6, 6, 3]
    kept = [v for v in x if v != 3]
    signs = [v > 3 for v in kept]
    runs = 1 + sum(1 for a, b in itertools.pairwise(signs) if a != b)
    n1 = sum(signs)
    n2 = len(signs) - n1
    mean = 2 * n1 * n2 / (n1 + n2) + 1
    var = (mean - 1) * (mean - 2) / (n1 + n2 - 1)
    r = runs_above_below("t", x, 3)
    assert r.stat == pytest.approx((runs - mean) / math.sqrt(var))


def test_serial_correlation_by_loop() -> None:
    rng = random.Random(7)
    x = [rng.randint(3, 18) for _ in range(300)]
    m = sum(x) / len(x)
    ss = sum((v - m) ** 2 for v in x)
    for lag, r in zip((1, 4), serial_correlation("t", x, [1, 4]), strict=True):
        rk = sum((x[i] - m) * (x[i + lag] - m) for i in range(len(x) - lag)) / ss
        assert r.stat == pytest.approx((rk + 1 / 300) * math.sqrt(300))


def test_permutations_index_every_order_once() -> None:
    orders = list(itertools.permutations(range(4)))
    u = np.array([v / 10 + 0.01 for perm in orders for v in perm])
    r = permutations("t", u, 4)
    # each of the 24 orders exactly once: a perfect fit
    assert r.stat == pytest.approx(0.0)


def test_gaps_by_loop() -> None:
    rng = random.Random(8)
    u = np.array([rng.random() for _ in range(3000)])
    lengths = []
    last = None
    for i, v in enumerate(u):
        if v < 0.5:
            if last is not None:
                lengths.append(min(i - last - 1, 12))
            last = i
    counts = [lengths.count(r) for r in range(13)]
    probs = [0.5 ** (r + 1) for r in range(12)] + [0.5**12]
    assert gaps("t", u).stat == pytest.approx(multinomial_test(counts, probs).stat)


def test_coupon_collector_segments_by_loop() -> None:
    rng = random.Random(9)
    digits = [rng.randrange(4) for _ in range(2000)]
    lengths, seen, start = [], set(), 0
    for i, d in enumerate(digits):
        seen.add(d)
        if len(seen) == 4:
            lengths.append(i - start + 1)
            seen, start = set(), i + 1
    r = coupon_collector("t", digits, 4, 16)
    assert r.detail.startswith(f"{len(lengths)} segments")
    counts = [sum(1 for n in lengths if min(n, 16) == k) for k in range(4, 17)]
    assert r.stat == pytest.approx(multinomial_test(counts, coupon_probabilities(4, 16)).stat)


@pytest.mark.parametrize(("d", "longest"), [(2, 6), (3, 8), (4, 9)])
def test_coupon_probabilities_by_enumerating_sequences(d: int, longest: int) -> None:
    """P(a segment has length r) over all d^r equally likely sequences."""
    first_complete: Counter[int] = Counter()
    for seq in itertools.product(range(d), repeat=longest - 1):
        seen: set[int] = set()
        for i, v in enumerate(seq):
            seen.add(v)
            if len(seen) == d:
                first_complete[i + 1] += 1
                break
    total = d ** (longest - 1)
    expected = [first_complete[r] / total for r in range(d, longest)]
    expected.append(1 - sum(expected))
    assert coupon_probabilities(d, longest) == pytest.approx(expected)


def test_pack_uniforms_reads_digits() -> None:
    u = pack_uniforms([1, 0, 1, 1, 1, 1, 1, 1], 2**27)  # two digits a number (54 bits)
    assert u.tolist() == [pytest.approx(2**-27), pytest.approx(2**-27 + 2**-54)] * 2
    assert pack_uniforms([5] * 7, 216).size == 1


# ------------------------------------------------------------------ dice


def test_dice_total_probs_by_enumeration() -> None:
    counts = Counter(sum(r) for r in itertools.product(range(1, 7), repeat=3))
    probs = dice_total_probs()
    assert probs.size == 19
    for total in range(19):
        assert probs[total] == pytest.approx(counts[total] / 216)


def test_joint_rolls_and_serial_pairs_cells() -> None:
    rolls = np.array(list(itertools.product(range(1, 7), repeat=3)))
    assert joint_rolls("t", rolls).stat == pytest.approx(0.0)
    values = [a for pair in itertools.product(range(3), repeat=2) for a in pair]
    assert serial_pairs("t", values, [1 / 3] * 3).stat == pytest.approx(0.0)
