"""Benchmark of the rules core: ranking by precomputed table vs computing ranks from scratch,
the ``--batch`` throughput of the command line, and ``table:FILE.csv`` ways against the
built-in way they were exported from (load time, lookups, ``set --batch``), in one run.

Run: ``.venv/bin/python benchmarks/bench_core.py``. Prints figures and ratios.
"""

from __future__ import annotations

import io
import itertools
import json
import random
import tempfile
import time
from pathlib import Path

from paigow.cli import batch
from paigow.games.tiles.hands4 import all_combinations
from paigow.games.tiles.ranking import STRENGTH
from paigow.games.tiles.tiles import FULL_SET, Tile, format_tiles
from paigow.games.tiles.ways import get_way
from paigow.games.tiles.ways.table import load_table, write_table

PAIRS = {
    frozenset({(2, 4), (1, 2)}): 1,
    **{frozenset({t}): r for t, r in [((6, 6), 2), ((1, 1), 3), ((4, 4), 4), ((1, 3), 5)]},
    **{frozenset({t}): r for t, r in [((5, 5), 6), ((3, 3), 7), ((2, 2), 8), ((5, 6), 9)]},
    **{frozenset({t}): r for t, r in [((4, 6), 10), ((1, 6), 11), ((1, 5), 12)]},
    frozenset({(3, 6), (4, 5)}): 13,
    frozenset({(3, 5), (2, 6)}): 14,
    frozenset({(3, 4), (2, 5)}): 15,
    frozenset({(1, 4), (2, 3)}): 16,
}
SINGLE = {
    (6, 6): 1, (1, 1): 2, (4, 4): 3, (1, 3): 4, (5, 5): 5, (3, 3): 6, (2, 2): 7, (5, 6): 8,
    (4, 6): 9, (1, 6): 10, (1, 5): 11, (3, 6): 12, (4, 5): 12, (2, 6): 13, (3, 5): 13,
    (2, 5): 14, (3, 4): 14, (2, 4): 15, (1, 4): 16, (2, 3): 16, (1, 2): 17,
}  # fmt: skip


def naive_key(a: Tile, b: Tile) -> tuple[int, int, int]:
    """Rank key computed from scratch every time (larger is better)."""
    pa, pb = (a.lo, a.hi), (b.lo, b.hi)
    pr = PAIRS.get(frozenset({pa, pb}))
    if pr is None and {pa, pb} & {(6, 6), (1, 1)}:
        other = pb if pa in ((6, 6), (1, 1)) else pa
        top = pa if pa in ((6, 6), (1, 1)) else pb
        if other in ((3, 6), (4, 5)):
            pr = 17 if top == (6, 6) else 18
        elif other in ((2, 6), (3, 5), (4, 4)):
            pr = 19 if top == (6, 6) else 20
    if pr is not None:
        return (1, -pr, 0)
    best = (-1, 99)
    for ca in (3, 6) if pa in ((1, 2), (2, 4)) else (a.pips,):
        for cb in (3, 6) if pb in ((1, 2), (2, 4)) else (b.pips,):
            ra = (15 if ca == 6 else 17) if pa in ((1, 2), (2, 4)) else SINGLE[pa]
            rb = (15 if cb == 6 else 17) if pb in ((1, 2), (2, 4)) else SINGLE[pb]
            v = (ca + cb) % 10
            if v > best[0]:
                best = (v, min(ra, rb))
    return (0, best[0], -best[1])


def main() -> None:
    """Run and print."""
    hands = list(itertools.combinations(FULL_SET, 2))
    pairs = [(h, g) for h in hands for g in hands]
    t = time.perf_counter()
    fast = sum(STRENGTH[a.kind][b.kind] > STRENGTH[c.kind][d.kind] for (a, b), (c, d) in pairs)
    t_fast = time.perf_counter() - t
    t = time.perf_counter()
    slow = sum(naive_key(a, b) > naive_key(c, d) for (a, b), (c, d) in pairs)
    t_slow = time.perf_counter() - t
    assert fast == slow
    print(
        f"rank {len(pairs):,} hand pairs: table {t_fast * 1000:.0f} ms, "
        f"from scratch {t_slow * 1000:.0f} ms, x{t_slow / t_fast:.1f}"
    )

    reg = get_way("regulation")
    rng = random.Random(5)
    lines = []
    for _ in range(100_000):
        ts = rng.sample(list(FULL_SET), 8)
        lines.append(json.dumps({"player": str(reg.set(ts[:4])), "dealer": str(reg.set(ts[4:]))}))
    text = "\n".join(lines) + "\n"
    out = io.StringIO()
    t = time.perf_counter()
    batch.run("compare", io.StringIO(text), out)
    t_batch = time.perf_counter() - t
    print(f"compare --batch, 100,000 lines: {t_batch:.2f} s ({100_000 / t_batch:,.0f} lines/s)")
    table_ways(rng)


def _batch_set(text: str, way: str) -> tuple[float, str]:
    out = io.StringIO()
    t = time.perf_counter()
    batch.run("set", io.StringIO(text), out, default_way=way)
    return time.perf_counter() - t, out.getvalue()


def table_ways(rng: random.Random) -> None:
    """``table:FILE.csv`` against the built-in way it was exported from."""
    reg = get_way("regulation")
    combos = list(all_combinations())
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "regulation-35960.csv"
        with path.open("w", encoding="utf-8", newline="") as f:
            rows = write_table(reg, f, all_=True)
        loads = []
        for _ in range(5):
            t = time.perf_counter()
            way = load_table(path)
            loads.append(time.perf_counter() - t)
        print(
            f"load a {rows:,}-row table: {min(loads) * 1000:.1f} ms "
            f"(best of 5; {len(combos):,} combinations to set)"
        )
        t = time.perf_counter()
        for c in combos:
            reg.set(c)
        t_reg = time.perf_counter() - t
        t = time.perf_counter()
        for c in combos:
            way.set(c)
        t_tab = time.perf_counter() - t
        print(
            f"set all {len(combos):,} combinations: regulation {t_reg * 1000:.0f} ms, "
            f"table {t_tab * 1000:.0f} ms, table/regulation x{t_tab / t_reg:.2f}"
        )
        hands = [format_tiles(rng.choice(combos)) for _ in range(100_000)]
        text = "".join(json.dumps({"tiles": h}) + "\n" for h in hands)
        t_r, out_r = _batch_set(text, "regulation")
        t_t, out_t = _batch_set(text, f"table:{path}")
        same = [
            json.loads(a)["high"] == json.loads(b)["high"]
            for a, b in zip(out_r.splitlines(), out_t.splitlines(), strict=True)
        ]
        assert all(same)
        print(
            f"set --batch, 100,000 lines: regulation {t_r:.2f} s, table: {t_t:.2f} s "
            f"(load included), table/regulation x{t_t / t_r:.2f}"
        )


if __name__ == "__main__":
    main()
