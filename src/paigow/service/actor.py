"""A table actor: one asyncio task that owns one table's engine and is its only writer.

Everything that changes the table — players' commands, operators' actions, windows running out
— goes through the actor's queue and is handled one at a time:

1. the command is authorised (:mod:`paigow.service.rights`) and turned into engine commands;
2. the engine verifies and applies it (all-or-nothing), then the dealer does every chore that
   follows (:func:`paigow.service.conduct.next_step`);
3. the whole batch — commands, ledger rows, finished rounds, meters — is committed in one
   database transaction (write-ahead: before anyone is told);
4. only then the sender gets its ``result`` and every subscriber an ``event`` with what *that
   viewer* may see (:mod:`paigow.table.observation`).

If the commit fails the engine is rolled back to the state before the batch.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from paigow.errors import PaigowError
from paigow.games.dice import Rng

from .auth import User
from .chain import GENESIS
from .choices import Choices
from .conduct import Floor, Wait, absent_players, floor_for, is_bot, next_step, table_events
from .engine import Applied, Command, TableEngine
from .events import event
from .protocol import OPERATOR_ACTIONS, ProtocolError, parse_args
from .rights import RightsError, translate
from .sessions_sql import SessionRevokedError
from .store import Batch, OpRow, RoundRow, Store, players_of
from .views import GATHER, HeldBack, Key, Subscriber, TableViews

__all__ = ["Subscriber", "TableActor"]

log = logging.getLogger("paigow.service")


class Forwarder(Protocol):
    """Runs a command at the process that owns the table (``paigow serve --cluster``)."""

    def __call__(
        self,
        actor: TableActor,
        user: User,
        key: str,
        action: str,
        args: dict[str, Any],
        *,
        session: str | None = None,
    ) -> Awaitable[dict[str, Any]]:
        """The command's result."""


@dataclass
class _Item:
    kind: str
    user: User | None = None
    key: str | None = None
    action: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    sub: Subscriber | None = None
    done: asyncio.Future[dict[str, Any]] | None = None
    session: str | None = None


class TableActor(TableViews):
    """The single writer of one table."""

    def __init__(self, engine: TableEngine, store: Store, rng: Rng | None = None) -> None:
        self.engine = engine
        self.store = store
        self.rng: Rng = rng or random.SystemRandom()
        self.seq = 0
        self.floor = Floor()
        self.idem: dict[tuple[str, str], int] = {}
        self.subscribers: set[Subscriber] = set()
        self.recent: list[tuple[int, Applied]] = []
        self.full_states = False
        self.frame = 0
        self.sent: dict[Subscriber, tuple[int, Key, dict[str, Any]]] = {}
        self.kept_choices = Choices()
        self.connected: Callable[[str], bool] = lambda _n: True
        self.wait: Wait | None = None
        self.deadline: float | None = None
        self.held: str | None = None
        self.round_started: int = 0
        self.absent: dict[str, int] = {}
        self.closed = False
        self.head = GENESIS
        #: Called with the events a batch stored (the service shows them to operators).
        self.on_events: Callable[[list[dict[str, Any]]], None] = lambda _e: None
        #: Called after every change (the service publishes it to the other processes).
        self.on_change: Callable[[TableActor], None] = lambda _a: None
        #: The lease this actor writes under (owner, epoch); None: a single process.
        self.fence: tuple[str, int] | None = None
        self.instance = ""
        #: False for a replica of a table another process runs: its commands go to the owner.
        self.owner = True
        self.forward: Forwarder | None = None
        #: Writes a batch (the service's group commit); None: the store's own commit.
        self.committer: Callable[[Batch], Awaitable[str]] | None = None
        #: Changes made by this owner (a replica takes the newest floor it is told of).
        self.version = (0, 0)
        self._timer: asyncio.TimerHandle | None = None
        self._timer_key: str | None = None
        self._queue: asyncio.Queue[_Item] = asyncio.Queue()
        self.held_back = HeldBack()
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ rebuild
    def replay(self, rows: list[OpRow]) -> list[tuple[int, Applied]]:
        """Rebuild the table from its stored commands (at start-up; a replica catching up);
        what each did."""
        out: list[tuple[int, Applied]] = []
        for row in rows:
            if row.seq <= self.seq:
                continue
            try:
                applied = self.engine.apply(row.command)
            except PaigowError as e:
                self.held = f"command {row.seq} does not replay: {e}"
                log.error("table %s held: %s", self.table_id, self.held)
                return out
            out.append((row.seq, applied))
            self.remember([(row.seq, applied)])
            self.seq = row.seq
            self.head = row.link or self.head
            if row.idem_key is not None:
                self.idem[(row.actor, row.idem_key)] = row.seq
            if applied.command["a"] == "begin":
                self.round_started = row.seq
        paused = self.floor.paused
        self.floor = floor_for(self.engine)
        self.floor.paused = paused
        return out

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        """Start the actor's task and conduct the table from where it stands."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name=self.table_id)
        self._queue.put_nowait(_Item("tick"))

    async def stop(self) -> None:
        """Stop the task (pending items are dropped)."""
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _retry_later(self, seconds: float = 1.0) -> None:
        """The store refused a batch (the database away, say): look at the table again later,
        so that no window stays closed for want of a timer."""
        if self._task is not None:
            asyncio.get_running_loop().call_later(seconds, self.kick)

    def kick(self) -> None:
        """Let the dealer look at the table (after a takeover)."""
        self._queue.put_nowait(_Item("tick"))

    def disarm(self) -> None:
        """Cancel the window's timer (this process no longer runs the table)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timer_key = None, None

    async def command(
        self,
        user: User,
        key: str,
        action: str,
        args: dict[str, Any],
        session: str | None = None,
    ) -> dict[str, Any]:
        """Queue a command and wait for its result (a replica hands it to the owner).
        ``session``: the token hash of the sender's session, checked in the transaction that
        commits the command (a session ended before that commit: refused, nothing applied)."""
        if not self.owner:
            if self.forward is None:
                return {"status": "refused", "error": "this table is not run here"}
            return await self.forward(self, user, key, action, args, session=session)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Item("command", user, key, action, args, done=fut, session=session))
        return await fut

    async def subscribe(self, sub: Subscriber) -> None:
        """Add a subscriber; it gets the table's state as its first message."""
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Item("subscribe", sub=sub, done=fut))
        await fut

    def unsubscribe(self, sub: Subscriber) -> None:
        """Remove a subscriber. A seated player's connection closing may shorten the window
        the table waits in (``away_seconds``): the dealer looks at the table again."""
        self.subscribers.discard(sub)
        self.sent.pop(sub, None)
        if sub.user.name in self.engine.session.seats:
            self.kick()

    async def call(self, fn: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """Run ``fn`` inside the actor, between batches (for the operator's table tasks)."""
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        item = _Item("call", done=fut)
        item.args = {"fn": fn}
        self._queue.put_nowait(item)
        return await fut

    async def _run(self) -> None:
        while True:
            items = [await self._queue.get()]
            while not self._queue.empty() and len(items) < (1 if self.full_states else GATHER):
                items.append(self._queue.get_nowait())
            try:
                for item in items:
                    barrier = item.kind in ("subscribe", "call")  # they see the table as told
                    if barrier:
                        self.tell_held()
                    self.held_back.on = not (self.full_states or barrier)
                    try:
                        await self._handle(item)
                    except Exception as e:  # pragma: no cover - a bug must not kill the table
                        log.exception("table %s: %s", self.table_id, e)
                        if item.done is not None and not item.done.done():
                            item.done.set_result({"status": "refused", "error": "internal error"})
            finally:
                self.held_back.on = False
                self.tell_held()

    async def _handle(self, item: _Item) -> None:
        if item.kind == "subscribe":
            assert item.sub is not None and item.done is not None
            self.subscribers.add(item.sub)
            self.snapshot(item.sub)
            item.done.set_result({})
        elif item.kind == "command":
            assert item.done is not None
            # answered once everyone is told (HeldBack)
            self.held_back.answers.append((item.done, await self._command(item)))
        elif item.kind == "call":
            assert item.done is not None
            item.done.set_result(await item.args["fn"]())
        elif self.held is not None or self.closed or not self.owner:
            return  # a held table waits for an operator; a replica's owner conducts
        elif item.kind == "timer":
            if self.wait is not None and item.key == self.wait.key:
                self.floor.expired.add(item.key)
                humans = tuple(n for n in self.wait.who if not is_bot(n))
                self.floor.missed_window(humans, self.engine.config.missed_decisions)
                await self.conduct([], "dealer")
        else:
            await self.conduct([], "dealer")

    # ------------------------------------------------------------------ commands
    async def _command(self, item: _Item) -> dict[str, Any]:
        user, key = item.user, item.key
        assert user is not None and key is not None
        if (user.name, key) in self.idem:
            return {"status": "duplicate", "seq": self.idem[(user.name, key)]}
        if self.held is not None:
            return {"status": "refused", "error": f"the table is held: {self.held}"}
        if self.closed:
            return {"status": "refused", "error": "the table is closed"}
        floor = copy.deepcopy(self.floor)  # a decision recorded below is undone with the batch
        try:
            args = parse_args(item.action, item.args)
            cmds = translate(self, user, item.action, args)
        except (ProtocolError, RightsError, PaigowError) as e:
            self.floor = floor
            return {"status": "refused", "error": str(e)}
        events = []
        if item.action in OPERATOR_ACTIONS:
            events.append(
                event(
                    "operator_action", "info", self.table_id, user.name, action=item.action, **args
                )
            )
        elif item.action == "void_hand":
            events.append(event("irregularity", "warning", self.table_id, user.name, **args))
        seq = await self.conduct(
            cmds, user.name, key, events, session=item.session, floor=floor, acted=user.name
        )
        if isinstance(seq, str):
            return {"status": "refused", "error": seq}
        return {"status": "applied", "seq": seq}

    async def conduct(
        self,
        cmds: list[Command],
        actor: str,
        key: str | None = None,
        events: list[dict[str, Any]] | None = None,
        *,
        session: str | None = None,
        floor: Floor | None = None,
        acted: str | None = None,
    ) -> int | str | None:
        """Apply ``cmds`` (a person's), then every dealer step that follows; commit (with
        ``events`` for the event log; with the check that ``session``, the sender's, is still
        valid: a batch with a session is committed even when it changed only the floor); tell.
        ``floor``: the floor before the person's decision (restored if the batch fails).
        ``acted``: the player whose command this is (no longer sitting out).

        Returns the sequence number of the first command (None when it changed only the floor),
        or the reason it was refused.
        """
        cp = self.engine.checkpoint()
        floor = copy.deepcopy(self.floor) if floor is None else floor
        wait = self.wait
        if acted is not None:
            self.floor.acted(acted)
        batch = Batch(self.table_id, head=self.head, fence=self.fence, instance=self.instance)
        batch.session = session
        batch.events = list(events or [])
        applied: list[tuple[int, Applied]] = []
        first: int | None = None
        seq = self.seq
        try:
            for cmd in cmds:
                seq += 1
                applied.append((seq, self.engine.apply(cmd)))
                batch.ops.append(OpRow(seq, cmd, actor, key if first is None else None))
                first = first or seq
        except PaigowError as e:
            self.engine.rollback(cp)
            self.floor = floor
            return str(e)
        try:
            seq = self._dealer(batch, applied, seq)
        except PaigowError as e:  # the engine refused the dealer's own step: hold the table
            log.error("table %s: the dealer's step was refused: %s", self.table_id, e)
            self.engine.rollback(cp)
            self.floor = floor_for(self.engine)
            if not cmds:
                self.held = f"the dealer could not go on: {e}"
            return f"the table cannot go on after this: {e}"
        for s, a in applied:
            batch.moves += [(s, m) for m in a.moves]
        batch.events += table_events(self.table_id, applied, self.floor)
        for r in batch.rounds:
            if r.record.get("void") is not None:
                batch.events.append(
                    event(
                        "void",
                        "warning",
                        self.table_id,
                        None,
                        round=r.round_no,
                        reason=r.record["void"],
                    )
                )
        if batch.ops or batch.events or batch.session is not None:
            try:
                if self.committer is not None:
                    self.head = await self.committer(batch)
                else:
                    self.head = await self.store.run(self.store.commit, batch)
            except Exception as e:
                revoked = isinstance(e, SessionRevokedError)
                if not revoked:
                    log.exception("table %s: commit failed", self.table_id)
                done = None if isinstance(e, PaigowError) else await self._committed(batch)
                if done is not None:  # the database did write it (only the answer was lost)
                    self.head = done
                    return await self._told(batch, applied, seq, first=first, actor=actor, key=key)
                if self.held is not None:
                    return f"the table is held: {self.held}"
                self.engine.rollback(cp)
                self.floor = floor  # the decisions before the batch, windows as they were
                self.wait = wait  # (its timer was not touched: a batch arms it once told)
                if not revoked:  # the store refused it: look again later
                    self._timer_key = None  # the window's timer is armed again
                    self._retry_later()
                if isinstance(e, PaigowError):
                    return str(e)
                return f"the table could not record this ({type(e).__name__}); nothing changed"
        return await self._told(batch, applied, seq, first=first, actor=actor, key=key)

    async def _told(
        self,
        batch: Batch,
        applied: list[tuple[int, Applied]],
        seq: int,
        *,
        first: int | None,
        actor: str,
        key: str | None,
    ) -> int | None:
        """A batch is stored (or had nothing to store): take it, tell everyone."""
        if batch.ops:
            self.seq = seq
            if first is not None and key is not None:
                self.idem[(actor, key)] = first
        self._arm()
        self.version = (self.version[0], self.version[1] + 1)
        if self.held_back.on:  # told with the other items handled with it (_run)
            self.held_back.applied += applied
            self.held_back.due = True
        else:
            self._broadcast(applied)
        if batch.stored_events:
            self.on_events(batch.stored_events)
        self.on_change(self)
        return first

    async def _committed(self, batch: Batch, tries: int = 30) -> str | None:
        """After a failed commit: did the database write the batch all the same (the
        connection lost after the commit)? Its new head when it did, None when it did not.
        When the store cannot be asked for ``tries`` seconds, the table is held: it is rebuilt
        from the store when the service starts again."""
        if not batch.ops:
            return None
        want = batch.links()[-1]
        for _ in range(tries):
            try:
                head, _last = await self.store.run(self.store.head, self.table_id)
            except Exception:
                await asyncio.sleep(1.0)
                continue
            return want if head == want else None
        self.held = "the database did not confirm a write; restart the service to rebuild it"
        log.error("table %s held: %s", self.table_id, self.held)
        return None

    def _dealer(self, batch: Batch, applied: list[tuple[int, Applied]], seq: int) -> int:
        for _ in range(10_000):
            step = next_step(self.engine, self.floor, self.rng, self.connected)
            if step is None or isinstance(step, Wait):
                self.wait = step
                return seq
            fallback = step.pop("fallback", None)
            try:
                a = self.engine.apply(step)
            except PaigowError:
                if fallback is None:
                    raise
                step["cents"] = fallback
                a = self.engine.apply(step)
            seq += 1
            actor = "dealer"
            if step.get("player") and is_bot(str(step["player"])):
                actor = str(step["player"])
            batch.ops.append(OpRow(seq, step, actor))
            applied.append((seq, a))
            if step["a"] == "begin":
                self.round_started = seq
                self.floor.reset(f"r{self.engine.session.rounds + 1}")
            elif step["a"] == "finish":
                assert a.record is not None
                n = self.engine.session.rounds
                batch.rounds.append(
                    RoundRow(n, self.round_started, seq, a.record, tuple(players_of(a.record)))
                )
                self.floor.reset(f"r{n}-after")
                for name in absent_players(self.engine, self.absent, self.connected, a.record):
                    seq += 1
                    cmd = {"a": "leave", "player": name}
                    applied.append((seq, self.engine.apply(cmd)))
                    batch.ops.append(OpRow(seq, cmd, "dealer"))
        raise AssertionError("the dealer did not stop")  # pragma: no cover

    # ------------------------------------------------------------------ timers
    def _arm(self) -> None:
        w = self.wait
        if w is None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer, self.deadline = None, None
            return
        if (
            self._timer is not None
            and self._timer_key == w.key
            and self.deadline is not None
            and self.deadline <= time.time() + w.seconds
        ):
            return  # the window's timer runs (a shorter window, for absent players, re-arms)
        if self._timer is not None:
            self._timer.cancel()
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(w.seconds, self._queue.put_nowait, _Item("timer", key=w.key))
        self._timer_key = w.key
        self.deadline = time.time() + w.seconds

    def expire(self) -> None:
        """End the current window now (its documented default applies)."""
        if self.wait is not None:
            self.floor.expired.add(self.wait.key)
