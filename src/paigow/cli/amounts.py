"""Money on the command line: one parser for amounts typed in dollars, one way to print them.

The table engine counts integer cents; people read and type dollars. :func:`parse_dollars`
accepts what the game itself prints (``25``, ``25.50``, ``$1,000``, ``$1,009.50``) and refuses,
with the reason, anything that is not a whole number of cents: words, ``inf``, ``nan``,
exponents (``1e-9``), more than two decimals (``5.001``), negative or huge amounts.
"""

from __future__ import annotations

import re
from typing import Final

from paigow.errors import ParseError

__all__ = ["MAX_CENTS", "dollars", "engine_words", "parse_dollars", "signed_dollars"]

#: The largest amount accepted: one billion dollars, in cents.
MAX_CENTS: Final = 100_000_000_000

_AMOUNT: Final = re.compile(
    r"(?P<whole>\d{1,3}(?:,\d{3})+|\d+)?(?:\.(?P<frac>\d*))?",
    re.ASCII,
)
_EXAMPLE: Final = "write dollars like 25, 25.50 or $1,000"


def dollars(cents: int) -> str:
    """``$1,009.50``; a negative amount ``-$5.00``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{part:02d}"


def signed_dollars(cents: int) -> str:
    """``+$9.50``, ``-$20.00``, `` $0.00``: a change of money."""
    return ("+" if cents > 0 else "-" if cents < 0 else " ") + dollars(abs(cents))


def _shown(text: str) -> str:
    """The text as the message quotes it: control characters escaped, at most 40 characters."""
    return repr(text[:40] + ("..." if len(text) > 40 else ""))


def parse_dollars(text: str, *, what: str = "amount") -> int:
    """An amount typed in dollars, in cents.

    Raises:
        ParseError: not a plain amount in dollars and cents; the message says why.
    """
    s = text.strip()
    if s.startswith("$"):
        s = s[1:].lstrip()
    if s.startswith("-"):
        raise ParseError(f"the {what} cannot be negative, got {_shown(text)}")
    s = s.removeprefix("+")
    m = _AMOUNT.fullmatch(s)
    if m is None or not (m["whole"] or m["frac"]):
        if re.fullmatch(r"[\d,]+(\.\d*)?", s, re.ASCII):
            raise ParseError(
                f"{_shown(text)} is not an amount: commas separate thousands (1,000); "
                "use a point for cents (25.50)"
            )
        raise ParseError(f"{_shown(text)} is not an amount in dollars; {_EXAMPLE}")
    whole = (m["whole"] or "0").replace(",", "")
    frac = m["frac"] or ""
    if len(frac.rstrip("0")) > 2:
        raise ParseError(
            f"{_shown(text)} has more than two decimals; amounts are whole cents, e.g. 5.00"
        )
    if len(whole) > 12:
        raise ParseError(f"{_shown(text)} is too large: at most {dollars(MAX_CENTS)}")
    cents = int(whole) * 100 + int((frac + "00")[:2])
    if cents > MAX_CENTS:
        raise ParseError(f"{_shown(text)} is too large: at most {dollars(MAX_CENTS)}")
    return cents


# The engine names players in the third person and counts cents ("C1 has 100950 cents");
# the terminal speaks to "You" in dollars ("You have $1,009.50").
_CENTS: Final = re.compile(r"(?<![\w$.])(\d{1,15}) cents\b")
_LIMIT: Final = re.compile(
    r"\b(minimum|maximum|limits|cover|wager|collection) (\d{1,15})(?:\.\.(\d{1,15}))?\b"
)
_YOU: Final = (
    ("You already has", "You already have"),
    ("You already plays", "You already play"),
    ("You has", "You have"),
    ("You lacks", "You lack"),
    ("You is", "You are"),
)


def engine_words(message: str, *, you: str = "You") -> str:
    """A table engine message as the terminal shows it: amounts in dollars, and the player
    addressed as ``you`` with the verb agreeing ("You have", not "You has")."""

    def limit(m: re.Match[str]) -> str:
        lo = dollars(int(m[2]))
        return f"{m[1]} {lo}" + (f"..{dollars(int(m[3]))}" if m[3] else "")

    out = _CENTS.sub(lambda m: dollars(int(m[1])), message)
    out = _LIMIT.sub(limit, out)
    for third, second in _YOU:
        out = out.replace(third.replace("You", you, 1), second.replace("You", you, 1))
    return out
