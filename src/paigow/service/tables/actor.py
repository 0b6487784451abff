"""A table actor: one asyncio task that owns one table's engine and is its only writer.

Everything that changes the table — players' commands, operators' actions, windows running out
— goes through the actor's queue and is handled one at a time:

1. the command is authorised (:mod:`paigow.service.tables.rights`) and turned into engine commands;
2. the engine verifies and applies it (all-or-nothing), then the dealer does every chore that
   follows (:func:`paigow.service.tables.conduct.next_step`);
3. the whole batch — commands, ledger rows, finished rounds, meters — is committed in one
   database transaction (write-ahead: before anyone is told);
4. only then the sender gets its ``result`` and every subscriber an ``event`` with what *that
   viewer* may see (:mod:`paigow.table.observation`).

If the commit fails the engine is rolled back to the state before the batch. The commands that
waited together in the queue (of several senders) make one batch (:mod:`.batches`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from paigow.errors import IllegalActionError, PaigowError
from paigow.games.dice import Rng

from ..accounts.auth import User
from ..db.chain import GENESIS
from ..db.database import DatabaseAwayError
from ..db.idem import RecentKeys
from ..kit.logs import TABLE
from ..store.store import Batch, OpRow, Store
from ..wire.protocol import ProtocolError, parse_args
from .batches import Batches, Item
from .choices import Choices
from .conduct import Floor, Wait, floor_for, is_bot
from .engine import Applied, TableEngine
from .projection import Kept
from .views import GATHER, HeldBack, Key, Subscriber

__all__ = ["GONE", "Subscriber", "TableActor", "TableGoneError"]

log = logging.getLogger("paigow.service")

#: The answer to what was asked of a table's actor that has stopped.
GONE = "the table is no longer served here (closed, or moved); send again with the same id"


class TableGoneError(IllegalActionError):
    """The table's actor has stopped (the table closed here, or its replica was dropped):
    what was asked of it is answered with this, never left waiting; asked again, the service
    finds the table anew (a replica made again, or "no open table")."""


async def _nothing() -> dict[str, Any]:
    return {}


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


class TableActor(Batches):
    """The single writer of one table."""

    def __init__(self, engine: TableEngine, store: Store, rng: Rng | None = None) -> None:
        self.engine = engine
        self.store = store
        self.rng: Rng = rng or random.SystemRandom()
        self.seq = 0
        self.floor = Floor()
        self.idem = RecentKeys()
        self.subscribers: set[Subscriber] = set()
        self.recent: list[tuple[int, Applied]] = []
        self.recent_now: int | None = None
        self.full_states = False
        self.frame = 0
        self.sent: dict[Subscriber, tuple[int, Key, dict[str, Any]]] = {}
        self.kept_choices = Choices()
        self.kept = Kept()
        self.connected: Callable[[str], bool] = lambda _n: True
        self.wait: Wait | None = None
        self.deadline: float | None = None
        self.held: str | None = None
        self.round_started: int = 0
        self.absent: dict[str, int] = {}
        self.closed = False
        #: Stopped, or stopping (:meth:`finish`): nothing new is taken.
        self.stopped = False
        #: Subscriptions asked and not yet made (a replica is not dropped meanwhile).
        self.joining = 0
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
        #: Who sits where as the store has it (None: not known here: written at the next look).
        self.stored_seats: dict[str, str] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._timer_key: str | None = None
        self._queue: asyncio.Queue[Item] = asyncio.Queue()
        self.held_back = HeldBack()
        self._task: asyncio.Task[None] | None = None
        self._current: list[Item] = []

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
        self._queue.put_nowait(Item("tick"))

    async def stop(self) -> None:
        """Stop the task. Nothing waits for ever on a stopped table: what was asked of it and
        not yet answered is refused (:data:`GONE`), and so is anything asked after."""
        self.stopped = True
        if self._timer is not None:
            self._timer.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        left = self._current
        self._current = []
        while not self._queue.empty():
            left.append(self._queue.get_nowait())
        for item in left:
            if item.done is None or item.done.done():
                continue
            if item.kind == "command":
                item.done.set_result({"status": "refused", "error": GONE})
            else:
                item.done.set_exception(TableGoneError(GONE))

    async def finish(self) -> None:
        """Take nothing new from now on; answer what was asked before (the queue done); then
        stop (a closed table let go, a replica dropped)."""
        self.stopped = True
        if self._task is not None and not self._task.done():
            await self._queued(_nothing)
        await self.stop()

    def _retry_later(self, seconds: float = 1.0) -> None:
        """The store refused a batch (the database away, say): look at the table again later,
        so that no window stays closed for want of a timer."""
        if self._task is not None:
            asyncio.get_running_loop().call_later(seconds, self.kick)

    def kick(self) -> None:
        """Let the dealer look at the table (after a takeover)."""
        self._queue.put_nowait(Item("tick"))

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
        *,
        reply_to: Subscriber | None = None,
    ) -> dict[str, Any]:
        """Queue a command and wait for its result (a replica hands it to the owner).
        ``session``: the token hash of the sender's session, checked in the transaction that
        commits the command (a session ended before that commit: refused, nothing applied).
        ``reply_to``: the sender's connection, when it takes its results inside the table's
        frames: a result marked :data:`~.views.INLINE` was sent to it there already."""
        if self.stopped:
            return {"status": "refused", "error": GONE}
        if not self.owner:
            if self.forward is None:
                return {"status": "refused", "error": "this table is not run here"}
            return await self.forward(self, user, key, action, args, session=session)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        item = Item("command", user, key, action, args, sub=reply_to, done=fut, session=session)
        self._queue.put_nowait(item)
        return await fut

    async def subscribe(self, sub: Subscriber) -> None:
        """Add a subscriber; it gets the table's state as its first message.

        Raises:
            TableGoneError: the actor has stopped (:meth:`finish`).
        """
        if self.stopped:
            raise TableGoneError(GONE)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(Item("subscribe", sub=sub, done=fut))
        self.joining += 1
        try:
            await fut
        finally:
            self.joining -= 1

    def unsubscribe(self, sub: Subscriber) -> None:
        """Remove a subscriber. A seated player's connection closing may shorten the window
        the table waits in (``away_seconds``): the dealer looks at the table again."""
        self.subscribers.discard(sub)
        self.sent.pop(sub, None)
        if sub.user.name in self.engine.session.seats:
            self.kick()

    async def call(self, fn: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """Run ``fn`` inside the actor, between batches (for the operator's table tasks); what
        it returns, or the rules' error it raises.

        Raises:
            TableGoneError: the actor has stopped (:meth:`finish`).
        """
        if self.stopped:
            raise TableGoneError(GONE)
        return await self._queued(fn)

    async def _queued(self, fn: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(Item("call", done=fut, args={"fn": fn}))
        return await fut

    async def _run(self) -> None:
        TABLE.set(self.table_id)  # (what the table's task logs names it: kit.logs)
        while True:
            items = [await self._queue.get()]
            while not self._queue.empty() and len(items) < (1 if self.full_states else GATHER):
                items.append(self._queue.get_nowait())
            self._current = items  # answered by stop() if the task is cancelled meanwhile
            try:
                for group in self._groups(items):
                    barrier = group[0].kind in ("subscribe", "call")  # they see the table as told
                    if barrier:
                        self.tell_held()
                    self.held_back.on = not (self.full_states or barrier)
                    try:
                        if len(group) > 1:
                            await self.gathered(group)
                        else:
                            await self._handle(group[0])
                    except Exception as e:  # pragma: no cover - a bug must not kill the table
                        log.exception("table %s: %s", self.table_id, e)
                        for item in group:
                            if item.done is not None and not item.done.done():
                                item.done.set_result(
                                    {"status": "refused", "error": "internal error"}
                                )
            finally:
                self.held_back.on = False
                self.tell_held()

    def _groups(self, items: list[Item]) -> list[list[Item]]:
        """``items`` in the groups they are handled in: the commands that follow one another,
        each sender's key once, together (one batch, :meth:`gathered`); anything else alone."""
        out: list[list[Item]] = []
        keys: set[tuple[str, str | None]] = set()
        for item in items:
            if item.kind != "command" or not self.owner:
                out.append([item])
                continue
            assert item.user is not None
            key = (item.user.name, item.key)
            if out and out[-1][0].kind == "command" and key not in keys:
                out[-1].append(item)
            else:
                out.append([item])
                keys = set()
            keys.add(key)
        return out

    # ------------------------------------------------------------------ the store asked
    async def _known(self, user: User, key: str) -> int | None:
        """The number of the command ``user`` sent with ``key`` when the table may have
        forgotten it (:mod:`.idem`): asked of the store, and learned again. None: a new key."""
        if (user.name, key) in self.idem:
            return self.idem[(user.name, key)]
        if self.idem.complete:
            return None
        try:
            seq = await self.store.run(self.store.key_seq, self.table_id, user.name, key)
        except Exception as e:  # the store is away: the refusal stands (nothing was applied)
            bug = not isinstance(e, DatabaseAwayError)
            log.warning("table %s: could not look up a key: %s", self.table_id, e, exc_info=bug)
            return None
        if seq is not None:
            self.idem[(user.name, key)] = seq
        return seq

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

    async def _unpaid(self, items: Sequence[Item]) -> list[str | None]:
        """For each of ``items``, why it is refused before the table is touched: a player's
        ``sit`` whose buy-in the store would refuse now (the wallet short, the player's
        protection), all asked of the store at once (:meth:`~.store.Store.buy_in_refusals`).
        None: the table takes it (and the commit still decides)."""
        asks: dict[int, tuple[str, int]] = {}
        for i, item in enumerate(items):
            if item.action != "sit" or item.user is None or item.user.is_operator:
                continue
            try:
                args = parse_args("sit", item.args)
            except ProtocolError:
                continue  # refused by the protocol, in words, when the table takes it
            asks[i] = (item.user.name, int(args["cents"]))
        out: list[str | None] = [None] * len(items)
        if asks:
            try:
                found = await self.store.run(self.store.buy_in_refusals, list(asks.values()))
            except DatabaseAwayError as e:  # nothing can be bought in now
                found = [str(e)] * len(asks)
            for i, why in zip(asks, found, strict=True):
                out[i] = why
        return out

    async def _handle(self, item: Item) -> None:
        if item.kind == "subscribe":
            assert item.sub is not None and item.done is not None
            self.subscribers.add(item.sub)
            self.snapshot(item.sub)
            item.done.set_result({})
        elif item.kind == "command":
            assert item.done is not None
            # answered once everyone is told (HeldBack)
            self.held_back.answers.append(item.answer(await self._command(item)))
        elif item.kind == "call":
            assert item.done is not None
            try:
                item.done.set_result(await item.args["fn"]())
            except (PaigowError, DatabaseAwayError) as e:  # refused (or the table gone, or
                item.done.set_exception(e)  # the database away): told
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

    # ------------------------------------------------------------------ timers
    def _arm(self) -> None:
        """Arm the timer of the window the table waits in. A window keeps its deadline: told
        again of the same window (a batch refused, a look at the table), the timer that runs
        is kept, one that fired already is armed for what is left of the window; only a
        shorter window (for absent players) brings the deadline nearer. No command, refused
        or not, lengthens a window."""
        w = self.wait
        if w is None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer, self._timer_key, self.deadline = None, None, None
            return
        now = time.time()
        due = now + w.seconds
        if self._timer_key == w.key and self.deadline is not None:
            if self._timer is not None and self.deadline <= due:
                return  # the window's timer runs
            due = min(due, self.deadline)
        if self._timer is not None:
            self._timer.cancel()
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(0.0, due - now), self._fire, w.key)
        self._timer_key = w.key
        self.deadline = due

    def _fire(self, key: str) -> None:
        """The window ``key`` ran out: the actor is told (its timer is spent)."""
        self._timer = None
        self._queue.put_nowait(Item("timer", key=key))
