"""A table session: players, their chips and the bank rotation across many rounds.

The session builds each :class:`~paigow.table.round.Round` with the current stacks and the
banker chosen under the rotation rules (:mod:`paigow.table.banking`), and records the finished
round: stacks move by the round's net, the rotation advances, and a short history is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from paigow.errors import IllegalActionError
from paigow.profiles import Profile

from .banking import BankState, after_round, dealer_wager_amount, eligibility, initial_state
from .banking import offer_order as _offer_order
from .record import round_record
from .round import Banker, Round
from .variations import TableOptions

__all__ = ["TableSession"]


@dataclass
class TableSession:
    """Players seated at one table, their chips, the bank rotation and the round history."""

    profile: Profile
    seats: dict[str, str]
    stacks: dict[str, int]
    house_way: str | None = None
    pair_fortunes: str | None = None
    dragons_eye: bool = False
    bank: BankState = field(init=False)
    de_streak: int = 0
    de_shaker: str | None = None
    carried: tuple[tuple[str, str, int], ...] = ()
    after_triple: bool = False
    no_bank_rounds: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    rounds: int = 0

    def __post_init__(self) -> None:
        self.bank = initial_state(self.profile)
        TableOptions(self.pair_fortunes, self.dragons_eye).check(self.profile, player_banked=False)

    def options(self, banker: Banker | None) -> TableOptions:
        """The variations of the next round, with the Dragon's Eye state carried over."""
        de = self.dragons_eye and (banker is None or banker.kind == "house")
        if not de:
            return TableOptions(self.pair_fortunes)
        return TableOptions(
            self.pair_fortunes,
            True,
            self.de_streak,
            self.de_shaker,
            self.carried,
            self.after_triple,
        )

    def cut_offers(self, banker: Banker | None = None) -> list[str]:
        """R-SPG-09: who is offered the cut of the cards, in order (the dealer cuts when all
        decline). At the start of a game the first player to the table; in a bank round the
        bank, then each player counterclockwise from it; otherwise the player farthest to the
        dealer's right, the first offer moving one seat counterclockwise for each further
        consecutive round with no bank."""
        seated = sorted(self.seats, key=lambda n: int(self.seats[n]))
        if not seated:
            return []
        if self.rounds == 0:
            return seated
        if banker is not None and banker.player is not None:
            i = seated.index(banker.player)
        else:
            i = max(self.no_bank_rounds - 1, 0) % len(seated)
        return seated[i:] + seated[:i]

    def withdraw_dice_bonus(self, player: str) -> None:
        """A player takes back a dice bonus wager kept on the layout (forfeiting the higher
        tiers, AMB-14(ii))."""
        self.carried = tuple(c for c in self.carried if c[0] != player)
        if self.de_shaker == player:
            self.de_shaker = None

    def offers(self) -> list[tuple[str, str]]:
        """(position, player) to whom the bank is offered this round, in order, who may take
        it (R-BANK-03..06, R-LC-03/04); empty for a house round."""
        by_pos = {p: n for n, p in self.seats.items()}
        out = []
        for pos in _offer_order(self.bank, self.profile):
            name = by_pos.get(str(pos))
            if name is None:
                continue
            ok, _ = eligibility(
                self.bank,
                self.profile,
                pos,
                name,
                chips_on_table=self.stacks[name],
                others_wagers=0,
            )
            if ok:
                out.append((str(pos), name))
        return out

    def why_not(self, player: str) -> str:
        """Why ``player`` may not bank this round (or ``"eligible"``)."""
        pos = int(self.seats[player])
        if pos not in _offer_order(self.bank, self.profile):
            return "the bank is not offered to this seat this round"
        return eligibility(
            self.bank,
            self.profile,
            pos,
            player,
            chips_on_table=self.stacks[player],
            others_wagers=0,
        )[1]

    def dealer_wager(self, player: str) -> int:
        """The dealer's wager against ``player`` as bank (R-BANK-10)."""
        return dealer_wager_amount(self.bank, player)

    def new_round(self, banker: Banker | None = None, **kw: Any) -> Round:
        """A round with the current stacks; ``banker`` must be one of :meth:`offers`."""
        if banker is not None and banker.player is not None:
            if (banker.position, banker.player) not in self.offers():
                raise IllegalActionError(
                    f"{banker.player} may not bank this round: {self.why_not(banker.player)}"
                )
        elif not self.profile.banking.house_banks:
            raise IllegalActionError("this table has no house bank: a Player-Dealer is needed")
        return Round(
            self.profile,
            self.seats,
            self.stacks,
            banker=banker,
            house_way=self.house_way,
            options=self.options(banker),
            **kw,
        )

    def finish(self, rnd: Round) -> dict[str, Any]:
        """Record a finished round: stacks, rotation, history. Returns the round's record."""
        if rnd.phase != "done":
            raise IllegalActionError("the round is not finished")
        net = rnd.net()
        for name in self.stacks:
            self.stacks[name] += net.get(f"player:{name}", 0)
        b = rnd.banker
        banker = (int(b.position), b.player) if b.player and b.position else None
        wagers = [
            (int(w.spot), w.player, w.cents, self.seats.get(w.player) == w.spot)
            for w in rnd.wagers
            if w.kind == "main"
        ]
        ph = rnd.dice_phase
        if self.dragons_eye and not rnd.options.dragons_eye:
            # a round without Dragon's Eye (a player bank, AMB-91) breaks the streak
            self.de_streak, self.after_triple, self.de_shaker, self.carried = 0, False, None, ()
        if ph is not None:  # R-DE-10 / AMB-14: the streak, the kept wagers, the next shaker
            self.de_streak = ph.streak_after
            self.after_triple = ph.triple
            self.carried = tuple(rnd.retained) if ph.triple else ()
            holder = next((n for n, p in self.seats.items() if p == str(ph.button)), None)
            keeps = any(c[0] == holder for c in self.carried)
            self.de_shaker = holder if ph.triple and keeps else None
        if rnd.void_reason is None:
            self.bank = after_round(
                self.bank,
                self.profile,
                banker=banker,
                co_bank=b.kind == "co-bank",
                wagers=wagers,
            )
        self.rounds += 1
        self.no_bank_rounds = 0 if b.player else self.no_bank_rounds + 1
        rec = round_record(rnd)
        self.history.append(
            {
                "round": self.rounds,
                "banker": b.player or "house",
                "void": rnd.void_reason,
                "net": dict(net),
            }
        )
        return rec

    def stacks_view(self) -> Mapping[str, int]:
        """Current chips per player."""
        return dict(self.stacks)
