"""Jurisdiction profiles: the rule options of each document, as validated data.

Each profile is one TOML file in this package (``colorado.toml``, ``maryland.toml``, ...).
A new jurisdiction is a new file, not new code. :func:`load_profile` reads and validates one;
:func:`get_profile` returns a bundled profile by name or alias; :func:`profile_names` lists them.

The schema is the set of dataclasses below: every TOML table maps to one section dataclass,
every key to one field. Unknown tables or keys, wrong types and values outside the allowed
choices raise :class:`~paigow.errors.ConfigError` naming the file, the key and what was expected.
See ``docs/profiles.md`` for the format.
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import MISSING, asdict, dataclass, field, fields
from decimal import Decimal, InvalidOperation
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, TypeVar, get_type_hints

from paigow.errors import ConfigError
from paigow.settings import CompareRules
from paigow.textfiles import read_text

__all__ = [
    "Banking",
    "Commission",
    "Dealing",
    "Profile",
    "Ranking",
    "SideBets",
    "Table",
    "get_profile",
    "load_profile",
    "profile_names",
]

STYLES: Final = ("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
#: The largest profile file accepted, in bytes (the bundled ones are under 4 KiB).
PROFILE_LIMIT: Final = 1 << 20
#: Supreme Pai Gow delivery methods (R-SPG-11..13), the card game's "styles".
CARD_METHODS: Final = ("hand", "manual-shoe", "automated-shoe")


def _opt(default: Any, doc: str, **meta: Any) -> Any:
    if isinstance(default, list | dict):
        return field(default_factory=lambda: list(default), metadata={"doc": doc, **meta})
    return field(default=default, metadata={"doc": doc, **meta})


@dataclass(frozen=True)
class Meta:
    """``[profile]``: identity of the profile."""

    name: str = _opt("", "short name used on the command line")
    title: str = _opt("", "human title")
    source: str = _opt("", "the rule document it implements")
    game: str = _opt("tiles", "which game", choices=("tiles", "cards"))
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
        list(STYLES), "delivery styles (cards: methods) offered", choices=STYLES + CARD_METHODS
    )
    default_style: str = _opt("a", "style used when nobody chooses", choices=STYLES + CARD_METHODS)
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


_T = TypeVar("_T")

_SECTIONS: Final[dict[str, type]] = {
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

    @property
    def compare_rules(self) -> CompareRules:
        """The comparison rules of this profile."""
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
        return {sec: asdict(getattr(self, attr)) for sec, attr in _ATTR.items()}


_ATTR: Final[dict[str, str]] = {
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


def _check_value(where: str, key: str, value: Any, ftype: Any, meta: Any) -> Any:
    choices = meta.get("choices")
    if ftype is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: {key} must be true or false, got {value!r}")
        return value
    if ftype is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{where}: {key} must be a whole number, got {value!r}")
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            rng = f"{lo if lo is not None else '-inf'}..{hi if hi is not None else 'inf'}"
            raise ConfigError(f"{where}: {key} must be in {rng}, got {value}")
        return value
    if ftype is str:
        if isinstance(value, float | int) and meta.get("decimal") and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise ConfigError(f"{where}: {key} must be text, got {value!r}")
        if meta.get("decimal"):
            try:
                d = Decimal(value)
            except InvalidOperation:
                raise ConfigError(
                    f"{where}: {key} must be a decimal like '0.05', got {value!r}"
                ) from None
            if not d.is_finite() or not (0 <= d < 1):
                raise ConfigError(f"{where}: {key} must be a fraction in [0, 1), got {value!r}")
        if choices is not None and value not in choices:
            raise ConfigError(
                f"{where}: {key} = {value!r} is not allowed; expected one of {', '.join(choices)}"
            )
        return value
    if ftype == list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: {key} must be a list of text, got {value!r}")
        if choices is not None:
            bad = [v for v in value if v not in choices]
            if bad:
                raise ConfigError(
                    f"{where}: {key} has {', '.join(map(repr, bad))}; "
                    f"expected values from {', '.join(choices)}"
                )
        return list(value)
    if ftype == list[list[int]]:
        return _int_pairs(where, key, value)
    raise AssertionError(f"unsupported field type {ftype}")  # pragma: no cover


def _int_pairs(where: str, key: str, value: Any) -> list[list[int]]:
    """A list of ``[up to, amount]`` pairs of whole numbers >= 0, strictly ascending."""
    ok = isinstance(value, list) and all(
        isinstance(v, list)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v)
        for v in value
    )
    if not ok:
        raise ConfigError(
            f"{where}: {key} must be a list of [up to, amount] pairs of whole numbers, "
            f"got {value!r}"
        )
    tops = [v[0] for v in value]
    if any(b <= a for a, b in itertools.pairwise(tops)):
        raise ConfigError(f"{where}: {key} must ascend by its first numbers, got {value!r}")
    return [list(v) for v in value]


def _build(cls: type[_T], data: Any, where: str) -> _T:
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: expected a table of keys, got {data!r}")
    hints = get_type_hints(cls)
    known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ConfigError(
            f"{where}: unknown key {unknown[0]!r}; expected one of {', '.join(sorted(known))}"
        )
    kwargs: dict[str, Any] = {}
    for name, f in known.items():
        if name in data:
            kwargs[name] = _check_value(where, name, data[name], hints[name], f.metadata)
        elif f.default is MISSING and f.default_factory is MISSING:  # pragma: no cover
            raise ConfigError(f"{where}: missing required key {name!r}")
    return cls(**kwargs)


def parse_profile(data: dict[str, Any], origin: str = "<profile>") -> Profile:
    """Validate a parsed TOML document and build a :class:`Profile`.

    Raises:
        ConfigError: unknown tables or keys, wrong types, values outside the allowed choices,
            or inconsistent options.
    """
    unknown = sorted(set(data) - set(_SECTIONS))
    if unknown:
        raise ConfigError(
            f"{origin}: unknown table [{unknown[0]}]; expected tables "
            + ", ".join(f"[{s}]" for s in _SECTIONS)
        )
    parts: dict[str, Any] = {}
    for sec, cls in _SECTIONS.items():
        parts[_ATTR[sec]] = _build(cls, data.get(sec, {}), f"{origin} [{sec}]")
    prof = Profile(**parts)
    _check_consistency(prof, origin)
    return prof


def _check_consistency(p: Profile, origin: str) -> None:
    if not p.meta.name:
        raise ConfigError(f"{origin} [profile]: name is required")
    if p.table.min_wager > p.table.max_wager:
        raise ConfigError(
            f"{origin} [table]: min_wager {p.table.min_wager} exceeds max_wager {p.table.max_wager}"
        )
    if p.dealing.default_style not in p.dealing.styles:
        raise ConfigError(
            f"{origin} [dealing]: default_style {p.dealing.default_style!r} is not among "
            f"styles {p.dealing.styles}"
        )
    if p.start.rng_min > p.start.rng_max:
        raise ConfigError(f"{origin} [start]: rng_min exceeds rng_max")
    if not p.banking.house_banks and not p.banking.player_bank:
        raise ConfigError(f"{origin} [banking]: nobody can bank (house_banks and player_bank)")
    if p.side_bets.pair_fortunes and not p.side_bets.pair_fortunes_tables:
        raise ConfigError(f"{origin} [side_bets]: pair_fortunes needs pair_fortunes_tables")
    if p.banking.dealer_wager_basis == "fixed" and not p.banking.dealer_wager_fixed_cents:
        raise ConfigError(
            f"{origin} [banking]: dealer_wager_basis 'fixed' needs dealer_wager_fixed_cents"
        )
    sched = p.commission.collection_schedule
    if sched and sched[-1][0] < p.table.max_wager:
        raise ConfigError(
            f"{origin} [commission]: collection_schedule must reach the table maximum "
            f"{p.table.max_wager}; its last bet is {sched[-1][0]}"
        )
    if p.side_bets.supreme_bonus_min_cents > p.side_bets.supreme_bonus_max_cents:
        raise ConfigError(
            f"{origin} [side_bets]: supreme_bonus_min_cents exceeds supreme_bonus_max_cents"
        )
    ring = len(p.ring)
    if p.meta.game == "cards" and (ring != 7 or p.table.dead_hand or not p.table.dealer_hand):
        raise ConfigError(
            f"{origin} [table]: Supreme Pai Gow deals seven hands: the dealer and 6 positions, "
            "no dead hand"
        )
    methods = set(p.dealing.styles) | {p.dealing.default_style}
    if p.meta.game == "cards" and not methods <= set(CARD_METHODS):
        raise ConfigError(f"{origin} [dealing]: card styles are {', '.join(CARD_METHODS)}")
    if p.meta.game == "tiles" and methods & set(CARD_METHODS):
        raise ConfigError(f"{origin} [dealing]: tile styles are a..j")
    if p.meta.game == "tiles" and ring != 8:
        raise ConfigError(
            f"{origin} [table]: a tile table deals 8 stacks, so the ring must have 8 hands "
            f"(dealer {p.table.dealer_hand}, positions {p.table.positions}, dead hand "
            f"{p.table.dead_hand} gives {ring})"
        )


def load_profile(path: str | Path) -> Profile:
    """Read and validate a profile TOML file.

    Raises:
        ConfigError: the file cannot be read, is over :data:`PROFILE_LIMIT` bytes, is not UTF-8
            TOML (a byte-order mark is accepted), or fails validation; the message names it.
    """
    p = Path(path)
    return _parse_text(read_text(p, what="profile", limit=PROFILE_LIMIT), str(p))


def _parse_text(text: str, origin: str) -> Profile:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{origin}: not valid TOML: {e}") from e
    except RecursionError:
        raise ConfigError(f"{origin}: not a profile: arrays or tables nested too deeply") from None
    return parse_profile(data, origin)


def _bundled() -> dict[str, str]:
    root = resources.files(__package__)
    return {
        entry.name.removesuffix(".toml"): entry.read_text(encoding="utf-8")
        for entry in root.iterdir()
        if entry.name.endswith(".toml")
    }


@cache
def _registry() -> tuple[dict[str, Profile], dict[str, str]]:
    profiles: dict[str, Profile] = {}
    aliases: dict[str, str] = {}
    for stem, text in sorted(_bundled().items()):
        prof = _parse_text(text, f"{stem}.toml")
        if prof.name != stem:
            raise ConfigError(f"{stem}.toml: [profile] name {prof.name!r} must match the file name")
        profiles[prof.name] = prof
        for alias in (prof.name, *prof.meta.aliases):
            aliases[alias.lower()] = prof.name
    return profiles, aliases


def profile_names() -> list[str]:
    """Names of the bundled profiles, sorted."""
    return sorted(_registry()[0])


def get_profile(name: str) -> Profile:
    """A bundled profile by name or alias (case-insensitive), or a path to a TOML file.

    Raises:
        ConfigError: no such profile.
    """
    if name.endswith(".toml"):
        return load_profile(name)
    profiles, aliases = _registry()
    key = aliases.get(name.lower())
    if key is None:
        raise ConfigError(
            f"unknown profile {name!r}; expected one of {', '.join(sorted(profiles))} "
            "or a path to a .toml file"
        )
    return profiles[key]
