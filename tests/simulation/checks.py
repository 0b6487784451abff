"""The checks of a set-up that read what the processes left: their logs (no traceback, ever),
the store (money, rounds, the commands' chains, nothing acknowledged lost, no table shown or
logged as held while its chain is intact), the audit tool's verdict, and the adversary's
attack on every record a signed-out and a signed-in viewer can fetch."""

from __future__ import annotations

import asyncio
import re
import subprocess
from typing import Any

from . import store
from .adversary import attack_record
from .world import World

__all__ = ["Adversary", "final_checks", "scan_logs"]


def scan_logs(w: World) -> None:
    """The refusals invariant on the processes' logs: no traceback, ever (a database that
    restarted or stalled under a process is logged in a line, never as a crash)."""
    for p in w.setup.procs:
        for log in p.logs:
            text = log.read_text(errors="replace") if log.exists() else ""
            w.rec.check("refusals")
            for m in re.finditer(
                r"Traceback \(most recent call last\):\n(.*?)(?=\n\S|\Z)", text, re.S
            ):
                tail = text[m.end() : m.end() + 300].splitlines()
                last = next((ln for ln in tail if ln.strip()), "?")
                w.rec.violate(
                    "refusals",
                    f"traceback {re.sub(r'[0-9]+', 'N', last)[:80]}",
                    f"a traceback in {log.name}: {last[:240]}",
                )


class Adversary:
    """Fetches what one viewer may fetch and attacks every record in it."""

    kind = "adversary"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.source = world.new_address()
        self.name = f"v{n}s{world.seed % 1000}{world.setup.kind[0]}"
        self.done: set[tuple[str, str, int]] = set()
        #: (viewer, table) whose records gave something up already: not searched again.
        self.found: set[tuple[str, str]] = set()

    async def run(self) -> None:
        """Every few seconds, the histories fetched again and new records attacked."""
        token = await self.w.sign_up(self.name, self.source)
        while not self.w.stop.is_set():
            await asyncio.sleep(5)
            await self.sweep(token)

    async def sweep(self, token: str | None) -> None:
        """One pass over the tables' histories, signed out and signed in."""
        tables = sorted(t.id for t in self.w.tables.values() if not t.closed)
        for t in tables:
            for who, tok in (("signed out", None), ("signed in", token)):
                if tok is None and who == "signed in":
                    continue
                self.w.rec.next_step("adversary.history")
                r = await self.w.http(self.source).req(
                    "GET", f"{self.w.door(self.rng)}/api/tables/{t}/history", tok
                )
                if r is None or r.status_code != 200:
                    continue
                for row in r.json():
                    key = (who, t, int(row.get("round") or 0))
                    if (
                        key in self.done
                        or (who, t) in self.found
                        or not isinstance(row.get("record"), dict)
                    ):
                        continue
                    self.done.add(key)
                    got = await asyncio.to_thread(attack_record, row["record"], self.w.budget)
                    self.w.rec.check("hidden")
                    if got.unmodelled:
                        self.w.rec.notes.append(
                            f"adversary: {got.unmodelled} gaps not modelled at {t} round {key[2]}"
                        )
                    if got.recovered:
                        self.found.add((who, t))
                    for what in got.recovered:
                        kind = "comparisons" if "comparisons" in what else "hand"
                        self.w.rec.violate(
                            "hidden",
                            f"{who} {kind}",
                            f"{who} history of {t} round {key[2]}: {what.split(': ', 1)[-1]}",
                        )


async def final_checks(w: World) -> None:
    """The store's invariants at the end of a set-up's run."""

    def read() -> dict[str, Any]:
        with store.snapshot(w.setup.db) as s:
            intact, broken = store.chains(s)
            return {
                "money": store.ledger(s) + store.rounds(s),
                "rights": store.operator_movements(s),
                "intact": intact,
                "broken": broken,
                "stored": store.stored_keys(s),
                "held": store.held_events(s),
            }

    got = await asyncio.to_thread(read)
    w.rec.check("money")
    for f in got["money"]:
        w.rec.violate("money", re.sub(r"[0-9]+", "N", f)[:100], f"at the end: {f}")
    for f in got["rights"]:
        w.rec.violate("rights", re.sub(r"[0-9]+", "N", f)[:100], f"at the end: {f}")
    for f in got["broken"]:
        w.rec.violate("money", "chain", f)
    w.rec.check("faults", len(w.acked))
    lost = sorted(k for k in w.acked if k not in got["stored"])
    if lost:
        w.rec.violate(
            "faults",
            "lost",
            f"{len(lost)} commands acknowledged as applied are not stored: {lost[:5]}",
        )
    intact: dict[str, bool] = got["intact"]
    w.rec.check("cluster", len(w.held_seen) + len(got["held"]))
    shown = sorted(
        {(t, what.split(" at ")[0]) for t, _, what, _ in w.held_seen if intact.get(t, False)}
    )
    if shown:
        w.rec.violate(
            "cluster",
            "shown held",
            f"{len(w.held_seen)} frames showed a table held while its stored chain is intact: "
            f"{shown[:6]}",
        )
    logged = [(i, t, d) for i, t, d in got["held"] if t is not None and intact.get(t, False)]
    if logged:
        w.rec.violate(
            "cluster",
            "logged held",
            f"{len(logged)} table_held alerts for tables whose chain is intact: "
            f"{logged[0][1]}: {logged[0][2][:160]}",
        )
    await asyncio.to_thread(audit_tool, w)


def audit_tool(w: World) -> None:
    """``paigow audit`` of the tree under test on the store: the documented promise that it
    reports nothing after any run (its verdict is reported; the money itself is decided by
    :mod:`.store`)."""
    cmd, env = w.setup.procs[0].tree.command()
    try:
        r = subprocess.run(
            [*cmd, "audit", "--db", w.setup.db],
            capture_output=True,
            text=True,
            timeout=600,
            env=env,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        w.rec.notes.append(f"paigow audit not run: {e}")
        return
    w.rec.check("money")
    if r.returncode != 0:
        lines = [
            ln.strip()
            for ln in (r.stdout + r.stderr).splitlines()
            if ln.strip() and not ln.startswith(("audited", "  table "))
        ]
        w.rec.violate("money", "audit tool", "paigow audit reports: " + " | ".join(lines[:4])[:400])
