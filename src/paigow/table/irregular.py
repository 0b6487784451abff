"""Irregularities: exposed tiles and cards, a tile off the table, an abandoned wager, the stub
count, fouled and removed bets, and voiding the round (R-SHUF-05, R-IRR, R-LC-16, R-SPG-11,
LC ¶48-50)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paigow.errors import IllegalActionError

from .atomic import action
from .inputs import as_count, as_flag, as_name, as_text
from .ops import Operation
from .settle import settle_bonus
from .state import RoundState

__all__ = ["KEY_TILES", "Irregularities"]

KEY_TILES = frozenset({"1-1", "6-6", "1-2", "2-4"})  # LC ¶39: a 2, a 12, LOW 3, LOW 6


class Irregularities(RoundState):
    """The irregularity actions of a round."""

    @property
    def _lc_exposures(self) -> bool:
        return self.profile.irregularities.stacking_exposure == "reshuffle-key-or-two"

    @action
    def expose_while_stacking(self, tiles: Sequence[Any] | str) -> Operation:
        """A tile (or tiles) turned over while stacking (R-SHUF-05, R-LC-16): reshuffle when
        the profile says so; the round returns to the shuffle. In Lucky Chances exposures
        accumulate: a second exposed tile, reported now or before, means a reshuffle. A tile
        named is the first copy in the stacks not reported yet."""
        self._need("cut", "wagers")
        last = next((o for o in reversed(self.log) if not o.data.get("derived")), None)
        if last is None or last.kind not in ("shuffle", "expose_stacking"):
            raise IllegalActionError("exposure while stacking is reported right after stacking")
        ts = [str(t) for t in self.game.parse(tiles)]
        if not ts:
            raise IllegalActionError("name the tile or tiles exposed")
        marked = list(self.marked)
        for t in ts:  # the first copy in the stacks not reported yet
            slot = next(
                (i for i, p in enumerate(self.order) if str(p) == t and i not in marked), None
            )
            if slot is None:
                raise IllegalActionError(f"{t} is not in the stacks, or both copies are reported")
            marked.append(slot)
        shown = [str(self.order[i]) for i in marked]
        reshuffle = (
            self.profile.irregularities.stacking_exposure == "reshuffle-any"
            or len(marked) >= 2
            or bool(set(shown) & KEY_TILES)
        )
        if reshuffle:
            self.phase = "shuffle"
            self.order = []
            self.marked = []
        else:
            self.marked = sorted(marked)
        return self._op("expose_stacking", "dealer", tiles=ts, reshuffle=reshuffle)

    @action
    def expose_dealt(self, position: str, count: int = 1) -> Operation:
        """``count`` tiles dealt to ``position`` exposed by the dealer (R-IRR, R-LC-16).

        Player hands: the player may void (:meth:`void_hand`); in Lucky Chances one tile must
        be accepted and two or more exposed tiles of one hand, reported together, one at a time
        or while stacking, make the hand dead with the bet returned. The dealer's, bank's or a
        collected hand: all hands void (LC: two or more of the PD's).
        """
        self._need("setting")
        as_text(position, "a position")
        as_count(count, "the tiles exposed", low=1, high=4)
        if position not in self.dealt:
            raise IllegalActionError(f"nothing dealt to {position!r} to expose")
        total = self.exposed.get(position, 0) + count
        if total > 4:
            raise IllegalActionError(f"{position} holds four tiles; {total} cannot be exposed")
        self.exposed[position] = total
        op = self._op("expose_dealt", "dealer", position=position, count=count)
        lc = self._lc_exposures
        if position == self.bank_spot or position in self.collected or position == "dealer":
            if not lc or total >= 2:
                bank_hand = position in (self.bank_spot, "dealer")
                self.void(
                    f"tile exposed in the {position} hand",
                    derived=True,
                    keep_bonus=bank_hand and self.game.exposed_bank_hand_keeps_bonus,
                )
        elif lc and total >= 2 and position not in self.voided_spots:
            self._return_spot(position, "hand dead: tiles exposed")
            self._op("hand_dead", "dealer", position=position, derived=True)
        return op

    def verify_void_hand(self, spot: str) -> None:
        """A player may void a hand whose tile was exposed (R-IRR-CO-5, MD-4), before setting
        it and at most once."""
        self._need("setting")
        as_text(spot, "a spot")
        if not self.exposed.get(spot):
            raise IllegalActionError(f"spot {spot} had no tile exposed; it cannot be voided")
        if self._lc_exposures:
            raise IllegalActionError("in Lucky Chances one exposed tile must be accepted")
        if spot in self.voided_spots:
            raise IllegalActionError(f"spot {spot} is already void")
        if spot in self.settings:
            raise IllegalActionError(f"spot {spot} is set: the hand is played out")

    def can_void_hand(self, spot: str) -> bool:
        """True when :meth:`void_hand` would be accepted."""
        try:
            self.verify_void_hand(spot)
        except IllegalActionError:
            return False
        return True

    @action
    def void_hand(self, spot: str) -> Operation:
        """The player voids a hand whose tile was exposed (:meth:`verify_void_hand`)."""
        self.verify_void_hand(spot)
        self._return_spot(spot, "player voided the hand")
        return self._op("void_hand", "player", spot=spot)

    @action
    def tile_off_table(self, position: str) -> Operation:
        """A tile leaves the table (R-IRR-CO-8): a player's hand is dead and its wagers lost;
        the dealer's or bank's: all hands void."""
        self._need("setting", "bank", "surrender")
        as_text(position, "a position")
        if not self.profile.irregularities.player_tile_off_table_loses:
            raise IllegalActionError(f"{self.profile.name} has no tile-off-table rule")
        bank = position in (self.bank_spot, "dealer") and position in self.dealt
        if not bank and not self.in_play(position):
            raise IllegalActionError(f"no played hand at {position!r}")
        op = self._op("tile_off_table", "dealer", position=position)
        if bank:
            self.void("a tile of the dealer's or bank's hand left the table", derived=True)
        else:
            self.dead_spots.add(position)
            self._maybe_bank_phase()
        return op

    @action
    def abandon(self, player: str) -> Operation:
        """A player leaves during the round: wagers treated as losing (R-IRR-MD-7)."""
        self._need("setting", "bank", "surrender")
        as_name(player)
        if not self.profile.irregularities.abandoned_wager_loses:
            raise IllegalActionError(f"{self.profile.name} has no abandoned-wager rule")
        if player not in self.seats or player == self.banker.player:
            raise IllegalActionError(f"{player!r} cannot abandon here")
        if player in self.abandoned:
            raise IllegalActionError(f"{player} has already left")
        self.abandoned.add(player)
        return self._op("abandon", "dealer", player=player)

    @action
    def foul(self, spot: str) -> Operation:
        """LC ¶48: tiles switched, passed or held out foul the hand; its wagers are forfeited to
        the extent the Player-Dealer's action covers."""
        self._need("setting", "bank", "surrender")
        as_text(spot, "a spot")
        if not self.profile.irregularities.fouled_hand_forfeits:
            raise IllegalActionError(f"{self.profile.name} has no fouled-hand rule")
        if not self.in_play(spot) or spot in self.fouled:
            raise IllegalActionError(f"spot {spot} has no hand in play to foul")
        self.fouled.add(spot)
        self._maybe_bank_phase()
        return self._op("foul", "dealer", spot=spot)

    @action
    def remove_bet(self, ref: str, known: bool) -> Operation:
        """LC ¶49/¶50: a player takes a bet off the layout during play. It still settles: at
        its amount when ``known``; otherwise a losing bet pays the table maximum and a winning
        one is paid the table minimum, to the extent the money covers."""
        self._need("setting", "bank", "surrender")
        as_text(ref, "a wager ref")
        as_flag(known, "known")
        if not self.profile.irregularities.removed_bet_rule:
            raise IllegalActionError(f"{self.profile.name} has no removed-bet rule")
        w = next((w for w in self.wagers if w.ref == ref), None)
        if w is None or w.kind != "main" or not self.in_play(w.spot):
            raise IllegalActionError(f"no wager {ref!r} in play")
        if ref in self.removed:
            raise IllegalActionError(f"wager {ref} is already off the layout")
        self.removed[ref] = known
        self.ledger.move("layout", f"player:{w.player}", w.cents, "bet removed", ref)
        return self._op("bet_removed", f"player:{w.player}", ref=ref, known=known)

    @action
    def stub_count(self, cards: int) -> Operation:
        """R-SPG-11 / R-IRR-NJ-p: the stub counted face down after the deal; with the 28 cards
        dealt it must make 54 (AMB-50), otherwise all hands are void."""
        self._need("setting", "bank", "surrender")
        as_count(cards, "the stub count", low=0, high=54)
        if not self.game.counts_stub:
            raise IllegalActionError("stub counts are for the card game")
        discarded = len(self.game.full_set) - len(self.order)
        expected = len(self.order) - 28
        op = self._op("stub_count", "dealer", cards=cards, expected=expected)
        if cards + 28 + discarded != 54:
            self.void(f"stub count {cards}: cards missing or extra (R-IRR-NJ-p)", derived=True)
        return op

    @action
    def face_up_in_shoe(self, card: Any) -> Operation:
        """R-IRR-NJ-f: a card found face up in the shoe is not used (it goes to the discard
        rack); a second one voids all hands."""
        self._need("deal")
        if not self.game.face_up_in_shoe(self.style):
            raise IllegalActionError("a face-up card in the shoe concerns a manual shoe")
        found = self.game.parse([card] if not isinstance(card, str) else card)
        if len(found) != 1:
            raise IllegalActionError(f"name the one card found face up, got {card!r}")
        c = found[0]
        if c not in self.order:
            raise IllegalActionError(f"{c} is not in the shoe")
        again = any(o.kind == "face_up_in_shoe" for o in self.log)
        gone = self.order.index(c)
        self.order = self.order[:gone] + self.order[gone + 1 :]
        self.marked = [i - (i > gone) for i in self.marked if i != gone]
        op = self._op("face_up_in_shoe", "dealer", card=str(c))
        if again:
            self.void("more than one card face up in the shoe (R-IRR-NJ-f)", derived=True)
        return op

    @action
    def void(self, reason: str, *, derived: bool = False, keep_bonus: bool = False) -> Operation:
        """All hands void: every wager and stake returned (R-IRR; M-37).

        ``derived`` marks a void caused by another recorded operation (replay skips it).
        """
        as_text(reason, "the reason")
        as_flag(derived, "derived")
        as_flag(keep_bonus, "keep_bonus")
        if self.phase == "done":
            raise IllegalActionError("the round is already settled")
        if keep_bonus and self.dealt:  # R-SPG-19 / AMB-56: a dealer or bank card exposed
            self.ledger.apply(settle_bonus(self, self.results))
        for w in self.wagers:
            if w.spot in self.voided_spots or w.ref in self.results or w.ref in self.removed:
                continue
            self.ledger.move("layout", f"player:{w.player}", w.cents, "void", w.ref)
        if self.dealer_wager:
            self.ledger.move("layout", "house", self.dealer_wager, "void", "dealer")
        if self.pd_stake:
            self.ledger.move("bank", f"player:{self.banker.player}", self.pd_stake, "void", "pd")
        self.void_reason = reason
        self.phase = "done"
        return self._op("void", "dealer", reason=reason, derived=derived, keep_bonus=keep_bonus)
