"""The report's figures recomputed by an independent path (docs/report.md).

* the main wager: every line of every table (each deal by the result of each hand: won,
  copied, beaten) against the class-by-class enumeration of the multiplicity matrix, with the
  comparison rules written out here (R-RANK-11/13, R-SETTLE-05; the cards' R-SPG-04/05), and
  the best-setting tables against the best of the three settings of every hand;
* the side bets: Pair Fortunes against every physical hand of the 32 tiles classified one by
  one, Dragon's Eye against the closed forms of three dice, the dice bonus against the
  absorbing chain of one wager's life, the Supreme Pai Gow bonus against every four-card hand
  (deep runs);
* the published-figure table against the figures published, the hold against the commission
  as rounded at the table, the rules against the profiles' annotations, and the document
  against itself (made twice: the same bytes).

The default run checks the smallest tile profile and the card profile; ``PAIGOW_TEST_DEEP=1``
checks every bundled profile.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from depth import DEEP
from paigow.cli.table_cmds import round_data
from paigow.exact.hand_results import BEATEN, COPIED, WON, HandResults
from paigow.games import game_for
from paigow.games.cards.exact import multiplicity, rank_space, spg_optimal, spg_way_arrays
from paigow.games.cards.exact_par import spg_optimal_banker
from paigow.games.cards.hands import LITERAL_ZERO_STRENGTHS, ZERO_LIMIT
from paigow.games.tiles.dragons_eye import dice_bonus_wager_value
from paigow.games.tiles.exact.api import resolve
from paigow.games.tiles.pair_fortunes import PF_TABLES, PFClass, classify_pair_fortunes
from paigow.games.tiles.tiles import FULL_SET
from paigow.profiles import Profile, bundled_text, get_profile, profile_names
from paigow.report.build import build_report
from paigow.report.html import report_html
from paigow.report.main_wager import STRATEGIES, main_tables
from paigow.report.model import Identity, ParTable
from paigow.report.randomness import RandomnessPlan, first_stack_law
from paigow.report.rules import clauses_of, rules_section
from paigow.report.side_bets import dragons_eye_tables, side_tables

#: The profiles whose every figure is recomputed by default (a tile and the card profile);
#: every bundled profile in deep runs.
CHECKED = profile_names() if DEEP else ["generic", "nj-supreme"]
#: Tile hands of value 0 are the strengths below this (paigow.games.tiles.ranking).
TILE_ZERO = 20

Wins = Callable[[npt.NDArray[np.int64], npt.NDArray[np.int64]], npt.NDArray[np.bool_]]


Pair = tuple[npt.NDArray[np.integer], npt.NDArray[np.integer]]


def _cells(
    rows: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]],
    player: Pair,
    dealer: Pair,
    wins: tuple[Wins, Wins],
) -> list[list[int]]:
    """The nine counts by enumeration: ``rows`` are (multiplicity block, class weights) of
    consecutive player classes; a hand is won by the rule ``wins``, copied when of equal
    strength, beaten otherwise."""
    out = [[0] * 3 for _ in range(3)]
    start = 0
    for m, w in rows:
        stop = start + len(w)
        result = []
        for side in (0, 1):
            p = player[side][start:stop, None].astype(np.int64)
            d = dealer[side][None, :].astype(np.int64)
            won = wins[side](p, d)
            result.append(np.where(won, WON, np.where(p == d, COPIED, BEATEN)))
        cell = result[0] * 3 + result[1]
        for k in range(9):
            out[k // 3][k % 3] += int(np.where(cell == k, m, 0).sum(axis=1, dtype=np.int64) @ w)
        start = stop
    return out


def _tile_reference(prof: Profile, player: str, dealer: str) -> list[list[int]]:
    rate = Fraction(prof.commission_rate)
    pa = dealer if dealer != "optimal-banker" else None
    da = player if player != "optimal" else None
    pw, dw = resolve([(player, pa), (dealer, da)], prof, rate)
    space = pw.space
    r = prof.compare_rules

    def high(p: npt.NDArray[np.int64], d: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        won = p > d  # a copy goes to the bank
        if r.zero_zero_banker:  # 0 against 0 to the bank
            won &= ~((p < TILE_ZERO) & (d < TILE_ZERO))
        return won

    def low(p: npt.NDArray[np.int64], d: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        won = p > d
        if r.low_zero_loses:  # a player's zero low hand never wins
            won &= ~(p < TILE_ZERO)
        elif r.zero_zero_banker:
            won &= ~((p < TILE_ZERO) & (d < TILE_ZERO))
        return won

    rows = []
    for lo in range(0, space.size, 512):
        hi = min(lo + 512, space.size)
        rows.append((space.multiplicity_block(lo, hi).astype(np.int64), space.weight[lo:hi]))
    return _cells(rows, (pw.high, pw.low), (dw.high, dw.low), (high, low))


def _card_reference(prof: Profile, player: str, dealer: str) -> list[list[int]]:
    literal = prof.ranking.zero_rule == "literal"
    c = Fraction(prof.commission_rate)
    pw = (
        spg_optimal(dealer, commission=c, literal_zero=literal).arrays
        if player == "optimal"
        else spg_way_arrays(player)
    )
    dw = (
        spg_optimal_banker(player, commission=c, literal_zero=literal)
        if dealer == "optimal-banker"
        else spg_way_arrays(dealer)
    )
    zero = sorted(LITERAL_ZERO_STRENGTHS) if literal else list(range(ZERO_LIMIT))

    def high(p: npt.NDArray[np.int64], d: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        return p > d  # R-SPG-04: copies to the bank

    def low(p: npt.NDArray[np.int64], d: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        return (p > d) & ~np.isin(p, zero)  # R-SPG-05: a zero low hand never wins

    space = rank_space()
    rows = [(multiplicity().astype(np.int64), space.weight)]
    return _cells(rows, (pw.high, pw.low), (dw.high, dw.low), (high, low))


def _reference(prof: Profile, player: str, dealer: str) -> list[list[int]]:
    if prof.meta.game == "tiles":
        return _tile_reference(prof, player, dealer)
    return _card_reference(prof, player, dealer)


@pytest.mark.parametrize("name", CHECKED)
def test_every_main_wager_line_is_the_reference_enumeration(name: str) -> None:
    """Each deal of the four tables counted class pair by class pair from the multiplicity
    matrix, each hand compared by the rules written out here: the engine's nine counts, and the
    report's lines made of them (their counts sum to every deal, their pays 1 / 0 / -1)."""
    prof = get_profile(name)
    game = game_for(prof)
    house = prof.house_way.dealer
    tables = {t.key: t for t in main_tables(prof, game)}
    for key, bettor, player, dealer, _ in STRATEGIES:
        pw = house if player == "house" else player
        dw = house if dealer == "house" else dealer
        got = game.hand_results(pw, dw, prof, Fraction(prof.commission_rate))
        want = _reference(prof, pw, dw)
        assert [list(r) for r in got.counts] == want, (name, key)
        t = tables[key]
        assert sum(ln.count for ln in t.lines) == t.total == got.deals
        assert t.probability == 1
        mine = got.win if bettor == "player" else got.lose
        assert sum(ln.count for ln in t.lines if ln.pays > 0) == mine
        assert {ln.pays for ln in t.lines} == {1, 0, -1}


@pytest.mark.parametrize("name", CHECKED)
def test_the_best_settings_are_the_best_of_every_hands_three(name: str) -> None:
    """The best-setting tables return exactly the sum over every hand of the best of its three
    settings against the house way (the strategy generator's exact EVs), as player and as
    banker; and never less than the house way."""
    prof = get_profile(name)
    game = game_for(prof)
    tables = {t.key: t for t in main_tables(prof, game)}
    house = prof.house_way.dealer
    for role in ("player", "banker"):
        c = Fraction(prof.commission_rate)
        if role == "banker" and not prof.commission.on_bank_surplus:
            c = Fraction(0)
        problem = game.strategy_problem(prof, house, house, c, role)
        best = Fraction(int(problem.ev.max(axis=1).sum()), problem.denominator)
        assert tables[f"{role}-best"].ev == best, (name, role)
        assert tables[f"{role}-best"].ev >= tables[f"{role}-house"].ev


def test_pair_fortunes_lines_are_every_physical_hand_classified() -> None:
    """R-PF-04/05: the 35,960 hands of the 32 tiles classified one by one give each line of
    every pay table (the report's lines come from the class counts by kind)."""
    seen = Counter(classify_pair_fortunes(h) for h in itertools.combinations(FULL_SET, 4))
    assert sum(seen.values()) == comb(32, 4)
    for t in side_tables(get_profile("colorado"))[:4]:
        table = PF_TABLES[t.key.removeprefix("pair-fortunes-")]
        for ln, cls in zip(t.lines, PFClass, strict=True):
            assert ln.count == seen[cls] and ln.detail == cls.value
            assert ln.pays == (-1 if cls is PFClass.NONE else table[cls])


def test_dragons_eye_lines_are_the_closed_forms_of_three_dice() -> None:
    """R-DE-05..09 over 6^3 rolls: odd and even win on 3 faces of the Dragon's Eye die less
    the 3 triples of those faces (105 of 216); double on 36 (a triple too, AMB-13b); triple on
    6; match by the binomial law of three dice (75, 15, 1 of 216)."""
    want = {
        "odd": {1: 105, -1: 111},
        "even": {1: 105, -1: 111},
        "double": {4: 36, -1: 180},
        "triple": {30: 6, -1: 210},
        "match": {k: comb(3, k) * 5 ** (3 - k) for k in (3, 2, 1)} | {-1: 125},
    }
    for t in dragons_eye_tables():
        wager = t.key.removeprefix("dragons-eye-")
        assert {int(ln.pays): ln.count for ln in t.lines} == want[wager], wager


def test_the_dice_bonus_is_one_wagers_life_per_round() -> None:
    """R-DE-10 (AMB-12/14): the stationary law's return per round equals the value of one
    wager over its whole life (the absorbing chain) divided by its expected life, 36/35
    rounds; the streak law is 1296, 36, 1 in 1333."""
    for t in side_tables(get_profile("colorado"))[-2:]:
        shakes = t.key.endswith("shaker")
        assert t.ev == dice_bonus_wager_value(shakes) * Fraction(35, 36), t.key
        firsts = sum(ln.probability for ln in t.lines if "first" in ln.detail)
        assert firsts == Fraction(1296, 1333) / 36


@pytest.mark.skipif(not DEEP, reason="every four-card hand: PAIGOW_TEST_DEEP=1")
def test_the_supreme_bonus_lines_are_every_four_card_hand_classified() -> None:  # pragma: no cover
    """R-SPG-16/17: the 316,251 hands of the 54 cards classified one by one."""
    from paigow.games.cards.supreme_bonus import BonusClass, classify_bonus_codes

    seen = Counter(classify_bonus_codes(*h) for h in itertools.combinations(range(54), 4))
    (t,) = side_tables(get_profile("nj-supreme"))
    assert [ln.count for ln in t.lines] == [seen[c] for c in BonusClass]


def test_the_published_figures_agree_with_ours() -> None:
    """The Wizard of Odds' house edges (docs/math.md): the main game's within 0.05 % of a
    unit (published for a way paigow does not ship: the nearest, Casino Canberra), Pair
    Fortunes' to the last digit published; and the Pair Fortunes figures are the report's own
    lines for the same pay tables."""
    figures = game_for(get_profile("generic")).published_figures(get_profile("generic"))
    assert len(figures) == 6
    for f in figures:
        assert f.agrees, (f.what, float(f.ours), f.published)
    pf = {t.key: t for t in side_tables(get_profile("colorado"))}
    assert figures[4].ours == pf["pair-fortunes-1"].house_edge
    assert figures[5].ours == pf["pair-fortunes-2"].house_edge
    assert not game_for(get_profile("nj-supreme")).published_figures(get_profile("nj-supreme"))


def _table(prof: Profile, key: str) -> ParTable:
    return next(t for t in main_tables(prof, game_for(prof)) if t.key == key)


def test_the_hold_charges_the_commission_as_the_table_rounds_it() -> None:
    """R-SETTLE-08 (quarter-up): at $5 and $10 the commission is exactly 5 %, so the hold is
    the house edge; at $6 a win pays $0.50 (not $0.30), so the hold is more. Lucky Chances
    (R-LC-01): no commission, the $1.00 collection on a $5 bet is 20 % of it on top."""
    t = _table(get_profile("generic"), "player-house")
    hold = {h.bet: h for h in t.hold}
    assert hold[500].commission == 25 and hold[500].hold == t.house_edge
    assert hold[1000].hold == t.house_edge
    win = sum(ln.probability for ln in t.lines if ln.outcome == "win")
    lose = sum(ln.probability for ln in t.lines if ln.outcome == "lose")
    assert hold[600].commission == 50
    assert hold[600].hold == -(win * 550 - lose * 600) / 600 > t.house_edge
    lc = _table(get_profile("lucky-chances"), "player-house")
    h = lc.hold[0]
    assert (h.bet, h.commission, h.collection) == (500, 0, 100)
    assert h.hold == lc.house_edge + Fraction(100, 500)


def test_the_rules_name_every_key_and_the_clause_the_profile_gives_it() -> None:
    """Every key of every section, with its value; the clause is the key's own annotation (a
    '#' inside a string is not one, an indented comment line continues it), a key without one
    takes its table's."""
    text = (
        '[profile]\nname = "x # y"   # not a comment: in the string\n'
        "[banking]\nplayer_bank = true   # Ch.9 §A\n"
        "co_bank = true                # first line\n"
        "                              # second line\n"
        "[side_bets]   # ¶31: none allowed\n"
    )
    notes = clauses_of(text)
    assert notes[("profile", "name")] == "not a comment: in the string"
    assert notes[("banking", "co_bank")] == "first line second line"
    for name in profile_names():
        prof = get_profile(name)
        rules = rules_section(prof, game_for(prof), bundled_text(name))
        lines = {(ln.section, ln.key): ln for s in rules.sections for ln in s.lines}
        assert set(lines) == {(s, k) for s, keys in prof.to_dict().items() for k in keys}
    md = get_profile("maryland")
    rules = rules_section(md, game_for(md), bundled_text("maryland"))
    lines = {(ln.section, ln.key): ln for s in rules.sections for ln in s.lines}
    assert lines[("banking", "bank_hand_by_house_way")].clause.endswith(
        "false keeps the AMB-36 reading)"
    )
    assert lines[("commission", "rate")].clause == "Ch.8 §K"
    assert lines[("commission", "rate")].stated
    assert not lines[("table", "six_spot_option")].stated


def test_the_first_stack_law_is_the_dice_total_counted_around_the_ring() -> None:
    """R-START-04: counted from the dealer around a ring of 8, a total t names position
    (t - 1) mod 8: the dealer's own share is P(t in {9, 17}) = (25 + 3) / 216."""
    law = first_stack_law(get_profile("generic"))
    assert sum(law.values()) == 1
    assert law["dealer"] == Fraction(28, 216)


IDENTITY = Identity(
    "0", "paigow-round/2", "0000", "Python", "here", (), (("paigow/x.py", 1, "0" * 64),)
)
TINY = RandomnessPlan(shuffles=200, rolls=2_000, rng_numbers=2_000, words=2_048, starts=2_000)


@pytest.mark.parametrize("name", ["generic", "nj-supreme"])
def test_the_report_is_a_function_of_the_build_and_its_checks_pass(name: str) -> None:
    """The same profile, build and plan give the same document byte for byte (no clock); every
    check of the build passes, every section is there, and the round recorded is the one
    ``paigow round`` deals from the seed the report names."""
    prof = get_profile(name)
    a = build_report(prof, text=bundled_text(name), identity=IDENTITY, plan=TINY)
    b = build_report(prof, text=bundled_text(name), identity=IDENTITY, plan=TINY)
    assert all(c.startswith("ok:") for c in a.checks), a.checks
    html = report_html(a)
    assert html == report_html(b)
    for part in ("Rules as configured", "PAR sheet", "Randomness", "Records", "Identity"):
        assert part in html
    assert a.records.refusal != "NOT REFUSED" and "transfers[0]" in a.records.refusal
    # the recorded round is the one the command the report names writes: the same chain head
    record = round_data(name, a.records.seed, 4, False)
    assert record["chain"]["head"] == a.records.head
    assert f"--seed {a.records.seed} --players 4" in a.records.how
    assert a.randomness.battery.passed


def test_a_hand_results_record_adds_up() -> None:
    r = HandResults("a", "b", ((1, 2, 3), (4, 5, 6), (7, 8, 9)))
    assert (r.deals, r.win, r.lose, r.push) == (45, 1, 5 + 6 + 8 + 9, 45 - 1 - 28)
