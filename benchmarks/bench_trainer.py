"""Benchmark of the trainer: a dealt hand scored, an explanation, against a per-deal loop.

Run: ``.venv/bin/python benchmarks/bench_trainer.py``. Prints figures and ratios; the naive
reference scores one hand by setting each of the 20,475 dealer hands with the house way and
comparing it with every setting (what the trainer would do without the exact engine).
"""

from __future__ import annotations

import itertools
import random
import time

from paigow.games.tiles.settings import compare_settings
from paigow.games.tiles.tiles import FULL_SET
from paigow.games.tiles.ways import get_way
from paigow.profiles import get_profile
from paigow.trainer import PlayerStats, Trainer


def _per_hand(f: object, n: int) -> float:
    assert callable(f)
    start = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - start) / n


def main() -> None:
    """Print the figures."""
    start = time.perf_counter()
    tiles = Trainer("generic")
    cards = Trainer("nj-supreme")
    print(f"start-up (tables, caches, both games): {time.perf_counter() - start:.2f} s")
    rng = random.Random(1)
    stats = PlayerStats()

    deal = _per_hand(lambda: tiles.deal("all", rng), 300)
    weak = _per_hand(lambda: tiles.deal("weak", rng, stats), 300)
    card = _per_hand(lambda: cards.deal("all", rng), 300)
    problems = [tiles.deal("all", rng) for _ in range(100)]
    it = iter(problems)
    explain = _per_hand(lambda: tiles.explain(next(it), 0), 100)
    cprobs = [cards.deal("all", rng) for _ in range(50)]
    cit = iter(cprobs)
    cexplain = _per_hand(lambda: cards.explain(next(cit), 0), 50)

    p = problems[0]
    way = get_way("regulation")
    rules = get_profile("generic").compare_rules
    t0 = time.perf_counter()
    rest = list(FULL_SET)
    for t in p.pieces:
        rest.remove(t)
    for combo in itertools.combinations(rest, 4):
        d = way.set(combo)
        for o in p.options:
            compare_settings(o.setting, d, rules)
    naive = time.perf_counter() - t0

    print(f"tiles: deal and score a hand:            {1000 * deal:7.2f} ms")
    print(f"tiles: weakness-driven deal:             {1000 * weak:7.2f} ms")
    print(f"tiles: explanation (dealer breakdown):   {1000 * explain:7.2f} ms")
    print(f"cards: deal and score a hand:            {1000 * card:7.2f} ms")
    print(f"cards: explanation (dealer breakdown):   {1000 * cexplain:7.2f} ms")
    print(f"tiles: naive per-deal scoring, one hand: {naive:7.2f} s  (x{naive / deal:,.0f})")


if __name__ == "__main__":
    main()
