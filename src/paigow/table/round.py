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
from dataclasses import dataclass
from typing import Any

from paigow.dealing import count_start
from paigow.errors import IllegalActionError, InvalidSettingError
from paigow.profiles import Profile
from paigow.settings import Setting
from paigow.tiles import Tile

from .games import game_for, hand_pieces
from .ledger import Ledger, Transfer
from .ops import Operation
from .variations import (
    DE_KINDS,
    SIDE_KINDS,
    DicePhase,
    TableOptions,
    de_units,
    dice_phase,
    side_transfers,
)

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
KEY_TILES = frozenset({"1-1", "6-6", "1-2", "2-4"})  # LC ¶39: a 2, a 12, LOW 3, LOW 6


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


class Round:
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

    # ----------------------------------------------------------------- helpers
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
        """Who sets the tiles of ``spot`` (R-SET-08): the seated player, else the largest stake
        (Lucky Chances ¶41), ties to the earliest wager."""
        for name, pos in self.seats.items():
            if pos == spot and any(w.player == name for w in self.spot_wagers(spot)):
                return name
        stakes: dict[str, int] = {}
        for w in self.spot_wagers(spot):
            stakes[w.player] = stakes.get(w.player, 0) + w.cents
        if not stakes:
            raise IllegalActionError(f"spot {spot} has no wager")
        if self.profile.banking.action_limited_to_stake:
            return max(stakes, key=lambda p: stakes[p])
        owner = next((n for n, p in self.seats.items() if p == spot), None)
        return owner or next(iter(stakes))

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

    def expose_while_stacking(self, tiles: Sequence[Tile] | str) -> Operation:
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

    # ----------------------------------------------------------------- wagers
    def _bank_cover(self) -> int:
        return self.ledger.balance(f"player:{self.banker.player}") if self.banker.player else 0

    def verify_wager(self, player: str, spot: str, cents: int, kind: str = "main") -> None:
        """Checks of R-WAGER-01..08, R-BANK-06/08 and R-LC-08 for a wager."""
        self._need("wagers")
        t = self.profile.table
        if player not in self.seats:
            raise IllegalActionError(f"{player} is not seated; only seated players wager")
        if kind != "main":
            self._verify_side(player, spot, cents, kind)
            return
        if not isinstance(cents, int) or isinstance(cents, bool) or cents <= 0:
            raise IllegalActionError(f"a wager is a positive number of cents, got {cents!r}")
        if spot not in {str(i) for i in range(1, t.positions + 1)}:
            raise IllegalActionError(f"{spot!r} is not a betting position")
        if self.is_player_banked and player == self.banker.player:
            raise IllegalActionError(f"{player} is the bank and cannot wager against it")
        if self.is_player_banked and spot == self.bank_spot:
            raise IllegalActionError(f"spot {spot} is the bank's")
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
        if cents < t.min_wager and not t.under_min_gets_action:
            raise IllegalActionError(f"{cents} cents is under the table minimum {t.min_wager}")
        total = sum(w.cents for w in self.spot_wagers(spot)) + cents
        if total > t.max_wager and t.over_max_gets_action:
            raise IllegalActionError(
                f"spot {spot} would hold {total} cents, over the table maximum {t.max_wager}"
            )
        fee = self._collection_fee()
        if self.ledger.balance(f"player:{player}") < cents + fee:
            raise IllegalActionError(
                f"{player} has {self.ledger.balance(f'player:{player}')} cents, "
                f"cannot wager {cents}" + (f" plus collection {fee}" if fee else "")
            )
        if self.banker.kind in ("player", "co-bank") and self.profile.banking.bank_must_cover_all:
            on_layout = sum(w.cents for w in self.wagers if w.kind == "main")
            need = on_layout + cents + self.dealer_wager
            if need > self._bank_cover():
                raise IllegalActionError(
                    f"the bank ({self.banker.player}) has {self._bank_cover()} cents and cannot "
                    f"cover {need} in wagers (R-BANK-06)"
                )

    def _verify_side(self, player: str, spot: str, cents: int, kind: str) -> None:
        t = self.profile.table
        sb = self.profile.side_bets
        if kind == "supreme-bonus":
            self._verify_bonus(player, spot, cents)
            return
        if kind not in SIDE_KINDS:
            raise IllegalActionError(f"unknown wager kind {kind!r}")
        if kind == "pair-fortunes" and self.options.pair_fortunes is None:
            raise IllegalActionError("Pair Fortunes is not offered at this table")
        if kind != "pair-fortunes" and not self.options.dragons_eye:
            raise IllegalActionError("Dragon's Eye is not offered at this table")
        if not isinstance(cents, int) or isinstance(cents, bool) or cents <= 0:
            raise IllegalActionError(f"a wager is a positive number of cents, got {cents!r}")
        if player not in self.seats or player == self.banker.player:
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
        if not t.min_wager <= cents <= t.max_wager:
            raise IllegalActionError(
                f"{cents} cents is outside the table limits {t.min_wager}..{t.max_wager}"
            )
        if self.ledger.balance(f"player:{player}") < cents:
            raise IllegalActionError(f"{player} lacks {cents} cents for the {kind} wager")

    def _verify_bonus(self, player: str, spot: str, cents: int) -> None:
        """R-SPG-15, AMB-53/54: with a main wager on the spot, at least the bonus minimum."""
        sb = self.profile.side_bets
        if not sb.supreme_bonus:
            raise IllegalActionError(f"{self.profile.name} has no bonus wager")
        if (
            not isinstance(cents, int)
            or isinstance(cents, bool)
            or cents < sb.supreme_bonus_min_cents
        ):
            raise IllegalActionError(
                f"a bonus wager is at least {sb.supreme_bonus_min_cents} cents, got {cents!r}"
            )
        if not any(w.player == player for w in self.spot_wagers(spot)):
            raise IllegalActionError("a bonus wager needs a Supreme Pai Gow wager first (AMB-54)")
        if any(
            w.player == player and w.spot == spot and w.kind == "supreme-bonus" for w in self.wagers
        ):
            raise IllegalActionError(f"{player} already has a bonus wager on spot {spot}")
        if self.ledger.balance(f"player:{player}") < cents:
            raise IllegalActionError(f"{player} lacks {cents} cents for the bonus wager")

    def _collection_fee(self) -> int:
        c = self.profile.commission
        return 0 if (not c.collection or self.collection_free) else c.collection_cents

    def can_wager(self, player: str, spot: str, cents: int, kind: str = "main") -> bool:
        """True when :meth:`wager` would be accepted."""
        try:
            self.verify_wager(player, spot, cents, kind)
        except IllegalActionError:
            return False
        return True

    def wager(self, player: str, spot: str, cents: int, kind: str = "main") -> Operation:
        """Place a wager (chips move from the player to the layout; collection in advance)."""
        self.verify_wager(player, spot, cents, kind)
        fee = self._collection_fee() if kind == "main" else 0
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

    def remove_wager(self, ref: str) -> Operation:
        """Take a wager back before "no more bets" (R-WAGER-03)."""
        self._need("wagers")
        w = next((w for w in self.wagers if w.ref == ref), None)
        if w is None:
            raise IllegalActionError(f"no wager {ref!r} on the layout")
        self.ledger.move("layout", f"player:{w.player}", w.cents, "wager removed", ref)
        self.wagers.remove(w)
        return self._op("remove_wager", f"player:{w.player}", ref=ref)

    def place_dealer_wager(self, cents: int) -> Operation:
        """R-BANK-10: the dealer's wager against a player bank (house chips; 0 allowed)."""
        self._need("wagers")
        if self.banker.kind != "player" or not self.profile.banking.dealer_wager:
            raise IllegalActionError("the dealer wagers only against a player bank (R-BANK-10)")
        if cents < 0:
            raise IllegalActionError("the dealer's wager cannot be negative")
        if self.dealer_wager:
            self.ledger.move("layout", "house", self.dealer_wager, "dealer wager changed")
        self.dealer_wager = cents
        self.ledger.move("house", "layout", cents, "dealer wager", "dealer")
        return self._op("dealer_wager", "dealer", cents=cents)

    def place_pd_wager(self, cents: int) -> Operation:
        """R-LC-09: the Player-Dealer's stake, which limits the action."""
        self._need("wagers")
        if self.banker.kind != "player-dealer" or self.banker.player is None:
            raise IllegalActionError("only a Player-Dealer places a bank stake")
        if cents <= 0:
            raise IllegalActionError("the Player-Dealer's stake must be positive")
        who = f"player:{self.banker.player}"
        fee = self._collection_fee()
        if self.ledger.balance(who) < cents + fee:
            raise IllegalActionError(f"{self.banker.player} lacks {cents + fee} cents")
        if self.pd_stake:
            raise IllegalActionError("the Player-Dealer's stake is already placed")
        if fee:
            self.ledger.move(who, "house", fee, "collection", "pd")
        self.ledger.move(who, "bank", cents, "player-dealer stake", "pd")
        self.pd_stake = cents
        return self._op("pd_wager", f"player:{self.banker.player}", cents=cents)

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
        """R-DEAL-04: a delivery style among the profile's."""
        self._need("style")
        if style not in self.profile.dealing.styles:
            raise IllegalActionError(
                f"style {style!r} is not offered; choose one of {self.profile.dealing.styles}"
            )
        who = self.profile.dealing.chooser
        if style != self.profile.dealing.default_style and chooser != "dealer":
            allowed = {
                "bank": self.is_player_banked,
                "dealer-or-bank": True,
                "player-dealer": self.banker.kind == "player-dealer",
                "none": False,
            }
            if not allowed.get(who, False):
                raise IllegalActionError(f"{chooser} may not choose the style here")
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

    def stub_count(self, cards: int) -> Operation:
        """R-SPG-11 / R-IRR-NJ-p: the stub counted face down after the deal; with the 28 cards
        dealt it must make 54 (AMB-50), otherwise all hands are void."""
        self._need("setting", "bank", "surrender")
        if self.game.name != "cards":
            raise IllegalActionError("stub counts are for the card game")
        op = self._op("stub_count", "dealer", cards=cards, expected=len(self.order) - 28)
        if cards + 28 != 54:
            self.void(f"stub count {cards}: cards missing or extra (R-IRR-NJ-p)", derived=True)
        return op

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
    def deal(self) -> Operation:
        """Deliver the stacks by the style from the start position (R-DEAL-01, R-STYLE) and
        collect the unwagered stacks unexposed (R-DEAL-03)."""
        self._need("deal")
        assert self.start is not None
        self.dealt = self.game.deal(self.order, self.style, self.ring, self.start)
        order = list(self.dealt)
        played = set(self.wagered_spots()) | {self.bank_spot}
        if self.banker.kind == "player" and self.dealer_wager:
            played.add("dealer")
        self.collected = [p for p in self.ring if p not in played]
        self.phase = "setting"
        self._maybe_bank_phase()
        return self._op(
            "deal",
            "dealer",
            style=self.style,
            hands={p: [str(t) for t in self.dealt[p]] for p in order},
            collected=self.collected,
        )

    # ----------------------------------------------------------------- irregularities
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
                self.void(f"tile exposed in the {position} hand", derived=True)
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

    def _return_spot(self, spot: str, reason: str) -> None:
        for w in self.wagers:
            if w.spot != spot or w.ref in self.results:
                continue
            self.ledger.move("layout", f"player:{w.player}", w.cents, reason, w.ref)
        self.voided_spots.add(spot)
        if self.phase == "setting":
            self._maybe_bank_phase()

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

    def void(self, reason: str, *, derived: bool = False) -> Operation:
        """All hands void: every wager and stake returned (R-IRR; M-37).

        ``derived`` marks a void caused by another recorded operation (replay skips it).
        """
        if self.phase == "done":
            raise IllegalActionError("the round is already settled")
        if self.dealt:  # R-SPG-19 / AMB-56: bonus wagers are still settled on the cards dealt
            from .settle import settle_bonus

            self.ledger.apply(settle_bonus(self, self.results))
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
        return self._op("void", "dealer", reason=reason, derived=derived)

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

    # ----------------------------------------------------------------- summaries
    def net(self) -> dict[str, int]:
        """Net change of every lasting account; values sum to zero (transients are zero)."""
        n = self.ledger.net(self.opening)
        for acct in ("layout", "centre", "bank"):
            if n.get(acct, 0) != 0 and self.phase == "done":
                raise AssertionError(f"{acct} holds {n[acct]} cents after the round")
            n.pop(acct, None)
        return n

    def legal_settings(self, spot: str) -> list[Setting]:
        """The settings a spot's controller may choose."""
        opts = list(self.game.settings_of(self.dealt[spot]))
        if self.profile.ranking.setting_order != "reject":
            opts += [type(s)(s.low, s.high) for s in opts if s.low.strength != s.high.strength]
        return opts


def _no_house(name: str) -> Banker:
    raise IllegalActionError(f"{name} has no house bank: name the Player-Dealer")
