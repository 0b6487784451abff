"""An operator changes a table's limits and options between rounds (the ``configure`` action):
the limits, whether the web table shows setting advice, the side bets offered (Pair Fortunes
and its pay table, Dragon's Eye, the Supreme Pai Gow bonus) and how many computer players sit.

The change is one engine command (``{"a": "configure", ...}``, :meth:`TableEngine._configure
<paigow.service.tables.engine.TableEngine>`), stored in the table's history like any other, so a
table rebuilt from its commands has the same options at every round. It names the computer
players who leave (those in the lowest seats first) and those who sit down (in the highest free
seats, as when the table opened), and is applied all at once or not at all.

Between rounds it is applied at once; while a round is open it is checked now and waits on the
table's floor until the round is finished (a second change before then joins it), then the
dealer applies it before anything else — checked again, since the table may have changed
meanwhile (a player taking the seat a computer player needed): refused then, nothing changes and
the event log says why (:func:`paigow.service.tables.conduct.configure` and
:func:`~paigow.service.tables.conduct.table_events`, beside the floor they use). Each change applied
is written to the event log (``table_options``, with who asked, what changed and what it was
before) in the transaction that stores it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from paigow.errors import IllegalActionError

from .config import CHANGEABLE

if TYPE_CHECKING:
    from .engine import Command, TableEngine

__all__ = ["BOT_CHIPS", "changes_of", "plan"]

#: The chips a computer player sits down with (from the house's float, ``bots:TABLE``).
BOT_CHIPS = 1_000_000


def changes_of(args: Mapping[str, Any]) -> dict[str, Any]:
    """The options a ``configure`` command changes: those given (not None); a Pair Fortunes
    pay table of ``""`` withdraws the side bet.

    Raises:
        IllegalActionError: nothing would change.
    """
    out = {k: v for k, v in args.items() if k in CHANGEABLE and v is not None}
    if out.get("pair_fortunes") == "":
        out["pair_fortunes"] = None
    if not out:
        raise IllegalActionError(f"name at least one option to change: {', '.join(CHANGEABLE)}")
    return out


def plan(engine: TableEngine, changes: Mapping[str, Any], by: str) -> Command:
    """The engine command that makes ``changes`` now (checked: the options, and free seats
    for more computer players).

    Raises:
        IllegalActionError: why the change cannot be made.
    """
    config, _ = engine.config.changed(changes, kept_bonus=bool(engine.session.carried))
    seats = engine.seats
    bots = sorted((n for n in seats if n.startswith("bot-")), key=lambda n: int(seats[n]))
    want = config.computer_players
    leave = bots[: max(0, len(bots) - want)]
    free = sorted(engine.free_seats(), key=int, reverse=True)
    more = max(0, want - len(bots))
    if more > len(free):
        raise IllegalActionError(
            f"{more} more computer player(s) need as many free seats; {len(free)} free"
        )
    before = {k: getattr(engine.config, k) for k in changes}
    return {
        "a": "configure",
        "options": dict(changes),
        "before": before,
        "by": by,
        "leave": leave,
        "sit": [[f"bot-{s}", s, BOT_CHIPS] for s in free[:more]],
    }
