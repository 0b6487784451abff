"""Wagers: placing and taking back wagers, stakes and the dealer's wager (R-WAGER, R-BANK-06/08/10,
R-LC-08/09, R-PF-02, R-DE-01, R-SPG-15)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from paigow.errors import IllegalActionError

from .atomic import action
from .inputs import as_cents, as_name, as_text, dollars
from .ops import Operation
from .state import RoundState, Wager
from .variations import SIDE_KINDS

__all__ = ["WagerActions", "collection_fee"]


def collection_fee(schedule: list[list[int]], flat: int, cents: int, max_wager: int) -> int:
    """Lucky Chances collection on a bet (R-WAGER-08, ¶9, ¶20): the posted schedule's fee for
    the amount in action (at most the table maximum, ¶23), or the flat amount without one."""
    if not schedule:
        return flat
    amount = min(cents, max_wager)
    return next((fee for up_to, fee in schedule if amount <= up_to), schedule[-1][1])


@functools.cache
def _positions(count: int) -> frozenset[str]:
    """The betting positions ``1``..``count``."""
    return frozenset(str(i) for i in range(1, count + 1))


class WagerActions(RoundState):
    """The wager actions of a round."""

    def _bank_cover(self) -> int:
        return self.ledger.balance(f"player:{self.banker.player}") if self.banker.player else 0

    def _collection_fee(self, cents: int) -> int:
        c = self.profile.commission
        if not c.collection or self.collection_free:
            return 0
        return collection_fee(
            c.collection_schedule, c.collection_cents, cents, self.profile.table.max_wager
        )

    def verify_wager(self, player: str, spot: str, cents: int, kind: str = "main") -> None:
        """Checks of R-WAGER-01..08, R-BANK-06/08, R-LC-08 and R-SPG-15 for a wager."""
        self._verify_bettor(player, spot, kind)
        if kind != "main":
            self._verify_side(player, spot, cents, kind)
            return
        as_cents(cents, "a wager", positive=True)
        self._verify_main_place(player, spot)
        self._verify_main_amount(player, spot, cents)

    def _verify_main_amount(self, player: str, spot: str, cents: int) -> None:
        """The checks of a Pai Gow wager's amount (whole cents checked): the table minimum
        and maximum, the combined maximum, the chips with the collection, the bank's cover
        (R-WAGER-06/08, R-BANK-06)."""
        t = self.profile.table
        if cents < t.min_wager and not t.under_min_gets_action:
            what = "after collection " if self.profile.commission.collection else ""
            raise IllegalActionError(
                f"a bet of {dollars(cents)} {what}is under the table minimum "
                f"{dollars(t.min_wager)} (R-WAGER-06, ¶20, ¶22, ¶26)"
            )
        total = sum(w.cents for w in self.spot_wagers(spot)) + cents
        if total > t.max_wager and t.over_max_gets_action:
            raise IllegalActionError(
                f"spot {spot} would hold {dollars(total)}, over the table maximum "
                f"{dollars(t.max_wager)}"
            )
        self._verify_combined(player, spot, cents)
        fee = self._collection_fee(cents)
        have = self.ledger.balance(f"player:{player}")
        if have < cents + fee:
            raise IllegalActionError(
                f"{player} has {dollars(have)}, cannot wager {dollars(cents)}"
                + (f" plus collection {dollars(fee)}" if fee else "")
            )
        if self.banker.kind in ("player", "co-bank") and self.profile.banking.bank_must_cover_all:
            on_layout = sum(w.cents for w in self.wagers if w.kind == "main")
            need = on_layout + cents + self.dealer_wager
            if need > self._bank_cover():
                raise IllegalActionError(
                    f"the bank ({self.banker.player}) has {dollars(self._bank_cover())} and "
                    f"cannot cover {dollars(need)} in wagers (R-BANK-06)"
                )

    def _verify_bettor(self, player: str, spot: str, kind: str) -> None:
        """The checks of :meth:`verify_wager` before its kind's: the phase, the inputs' types,
        a seated player."""
        self._need("wagers")
        as_name(player)
        as_text(spot, "a spot")
        as_text(kind, "a wager kind")
        if player not in self.seats:
            raise IllegalActionError(f"{player} is not seated; only seated players wager")

    def _verify_main_place(self, player: str, spot: str) -> None:
        """The checks of a Pai Gow wager that do not depend on its amount: a betting position,
        not the bank's (R-BANK-08), one the player may play (:meth:`_verify_spot`)."""
        if spot not in _positions(self.profile.table.positions):
            raise IllegalActionError(f"{spot!r} is not a betting position")
        if self.is_player_banked and player == self.banker.player:
            raise IllegalActionError(f"{player} is the bank and cannot wager against it")
        if self.is_player_banked and spot == self.bank_spot:
            raise IllegalActionError(f"spot {spot} is the bank's")
        self._verify_spot(player, spot)

    def _verify_spot(self, player: str, spot: str) -> None:
        """Own seat, an adjacent empty spot (R-WAGER-04), or a shared spot (R-WAGER-05/07)."""
        t = self.profile.table
        own = self.seats[player]
        mine = {w.spot for w in self.wagers if w.player == player and w.kind == "main"}
        others = [w for w in self.spot_wagers(spot) if w.player != player]
        seated_there = next((n for n, p in self.seats.items() if p == spot), None)
        if spot != own:
            adjacent = abs(int(spot) - int(own)) == 1
            shared = seated_there is not None or bool(others)
            if shared and t.max_players_per_spot < 2:
                raise IllegalActionError(f"spot {spot} belongs to another player")
            if not shared and not (t.allow_two_spots and adjacent):
                raise IllegalActionError(
                    f"{player} may wager only on seat {own}"
                    + (" or an adjacent empty spot" if t.allow_two_spots else "")
                )
        if spot not in mine and len(mine | {spot}) > 2:
            raise IllegalActionError(f"{player} already plays two spots (R-WAGER-04)")
        bettors = {w.player for w in self.spot_wagers(spot)} | {player}
        if len(bettors) > t.max_players_per_spot:
            raise IllegalActionError(
                f"spot {spot} takes at most {t.max_players_per_spot} bettor(s)"
            )

    def _verify_combined(self, player: str, spot: str, cents: int) -> None:
        """NJ Summary, AMB-53: the Supreme Pai Gow wager and the bonus wager together at most
        the posted maximum (the profile's ``supreme_combined_max_cents``; 0: no such limit)."""
        cap = self.profile.side_bets.supreme_combined_max_cents
        mine = sum(
            w.cents
            for w in self.wagers
            if w.player == player and w.spot == spot and w.kind in ("main", "supreme-bonus")
        )
        if cap and mine + cents > cap:
            raise IllegalActionError(
                f"{player}'s wagers on spot {spot} would total {dollars(mine + cents)}, over "
                f"the posted maximum {dollars(cap)} for the main and bonus wagers together"
            )

    def _verify_side(self, player: str, spot: str, cents: int, kind: str) -> None:
        if kind == "supreme-bonus":
            self._verify_bonus(player, spot, cents)
            return
        self._verify_side_offered(kind)
        as_cents(cents, "a wager", positive=True)
        self._verify_side_place(player, spot, kind)
        self._verify_side_amount(player, cents, kind)

    def _verify_side_amount(self, player: str, cents: int, kind: str) -> None:
        """The checks of a side wager's amount (whole cents checked): the table limits, the
        chips."""
        t = self.profile.table
        if not t.min_wager <= cents <= t.max_wager:
            raise IllegalActionError(
                f"{dollars(cents)} is outside the table limits "
                f"{dollars(t.min_wager)}..{dollars(t.max_wager)}"
            )
        if self.ledger.balance(f"player:{player}") < cents:
            raise IllegalActionError(f"{player} lacks {dollars(cents)} for the {kind} wager")

    def _verify_side_offered(self, kind: str) -> None:
        """A side wager's kind is known and offered at this table (R-PF-02, R-DE-01)."""
        if kind not in SIDE_KINDS:
            raise IllegalActionError(f"unknown wager kind {kind!r}")
        if kind == "pair-fortunes" and self.options.pair_fortunes is None:
            raise IllegalActionError("Pair Fortunes is not offered at this table")
        if kind != "pair-fortunes" and not self.options.dragons_eye:
            raise IllegalActionError("Dragon's Eye is not offered at this table")

    def _verify_side_place(self, player: str, spot: str, kind: str) -> None:
        """The checks of a side wager that do not depend on its amount: not the bank's, at a
        spot played, on its Pai Gow wager where it needs one, not after a triple (R-DE-10),
        one of a kind per spot (R-PF-02, R-DE-01)."""
        sb = self.profile.side_bets
        if player == self.banker.player:
            raise IllegalActionError(f"{player} may not place a {kind} wager")
        if spot != self.seats[player] and not any(
            w.player == player and w.spot == spot for w in self.spot_wagers(spot)
        ):
            raise IllegalActionError(f"{player} may place a {kind} wager only at a spot played")
        needs_base = (
            sb.pair_fortunes_requires_base
            if kind == "pair-fortunes"
            else not sb.dragons_eye_without_paigow_wager
        )
        if needs_base and not any(w.player == player for w in self.spot_wagers(spot)):
            raise IllegalActionError(
                f"a {kind} wager needs a Pai Gow Tiles wager on spot {spot} first"
            )
        if kind == "dice-bonus" and self.options.after_triple:
            raise IllegalActionError(
                "no new dice bonus wagers in the round after a triple (R-DE-10, AMB-14)"
            )
        if any(w.player == player and w.spot == spot and w.kind == kind for w in self.wagers):
            raise IllegalActionError(f"{player} already has a {kind} wager on spot {spot}")

    def _verify_bonus(self, player: str, spot: str, cents: int) -> None:
        """R-SPG-15, AMB-53/54: with a main wager on the spot, within the bonus limits."""
        self._verify_bonus_offered()
        as_cents(cents, "a bonus wager", positive=True)
        self._verify_bonus_limits(cents)
        self._verify_bonus_place(player, spot)
        self._verify_bonus_rest(player, spot, cents)

    def _verify_bonus_limits(self, cents: int) -> None:
        """A bonus wager within its limits (AMB-53)."""
        sb = self.profile.side_bets
        if not sb.supreme_bonus_min_cents <= cents <= sb.supreme_bonus_max_cents:
            raise IllegalActionError(
                f"a bonus wager is {dollars(sb.supreme_bonus_min_cents)}.."
                f"{dollars(sb.supreme_bonus_max_cents)}, got {dollars(cents)}"
            )

    def _verify_bonus_rest(self, player: str, spot: str, cents: int) -> None:
        """The checks of a bonus wager's amount after its place's: the combined maximum, the
        chips."""
        self._verify_combined(player, spot, cents)
        if self.ledger.balance(f"player:{player}") < cents:
            raise IllegalActionError(f"{player} lacks {dollars(cents)} for the bonus wager")

    def _verify_bonus_amount(self, player: str, spot: str, cents: int) -> None:
        """The checks of a bonus wager's amount (its place checked)."""
        as_cents(cents, "a bonus wager", positive=True)
        self._verify_bonus_limits(cents)
        self._verify_bonus_rest(player, spot, cents)

    def _verify_bonus_offered(self) -> None:
        """The profile has a bonus wager (R-SPG-15)."""
        if not self.profile.side_bets.supreme_bonus:
            raise IllegalActionError(f"{self.profile.name} has no bonus wager")

    def _verify_bonus_place(self, player: str, spot: str) -> None:
        """The checks of a bonus wager that do not depend on its amount (AMB-54)."""
        if not any(w.player == player for w in self.spot_wagers(spot)):
            raise IllegalActionError("a bonus wager needs a Supreme Pai Gow wager first (AMB-54)")
        if any(
            w.player == player and w.spot == spot and w.kind == "supreme-bonus" for w in self.wagers
        ):
            raise IllegalActionError(f"{player} already has a bonus wager on spot {spot}")

    def can_wager_on(self, player: str, spot: str, kind: str = "main") -> bool:
        """False when :meth:`verify_wager` refuses ``player`` every amount of a ``kind`` wager
        on ``spot``: one of its checks that do not depend on the amount fails (R-WAGER-04/05,
        R-BANK-08, R-PF-02, R-DE-01/10, AMB-54). True says only that some amount may be
        accepted (:meth:`can_wager` decides each)."""
        try:
            self._verify_bettor(player, spot, kind)
            if kind == "main":
                self._verify_main_place(player, spot)
            elif kind == "supreme-bonus":
                self._verify_bonus_offered()
                self._verify_bonus_place(player, spot)
            else:
                self._verify_side_offered(kind)
                self._verify_side_place(player, spot, kind)
        except IllegalActionError:
            return False
        return True

    def wager_amounts(
        self, player: str, spot: str, kind: str = "main"
    ) -> Callable[[int], bool] | None:
        """None when :meth:`can_wager_on` refuses ``player`` a ``kind`` wager on ``spot``;
        otherwise a test of an amount that answers :meth:`can_wager` of it while the round
        does not change: the checks of :meth:`verify_wager` that depend on the amount, those
        of the place having passed (each amount of a search checked without checking the
        place again)."""
        if not self.can_wager_on(player, spot, kind):
            return None

        def amount(cents: int) -> None:
            if kind == "main":
                as_cents(cents, "a wager", positive=True)
                self._verify_main_amount(player, spot, cents)
            elif kind == "supreme-bonus":
                self._verify_bonus_amount(player, spot, cents)
            else:
                as_cents(cents, "a wager", positive=True)
                self._verify_side_amount(player, cents, kind)

        def accepts(cents: int) -> bool:
            try:
                amount(cents)
            except IllegalActionError:
                return False
            return True

        return accepts

    def can_wager(self, player: str, spot: str, cents: int, kind: str = "main") -> bool:
        """True when :meth:`wager` would be accepted."""
        try:
            self.verify_wager(player, spot, cents, kind)
        except IllegalActionError:
            return False
        return True

    @action
    def wager(self, player: str, spot: str, cents: int, kind: str = "main") -> Operation:
        """Place a wager (chips move from the player to the layout; collection in advance)."""
        self.verify_wager(player, spot, cents, kind)
        fee = self._collection_fee(cents) if kind == "main" else 0
        return self._place(player, spot, cents, kind, derived=False, fee=fee)

    def _place(
        self, player: str, spot: str, cents: int, kind: str, *, derived: bool, fee: int
    ) -> Operation:
        ref = f"w{self._next_ref}"
        self._next_ref += 1
        if fee:
            self.ledger.move(f"player:{player}", "house", fee, "collection", ref)
        self.ledger.move(f"player:{player}", "layout", cents, "wager", ref)
        self.wagers.append(Wager(ref, player, spot, cents, kind))
        return self._op(
            "wager",
            f"player:{player}",
            ref=ref,
            player=player,
            spot=spot,
            cents=cents,
            kind=kind,
            derived=derived,
        )

    @action
    def remove_wager(self, ref: str) -> Operation:
        """Take a wager back before "no more bets" (R-WAGER-03); collection is not refunded
        (AMB-73)."""
        self._need("wagers")
        as_text(ref, "a wager ref")
        w = next((w for w in self.wagers if w.ref == ref), None)
        if w is None:
            raise IllegalActionError(f"no wager {ref!r} on the layout")
        gone = [w]
        if w.kind == "main" and not any(
            o.player == w.player and o.spot == w.spot and o.kind == "main" and o is not w
            for o in self.wagers
        ):  # side wagers that needed this Pai Gow wager go with it (R-PF-02, R-DE-01)
            gone += [
                o
                for o in self.wagers
                if o.player == w.player
                and o.spot == w.spot
                and o.kind != "main"
                and self._needs_base(o.kind)
            ]
        for g in gone:
            self.ledger.move("layout", f"player:{g.player}", g.cents, "wager removed", g.ref)
            self.wagers.remove(g)
        return self._op(
            "remove_wager", f"player:{w.player}", ref=ref, also=[g.ref for g in gone[1:]]
        )

    def _needs_base(self, kind: str) -> bool:
        sb = self.profile.side_bets
        if kind == "pair-fortunes":
            return sb.pair_fortunes_requires_base
        if kind == "supreme-bonus":
            return True
        return not sb.dragons_eye_without_paigow_wager

    def verify_dealer_wager(self, cents: int) -> None:
        """Checks of R-BANK-10 and R-BANK-06 for the dealer's wager against a player bank."""
        self._need("wagers")
        if self.banker.kind != "player" or not self.profile.banking.dealer_wager:
            raise IllegalActionError("the dealer wagers only against a player bank (R-BANK-10)")
        as_cents(cents, "the dealer's wager")
        limit = self.dealer_wager_limit or 0
        if cents > limit:
            basis = (
                "the profile's approved amount"
                if self.profile.banking.dealer_wager_basis == "fixed"
                else f"{self.banker.player}'s last wager against the dealer"
            )
            raise IllegalActionError(
                f"the dealer's wager is at most {dollars(limit)} ({basis}); the bank may direct "
                f"only a lesser amount, not {dollars(cents)} (R-BANK-10)"
            )
        if self.profile.banking.bank_must_cover_all:
            on_layout = sum(w.cents for w in self.wagers if w.kind == "main")
            if on_layout + cents > self._bank_cover():
                raise IllegalActionError(
                    f"the bank ({self.banker.player}) has {dollars(self._bank_cover())} and "
                    f"cannot cover {dollars(on_layout + cents)} in wagers with this dealer's "
                    "wager (R-BANK-06)"
                )

    def can_dealer_wager(self, cents: int) -> bool:
        """True when :meth:`place_dealer_wager` would be accepted."""
        try:
            self.verify_dealer_wager(cents)
        except IllegalActionError:
            return False
        return True

    @action
    def place_dealer_wager(self, cents: int) -> Operation:
        """R-BANK-10: the dealer's wager against a player bank, from the tray: the bank's last
        wager against the dealer, or the profile's approved amount (:attr:`dealer_wager_limit`);
        the bank may direct a lesser amount, or none (0)."""
        self.verify_dealer_wager(cents)
        if self.dealer_wager:
            self.ledger.move("layout", "house", self.dealer_wager, "dealer wager changed", "dealer")
        self.dealer_wager = cents
        self.ledger.move("house", "layout", cents, "dealer wager", "dealer")
        return self._op("dealer_wager", "dealer", cents=cents)

    def verify_pd_wager(self, cents: int) -> int:
        """Checks of R-LC-08/09 for the Player-Dealer's stake; the collection it pays."""
        self._need("wagers")
        if self.banker.kind != "player-dealer" or self.banker.player is None:
            raise IllegalActionError("only a Player-Dealer places a bank stake")
        if isinstance(cents, int) and not isinstance(cents, bool) and cents <= 0:
            raise IllegalActionError(f"the Player-Dealer's stake must be positive, got {cents}")
        as_cents(cents, "the Player-Dealer's stake", positive=True)
        if self.pd_stake:
            raise IllegalActionError("the Player-Dealer's stake is already placed")
        t = self.profile.table
        if cents < t.min_wager and not t.under_min_gets_action:
            raise IllegalActionError(
                f"the Player-Dealer's stake of {dollars(cents)} is under the table minimum "
                f"{dollars(t.min_wager)} (¶18, ¶22)"
            )
        fee = self._collection_fee(cents)
        if self.ledger.balance(f"player:{self.banker.player}") < cents + fee:
            raise IllegalActionError(f"{self.banker.player} lacks {dollars(cents + fee)}")
        return fee

    def can_pd_wager(self, cents: int) -> bool:
        """True when :meth:`place_pd_wager` would be accepted."""
        try:
            self.verify_pd_wager(cents)
        except IllegalActionError:
            return False
        return True

    @action
    def place_pd_wager(self, cents: int) -> Operation:
        """R-LC-09: the Player-Dealer's stake, which limits the action; at least the table
        minimum, with collection in advance (¶20, AMB-73)."""
        fee = self.verify_pd_wager(cents)
        who = f"player:{self.banker.player}"
        if fee:
            self.ledger.move(who, "house", fee, "collection", "pd")
        self.ledger.move(who, "bank", cents, "player-dealer stake", "pd")
        self.pd_stake = cents
        return self._op("pd_wager", f"player:{self.banker.player}", cents=cents)
