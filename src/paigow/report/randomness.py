"""The randomness section: where chance comes from, the algorithms that use it, the
statistical battery run on this build (:mod:`paigow.qa`), and the chi-square of the first
stack's position and of the dice sums over many starts of the profile's rounds.

The battery and the starts draw from a named source of :mod:`paigow.qa.sources`: by default
``replay``, SystemRandom's own code (its shuffle, its rejection sampling) over a seeded
SHAKE-256 byte stream, so the report is the same every time for the same build and anyone can
draw the same outcomes again (``scripts/randomness_report.py --source replay --seed N``); the
operating system's source itself (``system``) is one option away, and its figures then differ
from run to run as they should.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Final

from paigow.games.dice import count_start, roll_dice
from paigow.profiles import Profile
from paigow.qa.battery import run_battery
from paigow.qa.distributions import multinomial_test
from paigow.qa.sampling import Plan, collect
from paigow.qa.sources import SOURCES, make_rng

from .model import Battery, BatteryRow, ChiSquare, Randomness

__all__ = ["RandomnessPlan", "first_stack_law", "randomness_section"]

SOURCE_WORDS: Final = (
    "random.SystemRandom, the operating system's cryptographic generator (os.urandom; on Linux "
    "the getrandom system call), never seeded: every table of the service and every command "
    "without --seed draws from it (paigow.games.dice.default_rng). A seeded generator is used "
    "only where a seed is given for a reproducible run (paigow round --seed, tests)."
)
SHUFFLE_WORDS: Final = (
    "The wash of the tiles and the shuffle of the cards are SystemRandom.shuffle of the whole "
    "set: Fisher-Yates from the last position down, each swap index drawn uniformly by "
    "rejection sampling on getrandbits (no modulo bias), so every order is equally likely "
    "(R-SHUF-03/04, R-SPG-08); the round checks that the order holds exactly one set."
)
DICE_WORDS: Final = (
    "Three dice, each SystemRandom.randint(1, 6) by the same rejection sampling (R-START-02); "
    "the total counted around the ring from the bank's position, counted as one, names the "
    "position dealt the first stack (R-START-04, paigow.games.dice.count_start). An RNG "
    "start number is SystemRandom.randint over the profile's range (R-START-07). Where "
    "Dragon's Eye is played, its die alone names the start (R-START-09); the battery tests "
    "each die's faces."
)


#: The battery's streams (:data:`paigow.qa.sampling.STREAMS`) in words.
STREAM_WORDS: Final = {
    "tiles": "tile washes",
    "cards": "card shuffles",
    "dice": "rolls of three dice",
    "rng-md": "RNG start numbers 1-8",
    "rng-nj": "RNG start numbers 1-7",
    "bits": "32-bit words",
}


@dataclass(frozen=True)
class RandomnessPlan:
    """How much the report draws, and from which source (``seed``: for a seeded source)."""

    shuffles: int = 20_000
    rolls: int = 200_000
    rng_numbers: int = 200_000
    words: int = 1 << 17
    starts: int = 100_000
    source: str = "replay"
    seed: int | None = 20_260_101
    alpha: float = 0.01


def _battery(plan: RandomnessPlan) -> Battery:
    src = SOURCES[plan.source]
    seed = plan.seed if src.seeded else None
    sample = Plan(plan.shuffles, plan.rolls, plan.rng_numbers, plan.words, plan.source, seed)
    samples = collect(sample, jobs=1)
    report = run_battery(samples.arrays, alpha=plan.alpha)
    rejected = iter(report.rejected)
    sections = tuple(
        (
            s.name,
            tuple(
                BatteryRow(r.name, r.stat, r.dof, r.p, next(rejected), r.detail) for r in s.results
            ),
        )
        for s in report.sections
    )
    return Battery(
        source=src.name,
        source_description=src.description,
        seed=seed,
        draws=tuple((STREAM_WORDS.get(k, k), len(v)) for k, v in samples.arrays.items()),
        sections=sections,
        alpha=plan.alpha,
        passed=report.passed,
    )


def _counted_from(profile: Profile) -> str:
    """The position counted as one: the dealer's where the house banks, else the bank's seat
    (a Player-Dealer at seat 1)."""
    ring = profile.ring
    return "dealer" if profile.banking.house_banks and "dealer" in ring else ring[0]


def first_stack_law(profile: Profile) -> dict[str, Fraction]:
    """The exact probability of each ring position receiving the first stack when the start
    is counted by the total of three dice from the bank's position (R-START-04)."""
    ring = profile.ring
    law = dict.fromkeys(ring, Fraction(0))
    for roll in product(range(1, 7), repeat=3):
        law[count_start(ring, sum(roll), _counted_from(profile))] += Fraction(1, 216)
    return law


def _chi(name: str, trials: int, observed: Counter[str], law: dict[str, Fraction]) -> ChiSquare:
    labels = list(law)
    m = multinomial_test([observed[k] for k in labels], [float(law[k]) for k in labels])
    cells = tuple((k, observed[k], law[k]) for k in labels)
    return ChiSquare(name, trials, cells, m.stat, m.dof, m.p)


def randomness_section(profile: Profile, plan: RandomnessPlan) -> Randomness:
    """The randomness of ``profile``'s rounds as this build draws it, under ``plan``."""
    rng = make_rng(plan.source, plan.seed, "report-starts", profile.name)
    ring = profile.ring
    counted = _counted_from(profile)
    starts: Counter[str] = Counter()
    sums: Counter[str] = Counter()
    for _ in range(plan.starts):
        dice = roll_dice(rng)
        total = sum(dice)
        sums[str(total)] += 1
        starts[count_start(ring, total, counted)] += 1
    sum_law = {str(t): Fraction(0) for t in range(3, 19)}
    for roll in product(range(1, 7), repeat=3):
        sum_law[str(sum(roll))] += Fraction(1, 216)
    seeded = SOURCES[plan.source].seeded
    seed = f" --seed {plan.seed}" if seeded and plan.seed is not None else ""
    return Randomness(
        source=SOURCE_WORDS,
        shuffle=SHUFFLE_WORDS,
        dice=DICE_WORDS,
        battery=_battery(plan),
        first_stack=_chi(
            f"position dealt the first stack, counted from {counted}",
            plan.starts,
            starts,
            first_stack_law(profile),
        ),
        dice_sums=_chi("dice totals 3..18", plan.starts, sums, sum_law),
        how=(
            f"scripts/randomness_report.py --source {plan.source}{seed} "
            f"--shuffles {plan.shuffles} --rolls {plan.rolls} --rng-numbers {plan.rng_numbers} "
            f"--bits {32 * plan.words} --jobs 1"
        ),
    )
