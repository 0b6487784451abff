"""The commands other than ``play``: each takes the parsed arguments, prints JSON or a table,
and returns the exit code. Errors are raised as :class:`~paigow.errors.PaigowError` and
printed by :func:`paigow.cli.main.main`."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from typing import Any

from paigow.errors import ConfigError, ParseError

from . import services

__all__ = [
    "advise",
    "compare",
    "demo",
    "edge",
    "emit",
    "hand",
    "profiles",
    "replay",
    "rnd",
    "set_tiles",
    "sidebet",
    "strategy",
    "way_name",
    "ways",
]


def emit(data: Any, as_json: bool, renderer: str) -> int:
    """Print ``data`` as one JSON line, or by the renderer of that name; returns 0."""
    if as_json:
        print(json.dumps(data))
    else:
        from . import render

        getattr(render, renderer)(data)
    return 0


def way_name(way: str | None, against: str | None, profile: str) -> str | None:
    """``--way`` in the context of ``--against`` and ``--profile`` (``optimal`` ->
    ``optimal:AGAINST@PROFILE``); None when no way is given."""
    from paigow.games.tiles.ways import qualified_name
    from paigow.profiles import get_profile

    if way is None:
        if against is not None:
            raise ConfigError("--against goes with --way optimal or --way optimal-banker")
        return None
    return qualified_name(way, against=against, profile=get_profile(profile).name)


def _batch(args: argparse.Namespace, **defaults: str | None) -> int:
    """JSON lines from stdin (bytes that are not UTF-8 become U+FFFD: that line fails alone)."""
    from . import batch

    raw = getattr(sys.stdin, "buffer", None)
    inp = sys.stdin if raw is None else io.TextIOWrapper(raw, encoding="utf-8", errors="replace")
    return batch.run(
        args.command,
        inp,
        sys.stdout,
        default_profile=args.profile,
        line_by_line=sys.stdin.isatty(),
        **defaults,
    )


def hand(args: argparse.Namespace) -> int:
    """``paigow hand TILES``."""
    if args.batch:
        return _batch(args)
    if not args.tiles:
        raise ParseError("hand needs two tiles, e.g. 'paigow hand 6-6 4-5'")
    return emit(services.hand_data(" ".join(args.tiles), args.profile), args.json, "hand")


def compare(args: argparse.Namespace) -> int:
    """``paigow compare PLAYER DEALER``."""
    if args.batch:
        return _batch(args)
    if not args.player or not args.dealer:
        raise ParseError('compare needs two settings, e.g. "6-6 4-5 / 1-2 3-3" "1-1 3-6 / ..."')
    data = services.compare_data(args.player, args.dealer, args.profile, detail=True)
    return emit(data, args.json, "compare")


def set_tiles(args: argparse.Namespace) -> int:
    """``paigow set TILES [--way WAY [--against WAY]]``."""
    way = way_name(args.way, args.against, args.profile)
    if args.batch:
        return _batch(args, default_way=way)
    if not args.tiles:
        raise ParseError("set needs four tiles, e.g. 'paigow set 6-6 4-5 1-2 3-3'")
    return emit(services.set_data(" ".join(args.tiles), way, args.profile), args.json, "setting")


def demo(args: argparse.Namespace) -> int:
    """``paigow demo``."""
    from .demo import demo_data

    way = way_name(args.way, args.against, args.profile)
    return emit(demo_data(args.profile, way, args.seed), args.json, "demo")


def profiles(args: argparse.Namespace) -> int:
    """``paigow profiles [list | show [NAME]]``."""
    from paigow.profiles import get_profile, profile_names

    if args.action == "show" or args.name:
        prof = get_profile(args.name or args.profile)
        return emit(prof.to_dict(), args.json, "profile")
    rows = []
    for n in profile_names():
        p = get_profile(n)
        rows.append(
            {"name": n, "title": p.meta.title, "aliases": p.meta.aliases, "game": p.meta.game}
        )
    return emit(rows, args.json, "profiles")


def ways(args: argparse.Namespace) -> int:
    """``paigow ways [--profile P]``: the ways of the profile's game; the profile's own way is
    marked ``default``. ``paigow ways compare A B``: the hands two ways set differently."""
    if getattr(args, "action", "list") == "compare":
        from .math_cmds import render_compare, ways_compare_data

        data = ways_compare_data(args)
        if args.json:
            return emit(data, True, "ways")
        render_compare(data)
        return 0
    from paigow.games import game_for
    from paigow.profiles import get_profile

    prof = get_profile(args.profile)
    rows: list[dict[str, Any]] = [dict(r) for r in game_for(prof).way_listing()]
    for r in rows:
        r["default"] = r["name"] == prof.house_way.dealer
    return emit(rows, args.json, "ways")


def _one_blas_thread() -> None:
    """Before NumPy loads for a one-shot math command: one OpenBLAS thread unless the user chose
    a number. The exact engine counts in integers, so the thread pool NumPy would otherwise start
    at import (a spinning second thread, tens of milliseconds on a busy two-core machine) buys
    such a command nothing."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def edge(args: argparse.Namespace) -> int:
    """``paigow edge`` (``--player A,B,C``: one row per player way)."""
    _one_blas_thread()
    from .math_cmds import edge_data, render_edge

    data = edge_data(args)
    if args.json or "rows" not in data:
        return emit(data, args.json, "edge")
    render_edge(data)
    return 0


def advise(args: argparse.Namespace) -> int:
    """``paigow advise TILES``."""
    _one_blas_thread()
    from .math_cmds import advise_data

    return emit(advise_data(args), args.json, "advice")


def rnd(args: argparse.Namespace) -> int:
    """``paigow round``."""
    from .table_cmds import read_key, round_data

    data = round_data(
        args.profile,
        args.seed,
        args.players,
        args.banking,
        way_name(args.way, args.against, args.profile),
        pair_fortunes=args.pair_fortunes,
        dragons_eye=args.dragons_eye,
        key=None if args.key is None else read_key(args.key),
    )
    return emit(data, args.json, "round_record")


def replay(args: argparse.Namespace) -> int:
    """``paigow replay FILE [--profile P] [--key FILE|env] [--head HEX]``."""
    from .table_cmds import anchored_head, read_key, replay_data

    data = replay_data(
        args.file,
        profile=args.profile,
        key=None if args.key is None else read_key(args.key),
        head=None if args.head is None else anchored_head(args.head),
    )
    return emit(data, args.json, "replayed")


def sidebet(args: argparse.Namespace) -> int:
    """``paigow sidebet BET [--table T] [--profile P]``."""
    from . import sidebet_cmds

    table = args.table
    if args.profile is not None:
        table = sidebet_cmds.check_offered(args.bet, args.profile, table)
    if args.bet == "pair-fortunes":
        data = sidebet_cmds.pair_fortunes_data(table or "1")
    elif args.table is not None:
        raise ConfigError(f"--table is the Pair Fortunes pay table; {args.bet} has none")
    elif args.bet == "dragons-eye":
        data = sidebet_cmds.dragons_eye_data()
    else:
        data = sidebet_cmds.supreme_bonus_data()
    return emit(data, args.json, "sidebet")


def strategy(args: argparse.Namespace) -> int:
    """``paigow strategy export --way WAY --out FILE``."""
    from paigow.exact.results import commission_of
    from paigow.games.computed import computed_spec
    from paigow.games.tiles.exact.api import strategy_way
    from paigow.games.tiles.ways.table import write_table
    from paigow.profiles import get_profile

    prof = get_profile(args.profile)
    if args.against is not None and computed_spec(args.way) is None:
        raise ConfigError("--against goes with --way optimal or --way optimal-banker")
    way = strategy_way(args.way, args.against, prof, commission_of(prof, args.commission))
    if args.out == "-":
        n = write_table(way, sys.stdout, all_=args.all)
    else:
        try:
            with open(args.out, "w", encoding="utf-8", newline="") as f:
                n = write_table(way, f, all_=args.all)
        except OSError as e:
            raise ConfigError(f"cannot write {args.out!r}: {e.strerror}") from e
        except ValueError as e:  # a file name with a NUL character
            raise ConfigError(f"cannot write {args.out!r}: {e}") from e
    summary = {"way": way.name, "rows": n, "out": args.out}
    if args.out != "-":
        if args.json:
            print(json.dumps(summary))
        else:
            print(f"wrote {n} rows of house way {way.name!r} to {args.out}")
    return 0
