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

from paigow.errors import ConfigError
from paigow.games import hand_pieces
from paigow.games.dice import Rng, roll_dice
from paigow.games.tiles.ways.base import HouseWay
from paigow.profiles import Profile

from .round import Round
from .state import Banker, Provenance
from .variations import TableOptions

__all__ = ["AUTO_STACK", "ComputerPlayer", "automated_round", "run_dealer"]

#: Each computer player's opening chips in an automated round (cents).
AUTO_STACK = 100_000
#: The bank's last wager against the dealer assumed by a one-off banked round (R-BANK-10).
LAST_WAGER = 1_000


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


def automated_round(
    prof: Profile,
    rng: Rng,
    players: int,
    banking: bool,
    way: str | None = None,
    *,
    pair_fortunes: str | None = None,
    dragons_eye: bool = False,
    provenance: Provenance | None = None,
) -> Round:
    """One round played to its end by computer players ``P1``.. on seats 1.. (``paigow round``,
    the report's recorded round): the house banks, or ``P1`` when ``banking`` or when the house
    never banks (a Player-Dealer); they wager the side bets the round offers.

    Raises:
        ConfigError: ``players`` outside 1..the profile's positions, or a banked round with
            fewer than two players.
    """
    n = prof.table.positions
    if not 1 <= players <= n:
        raise ConfigError(f"--players must be 1..{n} for {prof.name}, got {players}")
    names = [f"P{i}" for i in range(1, players + 1)]
    seats = {name: str(i) for i, name in enumerate(names, start=1)}
    stacks = dict.fromkeys(names, AUTO_STACK)
    bank_kind = "player-dealer" if not prof.banking.house_banks else "player"
    banked = banking or not prof.banking.house_banks
    if banked and players < 2:
        raise ConfigError("a banked round needs at least two players")
    banker = Banker(bank_kind, "P1", "1") if banked else Banker()
    dealer = banker.kind == "player" and prof.banking.dealer_wager
    limit = (
        (LAST_WAGER if prof.banking.dealer_wager_basis == "last-wager" else None)
        if dealer
        else None
    )
    rnd = Round(
        prof,
        seats,
        stacks,
        banker=banker,
        house_way=way,
        options=TableOptions(pair_fortunes, dragons_eye),
        dealer_wager_limit=limit,
        provenance=provenance,
    )
    side_menu = [
        k
        for k, on in (
            ("pair-fortunes", pair_fortunes is not None),
            ("de-odd", dragons_eye),
            ("de-match", dragons_eye),
            ("dice-bonus", dragons_eye),
            ("de-double", dragons_eye),
            ("supreme-bonus", prof.side_bets.supreme_bonus),
        )
        if on
    ]
    computers = [
        ComputerPlayer(
            nm,
            rnd.house_way,
            1000 + 500 * (i % 4),
            tuple(side_menu[i % 2 :: 2]) if side_menu else (),
        )
        for i, nm in enumerate(names)
        if nm != banker.player
    ]
    run_dealer(rnd, rng, until="wagers")
    if rnd.phase == "cut":
        run_dealer(rnd, rng, until="wagers")
    if banker.kind == "player-dealer":
        rnd.place_pd_wager(5000)
    elif dealer:
        rnd.place_dealer_wager(rnd.dealer_wager_limit or 0)
    run_dealer(rnd, rng, players=computers)
    return rnd
