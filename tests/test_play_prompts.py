"""Every question of the terminal table asks again, with the reason, instead of dropping an
answer or replacing it with a default (issue 9); `?` explains each question; options are checked
before the table opens; typed text is never read as markup."""

from __future__ import annotations

import pytest

from cli_helpers import assert_clean, console_script, run_play, table_row
from paigow.errors import ConfigError, PaigowError

# generic, seed 4: round 1 house-banked; round 2 the bank is offered to seat 3.
TO_THE_BANK = ["25", "1", "n", "", "y"]


def test_a_bad_cut_is_asked_again_r_cut_02() -> None:
    """R-CUT-02, AMB-77: not notation, then a cut that moves nothing: both refused with the
    reason; the question is asked until a legal cut or Enter."""
    _, text = run_play([*TO_THE_BANK, "z:9", "a:1-2:right", "a:3-4:right", "", "f", "1"], seed=4)
    assert "cut 'z:9' is not cut notation" in text
    assert "nothing moves" in text
    assert text.count("? Cut the stacks?") == 3


def test_an_unknown_style_is_asked_again_r_deal_04() -> None:
    _, text = run_play([*TO_THE_BANK, "", "", "x", "k", "f", "1"], seed=4)
    assert "'x' is not an answer here; type a or b" in text
    assert text.count("? Choose the delivery style [a]") == 3
    assert "Choose the delivery style [a]: f" in text


def test_the_dealers_wager_is_at_most_the_offer_r_bank_10() -> None:
    _, text = run_play([*TO_THE_BANK, "", "2000", "5", "f", "1"], seed=4)
    assert "the dealer wagers at most $25.00 against you" in text
    assert "dealer's wager vs the bank" in text and "│  $5.00 │" in text


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ("odd", "write a wager and dollars"),
        ("foo 5", "write a wager and dollars"),
        ("odd 5, match x", "'x' is not an amount"),
        ("odd inf", "'inf' is not an amount"),
        ("odd 1e308", "'1e308' is not an amount"),
        ("odd 0", "more than $0"),
        ("odd 5, odd 5", "one odd wager at a time"),
        ("odd 5, triple 6000", "outside the table limits $5.00..$5,000.00"),
        ("[/], odd 5", "'[/]'"),
    ],
)
def test_bad_dragons_eye_entries_place_nothing_and_ask_again_r_de_01(
    entry: str, reason: str
) -> None:
    """R-DE-01: the whole line is placed or none of it; a bad entry is not dropped silently."""
    _, text = run_play(
        ["10", entry, "even 5", "1", "n"], profile="colorado", seed=8, dragons_eye=True
    )
    assert reason in text
    assert "no Dragon's Eye wager was placed, please enter them again" in text
    assert "You even $5.00" in text
    assert "You odd $" not in text  # the first line left nothing on the layout


def test_a_bonus_under_the_minimum_is_asked_again_r_spg_15() -> None:
    _, text = run_play(["10", "0.50", "1e-9", "5", "3", "n"], profile="nj-supreme", seed=2)
    assert "the least is $1.00 (0 = none)" in text
    assert "'1e-9' is not an amount in dollars" in text
    assert "│ bonus (" in text


def test_pair_fortunes_under_the_minimum_is_asked_again_r_pf_02() -> None:
    _, text = run_play(["10", "1", "5", "1", "n"], profile="colorado", seed=8, pair_fortunes="1")
    assert "the least is $5.00 (0 = none)" in text
    assert "│ Pair Fortunes (" in text


def test_a_surrender_answer_must_be_yes_or_no_r_surr_01() -> None:
    summary, text = run_play(["10", "1", "maybe", "yes"], seed=3)
    assert "'maybe' is not an answer here; type y or yes or n or no" in text
    assert "│ surrender" in text
    assert summary["results"] == {"surrender": 1}


def test_amounts_are_whole_cents_said_so() -> None:
    """Issue 9: `5.001` and `1e-9` are refused with the reason; `1,000` and `$25` accepted."""
    _, text = run_play(["5.001", "1e-9", "$25", "1", "n"], seed=3, max_rounds=1)
    assert "'5.001' has more than two decimals; amounts are whole cents" in text
    assert "'1e-9' is not an amount in dollars" in text
    assert table_row(text, "You", "Pai Gow", "4-6 4-5 / 1-3 3-4", "$25.00")
    _, text = run_play(["1,000", "1", "n"], seed=3, max_rounds=1)
    assert table_row(text, "You", "Pai Gow", "4-6 4-5 / 1-3 3-4", "$1,000.00")


def test_messages_speak_dollars_and_to_you() -> None:
    """Issue 9: "You have $1,000.00", not "You has 100000 cents"."""
    _, text = run_play(["2000", "0.5", "q"], seed=3)
    assert "You have $1,000.00, cannot wager $2,000.00" in text
    assert "$0.50 is under the table minimum $5.00" in text
    assert "cents" not in text and "You has" not in text


def test_letter_defaults_are_visible_and_markup_is_text() -> None:
    """`[n]` was swallowed as markup; `[/]` crashed the table (MarkupError)."""
    _, text = run_play(["[/]", "[bold]10[/bold]", "10", "[red]", "1", "[/]", "n"], seed=3)
    assert "(y/n) [n]:" in text
    assert "'[/]' is not an amount in dollars" in text
    assert "'[bold]10[/bold]' is not an amount" in text
    assert "'[red]': choose a setting 1..3" in text


def test_control_characters_are_shown_escaped() -> None:
    _, text = run_play(["\x1b[2J10", "10", "\x07", "1", "n"], seed=3)
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b[2J10" in text


@pytest.mark.parametrize(
    ("profile", "kw", "topics"),
    [
        ("generic", {}, ["Your wager on your seat", "Surrender", "house way setting"]),
        (
            "colorado",
            {"pair_fortunes": "1", "dragons_eye": True},
            ["Pair Fortunes, table 1", "triple 30 to 1"],
        ),
        ("nj-supreme", {}, ["Bonus wager (at least $1.00", "Four aces 1000 to 1"]),
    ],
)
def test_question_mark_explains_every_question(
    profile: str, kw: dict[str, object], topics: list[str]
) -> None:
    """`?` at any question prints what it wants, then asks again; nothing is lost."""
    script = ["?", "10"] + ["?", ""] * 4 + ["?", "1", "?", "n", "?", ""]
    _, text = run_play(script, profile=profile, seed=8, max_rounds=2, **kw)
    for topic in topics:
        assert topic in text
    assert "? (or help) shows this help" in text


def test_help_for_cut_style_and_bank_questions() -> None:
    script = ["25", "1", "n", "", "?", "y", "?", "", "?", "", "?", "f", "1"]
    _, text = run_play(script, seed=4, max_rounds=2)
    assert "Banking: your hand plays against every player's" in text
    assert "a:I-J:END moves the block" in text and "b:I-J:PART>END" in text
    assert "f = chee yee (chop the ears)" in text
    assert "R-BANK-10" in text


def test_h_names_the_house_way_rule_r_hw_01() -> None:
    """The `h` suggestion names the rule behind it, as `paigow set` does."""
    _, text = run_play(["10", "h", "1", "n"], seed=3)
    assert "rule (c) of R-HW-01: play two tiles worth 9, 8 or 7 together" in text


def test_way_optimal_and_dealer_options() -> None:
    """`--way optimal` suggests the best setting against `--dealer`; the advice is computed
    against that dealer way and marks the same setting best."""
    _, text = run_play(["10", "a", "", "n"], seed=3, dealer="canberra", way="optimal:canberra")
    assert "h = optimal:canberra" in text
    assert "against the dealer's way canberra" in text
    menu = text.split("Your tiles at 3")[1]
    default = menu.split("a = advice [")[1].split("]")[0]
    assert f"  {default}. " in menu.split("<- best")[0].splitlines()[-1]


@pytest.mark.parametrize(
    ("kw", "fragment"),
    [
        ({"seat": "9"}, "--seat must be one of 1..6"),
        ({"seat": "x"}, "--seat must be one of 1..6"),
        ({"players": 10}, "--players must be 0..5"),
        ({"players": -1}, "--players must be 0..5"),
        ({"profile": "lucky-chances", "players": 0}, "--players must be 1..7"),
        ({"rounds": 0}, "--rounds must be at least 1"),
        ({"pair_fortunes": "1"}, "does not offer Pair Fortunes"),
        ({"profile": "colorado", "pair_fortunes": "9"}, "table '9' is not offered"),
        ({"dragons_eye": True}, "does not offer Dragon's Eye"),
        ({"dealer": "nonsense"}, "unknown house way 'nonsense'"),
        ({"way": "optimal-banker", "profile": "nj-supreme"}, "unknown Supreme Pai Gow way"),
    ],
)
def test_options_are_checked_before_the_table_opens(kw: dict[str, object], fragment: str) -> None:
    """Issue 9: `--seat 9` printed the banner, then failed; `--players` was clamped."""
    if "rounds" in kw:
        kw["max_rounds"] = kw.pop("rounds")
    with pytest.raises(PaigowError) as err:
        run_play([], **kw)
    assert fragment in str(err.value)


def test_zero_computer_players_is_a_table() -> None:
    summary, text = run_play(["10", "1", "n"], players=0, seed=3, max_rounds=1)
    assert "Chips: You $1,000.00\n" in text and summary["hands"] == 1


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (["--seat", "9"], 2, "--seat must be one of 1..6"),
        (["--players", "10"], 2, "--players must be 0..5"),
        (["--players", "-1"], 2, "expected at least 0"),
        (["--rounds", "x"], 2, "expected a whole number"),
    ],
)
def test_options_through_the_console_script(args: list[str], code: int, fragment: str) -> None:
    """The exit code, one error line, and no table printed first."""
    proc = console_script(["play", *args])
    assert_clean(proc, code)
    assert fragment in proc.stderr
    assert proc.stdout == ""


def test_crash_inputs_through_the_console_script() -> None:
    """Issue 9's crashes of `paigow play` (markup, inf, 1e308 at the wager, side bet and
    Dragon's Eye questions) through the installed command: no traceback, exit 0."""
    answers = ["[/]", "inf", "1e308", "10", "[/]", "1e308", "5", "odd inf", "[/]", "odd 5"]
    script = "\n".join([*answers, "[/]", "1", "[/]", "n"])
    args = ["play", "--profile", "colorado", "--seed", "8", "--pair-fortunes", "1"]
    proc = console_script([*args, "--dragons-eye"], script + "\n")
    assert_clean(proc, 0)
    assert "'[/]' is not an amount in dollars" in proc.stdout
    assert "You leave with" in proc.stdout


def test_config_error_is_not_a_traceback() -> None:
    with pytest.raises(ConfigError):
        run_play([], profile="atlantis")
