"""What a run keeps: the steps, the actors and faults by kind, the invariant checks done and
the violations found, each with the seed, the step at which it was seen, the invariant and
what was seen. A violation is kept once per (invariant, key): the same defect seen again is
counted, not repeated."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

__all__ = ["INVARIANTS", "Record", "Violation"]

#: The invariants, each with its checker (docs/reliability.md, "The whole-service simulation").
INVARIANTS = {
    "money": "the ledger balances: every account equals its rows, all sum to zero, none "
    "negative; every round ended is stored; the audit tool agrees (tests/simulation/store.py)",
    "liveness": "a table with a seated player who acts finishes each round within its windows "
    "plus the slack, whatever else is sent to it; under a flood of refused commands it keeps "
    "90 % of its quiet rate (tests/simulation/live.py)",
    "hidden": "no viewer's records, frames or links let a brute force recover a hand, setting "
    "or comparison the rules hide from it (tests/simulation/adversary.py)",
    "refusals": "every refusal is a 4xx, a 429 with Retry-After, a documented close code or a "
    "refused result with a reason; no 5xx, no traceback in any log (tests/simulation/net.py, "
    "logs.py)",
    "rights": "names, rights, limits, exclusions, wallet adjustments and every process's view "
    "of a player's tables hold at every door (tests/simulation/attackers.py, operators.py)",
    "cluster": "no table is shown or logged as held while its stored chain is intact; a close "
    "is never refused for a held or moved table (tests/simulation/watch.py)",
    "faults": "after a fault nothing acknowledged is lost, every table is held again within "
    "the lease and one renewal plus the slack, and the event log says so (faults.py)",
    "floor": "the pit's floor pushed to an operator who follows it shows every table open in "
    "the store and no table closed there, within seconds, at any door (tests/simulation/floor.py)",
    "access": "a polite spectator or player is admitted and answered in time whatever others "
    "hold open or flood (tests/simulation/attackers.py)",
}


@dataclass
class Violation:
    """One invariant broken."""

    seed: int
    setup: str
    step: int
    invariant: str
    seen: str
    count: int = 1

    def line(self) -> str:
        """One line of the report."""
        more = f" (seen {self.count} times)" if self.count > 1 else ""
        return (
            f"seed {self.seed} setup {self.setup} step {self.step} [{self.invariant}] "
            f"{self.seen}{more}"
        )


@dataclass
class Record:
    """The run's counts and findings."""

    seed: int
    setup: str = ""
    step: int = 0
    actors: Counter[str] = field(default_factory=Counter)
    faults: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    checks: Counter[str] = field(default_factory=Counter)
    violations: dict[tuple[str, str, str], Violation] = field(default_factory=dict)
    #: Until when (monotonic) a fault is in its settling time: answers a fault explains
    #: (a gateway error, a socket cut) are not violations then.
    fault_until: float = 0.0
    notes: list[str] = field(default_factory=list)
    #: The run is ending: the processes close their sockets (1012), which is no finding.
    stopping: bool = False
    started: float = field(default_factory=time.monotonic)
    #: The bounds that compare timings (a takeover's seconds, a flood's cost in rounds or in
    #: a trainer answer's milliseconds) count as violations; False (the run in ``make test``,
    #: on a machine busy with other tests): each one missed is a note, not a violation.
    strict_timing: bool = True

    def next_step(self, action: str) -> int:
        """Count one step of an actor (its action's kind); its number."""
        self.step += 1
        self.actions[action] += 1
        return self.step

    def check(self, invariant: str, n: int = 1) -> None:
        """Count checks of ``invariant`` done."""
        self.checks[invariant] += n

    def violate(self, invariant: str, key: str, seen: str, step: int | None = None) -> None:
        """Record a violation (once per ``key`` of the invariant in this set-up)."""
        k = (self.setup, invariant, key)
        if k in self.violations:
            self.violations[k].count += 1
            return
        self.violations[k] = Violation(
            self.seed, self.setup, self.step if step is None else step, invariant, seen[:600]
        )

    def timed(self, invariant: str, key: str, seen: str) -> None:
        """A bound on a timing missed: a violation, or a note when timings are not strict."""
        if self.strict_timing:
            self.violate(invariant, key, seen)
        else:
            self.notes.append(f"a timed bound missed (a note in this run): [{invariant}] {seen}")

    def in_fault(self) -> bool:
        """A fault is being injected or settling now."""
        return time.monotonic() < self.fault_until

    def fault(self, kind: str, settle: float) -> None:
        """A fault of ``kind`` starts now; its effects settle within ``settle`` seconds."""
        self.faults[kind] += 1
        self.fault_until = max(self.fault_until, time.monotonic() + settle)

    def summary(self) -> dict[str, Any]:
        """The report as data."""
        return {
            "seed": self.seed,
            "steps": self.step,
            "actors": dict(self.actors),
            "faults": dict(self.faults),
            "actions": dict(self.actions),
            "checks": dict(self.checks),
            "violations": [v.__dict__ for v in self.violations.values()],
            "notes": self.notes,
        }
