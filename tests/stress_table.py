"""The stateful table test of tests/test_table_stateful.py, run far longer.

Usage: ``.venv/bin/python tests/stress_table.py [EXAMPLES] [STEPS]`` (default 2000 x 300 per
machine). Prints how many actions, refusals, records and journals were checked; exits non-zero
with the failing example if anything is found. Random seeds (not the fixed ones of the test).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table_machine import COUNTS
from test_table_stateful import PlayerDealerAndCardsMachine, TilesMachine, run


def main(argv: list[str]) -> int:
    examples = int(argv[1]) if len(argv) > 1 else 2000
    steps = int(argv[2]) if len(argv) > 2 else 300
    total: dict[str, int] = {}
    for machine in (TilesMachine, PlayerDealerAndCardsMachine):
        COUNTS.clear()
        start = time.perf_counter()
        run(machine, examples, steps, derandomize=False, shrink=False)
        took = time.perf_counter() - start
        keys = ("actions", "refused", "accepted", "records", "settled", "void", "journals")
        print(machine.__name__, f"{took:.0f} s", ", ".join(f"{k} {COUNTS[k]:,}" for k in keys))
        for k in keys:
            total[k] = total.get(k, 0) + COUNTS[k]
    print("total", ", ".join(f"{k} {v:,}" for k, v in total.items()), "- nothing found")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
