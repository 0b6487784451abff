"""A table's line in the lobby (``GET /api/tables``, ``/ws/lobby``): made from the process's
own actor of the table, or, in a cluster, announced by the process that runs it
(:mod:`paigow.service.cluster.cluster`), so that a process lists every open table without keeping a
replica of each."""

from __future__ import annotations

from typing import Any

from .actor import TableActor
from .advice import table_notes
from .config import private_of

__all__ = ["floor_facts", "lobby_entry"]


def lobby_entry(actor: TableActor) -> dict[str, Any]:
    """The table's id, name (what players call it: :attr:`.config.TableConfig.display_name`),
    profile, limits, variations, seats taken and free, phase."""
    e = actor.engine
    c = e.config
    taken = {seat: name for name, seat in e.seats.items()}
    n = e.profile.table.positions
    return {
        "id": actor.table_id,
        "name": c.display_name,
        "profile": e.profile.name,
        "title": e.profile.meta.title,
        "game": e.game_name,
        "limits": {"min": e.profile.table.min_wager, "max": e.profile.table.max_wager},
        "variations": {
            "pair_fortunes": c.pair_fortunes,
            "dragons_eye": c.dragons_eye,
            "supreme_bonus": bool(e.profile.side_bets.supreme_bonus and c.supreme_bonus),
        },
        "computer_players": c.computer_players,
        "seats": {str(s): taken.get(str(s)) for s in range(1, n + 1)},
        "free": [str(s) for s in range(1, n + 1) if str(s) not in taken],
        "notes": table_notes(e),
        "phase": e.round.phase if e.round is not None else "between rounds",
        "rounds": e.session.rounds,
        "held": actor.held,
        "private": private_of(c),
    }


def floor_facts(actor: TableActor) -> dict[str, Any]:
    """What the pit's floor shows of a table (:mod:`paigow.service.routes.pit_api`), made by the
    process that runs it: its lobby line and its pause, advice, open round, held state and an
    operator's change waiting for the round's end."""
    e, f = actor.engine, actor.floor
    pending = f.pending and {"options": f.pending["options"], "by": f.pending["by"]}
    return {
        **lobby_entry(actor),
        "paused": f.paused,
        "advice": e.config.advice,
        "round_open": e.round is not None,
        "pending": pending,
    }
