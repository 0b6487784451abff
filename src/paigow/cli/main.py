"""``paigow`` command line: the commands, their arguments, and how the program ends.

Exit codes: 0 success; 1 a rule forbids the input (illegal action); 2 bad syntax, bad
configuration or bad usage; 130 interrupted (Ctrl-C). Errors print one line to stderr, never a
traceback.

Each command is one :class:`Command` entry of :data:`COMMANDS`: its name, help, a function
adding its arguments, and the ``module:function`` that runs it, imported only when that command
runs (so ``paigow hand`` never loads the math engine or the terminal table).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from paigow.errors import IllegalActionError, PaigowError

from .options import add_common, add_variations, count, rate, seed, way_option

__all__ = ["COMMANDS", "Command", "build_parser", "main"]


@dataclass(frozen=True)
class Command:
    """One subcommand: ``run`` is ``"module:function"``, the function taking the parsed
    arguments and returning the exit code."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: str


def _hand(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("tiles", nargs="*", help="two tiles, e.g. 6-6 4-5")
    p.add_argument("--batch", action="store_true", help='JSON lines on stdin: {"tiles": "..."}')


def _compare(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument(
        "player", nargs="?", help='player setting "HIGH / LOW", e.g. "6-6 4-5 / 1-2 3-3"'
    )
    p.add_argument("dealer", nargs="?", help="dealer/bank setting, same form")
    p.add_argument(
        "--batch", action="store_true", help='JSON lines: {"player": "...", "dealer": "..."}'
    )


def _set(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("tiles", nargs="*", help="four tiles, e.g. 6-6 4-5 1-2 3-3")
    way_option(p, "house way (default: the profile's)")
    p.add_argument("--batch", action="store_true", help='JSON lines: {"tiles": "...", "way": ...}')


def _demo(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("--seed", type=seed, help="seed for a reproducible round (default: random)")
    way_option(p, "house way of every hand (default: the profile's)")


def _profiles(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", nargs="?", choices=["list", "show"], default="list")
    p.add_argument("name", nargs="?", help="profile to show (default: --profile)")
    add_common(p, profile_help="the profile 'show' shows when no name is given")


def _ways(p: argparse.ArgumentParser) -> None:
    add_common(p, profile_help="list the ways of this profile's game (default: generic)")
    p.add_argument("action", nargs="?", choices=["list", "compare"], default="list")
    p.add_argument("names", nargs="*", help="with compare: the two ways, e.g. regulation taj")
    p.add_argument("--against", help="with compare: the dealer's way (default: the profile's)")
    p.add_argument("--commission", type=rate, help="with compare: commission rate")


def _edge(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument(
        "--player",
        default=None,
        help="player's way, or several separated by commas (default: the profile's)",
    )
    p.add_argument("--dealer", default=None, help="dealer's way (default: the profile's)")
    p.add_argument(
        "--commission", type=rate, help="commission rate, e.g. 0.05 (default: the profile's)"
    )
    p.add_argument("--plot", metavar="FILE.png", help="draw EV by hand and the outcomes")


def _advise(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("tiles", nargs="*", help="four tiles, e.g. 6-6 4-5 1-2 3-3")
    p.add_argument("--dealer", default=None, help="the dealer's way (default: the profile's)")
    p.add_argument("--as-banker", action="store_true", help="advise the banker instead")
    p.add_argument("--player", default=None, help="with --as-banker: the player's way")
    p.add_argument("--commission", type=rate, help="commission rate (default: the profile's)")


def _play(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", default="generic", help="jurisdiction profile (default: generic)")
    p.add_argument("--seat", default="3", help="your seat, 1..the profile's positions (default 3)")
    p.add_argument("--players", type=count(0), default=3, help="computer players (default 3)")
    p.add_argument("--seed", type=seed, help="seed for reproducible tiles and dice")
    p.add_argument("--rounds", type=count(1), help="stop after this many rounds")
    p.add_argument(
        "--dealer",
        help="the dealer's way, also the way advice is computed against (default: the profile's)",
    )
    way_option(p, "the way behind the 'h' suggestion, e.g. optimal (default: the dealer's)")
    add_variations(p)


def _round(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("--seed", type=seed, help="seed for a reproducible round")
    p.add_argument("--players", type=count(1), default=4, help="computer players (default 4)")
    p.add_argument("--banking", action="store_true", help="seat 1 banks the round")
    way_option(p, "house way of the dealer and the players")
    add_variations(p)
    p.add_argument("--key", metavar="FILE|env", help="seal the record with this operator's key")


def _replay(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a record written by 'paigow round --json'")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--profile",
        metavar="NAME|FILE",
        help="check the rules against this profile (default: the bundled one the record names)",
    )
    p.add_argument("--key", metavar="FILE|env", help="the operator's key: check the seal")
    p.add_argument("--head", metavar="HEX", help="the chain head anchored elsewhere")


def _sidebet(p: argparse.ArgumentParser) -> None:
    p.add_argument("bet", choices=["pair-fortunes", "dragons-eye", "supreme-bonus"])
    p.add_argument(
        "--table", help="Pair Fortunes pay table 1-4 (= A-D; default 1, or the profile's first)"
    )
    p.add_argument(
        "--profile", help="check that this profile offers the bet (and its Pair Fortunes table)"
    )
    p.add_argument("--json", action="store_true", help="print JSON")


def _strategy(p: argparse.ArgumentParser) -> None:
    from .strategy_cmds import add_arguments  # argparse only; the generator loads when it runs

    add_arguments(p)


def _session(p: argparse.ArgumentParser) -> None:
    from .session_cmds import add_arguments  # argparse only; the math loads when it runs

    add_arguments(p)


def _train(p: argparse.ArgumentParser) -> None:
    from .train_cmds import add_arguments  # argparse only; the trainer loads when it runs

    add_arguments(p)


def _equilibrium(p: argparse.ArgumentParser) -> None:
    add_common(p)
    p.add_argument("--commission", type=rate, help="commission rate, e.g. 0 (default: profile's)")
    p.add_argument("--out", required=True, help="directory for player.csv and banker.csv")
    p.add_argument("--iterations", type=count(1), default=150, help="CFR+ iterations (default 150)")


def _report(p: argparse.ArgumentParser) -> None:
    from .report_cmd import add_arguments  # argparse only; the engine loads when it runs

    add_arguments(p)


def _serve(p: argparse.ArgumentParser) -> None:
    from .serve_cmd import add_arguments  # argparse only; the service loads when it runs

    add_arguments(p)


def _audit(p: argparse.ArgumentParser) -> None:
    from .audit_cmd import add_arguments  # argparse only; the service loads when it runs

    add_arguments(p)


def _db(p: argparse.ArgumentParser) -> None:
    from .db_cmd import add_arguments  # argparse only; the service loads when it runs

    add_arguments(p)


_C = "paigow.cli.commands"

#: Every subcommand, in the order ``paigow --help`` lists them.
COMMANDS: tuple[Command, ...] = (
    Command("demo", "deal a random round, set every hand by house way", _demo, f"{_C}:demo"),
    Command("hand", "what a two-tile hand is: kind, value, high tile, rank", _hand, f"{_C}:hand"),
    Command(
        "compare", "a player's setting against the dealer's setting", _compare, f"{_C}:compare"
    ),
    Command("set", "set four tiles by a house way", _set, f"{_C}:set_tiles"),
    Command("profiles", "list the jurisdiction profiles, or show one", _profiles, f"{_C}:profiles"),
    Command("ways", "list the house ways, or compare two", _ways, f"{_C}:ways"),
    Command("edge", "exact house edge of a player way against a dealer way", _edge, f"{_C}:edge"),
    Command("advise", "exact EV of each setting of four tiles", _advise, f"{_C}:advise"),
    Command("play", "sit at a terminal table with computer players", _play, "paigow.cli.play:run"),
    Command("round", "one automated round with computer players; its record", _round, f"{_C}:rnd"),
    Command("replay", "re-run a round record and check every field", _replay, f"{_C}:replay"),
    Command("sidebet", "exact returns of a side bet", _sidebet, f"{_C}:sidebet"),
    Command(
        "strategy",
        "derive, show or print strategy cards; export a way as a table",
        _strategy,
        "paigow.cli.strategy_cmds:run",
    ),
    Command(
        "session",
        "what a session costs: its exact result, the risk of ruin, the bankroll",
        _session,
        "paigow.cli.session_cmds:run",
    ),
    Command(
        "equilibrium",
        "exact equilibrium of player against banker",
        _equilibrium,
        "paigow.cli.equilibrium_cmd:run",
    ),
    Command(
        "report",
        "a profile's PAR sheet and test-laboratory pack, as HTML (and PDF)",
        _report,
        "paigow.cli.report_cmd:run",
    ),
    Command(
        "train",
        "practise setting hands, scored by the exact EV lost",
        _train,
        "paigow.cli.train_cmds:run",
    ),
    Command(
        "serve",
        "run the table service: HTTP API and websockets",
        _serve,
        "paigow.cli.serve_cmd:serve",
    ),
    Command(
        "audit",
        "verify a table service's database: ledger, histories, rounds, meters",
        _audit,
        "paigow.cli.audit_cmd:run",
    ),
    Command(
        "db",
        "the table service's database schema: upgrade it, or compare it with this version's",
        _db,
        "paigow.cli.db_cmd:run",
    ),
)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every subcommand, or of the command ``only`` alone (what a
    command line naming that command parses the same way, without building the others)."""
    parser = argparse.ArgumentParser(
        prog="paigow",
        description="Rules-exact Pai Gow Tiles: rank, compare, set by house way, profiles.",
    )
    parser.add_argument(
        "-V",
        "--version",
        action="store_true",
        help="print the version, the record format and the database schema revision "
        "(with --json after it: as JSON)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for c in COMMANDS:
        if only is None or c.name == only:
            c.arguments(sub.add_parser(c.name, help=c.help, description=c.help))
    return parser


def _command_of(argv: Sequence[str] | None) -> str | None:
    """The command a command line names first, if it is one (else the full parser answers)."""
    first = (sys.argv[1:] if argv is None else argv)[:1]
    return first[0] if first and any(c.name == first[0] for c in COMMANDS) else None


def _fail(msg: str, code: int) -> int:
    print(f"paigow: error: {msg}", file=sys.stderr)
    return code


def _runner(name: str) -> Callable[[argparse.Namespace], int]:
    command = next(c for c in COMMANDS if c.name == name)
    module, _, function = command.run.partition(":")
    run: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(module), function)
    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``paigow`` console script; returns the exit code."""
    try:
        first = (sys.argv[1:] if argv is None else list(argv))[:1]
        if first in (["--version"], ["-V"]):
            from .version_cmd import run

            return run((sys.argv[1:] if argv is None else list(argv))[1:])
        try:
            args = build_parser(_command_of(argv)).parse_args(argv)
        except SystemExit as e:  # argparse: --help (0) or a usage error (2), already printed
            return e.code if isinstance(e.code, int) else 2
        return _runner(args.command)(args)
    except PaigowError as e:
        return _fail(str(e), 1 if isinstance(e, IllegalActionError) else 2)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `paigow ... | head`: stop quietly
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the interpreter's final flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a descriptor
        pass


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
