"""``paigow play``: a terminal table. You sit among computer players and play rounds.

Works on a plain terminal and from a script: every question is one line read from standard
input (Enter takes the default shown in brackets, ``?`` explains the question, ``q`` leaves);
the end of input leaves cleanly. The options are checked before the table opens. When you leave
the table, a summary of the session is printed. At $0 you may buy in again or leave.

The round itself is :mod:`paigow.cli.play_round`; questions and answers (shared with
``paigow train``) :mod:`paigow.cli.terminal`; what is shown :mod:`paigow.cli.play_view`.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from paigow.errors import ConfigError
from paigow.games.dice import Rng, default_rng
from paigow.profiles import Profile, get_profile

from . import play_help as helps
from .amounts import dollars
from .play_round import START, Game
from .play_view import YOU
from .terminal import QuitGame, Terminal, converse, line_reader

__all__ = ["check_options", "play", "run"]


def run(args: argparse.Namespace) -> int:
    """``paigow play`` from the parsed arguments: exit code 0 when the player leaves, 130
    after Ctrl-C."""
    from .commands import way_name

    def talk() -> int:
        play(
            args.profile,
            seat=args.seat,
            players=args.players,
            seed=args.seed,
            max_rounds=args.rounds,
            pair_fortunes=args.pair_fortunes,
            dragons_eye=args.dragons_eye,
            dealer=way_name(args.dealer, None, args.profile),
            way=way_name(args.way, args.against, args.profile),
        )
        return 0

    return converse(talk)


def check_options(prof: Profile, seat: str, players: int, max_rounds: int | None) -> str:
    """The seat as a position of ``prof``; raises ConfigError, listing the valid values, for
    options that cannot make a table."""
    n = prof.table.positions
    text = seat.strip()
    norm = str(int(text)) if re.fullmatch(r"\d{1,3}", text, re.ASCII) else text
    if norm not in {str(p) for p in range(1, n + 1)}:
        raise ConfigError(
            f"--seat must be one of 1..{n}, the betting positions of {prof.name}; got {seat!r}"
        )
    if not 0 <= players <= n - 1:
        raise ConfigError(
            f"--players must be 0..{n - 1}: {prof.name} has {n} positions and one is yours; "
            f"got {players}"
        )
    if players == 0 and not prof.banking.house_banks:
        raise ConfigError(
            f"{prof.name} has no house bank: --players must be 1..{n - 1}, someone must wager "
            "against your bank"
        )
    if max_rounds is not None and max_rounds < 1:
        raise ConfigError(f"--rounds must be at least 1, got {max_rounds}")
    return norm


def play(
    profile: str = "generic",
    *,
    seat: str = "3",
    players: int = 3,
    seed: int | None = None,
    stdin: TextIO | None = None,
    console: Console | None = None,
    max_rounds: int | None = None,
    pair_fortunes: str | None = None,
    dragons_eye: bool = False,
    dealer: str | None = None,
    way: str | None = None,
) -> dict[str, Any]:
    """Run the terminal table until the player leaves; returns a summary of the session.

    Raises:
        ConfigError, IllegalActionError: options that cannot make a table (before it opens).
    """
    prof = get_profile(profile)
    seat = check_options(prof, seat, players, max_rounds)
    con = console or Console(highlight=False)
    interactive = stdin is None and sys.stdin.isatty()
    term = Terminal(con, line_reader(stdin), echo=not interactive)
    rng: Rng = random.Random(seed) if seed is not None else default_rng()
    game = Game(
        prof,
        seat,
        players,
        rng,
        term,
        pair_fortunes=pair_fortunes,
        dragons_eye=dragons_eye,
        dealer_way=dealer,
        hint_way=way,
    )
    con.print(
        Text.assemble(
            ("paigow", "bold"),
            f" — {prof.meta.title}. You sit at seat {seat} with {dollars(START)}. "
            "Enter takes the default in brackets; ? explains a question; q leaves.",
        )
    )
    bought = START
    try:
        while max_rounds is None or game.session.rounds < max_rounds:
            if game.session.stacks[YOU] < prof.table.min_wager:
                if not term.yes_no(
                    f"You have {dollars(game.session.stacks[YOU])}, under the table minimum "
                    f"{dollars(prof.table.min_wager)}. Buy in again for {dollars(START)}? (y/n)",
                    True,
                    "y buys chips again and plays on; n leaves the table.",
                ):
                    term.say("You are out of chips; the session ends.")
                    break
                game.session.stacks[YOU] += START
                game.stats.rebuys += 1
                bought += START
            game.play_round()
            if max_rounds is not None and game.session.rounds >= max_rounds:
                break
            term.choose(
                "Enter for the next round, q to quit", ("next",), "next", helps.next_round_help()
            )
    except QuitGame:
        pass
    you = game.session.stacks[YOU]
    game.stats.show(term, game.session.rounds, you, bought)
    return {
        "rounds": game.session.rounds,
        "stack": you,
        "bought_in": bought,
        "hands": game.stats.hands,
        "results": dict(game.stats.results),
        "commission": game.stats.commission,
        "ev_given_up": round(game.stats.ev_given_up),
    }
