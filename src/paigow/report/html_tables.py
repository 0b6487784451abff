"""The report's tables as HTML: a wager's probability and accounting table and the numbers in
it (pure: text in, text out; :mod:`paigow.report.html` assembles the document)."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from .model import ParTable

__all__ = ["cents", "decimal", "fraction", "par_table", "pct", "table"]


def fraction(x: Fraction) -> str:
    """An exact fraction as text (``-381/7192``; a whole number alone)."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def decimal(x: Fraction, places: int = 10) -> str:
    """A fraction rounded to ``places`` decimals, half away from zero (exact arithmetic);
    zero is ``0``."""
    if x == 0:
        return "0"
    scaled = abs(x) * 10**places
    whole = int(scaled)
    if scaled - whole >= Fraction(1, 2):
        whole += 1
    sign = "-" if x < 0 and whole else ""
    text = str(whole).rjust(places + 1, "0")
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"


def pct(x: Fraction, places: int = 4) -> str:
    """A rate as a percentage (``-2.6816 %``)."""
    return f"{decimal(100 * x, places)} %"


def cents(n: int) -> str:
    """Cents as dollars (``$5.25``)."""
    sign = "-" if n < 0 else ""
    return f"{sign}${abs(n) // 100:,}.{abs(n) % 100:02d}"


def table(head: list[str], rows: list[list[str]], cls: str = "", num: tuple[int, ...] = ()) -> str:
    """A table of already escaped cells; the columns ``num`` hold numbers (right-aligned)."""
    c = f' class="{cls}"' if cls else ""
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="num">{x}</td>' if j in num else f"<td>{x}</td>" for j, x in enumerate(r)
        )
        + "</tr>"
        for r in rows
    )
    return f"<table{c}><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _pays(x: Fraction) -> str:
    return f"+{fraction(x)}" if x > 0 else fraction(x)


def par_table(t: ParTable) -> str:
    """One wager's table: its outcomes, then its return, edge, hit frequency and deviation."""
    charged = t.commission is not None and t.commission != 0
    head = ["outcome", "what happens", t.unit if t.total else "", "probability", "decimal"]
    head += ["pays", "contribution"]
    if charged:
        head += ["pays less commission", "contribution"]
    rows = []
    for ln in t.lines:
        row = [escape(ln.outcome), escape(ln.detail), f"{ln.count:,}" if t.total else ""]
        row += [fraction(ln.probability), decimal(ln.probability), _pays(ln.pays)]
        row += [decimal(ln.contribution)]
        if charged:
            row += [_pays(ln.pays_net), decimal(ln.contribution_net)]
        rows.append(row)
    total = ["total", "", f"{t.total:,}" if t.total else "", fraction(t.probability)]
    total += [decimal(t.probability), "", decimal(t.ev_gross)]
    if charged:
        total += ["", decimal(t.ev)]
    rows.append(total)
    stats = [
        ["return per unit", fraction(t.ev), pct(t.ev)],
        ["house edge", fraction(t.house_edge), pct(t.house_edge)],
        ["hit frequency (the wager wins)", fraction(t.hit_frequency), pct(t.hit_frequency)],
        ["variance per unit", fraction(t.variance), decimal(t.variance, 6)],
        ["standard deviation per unit", "", f"{t.sd:.6f}"],
    ]
    if charged:
        stats.insert(1, ["return before commission", fraction(t.ev_gross), pct(t.ev_gross)])
    parts = [
        f'<section class="par" id="{escape(t.key)}"><h3>{escape(t.title)}</h3>',
        f"<p>{escape(t.conditions)}. Reproduce: <code>{escape(t.how)}</code>.</p>",
        table(head, rows, "lines", tuple(range(2, len(head)))),
        table(["figure", "exact", "value"], stats, "stats", (1, 2)),
    ]
    if t.hold:
        hold_rows = [
            [cents(h.bet), cents(h.commission), cents(h.collection), pct(h.hold)] for h in t.hold
        ]
        parts.append(
            "<p>The hold at stated bets: the commission on a win as the table charges it "
            "(rounded, R-SETTLE-08), and the collection taken in advance.</p>"
        )
        parts.append(
            table(
                ["bet", "commission on a win", "collection", "house edge (hold)"],
                hold_rows,
                "stats",
                (0, 1, 2, 3),
            )
        )
    parts += [f'<p class="note">{escape(n)}</p>' for n in t.notes]
    parts.append("</section>")
    return "\n".join(parts)
