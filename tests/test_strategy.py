"""Strategies a person can remember: the rule files, the two evaluations of a rule (per hand
with real tiles, per class with arrays), the search, and the required independent check: a
derived strategy written to a file and played back through the exact engine as a way
reproduces the EV the generator reported (exact fractions)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.errors import ConfigError
from paigow.exact.results import commission_of
from paigow.games.rulebook import (
    CONDITIONS,
    PAIR_PLAYS,
    PLAYS,
    Condition,
    Rule,
    Strategy,
    format_json,
    format_toml,
    parse_strategy,
    rule_words,
)
from paigow.games.tiles.exact.api import edge_of
from paigow.games.tiles.ways import get_way
from paigow.games.tiles.ways.rule_tiles import TILE_VOCABULARY, choose, hand_level, hand_points
from paigow.profiles import get_profile
from paigow.strategy.candidates import Evaluator, enumerate_rules
from paigow.strategy.classes import tile_problem
from paigow.strategy.derive import Derivation, derive

V = {"tiles": TILE_VOCABULARY}
GENERIC = get_profile("generic")


@pytest.fixture(scope="module")
def canberra() -> Evaluator:
    p = tile_problem(GENERIC, "canberra", "canberra", commission_of(GENERIC), "player")
    return Evaluator(p)


Derive = Callable[[str, str, str, int], Derivation]


@pytest.fixture(scope="module")
def derived() -> Derive:
    """``derive(profile, against, role=role, rules=k)``, each made once: the JSON/TOML test
    writes the 2-rule point of the derivation the played-back test makes for generic against
    regulation rather than deriving it again."""

    @cache
    def get(profile: str, against: str, role: str, k: int) -> Derivation:
        return derive(get_profile(profile), against, role=role, rules=k)

    return get


def _write(tmp: Path, s: Strategy, name: str = "s.toml") -> str:
    path = tmp / name
    path.write_text(format_toml(s, V) if name.endswith(".toml") else format_json(s, V))
    return f"strategy:{path}"


# --- the two evaluations agree -----------------------------------------------------------------


def test_levels_and_points_of_arrays_match_the_hands(canberra: Evaluator) -> None:
    """The generator's level and points of every hand of every split (arithmetic on strengths)
    equal those of the Hand objects the way reads."""
    p = canberra.p
    from paigow.games.tiles.exact.space import kind_space

    sp = kind_space()
    for c in range(0, p.size, 7):
        for j in range(3):
            s = sp.setting(c, j)
            assert (hand_level(s.high), hand_level(s.low)) == (p.hi_level[c, j], p.lo_level[c, j])
            assert (hand_points(s.high), hand_points(s.low)) == (
                p.hi_points[c, j],
                p.lo_points[c, j],
            )


def test_a_rule_plays_alike_per_hand_and_per_class(canberra: Evaluator) -> None:
    """Every play, condition and pattern: the array form of a rule and the way's per-hand form
    choose settings of the same strengths, or both do not apply, on all 3,620 classes."""
    from paigow.games.tiles.exact.space import kind_space

    sp = kind_space()
    house = get_way("canberra")
    houses = [house.set(t) for t in sp.tiles]
    rules = [
        Rule("no-pair", "best-high", Condition("if-best-low-at-most", 9), 0, 14),
        Rule("pair-of-8s", "split-low", None, 8, 12),
        Rule("pair", "keep", Condition("if-house-low-at-most", 7), 0, 0),
        Rule("two-pairs", "split-high", None, 0, 0),
        Rule("no-pair-gee", "most-points", Condition("if-house-high-at-most", 15), 4, 4),
        Rule("no-pair-12-or-2", "best-low", None, 11, 16),
        Rule("pair-of-2s-or-12s", "split-low", None, 12, 16),
        Rule("any", "best-low", Condition("if-house-high-at-most", 20), 6, 18),
    ]
    for rule in rules:
        arr = canberra.choice(rule)
        for c, tiles in enumerate(sp.tiles):
            got = choose(rule, tiles, houses[c])
            if arr[c] < 0:
                assert got is None, (rule, tiles)
            else:
                assert got is not None, (rule, tiles)
                j = int(arr[c])
                assert got.key() == (sp.split_high[c, j], sp.split_low[c, j]), (rule, tiles)


def test_the_sparse_candidates_are_what_their_rules_play(canberra: Evaluator) -> None:
    c = enumerate_rules(canberra)
    assert len(c.rules) > 1000
    for i in range(0, len(c.rules), 509):
        sel = c.rule == i
        expected = np.full(canberra.p.size, -1)
        expected[c.cls[sel]] = c.split[sel]
        assert (canberra.choice(c.rules[i]) == expected).all(), c.rules[i]


# --- derivation and the independent check --------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "against", "role", "k"),
    [("generic", "regulation", "player", 3), ("maryland", "canberra", "banker", 2)],
)
def test_a_derived_strategy_played_back_reproduces_its_ev(
    tmp_path: Path, derived: Derive, *, profile: str, against: str, role: str, k: int
) -> None:
    """The required check: the file the generator writes, read back as ``strategy:FILE`` and
    scored by the exact engine's edge (not by the generator), gives the EV it reported, and
    the share follows from the house and optimal EVs the engine computes."""
    prof = get_profile(profile)
    c = commission_of(prof)
    d = derived(profile, against, role, k)
    s = d.strategy()
    way = _write(tmp_path, s)
    if role == "player":
        got = edge_of(way, against, prof, c).player_ev
        house = edge_of(against, against, prof, c).player_ev
        best = edge_of("optimal", against, prof, c).player_ev
    else:
        got = edge_of(against, way, prof, c).banker_ev
        house = edge_of(against, against, prof, c).banker_ev
        best = edge_of(against, "optimal-banker", prof, c, dealer_against=against).banker_ev
    assert got == s.ev() == d.point(k).ev
    assert (house, best) == (d.house_ev, d.optimal_ev)
    assert Fraction(s.figure("share") or "0") == (got - house) / (best - house)
    assert len(s.rules) <= k and got > house


def test_the_curve_never_falls_and_each_step_beats_the_fallback() -> None:
    d = derive(GENERIC, "taj-mahal", rules=4)
    evs = [p.ev for p in d.points]
    assert evs == sorted(evs) and evs[0] > d.house_ev
    assert all(p.k == i for i, p in enumerate(d.points, 1))
    assert all(p.share == (p.ev - d.house_ev) / d.gap for p in d.points)
    reached = d.first_reaching(Fraction(1, 2))
    assert reached is not None and reached.share is not None and reached.share >= Fraction(1, 2)


def test_json_and_toml_files_play_the_same(tmp_path: Path, derived: Derive) -> None:
    s = derived("generic", "regulation", "player", 3).strategy(2)
    a, b = get_way(_write(tmp_path, s, "a.toml")), get_way(_write(tmp_path, s, "b.json"))
    from paigow.games.tiles.exact.space import kind_space

    for tiles in kind_space().tiles[::11]:
        assert a.set(tiles).key() == b.set(tiles).key()


# --- files: round trip and kind errors -----------------------------------------------------------

_LEVELS = st.integers(0, len(TILE_VOCABULARY.levels) - 1)


@st.composite
def _rules(draw: st.DrawFn) -> Rule:
    pattern = draw(st.sampled_from(TILE_VOCABULARY.patterns))
    plays = [p for p in PLAYS if pattern.pair_of is not None or p not in PAIR_PLAYS]
    when = draw(st.none() | st.builds(Condition, st.sampled_from(list(CONDITIONS)), _LEVELS))
    lo, hi = sorted((draw(_LEVELS), draw(_LEVELS)))
    return Rule(pattern.id, draw(st.sampled_from(plays)), when, lo, hi)


_STRATEGIES = st.builds(
    Strategy,
    st.just("tiles"),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30),
    st.sampled_from(["regulation", "canberra", "taj-mahal", "optimal:canberra"]),
    st.lists(_rules(), max_size=12).map(tuple),
    st.just((("ev", "-1/3"), ("share", "4/5"))),
)


@settings(max_examples=150, deadline=None)
@given(_STRATEGIES)
def test_format_then_parse_is_the_identity(s: Strategy) -> None:
    for fmt in (format_toml, format_json):
        text = fmt(s, V)
        assert parse_strategy(text, V) == s
        assert fmt(parse_strategy(text, V), V) == text


@settings(max_examples=100, deadline=None)
@given(_rules())
def test_every_rule_reads_as_one_sentence(rule: Rule) -> None:
    words = rule_words(rule, TILE_VOCABULARY)
    assert words.endswith(".") and "\n" not in words
    assert words.startswith(TILE_VOCABULARY.pattern(rule.hands).words)


_HEAD = 'format = "paigow-strategy"\nversion = 1\ngame = "tiles"\nfallback = "regulation"\n'


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[[rule]]\nhands = "no-pair"\nplay = "keep"\n', "needs hands that hold a pair"),
        ('[[rule]]\nhands = "nope"\nplay = "best-low"\n', "rule 1: unknown hands 'nope'"),
        ('[[rule]]\nhands = "pair"\nplay = "best-low"\nlow-at-least = "10"\n', "unknown hand"),
        (
            '[[rule]]\nhands = "pair"\nplay = "best-low"\nif-best-low-at-most = "2"\n'
            'if-house-low-at-most = "3"\n',
            "at most one condition",
        ),
        ('[[rule]]\nhands = "pair"\nplay = "best-low"\ncolour = "red"\n', "unknown key 'colour'"),
        ('[[rule]]\nplay = "best-low"\n', "rule 1: missing 'hands'"),
        ("rule = 3\n", "'rule' must be a list"),
        ("[derived]\nev = 'x'\n", "derived.ev: not a fraction"),
    ],
)
def test_a_bad_file_is_refused_with_the_rule_and_key(body: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_strategy(_HEAD + body, V, origin="card.toml")


def test_files_of_another_format_game_or_fallback_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="expected format"):
        parse_strategy('format = "x"\nversion = 1\n', V)
    with pytest.raises(ConfigError, match="not a strategy file"):
        parse_strategy("{not json", V)
    cards = tmp_path / "c.toml"
    cards.write_text(_HEAD.replace('"tiles"', '"cards"'))
    with pytest.raises(ConfigError, match="game 'cards'"):
        get_way(f"strategy:{cards}")
    bad = tmp_path / "b.toml"
    bad.write_text(_HEAD.replace("regulation", "nowhere"))
    with pytest.raises(ConfigError, match="fallback: unknown house way 'nowhere'"):
        get_way(f"strategy:{bad}")
    with pytest.raises(ConfigError, match="cannot read strategy"):
        get_way(f"strategy:{tmp_path / 'missing.toml'}")
    with pytest.raises(ConfigError, match="needs a file"):
        get_way("strategy:")


# --- the cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["player", "banker"])
def test_a_derived_card_strategy_played_back_reproduces_its_ev(tmp_path: Path, role: str) -> None:
    """Supreme Pai Gow: the file, read back as a card way and scored by ``spg_edge`` (not by
    the generator), gives the EV reported; as banker too (the banker's counts of the generator
    come from the dominance counts, the edge from the player's side)."""
    from paigow.games.cards.exact import spg_edge
    from paigow.games.cards.house_way import get_card_way
    from paigow.games.cards.rule_cards import CARD_VOCABULARY

    d = derive(get_profile("nj-supreme"), role=role, rules=2)
    s = d.strategy()
    path = tmp_path / "spg.toml"
    path.write_text(format_toml(s, {"cards": CARD_VOCABULARY}))
    way = get_card_way(f"strategy:{path}")
    if role == "player":
        res, house = spg_edge(way, "spg-house"), spg_edge("spg-house", "spg-house")
        got, base = res.player_ev, house.player_ev
    else:
        res, house = spg_edge("spg-house", way), spg_edge("spg-house", "spg-house")
        got, base = res.banker_ev, house.banker_ev
    assert got == s.ev() and base == d.house_ev and got > base


def test_card_rules_play_alike_per_hand_and_per_class() -> None:
    from paigow.games.cards.exact import rank_space
    from paigow.games.cards.house_way import get_card_way
    from paigow.games.cards.rule_cards import CARDS
    from paigow.games.rule_play import first_setting
    from paigow.strategy.derive import problem_for

    ev = Evaluator(problem_for(get_profile("nj-supreme")))
    sp, house = rank_space(), get_card_way("spg-house")
    rules = [
        Rule("no-pair-joker", "best-low", Condition("if-house-low-at-most", 3), 0, 7),
        Rule("pair-of-faces", "split-high", None, 4, 9),
        Rule("two-pairs", "keep", None, 0, 0),
        Rule("any", "most-points", Condition("if-best-low-at-most", 5), 2, 2),
    ]
    for rule in rules:
        arr = ev.choice(rule)
        for c in range(0, sp.size, 3):
            cards = sp.cards[c]
            got = first_setting(rule, CARDS, cards, house.set(cards))
            assert (got is None) == (arr[c] < 0), (rule, cards)
            if got is not None:
                j = int(arr[c])
                assert got.key() == (sp.split_high[c, j], sp.split_low[c, j]), (rule, cards)


def test_names_with_characters_toml_forbids_round_trip() -> None:
    s = Strategy("tiles", 'a\x7fb"\n\x00', "regulation", ())
    assert parse_strategy(format_toml(s, V), V) == s
