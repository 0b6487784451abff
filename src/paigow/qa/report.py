"""The randomness report: draw outcomes through the engine, run the battery, print a verdict.

Run as ``scripts/randomness_report.py`` (or ``python -m paigow.qa.report``)::

    randomness_report.py --shuffles 1000000 --rolls 1000000            # the OS source
    randomness_report.py --shuffles 20000 --rolls 50000 --seed 7       # replayable
    randomness_report.py --shuffles 5000 --rolls 0 --source naive-shuffle --seed 1

Exit status 0 when every test passes, 1 when the battery fails, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from .battery import LAGS, Report, run_battery
from .distributions import holm_threshold
from .sampling import Plan, Samples, collect
from .sources import SOURCES

__all__ = ["main", "parser", "render"]

_WHAT = {
    "tiles": "wash (run_dealer on a generic round)",
    "cards": "shuffle (run_dealer on an nj-supreme round)",
    "dice": "roll (roll_dice)",
    "rng-md": "RNG number (maryland 1..8)",
    "rng-nj": "RNG number (nj-supreme 1..7)",
    "bits": "32-bit word (getrandbits)",
}


def parser() -> argparse.ArgumentParser:
    """The report's arguments."""
    p = argparse.ArgumentParser(
        prog="randomness_report.py",
        description="Statistical battery over the engine's shuffles and dice.",
    )
    p.add_argument(
        "--shuffles",
        type=int,
        default=1_000_000,
        help="tile washes and card shuffles, each (default 1,000,000)",
    )
    p.add_argument(
        "--rolls", type=int, default=1_000_000, help="rolls of three dice (default 1,000,000)"
    )
    p.add_argument(
        "--rng-numbers",
        type=int,
        help="RNG start numbers per profile (default: as many as --rolls)",
    )
    p.add_argument(
        "--bits", type=int, default=1 << 24, help="raw bits for the NIST tests (default 2^24)"
    )
    p.add_argument(
        "--source",
        choices=sorted(SOURCES),
        help="random source (default system; replay with --seed)",
    )
    p.add_argument("--seed", type=int, help="seed of a replayable source, to reproduce a run")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--alpha", type=float, default=0.01, help="family-wise level (default 0.01)")
    p.add_argument(
        "--lags", type=int, default=LAGS, help=f"serial correlation lags 1..k (default {LAGS})"
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    return p


def _plan(args: argparse.Namespace, p: argparse.ArgumentParser) -> Plan:
    source = args.source or ("replay" if args.seed is not None else "system")
    if SOURCES[source].seeded and args.seed is None:
        p.error(f"--source {source} needs --seed")
    if not SOURCES[source].seeded and args.seed is not None:
        p.error(
            "the system source cannot be seeded; "
            "--seed replays SystemRandom's code (--source replay)"
        )
    for name in ("shuffles", "rolls", "rng_numbers", "bits"):
        value = getattr(args, name)
        if value is not None and value < 0:
            p.error(f"--{name.replace('_', '-')} cannot be negative")
    if not 0 < args.alpha < 1 or args.jobs < 1 or args.lags < 1:
        p.error("--alpha must be in (0, 1); --jobs and --lags at least 1")
    numbers = args.rolls if args.rng_numbers is None else args.rng_numbers
    return Plan(args.shuffles, args.rolls, numbers, args.bits // 32, source, args.seed)


def render(report: Report, plan: Plan, samples: Samples, seconds: float, out: TextIO) -> None:
    """The report as text."""
    src = SOURCES[plan.source]
    seed = f", seed {plan.seed}" if plan.seed is not None else ""
    out.write(f"Randomness report — source {src.name}{seed}: {src.description}\n")
    out.write(f"Python {platform.python_version()} on {platform.machine()}\n\n")
    out.write("Drawing (through the engine):\n")
    for stream, array in samples.arrays.items():
        per = samples.seconds[stream] / len(array) * 1e6
        out.write(
            f"  {len(array):>12,} x {_WHAT[stream]:<44} "
            f"{samples.seconds[stream]:8.1f} CPU s  ({per:.1f} µs each)\n"
        )
    out.write(f"  drawing took {samples.wall:.1f} s of wall time; the tests {seconds:.1f} s\n")
    m = len(report.results)
    ranks = {id(r): k for k, r in enumerate(sorted(report.results, key=lambda r: r.p))}
    bad = iter(report.rejected)
    for section in report.sections:
        out.write(f"\n{section.name}\n")
        out.write(f"  {'test':<48} {'statistic':>12} {'dof':>5} {'p-value':>10}  verdict\n")
        for r in section.results:
            dof = "" if r.dof is None else str(r.dof)
            verdict = "FAIL" if next(bad) else "ok"
            out.write(f"  {r.name:<48} {r.stat:>12.3f} {dof:>5} {r.p:>10.3g}  {verdict}")
            out.write(f"   {r.detail}\n" if r.detail else "\n")
    where = {id(r): s.name.split(" (")[0] for s in report.sections for r in s.results}
    smallest = min(report.results, key=lambda r: r.p)
    need = holm_threshold(ranks[id(smallest)], m, report.alpha)
    out.write(
        f"\n{m} tests; multiple testing corrected by Holm's method at family-wise level "
        f"alpha = {report.alpha:g}.\nSmallest p-value {smallest.p:.3g} "
        f"({where[id(smallest)]}: {smallest.name}); a rejection needs p <= {need:.3g}.\n"
    )
    failures = report.failures()
    if failures:
        out.write(f"\nFAIL: {len(failures)} test(s) rejected:\n")
        for name, r in failures:
            out.write(f"  {name}: {r.name} (p = {r.p:.3g})\n")
    else:
        out.write("\nPASS: no test rejected.\n")


def _as_json(report: Report, plan: Plan, samples: Samples, seconds: float) -> str:
    rejected = iter(report.rejected)
    return json.dumps(
        {
            "source": plan.source,
            "seed": plan.seed,
            "alpha": report.alpha,
            "passed": report.passed,
            "draws": {k: len(v) for k, v in samples.arrays.items()},
            "draw_cpu_seconds": samples.seconds,
            "wall_seconds": samples.wall,
            "test_seconds": seconds,
            "sections": [
                {
                    "name": s.name,
                    "tests": [
                        {
                            "name": r.name,
                            "stat": r.stat,
                            "dof": r.dof,
                            "p": r.p,
                            "rejected": next(rejected),
                            "detail": r.detail,
                        }
                        for r in s.results
                    ],
                }
                for s in report.sections
            ],
        },
        indent=1,
    )


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the report; returns the exit status."""
    out = out or sys.stdout
    p = parser()
    args = p.parse_args(argv)
    plan = _plan(args, p)
    if not plan.sizes():
        p.error("nothing to draw")
    samples = collect(plan, args.jobs)
    t0 = time.perf_counter()
    report = run_battery(samples.arrays, alpha=args.alpha, lags=args.lags)
    seconds = time.perf_counter() - t0
    if args.json:
        out.write(_as_json(report, plan, samples, seconds) + "\n")
    else:
        render(report, plan, samples, seconds, out)
    return 0 if report.passed else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
