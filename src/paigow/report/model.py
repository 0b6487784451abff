"""The report as data: every section a laboratory reads, each figure exact where it can be.

A wager's probability and accounting table (:class:`ParTable`) lists its outcomes
(:class:`Line`: how often, in exact fractions, and what each pays per unit), from which its
return, house edge, hit frequency and variance follow; the hold at stated bets
(:class:`HoldRow`) charges the commission as the table rounds it. The other sections are the
rules as configured (:class:`Rules`), the randomness (:class:`Randomness`), the records
(:class:`Records`) and the software's identity (:class:`Identity`), gathered in :class:`Report`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from paigow.exact.results import PublishedFigure

__all__ = [
    "Battery",
    "BatteryRow",
    "ChiSquare",
    "HoldRow",
    "Identity",
    "Line",
    "ParTable",
    "Randomness",
    "Records",
    "Report",
    "RuleLine",
    "RuleSection",
    "Rules",
]


@dataclass(frozen=True)
class Line:
    """One outcome of a wager.

    Attributes:
        outcome: what happens to the wager: ``win``, ``push`` or ``lose``.
        detail: the outcome in words.
        count: the outcomes counted (deals, hands, dice), or 0 where only a probability is
            known (a stationary law).
        probability: its exact probability.
        pays: the net result per unit wagered, before commission.
        pays_net: the same after commission (equal to ``pays`` where none is charged).
    """

    outcome: str
    detail: str
    count: int
    probability: Fraction
    pays: Fraction
    pays_net: Fraction

    @property
    def contribution(self) -> Fraction:
        """Its part of the return before commission: probability times pays."""
        return self.probability * self.pays

    @property
    def contribution_net(self) -> Fraction:
        """Its part of the return after commission."""
        return self.probability * self.pays_net


@dataclass(frozen=True)
class HoldRow:
    """The house's hold on a wager of ``bet`` cents, the commission charged as the table
    charges it (rounded), and the collection taken in advance, if any."""

    bet: int
    commission: int
    collection: int
    hold: Fraction


@dataclass(frozen=True)
class ParTable:
    """One wager's probability and accounting table.

    Attributes:
        key: a short stable name (``player-house``, ``pair-fortunes-A``).
        title: the wager and the bettor, in words.
        conditions: how it is played: the ways, the comparison rules, the commission.
        lines: every outcome.
        total: the outcomes counted (the common denominator), 0 for a stationary law.
        unit: what is counted (``deals``, ``hands``, ``dice outcomes``).
        commission: the commission rate on wins (None: no commission on this wager).
        how: the command that reproduces the figures.
        hold: the hold at stated bets (main wager).
        notes: what the per-unit figures leave out.
    """

    key: str
    title: str
    conditions: str
    lines: tuple[Line, ...]
    total: int
    unit: str
    commission: Fraction | None
    how: str
    hold: tuple[HoldRow, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def probability(self) -> Fraction:
        """The sum of the lines' probabilities (1)."""
        return sum((ln.probability for ln in self.lines), Fraction(0))

    @property
    def ev_gross(self) -> Fraction:
        """Expected net result per unit before commission."""
        return sum((ln.contribution for ln in self.lines), Fraction(0))

    @property
    def ev(self) -> Fraction:
        """Expected net result per unit, commission included: the return."""
        return sum((ln.contribution_net for ln in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """The house's edge against the bettor, per unit: minus the return."""
        return -self.ev

    @property
    def hit_frequency(self) -> Fraction:
        """The probability that the wager wins something."""
        return sum((ln.probability for ln in self.lines if ln.pays_net > 0), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """The variance of the net result per unit, commission included."""
        second = sum((ln.probability * ln.pays_net**2 for ln in self.lines), Fraction(0))
        return second - self.ev**2

    @property
    def sd(self) -> float:
        """The standard deviation per unit, commission included."""
        return math.sqrt(self.variance)


@dataclass(frozen=True)
class RuleLine:
    """One key of the profile as configured: its value, what it means, and the clause of the
    seed document it follows (from the profile's own annotation; empty where it has none)."""

    section: str
    key: str
    value: str
    meaning: str
    clause: str
    stated: bool


@dataclass(frozen=True)
class RuleSection:
    """The rules of one topic."""

    title: str
    lines: tuple[RuleLine, ...]


@dataclass(frozen=True)
class Rules:
    """The rules as configured: the game, the table, every key of the profile."""

    profile: str
    title: str
    source: str
    notes: str
    game: str
    pieces: str
    ring: tuple[str, ...]
    house_way: str
    house_way_description: str
    profile_digest: str
    annotated: bool
    sections: tuple[RuleSection, ...]


@dataclass(frozen=True)
class BatteryRow:
    """One statistical test of the battery."""

    name: str
    stat: float
    dof: int | None
    p: float
    rejected: bool
    detail: str


@dataclass(frozen=True)
class Battery:
    """The statistical battery as run for the report."""

    source: str
    source_description: str
    seed: int | None
    draws: tuple[tuple[str, int], ...]
    sections: tuple[tuple[str, tuple[BatteryRow, ...]], ...]
    alpha: float
    passed: bool

    @property
    def tests(self) -> int:
        """How many tests ran."""
        return sum(len(rows) for _, rows in self.sections)


@dataclass(frozen=True)
class ChiSquare:
    """A chi-square test of observed counts against exact probabilities."""

    name: str
    trials: int
    cells: tuple[tuple[str, int, Fraction], ...]
    stat: float
    dof: int
    p: float


@dataclass(frozen=True)
class Randomness:
    """Where chance comes from and how it was tested."""

    source: str
    shuffle: str
    dice: str
    battery: Battery
    first_stack: ChiSquare
    dice_sums: ChiSquare
    how: str


@dataclass(frozen=True)
class Records:
    """The round record's format, one round recorded, recalled and replayed, one altered
    copy refused, and what the audit checks."""

    format: str
    header_fields: tuple[str, ...]
    body_fields: tuple[str, ...]
    seed: int | None
    record_id: str
    record_bytes: int
    operations: int
    transfers: int
    head: str
    profile_check: str
    hands: tuple[tuple[str, str], ...]
    money: tuple[tuple[str, int], ...]
    altered: str
    refusal: str
    audit: tuple[str, ...]
    how: str


@dataclass(frozen=True)
class Identity:
    """Which build made the report: its version, the record format and database schema it
    writes, where it ran, and the SHA-256 of every file of the installed package."""

    version: str
    record_format: str
    schema: str
    python: str
    platform: str
    libraries: tuple[tuple[str, str], ...]
    manifest: tuple[tuple[str, int, str], ...]

    @property
    def manifest_text(self) -> str:
        """The manifest as ``sha256sum`` writes it: ``SHA256  PATH``, one line per file (so
        ``sha256sum -c`` checks an installed package against it, from the folder above it)."""
        return "".join(f"{h}  {p}\n" for p, _, h in self.manifest)

    @property
    def digest(self) -> str:
        """The SHA-256 of :attr:`manifest_text`: one figure that names the build."""
        import hashlib

        return hashlib.sha256(self.manifest_text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Report:
    """The whole report of one profile."""

    profile: str
    title: str
    command: str
    rules: Rules
    main: tuple[ParTable, ...]
    side: tuple[ParTable, ...]
    published: tuple[PublishedFigure, ...]
    randomness: Randomness
    records: Records
    identity: Identity
    checks: tuple[str, ...] = field(default=())
