"""The state of a round shared by its parts: who, what, where the money is; small helpers.

:class:`RoundState` declares the attributes :class:`~paigow.table.round.Round` sets up and the
helpers every action uses; the actions live in :mod:`.wagers`, :mod:`.irregular` and
:mod:`.round`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paigow.errors import IllegalActionError
from paigow.profiles import Profile

from .games import Game
from .ledger import Ledger
from .ops import Operation
from .variations import DicePhase, TableOptions

__all__ = ["Banker", "RoundState", "Wager"]


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
            raise IllegalActionError(f"unknown banker kind {self.kind!r}")
        if (self.kind == "house") != (self.player is None):
            raise IllegalActionError("a player bank names its player; the house names none")

    @property
    def count_from(self) -> str:
        """The ring position counted as one (R-START-03/05, R-START-10)."""
        return "dealer" if self.position is None else self.position


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager on the layout."""

    ref: str
    player: str
    spot: str
    cents: int
    kind: str = "main"


class RoundState:
    """Attributes and helpers of a round (see :class:`~paigow.table.round.Round`)."""

    profile: Profile
    ring: tuple[str, ...]
    seats: dict[str, str]
    banker: Banker
    options: TableOptions
    game: Game
    house_way: Any
    collection_free: bool
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
    abandoned: set[str]
    results: dict[str, dict[str, Any]]
    void_reason: str | None
    dice_phase: DicePhase | None
    dice_phase_lost: set[str]
    retained: list[tuple[str, str, int]]
    _next_ref: int

    def _op(self, kind: str, actor: str, /, **data: Any) -> Operation:
        op = Operation(len(self.log), kind, actor, data)
        self.log.append(op)
        return op

    def _need(self, *phases: str) -> None:
        if self.phase not in phases:
            raise IllegalActionError(
                f"not now: the round is in phase {self.phase!r}, this needs {' or '.join(phases)}"
            )

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

    def controller(self, spot: str) -> str:
        """Who sets the tiles of ``spot``: the seated player (R-SET-08); in Lucky Chances the
        player with the most money on it, the seated player on a tie (¶41, AMB-71(d)); with
        nobody seated there, the largest stake, ties to the earliest wager."""
        stakes: dict[str, int] = {}
        for w in self.spot_wagers(spot):
            stakes[w.player] = stakes.get(w.player, 0) + w.cents
        if not stakes:
            raise IllegalActionError(f"spot {spot} has no wager")
        seated = next((n for n, p in self.seats.items() if p == spot and n in stakes), None)
        top = max(stakes.values())
        if self.profile.banking.action_limited_to_stake:
            if seated is not None and stakes[seated] == top:
                return seated
            return next(p for p, c in stakes.items() if c == top)
        return seated or next(p for p, c in stakes.items() if c == top)

    def unset_spots(self) -> list[str]:
        """Spots in play still waiting for a setting."""
        return [
            p
            for p in self.wagered_spots()
            if p not in self.settings
            and p not in self.voided_spots
            and p not in self.dead_spots
            and p not in self.dice_phase_lost
        ]

    def _maybe_bank_phase(self) -> None:
        if not self.unset_spots():
            self.phase = "bank"

    def net(self) -> dict[str, int]:
        """Net change of every lasting account; values sum to zero (transients are zero)."""
        n = self.ledger.net(self.opening)
        for acct in ("layout", "centre", "bank"):
            if n.get(acct, 0) != 0 and self.phase == "done":
                raise AssertionError(f"{acct} holds {n[acct]} cents after the round")
            n.pop(acct, None)
        return n

    def legal_settings(self, spot: str) -> list[Any]:
        """The settings a spot's controller may choose."""
        opts = list(self.game.settings_of(self.dealt[spot]))
        if self.profile.ranking.setting_order != "reject":
            opts += [type(s)(s.low, s.high) for s in opts if s.low.strength != s.high.strength]
        return opts

    def _return_spot(self, spot: str, reason: str) -> None:
        for w in self.wagers:
            if w.spot != spot or w.ref in self.results:
                continue
            self.ledger.move("layout", f"player:{w.player}", w.cents, reason, w.ref)
        self.voided_spots.add(spot)
        if self.phase == "setting":
            self._maybe_bank_phase()
