"""A run: each set-up started, its actors and faults let loose for the time given, the end
checks, the report. The set-ups run side by side (each its own processes, record and
actors), so a run takes about as long as its longest set-up."""

from __future__ import annotations

import asyncio
import contextlib
import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .attackers import HistoryFlood, LookAlike, SitFlood, WatchHog
from .checks import Adversary, final_checks, scan_logs
from .faults import Faults
from .floor import FloorWatcher
from .live import LiveMonitor
from .misuse import Excluder, Fuzzer
from .operators import CarelessOperator, HouseOperator, check_money
from .players import Player, Spectator
from .procs import Tree, cluster_setup, sqlite_setup
from .record import INVARIANTS, Record
from .world import World

__all__ = ["Options", "report", "simulate"]


@dataclass(frozen=True)
class Options:
    """What a run does."""

    seed: int = 1
    seconds: float = 60.0
    setups: tuple[str, ...] = ("sqlite", "cluster")
    faults: bool = True
    tree: Path = Path(__file__).resolve().parents[2]
    #: The most candidates the adversary tries against one gap of a record.
    budget: int = 200_000
    #: Players beside the steady ones, and spectators.
    players: int = 4
    spectators: int = 3
    #: Seconds between faults (on average).
    fault_every: float = 12.0
    workdir: Path | None = None
    #: Bounds on timings are violations (False: notes; :attr:`.record.Record.strict_timing`).
    strict_timing: bool = True


def simulate(opts: Options) -> list[Record]:
    """Run every set-up of ``opts``; their records."""
    root = opts.workdir or Path(tempfile.mkdtemp(prefix="paigow-sim-"))
    root.mkdir(parents=True, exist_ok=True)

    async def main() -> list[Record]:
        return list(await asyncio.gather(*(_setup_run(k, opts, root) for k in opts.setups)))

    return asyncio.run(main())


async def _setup_run(kind: str, opts: Options, root: Path) -> Record:
    rec = Record(opts.seed, kind, strict_timing=opts.strict_timing)
    workdir = root / kind
    workdir.mkdir(exist_ok=True)
    make = sqlite_setup if kind == "sqlite" else cluster_setup
    setup = await asyncio.to_thread(make, Tree(opts.tree), workdir)
    world = World(rec, setup, opts.seed + (0 if kind == "sqlite" else 7919), opts.budget)
    try:
        await _play(world, opts)
    finally:
        await asyncio.to_thread(setup.stop)
        await world.close()
    rec.notes.append(f"{kind}: logs and database in {workdir}")
    return rec


async def _play(w: World, opts: Options) -> None:
    house = HouseOperator(w, 1)
    await house.open_tables()
    live = next(t for t in w.tables.values() if t.role == "live")
    hidden = next(t for t in w.tables.values() if t.role == "hidden")
    steady = Player(w, 10, "good", live.id)
    surrenderer = Player(w, 11, "surrender", hidden.id)
    monitor = LiveMonitor(w, steady, live.options)
    floods = [SitFlood(w, 40)]
    actors: list[Any] = [house, steady, surrenderer, monitor, *floods]
    actors += [Player(w, 20 + i, "bad" if i % 2 else "good") for i in range(opts.players)]
    actors += [Spectator(w, 30 + i, signed_in=i % 2 == 1) for i in range(opts.spectators)]
    actors += [Adversary(w, 50), LookAlike(w, 51), WatchHog(w, 52), HistoryFlood(w, 53)]
    actors += [Fuzzer(w, 54), Excluder(w, 55), CarelessOperator(w, 56), FloorWatcher(w, 57)]
    if opts.faults:
        actors.append(Faults(w, 60, opts.fault_every, [steady, surrenderer, *actors]))
    for a in actors:
        w.rec.actors[getattr(a, "kind", type(a).__name__)] += 1
    tasks = [asyncio.create_task(_guard(w, a)) for a in actors]
    await asyncio.sleep(opts.seconds)
    w.stop.set()
    w.rec.stopping = True
    _done, pending = await asyncio.wait(tasks, timeout=30)
    for t in pending:
        t.cancel()
    with contextlib.suppress(BaseException):
        await asyncio.gather(*pending, return_exceptions=True)
    for f in floods:
        monitor.bursts += f.bursts
    monitor.rates()
    # the end: every process up again, then the store and the logs
    for p in w.setup.procs:
        p.resume()
        if not p.alive():
            await asyncio.to_thread(p.start)
    w.rec.fault_until = 0.0
    await Adversary(w, 59).sweep(None)
    await check_money(w, "the run")
    await final_checks(w)
    scan_logs(w)


async def _guard(w: World, actor: Any) -> None:
    """Run one actor; a crash of the simulation's own code is reported, not hidden."""
    try:
        await actor.run()
    except asyncio.CancelledError:
        raise
    except Exception as e:
        w.rec.notes.append(f"{type(actor).__name__} stopped: {type(e).__name__}: {e}")


def report(records: list[Record], opts: Options, wall: float) -> str:
    """The report of a run, in words."""
    faults = "on" if opts.faults else "off"
    lines = [
        f"seed {opts.seed}  set-ups {', '.join(opts.setups)}  faults {faults}  wall {wall:.0f} s"
    ]
    for r in records:
        lines.append(f"== {r.setup}: {r.step} steps")
        lines.append("  actors: " + ", ".join(f"{k} {v}" for k, v in sorted(r.actors.items())))
        lines.append(
            "  faults: " + (", ".join(f"{k} {v}" for k, v in sorted(r.faults.items())) or "none")
        )
        lines.append("  checks: " + ", ".join(f"{k} {r.checks.get(k, 0)}" for k in INVARIANTS))
        top = sorted(r.actions.items(), key=lambda kv: -kv[1])[:12]
        lines.append("  steps by kind: " + ", ".join(f"{k} {v}" for k, v in top))
        for n in r.notes[:30]:
            lines.append(f"  note: {n}")
    vs = [v for r in records for v in r.violations.values()]
    lines.append(f"violations: {len(vs)}")
    lines += ["  " + v.line() for v in sorted(vs, key=lambda v: (v.setup, v.step))]
    return "\n".join(lines)


def as_json(records: list[Record], opts: Options, wall: float) -> str:
    """The report as JSON."""
    return json.dumps(
        {
            "seed": opts.seed,
            "wall": round(wall, 1),
            "setups": [r.summary() | {"setup": r.setup} for r in records],
        },
        indent=1,
    )


def timed(opts: Options) -> tuple[list[Record], float]:
    """Run, and the wall time it took."""
    t0 = time.monotonic()
    recs = simulate(opts)
    return recs, time.monotonic() - t0
