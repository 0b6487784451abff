"""``paigow`` command line: parse arguments, call the services, print JSON or tables.

Exit codes: 0 success; 1 a rule forbids the input (illegal action); 2 bad syntax, bad
configuration or bad usage. Errors print one line to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from paigow.errors import ConfigError, IllegalActionError, PaigowError, ParseError

from . import services, train_cmds

__all__ = ["main"]


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", default="generic", help="jurisdiction profile (default: generic)")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")


def _add_variations(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--pair-fortunes", metavar="TABLE", help="offer Pair Fortunes with pay table 1-4 / A-D"
    )
    p.add_argument("--dragons-eye", action="store_true", help="offer the Dragon's Eye wagers")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="paigow",
        description="Rules-exact Pai Gow Tiles: rank, compare, set by house way, profiles.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("demo", help="deal a random round, set every hand by house way")
    _add_common(p)
    p.add_argument("--seed", type=int, help="seed for a reproducible round (default: random)")
    p.add_argument("--way", help="house way (default: the profile's)")

    p = sub.add_parser("hand", help="what a two-tile hand is: kind, value, high tile, rank")
    _add_common(p)
    p.add_argument("tiles", nargs="*", help="two tiles, e.g. 6-6 4-5")
    p.add_argument("--batch", action="store_true", help='JSON lines on stdin: {"tiles": "..."}')

    p = sub.add_parser("compare", help="a player's setting against the dealer's setting")
    _add_common(p)
    p.add_argument(
        "player", nargs="?", help='player setting "HIGH / LOW", e.g. "6-6 4-5 / 1-2 3-3"'
    )
    p.add_argument("dealer", nargs="?", help="dealer/bank setting, same form")
    p.add_argument(
        "--batch", action="store_true", help='JSON lines: {"player": "...", "dealer": "..."}'
    )

    p = sub.add_parser("set", help="set four tiles by a house way")
    _add_common(p)
    p.add_argument("tiles", nargs="*", help="four tiles, e.g. 6-6 4-5 1-2 3-3")
    p.add_argument("--way", help="house way name or table:FILE.csv (default: the profile's)")
    p.add_argument("--batch", action="store_true", help='JSON lines: {"tiles": "...", "way": ...}')

    p = sub.add_parser("profiles", help="list the jurisdiction profiles, or show one")
    p.add_argument("action", nargs="?", choices=["list", "show"], default="list")
    p.add_argument("name", nargs="?", help="profile to show")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("ways", help="list the house ways")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("edge", help="exact house edge of a player way against a dealer way")
    _add_common(p)
    p.add_argument("--player", default=None, help="player's way (default: the profile's)")
    p.add_argument("--dealer", default=None, help="dealer's way (default: the profile's)")
    p.add_argument("--commission", help="commission rate, e.g. 0.05 (default: the profile's)")
    p.add_argument("--plot", metavar="FILE.png", help="draw EV by hand and the outcomes")

    p = sub.add_parser("advise", help="exact EV of each setting of four tiles")
    _add_common(p)
    p.add_argument("tiles", nargs="*", help="four tiles, e.g. 6-6 4-5 1-2 3-3")
    p.add_argument("--dealer", default=None, help="the dealer's way (default: the profile's)")
    p.add_argument("--as-banker", action="store_true", help="advise the banker instead")
    p.add_argument("--player", default=None, help="with --as-banker: the player's way")
    p.add_argument("--commission", help="commission rate (default: the profile's)")

    p = sub.add_parser("play", help="sit at a terminal table with computer players")
    p.add_argument("--profile", default="generic", help="jurisdiction profile (default: generic)")
    p.add_argument("--seat", default="3", help="your seat (default 3)")
    p.add_argument("--players", type=int, default=3, help="computer players (default 3)")
    p.add_argument("--seed", type=int, help="seed for reproducible tiles and dice")
    p.add_argument("--rounds", type=int, help="stop after this many rounds")
    _add_variations(p)

    p = sub.add_parser("round", help="one automated round with computer players; its record")
    _add_common(p)
    p.add_argument("--seed", type=int, help="seed for a reproducible round")
    p.add_argument("--players", type=int, default=4, help="computer players (default 4)")
    p.add_argument("--banking", action="store_true", help="seat 1 banks the round")
    p.add_argument("--way", help="house way of the dealer and the players")
    _add_variations(p)

    p = sub.add_parser("replay", help="re-run a round record and check every field")
    p.add_argument("file", help="a record written by 'paigow round --json'")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("sidebet", help="exact returns of a side bet")
    p.add_argument("bet", choices=["pair-fortunes", "dragons-eye", "supreme-bonus"])
    p.add_argument("--table", default="1", help="Pair Fortunes pay table 1-4 (= A-D)")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("strategy", help="export a house way as a CSV table")
    p.add_argument("action", choices=["export"])
    p.add_argument("--way", required=True, help="way name, optimal, optimal-banker, table:FILE")
    p.add_argument("--against", help="for optimal/optimal-banker: the opposing way")
    p.add_argument("--profile", default="generic", help="profile (rules for optimal)")
    p.add_argument("--commission", help="commission rate for optimal (default: the profile's)")
    p.add_argument("--all", action="store_true", help="all 35,960 combinations, not 3,620")
    p.add_argument("--out", required=True, help="output CSV file ('-' for stdout)")
    p.add_argument("--json", action="store_true", help="print a JSON summary")
    train_cmds.add_parser(sub)
    return parser


class _LazyRender:
    """Imports the rich renderers only when human output is printed."""

    def __getattr__(self, name: str) -> Any:
        from . import render

        return getattr(render, name)


def _fail(msg: str, code: int) -> int:
    print(f"paigow: error: {msg}", file=sys.stderr)
    return code


def _error_code(e: PaigowError) -> int:
    return 1 if isinstance(e, IllegalActionError) else 2


def _emit(data: Any, as_json: bool, render: Callable[[Any], None]) -> None:
    if as_json:
        print(json.dumps(data))
    else:
        render(data)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``paigow`` console script."""
    args = build_parser().parse_args(argv)
    try:
        return _dispatch(args)
    except PaigowError as e:
        return _fail(str(e), _error_code(e))
    except BrokenPipeError:  # pragma: no cover - e.g. `paigow ... | head`
        return 0


def _dispatch(args: argparse.Namespace) -> int:
    from . import batch

    render: Any = _LazyRender()

    if callable(getattr(args, "handler", None)):  # commands that register their own handler
        return int(args.handler(args))
    cmd = args.command
    if cmd in ("hand", "compare", "set") and args.batch:
        return batch.run(cmd, sys.stdin, sys.stdout, default_profile=args.profile)
    if cmd == "hand":
        if len(args.tiles) == 0:
            raise ParseError("hand needs two tiles, e.g. 'paigow hand 6-6 4-5'")
        data = services.hand_data(" ".join(args.tiles), args.profile)
        _emit(data, args.json, render.hand)
    elif cmd == "compare":
        if not args.player or not args.dealer:
            raise ParseError('compare needs two settings, e.g. "6-6 4-5 / 1-2 3-3" "1-1 3-6 / ..."')
        data = services.compare_data(args.player, args.dealer, args.profile, detail=True)
        _emit(data, args.json, render.compare)
    elif cmd == "set":
        if len(args.tiles) == 0:
            raise ParseError("set needs four tiles, e.g. 'paigow set 6-6 4-5 1-2 3-3'")
        data = services.set_data(" ".join(args.tiles), args.way, args.profile)
        _emit(data, args.json, render.setting)
    elif cmd == "profiles":
        return _profiles(args, render)
    elif cmd == "ways":
        from paigow.ways import get_way, way_names

        rows = [{"name": n, "description": get_way(n).description} for n in way_names()]
        _emit(rows, args.json, render.ways)
    elif cmd == "strategy":
        return _export(args)
    elif cmd == "edge":
        from paigow.cli.math_cmds import edge_data

        data = edge_data(args)
        _emit(data, args.json, render.edge)
    elif cmd == "play":
        from paigow.cli.play import play

        play(
            args.profile,
            seat=args.seat,
            players=args.players,
            seed=args.seed,
            max_rounds=args.rounds,
            pair_fortunes=args.pair_fortunes,
            dragons_eye=args.dragons_eye,
        )
    elif cmd == "round":
        from paigow.cli.table_cmds import round_data

        data = round_data(
            args.profile,
            args.seed,
            args.players,
            args.banking,
            args.way,
            pair_fortunes=args.pair_fortunes,
            dragons_eye=args.dragons_eye,
        )
        _emit(data, args.json, render.round_record)
    elif cmd == "replay":
        from paigow.cli.table_cmds import replay_data

        data = replay_data(args.file)
        _emit(data, args.json, render.replayed)
    elif cmd == "sidebet":
        from paigow.cli import sidebet_cmds

        if args.bet == "pair-fortunes":
            data = sidebet_cmds.pair_fortunes_data(args.table)
        elif args.bet == "dragons-eye":
            data = sidebet_cmds.dragons_eye_data()
        else:
            data = sidebet_cmds.supreme_bonus_data()
        _emit(data, args.json, render.sidebet)
    elif cmd == "advise":
        from paigow.cli.math_cmds import advise_data

        data = advise_data(args)
        _emit(data, args.json, render.advice)
    elif cmd == "demo":
        from paigow.cli.demo import demo_data

        data = demo_data(args.profile, args.way, args.seed)
        _emit(data, args.json, render.demo)
    return 0


def _profiles(args: argparse.Namespace, render: Any) -> int:
    from paigow.profiles import get_profile, profile_names

    if args.action == "show" or args.name:
        if not args.name:
            raise ConfigError("profiles show needs a name; try 'paigow profiles'")
        prof = get_profile(args.name)
        _emit(prof.to_dict(), args.json, render.profile)
    else:
        rows = []
        for n in profile_names():
            p = get_profile(n)
            rows.append(
                {"name": n, "title": p.meta.title, "aliases": p.meta.aliases, "game": p.meta.game}
            )
        _emit(rows, args.json, render.profiles)
    return 0


def _export(args: argparse.Namespace) -> int:
    from paigow.exact.api import commission_of, strategy_way
    from paigow.profiles import get_profile
    from paigow.ways.table import write_table

    prof = get_profile(args.profile)
    way = strategy_way(args.way, args.against, prof, commission_of(prof, args.commission))
    if args.out == "-":
        n = write_table(way, sys.stdout, all_=args.all)
    else:
        try:
            with open(args.out, "w", encoding="utf-8", newline="") as f:
                n = write_table(way, f, all_=args.all)
        except OSError as e:
            raise ConfigError(f"cannot write {args.out!r}: {e.strerror}") from e
    summary = {"way": way.name, "rows": n, "out": args.out}
    if args.out != "-":
        if args.json:
            print(json.dumps(summary))
        else:
            print(f"wrote {n} rows of house way {way.name!r} to {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
