"""The service's figures for Prometheus (docs/deploy.md, "Metrics and alerts").

:class:`Metrics` holds what is *observed* as it happens, one registry per service (several
services in one process, as the tests make them, never share a series): the time from a
command's receipt to every viewer's frame, group commits, the event loop's lateness, refusals by
reason, rounds completed. What is a *state* (tables, seats, sockets, pools, leases, replicas,
doors, the audit) is read when the figures are asked for, by a collector the running service
gives (:meth:`Metrics.add_collector`): nothing on the tables' path counts what it can be asked.

Recording costs one clock read and one histogram observation per command (measured with
``scripts/load.py --compare``: docs/scaling.md).
"""

from __future__ import annotations

import time

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest
from prometheus_client.openmetrics.exposition import (
    CONTENT_TYPE_LATEST as OPENMETRICS_CONTENT_TYPE,
)
from prometheus_client.openmetrics.exposition import generate_latest as openmetrics_latest
from prometheus_client.registry import Collector

__all__ = [
    "LATENCY_BUCKETS",
    "REASONS",
    "Metrics",
    "refusal_reason",
]

#: Seconds: the command latency's buckets (the alert's 250 ms and the capacity goal's 50 ms
#: are bucket bounds, so that a quantile near them is read exactly).
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: Seconds: the event loop's lateness (its clock asks to wake every 0.2 s).
LATENESS_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: Batches in one group commit (at most 64).
GROUP_BUCKETS = (1, 2, 4, 8, 16, 32, 64)
#: Seconds one group commit takes.
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)

#: Why a command is refused, as the refusals are counted: the words' beginnings that name each
#: reason (checked in order); any other refusal is the rules' (the engine, the sender's rights,
#: the protocol, the wallet: the player is told why in words).
REASONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rate_limit", ("rate limit",)),
    ("session", ("the session", "sign in")),
    ("held", ("the table is held",)),
    (
        "table_gone",
        (
            "no open table",
            "the table is closed",
            "the table is no longer served here",
            "this table is not run here",
        ),
    ),
    ("database", ("the database is not answering",)),
    ("forwarding", ("the command could not be forwarded",)),
    ("internal", ("internal error",)),
)


def refusal_reason(error: str) -> str:
    """The reason a refusal is counted under (:data:`REASONS`; otherwise ``rules``): a few
    names, never the words themselves (a series per sentence would have no bound)."""
    for reason, starts in REASONS:
        if error.startswith(starts):
            return reason
    return "rules"


class Metrics:
    """One service's figures (see the module notes)."""

    def __init__(self) -> None:
        # (no `_created` series: the process's start time is one series, not one per family)
        disable_created_metrics()  # type: ignore[no-untyped-call]
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.command_seconds = Histogram(
            "paigow_command_seconds",
            "Seconds from a command's receipt on a websocket to its answer, every viewer's "
            "frame queued before it, by action",
            ["action"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.refusals = Counter(
            "paigow_command_refusals",
            "Commands refused, and websocket messages over their rate limit, by reason",
            ["reason"],
            registry=r,
        )
        self.commit_seconds = Histogram(
            "paigow_group_commit_seconds",
            "Seconds one group commit (one database transaction) takes",
            buckets=COMMIT_BUCKETS,
            registry=r,
        )
        self.commit_batches = Histogram(
            "paigow_group_commit_batches",
            "Tables' batches written by one group commit",
            buckets=GROUP_BUCKETS,
            registry=r,
        )
        self.commit_failures = Counter(
            "paigow_group_commit_failures",
            "Group commits the database did not write (away, or a batch refused)",
            registry=r,
        )
        self.lateness = Histogram(
            "paigow_event_loop_lateness_seconds",
            "Seconds the event loop woke late for its clock (every 0.2 s)",
            buckets=LATENESS_BUCKETS,
            registry=r,
        )
        self.rounds = Counter(
            "paigow_rounds",
            "Rounds completed and stored by the tables this process runs",
            registry=r,
        )
        #: When each table this process runs last completed a round (epoch seconds).
        self.round_at: dict[str, float] = {}

    def add_collector(self, collector: Collector) -> None:
        """Figures read when asked for (the running service's state)."""
        self.registry.register(collector)

    def command(self, action: str, seconds: float, error: str | None) -> None:
        """A command answered after ``seconds``; ``error``: why it was refused (None: not)."""
        self.command_seconds.labels(action).observe(seconds)
        if error is not None:
            self.refusals.labels(refusal_reason(error)).inc()

    def refused(self, error: str) -> None:
        """A command refused before it reached a table (the protocol, a rate limit)."""
        self.refusals.labels(refusal_reason(error)).inc()

    def committed(self, batches: int, seconds: float, *, failed: bool) -> None:
        """One group commit of ``batches`` that took ``seconds``."""
        self.commit_batches.observe(batches)
        self.commit_seconds.observe(seconds)
        if failed:
            self.commit_failures.inc()

    def rounds_stored(self, table_id: str, n: int) -> None:
        """``n`` rounds of a table completed and stored."""
        if n:
            self.rounds.inc(n)
            self.round_at[table_id] = time.time()

    def forget(self, table_id: str) -> None:
        """A table no longer run here."""
        self.round_at.pop(table_id, None)

    def exposition(self, accept: str = "") -> tuple[bytes, str]:
        """The figures in the text format the ``Accept`` header asks for (OpenMetrics when
        asked, else Prometheus' own text format 0.0.4, which every scraper reads), and its
        content type."""
        if "application/openmetrics-text" in accept:
            body: bytes = openmetrics_latest(self.registry)  # type: ignore[no-untyped-call]
            return body, OPENMETRICS_CONTENT_TYPE
        return generate_latest(self.registry), CONTENT_TYPE_PLAIN_0_0_4
