"""Dragon's Eye (R-DE-01..11, CO §30-2607.01 and §30-2612): dice wagers and exact returns.

Dice are written ``(de, a, b)``: the Dragon's Eye die first, then the two same-coloured dice.
The 216 equally likely outcomes are :data:`ALL_DICE`. Settle functions return the net result
of a one-unit wager in units: ``+odds`` when it wins, ``-1`` when it loses.

Dice bonus model (R-DE-10, AMB-12, AMB-14)
------------------------------------------
A dice bonus wager is kept on the layout round after round. The *streak* ``s`` in {0, 1, 2}
counts the triples in a row before the roll. On a triple the wager is paid at tier ``s + 1`` and
stays in place; the streak becomes ``s + 1``, and after the third consecutive triple it returns
to 0 so the next triple is a "first" again (AMB-14 (iv)). On any other roll the wager loses and
the streak returns to 0; the player then places a fresh unit (new wagers are taken only after a
non-triple, AMB-14 (v)), so exactly one unit is at risk every round.

Pays depend on who shakes. After a triple, the Dragon's Eye button goes to the position shown
on the DE die (the triple's number), and that player, if holding a dice bonus wager, shakes the
next round (§30-2607.01(3),(5)); otherwise the dealer shakes, and a dealer-shaken triple pays
every wager at the non-shaker rate (AMB-12). The Markov state before a roll is
``(streak, shaker)`` where ``shaker`` says whether *this* player shakes:

* from any state, with probability 35/36 no triple: the wager loses, next state ``(0, False)``;
* with probability 1/216 a triple of the player's own seat number: pays tier ``s + 1``, next
  state ``((s + 1) mod 3, True)``;
* with probability 5/216 another triple: pays tier ``s + 1``, next ``((s + 1) mod 3, False)``.

The pay on a triple is the shaker column (30 / 500 / 10,000) in a ``shaker`` state and the
non-shaker column (25 / 50 / 1,000) otherwise. A player *who shakes whenever entitled* sits at
a seat 1..6 (a given seat receives the button on 1/6 of triples); a *non-shaker* is a player who
always lets the dealer shake, or sits at position 7, which never receives the button (AMB-13a):
for that player the ``shaker`` states are never entered.

Vig alternatives (R-DE-11, CO §30-2608(12)): under mode (a) tile wins pay 1:1 less 5 % vig;
under mode (b) no vig is taken in the tiles phase but a triple also makes every Pai Gow Tiles
wager lose (AMB-15: collected in the dice phase). In both modes a triple makes odd and even lose,
as settled here; the dice wagers are the same in both modes, and the effect on the tiles phase
belongs to the table engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Final

from paigow.errors import IllegalActionError

__all__ = [
    "ALL_DICE",
    "DICE_BONUS_OTHER_PAYS",
    "DICE_BONUS_SHAKER_PAYS",
    "MAX_POSITION",
    "TRIPLE_PROBABILITY",
    "DEWager",
    "Dice",
    "DiceBonusChain",
    "button_position",
    "dice_bonus_chain",
    "dice_bonus_pay",
    "dice_bonus_return",
    "dice_bonus_wager_value",
    "is_triple",
    "settle",
    "settle_double",
    "settle_even",
    "settle_match",
    "settle_odd",
    "settle_triple",
    "solve_linear",
    "stationary_distribution",
    "streak_distribution",
    "streak_step",
    "wager_return",
]

#: Three dice: (Dragon's Eye die, same-coloured die, same-coloured die).
Dice = tuple[int, int, int]

#: The 216 equally likely outcomes.
ALL_DICE: Final[tuple[Dice, ...]] = tuple(itertools.product(range(1, 7), range(1, 7), range(1, 7)))

#: Highest player position number (a seven-spot table, AMB-13a).
MAX_POSITION: Final = 7

#: Dice bonus odds by streak tier 1/2/3 (R-DE-10): the player shaking the dice, everyone else.
DICE_BONUS_SHAKER_PAYS: Final = (30, 500, 10_000)
DICE_BONUS_OTHER_PAYS: Final = (25, 50, 1_000)

#: Probability of a triple on one roll.
TRIPLE_PROBABILITY: Final = Fraction(1, 36)


class DEWager(Enum):
    """The Dragon's Eye single-roll wagers (R-DE-01)."""

    ODD = "odd"
    EVEN = "even"
    DOUBLE = "double"
    TRIPLE = "triple"
    MATCH = "match"


def _check(dice: Dice) -> Dice:
    if len(dice) != 3 or any(not 1 <= d <= 6 for d in dice):
        raise IllegalActionError(f"dice must be three values 1..6, got {dice!r}")
    return dice


def is_triple(dice: Dice) -> bool:
    """All three dice show the same number (R-DE-02)."""
    de, a, b = _check(dice)
    return de == a == b


def button_position(dice: Dice) -> int:
    """Position that receives the Dragon's Eye button: the DE die (R-DE-03)."""
    return _check(dice)[0]


def settle_odd(dice: Dice) -> int:
    """Odd wager (R-DE-07): +1 if the DE die is 1, 3 or 5 and the dice are not a triple."""
    return 1 if dice[0] % 2 == 1 and not is_triple(dice) else -1


def settle_even(dice: Dice) -> int:
    """Even wager (R-DE-06): +1 if the DE die is 2, 4 or 6 and the dice are not a triple."""
    return 1 if dice[0] % 2 == 0 and not is_triple(dice) else -1


def settle_double(dice: Dice) -> int:
    """Double wager (R-DE-08): +4 if the two non-DE dice are equal (a triple wins, AMB-13b)."""
    _, a, b = _check(dice)
    return 4 if a == b else -1


def settle_triple(dice: Dice) -> int:
    """Triple wager (R-DE-09): +30 on a triple."""
    return 30 if is_triple(dice) else -1


def settle_match(dice: Dice, position: int) -> int:
    """Match wager at ``position`` 1..7 (R-DE-05): +1 per die showing the position number.

    Position 7 can never match (AMB-13a), so it always loses.
    """
    if not 1 <= position <= MAX_POSITION:
        raise IllegalActionError(f"position must be 1..{MAX_POSITION}, got {position}")
    hits = sum(1 for d in _check(dice) if d == position)
    return hits if hits else -1


def settle(wager: DEWager, dice: Dice, position: int | None = None) -> int:
    """Net units won by a one-unit ``wager`` on ``dice``; ``position`` is needed for MATCH."""
    if wager is DEWager.MATCH:
        if position is None:
            raise IllegalActionError("a match wager needs the player's position number")
        return settle_match(dice, position)
    fn: dict[DEWager, Callable[[Dice], int]] = {
        DEWager.ODD: settle_odd,
        DEWager.EVEN: settle_even,
        DEWager.DOUBLE: settle_double,
        DEWager.TRIPLE: settle_triple,
    }
    return fn[wager](dice)


def wager_return(wager: DEWager, position: int | None = None) -> Fraction:
    """Exact expected net return per unit over the 216 outcomes.

    Odd and even -1/36, double -1/6, triple -5/36, match at positions 1..6 -17/216, at 7 -1.
    """
    return Fraction(sum(settle(wager, d, position) for d in ALL_DICE), len(ALL_DICE))


def dice_bonus_pay(tier: int, *, shaker: bool) -> int:
    """Odds paid on a triple at streak ``tier`` 1..3 (R-DE-10), shaker or non-shaker column."""
    if not 1 <= tier <= 3:
        raise IllegalActionError(f"streak tier must be 1, 2 or 3, got {tier}")
    return (DICE_BONUS_SHAKER_PAYS if shaker else DICE_BONUS_OTHER_PAYS)[tier - 1]


def streak_step(streak: int, dice: Dice) -> tuple[int, int]:
    """One round of the dice bonus streak (AMB-14): ``(tier paid, streak after the roll)``.

    ``streak`` is the count 0..2 of triples in a row before the roll. A triple pays tier
    ``streak + 1`` and the streak becomes ``streak + 1`` (back to 0 after the third); any other
    roll pays tier 0 (the wagers lose) and resets the streak to 0.
    """
    if not 0 <= streak <= 2:
        raise IllegalActionError(f"streak before a roll must be 0, 1 or 2, got {streak}")
    if is_triple(dice):
        return streak + 1, (streak + 1) % 3
    return 0, 0


# --- Exact linear algebra over Fractions -----------------------------------------------------


def solve_linear(a: Sequence[Sequence[Fraction]], b: Sequence[Fraction]) -> list[Fraction]:
    """Solve the square system ``a x = b`` exactly by Gauss-Jordan elimination.

    Raises:
        ValueError: the matrix is singular.
    """
    n = len(a)
    m = [[Fraction(v) for v in row] + [Fraction(b[i])] for i, row in enumerate(a)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            raise ValueError("singular system")
        m[col], m[pivot] = m[pivot], m[col]
        inv = 1 / m[col][col]
        m[col] = [v * inv for v in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col]
                m[r] = [v - f * w for v, w in zip(m[r], m[col], strict=True)]
    return [m[r][n] for r in range(n)]


def stationary_distribution(p: Sequence[Sequence[Fraction]]) -> list[Fraction]:
    """The stationary distribution ``pi`` of a row-stochastic matrix: ``pi P = pi``, sum 1.

    The chain must have a single closed class (transient states get probability 0).
    """
    n = len(p)
    # Equations (P^T - I) pi = 0 for states 0..n-2, plus sum(pi) = 1.
    rows = [[p[j][i] - (1 if i == j else 0) for j in range(n)] for i in range(n - 1)]
    rows.append([Fraction(1)] * n)
    return solve_linear(rows, [Fraction(0)] * (n - 1) + [Fraction(1)])


# --- The dice bonus streak chain -------------------------------------------------------------

State = tuple[int, bool]


@dataclass(frozen=True, slots=True)
class DiceBonusChain:
    """The dice bonus Markov chain for one player (see the module docstring).

    Attributes:
        states: ``(streak, shaker)`` pairs; ``states[0]`` is ``(0, False)``, where a wager is
            placed.
        transition: row-stochastic matrix over ``states``.
        round_return: expected net units of the round played from each state.
    """

    states: tuple[State, ...]
    transition: tuple[tuple[Fraction, ...], ...]
    round_return: tuple[Fraction, ...]


@cache
def dice_bonus_chain(shakes_when_entitled: bool) -> DiceBonusChain:
    """Build the chain for a player who shakes whenever entitled, or never (a non-shaker)."""
    states: tuple[State, ...] = tuple((s, sh) for sh in (False, True) for s in range(3))
    index = {st: i for i, st in enumerate(states)}
    p = TRIPLE_PROBABILITY
    own = p * Fraction(1, 6) if shakes_when_entitled else Fraction(0)
    rows: list[tuple[Fraction, ...]] = []
    returns: list[Fraction] = []
    for s, sh in states:
        row = [Fraction(0)] * len(states)
        row[index[(0, False)]] += 1 - p
        row[index[((s + 1) % 3, True)]] += own
        row[index[((s + 1) % 3, False)]] += p - own
        rows.append(tuple(row))
        returns.append(p * dice_bonus_pay(s + 1, shaker=sh) - (1 - p))
    return DiceBonusChain(states, tuple(rows), tuple(returns))


def dice_bonus_return(shakes_when_entitled: bool) -> Fraction:
    """Exact long-run expected net return per unit wagered per round of the dice bonus wager.

    The stationary average of the per-round return (see the module docstring): for a
    non-shaker -11455/47988 (about -23.87 %), for a player at seats 1..6 who shakes whenever
    entitled -1567075/10365408 (about -15.12 %).
    """
    chain = dice_bonus_chain(shakes_when_entitled)
    pi = stationary_distribution(chain.transition)
    return sum((w * r for w, r in zip(pi, chain.round_return, strict=True)), Fraction(0))


def dice_bonus_wager_value(shakes_when_entitled: bool) -> Fraction:
    """Expected total net units of one unit placed after a non-triple and kept until it loses.

    Solves ``v = r + P' v`` where ``P'`` keeps only the triple transitions (a non-triple ends
    the wager). Divided by the expected life of a wager, 36/35 rounds, this equals
    :func:`dice_bonus_return` (the loss returns the chain to the placing state).
    """
    chain = dice_bonus_chain(shakes_when_entitled)
    n = len(chain.states)
    p = TRIPLE_PROBABILITY
    loss = chain.states.index((0, False))
    a = [
        [
            (1 if i == j else 0) - (chain.transition[i][j] - (1 - p if j == loss else 0))
            for j in range(n)
        ]
        for i in range(n)
    ]
    return solve_linear(a, list(chain.round_return))[loss]


def streak_distribution(shakes_when_entitled: bool = False) -> dict[State, Fraction]:
    """Stationary probability of each ``(streak, shaker)`` state before a roll.

    Summed over ``shaker`` the streak distribution is 1296/1333, 36/1333, 1/1333 for streaks
    0, 1, 2 (it does not depend on who shakes); a tier-``k`` triple is paid on a fraction
    ``P(streak = k - 1) / 36`` of rounds.
    """
    chain = dice_bonus_chain(shakes_when_entitled)
    pi = stationary_distribution(chain.transition)
    return dict(zip(chain.states, pi, strict=True))
