"""The load generator, bounded (docs/reliability.md "Load"): a few tables of real websocket
players on loopback at the maximum pace, on SQLite, for a few seconds. It checks that the
generator measures what it says (rounds finished, every command's update seen by every seat,
nothing refused, no chip lost: ``paigow audit`` clean afterwards) and prints the figures; it
asserts no timing. The full runs (100 tables, SQLite and PostgreSQL, one and two processes) are
``scripts/load.py``."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path
from typing import Any

from paigow.service.pit.audit import audit_store
from paigow.service.store.store import Store
from service_load import LoadResult, limited_wait, make_players, percentile, run_load
from service_support import OPERATOR, Server


def test_percentile_by_nearest_rank() -> None:
    xs = [float(i) for i in range(1, 101)]
    assert percentile(xs, 0.5) == 50.0 and percentile(xs, 0.99) == 99.0
    assert percentile(xs, 1.0) == 100.0 and percentile([], 0.99) == 0.0
    assert percentile([7.0], 0.01) == 7.0


def test_a_command_over_the_rate_limit_is_waited_for_and_sent_again() -> None:
    # the server's answer to a command over the websocket's door
    # (paigow.service.routes.app._limited)
    over = {"status": "refused", "error": "rate limit: too many messages; wait 0.25 s"}
    assert limited_wait(over) == 0.25
    assert limited_wait({"status": "refused", "error": "not your turn"}) is None
    assert limited_wait({"status": "ok", "seq": 3}) is None


def test_a_bounded_load_run(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'load.sqlite3'}"
    # A websocket's door far tighter than the default (100 per 2 s), so that the players go
    # over it: the generator's count of the refusals it waited out is held to the server's.
    srv = Server(url, tmp_path, "--limit=ws.connection=8/1").start()
    try:
        op = srv.login(OPERATOR)
        tables: dict[str, list[str]] = {}
        for t in range(3):
            tid = f"bl{t}"
            srv.open_table(op, id=tid, profile="generic", pause_seconds=0, wager_seconds=30)
            tables[tid] = [f"bl{t}p{s}" for s in range(3)]
        tokens = make_players(url, [n for ns in tables.values() for n in ns])
        assert srv.proc is not None
        res: LoadResult = asyncio.run(
            run_load(
                [srv.ws_url],
                tokens,
                tables,
                4.0,
                server_pids=(srv.proc.pid,),
                warmup=1.0,
                stagger=1.5,
            )
        )
        doors = srv.http("GET", "/api/limits", token=op).json()["doors"]
    finally:
        srv.stop()
    figures = res.summary()
    print(json.dumps(figures))
    assert res.tables == 3 and res.seats == 9
    # staggered: the tables' players came at three different times in the first 1.5 s
    came = sorted(res.came.values())
    assert len(came) == 3 and came[0] == 0 and all(0 < c < 1.5 for c in came[1:])
    assert came[1] != came[2]
    assert res.errors == [] and res.refused == []
    # Every refusal by the websocket's doors was a command the generator waited out and sent
    # again (each player has one command in flight at most: one per player may still have been
    # on its way when the run stopped). The server counts them apart (GET /api/limits).
    assert doors["ws.connection"]["limit"] == "8/1"
    by_server = doors["ws.connection"]["refused"] + doors["ws.account"]["refused"]
    assert res.limited_all > 0 and res.limited_all <= by_server <= res.limited_all + res.seats
    assert figures["rate_limited"] == res.limited <= res.limited_all
    assert res.rounds >= 1 and res.actions >= res.rounds
    assert figures["every_seat_ms"]["n"] >= 1
    assert 0 < percentile(res.to_every_seat, 0.5) <= max(res.to_every_seat)
    assert res.server_cpu > 0 and res.server_rss_mb > 0
    # the hot-path figures: CPU per 1,000 actions and bytes per round per client, from the
    # same counts; every delta applied (none missed, none that did not fit)
    assert figures["server_cpu_s_per_1000_actions"] == round(1000 * res.server_cpu / res.actions, 3)
    assert res.received > 0 and res.lost == 0
    # the slowest results named are the slowest measured, the longest first
    slowest = [x["ms"] for x in figures["slowest_results"]]
    assert slowest[0] == figures["result_ms"]["max"] and slowest == sorted(slowest, reverse=True)
    # (only commands sent and answered while measuring are measured)
    assert all(0 <= x["at_s"] <= res.seconds for x in figures["slowest_results"])
    per_table = res.seats / res.tables
    assert figures["bytes_per_round_per_client"] == round(res.received / res.rounds / per_table)
    store = Store(url)
    try:
        report = audit_store(store)
    finally:
        store.close()
    assert report.findings == [] and report.counted["rounds"] >= res.rounds


def _load_script() -> Any:
    """``scripts/load.py`` as a module (it is a script, not part of the package)."""
    path = Path(__file__).resolve().parents[1] / "scripts" / "load.py"
    spec = importlib.util.spec_from_file_location("load_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _figures(actions: float, cpu: float, p99: float) -> dict[str, Any]:
    return {
        "actions_per_s": actions,
        "server_cpu_s_per_1000_actions": cpu,
        "bytes_per_round_per_client": 100,
        "every_seat_ms": {"p50": 1.0, "p99": p99},
    }


def test_repeated_pairs_alternate_their_order_and_report_the_median_ratio() -> None:
    """``--compare --repeat N``: pairs run old-new, new-old, old-new, ...; every pair's ratios
    are printed, and each ratio's median over the pairs (not the ratio of the means)."""
    load = _load_script()
    order: list[str] = []
    old_runs = iter([_figures(100, 2.0, 10), _figures(100, 2.0, 10), _figures(50, 4.0, 10)])
    new_runs = iter([_figures(150, 1.0, 5), _figures(300, 0.5, 20), _figures(100, 1.0, 10)])

    def old() -> dict[str, Any]:
        order.append("old")
        return next(old_runs)

    def new() -> dict[str, Any]:
        order.append("new")
        return next(new_runs)

    pairs = load.paired((old, new), 3)
    assert order == ["old", "new", "new", "old", "old", "new"]
    out = load.compared(("before", "this"), pairs)
    assert [r["actions_per_s"] for r in out["this_over_before_each"]] == [1.5, 3.0, 2.0]
    assert [r["server_cpu_s_per_1000_actions"] for r in out["this_over_before_each"]] == [
        0.5,
        0.25,
        0.25,
    ]
    assert out["this_over_before"]["actions_per_s"] == 2.0  # the median, not the mean (2.17)
    assert out["this_over_before"]["server_cpu_s_per_1000_actions"] == 0.25
    assert out["this_over_before"]["every_seat_p99"] == 1.0  # 0.5, 2.0, 1.0
    assert out["this_over_before"]["bytes_per_round_per_client"] == 1.0
    assert [f["actions_per_s"] for f in out["before"]] == [100, 100, 50]
    assert [f["actions_per_s"] for f in out["this"]] == [150, 300, 100]
    # one pair: the figures of each half and the ratios, as before --repeat
    one = load.compared(("before", "this"), pairs[:1])
    assert one["before"]["actions_per_s"] == 100 and one["this_over_before"]["actions_per_s"] == 1.5
