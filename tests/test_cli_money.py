"""One money parser for everything typed in dollars, and messages that speak dollars.

The parser accepts what the game prints (``$1,009.50``) and refuses, with the reason, what is
not a whole number of cents: the inputs of issue 9 (``inf``, ``1e308``, ``5.001``, ``1e-9``).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paigow.cli.amounts import MAX_CENTS, dollars, engine_words, parse_dollars, signed_dollars
from paigow.errors import ParseError


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("25", 2500),
        ("25.50", 2550),
        ("25.5", 2550),
        ("$25", 2500),
        ("$ 25", 2500),
        ("1,000", 100_000),
        ("$1,009.50", 100_950),
        ("5.000", 500),  # zeros past the cents are not precision
        (".5", 50),
        ("0", 0),
        ("+7", 700),
        ("  12  ", 1200),
        ("1,000,000,000", MAX_CENTS),
    ],
)
def test_accepted_amounts(text: str, cents: int) -> None:
    assert parse_dollars(text) == cents


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("inf", "not an amount"),
        ("nan", "not an amount"),
        ("1e308", "not an amount"),
        ("1e-9", "not an amount"),
        ("5.001", "more than two decimals"),
        ("-5", "cannot be negative"),
        ("$-5", "cannot be negative"),
        ("1,00", "commas separate thousands"),
        ("12,34.5", "commas separate thousands"),
        ("1,000,000,001", "too large"),
        ("9" * 5000, "too large"),  # never reaches int(): no digit-limit ValueError
        ("[/]", "not an amount"),
        ("\x1b[31m5", "not an amount"),
        ("٣", "not an amount"),  # digits are ASCII
        ("", "not an amount"),
        ("$", "not an amount"),
        (".", "not an amount"),
    ],
)
def test_refused_amounts_say_why(text: str, reason: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_dollars(text)
    msg = str(err.value)
    assert reason in msg
    assert "float" not in msg and "convert" not in msg
    assert "\x1b" not in msg  # control characters are escaped when quoted
    assert len(msg) < 200


@given(st.integers(min_value=0, max_value=MAX_CENTS))
def test_what_the_game_prints_reads_back(cents: int) -> None:
    """Every amount the game prints is accepted as typed: ``dollars`` then ``parse_dollars``."""
    assert parse_dollars(dollars(cents)) == cents
    assert parse_dollars(dollars(cents).replace(",", "")) == cents


@given(st.text(max_size=60))
def test_any_text_is_cents_or_a_parse_error(text: str) -> None:
    """No other exception, whatever is typed; accepted values are whole cents in range."""
    try:
        cents = parse_dollars(text)
    except ParseError as e:
        assert str(e)
    else:
        assert isinstance(cents, int) and 0 <= cents <= MAX_CENTS


def test_dollars_and_signs() -> None:
    assert dollars(100_950) == "$1,009.50"
    assert dollars(-5) == "-$0.05"
    assert signed_dollars(950) == "+$9.50"
    assert signed_dollars(-2000) == "-$20.00"
    assert signed_dollars(0) == " $0.00"


@pytest.mark.parametrize(
    ("engine", "shown"),
    [
        (
            "You has 100950 cents, cannot wager 200000 plus collection 100",
            "You have $1,009.50, cannot wager $2,000.00 plus collection $1.00",
        ),
        ("500 cents is under the table minimum 1000", "$5.00 is under the table minimum $10.00"),
        (
            "50 cents is outside the table limits 500..500000",
            "$0.50 is outside the table limits $5.00..$5,000.00",
        ),
        ("You lacks 500 cents for the bonus wager", "You lack $5.00 for the bonus wager"),
        ("You is the bank and cannot wager against it", "You are the bank and cannot wager"),
        ("You already has a de-odd wager on spot 3", "You already have a de-odd wager"),
        ("spot 3 is the bank's (R-BANK-06)", "spot 3 is the bank's (R-BANK-06)"),
    ],
)
def test_engine_messages_speak_dollars_to_you(engine: str, shown: str) -> None:
    """Issue 9: "$1,009.50", not "100950 cents"; "You have", not "You has"."""
    out = engine_words(engine)
    assert out.startswith(shown)
    assert not re.search(r"\d cents", out)
