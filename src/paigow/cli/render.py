"""Human output of the command line (rich tables).

Data is never read as rich markup: every value that comes from input, a file or the engine
(tile names, profile names and titles, file names, messages) goes through :func:`_e`.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .amounts import dollars, signed_dollars

__all__ = ["advice", "compare", "demo", "edge", "hand", "profile", "profiles", "setting", "ways"]

_console = Console(highlight=False)
_COLOUR = {"win": "green", "push": "yellow", "lose": "red"}


def _e(value: object) -> str:
    """``value`` as text that rich prints literally."""
    return escape(str(value))


def _hand_line(h: dict[str, Any], *, rank_shown: bool = True) -> str:
    pieces = " ".join(h.get("tiles") or h.get("cards") or [])
    rank = f"  (rank {h['rank']} of 106)" if "rank" in h and rank_shown else ""
    return f"{_e(pieces)}  [bold]{_e(h['name'])}[/bold]{rank}"


def hand(d: dict[str, Any]) -> None:
    """``paigow hand``."""
    if "cards" in d:
        c = Table(box=box.SIMPLE, show_header=False)
        c.add_column(style="dim")
        c.add_column()
        c.add_row("cards", _e(" ".join(d["cards"])))
        c.add_row("kind", _e(d["category"]))
        c.add_row("name", f"[bold]{_e(d['name'])}[/bold]")
        c.add_row("points", str(d["value"]))
        c.add_row("highest card", _e(d["high_card"]))
        c.add_row("profile", _e(d["profile"]))
        _console.print(c)
        return
    t = Table(box=box.SIMPLE, show_header=False)
    t.add_column(style="dim")
    t.add_column()
    t.add_row("tiles", _e(" ".join(d["tiles"])))
    t.add_row("kind", _e(d["category"]))
    t.add_row("name", f"[bold]{_e(d['name'])}[/bold]")
    if d["pair_rank"] is not None:
        t.add_row("pair rank", f"{d['pair_rank']} of 20 (R-RANK-03)")
    else:
        t.add_row("value", str(d["value"]))
    gee = f" (gee joon counted {d['gee_joon_counted']})" if d["gee_joon_counted"] else ""
    t.add_row("highest tile", f"{_e(d['high_tile'])}, single rank {d['high_tile_rank']}{gee}")
    t.add_row("rank", f"{d['rank']} of 106 distinct hand ranks (1 = supreme pair)")
    t.add_row("profile", _e(d["profile"]))
    _console.print(t)


def compare(d: dict[str, Any]) -> None:
    """``paigow compare``."""
    t = Table(box=box.SIMPLE_HEAD)
    t.add_column("hand")
    t.add_column("player")
    t.add_column("dealer")
    t.add_column("takes it")
    for i, which in enumerate(("high", "low")):
        p, dl = d["player_hands"][i], d["dealer_hands"][i]
        who = d[which]
        t.add_row(
            which,
            _hand_line(p, rank_shown=False),
            _hand_line(dl, rank_shown=False),
            f"[{'green' if who == 'player' else 'red'}]{who}[/]",
        )
    _console.print(t)
    res = d["result"]
    foul = "  (the player's hand is a foul)" if d.get("foul") else ""
    _console.print(
        f"Result: [bold {_COLOUR[res]}]{res.upper()}[/]{foul}   (profile {_e(d['profile'])})"
    )


def setting(d: dict[str, Any]) -> None:
    """``paigow set``."""
    rule = f", rule ({d['rule']})" if "rule" in d else ""
    if "rule" in d and d["way"] == "regulation":
        rule += " of R-HW-01"
    _console.print(f"{_e(' '.join(d['tiles']))} set by [bold]{_e(d['way'])}[/bold]{_e(rule)}:")
    _console.print(f"  high  {_hand_line(d['high_hand'])}")
    _console.print(f"  low   {_hand_line(d['low_hand'])}")


def profiles(rows: list[dict[str, Any]]) -> None:
    """``paigow profiles``."""
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("name", "game", "aliases", "title"):
        t.add_column(col)
    for r in rows:
        t.add_row(_e(r["name"]), _e(r["game"]), _e(", ".join(r["aliases"])), _e(r["title"]))
    _console.print(t)


def profile(d: dict[str, Any]) -> None:
    """``paigow profiles show NAME``."""
    _console.print(f"[bold]{_e(d['profile']['title'])}[/bold] ({_e(d['profile']['name'])})")
    for section, values in d.items():
        t = Table(
            title=escape(f"[{section}]"), box=box.SIMPLE, show_header=False, title_justify="left"
        )
        t.add_column(style="dim")
        t.add_column()
        for k, v in values.items():
            t.add_row(_e(k), _e(", ".join(map(str, v)) if isinstance(v, list) else v))
        _console.print(t)


def ways(rows: list[dict[str, Any]]) -> None:
    """``paigow ways``."""
    t = Table(box=box.SIMPLE_HEAD)
    t.add_column("way")
    t.add_column("description")
    for r in rows:
        name = _e(r["name"]) + ("  [dim](profile's)[/dim]" if r.get("default") else "")
        t.add_row(name, _e(r["description"]))
    _console.print(t)


def demo(d: dict[str, Any]) -> None:
    """``paigow demo``."""
    dice = " ".join(str(x) for x in d["dice"])
    _console.print(
        f"[bold]{_e(d['profile'])}[/bold]: dice {dice} = {d['total']}, counted from the "
        f"{_e(d['banker'])} -> first stack to [bold]{_e(d['start'])}[/bold]; all hands set by "
        f"{_e(d['way'])}"
    )
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("position", "dealt", "high hand", "low hand", "result"):
        t.add_column(col)
    for h in d["hands"]:
        if "high" not in h:
            t.add_row(_e(h["position"]), _e(" ".join(h["dealt"])), "[dim]dead hand[/dim]", "", "")
            continue
        high = _e(f"{' '.join(h['high'])}  {h['high_hand']}")
        low = _e(f"{' '.join(h['low'])}  {h['low_hand']}")
        res = h.get("result")
        cell = f"[{_COLOUR[res]}]{res}[/]" if res else "[bold]banker[/bold]"
        t.add_row(_e(h["position"]), _e(" ".join(h["dealt"])), high, low, cell)
    _console.print(t)


def _pct(x: float) -> str:
    return f"{100 * x:+.4f}%"


def edge(d: dict[str, Any]) -> None:
    """``paigow edge``."""
    _console.print(
        f"[bold]{_e(d['player_way'])}[/bold] (player) vs [bold]{_e(d['dealer_way'])}[/bold] "
        f"(dealer), profile {_e(d['profile'])}, commission {_e(d['commission'])}"
    )
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("outcome", "deals", "probability"):
        t.add_column(col, justify="right")
    for k in ("win", "push", "lose"):
        t.add_row(k, f"{d['counts'][k]:,}", f"{d['probabilities'][k]:.6f}")
    t.add_row("all", f"{d['deals']:,}", "1")
    _console.print(t)
    _console.print(
        f"player EV per unit: [bold]{_pct(d['player_ev'])}[/bold]   "
        f"banker EV (opponent banking): [bold]{_pct(d['banker_ev'])}[/bold]"
    )
    if "plot" in d:
        _console.print(f"plot written to {_e(d['plot'])}")


def advice(d: dict[str, Any]) -> None:
    """``paigow advise``."""
    role = d["role"]
    _console.print(
        f"{_e(' '.join(d['tiles']))} as {role} against {_e(d['opponent_way'])} "
        f"({_e(d['profile'])}, commission {_e(d['commission'])}):"
    )
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("", "high", "low", "win", "push", "lose", "EV"):
        t.add_column(col, justify="right" if col in ("win", "push", "lose", "EV") else "left")
    for i, s in enumerate(d["settings"]):
        mark = []
        if i == d["best"]:
            mark.append("[green]best[/green]")
        if i == d["house_way"]:
            mark.append("house way")
        t.add_row(
            ", ".join(mark),
            _e(" ".join(s["high"])),
            _e(" ".join(s["low"])),
            f"{s['win']:.4f}",
            f"{s['push']:.4f}",
            f"{s['lose']:.4f}",
            _pct(s["ev"]),
        )
    _console.print(t)
    for s in d["settings"]:
        for o in s.get("same", []):
            _console.print(
                _e(
                    f"{' '.join(o['high'])} / {' '.join(o['low'])} plays exactly as "
                    f"{' '.join(s['high'])} / {' '.join(s['low'])} (hands of the same strength), "
                    "so it is listed once"
                ),
                highlight=False,
            )


def sidebet(d: dict[str, Any]) -> None:
    """``paigow sidebet``."""
    if "counts" in d:
        title = d["bet"] + (f", table {d['table']}" if "table" in d else "")
        t = Table(title=_e(title), box=box.SIMPLE_HEAD, title_justify="left")
        t.add_column("class")
        t.add_column("hands", justify="right")
        t.add_column("probability", justify="right")
        t.add_column("pays", justify="right")
        for k, n in d["counts"].items():
            pay = d["pays"][k]
            pays = "loses" if pay < 0 else f"{pay} to 1"
            t.add_row(_e(k), f"{n:,}", f"{n / d['hands']:.6f}", pays)
        _console.print(t)
        _console.print(f"return per unit: [bold]{_pct(d['return'])}[/bold] ({d['return_exact']})")
        return
    t = Table(title="Dragon's Eye, per unit bet", box=box.SIMPLE_HEAD, title_justify="left")
    t.add_column("wager")
    t.add_column("return", justify="right")
    t.add_column("exact", justify="right")
    for k, v in d["return"].items():
        t.add_row(_e(k), _pct(v), _e(d["return_exact"][k]))
    _console.print(t)
    _console.print(_e(d["notes"]))


def round_record(d: dict[str, Any]) -> None:
    """``paigow round``."""
    b = d["banker"]
    who = "the house" if b["kind"] == "house" else _e(f"{b['player']} ({b['kind']})")
    dice = d["dice"] if isinstance(d["dice"], int) else " ".join(map(str, d["dice"] or []))
    _console.print(
        f"[bold]{_e(d['profile'])}[/bold]: banked by {who}; style ({_e(d['style'])}); dice "
        f"{_e(dice)} -> first stack to [bold]{_e(d['start'])}[/bold]"
    )
    if d["void"]:
        _console.print(f"[red]round void: {_e(d['void'])}[/red]")
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("position", "dealt", "setting", "wagers"):
        t.add_column(col)
    for pos, p in d["positions"].items():
        dealt = _e(" ".join(p["dealt"] or []))
        if p["collected"]:
            t.add_row(_e(pos), "[dim]collected unexposed[/dim]", "", "")
            continue
        s = p["setting"]
        setting = _e(f"{' '.join(s['high'])} / {' '.join(s['low'])}") if s else ""
        if p.get("bank"):
            setting += "  [bold](bank)[/bold]"
        ws = ", ".join(
            f"{_e(w['player'])} {dollars(w['cents'])} "
            + (f"[{_COLOUR.get(w['result'], 'white')}]{_e(w['result'])}[/]" if w["result"] else "")
            for w in p["wagers"]
        )
        t.add_row(_e(pos), dealt, setting, ws)
    _console.print(t)
    net = (d["net"] or {}).items()
    _console.print("net: " + ", ".join(f"{_e(k)} {signed_dollars(v)}" for k, v in net))


def replayed(d: dict[str, Any]) -> None:
    """``paigow replay``."""
    _console.print(
        f"[green]replayed {_e(d['file'])}: {d['operations']} operations, identical record[/green]"
    )
    _console.print(_e(f"{d['profile_check']}; chain head {d['head']}"), highlight=False)
    checks = {
        True: "seal checked with the key",
        None: "sealed; the seal was not checked (no --key)",
        False: "",
    }
    lines = [checks[d["sealed"]], "chain head as anchored" if d["anchored"] else ""]
    for line in filter(None, lines):
        _console.print(_e(line), highlight=False)
    if d.get("statement") is not None:
        from .statement_view import show_statement

        show_statement(_console, d["statement"], d.get("hands"))
