"""Exception types of paigow.

Three families, so that callers can tell bad input from bad moves from bad setup:

* :class:`ParseError` (also a :class:`ValueError`): text that is not valid notation,
  e.g. ``"7-1"`` as a tile or ``"6-6 4-5 1-2"`` where a setting is expected.
* :class:`IllegalActionError`: well-formed input that the rules forbid, e.g. a setting whose
  high hand ranks below its low hand, or tiles that are not the player's four.
* :class:`ConfigError`: a profile or house-way table that fails validation.

Round records (:mod:`paigow.table.record`) add two: :class:`RecordError` (a record that is not
a well-formed record of the documented format: a :class:`ParseError`) and
:class:`ReplayMismatchError` (a well-formed record that does not replay to itself: edited,
truncated, reordered, or played under other rules).

Every message names the offending input and says what was expected.
"""

from __future__ import annotations


class PaigowError(Exception):
    """Base class of every error raised by paigow."""


class ParseError(PaigowError, ValueError):
    """Input text is not valid notation (bad syntax)."""


class AmbiguousNameError(ParseError):
    """A traditional name denotes more than one tile (e.g. ``Chop Gow`` = 3-6 or 4-5)."""


class IllegalActionError(PaigowError):
    """Well-formed input that the rules do not allow."""


class InvalidSettingError(IllegalActionError):
    """A setting that cannot be made from the given tiles, or that the profile rejects."""


class ConfigError(PaigowError):
    """A profile, house way or table that fails validation."""


class RecordError(ParseError):
    """A round record that is not well-formed: not JSON, a missing key, a wrong type."""


class ReplayMismatchError(PaigowError):
    """A round record that does not replay to itself: an operation or transfer edited,
    removed or reordered, a derived field that differs, or rules that differ from the
    profile the record names."""
