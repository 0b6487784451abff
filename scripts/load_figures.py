"""The figures of ``scripts/load.py``: the servers' ``/metrics`` histograms read around the
measured seconds, ``--compare``'s pairs and ratios, and what each process's ``/api/limits`` and
``/api/cluster`` count. Pure functions of the figures, or one request to a server each."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from service_support import Server

__all__ = [
    "HISTOGRAMS",
    "Figures",
    "cluster_counts",
    "compared",
    "door_refusals",
    "paired",
    "ratios",
    "scrape",
    "server_quantiles",
]

Figures = dict[str, Any]


#: The servers' histograms read around the measured seconds (``GET /metrics``), and their
#: names in the figures.
HISTOGRAMS = {
    "paigow_command_seconds": "command",
    "paigow_group_commit_seconds": "group_commit",
    "paigow_event_loop_lateness_seconds": "event_loop_lateness",
}


def scrape(srv: Server, operator: str) -> dict[str, dict[str, float]] | None:
    """The server's histograms of :data:`HISTOGRAMS` (``GET /metrics``, summed over their
    labels): each bucket's count by its bound; None where the code has no such route."""
    r = srv.http("GET", "/metrics", operator)
    if r.status_code != 200:
        return None
    out: dict[str, dict[str, float]] = {name: {} for name in HISTOGRAMS}
    for line in r.text.splitlines():
        name = line.split("_bucket{", 1)[0]
        if name in out and line.startswith(name + "_bucket{"):
            le = line.split('le="', 1)[1].split('"', 1)[0]
            out[name][le] = out[name].get(le, 0.0) + float(line.rsplit(" ", 1)[1])
    return out


def server_quantiles(
    before: list[dict[str, dict[str, float]] | None],
    after: list[dict[str, dict[str, float]] | None],
) -> dict[str, Any] | None:
    """What ``/metrics`` says of the measured seconds (every process's histograms, the counts
    at the end less those at the start): for each histogram its count and the bucket its p50,
    p99 and maximum fall in (``[low, high]`` milliseconds, the figure somewhere within)."""
    if any(b is None for b in before + after):
        return None
    out: dict[str, Any] = {}
    for name, short in HISTOGRAMS.items():
        total: dict[str, float] = {}
        for b, a in zip(before, after, strict=True):
            assert a is not None and b is not None
            for le, v in a[name].items():
                total[le] = total.get(le, 0.0) + v - b[name].get(le, 0.0)
        bounds = sorted(total, key=lambda le: float("inf") if le == "+Inf" else float(le))
        n = total.get("+Inf", 0.0)
        fig: dict[str, Any] = {"count": int(n)}
        for q, key in ((0.5, "p50"), (0.99, "p99"), (1.0, "max")):
            low = 0.0
            for le in bounds:
                if n and total[le] >= q * n:
                    fig[f"{key}_bucket_ms"] = [low * 1000, float(le) * 1000]
                    break
                low = float(le)
        out[short] = fig
    return out


def paired(
    halves: tuple[Callable[[], Figures], Callable[[], Figures]], n: int
) -> list[tuple[Figures, Figures]]:
    """``n`` pairs of runs of the old and the new half (each a function that runs the load and
    returns its figures), in turn old then new and new then old: a machine whose speed drifts
    during the invocation favours neither."""
    pairs = []
    for i in range(n):
        if i % 2 == 0:
            old = halves[0]()
            new = halves[1]()
        else:
            new = halves[1]()
            old = halves[0]()
        pairs.append((old, new))
    return pairs


def compared(names: tuple[str, str], pairs: list[tuple[Figures, Figures]]) -> dict[str, Any]:
    """What ``--compare`` prints: both halves' figures (under ``names``, old and new) and the
    ratios, new over old (``NEW_over_OLD``); for several pairs, each half's list of figures,
    each pair's ratios (``NEW_over_OLD_each``) and, as ``NEW_over_OLD``, the median of each
    ratio over the pairs."""
    name = f"{names[1]}_over_{names[0]}"
    each = [ratios(o, n) for o, n in pairs]
    if len(pairs) == 1:
        return {names[0]: pairs[0][0], names[1]: pairs[0][1], name: each[0]}
    common = [k for k in each[0] if all(k in r for r in each)]
    return {
        names[0]: [o for o, _ in pairs],
        names[1]: [n for _, n in pairs],
        name + "_each": each,
        name: {k: round(statistics.median(r[k] for r in each), 3) for k in common},
    }


def ratios(old: Figures, new: Figures) -> dict[str, float]:
    """The figures of ``new`` over those of ``old``, both of one load run."""
    out = {}
    for key in ("actions_per_s", "server_cpu_s_per_1000_actions", "bytes_per_round_per_client"):
        if old.get(key) and new.get(key):
            out[key] = round(new[key] / old[key], 3)
    for key in ("p50", "p99"):
        if old["every_seat_ms"][key] and new["every_seat_ms"][key]:
            out[f"every_seat_{key}"] = round(
                new["every_seat_ms"][key] / old["every_seat_ms"][key], 3
            )
    return out


def door_refusals(srv: Server, operator: str) -> int | None:
    """The messages refused by one process's websocket doors since it started (``GET
    /api/limits``; None where the code has no such route)."""
    r = srv.http("GET", "/api/limits", operator)
    if r.status_code == 404:
        return None
    doors = r.json()["doors"]
    return int(doors["ws.connection"]["refused"]) + int(doors["ws.account"]["refused"])


def cluster_counts(srv: Server, operator: str) -> dict[str, Any]:
    """What one process ran and what its replicas cost, counted (``GET /api/cluster``, with
    the operator's token)."""
    r = srv.http("GET", "/api/cluster", operator).json()
    return {
        "instance": r["instance"],
        "tables_run": len(r["runs"]),
        "replicas": len(r["replicas"]),
        "replicas_created": r["replicas_created"],
        "replica_commands": sum(r["replica_commands"].values()),
        "tables_with_replica_work": len(r["replica_commands"]),
        "forwarded": r["forwarded"],
        "changes_ignored": r["changes_ignored"],
        "changes_not_sent": r["changes_not_sent"],
        "lobby_bytes_sent": r.get("lobby_bytes_sent", 0),
        "lobby_bytes_heard": r.get("lobby_bytes_heard", 0),
    }
