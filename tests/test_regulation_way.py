"""The regulation dealer way, R-HW-01 (a)-(d) with the R-HW-03 tie-breaks: TC-40..TC-44, and
every one of the 35,960 four-tile combinations checked against the reference predicate."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest

import reference as ref
from paigow.errors import ConfigError, InvalidSettingError
from paigow.games.tiles.hands4 import all_combinations, distinct_hands, tile_multisets
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, validate_four
from paigow.games.tiles.tiles import ALL_TILES, Tile, parse_tiles
from paigow.games.tiles.ways import HouseWay, RegulationWay, get_way, way_names
from paigow.games.tiles.ways.regulation import regulation_rule

Four = tuple[Tile, Tile, Tile, Tile]


def pip(t: Tile) -> ref.Pips:
    return (t.lo, t.hi)


def as_split(s: Setting) -> ref.Split:
    a, b = s.high.tiles
    c, d = s.low.tiles
    return ((pip(a), pip(b)), (pip(c), pip(d)))


@cache
def regulation(tiles: Four) -> tuple[str, Setting]:
    return regulation_rule(tiles)


def way_set(text: str) -> tuple[str, str, str]:
    rule, s = regulation_rule(parse_tiles(text))
    assert get_way("regulation").set(parse_tiles(text)) == s
    return rule, str(s.high), str(s.low)


def same_hand(h: Hand, text: str) -> bool:
    return Counter(h.tiles) == Counter(parse_tiles(text))


# --- worked examples ---------------------------------------------------------------------------


def test_tc_40_supreme_pair_kept() -> None:
    rule, s = regulation_rule(parse_tiles("1-2 2-4 6-6 1-1"))
    assert rule == "a"
    assert same_hand(s.high, "1-2 2-4") and s.high.pair_rank == 1
    assert same_hand(s.low, "6-6 1-1") and s.low.value == 4


def test_tc_41_wong_and_gong() -> None:
    rule, s = regulation_rule(parse_tiles("6-6 4-5 1-1 2-6"))
    assert rule == "b"
    assert same_hand(s.high, "6-6 4-5") and s.high.pair_rank == 17
    assert same_hand(s.low, "1-1 2-6") and s.low.pair_rank == 20


def test_tc_42_pair_of_twelves_over_two_wongs() -> None:
    """(b) with the AMB-26 tie-break: 6-6 + 6-6 / mixed nines beats wong / wong."""
    rule, s = regulation_rule(parse_tiles("6-6 6-6 4-5 3-6"))
    assert rule == "b"
    assert same_hand(s.high, "6-6 6-6") and s.high.pair_rank == 2
    assert same_hand(s.low, "4-5 3-6") and s.low.pair_rank == 13


def test_tc_43_eight_over_seven() -> None:
    rule, s = regulation_rule(parse_tiles("1-3 5-5 2-2 3-4"))
    assert rule == "c"
    assert same_hand(s.high, "1-3 2-2") and s.high.value == 8
    assert same_hand(s.low, "5-5 3-4") and s.low.value == 7


def test_tc_44_highest_with_lowest() -> None:
    rule, s = regulation_rule(parse_tiles("6-6 1-1 1-3 5-5"))
    assert rule == "d"
    assert same_hand(s.high, "1-1 1-3") and s.high.value == 6
    assert same_hand(s.low, "6-6 5-5") and s.low.value == 2


def test_way_registry() -> None:
    way = get_way("regulation")
    assert isinstance(way, HouseWay)
    assert isinstance(way, RegulationWay)
    assert way.name == "regulation"
    assert get_way("house") is way and get_way("dealer") is way and get_way("Regulation") is way
    assert "regulation" in way_names()
    with pytest.raises(ConfigError) as err:
        get_way("no-such-way")
    assert "no-such-way" in str(err.value)


def test_way_rejects_bad_hands() -> None:
    way = get_way("regulation")
    with pytest.raises(InvalidSettingError):
        way.set(parse_tiles("6-6 6-6 6-6 1-1"))
    with pytest.raises(InvalidSettingError):
        way.set(parse_tiles("6-6 1-1 1-3"))


# --- all 35,960 combinations -------------------------------------------------------------------


def test_hand_space_sizes() -> None:
    """C(32,4) = 35,960 combinations; 8,130 multisets of tiles; 3,620 distinct hands (kind
    multisets: 1,820 of four kinds, 1,680 with one kind twice, 120 with two kinds twice)."""
    assert sum(1 for _ in all_combinations()) == 35_960
    multisets = list(tile_multisets())
    assert len(multisets) == 8_130
    assert sum(w for _, w in multisets) == 35_960
    hands = distinct_hands()
    assert len(hands) == 3_620
    assert sum(h.weight for h in hands) == 35_960
    shapes = Counter(tuple(sorted(Counter(h.kinds).values())) for h in hands)
    assert shapes == {(1, 1, 1, 1): 1_820, (1, 1, 2): 1_680, (2, 2): 120}


def test_r_hw_01_every_combination_valid_and_follows_a_to_d() -> None:
    """For all C(32,4) = 35,960 combinations: a valid setting of the same four tiles that
    satisfies R-HW-01 (a)-(d) (reference predicate), by the rule the reference names."""
    n = 0
    rules: Counter[str] = Counter()
    failures = []
    checked: set[Four] = set()
    for combo in all_combinations():
        n += 1
        rule, s = regulation(combo)
        rules[rule] += 1
        if combo in checked:
            continue
        checked.add(combo)
        pips = [pip(t) for t in combo]
        validate_four(s.tiles)
        ok = (
            s.same_tiles(combo)
            and s.high.strength >= s.low.strength
            and Setting.of(s.high, s.low) == s
            and rule == ref.house_way_rule(pips)
            and ref.satisfies_house_way(pips, as_split(s))
        )
        if not ok:
            failures.append((combo, rule, str(s)))
    assert n == 35_960
    assert len(checked) == 8_130  # distinct multisets of tiles
    assert not failures, failures[:10]
    assert sum(rules.values()) == 35_960
    assert set(rules) == {"a", "b", "c", "d"}


def test_r_hw_03_tie_breaks_best_high_then_best_low() -> None:
    """AMB-26: among the settings that (a)-(d) allow, the best high hand, then the best low."""
    failures = []
    for combo, _ in tile_multisets():
        _, s = regulation(combo)
        split = as_split(s)
        best = ref.best_by_tie_breaks([pip(t) for t in combo])
        key = (ref.rank_key(*split[0]), ref.rank_key(*split[1]))
        best_key = (ref.rank_key(*best[0][0]), ref.rank_key(*best[0][1]))
        if key != best_key or not any(ref.same_split(split, b) for b in best):
            failures.append((combo, str(s), best))
    assert not failures, failures[:10]


def test_r_hw_01_rule_counts_match_reference() -> None:
    got: Counter[str] = Counter()
    want: Counter[str] = Counter()
    for combo, weight in tile_multisets():
        got[regulation(combo)[0]] += weight
        want[ref.house_way_rule([pip(t) for t in combo])] += weight
    assert got == want
    assert got.total() == 35_960
    # (a): the 1-2 and the 2-4 with any two of the other 30 tiles
    assert got["a"] == 435


def _orders() -> list[tuple[Four, list[tuple[Tile, ...]]]]:
    """Tile orders to try: the 3,620 distinct hands in all 24 orders, and every tile multiset
    in its 4 rotations and reversed."""
    out: list[tuple[Four, list[tuple[Tile, ...]]]] = [
        (h.tiles, list(itertools.permutations(h.tiles))) for h in distinct_hands()
    ]
    for combo, _ in tile_multisets():
        rotations = [combo[i:] + combo[:i] for i in range(1, 4)]
        out.append((combo, [*rotations, combo[::-1]]))
    return out


def test_r_hw_01_input_order_independent_key() -> None:
    """Every order of the four tiles gives a setting with the same (high, low) ranks."""
    failures = []
    for combo, orders in _orders():
        want = regulation(combo)[1]
        for order in orders:
            rule, got = regulation_rule(order)
            if got.key() != want.key() or rule != regulation(combo)[0]:
                failures.append((combo, order, str(want), str(got)))
    assert not failures, failures[:10]


def test_r_hw_01_input_order_independent_setting() -> None:
    """Every order of the four tiles gives the same setting: the same tiles in the high hand
    and the same in the low hand (a house way sets a hand, not a listing of it)."""
    failures = []
    for combo, orders in _orders():
        want = regulation(combo)[1]
        for order in orders:
            got = regulation_rule(order)[1]
            if (got.high, got.low) != (want.high, want.low):
                failures.append(f"{' '.join(map(str, order))}: {got} (in sorted order: {want})")
    assert not failures, f"{len(failures)} orders differ, e.g. {failures[:5]}"


_PARTNER: dict[Tile, Tile] = {}
for _kind in (11, 12, 13, 14, 15):
    _a, _b = (t for t in ALL_TILES if t.kind == _kind)
    _PARTNER[_a], _PARTNER[_b] = _b, _a


def test_kind_symmetry_swapping_a_lone_tile_for_its_partner() -> None:
    """The way is declared kind-symmetric: swapping a lone tile of a mixed kind for the other
    tile of its kind (1-2 <-> 2-4, 3-6 <-> 4-5, 2-6 <-> 3-5, 2-5 <-> 3-4, 1-4 <-> 2-3) never
    changes the setting's key, and the swapped tile stays in the same hand."""
    assert RegulationWay.kind_symmetric is True
    assert get_way("regulation").kind_symmetric is True
    failures = []
    swaps = 0
    for combo, _ in tile_multisets():
        _, s = regulation(combo)
        for i, t in enumerate(combo):
            partner = _PARTNER.get(t)
            if partner is None or partner in combo:
                continue
            other = list(combo)
            other[i] = partner
            _, s2 = regulation_rule(other)
            swaps += 1
            same_hand_side = (t in s.high.tiles) == (partner in s2.high.tiles) or (
                s.high.strength == s.low.strength
            )
            if s2.key() != s.key() or not same_hand_side:
                failures.append((combo, t, str(s), str(s2)))
    assert swaps > 0
    assert not failures, failures[:10]


def test_lone_gee_joon_with_a_five_never_reaches_rule_d() -> None:
    """Natural ranks put the 2-4 (15th) above the fives (16th) and the 1-2 (17th) below, so rule
    (d) alone could set the two gee joon tiles differently next to a five; but a gee joon tile and
    a five always make 8 (3 + 5), so such hands are settled by rule (c) or earlier."""
    seen = 0
    for combo, _ in tile_multisets():
        kinds = [t.kind for t in combo]
        if kinds.count(15) == 1 and 14 in kinds:
            seen += 1
            assert regulation(combo)[0] in ("b", "c")
    assert seen > 0
