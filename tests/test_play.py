"""The terminal table played end to end from a script: house and player banks, the card game,
the side bets, leaving mid-round, the session summary, buying in again at $0."""

from __future__ import annotations

import pytest

from cli_helpers import assert_clean, console_script, run_play, table_row


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
    ]
    summary, text = run_play(script, profile="generic", seed=4, max_rounds=2)
    assert "Round 1" in text and "Round 2" in text
    assert "EV" in text  # the advice
    assert "take the bank" in text
    assert "You (bank) sets" in text
    assert "Settlement, in the order the hands were exposed" in text and "commission" in text
    assert "The bank: You (seat 3)" in text and "Last rounds" in text
    assert summary["rounds"] == 2
    assert "You leave with" in text and "Session: 2 rounds, 1 hand played." in text


def test_play_lucky_chances_player_dealer_r_lc_01() -> None:
    """LC: a Player-Dealer every hand (R-LC-01); no surrender prompt (R-LC-15); hands are
    played as set (R-SET-09), so a high-below-low setting is offered, labelled so, never as a
    foul that loses."""
    summary, text = run_play(["100", "1"], profile="lucky-chances", seed=2, max_rounds=1)
    assert "C1 is the Player-Dealer." in text
    assert "Surrender" not in text
    assert "(high below low: played as set)" in text
    assert "foul" not in text
    assert summary["rounds"] == 1 and summary["hands"] == 1


def test_play_lucky_chances_as_player_dealer() -> None:
    """R-LC-08/09: the Player-Dealer's stake, asked again with the reason when refused."""
    script = ["10", "1", "", "10", "1", "", "0", "100000", "100", "e", "1"]
    summary, text = run_play(script, profile="lucky-chances", seed=2, players=1, max_rounds=3)
    assert "Nobody else may deal; you are the Player-Dealer." in text
    assert "the Player-Dealer's stake must be positive" in text
    assert "You lack $100,000.00" in text
    assert "Choose the delivery style [a]: e" in text  # the PD chooses (LC ¶33)
    assert "You (bank) sets" in text
    assert summary["rounds"] == 3


def test_play_supreme_pai_gow_with_the_bonus_r_spg_15() -> None:
    """R-SPG: the card game: bonus wager, advice numbered like the menu, a foul labelled as
    losing (R-SPG-21), then a banked round."""
    script = ["10", "5", "a", "3", "n", "", "y", "", "", "2"]
    summary, text = run_play(script, profile="nj-supreme", seed=2, max_rounds=2)
    assert "Your cards at 3" in text and table_row(text, "3", "You", "bonus (Flush)")
    assert "4. 8c 3c (1 (high card 8))  /  7c 5c (2 (high card 7))  (foul: loses)" in text
    assert "  3. 5c 3c / 8c 7c: EV -36.14%" in text  # the menu's number 3
    assert "You (bank) sets" in text
    assert summary["rounds"] == 2


def test_supreme_bank_foul_is_reset_and_said_r_spg_21() -> None:
    """Issue 9: a Supreme Pai Gow bank's mis-set hand is reset to the house way, and the
    player is told (R-SPG-21, R-HW-02)."""
    script = ["10", "0", "3", "n", "", "y", "", "", "4"]
    _, text = run_play(script, profile="nj-supreme", seed=2, max_rounds=2)
    assert "(foul: the dealer resets it to the house way)" in text
    assert "is reset to the house way" in text
    assert "You (bank) sets: 7d 2h" in text


def test_play_colorado_with_dragons_eye_and_pair_fortunes_r_de_03() -> None:
    """R-DE-03 / R-PF: the dice phase and Pair Fortunes shown at the table."""
    script = ["10", "5", "odd 5, match 5, bonus 5", "1", "n"]
    summary, text = run_play(
        script, profile="colorado", seed=8, pair_fortunes="1", dragons_eye=True, max_rounds=1
    )
    assert "Dragon's Eye die" in text and "│ Pair Fortunes (" in text
    assert "You dice bonus $5.00: lose" in text
    assert summary["rounds"] == 1


def test_identical_settings_are_listed_once() -> None:
    """6-6 6-6 2-2 5-5 splits three ways, two of them the same hands: two choices."""
    script = ["25", "1", "n", "", "y", "a:3-4:right", "", "f", "a", "2"]
    _, text = run_play(script, profile="generic", seed=4, max_rounds=2)
    assert "The bank's tiles at 3: 6-6 2-2 6-6 5-5" in text
    assert "  2. 6-6 6-6 (Pair of Teen (6-6))" in text
    assert "  3. " not in text.split("The bank's tiles at 3")[1].split("You (bank) sets")[0]


def test_leaving_after_the_deal_plays_the_hand_by_house_way() -> None:
    """Issue 9: after the deal a wager is in action. `q` at the setting question: the hand is
    set by the house way and played, and the player is told (the wager is not returned)."""
    summary, text = run_play(["100", "q"], seed=3)
    assert "Your wagers are in action" in text and "set by the house way" in text
    assert table_row(text, "3", "You", "Pai Gow", "4-6 4-5 / 1-3 3-4", "$100.00", "lose")
    assert summary["stack"] == 100_000 - 10_000
    assert summary["hands"] == 1


def test_leaving_before_no_more_bets_returns_the_wagers_r_wager_03() -> None:
    """R-WAGER-03: before "no more bets" wagers may be taken back; leaving at a side bet's
    question calls the round off and returns them."""
    summary, text = run_play(["10", "q"], profile="colorado", seed=8, pair_fortunes="1")
    assert "the round is called off, every wager returned" in text
    assert summary["stack"] == 100_000 and summary["rounds"] == 0


def test_end_of_input_mid_round_is_like_q() -> None:
    summary, text = run_play(["100"], seed=3)
    assert "Your wagers are in action" in text
    assert summary["hands"] == 1


def test_rebet_and_session_summary() -> None:
    """The last amount is the next wager's default; the summary counts hands, results,
    commission and the EV given up against the best settings."""
    script = ["40", "3", "n", "", "n", "", "1", "n"]  # round 2: bank declined, rebet
    summary, text = run_play(script, seed=3, max_rounds=2)
    assert "Your wager (dollars; $5.00..$5,000.00, 0 = sit out) [40]" in text
    assert summary["hands"] == 2
    assert "Session: 2 rounds, 2 hands played." in text
    assert "Commission and collections paid: $" in text
    assert "EV given up against the best settings, over the 2 hands you set:" in text
    assert summary["ev_given_up"] > 0  # setting 3 of round 1 is not the best


def test_at_zero_buy_in_again_or_leave() -> None:
    """Out of chips: buy in again (y) and play on, or a clear end (n)."""
    lose_all = ["1000", "2", "n"]  # seed 3: setting 2 loses the whole stack
    summary, text = run_play([*lose_all, "", "y", "n", "10", "1", "n"], seed=3, max_rounds=2)
    assert "under the table minimum $5.00. Buy in again for $1,000.00?" in text
    assert summary["bought_in"] == 200_000 and summary["rounds"] == 2
    summary, text = run_play([*lose_all, "", "n"], seed=3, max_rounds=2)
    assert "You are out of chips; the session ends." in text
    assert summary["rounds"] == 1 and summary["stack"] < 500


@pytest.mark.parametrize("profile", ["generic", "colorado", "nj-supreme"])
def test_play_from_a_pipe_through_the_console_script(profile: str) -> None:
    """`paigow play` reads a piped script and stops cleanly at the end of input (exit 0)."""
    proc = console_script(["play", "--seed", "5", "--profile", profile], "10\n\n1\nn\n")
    assert_clean(proc, 0)
    assert "Round 1" in proc.stdout and "You leave with" in proc.stdout
