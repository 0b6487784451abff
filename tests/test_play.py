"""The terminal table played end to end from a script, including a banked round."""

from __future__ import annotations

import io
import subprocess
import sys

from rich.console import Console

from paigow.cli.play import play


def run_script(lines: list[str], **kw: object) -> tuple[dict[str, object], str]:
    out = io.StringIO()
    console = Console(file=out, width=110, force_terminal=False, color_system=None)
    summary = play(stdin=io.StringIO("\n".join(lines) + "\n"), console=console, **kw)  # type: ignore[arg-type]
    return summary, out.getvalue()


def test_play_two_rounds_then_bank_r_bank_03() -> None:
    """Round 1 house-banked (start of game, R-BANK-02); round 2 the bank is offered (R-BANK-03)
    and taken: cut declined, dealer's wager accepted, style chosen, bank hand set."""
    script = [
        "25",  # wager
        "a",  # advice
        "1",  # setting
        "n",  # surrender
        "",  # next round
        "y",  # take the bank
        "",  # no cut
        "",  # dealer's wager as offered
        "f",  # style: chee yee
        "1",  # bank's setting
        "q",
    ]
    summary, text = run_script(script, profile="generic", seed=4)
    assert "Round 1" in text and "Round 2" in text
    assert "EV" in text  # the advice
    assert "take the bank" in text
    assert "You (bank) sets" in text
    assert "Commission collected" in text or "This round" in text
    assert "Last rounds" in text
    assert summary["rounds"] == 2
    assert "You leave with" in text


def test_play_lucky_chances_player_dealer() -> None:
    """LC: a Player-Dealer every hand (R-LC-01); no surrender prompt (R-LC-15)."""
    summary, text = run_script(["y", "100", "", "1", "", "q"], profile="lucky-chances", seed=2)
    assert "Player-Dealer" in text
    assert "Surrender" not in text
    assert summary["rounds"] == 1


def test_play_bad_answers_are_asked_again() -> None:
    summary, text = run_script(["lots", "999999", "10", "9", "1", "n", "q"], seed=1)
    assert "is not an amount" in text
    assert "maximum" in text
    assert "choose 1.." in text
    assert summary["rounds"] == 1


def test_play_command_from_a_pipe() -> None:
    """`paigow play` reads a piped script and stops cleanly at the end of input."""
    proc = subprocess.run(
        [sys.executable, "-m", "paigow.cli.main", "play", "--seed", "5", "--profile", "colorado"],
        input="10\n1\nn\n",
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Round 1" in proc.stdout and "You leave with" in proc.stdout


def test_play_supreme_pai_gow_with_the_bonus() -> None:
    """R-SPG: the card game at the terminal table: bonus wager, advice, a banked round."""
    script = ["10", "5", "a", "1", "n", "", "y", "", "", "1", "q"]
    summary, text = run_script(script, profile="nj-supreme", seed=2)
    assert "Your cards at 3" in text and "(bonus)" in text
    assert "foul: loses" in text
    assert "You (bank) sets" in text
    assert summary["rounds"] == 2


def test_play_colorado_with_dragons_eye_and_pair_fortunes() -> None:
    """R-DE-03 / R-PF: the dice phase and Pair Fortunes shown at the table."""
    script = ["10", "5", "odd 5, match 5, bonus 5", "1", "n", "q"]
    summary, text = run_script(
        script, profile="colorado", seed=8, pair_fortunes="1", dragons_eye=True
    )
    assert "Dragon's Eye die" in text and "(Pair Fortunes)" in text
    assert summary["rounds"] == 1
