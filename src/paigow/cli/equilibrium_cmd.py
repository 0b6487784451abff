"""``paigow equilibrium``: the exact equilibrium of the player-against-banker game."""

from __future__ import annotations

import argparse
import csv
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paigow.errors import ConfigError
from paigow.games.tiles.tiles import format_tiles

if TYPE_CHECKING:  # the math engine is imported when the command runs
    from paigow.games.tiles.exact.equilibrium import Equilibrium
    from paigow.games.tiles.exact.game import Game
    from paigow.games.tiles.exact.space import HandSpace
    from paigow.games.tiles.exact.strategy_exact import MixedStrategy
    from paigow.games.tiles.settings import Setting

__all__ = ["equilibrium_data", "render", "run", "setting_of_split", "write_strategy"]


def run(args: argparse.Namespace) -> int:
    """``paigow equilibrium``: solve, write the CSV files, print the summary."""
    import json

    data = equilibrium_data(args)
    if args.json:
        print(json.dumps(data))
    else:
        render(data)
    return 0


def setting_of_split(space: HandSpace, cls: int, split: int) -> Setting:
    """The setting of the class representative's tiles by one of its three splits."""
    return space.setting(cls, split)


def write_strategy(space: HandSpace, strategy: MixedStrategy, path: Path) -> int:
    """Write ``tiles,setting,probability`` rows (as ``strategy export`` writes tiles and
    settings); returns the number of rows."""
    order = sorted(range(space.size), key=lambda c: [t.sort_key for t in space.tiles[c]])
    rows = 0
    try:
        with path.open("w", encoding="utf-8", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["tiles", "setting", "probability"])
            for c in order:
                for j, p in sorted(strategy.probabilities(c).items()):
                    w.writerow(
                        [format_tiles(space.tiles[c]), setting_of_split(space, c, j).csv(), str(p)]
                    )
                    rows += 1
    except OSError as e:
        raise ConfigError(f"cannot write {str(path)!r}: {e.strerror}") from e
    return rows


def _commission(text: str | None, default: Fraction) -> Fraction:
    if text is None:
        return default
    from decimal import Decimal

    return Fraction(Decimal(text))


def _mixed_json(space: HandSpace, strategy: MixedStrategy) -> list[dict[str, Any]]:
    out = []
    for c in sorted(strategy.mixed, key=lambda c: [t.sort_key for t in space.tiles[c]]):
        out.append(
            {
                "tiles": format_tiles(space.tiles[c]),
                "settings": [
                    {"setting": setting_of_split(space, c, j).csv(), "probability": str(p)}
                    for j, p in sorted(strategy.mixed[c].items())
                ],
            }
        )
    return out


def equilibrium_data(args: argparse.Namespace) -> dict[str, Any]:
    """Solve, write the two CSV files, and return the JSON summary."""
    from paigow.exact.results import commission_of
    from paigow.games import game_for
    from paigow.games.tiles.exact.equilibrium import solve_equilibrium
    from paigow.games.tiles.exact.game import Game
    from paigow.games.tiles.exact.space import kind_space
    from paigow.profiles import get_profile

    prof = get_profile(args.profile)
    played = game_for(prof)
    if not played.solves_equilibrium:
        raise ConfigError(f"paigow equilibrium is not defined for {played.title} ({prof.name!r})")
    c = _commission(args.commission, commission_of(prof))
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ConfigError(f"cannot create {str(out)!r}: {e.strerror}") from e
    game = Game(kind_space(), prof.compare_rules, c)
    if args.json or not sys.stderr.isatty():
        eq = solve_equilibrium(game, iterations=args.iterations)
    else:
        eq = _with_bar(game, args.iterations)
    sp = game.space
    write_strategy(sp, eq.player, out / "player.csv")
    write_strategy(sp, eq.banker, out / "banker.csv")
    data: dict[str, Any] = {"profile": prof.name, "commission": str(c)}
    data.update(eq.evaluation.to_json())
    data["exact"] = eq.exact
    data["mixed_hands"] = len(eq.player.mixed) + len(eq.banker.mixed)
    data["player_mixed"] = _mixed_json(sp, eq.player)
    data["banker_mixed"] = _mixed_json(sp, eq.banker)
    data["seconds"] = round(eq.seconds, 2)
    data["rounds"] = eq.rounds
    data["out"] = {"player": str(out / "player.csv"), "banker": str(out / "banker.csv")}
    return data


def _with_bar(game: Game, iterations: int) -> Equilibrium:
    from rich.progress import Progress as Bar

    from paigow.games.tiles.exact.equilibrium import Progress, solve_equilibrium

    with Bar(transient=True) as bar:
        tasks: dict[str, Any] = {}

        def tick(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=max(total, 1))
            bar.update(tasks[stage], completed=done, total=max(total, 1))

        progress: Progress = tick
        return solve_equilibrium(game, iterations=iterations, progress=progress)


def render(d: dict[str, Any]) -> None:
    """Human output."""
    from rich.console import Console

    con = Console(highlight=False)
    state = "exact" if d["exact"] else "approximate"
    con.print(
        f"[bold]{state} equilibrium[/bold], profile {d['profile']}, commission {d['commission']} "
        f"({d['seconds']} s)"
    )
    con.print(f"  player EV per unit  {100 * d['player_ev']:+.5f}%   ({d['player_ev_exact']})")
    con.print(f"  banker EV per unit  {100 * d['banker_ev']:+.5f}%   ({d['banker_ev_exact']})")
    con.print(
        f"  best-reply gains    player {d['player_gain_exact']}, banker {d['banker_gain_exact']}"
    )
    for side in ("player", "banker"):
        con.print(f"  {side} mixes {len(d[f'{side}_mixed'])} hands:")
        for h in d[f"{side}_mixed"]:
            parts = ", ".join(f"{s['setting']} {s['probability']}" for s in h["settings"])
            con.print(f"    {h['tiles']}: {parts}")
    con.print(f"  wrote {d['out']['player']} and {d['out']['banker']}")
