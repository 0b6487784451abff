"""Benchmark of the legal choices a table sends its players (paigow.service.tables.choices): the
time of :func:`~paigow.service.tables.choices.player_choices` for all six players of a table, as one
broadcast makes them, in the wager phase (three of the six have wagered) and in the setting phase,
for every profile; the ranges of the wagers both searched afresh and kept from the last broadcast
(the path of a table that changed: :class:`~paigow.service.tables.choices.Choices`).

The same tables are measured with this checkout's source and with an earlier revision's
(``--before``, default ``main``; its ``src`` taken from git into a temporary folder), each in
its own process, in turns, the best of the turns kept.

Run: ``.venv/bin/python benchmarks/bench_choices.py [--before REV] [--reps N] [--turns N]``.
"""

from __future__ import annotations

import argparse
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["ann", "bea", "cid", "dot", "eve", "fay"]
PROFILES = ["generic", "colorado", "nj-supreme", "lucky-chances", "maryland"]
VARIATIONS: dict[str, dict[str, Any]] = {
    "colorado": {"pair_fortunes": "1", "dragons_eye": True},
    "maryland": {"pair_fortunes": "A"},
}


def _table(profile: str, phase: str) -> tuple[Any, Any, Any]:
    """A table of six players driven to ``phase`` (its engine, the wait, the floor): in the
    wager phase three have wagered; in the setting phase all six (five against a player
    bank)."""
    from paigow.service.tables.conduct import Floor, Wait, next_step
    from paigow.service.tables.config import TableConfig
    from paigow.service.tables.engine import TableEngine

    cfg = TableConfig(id="b", profile=profile, computer_players=0, **VARIATIONS.get(profile, {}))
    e = TableEngine(cfg)
    for i, n in enumerate(NAMES):
        e.apply({"a": "sit", "player": n, "seat": str(i + 1), "cents": 100_000})
    floor, rng = Floor(), random.Random(1)
    for _ in range(500):
        step = next_step(e, floor, rng)
        if isinstance(step, dict):
            e.apply(step)
            continue
        assert isinstance(step, Wait), step
        if step.what == "bank offer" and profile == "lucky-chances":
            floor.accepted[step.who[0]] = "player-dealer"
            continue
        rnd = e.round
        if step.what == "wagers" and rnd is not None:
            if rnd.banker.kind == "player-dealer" and not rnd.pd_stake:
                e.apply({"a": "pd_wager", "cents": 20_000})
            betting = [n for n in NAMES if n != rnd.banker.player]
            for n in betting[: 3 if phase == "wagers" else 6]:
                cents = 500 * (1 + NAMES.index(n) % 3)
                e.apply({"a": "wager", "player": n, "spot": e.seats[n], "cents": cents})
        if step.what == phase:
            return e, Wait(step.key, step.seconds, tuple(NAMES), step.what), floor
        floor.expired.add(step.key)
    raise AssertionError(f"{profile}: the table did not come to {phase}")


def _time(table: tuple[Any, Any, Any], kept: bool, reps: int) -> float:
    """Microseconds per broadcast of the six players' choices at ``table``: made afresh
    (:func:`~paigow.service.tables.choices.player_choices`), or, ``kept``, as a table makes them
    after a change (:class:`~paigow.service.tables.choices.Choices`: the wager ranges kept from the
    last broadcast; the table's change counted without changing it)."""
    from paigow.service.tables.choices import Choices, player_choices

    e, wait, floor = table
    choices = Choices()

    def broadcast() -> None:
        if kept:
            e.changes += 1
            for n in NAMES:
                choices.get(e, wait, floor, n, away=False)
        else:
            for n in NAMES:
                player_choices(e, wait, floor, n, away=False)

    broadcast()
    t = time.perf_counter()
    for _ in range(reps):
        broadcast()
    return (time.perf_counter() - t) / reps * 1e6


def worker(reps: int) -> dict[str, float]:
    """Microseconds per broadcast (the six players' choices) of every table measured."""
    out: dict[str, float] = {}
    for profile in PROFILES:
        for phase in ("wagers", "setting"):
            table = _table(profile, phase)
            for kept in (False, True):
                out[f"{profile} {phase} {'kept' if kept else 'afresh'}"] = _time(table, kept, reps)
    return out


def _source(rev: str, into: Path) -> Path:
    """``rev``'s ``src`` folder, written under ``into``."""
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as t:
        t.extractall(into, filter="data")
    return into / "src"


def _run(src: Path, reps: int) -> dict[str, float]:
    env = os.environ | {"PYTHONPATH": str(src)}
    cmd = [sys.executable, __file__, "--worker", "--reps", str(reps)]
    found: dict[str, float] = json.loads(
        subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    )
    return found


def main() -> None:
    """Measure both sources in turns and print the figures and their ratios."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--before", default="main", help="the revision to compare with")
    ap.add_argument("--reps", type=int, default=100, help="broadcasts per table and turn")
    ap.add_argument("--turns", type=int, default=3, help="turns of each source")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.reps)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        sources = {"before": _source(args.before, Path(tmp)), "after": ROOT / "src"}
        best: dict[str, dict[str, float]] = {k: {} for k in sources}
        for _ in range(args.turns):
            for key, src in sources.items():
                for name, us in _run(src, args.reps).items():
                    best[key][name] = min(us, best[key].get(name, us))
    print(f"player_choices of 6 players per broadcast, best of {args.turns} turns, microseconds")
    print(f"{'table':34s} {'before':>9s} {'after':>9s} {'ratio':>6s}")
    for name, before in best["before"].items():
        after = best["after"][name]
        print(f"{name:34s} {before:9.0f} {after:9.0f} {before / after:5.1f}x")
    total = [sum(best[k].values()) for k in ("before", "after")]
    print(f"{'all tables':34s} {total[0]:9.0f} {total[1]:9.0f} {total[0] / total[1]:5.1f}x")


if __name__ == "__main__":
    main()
