"""A table actor's batches: what a table writes at once — its commands, the dealer's steps that
follow them, the money they move, the rounds they finish and the events they raise — committed
in one database transaction before anyone is told (write-ahead), then told in one broadcast.

A batch is one of:

* **one command** (a person's, or none: the dealer looking at the table, a window running out),
  then every dealer step that follows (:meth:`Batches.conduct`);
* **the commands that waited together in the table's queue** (:meth:`Batches.gathered`), of
  any number of senders: each is applied, in its order, to the table as the commands before it
  left it, all-or-nothing on its own — one the protocol, the sender's rights or the rules refuse
  is undone alone, and its sender is answered with the refusal it would have got alone — then
  one chain of dealer steps for all of them, one commit (every sender's session checked in its
  transaction) and one broadcast. When the commit does not write the batch (a wallet that
  would go short, a buy-in past a player's protection, a session ended, the database away, the
  lease lost) or the dealer cannot go on after it, nothing of it is kept: the table goes back to
  the state before it and the commands are handled again one at a time, each its own batch, so
  each sender gets the answer it would have got alone and the others are not held back by it.

Every sender's first command of a batch is stored with its idempotency key (a retry of it is
answered ``duplicate``, never applied twice), and the stored commands replay to the same table
whatever batches they were written in (:meth:`paigow.service.tables.actor.TableActor.replay`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from paigow.errors import PaigowError
from paigow.games.dice import Rng

from ..accounts.auth import User
from ..db.database import DatabaseAwayError
from ..db.events import event
from ..db.idem import RecentKeys, RepeatedKeyError
from ..db.seats_sql import sync_seats
from ..db.sessions_sql import SessionRevokedError
from ..store.store import Batch, OpRow, RoundRow, Store, players_of
from ..wire.protocol import OPERATOR_ACTIONS, ProtocolError, parse_args
from .conduct import Floor, Wait, absent_players, floor_for, is_bot, next_step, table_events
from .engine import Applied, Command
from .rights import RightsError, translate
from .views import Answer, Subscriber, TableViews

__all__ = ["Batches", "Item"]

log = logging.getLogger("paigow.service")

#: What a refused command is answered for: the protocol, the sender's rights, the rules.
_REFUSED = (ProtocolError, RightsError, PaigowError)


@dataclass
class Item:
    """One thing waiting in a table's queue: a command, a subscription, an operator's task
    (``call``), a window's timer or a look at the table (``tick``)."""

    kind: str
    user: User | None = None
    key: str | None = None
    action: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    #: A subscription's subscriber; for a command, the sender's connection when its result
    #: goes inside that connection's frame of the table (:meth:`~.views.TableViews.tell_held`).
    sub: Subscriber | None = None
    done: asyncio.Future[dict[str, Any]] | None = None
    session: str | None = None

    def answer(self, result: dict[str, Any]) -> Answer:
        """A command's answer, held back until the table has told its subscribers."""
        assert self.done is not None
        to = None if self.sub is None or self.key is None else (self.sub, self.key)
        return self.done, result, to


class Batches(TableViews):
    """The batches of a table actor (:class:`paigow.service.tables.actor.TableActor` is one)."""

    store: Store
    rng: Rng
    idem: RecentKeys
    head: str
    fence: tuple[str, int] | None
    instance: str
    committer: Callable[[Batch], Awaitable[str]] | None
    closed: bool
    round_started: int
    absent: dict[str, int]
    connected: Callable[[str], bool]
    version: tuple[int, int]
    on_events: Callable[[list[dict[str, Any]]], None]
    on_change: Callable[[Any], None]
    _timer_key: str | None
    stored_seats: dict[str, str] | None

    def _arm(self) -> None:
        """Arm the timer of the window the table waits in (the actor's)."""
        raise NotImplementedError  # pragma: no cover

    def _retry_later(self, seconds: float = 1.0) -> None:
        """Look at the table again later (the actor's)."""
        raise NotImplementedError  # pragma: no cover

    async def _handle(self, item: Item) -> None:
        """Handle one item of the queue on its own (the actor's)."""
        raise NotImplementedError  # pragma: no cover

    async def _known(self, user: User, key: str) -> int | None:
        """The number of the command ``user`` sent with ``key``, None: new (the actor's)."""
        raise NotImplementedError  # pragma: no cover

    async def _unpaid(self, items: Sequence[Item]) -> list[str | None]:
        """Why each item is refused before the table is touched (the actor's)."""
        raise NotImplementedError  # pragma: no cover

    async def _committed(self, batch: Batch) -> str | None:
        """After a failed commit, the head when the database wrote ``batch`` (the actor's)."""
        raise NotImplementedError  # pragma: no cover

    def expire(self) -> None:
        """End the current window now (its documented default applies)."""
        if self.wait is not None:
            self.floor.expired.add(self.wait.key)

    # ------------------------------------------------------------------ one command
    async def _command(self, item: Item) -> dict[str, Any]:
        user, key = item.user, item.key
        assert user is not None and key is not None
        if (user.name, key) in self.idem:
            return {"status": "duplicate", "seq": self.idem[(user.name, key)]}
        answer = await self._command_once(item, user, key)
        if answer["status"] == "refused":
            seq = await self._known(user, key)
            if seq is not None:
                return {"status": "duplicate", "seq": seq}
        return answer

    async def _command_once(self, item: Item, user: User, key: str) -> dict[str, Any]:
        if self.held is not None:
            return {"status": "refused", "error": f"the table is held: {self.held}"}
        if self.closed:
            return {"status": "refused", "error": "the table is closed"}
        (why,) = await self._unpaid([item])
        if why is not None:
            return {"status": "refused", "error": why}
        floor = self.floor.copy()  # a decision recorded below is undone with the batch
        try:
            cmds, events = self._translate(user, item.action, item.args)
        except _REFUSED as e:
            self.floor = floor
            return {"status": "refused", "error": str(e)}
        seq = await self.conduct(
            cmds, user.name, key, events, session=item.session, floor=floor, acted=user.name
        )
        if isinstance(seq, str):
            return {"status": "refused", "error": seq}
        return {"status": "applied", "seq": seq}

    def _translate(
        self, user: User, action: str, raw: dict[str, Any]
    ) -> tuple[list[Command], list[dict[str, Any]]]:
        """The engine commands of ``user``'s ``action`` (its decisions recorded on the floor)
        and the events it raises for the event log.

        Raises:
            ProtocolError, RightsError, PaigowError: the command is refused.
        """
        args = parse_args(action, raw)
        cmds = translate(self, user, action, args)
        events = []
        if action in OPERATOR_ACTIONS:
            events.append(
                event("operator_action", "info", self.table_id, user.name, action=action, **args)
            )
        elif action == "void_hand":
            events.append(event("irregularity", "warning", self.table_id, user.name, **args))
        return cmds, events

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
        floor = self.floor.copy() if floor is None else floor
        wait = self.wait
        if acted is not None:
            self.floor.acted(acted)
        batch = Batch(self.table_id, head=self.head, fence=self.fence, instance=self.instance)
        batch.sessions = [] if session is None else [session]
        batch.events = list(events or [])
        applied: list[tuple[int, Applied]] = []
        first: int | None = None
        seq = self.seq
        try:
            for cmd in cmds:  # a refusal undoes the batch whole (below): no undo of its own
                seq += 1
                applied.append((seq, self.engine.apply(cmd, undo=False)))
                batch.ops.append(OpRow(seq, cmd, actor, key if first is None else None))
                first = first or seq
                self._round_row(batch, *applied[-1])  # (an operator's close ends a round)
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
        keys = [((actor, key), first)] if key is not None else []
        if batch.ops or batch.events or batch.sessions:
            why = await self._store(batch)
            if why is not None:
                if self.held is None:  # a held table is rebuilt from the store
                    self.engine.rollback(cp)
                    self.floor = floor  # the decisions before the batch, windows as they were
                    self.wait = wait  # (its timer was not touched: a batch arms it once told)
                return why
        elif batch.seats is not None:  # the seats alone (the table's first look here): apart
            w = (self.store, self.table_id, batch.seats, self.fence)
            batch.seats = batch.seats if await self.store.run(sync_seats, *w) else None
        self._told(batch, applied, seq, keys)
        return first

    # ------------------------------------------------------------------ gathered commands
    async def gathered(self, items: Sequence[Item]) -> None:
        """Handle the commands ``items`` (each sender's key once) as one batch (the module's
        docstring); their answers are given after the broadcast (:class:`~.views.HeldBack`)."""
        assert self.held_back.on
        if self.held is not None or self.closed:
            await self._one_at_a_time(items)
            return
        cp = self.engine.checkpoint()
        floor0, wait0 = self.floor.copy(), self.wait
        batch = Batch(self.table_id, head=self.head, fence=self.fence, instance=self.instance)
        applied: list[tuple[int, Applied]] = []
        seq = self.seq
        answers: list[dict[str, Any] | None] = []  # None: taken into the batch
        keys: list[tuple[tuple[str, str], int | None]] = []
        why: str | None = None
        unpaid = await self._unpaid(items)
        try:
            for item, refused in zip(items, unpaid, strict=True):
                if refused is not None:
                    answers.append({"status": "refused", "error": refused})
                    continue
                seq = self._take(item, batch, applied, seq, (answers, keys))
        except Exception:  # pragma: no cover - a bug: nothing of the batch is kept
            self._undo(cp, floor0, wait0)
            raise
        if keys:
            try:
                seq = self._dealer(batch, applied, seq)
            except PaigowError as e:  # which command the dealer cannot go on after: one by one
                log.warning("table %s: the dealer's step was refused: %s", self.table_id, e)
                self._undo(cp, floor0, wait0)
                await self._one_at_a_time(items)
                return
            if batch.ops or batch.events or batch.sessions:
                why = await self._store(batch, keep_timer=True)
            if why is not None and self.held is None:
                self._undo(cp, floor0, wait0)
                await self._one_at_a_time(items)
                return
            if why is None:
                self._told(batch, applied, seq, keys)
        firsts = iter(first for _k, first in keys)
        held = {"status": "refused", "error": f"the table is held: {self.held}"}
        for item, given in zip(items, answers, strict=True):
            assert item.done is not None and item.user is not None and item.key is not None
            answer = given
            if given is not None and given["status"] == "refused":
                known = await self._known(item.user, item.key)
                answer = given if known is None else {"status": "duplicate", "seq": known}
            if answer is not None:
                self.held_back.answers.append(item.answer(answer))
            elif self.held is not None and why is not None:
                self.held_back.answers.append(item.answer(held))
            else:
                self.held_back.answers.append(
                    item.answer({"status": "applied", "seq": next(firsts)})
                )

    def _take(
        self,
        item: Item,
        batch: Batch,
        applied: list[tuple[int, Applied]],
        seq: int,
        out: tuple[list[dict[str, Any] | None], list[tuple[tuple[str, str], int | None]]],
    ) -> int:
        """Apply the command ``item`` into the gathered ``batch`` (after ``seq``), or refuse it
        alone; ``out``: its answer (None: taken) and its sender's key, added to those of the
        commands before it. The batch's last number."""
        answers, keys = out
        user, key = item.user, item.key
        assert user is not None and key is not None
        if (user.name, key) in self.idem:
            answers.append({"status": "duplicate", "seq": self.idem[(user.name, key)]})
            return seq
        floor = self.floor.copy()
        mark: Any = None
        ops, done = len(batch.ops), len(applied)
        first: int | None = None
        try:
            cmds, events = self._translate(user, item.action, item.args)
            if len(cmds) > 1:  # the engine undoes one refused command; this, all of them
                mark = self.engine.checkpoint()
            self.floor.acted(user.name)
            for cmd in cmds:
                applied.append((seq + 1, self.engine.apply(cmd)))
                seq += 1
                batch.ops.append(OpRow(seq, cmd, user.name, key if first is None else None))
                first = first or seq
        except _REFUSED as e:
            if mark is not None:
                self.engine.rollback(mark)
            self.floor = floor
            seq -= len(batch.ops) - ops
            del batch.ops[ops:], applied[done:]
            answers.append({"status": "refused", "error": str(e)})
            return seq
        batch.events += events
        if item.session is not None:
            batch.sessions.append(item.session)
        keys.append(((user.name, key), first))
        answers.append(None)
        return seq

    async def _one_at_a_time(self, items: Sequence[Item]) -> None:
        for item in items:
            await self._handle(item)

    def _undo(self, cp: Any, floor: Floor, wait: Wait | None) -> None:
        """Back to the table before a batch: the engine, the floor's decisions, the window."""
        self.engine.rollback(cp)
        self.floor = floor
        self.wait = wait

    # ------------------------------------------------------------------ the batch's end
    async def _store(self, batch: Batch, *, keep_timer: bool = False) -> str | None:
        """Commit ``batch``: None when it is written (the table's new head taken), else why
        not (the caller undoes it). ``keep_timer``: the commands are tried again at once (no
        look at the table later)."""
        try:
            if self.committer is not None:
                self.head = await self.committer(batch)
            else:
                self.head = await self.store.run(self.store.commit, batch)
            return None
        except PaigowError as e:  # refused by the store's rules: nothing was written
            if isinstance(e, RepeatedKeyError):  # a key older than the memory's: learned again
                self.idem[(e.actor, e.key)] = e.seq
            elif not isinstance(e, SessionRevokedError):
                # an expected refusal (a wallet short, a buy-in past its player's protection,
                # the lease lost): a line, not a crash's traceback
                log.info("table %s: a batch was refused: %s", self.table_id, e)
            if self.held is not None:
                return f"the table is held: {self.held}"
            if not (batch.sessions or keep_timer):  # the dealer's own steps: tried again later
                self._retry_later()
            return str(e)
        except Exception as e:  # the database away, or a bug: it may have written it
            if isinstance(e, DatabaseAwayError):
                log.warning("table %s: commit failed: %s", self.table_id, e)
            else:
                log.exception("table %s: commit failed", self.table_id)
            done = await self._committed(batch)
            if done is not None:  # the database did write it (only the answer was lost)
                self.head = done
                return None
            if self.held is not None:
                return f"the table is held: {self.held}"
            if not keep_timer:  # the store could not be written: look again later
                self._retry_later()
            return f"the table could not record this ({type(e).__name__}); nothing changed"

    def _told(
        self,
        batch: Batch,
        applied: list[tuple[int, Applied]],
        seq: int,
        keys: Sequence[tuple[tuple[str, str], int | None]],
    ) -> None:
        """A batch is stored (or had nothing to store): take it, tell everyone. ``keys``: each
        sender's (name, idempotency key) and the sequence number of its first command."""
        if batch.seats is not None:
            self.stored_seats = batch.seats
        if batch.ops:
            self.seq = seq
            for k, first in keys:
                if first is not None:
                    self.idem[k] = first
        self._arm()
        self.version = (self.version[0], self.version[1] + 1)
        if self.held_back.on:  # told with the other items handled with it (actor's _run)
            self.held_back.applied += applied
            self.held_back.due = True
        else:
            self._broadcast(applied)
        if batch.stored_events:
            self.on_events(batch.stored_events)
        self.on_change(self)

    def _dealer(self, batch: Batch, applied: list[tuple[int, Applied]], seq: int) -> int:
        """Every dealer step that follows, into ``batch``; then its money and its events.

        Raises:
            PaigowError: a step is refused: the caller rolls the table back to its checkpoint
            from before the batch (the steps are not undone one by one).
        """
        for _ in range(10_000):
            step = next_step(self.engine, self.floor, self.rng, self.connected)
            if step is None or isinstance(step, Wait):
                self.wait = step
                self._account(batch, applied)
                return seq
            fallback = step.pop("fallback", None)
            try:  # (a refusal without a fallback undoes the batch whole: the callers')
                a = self.engine.apply(step, undo=fallback is not None)
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
            elif step["a"] == "finish" and a.record is not None:
                self._round_row(batch, seq, a)
                for name in absent_players(self.engine, self.absent, self.connected, a.record):
                    seq += 1
                    cmd = {"a": "leave", "player": name}
                    applied.append((seq, self.engine.apply(cmd, undo=False)))
                    batch.ops.append(OpRow(seq, cmd, "dealer"))
        raise AssertionError("the dealer did not stop")  # pragma: no cover

    def _round_row(self, batch: Batch, seq: int, a: Applied) -> None:
        """When ``a`` (command ``seq``) finished a round: its row, stored with the batch (by
        whoever finished it: the dealer, or an operator closing the table mid-round)."""
        if a.command["a"] != "finish":
            return
        assert a.record is not None
        n = self.engine.session.rounds
        batch.rounds.append(
            RoundRow(n, self.round_started, seq, a.record, tuple(players_of(a.record)))
        )
        self.floor.reset(f"r{n}-after")

    def _account(self, batch: Batch, applied: list[tuple[int, Applied]]) -> None:
        """Into ``batch``: the money ``applied`` moved, its events, the seats if they changed."""
        seated = {p: s for p, s in self.engine.seats.items() if not is_bot(p)}
        if seated != self.stored_seats:
            batch.seats = seated
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
