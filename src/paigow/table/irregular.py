"""Irregularities: exposed tiles and cards, a tile off the table, an abandoned wager, the stub
count, and voiding the round (R-SHUF-05, R-IRR, R-LC-16, R-SPG-11)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paigow.errors import IllegalActionError

from .ops import Operation
from .state import RoundState

__all__ = ["KEY_TILES", "Irregularities"]

KEY_TILES = frozenset({"1-1", "6-6", "1-2", "2-4"})  # LC ¶39: a 2, a 12, LOW 3, LOW 6


class Irregularities(RoundState):
    """The irregularity actions of a round."""

    def expose_while_stacking(self, tiles: Sequence[Any] | str) -> Operation:
        """A tile (or tiles) turned over while stacking (R-SHUF-05, R-LC-16): reshuffle when
        the profile says so; the round returns to the shuffle."""
        self._need("cut", "wagers")
        last = next((o for o in reversed(self.log) if not o.data.get("derived")), None)
        if last is None or last.kind != "shuffle":
            raise IllegalActionError("exposure while stacking is reported right after stacking")
        ts = self.game.parse(tiles)
        rule = self.profile.irregularities.stacking_exposure
        reshuffle = (
            rule == "reshuffle-any" or len(ts) >= 2 or bool({str(t) for t in ts} & KEY_TILES)
        )
        if reshuffle:
            self.phase = "shuffle"
            self.order = []
        return self._op(
            "expose_stacking", "dealer", tiles=[str(t) for t in ts], reshuffle=reshuffle
        )

    def expose_dealt(self, position: str, count: int = 1) -> Operation:
        """A tile dealt to ``position`` exposed by the dealer (R-IRR, R-LC-16).

        Player hands: the player may void (:meth:`void_hand`); in Lucky Chances one tile must
        be accepted and two or more make the hand dead with the bet returned. The dealer's,
        bank's or a collected hand: all hands void (LC: two or more of the PD's).
        """
        self._need("setting")
        if position not in self.dealt or count < 1:
            raise IllegalActionError(f"nothing dealt to {position!r} to expose")
        op = self._op("expose_dealt", "dealer", position=position, count=count)
        lc = self.profile.irregularities.stacking_exposure == "reshuffle-key-or-two"
        if position == self.bank_spot or position in self.collected or position == "dealer":
            if not lc or count >= 2:
                bank_hand = position in (self.bank_spot, "dealer")
                self.void(
                    f"tile exposed in the {position} hand",
                    derived=True,
                    keep_bonus=bank_hand and self.game.name == "cards",
                )
        elif lc and count >= 2:
            self._return_spot(position, "hand dead: tiles exposed")
        return op

    def void_hand(self, spot: str) -> Operation:
        """The player elects to void a hand whose tile was exposed (R-IRR-CO-5, MD-4)."""
        self._need("setting")
        exposed = any(o.kind == "expose_dealt" and o.data["position"] == spot for o in self.log)
        if not exposed:
            raise IllegalActionError(f"spot {spot} had no tile exposed; it cannot be voided")
        if self.profile.irregularities.stacking_exposure == "reshuffle-key-or-two":
            raise IllegalActionError("in Lucky Chances one exposed tile must be accepted")
        self._return_spot(spot, "player voided the hand")
        return self._op("void_hand", "player", spot=spot)

    def tile_off_table(self, position: str) -> Operation:
        """A tile leaves the table (R-IRR-CO-8): a player's hand is dead and its wagers lost;
        the dealer's or bank's: all hands void."""
        self._need("setting", "bank", "surrender")
        if not self.profile.irregularities.player_tile_off_table_loses:
            raise IllegalActionError(f"{self.profile.name} has no tile-off-table rule")
        op = self._op("tile_off_table", "dealer", position=position)
        if position in (self.bank_spot, "dealer"):
            self.void("a tile of the dealer's or bank's hand left the table", derived=True)
        elif position in self.wagered_spots():
            self.dead_spots.add(position)
            if self.phase == "setting":
                self._maybe_bank_phase()
        else:
            raise IllegalActionError(f"no played hand at {position!r}")
        return op

    def abandon(self, player: str) -> Operation:
        """A player leaves during the round: wagers treated as losing (R-IRR-MD-7)."""
        self._need("setting", "bank", "surrender")
        if not self.profile.irregularities.abandoned_wager_loses:
            raise IllegalActionError(f"{self.profile.name} has no abandoned-wager rule")
        if player not in self.seats or player == self.banker.player:
            raise IllegalActionError(f"{player!r} cannot abandon here")
        self.abandoned.add(player)
        return self._op("abandon", "dealer", player=player)

    def stub_count(self, cards: int) -> Operation:
        """R-SPG-11 / R-IRR-NJ-p: the stub counted face down after the deal; with the 28 cards
        dealt it must make 54 (AMB-50), otherwise all hands are void."""
        self._need("setting", "bank", "surrender")
        if self.game.name != "cards":
            raise IllegalActionError("stub counts are for the card game")
        discarded = len(self.game.full_set) - len(self.order)
        expected = len(self.order) - 28
        op = self._op("stub_count", "dealer", cards=cards, expected=expected)
        if cards + 28 + discarded != 54:
            self.void(f"stub count {cards}: cards missing or extra (R-IRR-NJ-p)", derived=True)
        return op

    def face_up_in_shoe(self, card: Any) -> Operation:
        """R-IRR-NJ-f: a card found face up in the shoe is not used (it goes to the discard
        rack); a second one voids all hands."""
        self._need("deal")
        if self.game.name != "cards" or self.style != "manual-shoe":
            raise IllegalActionError("a face-up card in the shoe concerns a manual shoe")
        c = self.game.parse(card)[0] if isinstance(card, str) else card
        if c not in self.order:
            raise IllegalActionError(f"{c} is not in the shoe")
        again = any(o.kind == "face_up_in_shoe" for o in self.log)
        self.order = self.order[: self.order.index(c)] + self.order[self.order.index(c) + 1 :]
        op = self._op("face_up_in_shoe", "dealer", card=str(c))
        if again:
            self.void("more than one card face up in the shoe (R-IRR-NJ-f)", derived=True)
        return op

    def void(self, reason: str, *, derived: bool = False, keep_bonus: bool = False) -> Operation:
        """All hands void: every wager and stake returned (R-IRR; M-37).

        ``derived`` marks a void caused by another recorded operation (replay skips it).
        """
        if self.phase == "done":
            raise IllegalActionError("the round is already settled")
        if keep_bonus and self.dealt:  # R-SPG-19 / AMB-56: a dealer or bank card exposed
            from .settle import settle_bonus

            self.ledger.apply(settle_bonus(self, self.results))  # type: ignore[arg-type]
        for w in self.wagers:
            if w.spot in self.voided_spots or w.ref in self.results:
                continue
            self.ledger.move("layout", f"player:{w.player}", w.cents, "void", w.ref)
        if self.dealer_wager:
            self.ledger.move("layout", "house", self.dealer_wager, "void", "dealer")
        if self.pd_stake:
            self.ledger.move("bank", f"player:{self.banker.player}", self.pd_stake, "void", "pd")
        self.void_reason = reason
        self.phase = "done"
        return self._op("void", "dealer", reason=reason, derived=derived, keep_bonus=keep_bonus)
