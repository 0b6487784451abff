"""``paigow train``: set dealt hands; every answer is scored by the exact EV it gives up.

One answer per line on standard input (a script can drive it; the end of input quits), the
hands and their scores on standard output: as text, or with ``--json`` one JSON object per line.
User input is printed as plain text, never as markup. Ctrl-C leaves quietly with exit code 130.
The player's statistics are kept per profile in a small JSON file (:mod:`.train_store`).

This module only registers the command; the session (:mod:`.train_session`) and the engine are
imported when the command runs, so the other commands start as fast as before.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .options import seed

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["add_parser", "default_path", "run", "train"]

#: The drills ``--drill`` accepts (see :mod:`paigow.trainer.categories`).
DRILL_HELP = (
    "all, pairs, no-pair, gee-joon (cards: jokers), two-pairs, split, weak, or card "
    "(hands a rule of the --way strategy:FILE card sets)"
)


def default_path(env: Mapping[str, str] | None = None) -> Path:
    """The statistics file: ``$XDG_DATA_HOME/paigow/trainer.json`` (the XDG base directory
    specification; ``~/.local/share`` when the variable is unset, empty or relative)."""
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "paigow" / "trainer.json"


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {n}")
    return n


def add_parser(sub: Any) -> None:
    """Register ``paigow train`` on the subcommand parsers ``sub``."""
    add_arguments(
        sub.add_parser("train", help="practise setting hands, scored by the exact EV lost")
    )


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``paigow train``."""
    p.add_argument("--profile", default="generic", help="jurisdiction profile (default: generic)")
    p.add_argument(
        "--drill",
        default="all",
        help=f"{DRILL_HELP} (default: all)",
    )
    p.add_argument("--dealer", help="the dealer's way the EV is computed against")
    p.add_argument("--way", help="the house way answers are compared with (optimal allowed)")
    p.add_argument("--seed", type=seed, help="seed for reproducible hands")
    p.add_argument("--hands", type=_positive, help="stop after this many hands")
    p.add_argument(
        "--json", action="store_true", help="print one JSON object per line (answers as usual)"
    )
    keep = p.add_mutually_exclusive_group()
    keep.add_argument(
        "--stats",
        metavar="FILE",
        help="statistics file (default: $XDG_DATA_HOME/paigow/trainer.json)",
    )
    keep.add_argument("--no-stats", action="store_true", help="neither read nor write statistics")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run ``paigow train`` with parsed arguments."""
    path = None if args.no_stats else Path(args.stats) if args.stats else default_path()
    return train(
        args.profile,
        drill=args.drill,
        dealer=args.dealer,
        way=args.way,
        seed=args.seed,
        hands=args.hands,
        as_json=args.json,
        stats_path=path,
    )


def train(
    profile: str = "generic",
    *,
    drill: str = "all",
    dealer: str | None = None,
    way: str | None = None,
    seed: int | None = None,
    hands: int | None = None,
    as_json: bool = False,
    stats_path: Path | None = None,
    stdin: TextIO | None = None,
    console: Console | None = None,
) -> int:
    """Run a training session; the exit code (0, or 130 after Ctrl-C).

    Raises:
        ConfigError: an unknown profile, way or drill, or a bad statistics file.
    """
    from .terminal import converse
    from .train_session import session_for

    def talk() -> int:
        session = session_for(
            profile,
            drill=drill,
            dealer=dealer,
            way=way,
            seed=seed,
            as_json=as_json,
            stats_path=stats_path,
            stdin=stdin,
            console=console,
        )
        return session.run(hands)

    return converse(talk, newline=not as_json)
