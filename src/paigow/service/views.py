"""What a table actor tells: the table as each viewer may see it, and the ``event`` of a
committed batch to every subscriber (:mod:`paigow.table.observation` decides what each viewer
sees)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from paigow.table.observation import OPERATOR, SPECTATOR, Viewer

from .auth import User

if TYPE_CHECKING:
    from .conduct import Floor, Wait
    from .engine import Applied, TableEngine

__all__ = ["Subscriber", "TableViews"]


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

    def state(self, viewer: Viewer) -> dict[str, Any]:
        """The table as ``viewer`` may see it now."""
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
            "round": e.view(viewer),
        }

    def state_message(self, user: User) -> dict[str, Any]:
        """The ``state`` message for ``user``."""
        return {"type": "state", "table": self.table_id, "state": self.state(self.viewer(user))}

    def broadcast(self, applied: list[tuple[int, Applied]]) -> None:
        """Tell every subscriber what ``applied`` did and the new state, as each may see it."""
        self._broadcast(applied)

    def _broadcast(self, applied: list[tuple[int, Applied]]) -> None:
        for sub in list(self.subscribers):
            viewer = self.viewer(sub.user)
            events: list[dict[str, Any]] = []
            for seq, a in applied:
                ev: dict[str, Any] = {"seq": seq, "action": a.command["a"], "round": a.round_no}
                if a.notice is not None:
                    ev["notice"] = a.notice
                if a.rnd is not None and a.ops:
                    ev["ops"] = [self.engine.op_view(a.rnd, i, viewer) for i in a.ops]
                events.append(ev)
            sub.push(
                {
                    "type": "event",
                    "table": self.table_id,
                    "events": events,
                    "state": self.state(viewer),
                }
            )
