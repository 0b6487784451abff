"""The printable strategy card: one page of HTML (pure; the command line writes it and prints
it to PDF).

The card holds the rules in words, numbered, the fallback, the names of the tiles and of the
hand levels, and the exact figures the file carries (its EV, the house way's, the optimal
setting's, and the share of the gap recovered).
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Final

from paigow.games.rulebook import Strategy, Vocabulary, strategy_lines

__all__ = ["card_html"]

_STYLE: Final = """
@page { size: A4; margin: 12mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; color: #111; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
p.sub { margin: 0 0 3mm 0; color: #333; }
ol { padding-left: 6mm; margin: 0 0 3mm 0; }
li { margin: 0 0 1.6mm 0; }
table { border-collapse: collapse; font-size: 9pt; }
td, th { border: 1px solid #999; padding: 0.6mm 1.6mm; text-align: left; }
.cols { display: flex; gap: 6mm; }
.small { font-size: 8.5pt; color: #333; }
"""


def _pct(x: Fraction | None) -> str:
    return "-" if x is None else f"{100 * float(x):+.4f} %"


def card_html(strategy: Strategy, vocab: Vocabulary) -> str:
    """The one-page card of ``strategy`` as an HTML document."""
    s, f = strategy, strategy.figure
    role = f("role") or "player"
    against = f("against") or s.fallback
    head = (
        f"As {role} against the way {against}; profile {f('profile') or '?'}, "
        f"commission {f('commission') or '?'}. The first rule that applies sets the hand."
    )
    ev, house, best, share = (
        Fraction(x) if x is not None else None
        for x in (f("ev"), f("house_ev"), f("optimal_ev"), f("share"))
    )
    figures = (
        "<table><tr><th>strategy</th><th>EV per unit bet</th></tr>"
        f"<tr><td>this card</td><td>{_pct(ev)}</td></tr>"
        f"<tr><td>the house way {escape(s.fallback)}</td><td>{_pct(house)}</td></tr>"
        f"<tr><td>optimal (every hand)</td><td>{_pct(best)}</td></tr>"
        "<tr><td>share of the gap recovered</td>"
        f"<td>{'-' if share is None else f'{100 * float(share):.1f} %'}</td></tr></table>"
    )
    rules = "".join(
        f"<li>{escape(line.split('. ', 1)[1])}</li>" for line in strategy_lines(s, vocab)
    )
    levels = ", ".join(f"<b>{escape(n)}</b>" for n in vocab.levels)
    legend = ""
    if vocab.legend:
        rows = "".join(f"<tr><td>{n}</td><td>{t}</td></tr>" for n, t in vocab.legend)
        legend = f"<table><tr><th>name</th><th>{escape(vocab.pieces)}</th></tr>{rows}</table>"
    note = f" {vocab.levels_note}" if vocab.levels_note else ""
    notes = f"<p class='small'>Hand levels, weakest first: {levels}.{note}</p>"
    title = escape(s.name or "Strategy card")
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{title}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{title}</h1><p class='sub'>{escape(head)}</p>"
        f"<ol>{rules}</ol><div class='cols'><div>{figures}{notes}</div>"
        f"<div>{legend}</div></div>"
        "<p class='small'>Figures: exact, over every deal (paigow strategy derive).</p>"
        "</body></html>\n"
    )
