"""Benchmark of the exact math engine: every figure beside the previous method's, in one run.

Run: ``make bench`` (or ``.venv/bin/python benchmarks/bench_math.py``). The previous method is
the source tree of commit :data:`PREVIOUS` (the class-by-class multiplicity matrix, the
hand-by-hand bonus count, eager imports), taken from git into a temporary directory; both
trees are timed by :mod:`math_probe` in fresh processes of the same interpreter, one after the
other, so each ratio is measured in one run on one machine. Timings are the best of several
runs (wall clock); memory is the peak resident size of a process that does only that work.

``--no-suite`` skips the last figure (the peak memory of the math test modules, run in one
process per tree, which takes a few minutes).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from paigow.games.tiles.settings import compare_settings
from paigow.games.tiles.tiles import FULL_SET
from paigow.games.tiles.ways import get_way
from paigow.profiles import get_profile

#: The commit whose engine the figures are compared with.
PREVIOUS = "c576e482c538f931765df9285c66fc9d21ab4446"
ROOT = Path(__file__).resolve().parents[1]
PROBE = Path(__file__).resolve().with_name("math_probe.py")
DEALS = 736_281_000
#: Test modules of the exact math (the largest processes of the suite).
MATH_TESTS = (
    "tests/test_exact.py",
    "tests/test_spg_exact.py",
    "tests/test_exact_fast.py",
    "tests/test_equilibrium.py",
)


def previous_tree(tmp: Path, commit: str = PREVIOUS) -> Path | None:
    """The source and tests of ``commit``, extracted from git; None when it is missing."""
    tmp.mkdir(parents=True, exist_ok=True)
    try:
        blob = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit, "src", "tests", "docs"],
            check=True,
            capture_output=True,
        ).stdout
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(tmp, filter="data")
    return tmp


#: The benchmark's own folder for the on-disk array cache of each tree (set by :func:`main`).
CACHES: dict[Path, Path] = {}


def env_for(tree: Path) -> dict[str, str]:
    """Environment that imports ``paigow`` from ``tree/src``, with bytecode caching on (as a
    user has it) and the on-disk array cache in a folder of the benchmark's own."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree / "src")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PAIGOW_CACHE_DIR"] = str(CACHES[tree])
    return env


def probe(tree: Path, mode: str) -> dict[str, float]:
    """Run :mod:`math_probe` against ``tree`` in a fresh process."""
    out = subprocess.run(
        [sys.executable, str(PROBE), mode],
        check=True,
        capture_output=True,
        text=True,
        env=env_for(tree),
        cwd=tree,
    )
    data: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def startup(tree: Path, args: list[str], repeat: int = 7) -> float:
    """Best wall time of a whole ``paigow`` process, in milliseconds (warm caches)."""
    cmd = [sys.executable, "-m", "paigow.cli.main", *args]
    env = env_for(tree)
    subprocess.run(cmd, check=True, capture_output=True, env=env)  # fill the caches
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        best = min(best, time.perf_counter() - t)
    return best * 1000


def suite_peak(tree: Path, modules: list[str]) -> float:
    """Peak memory (MiB) of one pytest process running ``modules`` of ``tree``."""
    code = (
        "import json, resource, sys, pytest\n"
        "pytest.main(['-q', '-p', 'no:xdist', '-p', 'no:cacheprovider', *sys.argv[1:]])\n"
        "print(json.dumps(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *modules],
        check=True,
        capture_output=True,
        text=True,
        env=env_for(tree),
        cwd=tree,
    )
    return float(out.stdout.strip().splitlines()[-1]) / 1024


def naive_deals_per_second(n_players: int = 3) -> float:
    """Plain Python: set both hands by house way and compare, deal by deal."""
    reg = get_way("regulation")
    rules = get_profile("generic").compare_rules
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
            compare_settings(mine, reg.set(combo), rules)
            done += 1
    return done / (time.perf_counter() - t)


def row(name: str, now: float, before: float | None, unit: str = "ms") -> None:
    """One figure: current, previous, and how many times better the current one is."""
    if before is None:
        print(f"{name:<46} {now:>10.2f} {unit}")
        return
    ratio = before / now if now else float("inf")
    print(f"{name:<46} {now:>10.2f} {unit}   previous {before:>10.2f} {unit}   x{ratio:>8.1f}")


def main() -> None:
    """Run every benchmark and print the figures."""
    with_suite = "--no-suite" not in sys.argv
    with tempfile.TemporaryDirectory() as tmp:
        old = previous_tree(Path(tmp) / "previous")
        CACHES[ROOT] = Path(tmp) / "cache-current"
        if old is not None:
            CACHES[old] = Path(tmp) / "cache-previous"
        if old is None:
            print(f"(commit {PREVIOUS[:7]} not available: no comparison with the previous method)")
        now_t = probe(ROOT, "times")
        old_t = probe(old, "times") if old else {}
        now_m = probe(ROOT, "memory")
        old_m = probe(old, "memory") if old else {}
        print(f"exact math, current tree vs commit {PREVIOUS[:7]} (best of several runs)")
        row("exact edge, two precomputed ways", now_t["edge"], old_t.get("edge"))
        row("100 ways against one dealer way", now_t["many"], old_t.get("many"))
        row("optimal table, all 3,620 hands", now_t["optimal"], old_t.get("optimal"))
        row("Supreme Pai Gow edge, 72,832,605,300 deals", now_t["spg_edge"], old_t.get("spg_edge"))
        row("Supreme Pai Gow bonus counts (316,251 hands)", now_t["bonus"], old_t.get("bonus"))
        row(
            "peak memory, a process computing one edge",
            now_m["edge_peak_mib"],
            old_m.get("edge_peak_mib"),
            "MiB",
        )
        for label, args in (
            ("start-up: paigow hand 6-6 4-5 --json", ["hand", "6-6", "4-5", "--json"]),
            (
                "start-up: paigow advise 6-6 4-5 1-2 3-3 --json",
                ["advise", "6-6", "4-5", "1-2", "3-3", "--json"],
            ),
            ("start-up: paigow edge --json", ["edge", "--json"]),
        ):
            row(label, startup(ROOT, args), startup(old, args) if old else None)
        dps = naive_deals_per_second()
        print(f"{'(naive per-deal loop, estimated for all deals)':<46} {DEALS / dps:>10.0f} s")
        if with_suite:
            now_mods = [m for m in MATH_TESTS if (ROOT / m).exists()]
            old_mods = [m for m in MATH_TESTS if old and (old / m).exists()]
            row(
                "peak memory, math test modules in one process",
                suite_peak(ROOT, now_mods),
                suite_peak(old, old_mods) if old else None,
                "MiB",
            )


if __name__ == "__main__":
    main()
