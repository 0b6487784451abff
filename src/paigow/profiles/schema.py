"""The profile schema: one frozen dataclass per TOML table, one field per key.

Each field carries its documentation and what the validator (:mod:`.validate`) checks: the
allowed ``choices``, a ``min``/``max`` for whole numbers, ``decimal`` for an exact rate.
:class:`Profile` holds one of each section; :data:`SECTIONS` maps each TOML table to its class.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Any, Final

from paigow.games.outcomes import CompareRules

from .shapes import CARD_METHODS, SHAPES, STYLES

__all__ = [
    "ATTRIBUTES",
    "CARD_METHODS",
    "SECTIONS",
    "STYLES",
    "Banking",
    "Commission",
    "Dealing",
    "HouseWay",
    "Irregularities",
    "Meta",
    "Profile",
    "Ranking",
    "SideBets",
    "Start",
    "Table",
]


def _opt(default: Any, doc: str, **meta: Any) -> Any:
    if isinstance(default, list | dict):
        return field(default_factory=lambda: list(default), metadata={"doc": doc, **meta})
    return field(default=default, metadata={"doc": doc, **meta})


#: Every game's delivery styles (the choices of ``[dealing]``; each game checks its own).
_ALL_STYLES: Final = tuple(dict.fromkeys(st for sh in SHAPES.values() for st in sh.styles))


@dataclass(frozen=True)
class Meta:
    """``[profile]``: identity of the profile."""

    name: str = _opt("", "short name used on the command line")
    title: str = _opt("", "human title")
    source: str = _opt("", "the rule document it implements")
    game: str = _opt("tiles", "which game", choices=tuple(SHAPES))
    aliases: list[str] = _opt([], "other names accepted for this profile")
    notes: str = _opt("", "free text: readings chosen, differences from the source")


@dataclass(frozen=True)
class Ranking:
    """``[ranking]``: comparison rules that differ by jurisdiction (R-RANK-11, M-09/M-10)."""

    zero_zero_banker: bool = _opt(False, "0 vs 0 goes to the dealer/bank regardless of tiles")
    player_low_zero_loses: bool = _opt(True, "a player's low hand of value 0 never wins")
    setting_order: str = _opt(
        "reject",
        "what a high hand ranking below the low hand means",
        choices=("reject", "as-set", "foul"),
    )
    zero_rule: str = _opt(
        "points",
        "cards: the player's zero low hand loses: point-total hands only, or literally (R-SPG-05)",
        choices=("points", "literal"),
    )


@dataclass(frozen=True)
class Table:
    """``[table]``: positions and limits (R-EQUIP-11, M-02, R-WAGER)."""

    positions: int = _opt(6, "betting positions", min=1, max=8)
    dead_hand: bool = _opt(True, "an undealt-to extra hand in the ring (M-03)")
    dealer_hand: bool = _opt(True, "the house dealer receives a hand (False in Lucky Chances)")
    six_spot_option: bool = _opt(False, "the licensee may use a six-spot table (CO)")
    min_wager: int = _opt(500, "table minimum per spot, cents", min=1)
    max_wager: int = _opt(500_000, "table maximum per spot, cents", min=1)
    allow_two_spots: bool = _opt(True, "a player may wager on two adjacent spots (R-WAGER-04)")
    max_players_per_spot: int = _opt(1, "bettors on one spot (CO up to 4; LC kum-kum)", min=1)
    surrender: bool = _opt(True, "a player may surrender after the dealer sets (R-SURR)")
    under_min_gets_action: bool = _opt(
        False, "the table does not enforce its minimum: a bet under it is accepted and plays"
    )
    over_max_gets_action: bool = _opt(True, "amounts over the maximum play (False in LC)")


@dataclass(frozen=True)
class Commission:
    """``[commission]``: vigorish on wins (R-SETTLE-07/08) and Lucky Chances collection."""

    rate: str = _opt("0.05", "fraction of the amount won taken as vig", decimal=True)
    rounding: str = _opt(
        "quarter-up",
        "vig rounding: up to 25 cents, up to the cent (AMB-85)",
        choices=("quarter-up", "cent-up"),
    )
    on_bank_surplus: bool = _opt(True, "a player bank's surplus is charged vig (R-BANK-13)")
    collection: bool = _opt(False, "a fee is collected in advance instead of vig (LC)")
    collection_cents: int = _opt(0, "collection per bet, cents, without a schedule", min=0)
    collection_schedule: list[list[int]] = _opt(
        [],
        "posted collection schedule: [[bet up to, fee], ...] in cents, ascending (LC ¶9, ¶20)",
    )
    free_collection_hands: int = _opt(0, "free collection when a game opens (LC: 4)", min=0)


@dataclass(frozen=True)
class Start:
    """``[start]``: how the starting position is found (R-START, M-21)."""

    methods: list[str] = _opt(
        ["dice"], "allowed methods", choices=("dice", "rng", "button", "dragons-eye")
    )
    rng_min: int = _opt(1, "smallest RNG number", min=1)
    rng_max: int = _opt(8, "largest RNG number", min=1)
    min_shakes: int = _opt(3, "shakes of the shaker before reading", min=1)


@dataclass(frozen=True)
class Dealing:
    """``[dealing]``: delivery styles and the cut (R-DEAL-04, R-STYLE, R-CUT)."""

    styles: list[str] = _opt(
        list(STYLES), "delivery styles (cards: methods) offered", choices=_ALL_STYLES
    )
    default_style: str = _opt("a", "style used when nobody chooses", choices=_ALL_STYLES)
    chooser: str = _opt(
        "bank",
        "who may choose a style",
        choices=("none", "bank", "dealer-or-bank", "player-dealer"),
    )
    bank_may_cut: bool = _opt(True, "a player bank may cut the stacks once (R-CUT-01)")


@dataclass(frozen=True)
class Banking:
    """``[banking]``: who may bank and how the bank rotates (R-BANK, R-LC, M-13..M-18)."""

    house_banks: bool = _opt(True, "the house (dealer) banks rounds")
    player_bank: bool = _opt(True, "players may bank (R-BANK-01)")
    co_bank: bool = _opt(True, "co-banking with the house, 50/50 (R-BANK-09)")
    max_consecutive: int = _opt(1, "rounds in a row one player may bank", min=1)
    house_round_between: bool = _opt(False, "the house banks between player banks (CO)")
    offer_wraps: bool = _opt(False, "offers within one round wrap around the table (AMB-20)")
    offer_pointer_follows_acceptor: bool = _opt(False, "first offer moves past the acceptor")
    offer_returns_to_dealer: bool = _opt(
        True, "after the last position one round is dealer-banked (AMB-20; MD omits it)"
    )
    dealer_wager: bool = _opt(True, "the dealer wagers against a player bank (R-BANK-10)")
    dealer_wager_basis: str = _opt(
        "last-wager",
        "the dealer's wager: the bank's last wager against the dealer, or an approved fixed amount",
        choices=("last-wager", "fixed"),
    )
    dealer_wager_fixed_cents: int = _opt(
        0, "the approved amount of the dealer's wager when the basis is fixed, cents", min=0
    )
    bank_must_cover_all: bool = _opt(True, "the bank's chips must cover every wager")
    min_bets_to_qualify: int = _opt(0, "Lucky Chances: bets as a player in the rotation", min=0)
    action_limited_to_stake: bool = _opt(False, "action limited to the bank's wager (LC ¶55)")
    bank_hand_by_house_way: bool = _opt(False, "a player bank must set by house way (MD literal)")


@dataclass(frozen=True)
class SideBets:
    """``[side_bets]``: optional wagers the jurisdiction allows (M-33, M-34)."""

    pair_fortunes: bool = _opt(False, "Pair Fortunes allowed (R-PF)")
    pair_fortunes_tables: list[str] = _opt(
        [], "pay tables offered", choices=("1", "2", "3", "4", "A", "B", "C", "D")
    )
    pair_fortunes_requires_base: bool = _opt(True, "a Pai Gow wager is required (R-PF-02)")
    dragons_eye: bool = _opt(False, "Dragon's Eye allowed (R-DE)")
    dragons_eye_vig_mode: str = _opt("a", "R-DE-11 alternative", choices=("a", "b"))
    dragons_eye_start_by_dice_total: bool = _opt(False, "deal by the dice total (R-START-09)")
    dragons_eye_without_paigow_wager: bool = _opt(False, "DE wagers without a Pai Gow wager")
    supreme_bonus: bool = _opt(False, "Supreme Pai Gow bonus wager (R-SPG-15)")
    supreme_bonus_min_cents: int = _opt(100, "smallest bonus wager, cents (R-SPG-15)", min=1)
    supreme_bonus_max_cents: int = _opt(500_000, "largest bonus wager, cents (AMB-53)", min=1)
    supreme_combined_max_cents: int = _opt(
        0, "main plus bonus wagers of a player on a spot at most this, cents; 0: no limit", min=0
    )
    supreme_bonus_cap_cents: int = _opt(
        5_000_000, "bonus payout limit floor, cents (R-SPG-18, AMB-51)", min=1
    )


@dataclass(frozen=True)
class Irregularities:
    """``[irregularities]``: how the document treats mishaps (R-IRR, M-37..M-39, M-43)."""

    stacking_exposure: str = _opt(
        "reshuffle-any",
        "a tile exposed while stacking",
        choices=("reshuffle-any", "reshuffle-key-or-two"),
    )
    void_returns_wagers: bool = _opt(True, "a voided round returns every wager")
    player_tile_off_table_loses: bool = _opt(False, "a player's tile off the table: lost (CO)")
    abandoned_wager_loses: bool = _opt(False, "a player leaving mid-round loses (MD)")
    fouled_hand_forfeits: bool = _opt(
        False, "tiles switched, passed or held out foul the hand: wager forfeited (LC ¶48)"
    )
    removed_bet_rule: bool = _opt(
        False, "a bet taken off the layout in play still settles (LC ¶49, ¶50)"
    )
    dealer_mis_set_reset: bool = _opt(True, "a dealer mis-set is reset to house way")


@dataclass(frozen=True)
class HouseWay:
    """``[house_way]``: how the dealer (and co-bank) sets (R-HW)."""

    dealer: str = _opt("regulation", "house way the dealer uses")
    explain_on_request: str = _opt("may", "dealer explains the house way", choices=("may", "shall"))


#: Each TOML table and the dataclass of its section, in the order of the file.
SECTIONS: Final[dict[str, type]] = {
    "profile": Meta,
    "ranking": Ranking,
    "table": Table,
    "commission": Commission,
    "start": Start,
    "dealing": Dealing,
    "banking": Banking,
    "side_bets": SideBets,
    "irregularities": Irregularities,
    "house_way": HouseWay,
}


#: Each TOML table and the :class:`Profile` attribute that holds it.
ATTRIBUTES: Final[dict[str, str]] = {
    "profile": "meta",
    "ranking": "ranking",
    "table": "table",
    "commission": "commission",
    "start": "start",
    "dealing": "dealing",
    "banking": "banking",
    "side_bets": "side_bets",
    "irregularities": "irregularities",
    "house_way": "house_way",
}


@dataclass(frozen=True)
class Profile:
    """A jurisdiction profile. Build with :func:`load_profile` or :func:`get_profile`."""

    meta: Meta
    ranking: Ranking
    table: Table
    commission: Commission
    start: Start
    dealing: Dealing
    banking: Banking
    side_bets: SideBets
    irregularities: Irregularities
    house_way: HouseWay

    @property
    def name(self) -> str:
        """The profile's short name, e.g. ``"colorado"``."""
        return self.meta.name

    @cached_property
    def compare_rules(self) -> CompareRules:
        """The comparison rules of this profile (made once: every comparison of the trainer's
        and the strategies' inner loops asks for them)."""
        return CompareRules(
            zero_zero_banker=self.ranking.zero_zero_banker,
            low_zero_loses=self.ranking.player_low_zero_loses,
        )

    @property
    def commission_rate(self) -> Decimal:
        """The commission rate as an exact decimal (0 when collection replaces it)."""
        return Decimal(self.commission.rate)

    @property
    def ring(self) -> tuple[str, ...]:
        """Hand positions in counterclockwise order (§0.3): ``dealer``, ``1``..``n``, ``dead``."""
        ring: list[str] = ["dealer"] if self.table.dealer_hand else []
        ring += [str(i) for i in range(1, self.table.positions + 1)]
        if self.table.dead_hand:
            ring.append("dead")
        return tuple(ring)

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form, one key per TOML table (as in the file)."""
        return {sec: asdict(getattr(self, attr)) for sec, attr in ATTRIBUTES.items()}
