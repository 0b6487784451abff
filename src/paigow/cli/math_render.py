"""Human output of the exact-math commands added beside the core renderers (rich tables)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

__all__ = ["edge_rows"]

_console = Console(highlight=False)


def _pct(x: float) -> str:
    return f"{100 * x:+.4f}%"


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
