"""``paigow edge`` and ``paigow advise``: exact math from the command line."""

from __future__ import annotations

import argparse
import sys
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from paigow.errors import ParseError
from paigow.exact.results import commission_of
from paigow.games import game_for
from paigow.profiles import Profile, get_profile

__all__ = [
    "advise_data",
    "edge_data",
    "parse_commission",
    "render_compare",
    "render_edge",
    "ways_compare_data",
]


def parse_commission(text: str) -> Fraction:
    """A commission rate given on the command line, e.g. ``0.05``.

    Raises:
        ParseError: not a number in [0, 1).
    """
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ParseError(f"--commission must be a rate like 0.05, got {text!r}") from None
    if not 0 <= value < 1:
        raise ParseError(f"--commission must be in [0, 1), got {text!r}")
    return Fraction(value)


def _commission(prof: Profile, text: str | None) -> Fraction:
    if text is not None:
        return parse_commission(text)
    return commission_of(prof, text)


def _way_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise ParseError(f"--player takes way names separated by commas, got {text!r}")
    return names


def edge_data(args: argparse.Namespace) -> dict[str, Any]:
    """Compute the exact edge for the parsed arguments (and draw the plot if asked).

    ``--player A,B,C`` scores several player ways against the one dealer way: the result then
    has ``rows``, one edge per player way.
    """
    prof = get_profile(args.profile)
    c = _commission(prof, args.commission)
    players = _way_list(args.player) if args.player else [prof.house_way.dealer]
    dealer = args.dealer or prof.house_way.dealer
    if len(players) > 1:
        if args.plot:
            raise ParseError("--plot draws one edge; give a single --player")
        return _edge_rows(players, dealer, prof, c)
    player = players[0]
    game = game_for(prof)
    if args.plot and not game.plots_edge:
        raise ParseError(f"--plot draws the edge by hand group, not defined for {game.title}")
    if args.json or not sys.stderr.isatty():
        res = game.edge(player, dealer, prof, c)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task("enumerating every deal", total=1)

            def tick(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            res = game.edge(player, dealer, prof, c, progress=tick)
    data = game.edge_json(res, prof)
    if args.plot:
        from paigow.cli.plot import plot_edge

        plot_edge(res, args.plot)
        data["plot"] = args.plot
    return data


def _edge_rows(players: list[str], dealer: str, prof: Profile, c: Fraction) -> dict[str, Any]:
    """Several player ways against one dealer way: one edge per player way."""
    rows = game_for(prof).edges_json(players, dealer, prof, c)
    return {
        "dealer_way": rows[0]["dealer_way"],
        "profile": prof.name,
        "commission": str(c),
        "deals": rows[0]["deals"],
        "rows": rows,
    }


def render_edge(data: dict[str, Any]) -> None:
    """Human output of :func:`edge_data`: one edge, or a table with one row per player way."""
    if "rows" in data:
        from paigow.cli.math_render import edge_rows

        edge_rows(data)
    else:
        from paigow.cli.render import edge

        edge(data)


def advise_data(args: argparse.Namespace) -> dict[str, Any]:
    """Score the three settings of the given tiles."""
    prof = get_profile(args.profile)
    c = _commission(prof, args.commission)
    if not args.tiles:
        raise ParseError("advise needs four tiles, e.g. 'paigow advise 6-6 4-5 1-2 3-3'")
    text = " ".join(args.tiles)
    if args.as_banker:
        opponent = args.player or prof.house_way.dealer
    else:
        opponent = args.dealer or prof.house_way.dealer
    out = game_for(prof).advice_json(text, prof, c, opponent=opponent, as_banker=args.as_banker)
    out["profile"] = prof.name
    out["commission"] = str(c)
    return out


def ways_compare_data(args: argparse.Namespace) -> dict[str, Any]:
    """``paigow ways compare A B [--against D]``: the hands two ways set differently."""
    from paigow.games.tiles.exact.compare import compare_ways

    if len(args.names) != 2:
        raise ParseError("ways compare needs two ways, e.g. 'paigow ways compare regulation taj'")
    prof = get_profile(args.profile)
    game = game_for(prof)
    if not game.compares_ways:
        raise ParseError(f"ways compare is not defined for {game.title} ({prof.name!r})")
    c = _commission(prof, args.commission)
    against = args.against or prof.house_way.dealer
    return compare_ways(args.names[0], args.names[1], against, prof, c).to_json()


def render_compare(data: dict[str, Any]) -> None:
    """Human output of :func:`ways_compare_data`."""
    from paigow.cli.math_render import way_comparison

    way_comparison(data)
