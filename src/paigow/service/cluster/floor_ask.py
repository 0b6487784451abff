"""The pit's floor in a cluster: each process asked for the tables it runs.

An operator's floor lists every open table with what only its owner knows (the pause, the open
round, a change waiting for the round's end). Asking each owner costs the owners one small
answer each; a replica of every table another process runs (rebuilt from the store, dropped at
the next look of the lease loop, made again at the next poll of the floor) would cost a replay
of every table twice a second for as long as the floor is open.

The asker publishes ``floor?`` to every process; each answers on the asker's channel with the
facts (:func:`~paigow.service.tables.lobby.floor_facts`) of the tables it runs, in parts that fit a
notification. The asker waits for every live process (``leases.loads``) or
:data:`FLOOR_SECONDS`, whichever comes first; a table nobody answered for (its owner gone or
slow) is left to the caller, which sees it through a replica as before.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

from ..db import leases
from ..store.store import Store
from ..tables.actor import TableActor
from ..tables.lobby import floor_facts
from .fanout import MAX_PAYLOAD, TABLES, PgFanout

__all__ = ["FLOOR_SECONDS", "FloorAsk", "parts_of"]

#: How long an asker waits for the owners' answers.
FLOOR_SECONDS = 2.0


def parts_of(
    rows: list[dict[str, Any]], room: int = MAX_PAYLOAD - 300
) -> list[list[dict[str, Any]]]:
    """``rows`` in consecutive parts, each under ``room`` bytes of JSON (one part at least; a
    single row larger than that alone in its part)."""
    parts: list[list[dict[str, Any]]] = [[]]
    size = 0
    for row in rows:
        n = len(json.dumps(row, separators=(",", ":")).encode()) + 1
        if parts[-1] and size + n > room:
            parts.append([])
            size = 0
        parts[-1].append(row)
        size += n
    return parts


class FloorAsk:
    """The floor's questions and answers between the processes of a cluster."""

    def __init__(
        self, fanout: PgFanout, store: Store, instance: str, alive: float = leases.ALIVE_SECONDS
    ) -> None:
        self.fanout, self.store, self.instance = fanout, store, instance
        #: A process not seen for this long is not waited for (the cluster's lease time).
        self.alive = alive
        self._asked: dict[str, tuple[dict[str, dict[int, list[Any]]], asyncio.Event]] = {}
        self._expected: dict[str, dict[str, int]] = {}
        self.asked = 0
        self.answered = 0

    async def ask(self) -> dict[str, dict[str, Any]]:
        """Table -> its floor facts, from the other processes that answered in time."""
        others = set(await self.store.run(leases.loads, self.store, self.alive)) - {self.instance}
        if not others:
            return {}
        req = secrets.token_hex(8)
        got: dict[str, dict[int, list[Any]]] = {}
        done = asyncio.Event()
        self._asked[req] = (got, done)
        self._expected[req] = {}
        self.asked += 1
        try:
            msg = {"op": "floor?", "req": req, "reply": self.fanout.mine}
            if await self.fanout.publish(TABLES, msg):
                deadline = asyncio.get_running_loop().time() + FLOOR_SECONDS
                while not self._complete(req, others):
                    left = deadline - asyncio.get_running_loop().time()
                    if left <= 0:
                        break
                    done.clear()
                    try:
                        await asyncio.wait_for(done.wait(), left)
                    except TimeoutError:
                        break
        finally:
            self._asked.pop(req, None)
            expected = self._expected.pop(req, {})
        out: dict[str, dict[str, Any]] = {}
        for sender, parts in got.items():
            if len(parts) == expected.get(sender):  # a process's answer counts whole or not
                for rows in parts.values():
                    out.update((str(r["id"]), r) for r in rows)
        return out

    def _complete(self, req: str, others: set[str]) -> bool:
        got, _ = self._asked[req]
        expected = self._expected[req]
        return all(s in expected and len(got.get(s, {})) == expected[s] for s in others)

    def heard(self, msg: dict[str, Any], actors: dict[str, TableActor]) -> list[dict[str, Any]]:
        """A ``floor?`` or ``floor`` message: the answers to send for a question (each to
        publish on its ``reply`` channel), nothing for an answer (kept for its asker)."""
        sender = str(msg.get("from"))
        if msg.get("op") == "floor?":
            if sender == self.instance:
                return []
            rows = [floor_facts(a) for a in actors.values() if a.owner and not a.closed]
            parts = parts_of(rows)
            self.answered += 1
            return [
                {"op": "floor", "req": msg.get("req"), "part": i, "parts": len(parts), "rows": p}
                for i, p in enumerate(parts)
            ]
        req = str(msg.get("req"))
        if req in self._asked and isinstance(msg.get("rows"), list):
            got, done = self._asked[req]
            got.setdefault(sender, {})[int(msg.get("part", 0))] = msg["rows"]
            self._expected[req][sender] = int(msg.get("parts", 1))
            done.set()
        return []
