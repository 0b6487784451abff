"""What a table actor tells: the table as each viewer may see it, and the ``event`` of a
committed batch to every subscriber (:mod:`paigow.table.observation` decides what each viewer
sees)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from paigow.table.observation import OPERATOR, SPECTATOR, Viewer

from .auth import User
from .choices import NONE, player_choices

if TYPE_CHECKING:
    from .conduct import Floor, Wait
    from .engine import Applied, TableEngine

__all__ = ["RECENT", "Subscriber", "TableViews"]

#: The most events a table keeps for the clients that come back (its open round's and its last
#: round's steps).
RECENT = 400


class Subscriber(Protocol):
    """A connection that receives a table's messages."""

    user: User

    def push(self, message: dict[str, Any]) -> None:
        """Queue a message for the client (never blocks)."""


class TableViews:
    """The views of a table actor (mixed into :class:`paigow.service.actor.TableActor`)."""

    engine: TableEngine
    seq: int
    wait: Wait | None
    deadline: float | None
    floor: Floor
    held: str | None
    subscribers: set[Subscriber]
    recent: list[tuple[int, Applied]]

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
                "withdraw_dice_bonus": False,
                "key": None,
                "sit": {"seats": e.free_seats(), "min": e.profile.table.min_wager},
            }
        name = user.name
        return player_choices(e, self.wait, self.floor, name, away=name in self.floor.away) | {
            "sit": None
        }

    def state(self, viewer: Viewer, user: User | None = None) -> dict[str, Any]:
        """The table as ``viewer`` may see it now, with ``user``'s choices."""
        e = self.engine
        w = self.wait
        return {
            "table": self.table_id,
            "seq": self.seq,
            "profile": e.profile.name,
            "game": e.game_name,
            "limits": {"min": e.profile.table.min_wager, "max": e.profile.table.max_wager},
            "seats": e.seats,
            "chips": {n: e.chips(n) for n in e.seats},
            "rounds": e.session.rounds,
            "round_open": e.round is not None,
            "waiting": None
            if w is None
            else {"key": w.key, "for": w.what, "who": list(w.who), "deadline": self.deadline},
            "paused": self.floor.paused,
            "held": self.held,
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
            "state": self.state(viewer, user),
            "events": self._events(self.recent, viewer),
        }

    def remember(self, applied: list[tuple[int, Applied]]) -> None:
        """Keep what ``applied`` did for :meth:`state_message`: the events of the open round and
        of the last finished one (at most :data:`RECENT` of them)."""
        self.recent.extend(applied)
        now = self.engine.session.rounds + (1 if self.engine.round is not None else 0)
        keep = [(s, a) for s, a in self.recent if a.round_no is None or a.round_no >= now - 1]
        self.recent = keep[-RECENT:]

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

    def broadcast(self, applied: list[tuple[int, Applied]]) -> None:
        """Tell every subscriber what ``applied`` did and the new state, as each may see it
        (a replica, after :meth:`~paigow.service.actor.TableActor.replay` kept it)."""
        self._push(applied)

    def _broadcast(self, applied: list[tuple[int, Applied]]) -> None:
        self.remember(applied)
        self._push(applied)

    def _push(self, applied: list[tuple[int, Applied]]) -> None:
        for sub in list(self.subscribers):
            viewer = self.viewer(sub.user)
            events = self._events(applied, viewer)
            sub.push(
                {
                    "type": "event",
                    "table": self.table_id,
                    "events": events,
                    "state": self.state(viewer, sub.user),
                }
            )
