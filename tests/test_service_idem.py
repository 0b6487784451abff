"""A table keeps only its latest idempotency keys in memory (src/paigow/service/db/idem.py), and a
command is still applied at most once: a retry whose key the table forgot is refused by the
store's unique index, found there and answered ``duplicate`` with the number of the command
that key was first given to, while the commands sent with it are applied as usual.

Run on SQLite and PostgreSQL, with a table that remembers one key.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from paigow.service.db.idem import RecentKeys
from service_fixtures import BACKENDS, pg_cluster
from test_service_batching import NAMES, Table, _replayed, _store

__all__ = ["pg_cluster"]


def test_the_memory_keeps_the_latest_keys() -> None:
    """The oldest key is forgotten first; a key learned again is the newest."""
    keys = RecentKeys(kept=3)
    for i in range(5):
        keys[("ann", f"k{i}")] = i + 1
    assert len(keys) == 3 and ("ann", "k1") not in keys and keys[("ann", "k4")] == 5
    keys[("ann", "k2")] = 3  # learned again (from the store): the newest
    keys[("bea", "k9")] = 9
    assert ("ann", "k2") in keys and ("ann", "k3") not in keys
    with pytest.raises(ValueError, match="at least one"):
        RecentKeys(kept=0)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("together", [False, True], ids=["alone", "with-others"])
@pytest.mark.parametrize("retried", ["refused-now", "legal-again"])
def test_a_forgotten_key_is_still_applied_at_most_once(
    backend: str, retried: str, together: bool, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Ann sends a command with key ``kA``; more commands push the key out of the table's
    memory (of one key). She sends it again, alone or waiting in the queue with two other
    players' new commands. ``refused-now``: she sat down, the rules refuse a second sit (the
    store is asked about the key). ``legal-again``: she wagered and took the wager back, so the
    same wager is legal again (the store's unique index refuses it when it is written, the
    batch is tried again without it). Either way she is answered ``duplicate`` with her first
    command's number, nothing of hers is applied again, the others' commands are, and the
    stored commands replay to the live table."""
    store = _store(backend, tmp_path, request)
    t = Table(store)
    t.actor.idem = RecentKeys(kept=1)
    ann = t.users["ann"]
    sit = ("sit", {"seat": "1", "cents": 20_000})
    wager = ("wager", {"spot": "1", "cents": 500})

    async def main() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
        await t.start()
        if retried == "refused-now":
            first = await t.actor.command(ann, "kA", *sit, "live-ann")
            for i, n in enumerate(NAMES[1:3]):
                await t.send(n, "sit", {"seat": str(i + 2), "cents": 20_000})
            action = sit
        else:
            for i, n in enumerate(NAMES[:3]):
                await t.send(n, "sit", {"seat": str(i + 1), "cents": 20_000})
            await t.to_wagers()
            first = await t.actor.command(ann, "kA", *wager, "live-ann")
            assert first["status"] == "applied", first
            ref = t.actor.engine.round.wagers[-1].ref  # type: ignore[union-attr]
            removed = await t.send("ann", "remove_wager", {"ref": ref})
            assert removed["status"] == "applied", removed
            action = wager
        assert ("ann", "kA") not in t.actor.idem
        retry = t.actor.command(ann, "kA", *action, "live-ann")
        if together:
            others = t.together(("eve", "sit", {"seat": "5", "cents": 20_000}), ("dot", *sit))
            again, rest = await asyncio.gather(retry, others)
        else:
            again, rest = await retry, []
        await t.actor.stop()
        return first, again, rest

    first, again, rest = asyncio.run(main())
    assert again == {"status": "duplicate", "seq": first["seq"]}
    if not together:  # (with others, their keys come after it in a memory of one)
        assert ("ann", "kA") in t.actor.idem  # learned again from the store
    ops = store.ops("t")
    assert [o.actor for o in ops if o.idem_key == "kA"] == ["ann"]
    assert sum(o.actor == "ann" and o.command["a"] == action_of(retried) for o in ops) == 1
    if together:
        assert [r["status"] for r in rest] == ["applied", "refused"]  # dot: seat 1 is taken
        assert [o.actor for o in ops if o.command["a"] == "sit"].count("eve") == 1
    _replayed(store, t.actor.engine)
    store.close()


def action_of(retried: str) -> str:
    """The engine command of the retried action."""
    return "sit" if retried == "refused-now" else "wager"
