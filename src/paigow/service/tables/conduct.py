"""Conducting a live table: what the dealer does next, and what the table waits for.

:func:`next_step` looks at the table (:class:`~paigow.service.tables.engine.TableEngine`) and at the
decisions people have made that are not yet commands (:class:`Floor`: who declined the bank,
who is done wagering, whose decision window has run out) and answers either a command for the
dealer to perform (a chore needing no decision, a computer player's decision, or the documented
default when a window has run out) or a :class:`Wait` for a person, with its window.

The chance outcomes (the wash, the dice) are drawn here from the injected ``rng`` and written
into the command, so the stored command replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from paigow.errors import PaigowError
from paigow.games.dice import Rng

from ..db.events import event
from ..store.store import players_of
from .engine import Command, TableEngine
from .tableopts import changes_of, plan

if TYPE_CHECKING:
    from ..accounts.auth import User
    from .engine import Applied

__all__ = [
    "Floor",
    "Wait",
    "absent_players",
    "configure",
    "floor_for",
    "is_bot",
    "next_step",
    "table_events",
]


def is_bot(name: str) -> bool:
    """Computer players are named ``bot-N`` (user names cannot contain ``-``)."""
    return name.startswith("bot-")


@dataclass(frozen=True)
class Wait:
    """The table waits for ``who`` (players; empty for anyone) in window ``key``."""

    key: str
    seconds: float
    who: tuple[str, ...] = ()
    what: str = ""


_CONTAINERS = (set, dict, list)


@dataclass
class Floor:
    """Decisions and windows of the current step, not yet commands (kept in memory only: after
    a restart every open window starts again).

    ``missed`` counts, per player, the windows in a row that ran out while the table waited for
    them; a player who misses the table's ``missed_decisions`` sits out (``away``): the table
    no longer waits for them until they act again (docs/service.md, "Absent seats").
    ``resting``: the players who chose to sit out (``sit_out``): away until they say they are
    back (``sit_in``), which counts from the next round when they were dealt into this one
    (``returning``).
    """

    round_key: str = "r0"
    declined: set[str] = field(default_factory=set)
    accepted: dict[str, str] = field(default_factory=dict)
    ready: set[str] = field(default_factory=set)
    stood: set[str] = field(default_factory=set)
    expired: set[str] = field(default_factory=set)
    bots_done: set[str] = field(default_factory=set)
    dealer_wager_placed: bool = False
    paused: bool = False
    missed: dict[str, int] = field(default_factory=dict)
    away: set[str] = field(default_factory=set)
    resting: set[str] = field(default_factory=set)
    returning: set[str] = field(default_factory=set)
    #: An operator's change of options waiting for the round's end (``{"options", "by"}``),
    #: and those refused when it came (by, options, why): :mod:`paigow.service.tables.tableopts`.
    pending: dict[str, Any] | None = None
    refused: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)

    def copy(self) -> Floor:
        """An independent copy (to put the floor back when a batch is undone): each container
        copied, what it holds shared. Enough because nothing held is changed in place: the
        names are strings, ``pending`` is replaced whole (:func:`configure`), ``refused``
        only grows by whole tuples. About a thirtieth of the cost of ``copy.deepcopy``."""
        new = Floor.__new__(Floor)
        new.__dict__.update(
            {k: v.copy() if type(v) in _CONTAINERS else v for k, v in vars(self).items()}
        )
        return new

    def reset(self, round_key: str) -> None:
        """A new round: every decision of the last one is forgotten (the pause, who sits
        out and an operator's change waiting for the round's end are kept); those who said
        they are back play this one."""
        self.away -= self.returning
        kept = self.paused, self.missed, self.away, self.resting, self.pending, self.refused
        self.__init__(round_key)  # type: ignore[misc]
        self.paused, self.missed, self.away, self.resting, self.pending, self.refused = kept

    def missed_window(self, who: tuple[str, ...], limit: int) -> None:
        """A window ran out while the table waited for ``who``: each missed one more decision;
        ``limit`` in a row and they sit out."""
        for name in who:
            self.missed[name] = self.missed.get(name, 0) + 1
            if self.missed[name] >= limit:
                self.away.add(name)

    def acted(self, name: str) -> None:
        """``name`` acted: present again (unless they chose to sit out, or come back only
        with the next round)."""
        self.missed.pop(name, None)
        if name not in self.resting and name not in self.returning:
            self.away.discard(name)

    def sit_out(self, name: str) -> None:
        """``name`` chose to sit out: the table waits for them no more until ``back``."""
        self.resting.add(name)
        self.returning.discard(name)
        self.away.add(name)

    def back(self, name: str, *, dealt_in: bool) -> None:
        """``name`` is back: at once, or from the next round when they chose to sit out and
        were ``dealt_in`` to the open round (its decisions already passed them by)."""
        chose = name in self.resting
        self.resting.discard(name)
        self.missed.pop(name, None)
        if chose and dealt_in:
            self.returning.add(name)
        else:
            self.away.discard(name)

    def gone(self, name: str) -> None:
        """``name`` left the table."""
        for s in (self.away, self.resting, self.returning):
            s.discard(name)
        self.missed.pop(name, None)


def _key(floor: Floor, what: str) -> str:
    return f"{floor.round_key}:{what}"


def _present(name: str) -> bool:
    return True


def next_step(
    engine: TableEngine, floor: Floor, rng: Rng, present: Callable[[str], bool] = _present
) -> Command | Wait | None:
    """The next dealer command, a wait, or None when the table is idle. ``present``: whether
    a player's client is connected (a window that waits only for absent players lasts at most
    the table's ``away_seconds``)."""
    step = _next_step(engine, floor, rng)
    if isinstance(step, Wait) and step.who and not any(present(n) for n in step.who):
        away = engine.config.away_seconds
        if step.seconds > away:
            return Wait(step.key, away, step.who, step.what)
    return step


def _next_step(engine: TableEngine, floor: Floor, rng: Rng) -> Command | Wait | None:
    cfg = engine.config
    if engine.round is None:
        return _between_rounds(engine, floor)
    rnd = engine.round
    phase = rnd.phase
    banker = rnd.banker.player
    human_bank = banker is not None and not is_bot(banker) and banker not in floor.away
    if phase == "shuffle":
        order = engine.full_set()
        rng.shuffle(order)
        return {"a": "shuffle", "order": order}
    if phase == "cut":
        if human_bank and _key(floor, "cut") not in floor.expired:
            return Wait(_key(floor, "cut"), cfg.decision_seconds, (banker or "",), "cut")
        return {"a": "cut", "cut": None}
    if phase == "wagers":
        return _wagers(engine, floor)
    if phase == "style":
        chooser = engine.profile.dealing.chooser
        bank_chooses = chooser in ("bank", "dealer-or-bank", "player-dealer")
        if human_bank and bank_chooses and _key(floor, "style") not in floor.expired:
            return Wait(_key(floor, "style"), cfg.decision_seconds, (banker or "",), "style")
        return {"a": "style", "style": engine.profile.dealing.default_style, "chooser": "dealer"}
    if phase == "shake":
        shaker = rnd.options.de_shaker
        key = _key(floor, "shake")
        if cfg.dice_entry and key not in floor.expired:  # real dice, read by the dealer
            return Wait(key, cfg.decision_seconds, (), "dice")
        if shaker and not is_bot(shaker) and shaker not in floor.away and key not in floor.expired:
            return Wait(key, cfg.decision_seconds, (shaker,), "roll")
        return roll_command(engine, rng)
    if phase == "deal":
        return {"a": "deal"}
    if phase == "setting":
        return _setting(engine, floor)
    if phase == "bank":
        own = rnd.banker.kind in ("player", "player-dealer")
        if human_bank and own and _key(floor, "bank") not in floor.expired:
            return Wait(_key(floor, "bank"), cfg.setting_seconds, (banker or "",), "bank_set")
        if banker is not None and is_bot(banker) and own:
            high, low = engine.house_way_setting(rnd.bank_spot)
            return {"a": "bank_set", "high": high, "low": low}
        return {"a": "bank_set"}
    if phase == "surrender":
        if engine.profile.table.surrender and _key(floor, "surrender") not in floor.expired:
            waiting = sorted(
                {
                    rnd.controller(s)
                    for s in rnd.settings
                    if s not in rnd.surrendered and not is_bot(rnd.controller(s))
                }
                - floor.stood
                - floor.away
            )
            if waiting:
                return Wait(
                    _key(floor, "surrender"), cfg.decision_seconds, tuple(waiting), "surrender"
                )
        return {"a": "settle"}
    if phase == "done":
        return {"a": "finish"}
    raise AssertionError(f"unknown phase {phase}")  # pragma: no cover


def roll_command(engine: TableEngine, rng: Rng) -> Command:
    """The dice (or the RNG number where the profile has no dice), drawn from ``rng``."""
    st = engine.profile.start
    if "dice" in st.methods:
        return {"a": "roll", "dice": [rng.randint(1, 6) for _ in range(3)]}
    return {"a": "roll", "rng": rng.randint(st.rng_min, st.rng_max)}


def _humans(engine: TableEngine) -> list[str]:
    return [n for n in engine.seats if not is_bot(n)]


def _between_rounds(engine: TableEngine, floor: Floor) -> Command | Wait | None:
    if floor.pending is not None:  # an operator's change that waited for the round's end
        pending, floor.pending = floor.pending, None
        try:
            return plan(engine, pending["options"], pending["by"])
        except PaigowError as e:
            floor.refused.append((pending["by"], pending["options"], str(e)))
    cfg = engine.config
    if not _humans(engine) or floor.paused:
        return None
    if engine.last_round is not None and _key(floor, "pause") not in floor.expired:
        return Wait(_key(floor, "pause"), cfg.pause_seconds, (), "next round")
    house = engine.profile.banking.house_banks
    kind = "player" if house else "player-dealer"
    offers = engine.offers()
    if not house and not offers:  # nobody may be the Player-Dealer: a new game (banking.py)
        return {"a": "new_game"}
    for pos, name in offers:
        if name in floor.away:
            floor.declined.add(name)  # sitting out: the offer passes on at once
        if name in floor.declined:
            continue
        if name in floor.accepted:
            return _begin(engine, {"kind": floor.accepted[name], "player": name, "position": pos})
        if is_bot(name):
            if not house:
                return _begin(engine, {"kind": kind, "player": name, "position": pos})
            floor.declined.add(name)
            continue
        key = _key(floor, f"offer:{name}")
        if key in floor.expired:
            floor.declined.add(name)
            continue
        return Wait(key, cfg.decision_seconds, (name,), "bank offer")
    if not house:  # Lucky Chances: no hand without a Player-Dealer (R-LC-01)
        floor.declined.clear()
        floor.expired.clear()
        return Wait(_key(floor, "pd"), cfg.decision_seconds, (), "a Player-Dealer")
    return _begin(engine, None)


def _begin(engine: TableEngine, banker: dict[str, Any] | None) -> Command:
    return {"a": "begin", "banker": banker, "collection_free": engine.collection_free()}


def _wagers(engine: TableEngine, floor: Floor) -> Command | Wait:
    rnd = engine.round
    assert rnd is not None
    cfg = engine.config
    b = rnd.banker
    if b.kind == "player" and engine.profile.banking.dealer_wager and not floor.dealer_wager_placed:
        floor.dealer_wager_placed = True
        amount = engine.dealer_wager_amount(b.player or "")
        return {"a": "dealer_wager", "cents": amount, "fallback": 0}
    if b.kind == "player-dealer" and not rnd.pd_stake and b.player is not None:
        if is_bot(b.player):  # at least the table minimum (LC ¶22), with its collection
            chips = engine.chips(b.player)
            stake = max(engine.profile.table.min_wager, min(20_000, chips // 2))
            if chips < stake + engine.profile.commission.collection_cents:
                return {"a": "void", "reason": "the Player-Dealer cannot stake the minimum"}
            return {"a": "pd_wager", "cents": stake}
        if _key(floor, "wagers") in floor.expired or b.player in floor.away:
            return {"a": "void", "reason": "the Player-Dealer placed no stake"}
    for name in sorted(rnd.seats):
        if is_bot(name) and name not in floor.bots_done and name != b.player:
            floor.bots_done.add(name)
            cents = cfg.computer_wager or max(engine.profile.table.min_wager, 1000)
            spot = rnd.seats[name]
            if rnd.can_wager(name, spot, cents):
                return {"a": "wager", "player": name, "spot": spot, "cents": cents, "kind": "main"}
    humans = {n for n in rnd.seats if not is_bot(n)}
    waiting = humans - floor.ready - floor.away
    if b.kind == "player-dealer" and not rnd.pd_stake and b.player is not None:
        waiting.add(b.player)  # R-LC-09: no hand without the Player-Dealer's stake
    if waiting and _key(floor, "wagers") not in floor.expired:
        return Wait(_key(floor, "wagers"), cfg.wager_seconds, tuple(sorted(waiting)), "wagers")
    if not any(w.kind == "main" for w in rnd.wagers):
        return {"a": "void", "reason": "nobody wagered"}
    return {"a": "no_more_bets"}


def _setting(engine: TableEngine, floor: Floor) -> Command | Wait:
    rnd = engine.round
    assert rnd is not None
    cfg = engine.config
    waiting: set[str] = set()
    gone: list[str] = []
    for spot in rnd.unset_spots():
        who = rnd.controller(spot)
        if is_bot(who):
            high, low = engine.house_way_setting(spot)
            return {"a": "set", "player": who, "spot": spot, "high": high, "low": low}
        if who in floor.away and cfg.on_setting_timeout != "wait":
            gone.append(spot)  # sitting out: the window's default at once
        else:
            waiting.add(who)
    key = _key(floor, "setting")
    if not gone and (key not in floor.expired or cfg.on_setting_timeout == "wait"):
        return Wait(key, cfg.setting_seconds, tuple(sorted(waiting)), "setting")
    spot = gone[0] if gone else rnd.unset_spots()[0]
    if cfg.on_setting_timeout == "abandon":
        who = rnd.controller(spot)
        if who not in rnd.abandoned:
            return {"a": "abandon", "player": who}
    return {"a": "house_way", "spot": spot}


def configure(e: TableEngine, floor: Floor, user: User, args: Mapping[str, Any]) -> list[Command]:
    """The operator's ``configure`` (:mod:`.tableopts`): the command now between rounds; while
    a round is open, none (the change is checked and waits on the floor for the round's end)."""
    changes = changes_of(args)
    if e.round is None:
        return [plan(e, changes, user.name)]
    waiting = floor.pending or {}
    merged = {**waiting.get("options", {}), **changes}
    e.config.changed(merged, kept_bonus=bool(e.session.carried))  # refused now if it cannot be
    floor.pending = {"options": merged, "by": user.name}
    return []


def table_events(table: str, applied: list[tuple[int, Applied]], floor: Floor) -> list[Any]:
    """The event-log entries of a batch's option changes: each applied, each refused when
    the round it waited for was over."""
    out = []
    for seq, a in applied:
        c = a.command
        if c["a"] == "configure":
            out.append(
                event(
                    "table_options",
                    "info",
                    table,
                    str(c.get("by") or ""),
                    options=c["options"],
                    before=c.get("before", {}),
                    seq=seq,
                    sat=[x[0] for x in c.get("sit", [])],
                    left=list(c.get("leave", [])),
                )
            )
    for by, options, why in floor.refused:
        out.append(
            event("table_options_refused", "warning", table, by, options=options, reason=why)
        )
    floor.refused = []
    return out


def floor_for(engine: TableEngine) -> Floor:
    """The floor of a table rebuilt from its commands: fresh windows, decisions already
    recorded kept (bots that wagered, the dealer's wager placed)."""
    rnd = engine.round
    if rnd is None:
        return Floor(f"r{engine.session.rounds}-after")
    f = Floor(f"r{engine.session.rounds + 1}")
    f.bots_done = {w.player for w in rnd.wagers if is_bot(w.player)}
    f.dealer_wager_placed = any(op.kind == "dealer_wager" for op in rnd.log)
    return f


def absent_players(
    engine: TableEngine,
    absent: dict[str, int],
    connected: Callable[[str], bool],
    record: Mapping[str, Any],
) -> list[str]:
    """Players to stand up after the round of ``record``: disconnected and without a wager
    for the table's ``absent_rounds`` rounds in a row (``absent`` counts them, per player)."""
    wagered = {w["player"] for p in record["positions"].values() for w in p["wagers"]}
    out = []
    for name in players_of(record):
        if name in wagered or connected(name):
            absent.pop(name, None)
            continue
        absent[name] = absent.get(name, 0) + 1
        if absent[name] >= engine.config.absent_rounds and name in engine.session.seats:
            out.append(name)
            absent.pop(name)
    return out
