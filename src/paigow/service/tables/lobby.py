"""A table's line in the lobby (``GET /api/tables``, ``/ws/lobby``): made from the process's
own actor of the table, or, in a cluster, announced by the process that runs it
(:mod:`paigow.service.cluster.cluster`), so that a process lists every open table without keeping a
replica of each. And a table's row on the pit's floor: its facts, made where it runs
(:func:`floor_facts`), and what an operator may do to it (:func:`floor_row`)."""

from __future__ import annotations

from typing import Any

from paigow.profiles import Profile, bundled_profile

from ..wire.protocol import MAX_CENTS
from .actor import TableActor
from .advice import table_notes
from .config import private_of

__all__ = ["floor_facts", "floor_row", "lobby_entry", "offer"]


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


def offer(p: Profile) -> dict[str, Any]:
    """The options a table of profile ``p`` may have (what the pit's page offers)."""
    sb = p.side_bets
    return {
        "pair_fortunes": list(sb.pair_fortunes_tables) if sb.pair_fortunes else [],
        "dragons_eye": bool(sb.dragons_eye),
        "supreme_bonus": bool(sb.supreme_bonus),
        "computer_players": p.table.positions - 1,
        "max_cents": MAX_CENTS,
    }


def floor_row(facts: dict[str, Any], look: bool) -> dict[str, Any]:
    """A table's row of the pit's floor: its facts (:func:`floor_facts`, made where it runs),
    the options its profile offers and what the operator may do to it now (``look``: the
    operator holds the surveillance right)."""
    held = facts["held"] is not None
    return {
        **facts,
        "offer": offer(bundled_profile(str(facts["profile"]))),
        "can": {
            "pause": not held and not facts["paused"],
            "resume": not held and facts["paused"],
            "configure": not held,
            "close": True,
            "look": look and bool(facts["round_open"]),
        },
    }
