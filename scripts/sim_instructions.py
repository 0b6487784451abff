"""Instructions per command of the table's hot path, counted: a figure that does not move with
the machine's other work.

Four tables of six random players (``tests/service_sim.py``: the actor, the engine, the
choices, the projections, the differences and the frames, with the store in memory and no
sockets) play ``--steps`` decisions each in one process under valgrind's callgrind, which
counts the instructions the process executed. Two runs of different lengths are subtracted,
so that start-up and imports cancel: what is left is the instructions of the decisions alone,
divided by their commands. With ``--against REF`` the same is counted for the code of a git
revision (its ``src`` and ``tests``, from ``git archive``) and the ratio printed. Python's
hashing is seeded (``PYTHONHASHSEED=0``) and the tables' randomness too, so the same code
gives the same count again; a change off the path can still move it by about 0.2 % (where
objects land in memory), so smaller differences mean nothing.

Run: ``.venv/bin/python scripts/sim_instructions.py --against HEAD [--profile generic]
[--steps 50 200] [--json]``. It needs valgrind (``apt-get install valgrind``); about two
minutes on two cores (the four runs at once). The figures are in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


async def _play(profile: str, steps: int) -> int:
    """The inner run: four tables, 50 decisions each to warm up, then ``steps`` each; the
    commands sent."""
    import logging

    from paigow.service.tables.config import TableConfig
    from service_sim import Sim

    logging.disable(logging.CRITICAL)

    class Quiet:
        def __init__(self, user: Any) -> None:
            self.user = user

        def push(self, message: Any) -> None:
            pass

    sims = []
    for seed in range(4):
        config = TableConfig(id="t", profile=profile, computer_players=0, pause_seconds=0)
        sim = Sim(config, 6, seed, irregular=0.0)
        sim.subs = [Quiet(u) for u in sim.users]  # type: ignore[misc]
        await sim.start()
        sims.append(sim)
    for _ in range(50):
        for sim in sims:
            await sim.step()
    for _ in range(steps):
        for sim in sims:
            await sim.step()
    return sum(sim.n for sim in sims)


def _count(code: Path, profile: str, steps: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": f"{code / 'src'}:{code / 'tests'}"}
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--inner",
        str(steps),
        "--profile",
        profile,
    ]
    return subprocess.Popen(
        cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _result(p: subprocess.Popen[str]) -> tuple[int, int]:
    out, _ = p.communicate()
    ir = re.search(r"Collected : (\d+)", out)
    commands = re.search(r"^commands (\d+)$", out, re.M)
    if p.returncode != 0 or ir is None or commands is None:
        raise SystemExit(f"sim_instructions: a run failed:\n{out[-2000:]}")
    return int(ir.group(1)), int(commands.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", default="generic")
    ap.add_argument("--steps", type=int, nargs=2, default=[50, 200], metavar=("SHORT", "LONG"))
    ap.add_argument("--against", metavar="REF", help="a git revision to count too")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--inner", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.inner is not None:
        print(f"commands {asyncio.run(_play(args.profile, args.inner))}", flush=True)
        return
    short, long = args.steps
    with tempfile.TemporaryDirectory() as tmp:
        codes = {"this": ROOT}
        if args.against:
            ref = Path(tmp) / "ref"
            ref.mkdir()
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.against, "src", "tests"],
                check=True,
                capture_output=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(ref)], input=archive, check=True)
            codes = {args.against: ref, "this": ROOT}
        runs = {
            (name, n): _count(code, args.profile, n)
            for name, code in codes.items()
            for n in (short, long)
        }
        counted = {key: _result(p) for key, p in runs.items()}
    out: dict[str, Any] = {"profile": args.profile, "steps": [short, long]}
    for name in codes:
        (ir0, c0), (ir1, c1) = counted[name, short], counted[name, long]
        out[name] = {
            "commands": c1 - c0,
            "instructions_per_command": round((ir1 - ir0) / (c1 - c0)),
        }
    if args.against:
        this, ref_ = out["this"], out[args.against]
        if this["commands"] != ref_["commands"]:
            out["note"] = "the two codes played different commands: compare with care"
        out["this_over_" + args.against] = round(
            this["instructions_per_command"] / ref_["instructions_per_command"], 4
        )
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name in codes:
        r = out[name]
        print(
            f"{name}: {r['instructions_per_command'] / 1e6:.3f} M instructions per command "
            f"({r['commands']} commands)"
        )
    if args.against:
        print(f"this / {args.against}: {out['this_over_' + args.against]}")


if __name__ == "__main__":
    main()
