"""The service-wide settings (:class:`ServiceOptions`): the ``paigow serve`` flags the running
service (:class:`paigow.service.hub.Service`) reads."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .kit.ratelimit import Rate

__all__ = ["ServiceOptions"]


@dataclass
class ServiceOptions:
    """Service-wide settings (``paigow serve`` flags)."""

    allowed_origins: tuple[str, ...] = ()
    signup_grant: int = 100_000
    #: Hours before an address may get the sign-up grant again (0: every new account gets it).
    signup_grant_period: float = 24.0
    session_hours: float = 12.0
    #: Live sessions an account may have; signing in once more revokes the oldest.
    sessions_per_account: int = 10
    #: Websockets open at once per account, and per client address.
    sockets_per_account: int = 16
    sockets_per_address: int = 64
    #: Spectators' websockets (``/ws/watch``): open at once in the process and per client
    #: address (IPv6 by its /64), and the seconds one may send nothing, or watch no open
    #: table, before it is closed (:mod:`paigow.service.routes.watch`).
    spectators: int = 500
    spectators_per_address: int = 8
    spectator_idle_seconds: float = 90.0
    #: Overrides of the doors' limits (:data:`paigow.service.kit.ratelimit.DOORS`).
    limits: dict[str, Rate] = field(default_factory=dict)
    #: Proxies (addresses or CIDR networks) whose ``X-Forwarded-For`` is believed.
    trusted_proxies: tuple[str, ...] = ()
    #: Workers for argon2 (threads) and for pure-Python work (processes); requests waiting
    #: for one at most (then 503), each at most ``worker_wait`` seconds.
    hash_workers: int = 2
    compute_workers: int = 1
    worker_queue: int = 16
    worker_wait: float = 2.0
    queue_limit: int = 1000
    #: Deal every table (and the trainer) from seeded random sources: for demonstrations and
    #: tests only, never for real play.
    seed: int | None = None
    #: Open the demonstration tables at start-up (:mod:`paigow.service.demo`).
    demo: bool = False
    #: This process's name in the event log and the leases (default: host-pid-random).
    instance: str = ""
    #: Several processes share the database (PostgreSQL): tables are leased, changes fanned out.
    cluster: bool = False
    lease_seconds: float = 6.0
    #: Where this process's clients connect (``ws://host:port/ws``, or the address of a proxy
    #: that reaches this process alone), announced to the cluster so that a table's clients
    #: are sent to the process that runs it (``PAIGOW_ADDRESS``; docs/scaling.md).
    address: str = field(default_factory=lambda: os.environ.get("PAIGOW_ADDRESS", ""))
    #: Send each subscriber the whole state with every event, as before deltas (to compare
    #: the two in one benchmark run: ``PAIGOW_FULL_STATES=1``).
    #: Private tables (docs/service.md, "Private tables"): how many one player may have open,
    #: and how long one stays open with nobody seated.
    private_tables_per_player: int = 2
    private_idle_minutes: float = 10.0
    #: The most computer players the player who opens a private table may seat at it.
    private_computer_players: int = 3
    #: Hours before a player's raised daily buy-in limit applies (docs/service.md, "Player
    #: protection").
    protection_cooling_hours: float = 24.0
    #: The seconds of a minute for the session reminder (shorter only in tests).
    reminder_minute_seconds: float = 60.0
    #: Minutes between two audits of the ledger by the service itself (0: only when asked,
    #: ``GET /api/audit``); their findings are a figure (``paigow_audit_findings``).
    audit_minutes: float = 15.0
    #: Where ``GET /metrics`` is served to anyone who reaches it (``host:port``, a private
    #: address: Prometheus scrapes it); on the service's own address it needs an operator.
    metrics_address: str = ""
    full_states: bool = field(default_factory=lambda: os.environ.get("PAIGOW_FULL_STATES") == "1")
