"""``paigow session`` when play stops at ruin: the law of the result when a round is played only
while the money left covers its wager (:mod:`paigow.bankroll.stopping`).

The view that ``paigow session`` gave alone before plays every round as if the bankroll never
ran out, and so puts probability on losing more than the bankroll. The forward dynamic
programme over the bankroll is checked against two slow, obvious references in exact rational
arithmetic (every path of a short session; a plain recursion over the money held), and by
invariants over random laws (hypothesis): the probabilities sum to 1, the risk of ruin grows
with the rounds, there is no ruin when the bankroll covers every round's worst loss, and the
expected result is the expected rounds played times a round's mean (Wald's identity).
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.bankroll.laws import SideBet, round_law
from paigow.bankroll.session import session
from paigow.bankroll.stopping import Stopped, stopped
from paigow.cli.main import main
from paigow.profiles import get_profile

GENERIC = get_profile("generic")
Law = Mapping[int, Fraction]


def _paths(
    laws: Sequence[tuple[Law, int]], order: Sequence[int], bankroll: int
) -> tuple[dict[int, Fraction], list[Fraction], Fraction]:
    """Every path of outcomes, played round by round while the money covers the round's
    stake (the tree of outcomes walked depth first, a path that stops ends there): the law of
    the result, the chance of ruin by each round, the expected rounds played."""
    result: dict[int, Fraction] = {}
    ruin_at = [Fraction(0)] * len(order)
    rounds = [Fraction(0)]

    def walk(r: int, money: int, prob: Fraction) -> None:
        if r == len(order):
            result[money - bankroll] = result.get(money - bankroll, Fraction(0)) + prob
            return
        law, stake = laws[order[r]]
        if money < stake:
            ruin_at[r] += prob
            result[money - bankroll] = result.get(money - bankroll, Fraction(0)) + prob
            return
        rounds[0] += prob
        for x, p in law.items():
            walk(r + 1, money + x, prob * p)

    walk(0, bankroll, Fraction(1))
    return result, list(itertools.accumulate(ruin_at)), rounds[0]


def _recursion(law: Law, stake: int, rounds: int, bankroll: int) -> dict[int, Fraction]:
    """The law of the money at the end, by the plain recursion ``L(m, t)``: the law from
    ``m`` with ``t`` rounds to go is the point ``m`` when ``t = 0`` or ``m`` cannot cover the
    stake, else the law's mixture of ``L(m + x, t - 1)``."""

    @functools.cache
    def end(m: int, t: int) -> tuple[tuple[int, Fraction], ...]:
        if t == 0 or m < stake:
            return ((m, Fraction(1)),)
        out: dict[int, Fraction] = {}
        for x, p in law.items():
            for y, q in end(m + x, t - 1):
                out[y] = out.get(y, Fraction(0)) + p * q
        return tuple(out.items())

    return {m - bankroll: p for m, p in end(bankroll, rounds)}


def _law_of(s: Stopped) -> dict[int, float]:
    return {s.low + i * s.unit: float(p) for i, p in enumerate(s.pmf) if p}


def _assert_law(s: Stopped, exact: Mapping[int, Fraction]) -> None:
    got = _law_of(s)
    for x in set(got) | set(exact):
        assert got.get(x, 0.0) == pytest.approx(float(exact.get(x, 0)), abs=1e-12), x


def test_the_fast_path_matches_every_path_of_a_short_session() -> None:
    """Player rounds with a Pair Fortunes side bet (joined hand by hand: many outcomes) and a
    banking round every third, from bankrolls that are ruined early, late and never."""
    pf = (SideBet("pair-fortunes", "1", 500),)
    law = round_law(GENERIC, bet=2500, way="canberra", dealer="canberra", side_bets=pf)
    banker = round_law(GENERIC, bet=2500, way="canberra", dealer="canberra", banker=True)
    order = [0, 0, 1, 0]
    laws = [(law, 3000), (banker, 2500)]
    for bankroll in (2500, 3000, 5500, 8000, 30000):
        exact, ruin_by, rounds = _paths(laws, order, bankroll)
        s = stopped(
            law,
            rounds=4,
            bankroll=bankroll,
            bank_every=3,
            banker=banker,
            stake=3000,
            banker_stake=2500,
        )
        _assert_law(s, exact)
        assert list(s.ruin_by_round) == pytest.approx([float(r) for r in ruin_by], abs=1e-12)
        assert s.rounds_expected == pytest.approx(float(rounds), abs=1e-12)
        mean = sum((x * p for x, p in exact.items()), Fraction(0))
        assert s.mean == pytest.approx(float(mean), abs=1e-9)
        # the backward risk of ruin of session() is the same event
        free = session(
            law,
            rounds=4,
            bankroll=bankroll,
            bank_every=3,
            banker=banker,
            stake=3000,
            banker_stake=2500,
        )
        assert s.ruin == pytest.approx(free.ruin, abs=1e-12)


def test_the_paths_reference_counts_each_stopped_path_once() -> None:
    """The reference itself: a fair coin of +1/-1 from 1 with a stake of 1 is ruined after
    the first round with probability 1/2, and ends at +2, 0 or -1 over two rounds."""
    coin = {100: Fraction(1, 2), -100: Fraction(1, 2)}
    assert _paths([(coin, 100)], [0, 0], 100) == (
        {200: Fraction(1, 4), 0: Fraction(1, 4), -100: Fraction(1, 2)},
        [Fraction(0), Fraction(1, 2)],
        Fraction(3, 2),
    )


@pytest.mark.parametrize("bankroll", [2500, 10000, 25000])
def test_the_fast_path_matches_a_plain_recursion_over_the_money(bankroll: int) -> None:
    """Twenty rounds of $25 against regulation, exact rational recursion."""
    law = round_law(GENERIC, bet=2500, way="regulation", dealer="regulation")
    exact = _recursion(law, 2500, 20, bankroll)
    s = stopped(law, rounds=20, bankroll=bankroll, stake=2500)
    _assert_law(s, exact)
    for q in (0.05, 0.25, 0.5, 0.75, 0.95):
        acc, want = Fraction(0), None
        for x in sorted(exact):
            acc += exact[x]
            if acc >= Fraction(q):
                want = x
                break
        assert s.quantile(q) == want


@pytest.mark.parametrize("bankroll", [2500, 2600, 5000, 5100, 7600])
def test_the_risk_of_ruin_counts_a_loss_past_the_money(bankroll: int) -> None:
    """The defect (found by the invariants below): at Lucky Chances a lost bet costs the bet
    and the collection ($26 on a $25 bet), more than a bankroll that just covers the bet, and
    the backward risk of ruin took the money below nothing for a bankroll that lasts ($25 for
    3 rounds: 48.7 % instead of 79.5 %, less than from $26). Both passes now agree with every
    path of the session."""
    law = round_law(get_profile("lucky-chances"), bet=2500, way="regulation", dealer="regulation")
    assert -min(law) > 2500  # a loss is more than the stake
    _, ruin_by, _ = _paths([(law, 2500)], [0, 0, 0], bankroll)
    free = session(law, rounds=3, bankroll=bankroll, stake=2500)
    stop = stopped(law, rounds=3, bankroll=bankroll, stake=2500)
    assert free.ruin == pytest.approx(float(ruin_by[-1]), abs=1e-12)
    assert stop.ruin == pytest.approx(float(ruin_by[-1]), abs=1e-12)


def test_losing_more_than_the_bankroll_is_only_in_the_view_without_ruin() -> None:
    """The defect: N rounds as if the bankroll never ran out put probability on losing more
    than the bankroll ($500, 100 rounds of $25: about 1 %); stopping at ruin puts none there,
    and its ruin is what the backward dynamic programme gives."""
    law = round_law(GENERIC, bet=2500, way="regulation", dealer="regulation")
    free = session(law, rounds=100, bankroll=50000, stake=2500)
    stop = stopped(law, rounds=100, bankroll=50000, stake=2500)
    assert free.prob_below(-50000) > 0.005
    assert stop.prob_below(-50000) == 0.0
    assert stop.ruin == pytest.approx(free.ruin, abs=1e-12)
    assert 0 < stop.rounds_expected < 100


@st.composite
def _laws(draw: st.DrawFn) -> tuple[dict[int, Fraction], int]:
    """A round's law on a grid of 25 cents: a stake, outcomes from -stake (or a fee more) to
    twice the stake, positive weights."""
    stake = 25 * draw(st.integers(1, 8))
    fee = 25 * draw(st.integers(0, 1))
    xs = draw(st.lists(st.integers(-(stake + fee) // 25, 2 * stake // 25), min_size=1, max_size=5))
    ws = draw(st.lists(st.integers(1, 9), min_size=len(xs), max_size=len(xs)))
    law: dict[int, Fraction] = {}
    for x, w in zip(xs, ws, strict=True):
        law[25 * x] = law.get(25 * x, Fraction(0)) + w
    total = sum(law.values())
    return {x: w / total for x, w in law.items()}, stake


@settings(max_examples=60, deadline=None)
@given(law=_laws(), rounds=st.integers(1, 12), bankroll=st.integers(0, 80).map(lambda b: 25 * b))
def test_invariants_over_random_laws(
    law: tuple[dict[int, Fraction], int], rounds: int, bankroll: int
) -> None:
    """The probabilities sum to 1, the ruin by round never falls and stays in [0, 1], one more
    round never lowers the risk of ruin, the expected result is Wald's (expected rounds played
    times a round's mean), and the ruin is the backward risk of session()."""
    dist, stake = law
    s = stopped(dist, rounds=rounds, bankroll=bankroll, stake=stake)
    assert s.pmf.sum() == pytest.approx(1.0, abs=1e-12)
    assert (s.pmf >= 0).all()
    assert (np.diff(s.ruin_by_round) >= -1e-15).all()
    assert 0.0 <= s.ruin <= 1.0
    longer = stopped(dist, rounds=rounds + 1, bankroll=bankroll, stake=stake)
    assert longer.ruin >= s.ruin - 1e-12
    mean = float(sum((x * p for x, p in dist.items()), Fraction(0)))
    assert s.mean == pytest.approx(s.rounds_expected * mean, abs=1e-7)
    assert 0.0 <= s.rounds_expected <= rounds + 1e-12
    assert s.ruin == pytest.approx(
        session(dist, rounds=rounds, bankroll=bankroll, stake=stake).ruin, abs=1e-12
    )


@settings(max_examples=40, deadline=None)
@given(law=_laws(), rounds=st.integers(1, 12), extra=st.integers(0, 8))
def test_no_ruin_when_the_bankroll_covers_every_worst_loss(
    law: tuple[dict[int, Fraction], int], rounds: int, extra: int
) -> None:
    """From rounds x the worst loss (at least the stake) no session can be ruined: every round
    is played, and the stopped law is the law of every round played."""
    dist, stake = law
    worst = max(stake, -min(dist))
    bankroll = rounds * worst + 25 * extra
    s = stopped(dist, rounds=rounds, bankroll=bankroll, stake=stake)
    assert s.ruin == 0.0
    assert s.rounds_expected == pytest.approx(rounds, abs=1e-9)
    free = session(dist, rounds=rounds, bankroll=bankroll, stake=stake)
    got = _law_of(s)
    for i, p in enumerate(free.pmf):
        assert got.get(free.low + i * free.unit, 0.0) == pytest.approx(float(p), abs=1e-9)


def test_the_command_gives_both_views_and_says_what_each_assumes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``paigow session`` said nothing of its assumption and gave no figures for play that
    stops at ruin; now the text says both, and --json carries both views."""
    base = ["session", "--bankroll", "500", "--bet", "25", "--rounds", "100"]
    assert main(base) == 0
    out = capsys.readouterr().out
    assert "As if the bankroll never ran out" in out
    assert "When play stops at ruin" in out
    assert "losing more than the bankroll" in out and "rounds played (expected)" in out
    assert main([*base, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert "never ran out" in d["assumption"]
    assert d["prob_losing_more_than_bankroll"] > 0
    stop = d["stopping_at_ruin"]
    assert stop["ruin"] == pytest.approx(d["ruin"], abs=1e-12)
    assert sum(p for _, p in stop["distribution"]) == pytest.approx(1, abs=1e-6)
    assert min(x for x, _ in stop["distribution"]) >= -50000
    assert 0 < stop["expected_rounds"] < 100
    assert set(stop["quantiles_cents"]) == set(d["quantiles_cents"])
    assert len(stop["ruin_by_round"]) == 100
