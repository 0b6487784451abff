"""What a table actor tells: the table as each viewer may see it, and the ``event`` of a
committed batch to every subscriber (:mod:`paigow.table.observation` decides what each viewer
sees)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from paigow.table.observation import OPERATOR, SPECTATOR, Viewer

from ..accounts.auth import User
from ..wire.codec import encode
from ..wire.deltas import Differ
from ..wire.protocol import result_message
from .choices import NONE, Choices, player_choices
from .projection import Kept, engine_part

if TYPE_CHECKING:
    from .conduct import Floor, Wait
    from .engine import Applied, TableEngine

__all__ = ["GATHER", "INLINE", "RECENT", "Answer", "HeldBack", "Subscriber", "TableViews"]

#: The most events a table keeps for the clients that come back (its open round's and its last
#: round's steps).
RECENT = 400


# : The most queued items a table takes at once: the commands among them that follow one another :
# make one batch (:mod:`paigow.service.tables.batches`), and the subscribers are told what all of
# them : did in one broadcast (the senders of the commands are answered after it).
GATHER = 16


#: The key of an answer whose ``result`` message went inside its sender's frame of the
#: broadcast (:meth:`TableViews.tell_held`): the sender's handler sends nothing more.
INLINE = "told_inline"

#: An answer held back: the command's future, its result, and where its ``result`` message
#: may go inside a frame (the sender's connection and the command's id; None: apart).
Answer = tuple[asyncio.Future[dict[str, Any]], dict[str, Any], "tuple[Subscriber, str] | None"]


@dataclass
class HeldBack:
    """While the items waiting together in a table's queue are handled (``on``): what their
    batches did, told in one broadcast when they are done, and their senders' answers, given
    after it (a sender sees its command's update before its answer, as when told at once)."""

    on: bool = False
    due: bool = False
    applied: list[tuple[int, Applied]] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)


class Subscriber(Protocol):
    """A connection that receives a table's messages."""

    user: User

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message for the client (never blocks): a dict, or a frame already encoded
        as JSON text (the same text for every subscriber who sees the same)."""


#: Who sees the same state of a table: the viewer, and whose choices (a seated player's name,
#: ``""`` for a signed-in player not seated, None for operators and anonymous spectators).
Key = tuple[Viewer, str | None]


class TableViews:
    """The views of a table actor (mixed into :class:`paigow.service.tables.actor.TableActor`)."""

    engine: TableEngine
    seq: int
    wait: Wait | None
    deadline: float | None
    floor: Floor
    held: str | None
    subscribers: set[Subscriber]
    recent: list[tuple[int, Applied]]
    #: The round number :meth:`remember` last kept the recent events for.
    recent_now: int | None
    #: Send every subscriber the whole state with each event (the code before deltas; for
    #: comparisons), instead of a ``delta``.
    full_states: bool
    #: The number of the last broadcast (``n`` of ``state``, ``event`` and ``delta``).
    frame: int
    #: What each subscriber was sent last: the frame's number, its key and its state (the
    #: base its next delta is made from).
    sent: dict[Subscriber, tuple[int, Key, dict[str, Any]]]
    held_back: HeldBack
    #: The seated players' legal choices, kept while what they are made from is the same.
    kept_choices: Choices
    #: The parts of the states made at the last broadcast that did not change since.
    kept: Kept

    @property
    def table_id(self) -> str:
        """The table's id."""
        return self.engine.table_id

    def viewer(self, user: User) -> Viewer:
        """How ``user`` sees this table now."""
        if user.is_operator:
            return OPERATOR
        e = self.engine
        rnd = e.round or e.last_round
        if user.name in e.session.seats or (rnd is not None and user.name in rnd.seats):
            return Viewer.seat(user.name)
        return SPECTATOR

    def choices(self, viewer: Viewer, user: User | None) -> dict[str, Any] | None:
        """What ``user`` may do at this table now (None for operators and anonymous
        watchers): a seated player's legal choices (:mod:`.choices`), or the seats a signed-in
        player may take."""
        e = self.engine
        if user is None or user.is_operator or not user.name:
            return None
        if viewer.player is None or user.name not in e.session.seats:
            return {
                **NONE,
                "seated": False,
                "playing": False,
                "next_round": False,
                "leave": False,
                "sitting_out": False,
                "sit_out": False,
                "returning": False,
                "withdraw_dice_bonus": False,
                "key": None,
                "sit": {"seats": e.free_seats(), "min": e.profile.table.min_wager},
            }
        name = user.name
        away = name in self.floor.away
        if self.full_states:  # the code before: made again for every state
            return player_choices(e, self.wait, self.floor, name, away=away) | {"sit": None}
        return self.kept_choices.get(e, self.wait, self.floor, name, away=away)

    def _head(self, engine: dict[str, Any] | None = None) -> dict[str, Any]:
        """The parts of the table's state that are the same for every viewer (``engine``:
        those made of the engine, :func:`.projection.engine_part`, when kept)."""
        w = self.wait
        return {
            "table": self.table_id,
            "seq": self.seq,
            **(engine_part(self.engine) if engine is None else engine),
            "waiting": None
            if w is None
            else {"key": w.key, "for": w.what, "who": list(w.who), "deadline": self.deadline},
            "paused": self.floor.paused,
            "held": self.held,
        }

    def state(self, viewer: Viewer, user: User | None = None) -> dict[str, Any]:
        """The table as ``viewer`` may see it now, with ``user``'s choices."""
        e = self.engine
        return {
            **self._head(),
            "you": viewer.player,
            "away": sorted(self.floor.away & set(e.seats)),
            "round": e.view(viewer),
            "choices": self.choices(viewer, user),
        }

    def state_message(self, user: User) -> dict[str, Any]:
        """The ``state`` message for ``user``, with the table's recent events (this round's and
        the last one's steps, as ``user`` may see them now): a client that comes back (a page
        reloaded) shows the steps from the server, not from what it happened to see."""
        viewer = self.viewer(user)
        return {
            "type": "state",
            "table": self.table_id,
            "n": self.frame,
            "state": self.state(viewer, user),
            "events": self._events(self.recent, viewer),
        }

    def snapshot(self, sub: Subscriber) -> None:
        """Send ``sub`` the table's state (its first message, or again when it asks: a
        client that missed a delta), the base of the deltas that follow."""
        msg = self.state_message(sub.user)
        self.sent[sub] = (self.frame, self.key(sub.user), msg["state"])
        sub.push(msg)

    def key(self, user: User) -> Key:
        """Who sees this table as ``user`` does (:data:`Key`)."""
        viewer = self.viewer(user)
        if user.is_operator or not user.name:
            return viewer, None
        if viewer.player is not None and user.name in self.engine.session.seats:
            return viewer, user.name
        return viewer, ""

    def remember(self, applied: list[tuple[int, Applied]]) -> None:
        """Keep what ``applied`` did for :meth:`state_message`: the events of the open round and
        of the last finished one (at most :data:`RECENT` of them)."""
        now = self.engine.session.rounds + (1 if self.engine.round is not None else 0)
        if now != self.recent_now:  # what is too old changes only with the round's number:
            self.recent_now = now  # those kept before are looked at again only then
            applied = self.recent + applied
            self.recent = []
        self.recent.extend(
            (s, a) for s, a in applied if a.round_no is None or a.round_no >= now - 1
        )
        if len(self.recent) > RECENT:
            del self.recent[:-RECENT]

    def _events(self, applied: list[tuple[int, Applied]], viewer: Viewer) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        for seq, a in applied:
            ev: dict[str, Any] = {"seq": seq, "action": a.command["a"], "round": a.round_no}
            if a.notice is not None:
                ev["notice"] = a.notice
            if a.rnd is not None and a.ops:
                ev["ops"] = [self.engine.op_view(a.rnd, i, viewer) for i in a.ops]
            events.append(ev)
        return events

    def tell_held(self) -> None:
        """Tell the subscribers what was held back (:class:`HeldBack`), in one broadcast, then
        answer the senders. A sender whose connection asked for its results inside the
        table's frames (``/ws?results=inline``) and is subscribed gets each ``result`` message
        in its frame of that broadcast, after the change it answers; its answer is then
        marked :data:`INLINE`. Any other is answered apart, after the broadcast."""
        h = self.held_back
        answers, h.answers = h.answers, []
        told: set[int] = set()
        if h.due:
            h.due, applied, h.applied = False, h.applied, []
            inline: dict[Subscriber, list[dict[str, Any]]] = {}
            for i, (fut, result, to) in enumerate(answers):
                if to is not None and to[0] in self.subscribers and not fut.done():
                    message = result_message(self.table_id, to[1], result)
                    inline.setdefault(to[0], []).append(message)
                    told.add(i)
            self._broadcast(applied, inline)
        for i, (fut, result, _to) in enumerate(answers):
            if not fut.done():
                fut.set_result({**result, INLINE: True} if i in told else result)

    def broadcast(self, applied: list[tuple[int, Applied]]) -> None:
        """Tell every subscriber what ``applied`` did and the new state, as each may see it
        (a replica, after :meth:`~paigow.service.tables.actor.TableActor.replay` kept it)."""
        self._push(applied)

    def _broadcast(
        self,
        applied: list[tuple[int, Applied]],
        inline: dict[Subscriber, list[dict[str, Any]]] | None = None,
    ) -> None:
        self.remember(applied)
        self._push(applied, inline)

    def _push(
        self,
        applied: list[tuple[int, Applied]],
        inline: dict[Subscriber, list[dict[str, Any]]] | None = None,
    ) -> None:
        """Send every subscriber its frame; ``inline``: the ``result`` messages that go inside
        a subscriber's frame (``results``, after its ``patch`` or ``state``)."""
        self.frame += 1
        if self.full_states:
            self._push_states(applied, inline or {})
            return
        groups: dict[Key, list[Subscriber]] = {}
        for sub in list(self.subscribers):
            groups.setdefault(self.key(sub.user), []).append(sub)
        if not groups:
            return
        states = self._states(groups)
        viewers = {k[0] for k in groups}
        cache: dict[tuple[int, Viewer], list[dict[str, Any]]] = {}
        events = {v: self._events_for(applied, v, viewers, cache) for v in viewers}
        differ = Differ()
        deltas: dict[tuple[Key, int], dict[str, Any]] = {}
        frames: dict[tuple[Key, int], str] = {}
        for k, subs in groups.items():
            new = states[k]
            for sub in subs:
                was = self.sent.get(sub)
                results = inline.get(sub) if inline else None
                if was is None or was[0] != self.frame - 1 or was[1] != k:
                    # no base (a new subscriber's snapshot is not sent yet) or another one (it
                    # now sees more or less): the whole state
                    msg = {"type": "event", "table": self.table_id, "n": self.frame}
                    sub.push(_carrying({**msg, "events": events[k[0]], "state": new}, results))
                    self.sent[sub] = (self.frame, k, new)
                    continue
                base = (k, id(was[2]))
                delta = deltas.get(base)
                if delta is None:
                    delta = deltas[base] = {
                        "type": "delta",
                        "table": self.table_id,
                        "n": self.frame,
                        "events": events[k[0]],
                        "patch": differ.patch(was[2], new),
                    }
                if results is not None:  # this subscriber's own frame
                    sub.push(encode(_carrying(delta, results)))
                else:
                    text = frames.get(base)
                    if text is None:
                        text = frames[base] = encode(delta)
                    sub.push(text)
                self.sent[sub] = (self.frame, k, new)

    def _states(self, keys: dict[Key, list[Subscriber]]) -> dict[Key, dict[str, Any]]:
        """:meth:`state` for each key, made once per broadcast: the round's projection once
        per viewer (its public parts shared), the parts that are the same for all shared, and
        what did not change since the last broadcast not made again (:class:`.Kept`)."""
        e = self.engine
        rounds = self.kept.views(e, {k[0] for k in keys})
        head = self._head(self.kept.engine(e))
        away = self.kept.away(sorted(self.floor.away & set(e.seats)))
        out: dict[Key, dict[str, Any]] = {}
        sitting: dict[str, Any] | None = None
        for k, subs in keys.items():
            viewer, who = k
            if who == "":
                sitting = sitting or self.choices(viewer, subs[0].user)
                choices = sitting
            else:
                choices = None if who is None else self.choices(viewer, subs[0].user)
            out[k] = {
                **head,
                "you": viewer.player,
                "away": away,
                "round": rounds[viewer],
                "choices": choices,
            }
        return out

    def _events_for(
        self,
        applied: list[tuple[int, Applied]],
        viewer: Viewer,
        viewers: set[Viewer],
        cache: dict[tuple[int, Viewer], list[dict[str, Any]]],
    ) -> list[dict[str, Any]]:
        """:meth:`_events` for ``viewer``, each step's operations redacted once for all
        ``viewers`` (kept in ``cache`` for the broadcast)."""
        events: list[dict[str, Any]] = []
        for seq, a in applied:
            ev: dict[str, Any] = {"seq": seq, "action": a.command["a"], "round": a.round_no}
            if a.notice is not None:
                ev["notice"] = a.notice
            if a.rnd is not None and a.ops:
                ops = cache.get((id(a), viewer))
                if ops is None:
                    for v, got in self.engine.op_views(a.rnd, a.ops, viewers).items():
                        cache[id(a), v] = got
                    ops = cache[id(a), viewer]
                ev["ops"] = ops
            events.append(ev)
        return events

    def _push_states(
        self, applied: list[tuple[int, Applied]], inline: dict[Subscriber, list[dict[str, Any]]]
    ) -> None:
        """Every subscriber its events and whole state, each made for it (and the results of
        ``inline`` for it)."""
        for sub in list(self.subscribers):
            viewer = self.viewer(sub.user)
            events = self._events(applied, viewer)
            msg = {
                "type": "event",
                "table": self.table_id,
                "n": self.frame,
                "events": events,
                "state": self.state(viewer, sub.user),
            }
            sub.push(_carrying(msg, inline.get(sub)))


def _carrying(frame: dict[str, Any], results: list[dict[str, Any]] | None) -> dict[str, Any]:
    """``frame`` with the ``results`` that go inside it (itself when there are none)."""
    return frame if results is None else {**frame, "results": results}
