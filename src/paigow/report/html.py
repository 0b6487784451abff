"""The report as one self-contained HTML document (pure: no file, no clock; the command line
writes it and prints it to PDF, the pit sends it): :func:`report_html`.

The document has no script, no font and no image from elsewhere, and nothing in it depends on
when or where it was made beyond the build it names: two builds that are byte for byte the
same give the same document for the same profile and options.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Final

from .html_tables import cents, decimal, fraction, par_table, pct, table
from .model import ChiSquare, Identity, Randomness, Records, Report, Rules

__all__ = ["report_html"]

_STYLE: Final = """
@page { size: A4; margin: 14mm 12mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9.5pt; color: #111;
  max-width: 62rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.35; }
h1 { font-size: 17pt; margin: 0 0 .3rem 0; }
h2 { font-size: 13pt; margin: 1.6rem 0 .4rem 0; border-bottom: 1px solid #999;
  break-after: avoid; }
h3 { font-size: 10.5pt; margin: 1.1rem 0 .3rem 0; break-after: avoid; }
table { border-collapse: collapse; margin: .3rem 0 .6rem 0; font-size: 8.5pt; }
th, td { border: 1px solid #aaa; padding: .1rem .35rem; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:last-child td { font-weight: 600; }
table.stats tr:last-child td, table.plain tr:last-child td { font-weight: normal; }
code { font-size: 8.5pt; overflow-wrap: anywhere; }
p.note { color: #333; font-size: 8.5pt; }
.bad { color: #a00; font-weight: 700; }
section.par { break-inside: avoid-page; }
pre.manifest { font-family: "DejaVu Sans Mono", monospace; font-size: 7pt;
  white-space: pre-wrap; overflow-wrap: anywhere; }
"""


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def _rules(r: Rules) -> str:
    parts = [
        "<h2 id='rules'>1. Rules as configured</h2>",
        table(
            ["", ""],
            [
                ["profile", f"{escape(r.profile)}: {escape(r.title)}"],
                ["seed document", escape(r.source)],
                ["game", f"{escape(r.game)}, {escape(r.pieces)}"],
                ["hand positions (ring)", escape(", ".join(r.ring))],
                ["house way", f"{escape(r.house_way)}: {escape(r.house_way_description)}"],
                ["readings chosen", escape(r.notes)],
                ["rules digest (every round record)", f"<code>{escape(r.profile_digest)}</code>"],
            ],
            "plain",
        ),
        _p(
            "Every key of the profile, its value, what it means, and the clause of the seed "
            "document it follows as the profile annotates it (R-, M- and AMB- numbers are the "
            "project's rule and reading ids). 'default' marks a key the profile leaves at its "
            "default."
            + ("" if r.annotated else " The profile's text was not at hand: no clause is named.")
        ),
    ]
    for s in r.sections:
        rows = [
            [
                f"<code>[{escape(ln.section)}] {escape(ln.key)}</code>",
                f"<code>{escape(ln.value)}</code>" + ("" if ln.stated else " (default)"),
                escape(ln.meaning),
                escape(ln.clause),
            ]
            for ln in s.lines
        ]
        parts.append(f"<h3>{escape(s.title)}</h3>")
        parts.append(table(["key", "value", "meaning", "clause"], rows, "plain"))
    return "\n".join(parts)


def _par(report: Report) -> str:
    parts = [
        "<h2 id='par'>2. PAR sheet</h2>",
        _p(
            "Every figure is exact: each deal, hand or roll counted, probabilities as fractions "
            "with their decimals. A copy is two hands of equal rank; it goes to the bank. The "
            "main wager is counted over every deal of one player's hand against the bank's, as "
            "player and as a banking player, with the house way on both sides and with the best "
            "setting of every hand against the house way."
        ),
        "<h3>The main wager</h3>",
    ]
    parts += [par_table(t) for t in report.main]
    if report.side:
        parts.append("<h3>Side bets</h3>")
        parts += [par_table(t) for t in report.side]
    else:
        parts.append(_p("The profile offers no side bet."))
    parts.append("<h3 id='published'>Published figures beside ours</h3>")
    if not report.published:
        parts.append(_p("No published figure of this game's wagers is known to this project."))
    else:
        rows = [
            [
                escape(f.what),
                escape(f.source),
                pct(Fraction(f.published)),
                f"{pct(f.ours)} ({fraction(f.ours)})",
                pct(f.difference),
                "yes" if f.agrees else '<span class="bad">NO</span>',
                f"<code>{escape(f.how)}</code>" + (f"; {escape(f.note)}" if f.note else ""),
            ]
            for f in report.published
        ]
        head = ["house edge of", "published in", "published", "ours", "difference"]
        parts.append(table([*head, "agrees", "how ours is computed"], rows, "plain", (2, 3, 4)))
    return "\n".join(parts)


def _chi(name: str, c: ChiSquare) -> str:
    rows = [
        [escape(label), f"{n:,}", fraction(p), decimal(p * c.trials, 2)] for label, n, p in c.cells
    ]
    rows.append(["total", f"{c.trials:,}", "1", f"{c.trials:,}.00"])
    verdict = f"chi-square {c.stat:.3f} on {c.dof} degrees of freedom, p = {c.p:.4g}"
    return (
        f"<h3>{escape(name)}: {escape(c.name)}</h3>"
        + table(["cell", "observed", "probability", "expected"], rows, "", (1, 2, 3))
        + _p(verdict)
    )


def _randomness(r: Randomness) -> str:
    b = r.battery
    seed = f", seed {b.seed}" if b.seed is not None else ""
    draws = ", ".join(f"{n:,} {escape(k)}" for k, n in b.draws)
    parts = [
        "<h2 id='randomness'>3. Randomness</h2>",
        "<h3>The source</h3>",
        _p(r.source),
        "<h3>The shuffle and the dice</h3>",
        _p(r.shuffle),
        _p(r.dice),
        "<h3>The statistical battery on this build</h3>",
        _p(
            f"Source {b.source}{seed}: {b.source_description}. Drawn through the engine's own "
            f"code (a round's wash and shuffle, roll_dice, the RNG start number, raw words): "
            f"{draws}. {b.tests} tests, corrected together by Holm's method at family-wise "
            f"level {b.alpha:g}: " + ("PASS, no test rejected." if b.passed else "FAIL.")
        ),
        f"<p>Reproduce: <code>{escape(r.how)}</code>.</p>",
    ]
    for name, rows in b.sections:
        body = [
            [
                escape(t.name),
                f"{t.stat:.3f}",
                "" if t.dof is None else str(t.dof),
                f"{t.p:.4g}",
                '<span class="bad">rejected</span>' if t.rejected else "ok",
            ]
            for t in rows
        ]
        parts.append(f"<h3>{escape(name)}</h3>")
        parts.append(
            table(["test", "statistic", "dof", "p-value", "verdict"], body, "plain", (1, 2, 3))
        )
    parts.append(_chi("First stack", r.first_stack))
    parts.append(_chi("Dice", r.dice_sums))
    return "\n".join(parts)


def _records(r: Records) -> str:
    hands = [[escape(p), escape(s)] for p, s in r.hands]
    money = [[escape(a), cents(n)] for a, n in r.money]
    return "\n".join(
        [
            "<h2 id='records'>4. Records</h2>",
            _p(
                f"Every round is kept as a record of format {r.format}: a header fixed when the "
                "round opens, the body, every operation with its chance outcomes (the order of "
                "the pieces, the dice), every money transfer, and a SHA-256 hash chain over all "
                "of them (docs/table.md, 'The round record')."
            ),
            table(
                ["part", "fields"],
                [
                    ["header", escape(", ".join(r.header_fields))],
                    ["body", escape(", ".join(r.body_fields))],
                ],
                "plain",
            ),
            f"<h3>One round, recorded, recalled and replayed (seed {r.seed or 'none'})</h3>",
            _p(
                f"Record {r.record_id}: {r.record_bytes:,} bytes of JSON, {r.operations} "
                f"operations, {r.transfers} transfers. Read back from its text and replayed "
                f"through the engine: identical. {r.profile_check}. Chain head:"
            ),
            f"<p><code>{escape(r.head)}</code></p>",
            table(["position", "setting (high / low)"], hands, "plain"),
            table(["account", "net"], money, "plain", (1,)),
            f"<p>Reproduce: <code>{escape(r.how)}</code>.</p>",
            "<h3>An altered copy</h3>",
            _p(f"The same record with {r.altered}, replayed: refused, in words:"),
            f"<p><code>{escape(r.refusal)}</code></p>",
            "<h3>How the audit proves a database</h3>",
            _p(
                "paigow audit --db URL checks a table service's database end to end (exit 0 "
                "clean, 1 on any finding):"
            ),
            "<ul>" + "".join(f"<li>{escape(a)}</li>" for a in r.audit) + "</ul>",
        ]
    )


def _identity(i: Identity) -> str:
    libs = ", ".join(f"{escape(n)} {escape(v)}" for n, v in i.libraries)
    total = sum(n for _, n, _ in i.manifest)
    return "\n".join(
        [
            "<h2 id='identity'>5. Identity</h2>",
            table(
                ["", ""],
                [
                    ["software", f"paigow {escape(i.version)}"],
                    ["round record format", escape(i.record_format)],
                    ["database schema revision", escape(i.schema)],
                    ["run on", f"Python {escape(i.python)}, {escape(i.platform)}; {libs}"],
                    ["manifest digest", f"<code>{i.digest}</code>"],
                ],
                "plain",
            ),
            _p(
                f"The SHA-256 of every file of the installed package ({len(i.manifest)} files, "
                f"{total:,} bytes; bytecode caches left out), as sha256sum writes it: saved "
                "to a file, 'sha256sum -c FILE' run in the folder that holds the package checks "
                "an installation against it, and the SHA-256 of that file is the manifest "
                "digest above."
            ),
            f'<pre class="manifest">{escape(i.manifest_text)}</pre>',
        ]
    )


def report_html(report: Report) -> str:
    """The report of one profile as a self-contained HTML document."""
    i = report.identity
    failed = [c for c in report.checks if not c.startswith("ok")]
    checks = "".join(f"<li>{escape(c)}</li>" for c in report.checks)
    warn = (
        f'<p class="bad">{len(failed)} of the build\'s checks FAILED: do not rely on this '
        "report.</p>"
        if failed
        else ""
    )
    contents = (
        "<ol><li><a href='#rules'>Rules as configured</a></li><li><a href='#par'>PAR sheet</a>"
        "</li><li><a href='#randomness'>Randomness</a></li><li><a href='#records'>Records</a>"
        "</li><li><a href='#identity'>Identity</a></li><li><a href='#checks'>The build's "
        "checks</a></li></ol>"
    )
    body = "\n".join(
        [
            f"<h1>Probability and accounting report: {escape(report.title)}</h1>",
            _p(
                f"Profile {report.profile}; paigow {i.version}, manifest digest "
                f"{i.digest[:16]}…; made by '{report.command}' from the exact engine of this "
                "build. Money is in dollars and cents; figures are per unit wagered."
            ),
            warn,
            contents,
            _rules(report.rules),
            _par(report),
            _randomness(report.randomness),
            _records(report.records),
            _identity(i),
            "<h2 id='checks'>6. The build's checks</h2>",
            _p("Each figure above checked against a second path through the engine:"),
            f"<ul>{checks}</ul>",
        ]
    )
    title = escape(f"PAR sheet and test pack: {report.title} (paigow {i.version})")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n{body}\n"
        "</body>\n</html>\n"
    )
