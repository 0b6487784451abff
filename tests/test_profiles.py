"""Jurisdiction profiles: the bundled files, names and aliases, the zero rules of matrix rows
M-09/M-10, ring sizes (§0.3, AMB-17, AMB-70), and validation errors."""

from __future__ import annotations

import ast
import copy
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from paigow.errors import ConfigError
from paigow.games.outcomes import CompareRules, Outcome
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, compare_settings
from paigow.profiles import (
    Profile,
    bundled_profile,
    get_profile,
    load_profile,
    parse_profile,
    profile_names,
)

TILE_NAMES = ["colorado", "generic", "lucky-chances", "maryland"]
NAMES = ["colorado", "generic", "lucky-chances", "maryland", "nj-supreme"]


def minimal(**sections: dict[str, Any]) -> dict[str, Any]:
    """The smallest valid profile document, with ``sections`` merged in."""
    data: dict[str, Any] = {"profile": {"name": "test"}, "table": {"positions": 6}}
    for sec, values in sections.items():
        data.setdefault(sec, {}).update(values)
    return data


def bundled_path(name: str) -> Path:
    return Path(str(resources.files("paigow.profiles") / f"{name}.toml"))


# --- bundled profiles ----------------------------------------------------------------------


def test_profile_names() -> None:
    assert profile_names() == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_every_bundled_profile_loads(name: str) -> None:
    p = get_profile(name)
    assert isinstance(p, Profile)
    assert p.name == name
    assert p.meta.game == ("cards" if name == "nj-supreme" else "tiles")
    assert p.meta.title and p.meta.source
    assert load_profile(bundled_path(name)) == p
    assert get_profile(str(bundled_path(name))) == p
    assert parse_profile(p.to_dict(), origin=name) == p


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("co", "colorado"),
        ("000", "colorado"),
        ("CO", "colorado"),
        ("Colorado", "colorado"),
        ("gen", "generic"),
        ("002", "generic"),
        ("lc", "lucky-chances"),
        ("003", "lucky-chances"),
        ("LUCKY-CHANCES", "lucky-chances"),
        ("md", "maryland"),
        ("004", "maryland"),
    ],
)
def test_aliases(alias: str, name: str) -> None:
    assert get_profile(alias) is get_profile(name)


def test_unknown_profile_names_the_choices() -> None:
    with pytest.raises(ConfigError) as err:
        get_profile("nevada")
    msg = str(err.value)
    assert "'nevada'" in msg
    for name in NAMES:
        assert name in msg


def test_a_bundled_profile_is_found_by_name_or_alias_and_never_read_from_a_path(
    tmp_path: Path,
) -> None:
    """:func:`bundled_profile` (what the table service accepts): the same profiles as
    :func:`get_profile` by name and alias, and a path, even to a valid profile file, is an
    unknown profile (nothing read)."""
    for name in NAMES:
        assert bundled_profile(name) is get_profile(name)
        assert bundled_profile(name.upper()) is get_profile(name)
    copy_of = tmp_path / "generic.toml"
    copy_of.write_bytes(resources.files("paigow.profiles").joinpath("generic.toml").read_bytes())
    assert get_profile(str(copy_of)).meta == get_profile("generic").meta  # the CLI reads it
    for path in (str(copy_of), str(tmp_path / "none.toml"), "generic.toml"):
        with pytest.raises(ConfigError, match="unknown profile") as err:
            bundled_profile(path)
        assert "path" not in str(err.value)


def test_missing_profile_file() -> None:
    with pytest.raises(ConfigError) as err:
        get_profile("/no/such/dir/profile.toml")
    assert "/no/such/dir/profile.toml" in str(err.value)


# --- M-09 / M-10: the zero rules ------------------------------------------------------------

ZERO_RULES = {
    # name: (zero_zero_banker (M-10), player_low_zero_loses (M-09))
    "colorado": (False, True),
    "generic": (False, True),
    "maryland": (True, True),
    "lucky-chances": (True, True),
}


@pytest.mark.parametrize("name", TILE_NAMES)
def test_m_09_m_10_zero_rules(name: str) -> None:
    zz, low_zero = ZERO_RULES[name]
    p = get_profile(name)
    assert (p.ranking.zero_zero_banker, p.ranking.player_low_zero_loses) == (zz, low_zero)
    assert p.compare_rules == CompareRules(zero_zero_banker=zz, low_zero_loses=low_zero)


@pytest.mark.parametrize("name", TILE_NAMES)
def test_m_10_high_hands_zero_vs_zero_in_play(name: str) -> None:
    """M-10: 5-5 + 4-6 vs 5-6 + 3-6, both 0: the player's high hand wins on the highest tile in
    CO/GEN (AMB-23); MD and LC give it to the dealer/Player-Dealer."""
    player = Setting.of(Hand.parse("5-5 4-6"), Hand.parse("3-3 2-2"))
    banker = Setting.of(Hand.parse("5-6 3-6"), Hand.parse("5-6 4-5"))
    got = compare_settings(player, banker, get_profile(name).compare_rules)
    zz, _ = ZERO_RULES[name]
    assert got.result == (Outcome.LOSE if zz else Outcome.PUSH)


@pytest.mark.parametrize("name", TILE_NAMES)
def test_m_09_player_low_zero_never_wins(name: str) -> None:
    """M-09: a player's low hand worth 0 does not beat a banker's low hand worth 0."""
    player = Setting.of(Hand.parse("6-6 6-6"), Hand.parse("5-5 4-6"))
    banker = Setting.of(Hand.parse("1-1 3-4"), Hand.parse("2-2 1-5"))
    got = compare_settings(player, banker, get_profile(name).compare_rules)
    assert got.result == Outcome.PUSH


# --- rings -----------------------------------------------------------------------------------

RINGS = {
    "colorado": ("dealer", "1", "2", "3", "4", "5", "6", "7"),  # AMB-17
    "generic": ("dealer", "1", "2", "3", "4", "5", "6", "dead"),
    "maryland": ("dealer", "1", "2", "3", "4", "5", "6", "dead"),
    "lucky-chances": ("1", "2", "3", "4", "5", "6", "7", "8"),  # AMB-70
}


@pytest.mark.parametrize("name", TILE_NAMES)
def test_ring_sizes(name: str) -> None:
    ring = get_profile(name).ring
    assert ring == RINGS[name]
    assert len(ring) == 8  # 8 stacks of 4 tiles


def test_nj_supreme_ring_r_spg_10() -> None:
    """R-SPG-10: seven hands, the dealer and six positions (TC-07)."""
    assert get_profile("nj-supreme").ring == ("dealer", "1", "2", "3", "4", "5", "6")


def test_ring_must_have_eight_hands() -> None:
    with pytest.raises(ConfigError) as err:
        parse_profile(minimal(table={"positions": 7, "dead_hand": True}))
    assert "ring" in str(err.value)


# --- validation ------------------------------------------------------------------------------


def test_minimal_profile_defaults() -> None:
    p = parse_profile(minimal())
    assert p.name == "test"
    assert len(p.ring) == 8
    assert p.compare_rules == CompareRules()


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"profile": {"name": "x"}, "table": {"positions": 6}, "tabel": {}}, "tabel"),
        (minimal(ranking={"zero_zero": True}), "zero_zero"),
        (minimal(table={"dead_hands": True}), "dead_hands"),
    ],
    ids=["unknown-table", "unknown-key", "unknown-key-2"],
)
def test_unknown_table_or_key(data: dict[str, Any], named: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_profile(data, origin="my.toml")
    msg = str(err.value)
    assert named in msg and "my.toml" in msg


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [
        ("ranking", "zero_zero_banker", "yes"),
        ("ranking", "zero_zero_banker", 1),
        ("table", "positions", "6"),
        ("table", "positions", True),
        ("table", "positions", 6.0),
        ("profile", "name", 3),
        ("profile", "aliases", "co"),
        ("profile", "aliases", [1, 2]),
        ("dealing", "styles", "a"),
        ("commission", "rate", "five percent"),
        ("commission", "rate", True),
        ("ranking", "setting_order", ["reject"]),
    ],
)
def test_wrong_type_names_the_key(section: str, key: str, value: Any) -> None:
    data = minimal(**{section: {key: value}})
    with pytest.raises(ConfigError) as err:
        parse_profile(data)
    msg = str(err.value)
    assert key in msg and f"[{section}]" in msg


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [
        ("ranking", "setting_order", "maybe"),
        ("profile", "game", "dominoes"),
        ("commission", "rounding", "nickel"),
        ("start", "methods", ["dice", "coin"]),
        ("dealing", "styles", ["a", "k"]),
        ("dealing", "default_style", "z"),
        ("dealing", "chooser", "anyone"),
        ("side_bets", "dragons_eye_vig_mode", "c"),
        ("house_way", "explain_on_request", "must"),
    ],
)
def test_bad_choice_names_the_key(section: str, key: str, value: Any) -> None:
    with pytest.raises(ConfigError) as err:
        parse_profile(minimal(**{section: {key: value}}))
    msg = str(err.value)
    assert key in msg
    bad = value[-1] if isinstance(value, list) else value
    assert repr(bad) in msg


@pytest.mark.parametrize(
    ("section", "key", "value"),
    [
        ("table", "positions", 0),
        ("table", "positions", 9),
        ("table", "min_wager", 0),
        ("commission", "collection_cents", -1),
        ("banking", "max_consecutive", 0),
        ("commission", "rate", "1"),
        ("commission", "rate", "-0.01"),
        ("commission", "rate", "Infinity"),
    ],
)
def test_out_of_range_names_the_key(section: str, key: str, value: Any) -> None:
    with pytest.raises(ConfigError) as err:
        parse_profile(minimal(**{section: {key: value}}))
    assert key in str(err.value)


@pytest.mark.parametrize("value", ["NaN", "nan", "sNaN", float("nan")])
def test_commission_rate_not_a_number_is_a_config_error(value: Any) -> None:
    """A rate that is not a number (TOML ``rate = nan`` or ``"NaN"``) is rejected with a
    ConfigError naming the key, like any other bad rate."""
    with pytest.raises(ConfigError) as err:
        parse_profile(minimal(commission={"rate": value}))
    assert "rate" in str(err.value)


def test_commission_rate_forms() -> None:
    assert parse_profile(minimal(commission={"rate": 0.05})).commission.rate == "0.05"
    p = parse_profile(minimal(commission={"rate": "0.0475"}))
    assert str(p.commission_rate) == "0.0475"


@pytest.mark.parametrize(
    ("sections", "named"),
    [
        ({"table": {"min_wager": 600_000, "max_wager": 500_000}}, ("min_wager", "max_wager")),
        ({"start": {"rng_min": 9, "rng_max": 8}}, ("rng_min", "rng_max")),
        ({"dealing": {"styles": ["b", "c"], "default_style": "a"}}, ("default_style",)),
        ({"banking": {"house_banks": False, "player_bank": False}}, ("house_banks",)),
        ({"side_bets": {"pair_fortunes": True}}, ("pair_fortunes_tables",)),
        ({"profile": {"name": ""}}, ("name",)),
    ],
    ids=["min>max-wager", "min>max-rng", "default-style", "nobody-banks", "pf-tables", "no-name"],
)
def test_inconsistent_options_name_the_keys(
    sections: dict[str, dict[str, Any]], named: tuple[str, ...]
) -> None:
    with pytest.raises(ConfigError) as err:
        parse_profile(minimal(**sections))
    for key in named:
        assert key in str(err.value)


def test_section_must_be_a_table() -> None:
    with pytest.raises(ConfigError) as err:
        parse_profile({"profile": {"name": "x"}, "table": 6})
    assert "[table]" in str(err.value)


# --- files ------------------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "custom.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_load_profile_from_file(tmp_path: Path) -> None:
    p = write(
        tmp_path,
        '[profile]\nname = "custom"\naliases = ["cu"]\n\n'
        "[ranking]\nzero_zero_banker = true\n\n[table]\npositions = 6\n",
    )
    prof = load_profile(p)
    assert prof.name == "custom"
    assert prof.meta.aliases == ["cu"]
    assert prof.compare_rules.zero_zero_banker is True
    assert get_profile(str(p)) == prof


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('[profile]\nname = "c"\n[table]\npositions = 6\n[ranking]\nzero = 1\n', "zero"),
        ('[profile]\nname = "c"\n[tabel]\npositions = 6\n', "tabel"),
        ('[profile]\nname = "c"\n[table]\npositions = "six"\n', "positions"),
        (
            '[profile]\nname = "c"\n[table]\npositions = 6\nmin_wager = 9\nmax_wager = 8\n',
            "min_wager",
        ),
        (
            '[profile]\nname = "c"\n[table]\npositions = 6\n[ranking]\nsetting_order = "x"\n',
            "setting_order",
        ),
        ('[profile]\nname = "c"\n[table]\npositions = 6\n[commission]\nrate = nan\n', "rate"),
    ],
    ids=["unknown-key", "unknown-table", "wrong-type", "min>max", "bad-choice", "nan-rate"],
)
def test_load_profile_errors_name_file_and_key(tmp_path: Path, text: str, named: str) -> None:
    p = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load_profile(p)
    msg = str(err.value)
    assert str(p) in msg and named in msg


def test_load_profile_not_toml(tmp_path: Path) -> None:
    p = write(tmp_path, "[profile\nname = ")
    with pytest.raises(ConfigError) as err:
        load_profile(p)
    assert str(p) in str(err.value) and "TOML" in str(err.value)


def test_load_profile_unreadable(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as err:
        load_profile(tmp_path / "absent.toml")
    assert "absent.toml" in str(err.value)


def test_profiles_are_independent_values() -> None:
    """Editing a profile's plain-data form does not change the registered profile."""
    p = get_profile("colorado")
    data = copy.deepcopy(p.to_dict())
    data["profile"]["aliases"].append("xx")
    assert "xx" not in get_profile("colorado").meta.aliases
    assert parse_profile(data).meta.aliases[-1] == "xx"


# --- the package's layout ------------------------------------------------------------------

#: What ``paigow.profiles`` offered as one module, before it was split by responsibility.
PUBLIC = [
    "Banking",
    "CARD_METHODS",
    "Commission",
    "Dealing",
    "HouseWay",
    "Irregularities",
    "Meta",
    "PROFILE_LIMIT",
    "Profile",
    "Ranking",
    "STYLES",
    "SideBets",
    "Start",
    "Table",
    "bundled_profile",
    "bundled_text",
    "get_profile",
    "load_profile",
    "parse_profile",
    "profile_names",
]


def test_the_package_keeps_its_public_names() -> None:
    """Schema, validation and loading live in their own modules; ``paigow.profiles`` still
    offers every name it did, and they are the same objects as in those modules."""
    import paigow.profiles as package
    from paigow.profiles import loading, schema, validate

    for name in PUBLIC:
        assert hasattr(package, name), name
    assert set(package.__all__) <= set(PUBLIC)
    assert package.Profile is schema.Profile and package.parse_profile is validate.parse_profile
    assert package.get_profile is loading.get_profile
    assert package.bundled_profile is loading.bundled_profile
    assert package._SECTIONS is schema.SECTIONS  # docs tests read the sections from here


def test_the_modules_import_downwards_and_stay_small() -> None:
    """The schema imports neither validation nor loading (only the games' shapes); validation
    does not import loading; no module of the package is over 500 lines (the project's layout
    rule)."""
    root = Path(str(resources.files("paigow.profiles")))
    imports: dict[str, set[str]] = {}
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 500, path.name
        imports[path.stem] = {
            node.module.split(".")[0]
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        }
    assert imports["shapes"] == set()
    assert imports["schema"] <= {"shapes"}
    assert imports["validate"] <= {"schema", "shapes"}
    assert imports["loading"] <= {"schema", "shapes", "validate"}
