"""Who may do what at a table: each protocol action checked against the sender, then turned
into engine commands (the engine then checks the rules).

* Operators take only operator actions (irregularities, the table's pace, its options between
  rounds: :mod:`paigow.service.tables.tableopts`); they never play.
* A player acts only for themself: their own seat, wagers, spots they control (R-SET-08), the
  bank when they are the bank, the dice when they are the shooter; nobody acts for another
  seat, and a spectator (not seated) may only sit down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from paigow.errors import IllegalActionError
from paigow.games.dice import Rng

from ..wire.protocol import OPERATOR_ACTIONS
from .conduct import Floor, Wait, configure, roll_command
from .engine import Command, TableEngine

if TYPE_CHECKING:
    from ..accounts.auth import User

__all__ = ["RightsError", "Table", "translate"]


class Table(Protocol):
    """What the rights read and record of a table (its actor,
    :class:`paigow.service.tables.actor.TableActor`): the engine, the floor's decisions, the window
    it waits in, the dice's random source."""

    engine: TableEngine
    floor: Floor
    wait: Wait | None
    rng: Rng

    def expire(self) -> None:
        """End the current window now."""


class RightsError(IllegalActionError):
    """The sender may not take this action (it is someone else's, or an operator's)."""


_OPERATOR_COMMANDS = {
    "void": ("reason",),
    "expose_dealt": ("position", "count"),
    "tile_off_table": ("position",),
    "no_roll": ("reason",),
    "expose_stacking": ("pieces",),
    "face_up_in_shoe": ("card",),
    "stub_count": ("cards",),
    "abandon": ("player",),
}


def translate(actor: Table, user: User, action: str, args: dict[str, Any]) -> list[Command]:
    """Engine commands for ``user``'s ``action`` (empty when it only records a decision).

    Raises:
        RightsError: the sender may not take this action.
        IllegalActionError: the action does not fit the table now.
    """
    if action in OPERATOR_ACTIONS:
        if not user.is_operator:
            raise RightsError(f"{action} is an operator's action")
        return _operator(actor, user, action, args)
    if user.is_operator:
        raise RightsError("operators supervise and do not play; use a player account")
    e = actor.engine
    name = user.name
    if action == "sit":
        actor.floor.gone(name)  # nothing of an earlier seat's sitting out is kept
        return [{"a": "sit", "player": name, "seat": args["seat"], "cents": args["cents"]}]
    if name not in e.session.seats:
        raise RightsError(f"{name} is not seated at table {e.table_id}")
    if action == "leave":
        actor.floor.gone(name)
        return [{"a": "leave", "player": name}]
    if action == "bank":
        return _bank(actor, name, args)
    if action == "withdraw_dice_bonus":
        return [{"a": "withdraw_dice_bonus", "player": name}]
    if action == "sit_in":  # back: at once, or from the next round (docs/service.md)
        actor.floor.back(name, dealt_in=e.round is not None and name in e.round.seats)
        return []
    if action == "sit_out":
        if name in actor.floor.resting:
            raise IllegalActionError(f"{name} sits out already")
        actor.floor.sit_out(name)
        return []
    if name in actor.floor.resting:
        raise IllegalActionError(f"{name} sits out: say you are back first (sit_in)")
    rnd = e.round
    if rnd is None or name not in rnd.seats:
        raise RightsError(f"{name} is not playing the open round (joins the next one)")
    bank = rnd.banker.player == name
    if action == "ready":
        actor.floor.ready.add(name)
        return []
    if action == "stand":
        actor.floor.stood.add(name)
        return []
    if action == "wager":
        return [{"a": "wager", "player": name, **args}]
    if action == "remove_wager":
        mine = any(w.ref == args["ref"] and w.player == name for w in rnd.wagers)
        if not mine:
            raise RightsError(f"wager {args['ref']} is not {name}'s")
        return [{"a": "remove_wager", "ref": args["ref"]}]
    if action == "roll":
        if rnd.options.de_shaker != name:
            raise RightsError(f"{name} is not the shooter this round")
        return [roll_command(e, actor.rng)]
    if action in ("set", "house_way", "surrender", "void_hand"):
        spot = args["spot"]
        if spot not in rnd.wagered_spots() or rnd.controller(spot) != name:
            raise RightsError(f"spot {spot} is not {name}'s to {action.replace('_', ' ')}")
        if action == "set":
            return [{"a": "set", "player": name, **args}]
        return [{"a": action, "spot": spot}]
    if not bank:
        raise RightsError(f"{action} is the bank's action, and {name} is not the bank")
    return _bank_action(actor, name, action, args)


def _operator(actor: Table, user: User, action: str, args: dict[str, Any]) -> list[Command]:
    if action == "expire":
        actor.expire()
        return []
    if action == "enter_dice":
        w = actor.wait
        if not actor.engine.config.dice_entry or w is None or w.what != "dice":
            raise IllegalActionError("dice are entered only at a dice-entry table, when it waits")
        return [{"a": "roll", "dice": args["dice"]}]
    if action in ("pause", "resume"):
        actor.floor.paused = action == "pause"
        return []
    if action == "configure":
        return configure(actor.engine, actor.floor, user, args)
    return [{"a": action, **{k: args[k] for k in _OPERATOR_COMMANDS[action]}}]


def _bank(actor: Table, name: str, args: dict[str, Any]) -> list[Command]:
    w = actor.wait
    if w is None or w.what != "bank offer" or name not in w.who:
        raise RightsError(f"no bank offer is open to {name}")
    b = actor.engine.profile.banking
    if args["accept"]:
        if args["co_bank"] and not b.co_bank:
            raise IllegalActionError(f"{actor.engine.profile.name} does not offer co-banking")
        kind = "co-bank" if args["co_bank"] else ("player" if b.house_banks else "player-dealer")
        actor.floor.accepted[name] = kind
    else:
        actor.floor.declined.add(name)
    return []


def _bank_action(actor: Table, name: str, action: str, args: dict[str, Any]) -> list[Command]:
    e = actor.engine
    if action == "cut":
        return [{"a": "cut", "cut": args["cut"]}]
    if action == "style":
        return [{"a": "style", "style": args["style"], "chooser": "bank"}]
    if action == "dealer_wager":
        most = e.dealer_wager_amount(name)
        if args["cents"] > most:
            raise IllegalActionError(
                f"the bank may only direct a lesser dealer's wager (at most {most} cents, "
                "R-BANK-10)"
            )
        return [{"a": "dealer_wager", "cents": args["cents"]}]
    if action == "pd_stake":
        return [{"a": "pd_wager", "cents": args["cents"]}]
    if action == "bank_set":
        return [{"a": "bank_set", "high": args["high"], "low": args["low"]}]
    raise IllegalActionError(f"unknown action {action!r}")  # pragma: no cover
