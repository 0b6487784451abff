"""Benchmark of the exact math engine against naive references run in the same process.

Run: ``make bench`` (or ``.venv/bin/python benchmarks/bench_math.py``). Prints each figure and
its ratio to the naive reference. The naive per-deal loop cannot finish the full 736,281,000
deals in reasonable time, so it is timed on a sample and extrapolated (marked "est.").
"""

from __future__ import annotations

import itertools
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from paigow.exact.advise import advise
from paigow.exact.edge import edge
from paigow.exact.optimal import optimal_arrays
from paigow.exact.space import kind_space
from paigow.exact.strategy import way_arrays
from paigow.profiles import get_profile
from paigow.settings import compare_settings, settings_of
from paigow.tiles import FULL_SET, Tile
from paigow.ways import get_way

FIVE = Fraction(1, 20)
RULES = get_profile("generic").compare_rules
DEALS = 736_281_000


def timed(fn: Callable[[], object], repeat: int = 3) -> float:
    """Best wall time of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def naive_deals_per_second(n_players: int = 3) -> float:
    """Plain Python: set both hands by house way and compare, deal by deal."""
    reg = get_way("regulation")
    rng = random.Random(7)
    done = 0
    t = time.perf_counter()
    for _ in range(n_players):
        tiles = rng.sample(list(FULL_SET), 4)
        rest = list(FULL_SET)
        for x in tiles:
            rest.remove(x)
        mine = reg.set(tiles)
        for combo in itertools.combinations(rest, 4):
            compare_settings(mine, reg.set(combo), RULES)
            done += 1
    return done / (time.perf_counter() - t)


def naive_advise(tiles: list[Tile]) -> None:
    """Plain Python advice: every setting against every one of the 20,475 dealer hands."""
    reg = get_way("regulation")
    rest = list(FULL_SET)
    for x in tiles:
        rest.remove(x)
    dealer = [reg.set(c) for c in itertools.combinations(rest, 4)]
    for s in settings_of(tiles):
        for d in dealer:
            compare_settings(s, d, RULES)


def row(name: str, fast: float, naive: float, note: str = "") -> None:
    """Print one figure with its ratio."""
    ratio = naive / fast
    print(f"{name:<44} {fast * 1000:>10.2f} ms   naive {naive:>10.3f} s   x{ratio:>12,.0f}{note}")


def main() -> None:
    """Run every benchmark and print the figures."""
    t0 = time.perf_counter()
    sp = kind_space()
    sp.multiplicity()
    reg_way = get_way("regulation")
    reg = way_arrays(reg_way, sp)
    startup = time.perf_counter() - t0
    print(f"start-up (hand space, multiplicities, house way arrays): {startup:.2f} s")

    opt = optimal_arrays(reg, rules=RULES, commission=FIVE)
    t_edge = timed(lambda: edge(opt, reg, rules=RULES, commission=FIVE))
    dps = naive_deals_per_second()
    row("exact edge, two precomputed ways", t_edge, DEALS / dps, "  (naive est.: per-deal loop)")

    tiles = list(FULL_SET[0:1] + FULL_SET[23:24] + FULL_SET[30:31] + FULL_SET[10:11])
    house = reg_way.set(tiles)
    t_adv = timed(lambda: advise(tiles, reg, rules=RULES, commission=FIVE, house_setting=house), 20)
    t_naive_adv = timed(lambda: naive_advise(tiles), 1)
    row("advise one hand (3 settings x 20,475)", t_adv, t_naive_adv)

    t_opt = timed(lambda: optimal_arrays(reg, rules=RULES, commission=FIVE), 2)
    naive_opt = 3620 * t_naive_adv
    row("optimal table, all 3,620 hands", t_opt, naive_opt, "  (naive est.: 3,620 advices)")

    from paigow.spg.exact import multiplicity, spg_edge, spg_way_arrays

    multiplicity()
    spg_way_arrays("spg-house")
    t_spg = timed(lambda: spg_edge("spg-house", "spg-house"))
    print(f"{'Supreme Pai Gow edge, 72,832,605,300 deals':<44} {t_spg * 1000:>10.2f} ms")

    exe = Path(sys.executable).with_name("paigow")
    cmd = [str(exe), "advise", "6-6", "4-5", "1-2", "3-3", "--json"]
    t_cli = timed(lambda: subprocess.run(cmd, check=True, capture_output=True), 5)
    print(f"{'CLI advise incl. start-up':<44} {t_cli * 1000:>10.2f} ms")

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'peak memory (this process)':<44} {rss:>10.1f} MiB")


if __name__ == "__main__":
    main()
