"""One round of Pai Gow Tiles as a state machine (R-SHUF .. R-SETTLE, R-BANK, R-LC, R-IRR).

Every action has a check and a doer: ``can_x(...)`` answers yes or no, ``verify_x(...)`` raises
:class:`~paigow.errors.IllegalActionError` with the reason, and ``x(...)`` performs the action
and returns the :class:`~paigow.table.ops.Operation` appended to :attr:`Round.log`. Every
action is all or nothing (:mod:`paigow.table.atomic`): one that raises, for any reason, leaves
the round, its ledger and its log exactly as they were.

Phases, in order: ``shuffle`` → (``cut``, player-bank rounds) → ``wagers`` → ``style`` →
``shake`` → ``deal`` → ``setting`` → ``bank`` → ``surrender`` → ``done``. A void ends the round
at any point before settlement with every wager returned.

The round is pure: randomness is never drawn here and there is no clock. The dealer's chores
that need chance take their outcome as an argument (the shuffle order, the dice);
:mod:`paigow.table.auto` draws them from an injected RNG, and a live table enters the real
tiles and dice. The time of each operation is what the caller sets in :attr:`Round.now`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from paigow.errors import ConfigError, IllegalActionError, PaigowError
from paigow.games import game_for
from paigow.games.dice import count_start
from paigow.profiles import Profile

from .atomic import action
from .chain import GENESIS, field_digests, link
from .inputs import as_cents, as_count, as_die, as_flag, as_name, as_text, dollars
from .irregular import Irregularities
from .ledger import Ledger
from .ops import Operation
from .record_header import header_of
from .showdown import Showdown
from .state import Banker, Provenance, Wager
from .variations import TableOptions, settle_dice_phase
from .wagers import WagerActions

__all__ = ["Banker", "Provenance", "Round", "Wager", "check_seats", "check_stacks"]

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


class Round(WagerActions, Showdown, Irregularities):
    """One round at one table. Build it, then call the actions in order.

    Args:
        profile: the jurisdiction profile.
        seats: player name -> seat position (``"1"``.. ``"n"``).
        stacks: player name -> chips on the table, in cents.
        banker: who banks (default: the house).
        house_way: the house way of the dealer (default: the profile's).
        collection_free: Lucky Chances: collection waived this hand (R-WAGER-08, ¶61).
        options: the variations of the table and the Dragon's Eye state carried over.
        dealer_wager_limit: a player bank's round: the most the dealer may wager against the
            bank (R-BANK-10): the bank's last wager against the dealer, which the session
            knows; None: the profile's approved fixed amount, or no dealer's wager when the
            profile uses the last wager.
        provenance: table id, record id, opening time and the previous round's chain head.

    Raises:
        IllegalActionError: seats, stacks, banker or options that the rules do not allow or
            that are not of the documented types.
        ConfigError: ``profile`` is not a :class:`~paigow.profiles.Profile`, or an unknown
            house way.
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
        dealer_wager_limit: int | None = None,
        provenance: Provenance | None = None,
    ) -> None:
        if not isinstance(profile, Profile):
            raise ConfigError(f"a round needs a Profile, got {type(profile).__name__}")
        self.profile = profile
        self.ring = profile.ring
        self.seats = check_seats(profile, seats)
        opening = check_stacks(self.seats, stacks)
        if banker is not None and not isinstance(banker, Banker):
            raise IllegalActionError(f"banker is a Banker, got {banker!r}")
        self.banker = banker or (
            Banker() if profile.banking.house_banks else _no_house(profile.name)
        )
        _check_banker(profile, self.seats, self.banker)
        if options is not None and not isinstance(options, TableOptions):
            raise IllegalActionError(f"options are TableOptions, got {options!r}")
        self.options = options or TableOptions()
        self.options.check(profile, player_banked=self.banker.kind != "house")
        for player, spot, cents in self.options.carried:
            if self.seats.get(player) != spot or opening[player] < cents:
                raise IllegalActionError(
                    f"{player}'s kept dice bonus of {dollars(cents)} needs {player} seated at "
                    f"{spot} with the chips for it"
                )
        self.game = game_for(profile)
        if house_way is not None:
            as_text(house_way, "a house way")
        self.house_way = self.game.house_way(house_way or profile.house_way.dealer)
        self.collection_free = as_flag(collection_free, "collection_free")
        self.dealer_wager_limit = _dealer_limit(profile, self.banker, dealer_wager_limit)
        if provenance is not None and not isinstance(provenance, Provenance):
            raise IllegalActionError(f"provenance is a Provenance, got {provenance!r}")
        self.opening = {f"player:{n}": c for n, c in opening.items()} | {"house": 0}
        self.header = header_of(self, provenance or Provenance())
        self.provenance = provenance or Provenance()
        self.header_digests = field_digests(self.header)
        self.chain_start = link(GENESIS, "header", self.header_digests)
        self.head = self.chain_start
        self.transfer_ops: list[int] = []
        self.transfer_links: list[str] = []
        self._now: str | None = None
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
        self.settings: dict[str, Any] = {}
        self.set_by: dict[str, str] = {}
        self.bank_setting: Any = None
        self.dealer_setting: Any = None
        self.surrendered: set[str] = set()
        self.voided_spots: set[str] = set()
        self.dead_spots: set[str] = set()
        self.fouled: set[str] = set()
        self.abandoned: set[str] = set()
        self.exposed: dict[str, int] = {}
        self.marked: list[int] = []
        self.shown: list[str] = []
        self.removed: dict[str, bool] = {}
        self.results: dict[str, dict[str, Any]] = {}
        self.void_reason: str | None = None
        self.dice_phase = None
        self.dice_phase_lost: set[str] = set()
        self.retained: list[tuple[str, str, int]] = []
        self.dealer_shakes_for: str | None = None
        self._next_ref = 1

    @property
    def record_id(self) -> str:
        """The id of this round's record."""
        return str(self.header["record_id"])

    # ----------------------------------------------------------------- shuffle
    def verify_shuffle(self, order: Sequence[Any] | str) -> list[Any]:
        """The order must be a permutation of one full set (R-SHUF-03, R-SPG-08)."""
        self._need("shuffle")
        pieces = self.game.parse(order)
        self.game.check_order(pieces)
        return pieces

    @action
    def shuffle(self, order: Sequence[Any] | str) -> Operation:
        """Wash and stack: ``order`` top of ``s1`` first (R-SHUF-03/04); for cards the deck
        from the top (R-SPG-08). A dice bonus kept from the last round goes back on the layout
        (R-DE-10, AMB-14)."""
        tiles = self.verify_shuffle(order)
        self.order = tiles
        self.marked = []
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
    def verify_cut(self, cut: str | None) -> list[int]:
        """R-CUT-01/02 (cards: R-SPG-09): a cut the bank may make now; the order it makes."""
        self._need("cut")
        if cut is None:
            return list(range(len(self.order)))
        return list(self.game.cut(list(range(len(self.order))), as_text(cut, "a cut")))

    def can_cut(self, cut: str | None) -> bool:
        """True when :meth:`cut` would be accepted."""
        try:
            self.verify_cut(cut)
        except PaigowError:
            return False
        return True

    @action
    def cut(self, cut: str | None) -> Operation:
        """The bank cuts once (R-CUT-01/02; cards: ``card:N``, R-SPG-09) or declines."""
        perm = self.verify_cut(cut)
        self.phase = "wagers"
        if cut is None:
            return self._op("decline_cut", "bank")
        self.order = [self.order[i] for i in perm]
        self.marked = sorted(j for j, i in enumerate(perm) if i in self.marked)
        return self._op("cut", "bank", cut=cut)

    @action
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
    def verify_style(self, style: str, chooser: str = "dealer") -> None:
        """R-DEAL-04: a delivery style among the profile's, by who may choose it.

        The default style needs no chooser. Otherwise: the bank in bank rounds (CO, GEN), the
        dealer or the bank (MD, AMB-37), the Player-Dealer (LC ¶33; the dealer may not, ¶28).
        For the card game the "style" is the delivery method of the equipment in use
        (R-SPG-11..13), the operator's choice.
        """
        self._need("style")
        as_text(style, "a style")
        if chooser not in ("dealer", "bank"):
            raise IllegalActionError(f"the chooser is 'dealer' or 'bank', got {chooser!r}")
        if style not in self.profile.dealing.styles:
            raise IllegalActionError(
                f"style {style!r} is not offered; choose one of {self.profile.dealing.styles}"
            )
        who = self.profile.dealing.chooser
        if style != self.profile.dealing.default_style and self.game.restricts_style_choice:
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

    def can_style(self, style: str, chooser: str = "dealer") -> bool:
        """True when :meth:`choose_style` would be accepted."""
        try:
            self.verify_style(style, chooser)
        except IllegalActionError:
            return False
        return True

    @action
    def choose_style(self, style: str, chooser: str = "dealer") -> Operation:
        """R-DEAL-04: deliver by ``style`` (see :meth:`verify_style`)."""
        self.verify_style(style, chooser)
        self.style = style
        self.phase = "shake"
        return self._op("style", chooser, style=style, chooser=chooser)

    @action
    def no_roll(self, reason: str = "dice not flat") -> Operation:
        """R-START-12: "no roll", the dice are shaken again."""
        self._need("shake")
        return self._op("no_roll", "dealer", reason=as_text(reason, "the reason"))

    @action
    def dealer_shakes(self, player: str) -> Operation:
        """§30-2607.01(6): the player who gains the shake lets the dealer shake for them; the
        player keeps the shaker's dice bonus odds (the dealer shakes "for that player")."""
        self._need("shake")
        as_name(player)
        if self.options.de_shaker != player:
            raise IllegalActionError(f"{player} does not shake the dice this round")
        if self.dealer_shakes_for is not None:
            raise IllegalActionError("the dealer already shakes for the shaker")
        self.dealer_shakes_for = player
        return self._op("dealer_shakes", f"player:{player}", player=player)

    @action
    def button(self, position: str) -> Operation:
        """R-SPG-10(d): the start is the button's position (automated shoe only, AMB-59)."""
        self._need("shake")
        as_text(position, "the button's position")
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

    @action
    def roll(self, dice: Sequence[int] | None = None, *, rng: int | None = None) -> Operation:
        """Read the dice (R-START-02) or the RNG number (R-START-07) and find the start."""
        self._need("shake")
        if (dice is None) == (rng is None):
            raise IllegalActionError("give either three dice or one RNG number")
        if dice is not None:
            if isinstance(dice, str | bytes) or not isinstance(dice, Sequence) or len(dice) != 3:
                raise IllegalActionError(f"three dice of 1..6 expected, got {dice!r}")
            three = tuple(as_die(d) for d in dice)
            if "dice" not in self.profile.start.methods:
                raise IllegalActionError(f"{self.profile.name} does not use dice")
            total = sum(three)
            self.dice = three
        else:
            st = self.profile.start
            if "rng" not in st.methods:
                raise IllegalActionError(f"{self.profile.name} does not use an RNG")
            total = as_count(rng, "the RNG number", low=st.rng_min, high=st.rng_max)
            self.rng_number = total
            three = ()
        self.start = count_start(self.ring, total, self.banker.count_from)
        self.phase = "deal"
        de = self.options.dragons_eye and dice is not None
        if de and not self.profile.side_bets.dragons_eye_start_by_dice_total:
            self.start = str(three[0])  # R-START-09: the Dragon's Eye button position
        shaker = self.options.de_shaker if self.dealer_shakes_for is None else None
        op = self._op(
            "roll",
            shaker or ("bank" if self.is_player_banked else "dealer"),
            dice=list(three) if dice is not None else None,
            rng=rng,
            button=None,
            start=self.start,
        )
        if de:
            self._dice_phase((three[0], three[1], three[2]))
        return op

    def _dice_phase(self, dice: tuple[int, int, int]) -> None:
        """R-DE-03..11: settle the Dragon's Eye wagers before the deal, right to left."""
        ph, transfers, results, retained, lost = settle_dice_phase(
            self.wagers,
            dice,
            self.options,
            vig_mode_b=self.profile.side_bets.dragons_eye_vig_mode == "b",
        )
        self.dice_phase = ph
        self.results.update(results)
        self.retained += retained
        self.dice_phase_lost |= lost
        self.ledger.apply(transfers)
        self._op(
            "dragons_eye",
            "dealer",
            button=ph.button,
            triple=ph.triple,
            tier=ph.tier,
            streak=ph.streak_after,
            derived=True,
        )

    # ----------------------------------------------------------------- deal
    @action
    def deal(self, first_stack: int | None = None) -> Operation:
        """Deliver the stacks by the style from the start position (R-DEAL-01, R-STYLE) and
        collect the unwagered stacks unexposed (R-DEAL-03).

        ``first_stack``: in a Supreme Pai Gow bank round dealt by hand, the stack the bank
        selects first (R-SPG-24, AMB-48).
        """
        self._need("deal")
        assert self.start is not None
        if first_stack is not None:
            as_count(first_stack, "the first stack", low=1, high=len(self.ring))
            if not (self.is_player_banked and self.game.bank_picks_first_stack(self.style)):
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
        slots = self.game.deal(
            list(range(len(self.order))),
            self.style,
            self.ring,
            self.start,
            bank_first_stack=first_stack,
        )
        for pos, hand in slots.items():  # R-LC-16: exposed while stacking, now in a hand
            seen = sum(1 for i in hand if i in self.marked)
            if seen:
                self.exposed[pos] = self.exposed.get(pos, 0) + seen
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


def check_seats(profile: Profile, seats: object) -> dict[str, str]:
    """Player name -> seat: names are text, seats betting positions, one player a seat."""
    if not isinstance(seats, Mapping):
        raise IllegalActionError(f"seats map player names to seats, got {seats!r}")
    positions = {str(i) for i in range(1, profile.table.positions + 1)}
    out: dict[str, str] = {}
    for name, pos in seats.items():
        as_name(name)
        if not isinstance(pos, str) or pos not in positions:
            raise IllegalActionError(f"seat {pos!r} of {name} is not a betting position")
        out[name] = pos
    if len(set(out.values())) != len(out):
        raise IllegalActionError("two players cannot sit in one seat")
    return out


def check_stacks(seats: dict[str, str], stacks: object) -> dict[str, int]:
    """Player name -> chips in whole cents, for every seated player and only them."""
    if not isinstance(stacks, Mapping) or set(stacks) != set(seats):
        raise IllegalActionError("every seated player needs a stack, and only they")
    return {name: as_cents(stacks[name], f"{name}'s stack") for name in seats}


def _check_banker(profile: Profile, seats: dict[str, str], banker: Banker) -> None:
    if banker.player is not None and seats.get(banker.player) != banker.position:
        raise IllegalActionError("the banker must be seated at the bank's position")
    if banker.kind == "player-dealer" and profile.banking.house_banks:
        raise IllegalActionError(f"{profile.name} has no Player-Dealer")
    if banker.kind != "player-dealer" and not profile.banking.house_banks:
        raise IllegalActionError(f"{profile.name} has no house bank: name the Player-Dealer")
    if banker.kind in ("player", "co-bank") and not profile.banking.player_bank:
        raise IllegalActionError(f"{profile.name} does not offer player banking")
    if banker.kind == "co-bank" and not profile.banking.co_bank:
        raise IllegalActionError(f"{profile.name} does not offer co-banking")


def _dealer_limit(profile: Profile, banker: Banker, limit: object) -> int | None:
    """R-BANK-10: the most the dealer may wager against a player bank."""
    b = profile.banking
    if banker.kind != "player" or not b.dealer_wager:
        if limit is not None:
            raise IllegalActionError("a dealer's wager limit belongs to a player-bank round")
        return None
    if limit is not None:
        return as_cents(limit, "the dealer's wager limit")
    return b.dealer_wager_fixed_cents if b.dealer_wager_basis == "fixed" else None


def _no_house(name: str) -> Banker:
    raise IllegalActionError(f"{name} has no house bank: name the Player-Dealer")
