"""What a seated player may do now: the legal choices of every decision the table waits for
from them, sent in their projection (``choices`` of the table's state) so that the client
offers exactly these and nothing else.

Each choice comes from the check that would judge it: the round's ``can_…`` methods through
:mod:`paigow.table.choices` (spots and amounts of wagers, the dealer's wager, the stake, the
cuts, the styles, the spots to set, surrender and void), the adapter's own checks
(:meth:`~paigow.service.engine.TableEngine.wager_refusal`), the session's bank offers and the
rights of :mod:`paigow.service.rights` (one's own wagers, the bank's decisions to the bank).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paigow.table import choices as legal
from paigow.table.variations import DE_KINDS

if TYPE_CHECKING:
    from .conduct import Floor, Wait
    from .engine import TableEngine

__all__ = ["NONE", "player_choices"]

#: The choices of a player the table waits for in nothing.
NONE: dict[str, Any] = {
    "bank": None,
    "wagers": [],
    "remove": [],
    "ready": False,
    "dealer_wager": None,
    "pd_stake": None,
    "cuts": None,
    "styles": [],
    "roll": False,
    "set": [],
    "set_now": [],
    "void_hand": [],
    "bank_set": False,
    "surrender": [],
    "stand": False,
}


def _kinds(e: TableEngine) -> list[str]:
    c = e.config
    kinds = ["main"]
    if c.pair_fortunes:
        kinds.append("pair-fortunes")
    if c.dragons_eye:
        kinds += [*DE_KINDS, "dice-bonus"]
    if e.profile.side_bets.supreme_bonus and c.supreme_bonus:
        kinds.append("supreme-bonus")
    return kinds


def _range(found: Any) -> dict[str, int] | None:
    return None if found is None else {"min": found[0], "max": found[1]}


def _awaited(e: TableEngine, wait: Wait, floor: Floor, name: str) -> dict[str, Any]:
    """The choices of the decision ``wait`` awaits from ``name``."""
    rnd = e.round
    out: dict[str, Any] = {}
    what = wait.what
    if what == "bank offer":
        house = e.profile.banking.house_banks
        out["bank"] = {
            "kind": "player" if house else "player-dealer",
            "co_bank": house and e.profile.banking.co_bank,
        }
        return out
    if rnd is None or name not in rnd.seats:
        return out
    banks = rnd.banker.player == name
    if what == "wagers":
        out["ready"] = True
        if banks and rnd.banker.kind == "player-dealer":
            out["pd_stake"] = _range(legal.pd_stake_range(rnd))
        elif banks:
            most = e.dealer_wager_amount(name)
            found = legal.dealer_wager_range(rnd)
            if found is not None and e.profile.banking.dealer_wager:
                out["dealer_wager"] = _range((found[0], min(found[1], most)))
        else:

            def allowed(spot: str, kind: str) -> bool:
                return e.wager_refusal(name, spot, kind) is None

            out["wagers"] = legal.wager_options(rnd, name, _kinds(e), allowed)
            out["remove"] = [w.ref for w in rnd.wagers if w.player == name]
    elif what == "cut" and banks:
        out["cuts"] = legal.cut_options(rnd)
    elif what == "style" and banks:
        out["styles"] = legal.style_options(rnd, "bank")
    elif what == "roll":
        out["roll"] = rnd.options.de_shaker == name
    elif what == "setting":
        order, now = legal.setting_spots(rnd, name)
        out |= {"set": order, "set_now": now, "void_hand": legal.void_hand_spots(rnd, name)}
    elif what == "bank_set" and banks:
        out["bank_set"] = rnd.phase == "bank"
    elif what == "surrender":
        out["surrender"] = legal.surrender_spots(rnd, name)
        out["stand"] = name not in floor.stood
    return out


def player_choices(
    e: TableEngine, wait: Wait | None, floor: Floor, name: str, *, away: bool
) -> dict[str, Any]:
    """The choices of the seated player ``name`` now (see the module notes)."""
    rnd = e.round
    seated = name in e.session.seats
    playing = rnd is not None and name in rnd.seats
    out: dict[str, Any] = {
        **NONE,
        "seated": seated,
        "playing": playing,
        "next_round": seated and rnd is not None and not playing,
        "leave": seated,
        "sitting_out": away,
        "sit_out": seated and name not in floor.resting,
        "returning": name in floor.returning,
        "withdraw_dice_bonus": rnd is None and any(c[0] == name for c in e.session.carried),
        "key": None,
    }
    if seated and not away and wait is not None and name in wait.who:
        out |= _awaited(e, wait, floor, name)
        out["key"] = wait.key
    return out
