"""One round of Pai Gow Tiles as a state machine (R-SHUF .. R-SETTLE, R-BANK, R-LC, R-IRR).

Every action has a check and a doer: ``can_x(...)`` answers yes or no, ``verify_x(...)`` raises
:class:`~paigow.errors.IllegalActionError` with the reason, and ``x(...)`` performs the action
and returns the :class:`~paigow.table.ops.Operation` appended to :attr:`Round.log`. An action
that fails its check changes nothing.

Phases, in order: ``shuffle`` → (``cut``, player-bank rounds) → ``wagers`` → ``style`` →
``shake`` → ``deal`` → ``setting`` → ``bank`` → ``surrender`` → ``done``. A void ends the round
at any point before settlement with every wager returned.

The round is pure: randomness is never drawn here. The dealer's chores that need chance take
their outcome as an argument (the shuffle order, the dice); :mod:`paigow.table.auto` draws them
from an injected RNG, and a live table enters the real tiles and dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from paigow.dealing import count_start
from paigow.errors import IllegalActionError, InvalidSettingError
from paigow.profiles import Profile
from paigow.settings import Setting
from paigow.tiles import Tile

from .games import game_for, hand_pieces
from .irregular import Irregularities
from .ledger import Ledger, Transfer
from .ops import Operation
from .state import Banker, Wager
from .variations import (
    DE_KINDS,
    DicePhase,
    TableOptions,
    de_units,
    dice_phase,
    side_transfers,
)
from .wagers import WagerActions

__all__ = ["Banker", "Round", "Wager"]

PHASES = (
    "shuffle",
    "cut",
    "wagers",
    "style",
    "shake",
    "deal",
    "setting",
    "bank",
    "surrender",
    "done",
)


class Round(WagerActions, Irregularities):
    """One round at one table. Build it, then call the actions in order.

    Args:
        profile: the jurisdiction profile.
        seats: player name -> seat position (``"1"``.. ``"n"``).
        stacks: player name -> chips on the table, in cents.
        banker: who banks (default: the house).
        house_way: the house way of the dealer (default: the profile's).
        collection_free: Lucky Chances: collection waived this hand (R-WAGER-08, ¶61).
    """

    def __init__(
        self,
        profile: Profile,
        seats: Mapping[str, str],
        stacks: Mapping[str, int],
        *,
        banker: Banker | None = None,
        house_way: str | None = None,
        collection_free: bool = False,
        options: TableOptions | None = None,
    ) -> None:
        self.profile = profile
        self.ring = profile.ring
        positions = {str(i) for i in range(1, profile.table.positions + 1)}
        for name, pos in seats.items():
            if pos not in positions:
                raise IllegalActionError(f"seat {pos!r} of {name} is not a betting position")
        if len(set(seats.values())) != len(seats):
            raise IllegalActionError("two players cannot sit in one seat")
        if set(stacks) != set(seats):
            raise IllegalActionError("every seated player needs a stack, and only they")
        self.seats = dict(seats)
        self.banker = banker or (
            Banker() if profile.banking.house_banks else _no_house(profile.name)
        )
        if self.banker.player is not None and seats.get(self.banker.player) != self.banker.position:
            raise IllegalActionError("the banker must be seated at the bank's position")
        if self.banker.kind == "player-dealer" and profile.banking.house_banks:
            raise IllegalActionError(f"{profile.name} has no Player-Dealer")
        if self.banker.kind in ("player", "co-bank") and not profile.banking.player_bank:
            raise IllegalActionError(f"{profile.name} does not offer player banking")
        if self.banker.kind == "co-bank" and not profile.banking.co_bank:
            raise IllegalActionError(f"{profile.name} does not offer co-banking")
        self.options = options or TableOptions()
        self.options.check(profile, player_banked=self.banker.kind != "house")
        self.game = game_for(profile)
        self.house_way = self.game.house_way(house_way or profile.house_way.dealer)
        self.collection_free = collection_free
        self.opening = {f"player:{n}": c for n, c in stacks.items()} | {"house": 0}
        self.ledger = Ledger.opening(self.opening)
        self.log: list[Operation] = []
        self.phase = "shuffle"
        self.order: list[Any] = []
        self.wagers: list[Wager] = []
        self.dealer_wager = 0
        self.pd_stake = 0
        self.style = profile.dealing.default_style
        self.dice: tuple[int, ...] | None = None
        self.rng_number: int | None = None
        self.start: str | None = None
        self.dealt: dict[str, tuple[Any, ...]] = {}
        self.collected: list[str] = []
        self.settings: dict[str, Setting] = {}
        self.set_by: dict[str, str] = {}
        self.bank_setting: Setting | None = None
        self.dealer_setting: Setting | None = None
        self.surrendered: set[str] = set()
        self.voided_spots: set[str] = set()
        self.dead_spots: set[str] = set()
        self.abandoned: set[str] = set()
        self.results: dict[str, dict[str, Any]] = {}
        self.void_reason: str | None = None
        self.dice_phase: DicePhase | None = None
        self.dice_phase_lost: set[str] = set()
        self.retained: list[tuple[str, str, int]] = []
        self._next_ref = 1

    # ----------------------------------------------------------------- shuffle
    def verify_shuffle(self, order: Sequence[Any] | str) -> list[Any]:
        """The order must be a permutation of one full set (R-SHUF-03, R-SPG-08)."""
        self._need("shuffle")
        pieces = self.game.parse(order)
        self.game.check_order(pieces)
        return pieces

    def shuffle(self, order: Sequence[Any] | str) -> Operation:
        """Wash and stack: ``order`` top of ``s1`` first (R-SHUF-03/04); for cards the deck
        from the top (R-SPG-08)."""
        tiles = self.verify_shuffle(order)
        self.order = tiles
        if self.banker.kind in ("player", "co-bank") and self.profile.dealing.bank_may_cut:
            self.phase = "cut"
        else:
            self.phase = "wagers"
        op = self._op("shuffle", "dealer", order=[str(t) for t in tiles])
        if not any(w.kind == "dice-bonus" for w in self.wagers):
            for player, spot, cents in self.options.carried:
                self._place(player, spot, cents, "dice-bonus", derived=True, fee=0)
        return op

    # ----------------------------------------------------------------- cut
    def cut(self, cut: str | None) -> Operation:
        """The bank cuts once (R-CUT-01/02; cards: ``card:N``, R-SPG-09) or declines."""
        self._need("cut")
        if cut is None:
            self.phase = "wagers"
            return self._op("decline_cut", "bank")
        self.order = self.game.cut(self.order, cut)
        self.phase = "wagers"
        return self._op("cut", "bank", cut=cut)

    def no_more_bets(self) -> Operation:
        """R-WAGER-03: betting closes; at least one wager must be on the layout."""
        self._need("wagers")
        if not any(w.kind == "main" for w in self.wagers):
            raise IllegalActionError("no wager on the layout")
        if self.banker.kind == "player-dealer" and not self.pd_stake:
            raise IllegalActionError("the Player-Dealer has not placed a stake")
        self.phase = "style"
        return self._op("no_more_bets", "dealer")

    # ----------------------------------------------------------------- style, dice
    def choose_style(self, style: str, chooser: str = "dealer") -> Operation:
        """R-DEAL-04: a delivery style among the profile's, by who may choose it.

        The default style needs no chooser. Otherwise: the bank in bank rounds (CO, GEN), the
        dealer or the bank (MD, AMB-37), the Player-Dealer (LC ¶33; the dealer may not, ¶28).
        For the card game the "style" is the delivery method of the equipment in use
        (R-SPG-11..13), the operator's choice.
        """
        self._need("style")
        if style not in self.profile.dealing.styles:
            raise IllegalActionError(
                f"style {style!r} is not offered; choose one of {self.profile.dealing.styles}"
            )
        who = self.profile.dealing.chooser
        if style != self.profile.dealing.default_style and self.game.name == "tiles":
            allowed = {
                "bank": chooser == "bank" and self.is_player_banked,
                "dealer-or-bank": chooser == "dealer" or self.is_player_banked,
                "player-dealer": chooser == "bank" and self.banker.kind == "player-dealer",
                "none": False,
            }
            if not allowed.get(who, False):
                raise IllegalActionError(
                    f"the {chooser} may not choose style {style!r} here (R-DEAL-04; chooser: {who})"
                )
        self.style = style
        self.phase = "shake"
        return self._op("style", chooser, style=style, chooser=chooser)

    def no_roll(self, reason: str = "dice not flat") -> Operation:
        """R-START-12: "no roll", the dice are shaken again."""
        self._need("shake")
        return self._op("no_roll", "dealer", reason=reason)

    def button(self, position: str) -> Operation:
        """R-SPG-10(d): the start is the button's position (automated shoe only, AMB-59)."""
        self._need("shake")
        if "button" not in self.profile.start.methods:
            raise IllegalActionError(f"{self.profile.name} does not start by a button")
        if self.style != "automated-shoe":
            raise IllegalActionError("the button is used only with an automated shoe (AMB-59)")
        if self.is_player_banked:
            raise IllegalActionError("bank rounds use dice or the RNG, counted from the bank")
        if position not in self.ring:
            raise IllegalActionError(f"{position!r} is not a position of the ring")
        self.start = position
        self.phase = "deal"
        return self._op("roll", "dealer", dice=None, rng=None, button=position, start=position)

    def roll(self, dice: Sequence[int] | None = None, *, rng: int | None = None) -> Operation:
        """Read the dice (R-START-02) or the RNG number (R-START-07) and find the start."""
        self._need("shake")
        if (dice is None) == (rng is None):
            raise IllegalActionError("give either three dice or one RNG number")
        if dice is not None:
            if len(dice) != 3 or any(not (1 <= d <= 6) for d in dice):
                raise IllegalActionError(f"three dice of 1..6 expected, got {list(dice)}")
            if "dice" not in self.profile.start.methods:
                raise IllegalActionError(f"{self.profile.name} does not use dice")
            total = sum(dice)
            self.dice = tuple(dice)
        else:
            assert rng is not None
            st = self.profile.start
            if "rng" not in st.methods:
                raise IllegalActionError(f"{self.profile.name} does not use an RNG")
            if not (st.rng_min <= rng <= st.rng_max):
                raise IllegalActionError(f"the RNG shows {st.rng_min}..{st.rng_max}, got {rng}")
            total = rng
            self.rng_number = rng
        self.start = count_start(self.ring, total, self.banker.count_from)
        self.phase = "deal"
        de = self.options.dragons_eye and dice is not None
        if de and not self.profile.side_bets.dragons_eye_start_by_dice_total:
            assert dice is not None
            self.start = str(dice[0])  # R-START-09: the Dragon's Eye button position
        op = self._op(
            "roll",
            self.options.de_shaker or ("bank" if self.is_player_banked else "dealer"),
            dice=list(dice) if dice is not None else None,
            rng=rng,
            start=self.start,
        )
        if de:
            assert self.dice is not None
            self._dice_phase((self.dice[0], self.dice[1], self.dice[2]))
        return op

    def _dice_phase(self, dice: tuple[int, int, int]) -> None:
        """R-DE-03..11: settle the Dragon's Eye wagers before the deal, right to left."""
        ph = dice_phase(dice, self.options.de_streak)
        self.dice_phase = ph
        transfers = []
        for w in sorted(self.wagers, key=lambda w: int(w.spot)):
            if w.kind not in DE_KINDS and w.kind != "dice-bonus":
                continue
            shaker = w.player == self.options.de_shaker
            units = de_units(w.kind, dice, w.spot, tier=ph.tier, shaker=shaker)
            reason = f"{w.kind} {units} to 1" if units > 0 else w.kind
            transfers += side_transfers(w.ref, f"player:{w.player}", w.cents, units, reason)
            if w.kind == "dice-bonus" and units > 0:
                self.retained.append((w.player, w.spot, w.cents))
            self.results[w.ref] = {
                "spot": w.spot,
                "player": w.player,
                "cents": w.cents,
                "result": "win" if units > 0 else "lose",
                "pays": units,
            }
        if ph.triple and self.profile.side_bets.dragons_eye_vig_mode == "b":
            for w in self.wagers:
                if w.kind == "main":
                    transfers.append(
                        Transfer("layout", "house", w.cents, "triple (R-DE-11 b)", w.ref)
                    )
                    self.results[w.ref] = {
                        "spot": w.spot,
                        "player": w.player,
                        "cents": w.cents,
                        "result": "lose",
                        "high": "dealer",
                        "low": "dealer",
                        "reason": "triple",
                    }
                    self.dice_phase_lost.add(w.spot)
        self.ledger.apply(transfers)
        self._op(
            "dragons_eye",
            "dealer",
            button=ph.button,
            triple=ph.triple,
            tier=ph.tier,
            streak=ph.streak_after,
            transfers=[t.to_json() for t in transfers],
            derived=True,
        )

    # ----------------------------------------------------------------- deal
    def deal(self, first_stack: int | None = None) -> Operation:
        """Deliver the stacks by the style from the start position (R-DEAL-01, R-STYLE) and
        collect the unwagered stacks unexposed (R-DEAL-03).

        ``first_stack``: in a Supreme Pai Gow bank round dealt by hand, the stack the bank
        selects first (R-SPG-24, AMB-48).
        """
        self._need("deal")
        assert self.start is not None
        if first_stack is not None and not (
            self.game.name == "cards" and self.is_player_banked and self.style == "hand"
        ):
            raise IllegalActionError(
                "the bank selects the first stack only in a card bank round dealt by hand"
            )
        self.dealt = self.game.deal(
            self.order, self.style, self.ring, self.start, bank_first_stack=first_stack
        )
        order = list(self.dealt)
        side_spots = {w.spot for w in self.wagers if w.kind in ("pair-fortunes", "supreme-bonus")}
        played = set(self.wagered_spots()) | side_spots | {self.bank_spot}
        if self.banker.kind == "player" and self.dealer_wager:
            played.add("dealer")
        self.collected = [p for p in self.ring if p not in played]
        self.phase = "setting"
        self._maybe_bank_phase()
        return self._op(
            "deal",
            "dealer",
            style=self.style,
            first_stack=first_stack,
            hands={p: [str(t) for t in self.dealt[p]] for p in order},
            collected=self.collected,
        )

    # ----------------------------------------------------------------- setting
    def _validate(self, spot: str, high: Sequence[Tile] | str, low: Sequence[Tile] | str) -> Any:
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

    def verify_set(self, player: str, spot: str, high: Any, low: Any) -> Any:
        """Checks of R-SET-01..08 for a player's setting."""
        self._need("setting")
        if spot not in self.wagered_spots() or spot in self.voided_spots:
            raise IllegalActionError(f"spot {spot} holds no hand in play")
        if spot in self.settings:
            raise IllegalActionError(f"spot {spot} is already set; set hands cannot change")
        if self.controller(spot) != player:
            raise IllegalActionError(
                f"{player} may not set spot {spot}; {self.controller(spot)} sets it (R-SET-08)"
            )
        return self._validate(spot, high, low)

    def set_hand(self, player: str, spot: str, high: Any, low: Any) -> Operation:
        """A player sets the tiles of a spot (R-SET-01..03, R-SET-07/08)."""
        s = self.verify_set(player, spot, high, low)
        self.settings[spot] = s
        self.set_by[spot] = player
        self._maybe_bank_phase()
        return self._op(
            "set",
            f"player:{player}",
            spot=spot,
            by=player,
            high=[str(t) for t in hand_pieces(s.high)],
            low=[str(t) for t in hand_pieces(s.low)],
        )

    def set_house_way(self, spot: str) -> Operation:
        """The dealer sets a spot by the house way on request (R-SET-04, R-LC-11)."""
        self._need("setting")
        if spot not in self.wagered_spots() or spot in self.settings or spot in self.voided_spots:
            raise IllegalActionError(f"spot {spot} has no unset hand in play")
        s = self.house_way.set(self.dealt[spot])
        self.settings[spot] = s
        self.set_by[spot] = "house way"
        self._maybe_bank_phase()
        return self._op(
            "house_way",
            "dealer",
            spot=spot,
            high=[str(t) for t in hand_pieces(s.high)],
            low=[str(t) for t in hand_pieces(s.low)],
        )

    # ----------------------------------------------------------------- bank
    def set_bank(self, high: Any = None, low: Any = None) -> Operation:
        """The dealer or bank sets the banker's hand after the players (R-SET-05/06).

        The house dealer and a co-bank (set by the dealer, R-BANK-09) use the house way; a
        dealer setting other than the house way is reset to it (R-HW-02). A player bank or a
        Player-Dealer sets its own hand (given as ``high``/``low``); without one, the house way
        is used on request. The dealer's own hand against a player bank is set by house way.
        """
        self._need("bank")
        spot = self.bank_spot
        hw = self.house_way.set(self.dealt[spot])
        own = self.banker.kind in ("player", "player-dealer")
        if high is None:
            s, by = hw, "house way"
        else:
            s = self._validate(spot, high, low)
            by = "bank" if own else "dealer"
        op = self._op(
            "bank_set",
            "bank" if own else "dealer",
            by=by,
            high=[str(t) for t in hand_pieces(s.high)],
            low=[str(t) for t in hand_pieces(s.low)],
        )
        reset = (
            (not own or self.profile.banking.bank_hand_by_house_way) and s.key() != hw.key()
        ) or self.game.is_foul(s)  # R-BANK-15 / R-SPG-21: a bank's foul is reset
        if reset and self.profile.irregularities.dealer_mis_set_reset:
            s = hw
            self._op(
                "reset_to_house_way",
                "dealer",
                high=[str(t) for t in hand_pieces(s.high)],
                low=[str(t) for t in hand_pieces(s.low)],
            )
        self.bank_setting = s
        if self.banker.kind == "player" and self.dealer_wager:
            self.dealer_setting = self.house_way.set(self.dealt["dealer"])
        self.phase = "surrender"
        return op

    def surrender(self, spot: str) -> Operation:
        """R-SURR-01: after the dealer's hands are set, before exposure; the whole wager lost."""
        self._need("surrender")
        if not self.profile.table.surrender:
            raise IllegalActionError(f"{self.profile.name} does not allow surrender (R-SURR-02)")
        if spot not in self.settings or spot in self.surrendered:
            raise IllegalActionError(f"spot {spot} has no hand that can surrender")
        self.surrendered.add(spot)
        return self._op("surrender", f"player:{self.controller(spot)}", spot=spot)

    # ----------------------------------------------------------------- settle
    def settle(self) -> Operation:
        """Expose, compare and pay (R-SETTLE, R-BANK-12..14, R-LC-09)."""
        self._need("surrender")
        from .settle import settle_round

        results, transfers = settle_round(self)
        self.ledger.apply(transfers)
        self.results.update(results)
        self.phase = "done"
        return self._op(
            "settle", "dealer", results=results, transfers=[t.to_json() for t in transfers]
        )


def _no_house(name: str) -> Banker:
    raise IllegalActionError(f"{name} has no house bank: name the Player-Dealer")
