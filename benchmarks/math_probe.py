"""Timings of the exact math engine, printed as one JSON line (run by ``bench_math.py``).

``bench_math.py`` runs this script twice, in fresh processes, once with the current source and
once with the source of the previous method on ``PYTHONPATH``, so that every figure gets its
ratio in one run on one machine. Only the API both versions share is used; where the current
engine offers more (several ways at once), the previous method is what it would have taken
(one edge per way).

Usage: ``python benchmarks/math_probe.py times`` or ``python benchmarks/math_probe.py memory``.
"""

from __future__ import annotations

import importlib
import json
import resource
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np

FIVE = Fraction(1, 20)


def module(new: str, old: str) -> ModuleType:
    """The module at its path in the current tree, or at its path in the previous tree (the
    games' folders are newer than the previous method: docs/architecture.md, CHANGELOG.md)."""
    try:
        return importlib.import_module(new)
    except ModuleNotFoundError:
        return importlib.import_module(old)


def tile_exact(name: str) -> ModuleType:
    """``paigow.games.tiles.exact.<name>``, formerly ``paigow.exact.<name>``."""
    return module(f"paigow.games.tiles.exact.{name}", f"paigow.exact.{name}")


def best(fn: Callable[[], object], repeat: int) -> float:
    """Best wall time of ``repeat`` runs, in milliseconds."""
    out = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t)
    return out * 1000


def peak_mib() -> float:
    """Peak resident memory of this process so far."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def times() -> dict[str, Any]:
    """Every timed figure of the exact engine."""
    from paigow.profiles import get_profile

    get_way = module("paigow.games.tiles.ways", "paigow.ways").get_way  # a baseline: the old path

    edge_mod = tile_exact("edge")
    optimal_arrays = tile_exact("optimal").optimal_arrays
    kind_space = tile_exact("space").kind_space
    strategy = tile_exact("strategy")
    arrays_from_choice, way_arrays = strategy.arrays_from_choice, strategy.way_arrays

    rules = get_profile("generic").compare_rules
    sp = kind_space()
    reg = way_arrays(get_way("regulation"), sp)
    opt = optimal_arrays(reg, rules=rules, commission=FIVE)

    def fresh(w: Any) -> Any:
        # The same way as a new object: nothing derived from it is reused between runs.
        return arrays_from_choice(w.name, w.space, w.choice)

    out: dict[str, Any] = {}
    out["edge"] = best(lambda: edge_mod.edge(opt, fresh(reg), rules=rules, commission=FIVE), 20)
    rng = np.random.default_rng(0)
    ways = [
        arrays_from_choice(f"random {i}", sp, rng.integers(0, 3, sp.size).astype(np.int8))
        for i in range(100)
    ]
    many = getattr(edge_mod, "edges", None)
    if many is not None:

        def run_many() -> object:
            return many(ways, fresh(reg), rules=rules, commission=FIVE)
    else:

        def run_many() -> object:
            return [edge_mod.edge(w, reg, rules=rules, commission=FIVE) for w in ways]

    out["many"] = best(run_many, 3)
    out["optimal"] = best(lambda: optimal_arrays(fresh(reg), rules=rules, commission=FIVE), 5)

    spg = module("paigow.games.cards.exact", "paigow.spg.exact")

    spg.spg_way_arrays("spg-house")
    spg_counter = getattr(spg, "_counter", None)

    def spg_edge() -> object:
        if spg_counter is not None:
            spg_counter.cache_clear()
        return spg.spg_edge("spg-house", "spg-house")

    spg_edge()
    out["spg_edge"] = best(spg_edge, 5)

    bonus = module("paigow.games.cards.supreme_bonus", "paigow.sidebets.supreme_bonus")

    def cold_bonus() -> object:
        for name in ("_counts", "_classify_shape", "_shapes", "_straight_shapes"):
            fn = getattr(bonus, name, None)
            if fn is not None:
                fn.cache_clear()
        return bonus.bonus_counts()

    out["bonus"] = best(cold_bonus, 5)
    return out


def memory() -> dict[str, Any]:
    """Peak memory of a process that computes one exact edge of two house ways."""
    from paigow.profiles import get_profile

    get_way = module("paigow.games.tiles.ways", "paigow.ways").get_way  # a baseline: the old path

    edge = tile_exact("edge").edge
    kind_space = tile_exact("space").kind_space
    way_arrays = tile_exact("strategy").way_arrays

    rules = get_profile("generic").compare_rules
    sp = kind_space()
    res = edge(
        way_arrays(get_way("taj-mahal"), sp),
        way_arrays(get_way("regulation"), sp),
        rules=rules,
        commission=FIVE,
    )
    assert res.deals == 736_281_000
    return {"edge_peak_mib": peak_mib()}


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "times"
    print(json.dumps(times() if mode == "times" else memory()))
