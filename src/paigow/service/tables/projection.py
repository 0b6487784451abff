"""What a table's broadcasts make of its engine, kept from one broadcast to the next.

A broadcast sends each subscriber the difference between the state it was sent last and its
state now (:mod:`.deltas`), and the difference passes over a part that is the very same object
in both without looking into it. :class:`Kept` makes the parts of the new states that did not
change the very objects of the last broadcast, and does not make them again:

* while the engine is the same (its count of changes, :attr:`.engine.TableEngine.changes`, is:
  every command applied, every rollback counts), the round as each viewer sees it and the
  parts of the table's state made of the engine (its profile, limits, seats, chips, rounds)
  are the objects made last: a broadcast that changed only the floor (a player ready, a bank
  offer declined) makes none of them again;
* when the engine changed, the round's projection keeps each part whose inputs are the same
  (:class:`paigow.table.observation.Observer`): the positions, the wagers, the results...

The tests hold every state made through it equal, as JSON text, to the state made afresh for
each viewer alone, at every frame of random rounds of every profile, and the frames sent to
the frames of the code that kept nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from paigow.table.observation import Observer, Viewer

if TYPE_CHECKING:
    from .engine import TableEngine

__all__ = ["Kept", "engine_part"]


def engine_part(e: TableEngine) -> dict[str, Any]:
    """The parts of the table's state made of its engine alone, the same for every viewer."""
    return {
        "name": e.config.display_name,
        "profile": e.profile.name,
        "game": e.game_name,
        "limits": {"min": e.profile.table.min_wager, "max": e.profile.table.max_wager},
        "seats": e.seats,
        "chips": {n: e.chips(n) for n in e.seats},
        "rounds": e.session.rounds,
        "round_open": e.round is not None,
    }


class Kept:
    """The parts of a table's states made at its last broadcast (see the module notes)."""

    def __init__(self) -> None:
        self._observer = Observer()
        self._views: tuple[tuple[Any, ...], dict[Viewer, dict[str, Any] | None]] | None = None
        self._engine: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self._away: list[str] = []

    def views(
        self, e: TableEngine, viewers: Iterable[Viewer]
    ) -> dict[Viewer, dict[str, Any] | None]:
        """:meth:`.engine.TableEngine.views`, kept while the engine and ``viewers`` are the
        same, else made keeping the parts of the round that did not change (the result must
        not be modified)."""
        wanted = frozenset(viewers)
        key = (e, e.changes, wanted)
        if self._views is not None and self._views[0] == key:
            return self._views[1]
        rnd = e.round or e.last_round
        if rnd is None:
            found: dict[Viewer, dict[str, Any] | None] = dict.fromkeys(wanted)
        else:
            statement = e.statement(rnd) if rnd.phase == "done" else None
            found = dict(self._observer.observe_all(rnd, wanted, statement))
        self._views = (key, found)
        return found

    def away(self, names: list[str]) -> list[str]:
        """``names`` (the seated players away, sorted), or the same list kept from the last
        broadcast when it holds the same names (it must not be modified)."""
        if names != self._away:
            self._away = names
        return self._away

    def engine(self, e: TableEngine) -> dict[str, Any]:
        """:func:`engine_part`, kept while the engine is the same (it must not be modified)."""
        key = (e, e.changes)
        if self._engine is None or self._engine[0] != key:
            self._engine = (key, engine_part(e))
        return self._engine[1]
