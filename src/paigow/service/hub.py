"""The running service: the store, one actor per open table, sessions and connections.

:class:`Service` is what the HTTP and websocket handlers (:mod:`paigow.service.routes.app`) call. At
start-up it migrates the database, then rebuilds every open table by replaying its committed
commands through the engine (:meth:`TableActor.replay`) and resumes conducting it.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
import os
import random
import secrets
import socket
import time
from dataclasses import dataclass, field
from typing import Any

from paigow.errors import ConfigError, IllegalActionError
from paigow.games.dice import default_rng

from .accounts.accounts import Accounts
from .accounts.auth import User, token_hash
from .accounts.wallets import WalletPush, wallet_names
from .cluster.cluster import CLOSE, Cluster
from .connection import Connection
from .db import leases
from .db.background import spawn
from .db.chain import ChainRow, verify_ops
from .db.database import DatabaseAwayError
from .db.events import EventLog
from .floor_feed import FloorFeed
from .kit.addresses import address_key, parse_trusted
from .kit.collector import Collector
from .kit.metrics import Metrics
from .kit.ratelimit import Limits
from .kit.workers import WorkPool
from .options import ServiceOptions
from .social.chat import Chat
from .store.batch_rows import Batch
from .store.groupcommit import GroupCommit
from .store.store import Store
from .tables.actor import TableActor, TableGoneError
from .tables.conduct import is_bot
from .tables.config import TableConfig
from .tables.engine import TableEngine
from .tables.lobby import lobby_entry
from .tables.recall import recall_on
from .tables.tableopts import BOT_CHIPS

__all__ = ["DEFERRED", "Service", "ServiceOptions"]

log = logging.getLogger("paigow.service")

#: Subscriptions a connection may have waiting for their door at once (``snapshot.key``).
DEFERRED = 8
#: How long a request for a report waits for the reports' worker (one report takes seconds).
REPORT_WAIT = 60.0


@dataclass
class Service:
    """The table service."""

    store: Store
    options: ServiceOptions = field(default_factory=ServiceOptions)
    actors: dict[str, TableActor] = field(default_factory=dict)
    connections: dict[str, set[Connection]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        o = self.options
        self.limits = Limits(o.limits)
        self._later: set[asyncio.Task[None]] = set()
        self.trusted = parse_trusted(o.trusted_proxies)
        self.hashing = WorkPool("hashing", o.hash_workers, o.worker_queue, o.worker_wait)
        self.compute = WorkPool(
            "compute", o.compute_workers, o.worker_queue, o.worker_wait, processes=True
        )
        #: The pit's reports (:func:`paigow.service.pit.lab_report.report_document`): one worker
        #: process of their own, made on the first report asked for, so that a report's
        #: seconds of work never hold the compute worker the players' advice waits for.
        self.reports = WorkPool("reports", 1, o.worker_queue, REPORT_WAIT, processes=True)
        #: The reports made, by bundled profile (one build makes the same document each time).
        self.reports_made: dict[str, str] = {}
        self.accounts = Accounts(self)
        #: Websockets open per client address (``sockets_per_address``).
        self.sockets: dict[str, int] = {}
        self._lobby: tuple[float, str] | None = None
        self.instance = self.options.instance or (
            f"{socket.gethostname()[:30]}-{os.getpid()}-{secrets.token_hex(3)}"
        )
        self.events = EventLog(self.store, self.instance)
        self.events.listeners.append(self._show_event)
        self.cluster: Cluster | None = None
        self.group_commit = GroupCommit(self.store)
        #: Every table's chat (:mod:`paigow.service.social.chat`).
        self.chat = Chat(self)
        self.collector = Collector()
        #: The figures Prometheus reads (:mod:`.kit.metrics`; served by
        #: :mod:`paigow.service.routes.metrics_api`).
        self.metrics = Metrics()
        self.collector.on_late = self.metrics.lateness.observe
        self.group_commit.on_group = self._committed
        #: The last audit's findings and when it ran (epoch seconds): None before the first.
        self.audited: tuple[int, float] | None = None
        self._auditor: asyncio.Task[None] | None = None
        #: Every page of an account told its wallet when it changes (:mod:`.wallets`).
        self.wallets = WalletPush(self)
        #: The pit's floor pushed to the operators who follow it (:mod:`.floor_feed`).
        self.floor_feed = FloorFeed(self)

    def _committed(self, batches: int, seconds: float, failed: bool) -> None:
        self.metrics.committed(batches, seconds, failed=failed)

    def _show_event(self, ev: dict[str, Any]) -> None:
        for conns in self.connections.values():
            for conn in conns:
                if conn.user.is_operator:
                    conn.push({"type": "log", "event": ev})

    def _on_events(self, stored: list[dict[str, Any]]) -> None:
        for ev in stored:
            self.events.show(ev)

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        """Migrate, check and rebuild every open table from its commands, resume play."""
        await self.store.run(self.store.migrate)
        await self.store.run(leases.heartbeat, self.store, self.instance)
        await self.crash_check(0.0 if self.store.is_sqlite else 2 * self.options.lease_seconds)
        if self.options.cluster:
            if self.store.is_sqlite:
                raise ConfigError("several processes share a PostgreSQL database, not SQLite")
            self.cluster = Cluster(self)
            rebuilt = await self.cluster.start()
        else:
            rebuilt = []
            for table_id, cfg in await self.store.run(self.store.open_tables):
                actor = await self.rebuild(table_id, cfg)
                actor.start()
                rebuilt.append(table_id)
        if self.options.demo:
            from .demo import open_demo_tables

            await open_demo_tables(self)
        await self.events.add("start", "info", tables=rebuilt, pid=os.getpid())
        self.accounts.start()
        await self.chat.start()
        self.collector.tune()
        self.collector.start()
        if self.options.audit_minutes > 0:
            every = self.options.audit_minutes * 60
            self._auditor = asyncio.get_running_loop().create_task(self._audit_every(every))

    async def _audit_every(self, seconds: float) -> None:
        """The ledger audited every ``seconds`` (its findings are a figure an alert reads;
        each finding is written to the event log as an alert)."""
        while True:
            await asyncio.sleep(seconds)
            try:
                found = await self.audit()
            except Exception as e:  # the database away, the pool busy: tried at the next
                log.warning("the audit could not run: %s", e)
                continue
            if found["findings"]:
                await self.events.add("audit_findings", "alert", findings=found["findings"][:20])

    async def rebuild(self, table_id: str, cfg: dict[str, Any]) -> TableActor:
        """A table rebuilt from its stored commands, after checking their hash chain; a table
        whose history was altered (or no longer replays) is held, with an alert."""
        try:
            engine = TableEngine(TableConfig.from_json(cfg))
        except ConfigError as e:  # (a profile given as a path: the service reads none now)
            raise ConfigError(f"open table {table_id!r}: {e}") from None
        actor = self._actor(engine)
        # the head, then the commands up to it (both written at once; docs/reliability.md)
        head, last = await self.store.run(self.store.head, table_id)
        rows = [r for r in await self.store.run(self.store.ops, table_id) if r.seq <= (last or 0)]
        chain = [ChainRow(r.seq, r.command, r.actor, r.idem_key, r.link) for r in rows]
        if (why := verify_ops(table_id, chain, head, last)) is None:
            actor.replay(rows)
        else:
            actor.held = f"its stored history was altered: {why}"
        if actor.held is not None:
            await self.events.add("table_held", "alert", table_id, None, reason=actor.held)
        log.info("table %s rebuilt at command %d", table_id, actor.seq)
        return actor

    async def crash_check(self, silent: float) -> None:
        """Log the processes that stopped without shutting down (their tables are rebuilt)."""
        for iid in await self.store.run(
            leases.crashed_instances, self.store, self.instance, silent
        ):
            await self.events.add("crash_recovery", "warning", instance_lost=iid)

    async def stop(self) -> None:
        """Stop every actor, log the stop and close the store."""
        await self.collector.stop()
        if self._auditor is not None:
            self._auditor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._auditor
        await self.floor_feed.stop()
        await self.accounts.stop()
        await self.chat.stop()
        self.hashing.close()
        self.compute.close()
        self.reports.close()
        if self.cluster is not None:
            await self.cluster.stop()
        for actor in self.actors.values():
            await actor.stop()
        with contextlib.suppress(Exception):
            await self.events.add("stop", "info", tables=sorted(self.actors))
            await self.store.run(leases.stopped, self.store, self.instance)
        self.store.close()

    def _actor(self, engine: TableEngine) -> TableActor:
        seed = self.options.seed
        rng = random.Random(f"{seed}:{engine.table_id}") if seed is not None else default_rng()
        actor = TableActor(engine, self.store, rng)
        actor.connected = self.is_connected
        actor.on_events = self._on_events
        actor.committer = self._commit
        actor.instance = self.instance
        actor.full_states = self.options.full_states
        self.actors[engine.table_id] = actor
        return actor

    async def _commit(self, batch: Batch) -> str:
        """A table's batch written by the group commit; then every page of the accounts whose
        wallets it moved money into or out of is told (:mod:`.wallets`)."""
        head = await self.group_commit.commit(batch)
        self.metrics.rounds_stored(batch.table_id, len(batch.rounds))
        self.wallets.changed(wallet_names(batch.moves))
        return head

    def is_connected(self, name: str) -> bool:
        """True while ``name`` has a websocket open."""
        return bool(self.connections.get(name))

    # ------------------------------------------------------------------ accounts
    async def user(self, token: str | None) -> tuple[User, dt.datetime] | None:
        """The user of a valid session token, and when the session expires."""
        if not token:
            return None
        row = await self.store.run(self.store.session_user, token_hash(token))
        if row is None:
            return None
        return User(row["id"], row["name"], row["role"]), row["expires_at"]

    # ------------------------------------------------------------------ tables
    def lobby(self, *, hidden: bool = False) -> list[dict[str, Any]]:
        """Every open table: id, profile, limits, variations, seats taken and free, phase (in a
        cluster, the tables run elsewhere as their owners last announced them); invitation-only
        private tables only with ``hidden`` (the pit's floor)."""
        out = [lobby_entry(a) for a in self.actors.values() if not a.closed]
        if self.cluster is not None:
            out += self.cluster.directory.lines(skip=self.actors)
        if not hidden:
            out = [t for t in out if not (t.get("private") or {}).get("invitation_only")]
        return out

    def lobby_text(self, fresh: float) -> str:
        """The lobby feed's message, built at most once every ``fresh`` seconds for all the
        feeds (a thousand feeds open cost the loop no more than one)."""
        t = time.monotonic()
        if self._lobby is None or t - self._lobby[0] >= fresh:
            text = json.dumps({"type": "lobby", "tables": self.lobby()}, separators=(",", ":"))
            self._lobby = (t, text)
        return self._lobby[1]

    async def find(self, table_id: str) -> TableActor | None:
        """The actor of an open table (in a cluster, one another process opened too)."""
        actor = self.actors.get(table_id)
        if actor is None and self.cluster is not None:
            actor = await self.cluster.ensure(table_id)
        return None if actor is None or actor.closed else actor

    async def subscribe(self, conn: Connection, table_id: str) -> None:
        """Subscribe a websocket to an open table: its state, then its events; an error
        message if there is no such table. In a cluster, a replica dropped at that very moment
        is made again and subscribed to."""
        # each subscription is a snapshot of the table, made and sent whole: a door of its own
        who = conn.user.name or f"@{address_key(conn.address)}"
        wait = self.limits.take(("snapshot.key", who))
        if wait:
            self._defer(conn, table_id, wait)
            return
        conn.tables.add(table_id)
        why = f"no open table {table_id!r}"
        for _ in range(3):
            actor = await self.find(table_id)
            if actor is None:
                break
            try:
                await actor.subscribe(conn)
            except TableGoneError as e:
                why = str(e)
                continue
            await self.chat.joined(conn, table_id)
            return
        conn.tables.discard(table_id)
        conn.push({"type": "error", "table": table_id, "error": why})

    def _defer(self, conn: Connection, table_id: str, wait: float) -> None:
        """A subscription over its door is answered once the door lets it through, once
        however often it is asked meanwhile: a client that lost a delta asks once, and must
        get its snapshot. At most :data:`DEFERRED` tables wait per connection; past them the
        subscription is refused."""
        if table_id in conn.deferred:
            return
        if len(conn.deferred) >= DEFERRED:
            why = f"rate limit: too many subscriptions; wait {wait:.2f} s"
            conn.push({"type": "error", "table": table_id, "error": why})
            return
        conn.deferred.add(table_id)
        why = f"rate limit: too many subscriptions; the table's state follows in {wait:.2f} s"
        conn.push({"type": "error", "table": table_id, "error": why})

        async def later() -> None:
            await asyncio.sleep(wait + 0.01)  # (past the door's own clock, however rounded)
            if table_id not in conn.deferred:  # unsubscribed meanwhile
                return
            conn.deferred.discard(table_id)
            if not conn.closed and conn.revoked is None and not conn.overflowed:
                try:
                    await self.subscribe(conn, table_id)
                except DatabaseAwayError as e:  # the client may ask again
                    conn.push({"type": "error", "table": table_id, "error": str(e)})

        spawn(later(), self._later, f"a subscription to {table_id} answered later")

    def unsubscribe(self, conn: Connection, table_id: str) -> None:
        """A connection leaves a table (in a cluster, a replica nobody watches is dropped)."""
        conn.deferred.discard(table_id)
        actor = self.actors.get(table_id)
        if actor is None:
            return
        actor.unsubscribe(conn)
        if self.cluster is not None:
            self.cluster.unsubscribed(actor)

    async def server_of(self, table_id: str) -> dict[str, Any] | None:
        """Where the clients of an open table should connect: the process that runs it and
        its address (None: no address known; any process serves it). None: no such table."""
        if self.cluster is None:
            actor = self.actors.get(table_id)
            if actor is None or actor.closed:
                return None
            return {
                "table": table_id,
                "owner": self.instance,
                "server": self.options.address or None,
            }
        if not any(t == table_id for t, _ in await self.store.run(self.store.open_tables)):
            return None
        found = (await self.store.run(leases.owners, self.store)).get(table_id)
        owner = found[0] if found is not None and found[1] else None
        if owner == self.instance:
            server = self.options.address
        else:
            server = self.cluster.directory.addresses.get(owner or "", "")
        return {"table": table_id, "owner": owner, "server": server or None}

    def cluster_report(self) -> dict[str, Any]:
        """What this process runs and replicates, and the replicas' work (``GET /api/cluster``)."""
        if self.cluster is None:
            return {
                "instance": self.instance,
                "address": self.options.address,
                "runs": sorted(self.actors),
                "replicas": [],
            }
        return self.cluster.report()

    async def open_table(self, config: TableConfig) -> TableActor:
        """Open a table; computer players take the highest seats."""
        if config.id in self.actors:
            raise IllegalActionError(f"table {config.id!r} exists already")
        engine = TableEngine(config)
        epoch = await self.cluster.claim_new(config.id) if self.cluster is not None else 0
        try:
            await self.store.run(self.store.open_table, config.id, config.to_json())
        except BaseException:
            if self.cluster is not None:
                await asyncio.shield(self.cluster.unclaim(config.id))
            raise
        actor = self._actor(engine)
        if self.cluster is not None:
            self.cluster.own_new(actor, epoch)
        actor.start()
        n = engine.profile.table.positions
        bots = [
            {"a": "sit", "player": f"bot-{s}", "seat": str(s), "cents": BOT_CHIPS, "bot": True}
            for s in range(n, n - config.computer_players, -1)
        ]
        if bots:

            async def seat_bots() -> dict[str, Any]:
                return {"seq": await actor.conduct(bots, "dealer")}

            await actor.call(seat_bots)
        return actor

    async def close_table(self, table_id: str) -> None:
        """Close a table: an open round is void, everyone is cashed out; then its actor is let
        go (what was asked of it before is answered first), so that a long-running service
        does not keep every table it ever closed.

        Raises:
            IllegalActionError: no open table of that id here, or the table is held.
        """
        actor = await self.find(table_id)
        if actor is None:
            raise IllegalActionError(f"no open table {table_id!r}")
        if actor.held is not None:
            raise IllegalActionError(f"the table is held: {actor.held}")
        if not actor.owner and self.cluster is not None:
            op = User(0, "operator", "operator")
            r = await self.cluster.forward(actor, op, "", CLOSE, {})
            if r["status"] != "applied":
                raise IllegalActionError(r.get("error", "the table could not be closed"))
            return

        async def close() -> dict[str, Any]:
            actor.floor.paused = True
            e = actor.engine
            if e.round is not None:
                cmds: list[dict[str, Any]] = []
                if e.round.phase != "done":
                    cmds.append({"a": "void", "reason": "the table closed"})
                cmds.append({"a": "finish"})
                await actor.conduct(cmds, "operator")
            leave = [{"a": "leave", "player": p, "bot": is_bot(p)} for p in sorted(e.session.seats)]
            if leave:
                await actor.conduct(leave, "operator")
            await self.store.run(self.store.close_table, table_id)
            actor.closed = True
            return {}

        await actor.call(close)
        await self._retire(actor)

    async def _retire(self, actor: TableActor) -> None:
        """Let a closed table's actor go: no longer found, so nothing new is asked of it; what
        was asked before is answered (the table's queue is done), then its task ends."""
        if self.actors.get(actor.table_id) is actor:
            del self.actors[actor.table_id]
            self.metrics.forget(actor.table_id)
        await actor.finish()
        if self.cluster is not None:
            await self.cluster.closed(actor.table_id)

    # ------------------------------------------------------------------ audit
    async def audit(self) -> dict[str, Any]:
        """The ledger checked end to end: every account equals the sum of its ledger rows, all
        accounts sum to zero (one consistent read), and every table this process runs has the
        chips its accounts hold (read between its batches)."""
        from .pit.audit import ledger_findings, ledger_findings_at, table_findings

        if self.store.url.rstrip("/") in ("sqlite:", "sqlite:/") or ":memory:" in self.store.url:
            found = await self.store.run(ledger_findings, self.store)  # not visible elsewhere
        else:  # the whole ledger summed in Python: on the compute pool, off the store's thread
            found = await self.compute.run(ledger_findings_at, self.store.url)
        findings, n_accounts, n_rows = found
        for actor in list(self.actors.values()):
            if actor.owner and not actor.closed:
                findings += await table_findings(self.store, actor)
        self.audited = (len(findings), time.time())
        return {"findings": findings, "accounts": n_accounts, "ledger_rows": n_rows}

    # ------------------------------------------------------------------ recall
    async def recall_table(self, table_id: str) -> list[dict[str, Any]]:
        """The table's last 10 rounds, whole, each with its settlement statement (operators)."""
        rows = await self.store.run(self.store.recall_table, table_id, 10)
        return await self.recall(rows, "operator", None)

    async def recall_player(self, name: str) -> list[dict[str, Any]]:
        """``name``'s last 10 rounds, redacted for ``name``, each with its statement."""
        rows = await self.store.run(self.store.recall_player, name, 10)
        return await self.recall(rows, "player", name)

    async def recall(
        self, rows: list[dict[str, Any]], who: str, name: str | None
    ) -> list[dict[str, Any]]:
        """:func:`~paigow.service.tables.recall.recall_on` the compute pool."""
        return await recall_on(self.compute, rows, who, name)
