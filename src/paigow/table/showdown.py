"""Setting the hands, the bank's hand, surrender, exposure and settlement (R-SET, R-HW-02,
R-SURR, R-SETTLE, R-BANK-12..15, R-LC-09..12)."""

from __future__ import annotations

from typing import Any

from paigow.errors import IllegalActionError, InvalidSettingError
from paigow.games import hand_pieces

from .atomic import action
from .inputs import as_name, as_text
from .ops import Operation
from .settle import exposure_order, settle_round
from .state import RoundState

__all__ = ["Showdown"]


def _hands(s: Any) -> dict[str, list[str]]:
    return {
        "high": [str(t) for t in hand_pieces(s.high)],
        "low": [str(t) for t in hand_pieces(s.low)],
    }


class Showdown(RoundState):
    """The actions from the setting of the hands to settlement."""

    # ----------------------------------------------------------------- setting
    def _validate(self, spot: str, high: Any, low: Any) -> Any:
        s = self.game.setting(self.game.parse(high), self.game.parse(low))
        if sorted(map(str, self.game.pieces(s))) != sorted(map(str, self.dealt[spot])):
            dealt = " ".join(str(t) for t in self.dealt[spot])
            raise InvalidSettingError(
                f"setting {s} is not made of the tiles dealt to {spot} ({dealt})"
            )
        order = self.profile.ranking.setting_order
        if order == "reject" and s.high.strength < s.low.strength:
            raise InvalidSettingError(
                f"high hand {s.high} ranks below low hand {s.low} (R-SET-01, AMB-27)"
            )
        return s

    def _may_set(self, spot: str) -> None:
        """A spot in play, not yet set, and set in turn: a player with two spots sets the one
        with the larger wager first; equal wagers counterclockwise (R-SET-07)."""
        self._need("setting")
        as_text(spot, "a spot")
        if not self.in_play(spot):
            raise IllegalActionError(f"spot {spot} holds no hand in play")
        if spot in self.settings:
            raise IllegalActionError(f"spot {spot} is already set; set hands cannot change")
        turns = self.setting_turns()  # a spot in play and not set is one of them
        player = dict(turns)[spot]
        for other, who in turns:
            if other == spot:
                break
            if who == player:
                mine, theirs = self.stake_on(spot, player), self.stake_on(other, player)
                why = (
                    "the larger wager is set first"
                    if theirs > mine
                    else "equal wagers are set counterclockwise"
                )
                raise IllegalActionError(
                    f"{player} sets spot {other} before spot {spot}: {why} (R-SET-07)"
                )

    def verify_set(self, player: str, spot: str, high: Any, low: Any) -> Any:
        """Checks of R-SET-01..08 for a player's setting."""
        as_name(player)
        self._may_set(spot)
        if self.controller(spot) != player:
            raise IllegalActionError(
                f"{player} may not set spot {spot}; {self.controller(spot)} sets it (R-SET-08)"
            )
        return self._validate(spot, high, low)

    @action
    def set_hand(self, player: str, spot: str, high: Any, low: Any) -> Operation:
        """A player sets the tiles of a spot (R-SET-01..03, R-SET-07/08)."""
        s = self.verify_set(player, spot, high, low)
        self.settings[spot] = s
        self.set_by[spot] = player
        self._maybe_bank_phase()
        return self._op("set", f"player:{player}", spot=spot, by=player, **_hands(s))

    def can_set(self, spot: str) -> bool:
        """True when ``spot`` may be set now, by its player or by the house way on request
        (in play, not set, and in turn: R-SET-07)."""
        try:
            self._may_set(spot)
        except IllegalActionError:
            return False
        return True

    @action
    def set_house_way(self, spot: str) -> Operation:
        """The dealer sets a spot by the house way on request (R-SET-04, R-LC-11)."""
        self._may_set(spot)
        s = self.house_way.set(self.dealt[spot])
        self.settings[spot] = s
        self.set_by[spot] = "house way"
        self._maybe_bank_phase()
        return self._op("house_way", "dealer", spot=spot, **_hands(s))

    # ----------------------------------------------------------------- bank
    @action
    def set_bank(self, high: Any = None, low: Any = None) -> Operation:
        """The dealer or bank sets the banker's hand after the players (R-SET-05/06).

        The house dealer and a co-bank (set by the dealer, R-BANK-09) use the house way; a
        dealer setting other than the house way is reset to it (R-HW-02). A player bank or a
        Player-Dealer sets its own hand (given as ``high``/``low``); without one, the house way
        is used on request. A bank bound to the house way (Maryland, Ch.10 §F) or a bank's foul
        (R-BANK-15) is reset by it. The dealer's own hand against a player bank is set by house
        way.
        """
        self._need("bank")
        spot = self.bank_spot
        hw = self.house_way.set(self.dealt[spot])
        own = self.banker.kind in ("player", "player-dealer")
        if high is None and low is None:
            s, by = hw, "house way"
        else:
            s = self._validate(spot, high, low)
            by = "bank" if own else "dealer"
        op = self._op("bank_set", "bank" if own else "dealer", by=by, **_hands(s))
        reset = (
            (not own or self.profile.banking.bank_hand_by_house_way) and s.key() != hw.key()
        ) or self.game.is_foul(s)  # R-BANK-15 / R-SPG-21: a bank's foul is reset
        if reset and self.profile.irregularities.dealer_mis_set_reset:
            s = hw
            self._op("reset_to_house_way", "dealer", derived=True, **_hands(s))
        self.bank_setting = s
        if self.banker.kind == "player" and self.dealer_wager:
            self.dealer_setting = self.house_way.set(self.dealt["dealer"])
        self.phase = "surrender"
        return op

    # ----------------------------------------------------------------- surrender, exposure
    def verify_surrender(self, spot: str) -> None:
        """R-SURR-01: after the dealer's hands are set, before either hand of that player is
        exposed (R-SETTLE-01)."""
        self._need("surrender")
        as_text(spot, "a spot")
        if not self.profile.table.surrender:
            raise IllegalActionError(f"{self.profile.name} does not allow surrender (R-SURR-02)")
        if spot not in self.settings or spot in self.surrendered or not self.in_play(spot):
            raise IllegalActionError(f"spot {spot} has no hand that can surrender")
        if spot in self.shown:
            raise IllegalActionError(
                f"spot {spot}'s hands are exposed: surrender comes before exposure (R-SURR-01)"
            )

    def can_surrender(self, spot: str) -> bool:
        """True when :meth:`surrender` would be accepted."""
        try:
            self.verify_surrender(spot)
        except IllegalActionError:
            return False
        return True

    @action
    def surrender(self, spot: str) -> Operation:
        """R-SURR-01: the whole wager of ``spot`` lost, its hands not played
        (:meth:`verify_surrender`)."""
        self.verify_surrender(spot)
        self.surrendered.add(spot)
        return self._op("surrender", f"player:{self.controller(spot)}", spot=spot)

    def exposure_queue(self) -> list[str]:
        """The spots still to be exposed, in the order the dealer exposes them."""
        return [
            p
            for p in exposure_order(self)
            if p not in self.shown and p not in self.surrendered and self.in_play(p)
        ]

    @action
    def expose_hand(self, spot: str) -> Operation:
        """The dealer exposes the next player's hands (R-SETTLE-01: from the dealer's right,
        counterclockwise; Lucky Chances from the ACTION seat, R-LC-07). Exposed hands can no
        longer surrender."""
        self._need("surrender")
        as_text(spot, "a spot")
        queue = self.exposure_queue()
        if not queue:
            raise IllegalActionError("every hand in play is exposed")
        if spot != queue[0]:
            raise IllegalActionError(f"the next hand exposed is spot {queue[0]}, not {spot!r}")
        self.shown.append(spot)
        return self._op("expose_hand", "dealer", spot=spot)

    # ----------------------------------------------------------------- settle
    @action
    def settle(self) -> Operation:
        """Expose, compare and pay (R-SETTLE, R-BANK-12..14, R-LC-09)."""
        self._need("surrender")
        results, transfers = settle_round(self)
        self.ledger.apply(transfers)
        self.results.update(results)
        self.phase = "done"
        return self._op("settle", "dealer", results=results)
