"""The whole-service simulation (docs/reliability.md, "The whole-service simulation"): real
``paigow serve`` processes — one on SQLite, two ``--cluster`` processes on one PostgreSQL behind
nginx — played by actors drawn from a seed (players, spectators, operators, attackers), with
faults, and invariants checked while it runs and at the end. Prints the report; exit status 1
on any violation.

    .venv/bin/python scripts/simulate.py --seed 7 --minutes 30                # both set-ups
    .venv/bin/python scripts/simulate.py --seed 7 --steps 2000 --setup cluster --no-faults
    .venv/bin/python scripts/simulate.py --tree /path/to/other/checkout     # its paigow
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from simulation.run import Options, as_json, report, timed  # noqa: E402


def main() -> int:
    """Parse the options, run, print the report."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--seed", type=int, default=1)
    span = ap.add_mutually_exclusive_group()
    span.add_argument("--minutes", type=float, default=None, help="how long each set-up plays")
    span.add_argument(
        "--steps", type=int, default=None, help="about how many steps (at ~15 a second a set-up)"
    )
    ap.add_argument("--setup", choices=["sqlite", "cluster", "both"], default="both")
    ap.add_argument("--faults", action=argparse.BooleanOptionalAction, default=True)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose paigow runs")
    ap.add_argument(
        "--budget", type=int, default=2_000_000, help="the adversary's candidates per gap"
    )
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--spectators", type=int, default=3)
    ap.add_argument("--fault-every", type=float, default=20.0, help="seconds between faults")
    ap.add_argument("--workdir", type=Path, default=None, help="logs and databases (kept)")
    ap.add_argument("--json", type=Path, default=None, help="also write the report as JSON here")
    a = ap.parse_args()
    seconds = 60.0 * (a.minutes if a.minutes is not None else 1.0)
    if a.steps is not None:
        seconds = max(20.0, a.steps / 15)
    opts = Options(
        seed=a.seed,
        seconds=seconds,
        setups=("sqlite", "cluster") if a.setup == "both" else (a.setup,),
        faults=a.faults,
        tree=a.tree.resolve(),
        budget=a.budget,
        players=a.players,
        spectators=a.spectators,
        fault_every=a.fault_every,
        workdir=a.workdir,
    )
    records, wall = timed(opts)
    print(report(records, opts, wall))
    if a.json is not None:
        a.json.write_text(as_json(records, opts, wall))
    return 1 if any(r.violations for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
