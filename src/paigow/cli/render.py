"""Human output of the command line (rich tables)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

__all__ = ["advice", "compare", "demo", "edge", "hand", "profile", "profiles", "setting", "ways"]

_console = Console(highlight=False)
_COLOUR = {"win": "green", "push": "yellow", "lose": "red"}


def _hand_line(h: dict[str, Any], *, rank_shown: bool = True) -> str:
    pieces = " ".join(h.get("tiles") or h.get("cards") or [])
    rank = f"  (rank {h['rank']} of 106)" if "rank" in h and rank_shown else ""
    return f"{pieces}  [bold]{h['name']}[/bold]{rank}"


def hand(d: dict[str, Any]) -> None:
    """``paigow hand``."""
    if "cards" in d:
        c = Table(box=box.SIMPLE, show_header=False)
        c.add_column(style="dim")
        c.add_column()
        c.add_row("cards", " ".join(d["cards"]))
        c.add_row("kind", d["category"])
        c.add_row("name", f"[bold]{d['name']}[/bold]")
        c.add_row("points", str(d["value"]))
        c.add_row("highest card", d["high_card"])
        c.add_row("profile", d["profile"])
        _console.print(c)
        return
    t = Table(box=box.SIMPLE, show_header=False)
    t.add_column(style="dim")
    t.add_column()
    t.add_row("tiles", " ".join(d["tiles"]))
    t.add_row("kind", d["category"])
    t.add_row("name", f"[bold]{d['name']}[/bold]")
    if d["pair_rank"] is not None:
        t.add_row("pair rank", f"{d['pair_rank']} of 20 (R-RANK-03)")
    else:
        t.add_row("value", str(d["value"]))
    gee = f" (gee joon counted {d['gee_joon_counted']})" if d["gee_joon_counted"] else ""
    t.add_row("highest tile", f"{d['high_tile']}, single rank {d['high_tile_rank']}{gee}")
    t.add_row("rank", f"{d['rank']} of 106 distinct hand ranks (1 = supreme pair)")
    t.add_row("profile", d["profile"])
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
        f"Result: [bold {_COLOUR[res]}]{res.upper()}[/]{foul}   (profile {d['profile']})"
    )


def setting(d: dict[str, Any]) -> None:
    """``paigow set``."""
    rule = f", rule ({d['rule']})" if "rule" in d else ""
    if "rule" in d and d["way"] == "regulation":
        rule += " of R-HW-01"
    _console.print(f"{' '.join(d['tiles'])} set by [bold]{d['way']}[/bold]{rule}:")
    _console.print(f"  high  {_hand_line(d['high_hand'])}")
    _console.print(f"  low   {_hand_line(d['low_hand'])}")


def profiles(rows: list[dict[str, Any]]) -> None:
    """``paigow profiles``."""
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("name", "game", "aliases", "title"):
        t.add_column(col)
    for r in rows:
        t.add_row(r["name"], r["game"], ", ".join(r["aliases"]), r["title"])
    _console.print(t)


def profile(d: dict[str, Any]) -> None:
    """``paigow profiles show NAME``."""
    _console.print(f"[bold]{d['profile']['title']}[/bold] ({d['profile']['name']})")
    for section, values in d.items():
        t = Table(
            title=escape(f"[{section}]"), box=box.SIMPLE, show_header=False, title_justify="left"
        )
        t.add_column(style="dim")
        t.add_column()
        for k, v in values.items():
            t.add_row(k, ", ".join(v) if isinstance(v, list) else str(v))
        _console.print(t)


def ways(rows: list[dict[str, Any]]) -> None:
    """``paigow ways``."""
    t = Table(box=box.SIMPLE_HEAD)
    t.add_column("way")
    t.add_column("description")
    for r in rows:
        t.add_row(r["name"], r["description"])
    t.add_row("table:FILE.csv", "any house way given as a table (tiles,setting)")
    _console.print(t)


def demo(d: dict[str, Any]) -> None:
    """``paigow demo``."""
    dice = " ".join(str(x) for x in d["dice"])
    _console.print(
        f"[bold]{d['profile']}[/bold]: dice {dice} = {d['total']}, counted from the "
        f"{d['banker']} -> first stack to [bold]{d['start']}[/bold]; all hands set by "
        f"{d['way']}"
    )
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("position", "dealt", "high hand", "low hand", "result"):
        t.add_column(col)
    for h in d["hands"]:
        if "high" not in h:
            t.add_row(h["position"], " ".join(h["dealt"]), "[dim]dead hand[/dim]", "", "")
            continue
        high = f"{' '.join(h['high'])}  {h['high_hand']}"
        low = f"{' '.join(h['low'])}  {h['low_hand']}"
        res = h.get("result")
        cell = f"[{_COLOUR[res]}]{res}[/]" if res else "[bold]banker[/bold]"
        t.add_row(h["position"], " ".join(h["dealt"]), high, low, cell)
    _console.print(t)


def _pct(x: float) -> str:
    return f"{100 * x:+.4f}%"


def edge(d: dict[str, Any]) -> None:
    """``paigow edge``."""
    _console.print(
        f"[bold]{d['player_way']}[/bold] (player) vs [bold]{d['dealer_way']}[/bold] (dealer), "
        f"profile {d['profile']}, commission {d['commission']}"
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
        _console.print(f"plot written to {d['plot']}")


def advice(d: dict[str, Any]) -> None:
    """``paigow advise``."""
    role = d["role"]
    _console.print(
        f"{' '.join(d['tiles'])} as {role} against {d['opponent_way']} "
        f"({d['profile']}, commission {d['commission']}):"
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
            " ".join(s["high"]),
            " ".join(s["low"]),
            f"{s['win']:.4f}",
            f"{s['push']:.4f}",
            f"{s['lose']:.4f}",
            _pct(s["ev"]),
        )
    _console.print(t)


def sidebet(d: dict[str, Any]) -> None:
    """``paigow sidebet``."""
    if "counts" in d:
        title = d["bet"] + (f", table {d['table']}" if "table" in d else "")
        t = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
        t.add_column("class")
        t.add_column("hands", justify="right")
        t.add_column("probability", justify="right")
        t.add_column("pays", justify="right")
        for k, n in d["counts"].items():
            pay = d["pays"][k]
            t.add_row(k, f"{n:,}", f"{n / d['hands']:.6f}", "loses" if pay < 0 else f"{pay} to 1")
        _console.print(t)
        _console.print(f"return per unit: [bold]{_pct(d['return'])}[/bold] ({d['return_exact']})")
        return
    t = Table(title="Dragon's Eye, per unit bet", box=box.SIMPLE_HEAD, title_justify="left")
    t.add_column("wager")
    t.add_column("return", justify="right")
    t.add_column("exact", justify="right")
    for k, v in d["return"].items():
        t.add_row(k, _pct(v), d["return_exact"][k])
    _console.print(t)
    _console.print(d["notes"])


def _money(cents: int) -> str:
    sign = "-" if cents < 0 else "+" if cents > 0 else " "
    return f"{sign}${abs(cents) / 100:,.2f}"


def round_record(d: dict[str, Any]) -> None:
    """``paigow round``."""
    b = d["banker"]
    who = "the house" if b["kind"] == "house" else f"{b['player']} ({b['kind']})"
    dice = d["dice"] if isinstance(d["dice"], int) else " ".join(map(str, d["dice"] or []))
    _console.print(
        f"[bold]{d['profile']}[/bold]: banked by {who}; style ({d['style']}); dice {dice} -> "
        f"first stack to [bold]{d['start']}[/bold]"
    )
    if d["void"]:
        _console.print(f"[red]round void: {d['void']}[/red]")
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("position", "dealt", "setting", "wagers"):
        t.add_column(col)
    for pos, p in d["positions"].items():
        dealt = " ".join(p["dealt"] or [])
        if p["collected"]:
            t.add_row(pos, "[dim]collected unexposed[/dim]", "", "")
            continue
        s = p["setting"]
        setting = f"{' '.join(s['high'])} / {' '.join(s['low'])}" if s else ""
        if p.get("bank"):
            setting += "  [bold](bank)[/bold]"
        ws = ", ".join(
            f"{w['player']} ${w['cents'] / 100:,.2f} "
            + (f"[{_COLOUR.get(w['result'], 'white')}]{w['result']}[/]" if w["result"] else "")
            for w in p["wagers"]
        )
        t.add_row(pos, dealt, setting, ws)
    _console.print(t)
    _console.print("net: " + ", ".join(f"{k} {_money(v)}" for k, v in (d["net"] or {}).items()))


def replayed(d: dict[str, Any]) -> None:
    """``paigow replay``."""
    _console.print(
        f"[green]replayed {d['file']}: {d['operations']} operations, identical record[/green]"
    )
