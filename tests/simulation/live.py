"""The liveness invariant. A steady player sits at the live table and acts at once whenever
the table waits for them; the computer players act at once too. So each round takes at most
the pause between rounds, one window (a race with a timer) and the machine's own delay: the
bound is ``pause_seconds + the longest window + SLACK``. The monitor watches the round count
the steady player is shown and reports a round that takes longer, unless a fault the run
injected explains it (a process stopped or killed, the database restarted) or the table is
paused. At the end it compares the table's rate of rounds while a flood of refused commands
ran against its rate while none did: the flood may not take more than 10 % of it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .players import Player
from .world import World

__all__ = ["SLACK", "LiveMonitor"]

#: What the bound allows beyond the table's windows: a loaded 2-core machine's delays.
SLACK = 8.0


class LiveMonitor:
    """Watches the live table's rounds through its steady player."""

    kind = "monitor"

    def __init__(self, world: World, player: Player, options: dict[str, Any]) -> None:
        self.w = world
        self.player = player
        windows = [options[k] for k in ("wager_seconds", "setting_seconds", "decision_seconds")]
        self.bound = float(options["pause_seconds"]) + max(windows) + SLACK
        #: (monotonic time, round count) at each change.
        self.changes: list[tuple[float, int]] = []
        self.stalls = 0
        self.bursts: list[tuple[float, float]] = []

    async def run(self) -> None:
        """Check every half second until the run stops."""
        last_t, last_n = time.monotonic(), -1
        while not self.w.stop.is_set():
            await asyncio.sleep(0.5)
            now = time.monotonic()
            sock = self.player.sock
            st = sock.states.get(self.player.table or "") if sock is not None else None
            if self.w.rec.in_fault() or not st or st.get("paused") or st.get("held"):
                last_t = now
                continue
            if self.player.name not in (st.get("seats") or {}):
                last_t = now
                continue
            n = int(st.get("rounds") or 0)
            if n != last_n:
                if last_n >= 0:
                    self.changes.append((now, n))
                last_t, last_n = now, n
                continue
            self.w.rec.check("liveness")
            if now - last_t > self.bound:
                self.stalls += 1
                self.w.rec.violate(
                    "liveness",
                    "stall",
                    f"the live table stayed at round {n} for {now - last_t:.1f} s with its "
                    f"seated player acting (bound {self.bound:.0f} s: the pause, the longest "
                    f"window and {SLACK:.0f} s of slack)",
                )
                last_t = now

    def rates(self) -> None:
        """The flood's cost in rounds: rounds finished inside the bursts against outside."""
        if not self.bursts or len(self.changes) < 2:
            return
        t0, t1 = self.changes[0][0], self.changes[-1][0]
        inside = sum(min(b, t1) - max(a, t0) for a, b in self.bursts if b > t0 and a < t1)
        outside = (t1 - t0) - inside
        n_in = sum(1 for t, _ in self.changes[1:] if any(a <= t <= b for a, b in self.bursts))
        n_out = len(self.changes) - 1 - n_in
        if inside < 8 or outside < 8 or n_out < 4:
            self.w.rec.notes.append(
                f"liveness rate not compared: {n_out} rounds in {outside:.0f} s quiet, "
                f"{n_in} in {inside:.0f} s of flood"
            )
            return
        quiet, flooded = n_out / outside, n_in / inside
        self.w.rec.check("liveness")
        self.w.rec.notes.append(
            f"live table: {quiet * 60:.1f} rounds/min quiet, {flooded * 60:.1f} during the flood"
        )
        # one round of leeway for the windows' edges
        if n_in + 1 < 0.9 * quiet * inside:
            self.w.rec.timed(
                "liveness",
                "flood rate",
                f"the live table finished {n_in} rounds in {inside:.0f} s of refused sits "
                f"({flooded * 60:.1f}/min) against {quiet * 60:.1f}/min quiet: under 90 %",
            )
