"""Human output of the exact-math commands added beside the core renderers (rich tables)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

__all__ = ["edge_rows", "way_comparison"]

from .render import _pct

_console = Console(highlight=False)


def edge_rows(d: dict[str, Any]) -> None:
    """``paigow edge --player A,B,C``: one row per player way against one dealer way."""
    _console.print(
        f"player ways vs [bold]{d['dealer_way']}[/bold] (dealer), profile {d['profile']}, "
        f"commission {d['commission']}, {d['deals']:,} deals each"
    )
    t = Table(box=box.SIMPLE_HEAD)
    t.add_column("player way")
    for col in ("win", "push", "lose", "player EV", "banker EV"):
        t.add_column(col, justify="right")
    for r in d["rows"]:
        p = r["probabilities"]
        t.add_row(
            r["player_way"],
            f"{p['win']:.6f}",
            f"{p['push']:.6f}",
            f"{p['lose']:.6f}",
            _pct(r["player_ev"]),
            _pct(r["banker_ev"]),
        )
    _console.print(t)


def way_comparison(d: dict[str, Any]) -> None:
    """``paigow ways compare A B``: one row per hand set differently."""
    _console.print(
        f"[bold]{d['way_a']}[/bold] (A) and [bold]{d['way_b']}[/bold] (B) set {d['hands']:,} "
        f"hands differently ({d['combinations']:,} of 35,960 combinations); EV of each "
        f"setting against {d['against']} (profile {d['profile']}, commission {d['commission']})"
    )
    t = Table(box=box.SIMPLE_HEAD)
    for col in ("tiles", "A sets", "B sets", "combos", "EV A", "EV B"):
        t.add_column(col, justify="right" if col in ("combos", "EV A", "EV B") else "left")
    for r in d["rows"]:
        t.add_row(
            r["tiles"],
            r["setting_a"],
            r["setting_b"],
            str(r["combinations"]),
            _pct(r["ev_a"]),
            _pct(r["ev_b"]),
        )
    _console.print(t)
    _console.print(
        f"weighted over all hands dealt: A {_pct(d['total_a'])}, B {_pct(d['total_b'])}, "
        f"A - B {_pct(d['difference'])}"
    )
