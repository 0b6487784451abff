"""The state of a round shared by its parts: who, what, where the money is; small helpers.

:class:`RoundState` declares the attributes :class:`~paigow.table.round.Round` sets up and the
helpers every action uses; the actions live in :mod:`.round`, :mod:`.wagers`, :mod:`.showdown`
and :mod:`.irregular`. Every action is an :func:`~paigow.table.atomic.action`: all or nothing.

Each operation is appended by :meth:`RoundState._op`, which also ties to it the transfers made
since the previous operation and extends the round's hash chain (:mod:`.chain`) by those
transfers and the operation. After every action :meth:`RoundState._settled` checks that no
transfer is left without its operation, that no account other than the house tray is
negative, and that the chips are conserved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paigow.errors import IllegalActionError
from paigow.games import Game
from paigow.profiles import Profile

from .atomic import Atomic
from .chain import link
from .inputs import Timed, as_timestamp, stamp_order
from .ledger import Ledger, Transfer
from .ops import Operation
from .variations import DicePhase, TableOptions

__all__ = ["Banker", "Provenance", "RoundState", "Wager", "transfer_content"]


@dataclass(frozen=True, slots=True)
class Banker:
    """Who banks the round.

    ``kind``: ``house`` (the dealer banks), ``player`` (a player bank), ``co-bank`` (a player
    banking half with the house) or ``player-dealer`` (Lucky Chances). ``player`` and
    ``position`` name the banking player and seat (None for the house).
    """

    kind: str = "house"
    player: str | None = None
    position: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("house", "player", "co-bank", "player-dealer"):
            raise IllegalActionError(
                f"unknown banker kind {self.kind!r}; expected house, player, co-bank or "
                "player-dealer"
            )
        for value, what in ((self.player, "the bank's player"), (self.position, "its seat")):
            if value is not None and (not isinstance(value, str) or not value):
                raise IllegalActionError(f"{what} is a non-empty text, got {value!r}")
        if (self.kind == "house") != (self.player is None) or (self.player is None) != (
            self.position is None
        ):
            raise IllegalActionError(
                "a player bank names its player and seat; the house names neither"
            )

    @property
    def count_from(self) -> str:
        """The ring position counted as one (R-START-03/05, R-START-10)."""
        return "dealer" if self.position is None else self.position

    def to_json(self) -> dict[str, str | None]:
        """``{"kind", "player", "position"}``."""
        return {"kind": self.kind, "player": self.player, "position": self.position}


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where and when a round was played, for its record (the table has no clock).

    Attributes:
        table_id: the table's name in the operator's system.
        record_id: this round's record id; empty: derived from the header's digest.
        opened_at: UTC time text the round was opened at, supplied by the caller, or None.
        previous: the chain head of the table's previous round, or None for the first.
        note: free annotations of the caller (text keys; text, whole-number or null values),
            e.g. ``(("seed", 3),)``; part of the header, so covered by the chain.
        software: the version of paigow that wrote the record; empty: this one (replay gives
            the recorded one).
    """

    table_id: str = "table"
    record_id: str = ""
    opened_at: str | None = None
    previous: str | None = None
    note: tuple[tuple[str, str | int | None], ...] = field(default=())
    software: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.table_id, str) or not self.table_id:
            raise IllegalActionError(f"a table id is a non-empty text, got {self.table_id!r}")
        if not isinstance(self.record_id, str) or not isinstance(self.software, str):
            raise IllegalActionError(f"a record id is a text, got {self.record_id!r}")
        if not isinstance(self.note, tuple):
            raise IllegalActionError(f"a note is a tuple of (key, value) pairs, got {self.note!r}")
        if self.opened_at is not None:
            as_timestamp(self.opened_at, "opened_at")
        if self.previous is not None and (
            not isinstance(self.previous, str)
            or len(self.previous) != 64
            or any(c not in "0123456789abcdef" for c in self.previous)
        ):
            raise IllegalActionError(
                f"previous is a chain head (64 hex digits), got {self.previous!r}"
            )
        for item in self.note:
            ok = isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)
            value = item[1] if ok else None
            if not ok or not (value is None or type(value) in (str, int)):
                raise IllegalActionError(f"a note is (text, text|whole number|None), got {item!r}")


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager on the layout."""

    ref: str
    player: str
    spot: str
    cents: int
    kind: str = "main"


def transfer_content(index: int, op: int, t: Transfer) -> dict[str, Any]:
    """A transfer as the record holds it, without its link: what the chain covers."""
    return {"index": index, "op": op} | t.to_json()


class RoundState(Atomic, Timed):
    """Attributes and helpers of a round (see :class:`~paigow.table.round.Round`)."""

    profile: Profile
    ring: tuple[str, ...]
    seats: dict[str, str]
    banker: Banker
    options: TableOptions
    game: Game
    house_way: Any
    collection_free: bool
    dealer_wager_limit: int | None
    provenance: Provenance
    header: dict[str, Any]
    header_digests: dict[str, str]
    opening: dict[str, int]
    ledger: Ledger
    log: list[Operation]
    phase: str
    order: list[Any]
    wagers: list[Wager]
    dealer_wager: int
    pd_stake: int
    style: str
    dice: tuple[int, ...] | None
    rng_number: int | None
    start: str | None
    dealt: dict[str, tuple[Any, ...]]
    collected: list[str]
    settings: dict[str, Any]
    set_by: dict[str, str]
    bank_setting: Any
    dealer_setting: Any
    surrendered: set[str]
    voided_spots: set[str]
    dead_spots: set[str]
    fouled: set[str]
    abandoned: set[str]
    exposed: dict[str, int]
    marked: list[int]
    shown: list[str]
    removed: dict[str, bool]
    results: dict[str, dict[str, Any]]
    void_reason: str | None
    dice_phase: DicePhase | None
    dice_phase_lost: set[str]
    retained: list[tuple[str, str, int]]
    dealer_shakes_for: str | None
    transfer_ops: list[int]
    transfer_links: list[str]
    chain_start: str
    head: str
    _now: str | None
    _next_ref: int

    # ----------------------------------------------------------------- log and chain
    def _op(self, kind: str, actor: str, /, **data: Any) -> Operation:
        at = self._now
        last = next((o.at for o in reversed(self.log) if o.at is not None), None)
        if at is not None and last is not None and stamp_order(at) < stamp_order(last):
            raise IllegalActionError(f"the time {at} is before the last operation's {last}")
        index = len(self.log)
        head = self.head
        for k in range(len(self.transfer_ops), len(self.ledger.transfers)):
            t = self.ledger.transfers[k]
            head = link(head, "transfer", transfer_content(k, index, t))
            self.transfer_ops.append(index)
            self.transfer_links.append(head)
        op = Operation.chained(head, index=index, kind=kind, actor=actor, data=data, at=at)
        self.head = op.link
        self.log.append(op)
        return op

    def _settled(self) -> None:
        """Invariants after every action (see the module notes)."""
        if len(self.transfer_ops) != len(self.ledger.transfers):
            raise AssertionError("a transfer was made without its operation")
        for acct, cents in self.ledger.balances.items():
            if cents < 0 and acct != "house":
                raise AssertionError(f"{acct} went negative ({cents} cents)")
        if sum(self.ledger.balances.values()) != sum(self.opening.values()):
            raise AssertionError("chips were created or destroyed")
        if self.phase == "done":
            for acct in ("layout", "centre", "bank"):
                if self.ledger.balance(acct):
                    raise AssertionError(f"{acct} holds chips after the round")

    def _need(self, *phases: str) -> None:
        if self.phase not in phases:
            raise IllegalActionError(
                f"not now: the round is in phase {self.phase!r}, this needs {' or '.join(phases)}"
            )

    # ----------------------------------------------------------------- who and where
    @property
    def bank_spot(self) -> str:
        """The ring position whose hand is the bank's hand."""
        return self.banker.count_from

    @property
    def is_player_banked(self) -> bool:
        """True for player-bank, co-bank and Player-Dealer rounds."""
        return self.banker.kind != "house"

    def spot_wagers(self, spot: str) -> list[Wager]:
        """Main wagers on ``spot``."""
        return [w for w in self.wagers if w.spot == spot and w.kind == "main"]

    def wagered_spots(self) -> list[str]:
        """Spots with a main wager, in ring order."""
        spots = {w.spot for w in self.wagers if w.kind == "main"}
        return [p for p in self.ring if p in spots]

    def stake_on(self, spot: str, player: str) -> int:
        """``player``'s main wagers on ``spot``, in cents."""
        return sum(w.cents for w in self.spot_wagers(spot) if w.player == player)

    def _stakes(self) -> dict[str, dict[str, int]]:
        """Spot -> player -> their main wagers on it in cents, the players in the order of
        their first wager there: one pass over the wagers."""
        stakes: dict[str, dict[str, int]] = {}
        for w in self.wagers:
            if w.kind == "main":
                on = stakes.setdefault(w.spot, {})
                on[w.player] = on.get(w.player, 0) + w.cents
        return stakes

    def _seated(self) -> dict[str, list[str]]:
        """Spot -> the players seated there, in the order of :attr:`seats`."""
        at: dict[str, list[str]] = {}
        for n, p in self.seats.items():
            at.setdefault(p, []).append(n)
        return at

    def _control(self, spot: str, stakes: dict[str, int], seated_at: list[str]) -> str:
        """:meth:`controller` of ``spot`` from its stakes and the players seated there."""
        if not stakes:
            raise IllegalActionError(f"spot {spot} has no wager")
        seated = next((n for n in seated_at if n in stakes), None)
        top = max(stakes.values())
        if self.profile.banking.action_limited_to_stake:
            if seated is not None and stakes[seated] == top:
                return seated
            return next(p for p, c in stakes.items() if c == top)
        return seated or next(p for p, c in stakes.items() if c == top)

    def controller(self, spot: str) -> str:
        """Who sets the tiles of ``spot``: the seated player (R-SET-08); in Lucky Chances the
        player with the most money on it, the seated player on a tie (¶41, AMB-71(d)); with
        nobody seated there, the largest stake, ties to the earliest wager."""
        stakes: dict[str, int] = {}
        for w in self.wagers:
            if w.spot == spot and w.kind == "main":
                stakes[w.player] = stakes.get(w.player, 0) + w.cents
        return self._control(spot, stakes, self._seated().get(spot, []))

    def controllers(self) -> dict[str, str]:
        """:meth:`controller` of every wagered spot, in ring order, from one pass over the
        wagers."""
        stakes, at = self._stakes(), self._seated()
        return {p: self._control(p, stakes[p], at.get(p, [])) for p in self.ring if p in stakes}

    def _live(self, spot: str) -> bool:
        """Not void, dead, fouled or lost (:meth:`in_play` of a wagered spot)."""
        return (
            spot not in self.voided_spots
            and spot not in self.dead_spots
            and spot not in self.fouled
            and spot not in self.dice_phase_lost
        )

    def in_play(self, spot: str) -> bool:
        """True while a wagered spot's hand is still played (not void, dead, fouled or lost)."""
        return spot in self.wagered_spots() and self._live(spot)

    def unset_spots(self) -> list[str]:
        """Spots in play still waiting for a setting, in the order they may be set: each
        player's larger wager first, equal wagers counterclockwise (R-SET-07)."""
        return [p for p, _ in self.setting_turns()]

    def setting_turns(self) -> list[tuple[str, str]]:
        """:meth:`unset_spots` in their order, each with its :meth:`controller`, from one
        pass over the wagers."""
        stakes, at = self._stakes(), self._seated()
        found = []
        for i, p in enumerate(self.ring):
            on = stakes.get(p)
            if on is not None and p not in self.settings and self._live(p):
                who = self._control(p, on, at.get(p, []))
                found.append((-on[who], i, p, who))
        found.sort()
        return [(p, who) for _, _, p, who in found]

    def _maybe_bank_phase(self) -> None:
        if self.phase == "setting" and not self.unset_spots():
            self.phase = "bank"

    def net(self) -> dict[str, int]:
        """Net change of every lasting account; values sum to zero (transients are zero)."""
        n = self.ledger.net(self.opening)
        for acct in ("layout", "centre", "bank"):
            n.pop(acct, None)
        return n

    def legal_settings(self, spot: str) -> list[Any]:
        """The settings a spot's controller may choose."""
        if spot not in self.dealt:
            raise IllegalActionError(f"nothing is dealt to {spot!r}")
        opts = list(self.game.settings_of(self.dealt[spot]))
        if self.profile.ranking.setting_order != "reject":
            opts += [type(s)(s.low, s.high) for s in opts if s.low.strength != s.high.strength]
        return opts

    def _return_spot(self, spot: str, reason: str) -> None:
        for w in self.wagers:
            if w.spot != spot or w.ref in self.results or w.ref in self.removed:
                continue  # settled already, or already back with its player (LC ¶49/¶50)
            self.ledger.move("layout", f"player:{w.player}", w.cents, reason, w.ref)
        self.voided_spots.add(spot)
        self._maybe_bank_phase()
