"""``GET /metrics``: the service's figures in the Prometheus text format (docs/deploy.md,
"Metrics and alerts").

On the service's own address the figures are an operator's (401 signed out, 403 for a
player); ``paigow serve --metrics-address HOST:PORT`` serves them to anyone who reaches that
address (a private one: :mod:`paigow.service.kit.metrics_http`). Each process of a cluster
serves its own.

What is observed as it happens is counted by :class:`paigow.service.kit.metrics.Metrics`; what
the service *is* at the moment of asking (tables, seats, sockets, pools, doors, leases,
replicas, the audit) is read here, by :class:`ServiceFigures`, when the figures are asked for.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from prometheus_client import GCCollector, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

import paigow

from ..hub import Service
from ..kit.metrics_http import parse_address, serve_metrics
from ..tables.actor import TableActor
from ..tables.conduct import is_bot
from .deps import Operator

__all__ = ["ServiceFigures", "install", "open_address", "table_label"]


class ServiceFigures(Collector):
    """The service's state as figures, read when asked for (see the module notes).

    ``paigow_table_seconds_since_round`` is kept for the tables this process runs with at least
    one person seated, not paused and not held: the seconds since the table last completed a
    round here, or since someone was first seen seated at it (by these readings: within a
    scrape's period), whichever is later. Its ``table`` label is the table's id, but for an
    invitation-only private table, whose id is what lets someone find it (docs/service.md,
    "Private tables"): ``invitation-only OWNER XXXXXXXX``, the opener and 8 hex digits of a
    hash of the id (32 bits of an 80-bit secret: nothing to search back from).
    """

    def __init__(self, service: Service, spectators: Any = None) -> None:
        self.service = service
        self.spectators = spectators
        self._seated_since: dict[str, float] = {}

    def collect(self) -> Iterator[Metric]:
        """Every figure of the service's state."""
        svc = self.service
        now = time.time()
        info = GaugeMetricFamily("paigow_build", "The running version", labels=["version"])
        info.add_metric([paigow.__version__], 1)
        yield info

        tables = GaugeMetricFamily(
            "paigow_tables", "Tables this process runs, by state", labels=["state"]
        )
        seated = GaugeMetricFamily(
            "paigow_seated_players", "Seats taken at the tables run here", labels=["kind"]
        )
        idle = GaugeMetricFamily(
            "paigow_table_seconds_since_round",
            "Seconds since a table with someone seated last completed a round",
            labels=["table"],
        )
        states = dict.fromkeys(("running", "paused", "held"), 0)
        humans = computers = watchers = replicas = 0
        seen: set[str] = set()
        for tid, actor in list(svc.actors.items()):
            if actor.closed:
                continue
            watchers += len(actor.subscribers)
            if not actor.owner:
                replicas += 1
                continue
            names = list(actor.engine.seats)
            people = sum(1 for n in names if not is_bot(n))
            humans += people
            computers += len(names) - people
            if actor.held is not None:
                states["held"] += 1
            elif actor.floor.paused:
                states["paused"] += 1
            else:
                states["running"] += 1
                if people:
                    seen.add(tid)
                    since = self._seated_since.setdefault(tid, now)
                    last = max(svc.metrics.round_at.get(tid, 0.0), since)
                    idle.add_metric([table_label(actor)], round(now - last, 3))
        for tid in list(self._seated_since):
            if tid not in seen:
                del self._seated_since[tid]
        for state, n in states.items():
            tables.add_metric([state], n)
        seated.add_metric(["person"], humans)
        seated.add_metric(["computer"], computers)
        yield tables
        yield seated
        yield idle
        yield GaugeMetricFamily(
            "paigow_table_subscriptions",
            "Websockets subscribed to the tables this process holds (players and spectators)",
            value=watchers,
        )
        sockets = GaugeMetricFamily("paigow_websockets", "Websockets open", labels=["kind"])
        sockets.add_metric(["player"], sum(len(c) for c in svc.connections.values()))
        open_spectators = 0 if self.spectators is None else len(self.spectators.open)
        sockets.add_metric(["spectator"], open_spectators)
        yield sockets
        yield from self._pools()
        yield from self._doors()
        yield from self._cluster(replicas)
        stalls = CounterMetricFamily(
            "paigow_event_loop_stalls",
            "Times the event loop was held longer than a second",
        )
        stalls.add_metric([], svc.collector.stalls)
        yield stalls
        yield from self._audit()

    def _pools(self) -> Iterator[Metric]:
        svc = self.service
        waiting = GaugeMetricFamily(
            "paigow_pool_waiting", "Requests waiting for a worker", labels=["pool"]
        )
        busy = GaugeMetricFamily("paigow_pool_busy", "Workers at work", labels=["pool"])
        size = GaugeMetricFamily("paigow_pool_workers", "Workers", labels=["pool"])
        refused = CounterMetricFamily(
            "paigow_pool_refused",
            "Requests refused (503) because every worker was busy and the queue full",
            labels=["pool"],
        )
        for pool in (svc.hashing, svc.compute, svc.reports):
            waiting.add_metric([pool.name], pool.waiting)
            busy.add_metric([pool.name], pool.busy)
            size.add_metric([pool.name], pool.workers)
            refused.add_metric([pool.name], pool.refused)
        yield from (waiting, busy, size, refused)

    def _doors(self) -> Iterator[Metric]:
        limited = CounterMetricFamily(
            "paigow_rate_limited",
            "Passages refused by a door's rate limit, by door",
            labels=["door"],
        )
        keys = GaugeMetricFamily(
            "paigow_rate_limit_keys", "Keys a door holds now (bounded)", labels=["door"]
        )
        for door, row in self.service.limits.report().items():
            limited.add_metric([door], float(row["refused"]))
            keys.add_metric([door], float(row["keys"]))
        yield limited
        yield keys

    def _cluster(self, replicas: int) -> Iterator[Metric]:
        c = self.service.cluster
        yield GaugeMetricFamily(
            "paigow_cluster_processes",
            "Processes alive in the cluster as this one last counted them (1: no cluster)",
            value=1 if c is None else c.alive,
        )
        yield GaugeMetricFamily(
            "paigow_cluster_tables",
            "Open tables in the whole cluster as this process knows them",
            value=len(self.service.lobby(hidden=True)),
        )
        yield GaugeMetricFamily(
            "paigow_leases_held",
            "Tables whose lease this process holds (without a cluster: the tables it runs)",
            value=(
                sum(1 for a in self.service.actors.values() if a.owner and not a.closed)
                if c is None
                else len(c.held)
            ),
        )
        taken = CounterMetricFamily(
            "paigow_lease_takeovers", "Tables this process took over from another owner"
        )
        taken.add_metric([], 0 if c is None else c.takeovers)
        yield taken
        yield GaugeMetricFamily(
            "paigow_replicas", "Replicas of other processes' tables held here", value=replicas
        )
        forwarded = CounterMetricFamily(
            "paigow_forwarded_commands",
            "Commands of this process's clients run by the process that owns their table",
        )
        forwarded.add_metric([], 0 if c is None else c.work.forwarded)
        yield forwarded

    def _audit(self) -> Iterator[Metric]:
        done = self.service.audited
        if done is None:
            return
        yield GaugeMetricFamily(
            "paigow_audit_findings",
            "What the last audit of the ledger found wrong (0: every chip accounted for)",
            value=done[0],
        )
        yield GaugeMetricFamily(
            "paigow_audit_last_run_timestamp_seconds",
            "When the last audit of the ledger ran",
            value=done[1],
        )


def table_label(actor: TableActor) -> str:
    """How a table is named in the figures (see :class:`ServiceFigures`)."""
    c = actor.engine.config
    if c.owner is None or not c.invitation_only:
        return actor.table_id
    digest = hashlib.sha256(actor.table_id.encode()).hexdigest()[:8]
    return f"invitation-only {c.owner} {digest}"


def install(app: FastAPI) -> None:
    """Add ``GET /metrics`` (operators) and register the service's figures."""
    service: Service = app.state.service
    m = service.metrics
    m.add_collector(ServiceFigures(service, getattr(app.state, "spectators", None)))
    ProcessCollector(registry=m.registry)  # (CPU seconds, memory, file descriptors)
    GCCollector(registry=m.registry)

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request, _op: Operator) -> Response:
        """The figures in the Prometheus text format (operators)."""
        body, ctype = m.exposition(request.headers.get("accept", ""))
        return Response(body, media_type=ctype, headers={"Cache-Control": "no-store"})


async def open_address(service: Service) -> asyncio.Server | None:
    """``GET /metrics`` on ``--metrics-address`` (None: not asked for)."""
    if not service.options.metrics_address:
        return None
    host, port = parse_address(service.options.metrics_address)
    return await serve_metrics(host, port, service.metrics.exposition)
