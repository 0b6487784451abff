"""Typed inputs at the table's boundary: every public action checks its arguments here first.

Each checker returns the value with its exact type or raises
:class:`~paigow.errors.IllegalActionError` with a message in the user's terms (dollars, seats,
dice). ``bool`` is never accepted as a number, floats never as cents, and a text field is a
non-empty ``str``. Actions call these before they look at the round's state, so a value of the
wrong type is refused like any other illegal action, never by an ``AttributeError`` or
``TypeError`` from deeper down.
"""

from __future__ import annotations

import re
from typing import Final

from paigow.errors import IllegalActionError

__all__ = [
    "MAX_CENTS",
    "Timed",
    "as_cents",
    "as_count",
    "as_die",
    "as_flag",
    "as_name",
    "as_text",
    "as_timestamp",
    "dollars",
    "stamp_order",
]

#: The largest amount the table handles: $10,000,000,000.00 (keeps every sum exact and sane).
MAX_CENTS: Final = 10**12

_STAMP: Final = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z")


def dollars(cents: int) -> str:
    """``1234`` -> ``"$12.34"`` (negative amounts keep their sign)."""
    sign = "-" if cents < 0 else ""
    return f"{sign}${abs(cents) // 100:,}.{abs(cents) % 100:02d}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def as_cents(value: object, what: str, *, positive: bool = False) -> int:
    """An amount of money in whole cents (``500`` is $5.00): an ``int``, not a float or bool.

    Raises:
        IllegalActionError: not a whole number of cents, negative, zero when ``positive``, or
            above :data:`MAX_CENTS`.
    """
    if not _is_int(value):
        raise IllegalActionError(f"{what} is a whole number of cents ($5.00 is 500), got {value!r}")
    assert isinstance(value, int)
    if value < 0 or (positive and value == 0):
        raise IllegalActionError(
            f"{what} must be {'more than $0.00' if positive else '$0.00 or more'}, got {value}"
        )
    if value > MAX_CENTS:
        raise IllegalActionError(f"{what} of {dollars(value)} is more than the table handles")
    return value


def as_count(value: object, what: str, *, low: int = 0, high: int | None = None) -> int:
    """A whole number in ``low..high``.

    Raises:
        IllegalActionError: not an ``int`` (or a bool), or out of range.
    """
    if not _is_int(value):
        raise IllegalActionError(f"{what} is a whole number, got {value!r}")
    assert isinstance(value, int)
    if value < low or (high is not None and value > high):
        top = "" if high is None else f"..{high}"
        raise IllegalActionError(f"{what} must be {low}{top if top else ' or more'}, got {value}")
    return value


def as_die(value: object) -> int:
    """One die: a whole number 1..6."""
    return as_count(value, "a die", low=1, high=6)


def as_text(value: object, what: str) -> str:
    """A non-empty text.

    Raises:
        IllegalActionError: not a ``str``, or empty (blank).
    """
    if not isinstance(value, str) or not value.strip():
        raise IllegalActionError(f"{what} is a non-empty text, got {value!r}")
    return value


def as_name(value: object, what: str = "a player") -> str:
    """A player's name (a non-empty text)."""
    return as_text(value, what)


def as_flag(value: object, what: str) -> bool:
    """``True`` or ``False`` (not 0/1 or text)."""
    if not isinstance(value, bool):
        raise IllegalActionError(f"{what} is true or false, got {value!r}")
    return value


def as_timestamp(value: object, what: str = "a timestamp") -> str:
    """An ISO 8601 UTC time as text, ``YYYY-MM-DDTHH:MM:SS[.ffffff]Z`` (the table has no clock:
    the caller supplies the times).

    Raises:
        IllegalActionError: not text of that form.
    """
    if not isinstance(value, str) or not _STAMP.fullmatch(value):
        raise IllegalActionError(
            f"{what} is UTC time text like '2025-01-31T20:15:00Z', got {value!r}"
        )
    return value


def stamp_order(stamp: str) -> tuple[str, str]:
    """A sort key for :func:`as_timestamp` texts (seconds, then the fraction padded to 6)."""
    head, _, frac = stamp.rstrip("Z").partition(".")
    return head, frac.ljust(6, "0")


class Timed:
    """An object stamped with the time its caller gives (:attr:`now`); the table has no clock."""

    _now: str | None = None

    @property
    def now(self) -> str | None:
        """The time the caller says it is (UTC text), stamped on what is recorded next."""
        return self._now

    @now.setter
    def now(self, stamp: str | None) -> None:
        self._now = None if stamp is None else as_timestamp(stamp, "the time")
        self._time_set()

    def _time_set(self) -> None:
        """Called after :attr:`now` changes; nothing by default."""
