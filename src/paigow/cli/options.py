"""Options shared by several commands, and argument types whose errors speak plainly.

Argument types raise :class:`argparse.ArgumentTypeError` with a message in the user's terms
("argument --players: expected a whole number, got 'x'"), never Python's own wording.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

__all__ = ["add_common", "add_variations", "count", "rate", "seed", "way_option"]

_WHOLE = re.compile(r"[+-]?\d{1,30}", re.ASCII)


def add_common(p: argparse.ArgumentParser, *, profile_help: str | None = None) -> None:
    """``--profile`` and ``--json``."""
    p.add_argument(
        "--profile",
        default="generic",
        help=profile_help or "jurisdiction profile, or a path to a .toml file (default: generic)",
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")


def add_variations(p: argparse.ArgumentParser) -> None:
    """``--pair-fortunes TABLE`` and ``--dragons-eye``."""
    p.add_argument(
        "--pair-fortunes", metavar="TABLE", help="offer Pair Fortunes with pay table 1-4 / A-D"
    )
    p.add_argument("--dragons-eye", action="store_true", help="offer the Dragon's Eye wagers")


def way_option(p: argparse.ArgumentParser, help_text: str) -> None:
    """``--way WAY`` and ``--against WAY`` (the opposing way of ``optimal`` ways)."""
    p.add_argument(
        "--way",
        help=f"{help_text}; a name, optimal, optimal-banker, table:FILE.csv or strategy:FILE",
    )
    p.add_argument(
        "--against",
        metavar="WAY",
        help="with --way optimal or optimal-banker: the opposing way (default: the profile's)",
    )


def _whole(text: str) -> int:
    if not _WHOLE.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}")
    return int(text)


def seed(text: str) -> int:
    """A seed: any whole number (up to 30 digits)."""
    return _whole(text)


def count(least: int) -> Callable[[str], int]:
    """A whole number of at least ``least`` (an upper limit is checked against the profile)."""

    def parse(text: str) -> int:
        n = _whole(text)
        if n < least:
            raise argparse.ArgumentTypeError(f"expected at least {least}, got {n}")
        return n

    parse.__name__ = "count"
    return parse


def rate(text: str) -> str:
    """``--commission``: a rate from 0 to below 1 written as a decimal (``0.05``), at most six
    decimals."""
    t = text.strip()
    if not re.fullmatch(r"0|0?\.\d{1,6}", t, re.ASCII):
        raise argparse.ArgumentTypeError(
            f"expected a rate from 0 to below 1 like 0.05 (at most 6 decimals), got {text[:40]!r}"
        )
    return t
