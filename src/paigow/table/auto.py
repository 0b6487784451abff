"""Automation: the dealer's chores and computer players, driven by an injected RNG.

:func:`run_dealer` advances a round through every step that needs no human decision (wash,
"no more bets", the default style, the dice, the deal, the bank's hand, settlement), drawing
chance from ``rng`` and recording the outcomes as operations. :class:`ComputerPlayer` wagers and
sets tiles by a house way. A live table calls the round's actions itself instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from paigow.games import hand_pieces
from paigow.games.dice import Rng, roll_dice
from paigow.games.tiles.ways.base import HouseWay

from .round import Round

__all__ = ["ComputerPlayer", "run_dealer"]


@dataclass
class ComputerPlayer:
    """A player who wagers a fixed amount on its seat and sets by a house way (by default the
    table's)."""

    name: str
    way: HouseWay | None = None
    cents: int = 1000
    side: tuple[str, ...] = ()

    def wager(self, rnd: Round) -> None:
        """Place the wager, then the side wagers of kinds ``side`` at the table minimum, when
        the round allows them (skipping quietly what it does not)."""
        spot = rnd.seats[self.name]
        if rnd.can_wager(self.name, spot, self.cents):
            rnd.wager(self.name, spot, self.cents)
        for kind in self.side:
            amount = rnd.profile.table.min_wager
            if rnd.can_wager(self.name, spot, amount, kind):
                rnd.wager(self.name, spot, amount, kind)

    def set(self, rnd: Round) -> None:
        """Set every spot this player controls."""
        for spot in rnd.unset_spots():
            if rnd.controller(spot) == self.name:
                s = (self.way or rnd.house_way).set(rnd.dealt[spot])
                rnd.set_hand(self.name, spot, hand_pieces(s.high), hand_pieces(s.low))


def run_dealer(
    rnd: Round,
    rng: Rng,
    *,
    until: str = "done",
    players: Sequence[ComputerPlayer] = (),
    style: str | None = None,
    cut: str | None = None,
    use_rng_number: bool = False,
    steps: int | None = None,
) -> None:
    """Advance ``rnd`` until its phase is ``until`` (or it ends, or ``steps`` phases were
    done), doing the dealer's chores.

    Computer ``players`` wager in the wager phase and set in the setting phase. Spots nobody
    sets are set by the house way, as for a player who asks for it.
    """
    chores: dict[str, Callable[[], object]] = {
        "shuffle": lambda: rnd.shuffle(_shuffled(rnd, rng)),
        "cut": lambda: rnd.cut(cut),
        "wagers": lambda: _wagers(rnd, players),
        "style": lambda: rnd.choose_style(
            style or rnd.profile.dealing.default_style,
            "bank" if rnd.is_player_banked else "dealer",
        ),
        "shake": lambda: _shake(rnd, rng, use_rng_number),
        "deal": rnd.deal,
        "setting": lambda: _setting(rnd, players),
        "bank": rnd.set_bank,
        "surrender": rnd.settle,
    }
    guard = 0
    while rnd.phase not in (until, "done") and (steps is None or guard < steps):
        chores[rnd.phase]()
        guard += 1
        if guard > 100:  # pragma: no cover - every step advances the phase
            raise RuntimeError(f"round stuck in phase {rnd.phase}")


def _shuffled(rnd: Round, rng: Rng) -> list[Any]:
    """A uniformly random order of the round's full set (tiles or cards)."""
    order = list(rnd.game.full_set)
    rng.shuffle(order)
    return order


def _wagers(rnd: Round, players: Sequence[ComputerPlayer]) -> None:
    for p in players:
        p.wager(rnd)
    rnd.no_more_bets()


def _shake(rnd: Round, rng: Rng, use_rng_number: bool) -> None:
    st = rnd.profile.start
    if use_rng_number and "rng" in st.methods:
        rnd.roll(rng=rng.randint(st.rng_min, st.rng_max))
    else:
        rnd.roll(roll_dice(rng))


def _setting(rnd: Round, players: Sequence[ComputerPlayer]) -> None:
    for p in players:
        p.set(rnd)
    for spot in rnd.unset_spots():
        rnd.set_house_way(spot)
