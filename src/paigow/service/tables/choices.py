"""What a seated player may do now: the legal choices of every decision the table waits for
from them, sent in their projection (``choices`` of the table's state) so that the client
offers exactly these and nothing else.

Each choice comes from the check that would judge it: the round's ``can_…`` methods through
:mod:`paigow.table.choices` (spots and amounts of wagers, the dealer's wager, the stake, the
cuts, the styles, the spots to set, surrender and void), the adapter's own checks
(:meth:`~paigow.service.tables.engine.TableEngine.wager_refusal`), the session's bank offers and the
rights of :mod:`paigow.service.tables.rights` (one's own wagers, the bank's decisions to the bank).

Finding the amounts of the wagers is most of the cost of a table's broadcasts in the wager
phase: a search of about forty of the round's checks per spot and kind, for every player the
table waits for, at every change. Two things keep it down, neither deciding a rule:

* :class:`Choices` keeps each player's choices while what they are made from is the same (the
  table's state, counted by :attr:`~paigow.service.tables.engine.TableEngine.changes`, the window
  and whether it waits for them, their sitting out and standing): a table that tells its players
  again with nothing changed for one of them (another player ready) makes nothing again;
* when the table did change, each wager's range is first tried as it was (:func:`_still`: its
  least accepted and one cent less refused, its most accepted and one cent more refused, by the
  round's own check), and searched afresh only when that fails: another player's wager seldom
  moves one's own ends. This rests on the property :func:`paigow.table.choices.amount_range`
  already searches by (the amounts accepted form one interval), and finds what it finds.

What is the same for every player at one state of the table (the round's spots to set in
their order and the controller of each spot, :data:`Shared`) :class:`Choices` finds once for
all the players it makes choices for at that state.

The tests compare both, on random tables of every profile, with the choices made afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import orjson

from paigow.table import choices as legal
from paigow.table.variations import DE_KINDS

if TYPE_CHECKING:
    from .conduct import Floor, Wait
    from .engine import TableEngine

__all__ = ["NONE", "Choices", "player_choices"]

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


#: The least and the most of each wager (spot, kind) of one player found last (None: none
#: offered), from which the next are found with a few checks.
Ends = dict[tuple[str, str], "tuple[int, int] | None"]


def _still(
    accepts: Callable[[int], bool], ends: tuple[int, int], hints: Sequence[int], cap: int
) -> bool:
    """Whether ``ends`` are still what :func:`~paigow.table.choices.amount_range` finds for
    ``accepts``, ``hints`` and ``cap``: on the property it searches by (the accepted amounts
    form one interval), the least is accepted and one cent less refused, the most is accepted
    and one cent more refused (or is the cap), and a hint lies between them."""
    lo, hi = ends
    return (
        lo <= hi <= cap
        and any(lo <= h <= hi for h in hints)
        and accepts(lo)
        and (lo == 0 or not accepts(lo - 1))
        and accepts(hi)
        and (hi == cap or not accepts(hi + 1))
    )


def _guessed(
    accepts: Callable[[int], bool], was: tuple[int, int] | None, hints: Sequence[int], cap: int
) -> tuple[int, int] | None:
    """The ends kept (``was``), or the same with the most at ``cap`` (the player's chips
    changed), if either still holds (:func:`_still`); None when neither does."""
    if was is None:
        return None
    lo, hi = was
    return next(
        (g for g in dict.fromkeys([(lo, hi), (lo, cap)]) if _still(accepts, g, hints, cap)), None
    )


#: What the choices of every player are made from alike at one state of the table, found
#: once (keys: ``turns``, the round's ``setting_turns()``; ``controllers``, its
#: ``controllers()``); kept only while the table does not change.
Shared = dict[str, Any]


def _once(shared: Shared | None, key: str, make: Callable[[], Any]) -> Any:
    """``make()``, or what ``shared`` holds of it, kept there."""
    if shared is None:
        return make()
    if key not in shared:
        shared[key] = make()
    return shared[key]


def _wagers(
    e: TableEngine, name: str, allowed: Callable[[str, str], bool], ends: Ends | None
) -> list[dict[str, Any]]:
    """:func:`paigow.table.choices.wager_options` of ``name``; with ``ends``, each range found
    from the last one when its ends still hold (four of the round's checks instead of a
    search of about forty), searched afresh when they do not."""
    if e.round is None:
        return []
    if ends is None:
        return legal.wager_options(e.round, name, _kinds(e), allowed)
    kept = ends

    def search(
        spot: str, kind: str, accepts: Callable[[int], bool], hints: Sequence[int], cap: int
    ) -> tuple[int, int] | None:
        was = _guessed(accepts, kept.get((spot, kind)), hints, cap)
        if was is None:
            was = legal.amount_range(accepts, hints, cap)
        kept[spot, kind] = was
        return was

    return legal.wager_options(e.round, name, _kinds(e), allowed, search)


def _awaited(
    e: TableEngine,
    wait: Wait,
    floor: Floor,
    name: str,
    ends: Ends | None,
    *,
    shared: Shared | None,
) -> dict[str, Any]:
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

            out["wagers"] = _wagers(e, name, allowed, ends)
            out["remove"] = [w.ref for w in rnd.wagers if w.player == name]
    elif what == "cut" and banks:
        out["cuts"] = legal.cut_options(rnd)
    elif what == "style" and banks:
        out["styles"] = legal.style_options(rnd, "bank")
    elif what == "roll":
        out["roll"] = rnd.options.de_shaker == name
    elif what == "setting":
        order, now = legal.setting_spots(rnd, name, _once(shared, "turns", rnd.setting_turns))
        void = legal.void_hand_spots(rnd, name, _once(shared, "controllers", rnd.controllers))
        out |= {"set": order, "set_now": now, "void_hand": void}
    elif what == "bank_set" and banks:
        out["bank_set"] = rnd.phase == "bank"
    elif what == "surrender":
        who = _once(shared, "controllers", rnd.controllers)
        out["surrender"] = legal.surrender_spots(rnd, name, who)
        out["stand"] = name not in floor.stood
    return out


def player_choices(
    e: TableEngine,
    wait: Wait | None,
    floor: Floor,
    name: str,
    *,
    away: bool,
    ends: Ends | None = None,
    shared: Shared | None = None,
) -> dict[str, Any]:
    """The choices of the seated player ``name`` now (see the module notes); ``ends``: the
    ends of ``name``'s wagers found last in this round, updated (None: every range searched
    afresh); ``shared``: what the players' choices share at this state of the table, found
    once and kept there (None: found for this player alone)."""
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
        out |= _awaited(e, wait, floor, name, ends, shared=shared)
        out["key"] = wait.key
    return out


class Choices:
    """:func:`player_choices` of each seated player as their state carries it (``sit`` None:
    they sit already), kept while its inputs are the same: the same object, which the
    differences of :mod:`paigow.service.wire.deltas` then pass over whole."""

    def __init__(self) -> None:
        #: Per player: what the choices were made from, the choices, and their JSON.
        self._kept: dict[str, tuple[tuple[Any, ...], dict[str, Any], bytes]] = {}
        #: What was kept before the table last changed.
        self._before: dict[str, tuple[tuple[Any, ...], dict[str, Any], bytes]] = {}
        self._ends: dict[str, Ends] = {}
        self._shared: tuple[tuple[Any, ...], Shared] = ((), {})

    def get(
        self, e: TableEngine, wait: Wait | None, floor: Floor, name: str, *, away: bool
    ) -> dict[str, Any]:
        """:func:`player_choices` with ``sit`` None (the same dict while nothing it reads has
        changed: it must not be modified)."""
        window = None if wait is None else (wait.key, wait.what, name in wait.who)
        # everything of the floor player_choices reads of ``name`` (a test holds the two equal)
        mine = (name in floor.stood, name in floor.resting, name in floor.returning)
        key = (e, e.changes, window, away, mine)
        kept = self._kept.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]
        if kept is not None and kept[0][1] != e.changes:
            self._before, self._kept = self._kept, {}  # the table changed: all are old
            seated = e.session.seats
            self._ends = {n: v for n, v in self._ends.items() if n in seated}
        ends = self._ends.setdefault(name, {})
        if self._shared[0] != (e, e.changes):
            self._shared = ((e, e.changes), {})  # the table changed: found afresh
        shared = self._shared[1]
        found = player_choices(e, wait, floor, name, away=away, ends=ends, shared=shared)
        found |= {"sit": None}
        text = orjson.dumps(found)
        before = kept or self._before.get(name)
        if before is not None and before[2] == text:
            # the same choices as before the table changed (as JSON, to the type: a player
            # the table does not wait for): the object sent before, passed over whole
            found = before[1]
        self._kept[name] = (key, found, text)
        return found
