"""Settings of four tiles (R-SET-01, AMB-27) and their outcome against the dealer
(R-SETTLE-02..05) under the jurisdiction profiles: TC-22, TC-26..TC-30."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from paigow.errors import IllegalActionError, InvalidSettingError, ParseError
from paigow.games.outcomes import CompareRules, Comparison, Outcome, Side
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, compare_settings, settings_of, validate_four
from paigow.games.tiles.tiles import FULL_SET, Tile, parse_tiles, tile
from paigow.profiles import get_profile

PROFILES = ("colorado", "generic", "maryland", "lucky-chances")


def setting(text: str) -> Setting:
    return Setting.parse(text)


def check_one_set(*settings_: Setting) -> None:
    """The tiles of a worked example fit in one 32-tile set."""
    used = Counter(t for s in settings_ for t in s.tiles)
    for t, n in used.items():
        assert n <= t.copies, t


def reference_outcome(player: Setting, banker: Setting, rules: CompareRules) -> Outcome:
    """R-SETTLE-05 decision table over the reference R-RANK-13 comparison."""

    def pips(h: Hand) -> ref.TwoTiles:
        a, b = h.tiles
        return ((a.lo, a.hi), (b.lo, b.hi))

    high = ref.player_wins(
        pips(player.high),
        pips(banker.high),
        low=False,
        zero_zero_banker=rules.zero_zero_banker,
        low_zero_loses=rules.low_zero_loses,
    )
    low = ref.player_wins(
        pips(player.low),
        pips(banker.low),
        low=True,
        zero_zero_banker=rules.zero_zero_banker,
        low_zero_loses=rules.low_zero_loses,
    )
    if high and low:
        return Outcome.WIN
    return Outcome.PUSH if high or low else Outcome.LOSE


def outcome(player: str, banker: str, profile: str) -> Comparison:
    p, b = setting(player), setting(banker)
    check_one_set(p, b)
    rules = get_profile(profile).compare_rules
    got = compare_settings(p, b, rules)
    assert got.result == reference_outcome(p, b, rules)
    return got


# --- worked examples ---------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_tc_26_high_wins_low_wins_is_a_win(profile: str) -> None:
    got = outcome("6-6 6-6 / 1-1 1-1", "4-4 4-4 / 1-3 1-3", profile)
    assert got == Comparison(Side.PLAYER, Side.PLAYER, Outcome.WIN)
    assert got.to_json() == {"result": "win", "high": "player", "low": "player"}


@pytest.mark.parametrize("profile", PROFILES)
def test_tc_27_high_wins_low_copy_is_a_push(profile: str) -> None:
    # low hands 5-5 + 2-6 and 5-5 + 3-5: both 8 with the 5-5 on top, a copy
    got = outcome("6-6 6-6 / 5-5 2-6", "1-1 1-1 / 5-5 3-5", profile)
    assert got == Comparison(Side.PLAYER, Side.DEALER, Outcome.PUSH)


@pytest.mark.parametrize("profile", PROFILES)
def test_tc_28_high_copy_low_wins_is_a_push(profile: str) -> None:
    # high hands 6-6 + 4-5 and 6-6 + 3-6: both high wongs (17th), a copy
    got = outcome("6-6 4-5 / 1-1 1-5", "6-6 3-6 / 2-2 1-6", profile)
    assert got == Comparison(Side.DEALER, Side.PLAYER, Outcome.PUSH)


@pytest.mark.parametrize("profile", PROFILES)
def test_tc_29_high_lower_low_lower_is_a_loss(profile: str) -> None:
    got = outcome("3-3 1-6 / 2-5 1-4", "6-6 6-6 / 1-1 2-2", profile)
    assert got == Comparison(Side.DEALER, Side.DEALER, Outcome.LOSE)


@pytest.mark.parametrize("profile", PROFILES)
def test_tc_30_zero_low_hand_never_wins_push_everywhere(profile: str) -> None:
    """Player low 5-5 + 4-6 (0, top 5-5) vs dealer low 2-2 + 1-5 (0, top 2-2): not a win for
    the player in any jurisdiction (AMB-22), so a winning high hand only pushes."""
    got = outcome("6-6 6-6 / 5-5 4-6", "1-1 3-4 / 2-2 1-5", profile)
    assert got == Comparison(Side.PLAYER, Side.DEALER, Outcome.PUSH)


@pytest.mark.parametrize(
    ("profile", "high", "result"),
    [
        ("colorado", Side.PLAYER, Outcome.PUSH),
        ("generic", Side.PLAYER, Outcome.PUSH),
        ("maryland", Side.DEALER, Outcome.LOSE),
        ("lucky-chances", Side.DEALER, Outcome.LOSE),
    ],
)
def test_tc_22_zero_zero_round_by_jurisdiction(profile: str, high: Side, result: Outcome) -> None:
    """High hands 5-5 + 4-6 vs 5-6 + 3-6 (both 0) and player's low also 0: CO/GEN push (the
    highest tile takes the high hand, AMB-23), MD and LC lose (zero-zero, R-RANK-11)."""
    got = outcome("5-5 4-6 / 3-3 2-2", "5-6 3-6 / 5-6 4-5", profile)
    assert got == Comparison(high, Side.DEALER, result)


def test_r_settle_05_compare_rules_defaults() -> None:
    rules = CompareRules()
    assert (rules.zero_zero_banker, rules.low_zero_loses) == (False, True)


# --- Setting.parse, Setting.of (AMB-27) -------------------------------------------------------


def test_setting_parse_and_format() -> None:
    s = setting("6-6 4-5 / 1-2 3-3")
    assert str(s.high) == "6-6 4-5" and s.high.category == "wong"
    assert [str(t) for t in s.tiles] == ["6-6", "4-5", "3-3", "1-2"]
    assert str(s) == "6-6 4-5 / 3-3 1-2"
    assert s.csv() == "6-6 4-5 | 3-3 1-2"
    assert Setting.parse(s.csv()) == s
    assert Setting.parse(str(s)) == s
    assert s.key() == (s.high.strength, s.low.strength)
    assert s.same_tiles(parse_tiles("1-2 3-3 4-5 6-6"))
    assert not s.same_tiles(parse_tiles("1-2 3-3 3-6 6-6"))


@pytest.mark.parametrize(
    "text",
    [
        "6-6 4-5 1-2 3-3",
        "6-6 4-5 / 1-2 / 3-3",
        "6-6 4-5 | 1-2 3-3 | 1-1",
        "6-6 / 4-5 1-2 3-3",
        "6-6 4-5 1-2 / 3-3",
        "6-6 4-5 /",
        "",
        "/",
    ],
)
def test_setting_parse_shape_errors(text: str) -> None:
    with pytest.raises(ParseError) as err:
        Setting.parse(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("text", ["6-6 7-7 / 1-2 3-3", "6-6 4-5 / 1-2 zz", "6-6 0-1 / 1-2 3-3"])
def test_setting_parse_bad_tile(text: str) -> None:
    with pytest.raises(ParseError):
        Setting.parse(text)


@pytest.mark.parametrize("text", ["6-6 6-6 / 6-6 1-1", "3-6 3-6 / 1-1 2-2", "1-2 1-2 / 2-4 2-4"])
def test_setting_parse_too_many_copies(text: str) -> None:
    with pytest.raises(InvalidSettingError) as err:
        Setting.parse(text)
    assert isinstance(err.value, IllegalActionError)
    assert "copies" in str(err.value)


def test_amb_27_reversed_setting_rejected() -> None:
    """R-SET-01/R-SET-09, AMB-27: a high hand ranking below the low hand is not accepted."""
    with pytest.raises(InvalidSettingError) as err:
        Setting.parse("1-3 1-5 / 6-6 6-6")
    msg = str(err.value)
    assert "1-3 1-5" in msg and "6-6 6-6" in msg
    with pytest.raises(InvalidSettingError):
        Setting.of(Hand.parse("2-2 1-5"), Hand.parse("1-1 3-4"))
    kept = Setting.parse("1-3 1-5 / 6-6 6-6", allow_reversed=True)
    assert str(kept.high) == "1-3 1-5"
    assert Setting.of(Hand.parse("2-2 1-5"), Hand.parse("1-1 3-4"), allow_reversed=True)


@pytest.mark.parametrize(
    ("high", "low"),
    [
        ("5-5 4-6", "5-5 4-6"),  # identical hands
        ("6-6 1-6", "6-6 2-5"),  # copies: 9 with the 6-6 on top
        ("3-6 2-5", "4-5 3-4"),  # copies: 6 with a nine on top
        ("6-6 4-5", "6-6 3-6"),  # two high wongs
    ],
)
def test_amb_27_equal_hands_accepted_in_either_order(high: str, low: str) -> None:
    a, b = Hand.parse(high), Hand.parse(low)
    assert a.strength == b.strength
    for x, y in ((a, b), (b, a)):
        s = Setting.of(x, y)
        assert (s.high, s.low) == (x, y)
    assert str(Setting.parse(f"{high} / {low}").high) == str(a)
    assert str(Setting.parse(f"{low} / {high}").high) == str(b)


# --- validate_four ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 8])
def test_validate_four_wrong_count(n: int) -> None:
    tiles = [tile("6-6"), tile("1-1"), tile("4-4"), tile("1-3"), tile("5-5"), tile("3-3")] * 2
    with pytest.raises(InvalidSettingError) as err:
        validate_four(tiles[:n], what="my hand")
    msg = str(err.value)
    assert "my hand" in msg and str(n) in msg


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("6-6 6-6 6-6 1-1", "6-6"),
        ("3-6 3-6 1-1 2-2", "3-6"),
        ("1-2 1-2 2-4 1-1", "1-2"),
        ("1-1 1-1 1-1 1-1", "1-1"),
    ],
)
def test_validate_four_too_many_copies(text: str, bad: str) -> None:
    with pytest.raises(InvalidSettingError) as err:
        validate_four(parse_tiles(text))
    assert bad in str(err.value)


def test_validate_four_accepts_any_four_of_the_set() -> None:
    validate_four(parse_tiles("6-6 6-6 1-1 1-1"))
    validate_four(parse_tiles("3-6 4-5 1-2 2-4"))


# --- settings_of ------------------------------------------------------------------------------


def test_settings_of_three_splits_of_the_same_tiles() -> None:
    tiles = parse_tiles("6-6 4-5 1-2 3-3")
    options = settings_of(tiles)
    assert len(options) == 3
    pairings = set()
    for s in options:
        assert s.same_tiles(tiles)
        assert s.high.strength >= s.low.strength
        pairings.add(
            frozenset((frozenset(map(str, s.high.tiles)), frozenset(map(str, s.low.tiles))))
        )
    assert len(pairings) == 3
    # order: tile 0 with tile 1, with tile 2, with tile 3
    for i, s in enumerate(options):
        together = Counter([tiles[0], tiles[i + 1]])
        assert together in (Counter(s.high.tiles), Counter(s.low.tiles))
    assert settings_of("6-6 4-5 1-2 3-3") == options


def test_settings_of_rejects_bad_hands() -> None:
    with pytest.raises(InvalidSettingError):
        settings_of(parse_tiles("6-6 4-5 1-2"))
    with pytest.raises(InvalidSettingError):
        settings_of("6-6 6-6 6-6 1-1")
    with pytest.raises(ParseError):
        settings_of("6-6 4-5 1-2 9-9")


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(32)))
def test_property_settings_of_and_compare_match_reference(order: list[int]) -> None:
    """Random deals: settings_of splits the tiles three ways, and compare_settings follows the
    R-SETTLE-05 table over the reference comparison in every profile."""
    deal: list[Tile] = [FULL_SET[i] for i in order[:8]]
    player_options = settings_of(deal[:4])
    banker_options = settings_of(deal[4:])
    for s in (*player_options, *banker_options):
        a, b = s.high.tiles
        c, d = s.low.tiles
        assert ref.rank_key((a.lo, a.hi), (b.lo, b.hi)) <= ref.rank_key((c.lo, c.hi), (d.lo, d.hi))
    for name in PROFILES:
        rules = get_profile(name).compare_rules
        for mine in player_options:
            for theirs in banker_options:
                got = compare_settings(mine, theirs, rules)
                assert got.result == reference_outcome(mine, theirs, rules)
