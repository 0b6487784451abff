"""Variations switched on per table: Pair Fortunes and Dragon's Eye (R-PF, R-DE).

A table enables a variation with :class:`TableOptions`; the profile says which variations its
jurisdiction allows (``[side_bets]``), and the options are refused otherwise. The side wagers
are placed like any wager (kinds below) and settled by the house:

* ``pair-fortunes`` — on the four tiles dealt to the spot, whatever the setting (R-PF-03/04);
* ``de-odd``, ``de-even``, ``de-double``, ``de-triple``, ``de-match`` — in the dice phase, before
  the deal (R-DE-03..09); ``de-match`` pays per die showing the spot's position number;
* ``dice-bonus`` — paid on a triple at the tier of the streak (R-DE-10, AMB-12/14). A winning
  dice bonus stays on the layout for the next round: the round returns its stake and the
  session places it again (``carried``); after a triple no new dice bonus is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from paigow.errors import IllegalActionError
from paigow.games.tiles.dragons_eye import DEWager, dice_bonus_pay, is_triple, settle, streak_step
from paigow.games.tiles.pair_fortunes import classify_pair_fortunes, pf_paytable
from paigow.games.tiles.tiles import Tile
from paigow.profiles import Profile

from .ledger import Transfer


class Bet(Protocol):
    """What the dice phase reads of a wager (:class:`paigow.table.state.Wager`)."""

    @property
    def ref(self) -> str: ...
    @property
    def player(self) -> str: ...
    @property
    def spot(self) -> str: ...
    @property
    def cents(self) -> int: ...
    @property
    def kind(self) -> str: ...


__all__ = [
    "DE_KINDS",
    "SIDE_KINDS",
    "TableOptions",
    "dice_phase",
    "pair_fortunes_units",
    "settle_dice_phase",
    "side_result",
    "side_transfers",
]

DE_KINDS = {
    "de-odd": DEWager.ODD,
    "de-even": DEWager.EVEN,
    "de-double": DEWager.DOUBLE,
    "de-triple": DEWager.TRIPLE,
    "de-match": DEWager.MATCH,
}
SIDE_KINDS = ("pair-fortunes", *DE_KINDS, "dice-bonus")


@dataclass(frozen=True)
class TableOptions:
    """Variations enabled at a table, and the Dragon's Eye state carried between rounds.

    Attributes:
        pair_fortunes: the Pair Fortunes pay table (``1``..``4`` or ``A``..``D``), or None.
        dragons_eye: Dragon's Eye wagers and the dice phase.
        de_streak: triples in a row before this round (0..2), kept by the session.
        de_shaker: the player who shakes this round (R-DE-10: the Dragon's Eye button holder
            after a triple, with a pending dice bonus wager), else None (the dealer shakes).
        carried: dice bonus wagers kept on the layout from the previous round, as
            ``(player, spot, cents)``.
        after_triple: the previous round rolled a triple: no new dice bonus wagers (AMB-14(v)).
    """

    pair_fortunes: str | None = None
    dragons_eye: bool = False
    de_streak: int = 0
    de_shaker: str | None = None
    carried: tuple[tuple[str, str, int], ...] = ()
    after_triple: bool = False

    def check(self, profile: Profile, *, player_banked: bool) -> None:
        """Refuse options the profile does not allow.

        Raises:
            IllegalActionError: the variation is not offered in this jurisdiction, the pay
                table is not one of the profile's, or Dragon's Eye with a player bank (AMB-91:
                disabled by default).
        """
        self._check_types()
        sb = profile.side_bets
        if self.pair_fortunes is not None:
            if not sb.pair_fortunes:
                raise IllegalActionError(f"{profile.name} does not offer Pair Fortunes")
            if self.pair_fortunes.upper() not in sb.pair_fortunes_tables:
                raise IllegalActionError(
                    f"Pair Fortunes table {self.pair_fortunes!r} is not offered; choose one of "
                    f"{', '.join(sb.pair_fortunes_tables)}"
                )
            pf_paytable(self.pair_fortunes)
        if self.dragons_eye:
            if not sb.dragons_eye:
                raise IllegalActionError(f"{profile.name} does not offer Dragon's Eye")
            if player_banked:
                raise IllegalActionError(
                    "Dragon's Eye is not played in player-bank rounds (AMB-91, the default)"
                )
        elif self.de_streak or self.carried or self.de_shaker or self.after_triple:
            raise IllegalActionError("Dragon's Eye state given without Dragon's Eye")
        if not 0 <= self.de_streak <= 2:
            raise IllegalActionError(f"the streak before a roll is 0..2, got {self.de_streak}")

    def _check_types(self) -> None:
        def bad(what: str, value: object) -> IllegalActionError:
            return IllegalActionError(f"table option {what}: unexpected value {value!r}")

        if self.pair_fortunes is not None and not isinstance(self.pair_fortunes, str):
            raise bad("pair_fortunes", self.pair_fortunes)
        if not isinstance(self.dragons_eye, bool):
            raise bad("dragons_eye", self.dragons_eye)
        if not isinstance(self.after_triple, bool):
            raise bad("after_triple", self.after_triple)
        if type(self.de_streak) is not int:
            raise bad("de_streak", self.de_streak)
        if self.de_shaker is not None and (
            not isinstance(self.de_shaker, str) or not self.de_shaker
        ):
            raise bad("de_shaker", self.de_shaker)
        if not isinstance(self.carried, tuple):
            raise bad("carried", self.carried)
        for c in self.carried:
            if not (
                isinstance(c, tuple)
                and len(c) == 3
                and isinstance(c[0], str)
                and isinstance(c[1], str)
                and type(c[2]) is int
                and c[2] > 0
            ):
                raise bad("carried", c)

    def to_json(self) -> dict[str, Any]:
        """The options as the record holds them."""
        return {
            "pair_fortunes": self.pair_fortunes,
            "dragons_eye": self.dragons_eye,
            "de_streak": self.de_streak,
            "de_shaker": self.de_shaker,
            "carried": [list(c) for c in self.carried],
            "after_triple": self.after_triple,
        }


def side_result(w: Bet, won: bool, pays: int, **extra: Any) -> dict[str, Any]:
    """The result of a house-settled side wager, as the round records it."""
    return {
        "spot": w.spot,
        "player": w.player,
        "cents": w.cents,
        "result": "win" if won else "lose",
        **extra,
        "pays": pays,
    }


def side_transfers(ref: str, account: str, cents: int, units: int, reason: str) -> list[Transfer]:
    """House-settled side wager: ``units`` > 0 wins that many to one, otherwise it loses."""
    if units > 0:
        return [
            Transfer("layout", account, cents, "stake", ref),
            Transfer("house", account, cents * units, reason, ref),
        ]
    return [Transfer("layout", "house", cents, "lose", ref)]


def pair_fortunes_units(table: str, tiles: tuple[Tile, ...]) -> tuple[str, int]:
    """(class name, odds to one or -1) of a Pair Fortunes wager on the dealt tiles."""
    cls = classify_pair_fortunes(tiles)
    return cls.value, pf_paytable(table).get(cls, -1)


@dataclass(frozen=True)
class DicePhase:
    """Outcome of the Dragon's Eye dice phase (R-DE-03)."""

    button: int
    triple: bool
    tier: int
    streak_after: int


def dice_phase(dice: tuple[int, int, int], streak: int) -> DicePhase:
    """Read the dice: the button position (the DE die), triple, the dice-bonus tier paid and
    the streak after the roll (AMB-14)."""
    tier, after = streak_step(streak, dice)
    return DicePhase(dice[0], is_triple(dice), tier, after)


def de_units(kind: str, dice: tuple[int, int, int], spot: str, *, tier: int, shaker: bool) -> int:
    """Net units of a Dragon's Eye wager of ``kind`` at ``spot``."""
    if kind == "dice-bonus":
        return dice_bonus_pay(tier, shaker=shaker) if tier else -1
    return settle(DE_KINDS[kind], dice, int(spot) if kind == "de-match" else None)


def settle_dice_phase(
    wagers: Sequence[Bet],
    dice: tuple[int, int, int],
    options: TableOptions,
    *,
    vig_mode_b: bool,
) -> tuple[
    DicePhase, list[Transfer], dict[str, dict[str, Any]], list[tuple[str, str, int]], set[str]
]:
    """R-DE-03..11: the Dragon's Eye wagers settled right to left before the deal.

    Returns the phase, the transfers, the results by wager ref, the winning dice bonus wagers
    kept on the layout, and (vig mode (b), a triple) the spots whose Pai Gow wagers lost.
    """
    ph = dice_phase(dice, options.de_streak)
    transfers: list[Transfer] = []
    results: dict[str, dict[str, Any]] = {}
    retained: list[tuple[str, str, int]] = []
    lost: set[str] = set()
    for w in sorted(wagers, key=lambda w: int(w.spot)):
        if w.kind not in DE_KINDS and w.kind != "dice-bonus":
            continue
        shaker = w.player == options.de_shaker
        units = de_units(w.kind, dice, w.spot, tier=ph.tier, shaker=shaker)
        reason = f"{w.kind} {units} to 1" if units > 0 else w.kind
        transfers += side_transfers(w.ref, f"player:{w.player}", w.cents, units, reason)
        if w.kind == "dice-bonus" and units > 0:
            retained.append((w.player, w.spot, w.cents))
        results[w.ref] = side_result(w, units > 0, units)
    if ph.triple and vig_mode_b:
        for w in wagers:
            if w.kind == "main":
                transfers.append(Transfer("layout", "house", w.cents, "triple (R-DE-11 b)", w.ref))
                results[w.ref] = {
                    "spot": w.spot,
                    "player": w.player,
                    "cents": w.cents,
                    "result": "lose",
                    "high": "dealer",
                    "low": "dealer",
                    "reason": "triple",
                }
                lost.add(w.spot)
    return ph, transfers, results, retained, lost
