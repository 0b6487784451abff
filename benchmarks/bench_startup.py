"""Start-up of the command line: whole ``paigow`` processes, the user's wait, in one run.

Run: ``.venv/bin/python benchmarks/bench_startup.py [--runs N]``. Each command runs as a fresh
process of this interpreter (``python -m paigow.cli.main ...``) with its bytecode compiled and
the on-disk array cache filled by a first run, then ``N`` more times (default 15), the current
tree and the tree of commit :data:`PREVIOUS` (eager imports) taking turns so that both see the
same load; the figures are the best and the median wall time and the least CPU time (user and
system, less sensitive to other work on the machine); the ratio is of the best wall times.
After the table, the heavy modules each command loads (from ``python -X importtime``): a
``--json`` command never loads rich, and ``hand`` loads neither NumPy nor asyncio.
"""

from __future__ import annotations

import compileall
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_math import CACHES, ROOT, env_for, previous_tree

#: The commit compared with: the command line before its imports were made lazy.
PREVIOUS = "8810f15a7751a4d57a3c7ceb0bd7f2a3c4fac61a"
CLI = ["-m", "paigow.cli.main"]
#: (label, interpreter arguments, goal in ms or None).
COMMANDS: tuple[tuple[str, list[str], float | None], ...] = (
    ("the interpreter alone (python -c pass)", ["-c", "pass"], None),
    ("import paigow", ["-c", "import paigow"], None),
    ("paigow hand 6-6 4-5 --json", [*CLI, "hand", "6-6", "4-5", "--json"], 80),
    (
        "paigow advise 6-6 4-5 1-2 3-3 --json",
        [*CLI, "advise", "6-6", "4-5", "1-2", "3-3", "--json"],
        150,
    ),
    ("paigow edge --json", [*CLI, "edge", "--json"], 300),
)
#: Modules worth naming when a command loads them.
HEAVY = ("rich", "numpy", "tomllib", "asyncio")


def wall(tree: Path, args: list[str]) -> tuple[float, float]:
    """Wall and CPU time (user + system) of one process, in milliseconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run([sys.executable, *args], check=True, capture_output=True, env=env_for(tree))
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return elapsed * 1000, cpu * 1000


def loaded(tree: Path, args: list[str]) -> list[str]:
    """The modules of :data:`HEAVY` that the process imports."""
    err = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        check=True,
        capture_output=True,
        text=True,
        env=env_for(tree),
    ).stderr
    names = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in err.splitlines()}
    return [h for h in HEAVY if h in names]


def main() -> None:
    """Time every command in both trees and print the figures."""
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 15
    with tempfile.TemporaryDirectory() as tmp:
        old = previous_tree(Path(tmp) / "previous", PREVIOUS)
        trees = [ROOT] if old is None else [ROOT, old]
        for i, tree in enumerate(trees):
            CACHES[tree] = Path(tmp) / f"cache-{i}"
            compileall.compile_dir(tree / "src", quiet=1)
        print(
            f"start-up, wall ms, best / median of {runs} runs (least CPU ms); "
            f"previous: commit {PREVIOUS[:7]}"
        )
        for label, args, goal in COMMANDS:
            times: dict[Path, list[tuple[float, float]]] = {tree: [] for tree in trees}
            for tree in trees:
                wall(tree, args)  # fill the array cache
            for _ in range(runs):
                for tree in trees:
                    times[tree].append(wall(tree, args))
            now = [w for w, _ in times[ROOT]]
            line = f"{label:<40} {min(now):6.1f} / {statistics.median(now):6.1f}"
            line += f" (cpu {min(c for _, c in times[ROOT]):6.1f})"
            if old is not None:
                before = [w for w, _ in times[old]]
                line += f"   previous {min(before):6.1f} / {statistics.median(before):6.1f}"
                line += f" (cpu {min(c for _, c in times[old]):6.1f})"
                line += f"   x{min(before) / min(now):5.2f}"
            if goal is not None:
                line += f"   goal {goal:.0f}: {'met' if min(now) <= goal else 'not met'}"
            print(line)
        print("heavy modules loaded (current tree):")
        for label, args, _ in COMMANDS[1:]:
            print(f"  {label:<38} {', '.join(loaded(ROOT, args)) or '-'}")


if __name__ == "__main__":
    main()
