"""``paigow report --profile P [--out DIR] [--pdf]``: a profile's probability and accounting
report and test-laboratory pack, as one HTML document (and a PDF printed from it by headless
Chromium, where it is installed).

The document is made by :mod:`paigow.report` from the exact engine; this command reads what the
engine may not (the profile's text for its annotations, the package's files for the manifest:
:mod:`paigow.service.pit.lab_report`) and writes the files.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from paigow.errors import ConfigError

from .options import count, seed

__all__ = ["add_arguments", "profile_text", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``paigow report``."""
    p.add_argument(
        "--profile", default="generic", help="profile (name or .toml file; default generic)"
    )
    p.add_argument("--out", default=".", help="directory to write the report in (default .)")
    p.add_argument(
        "--pdf", action="store_true", help="also print it to PDF (needs Chromium installed)"
    )
    p.add_argument(
        "--source",
        choices=["replay", "system"],
        default="replay",
        help="the randomness section's source: SystemRandom's code over a seeded stream "
        "(replay, the default: the same report every time) or the OS itself (system)",
    )
    p.add_argument("--seed", type=seed, help="seed of the replay source (default 20260101)")
    p.add_argument(
        "--shuffles", type=count(1), help="tile washes and card shuffles each (default 20000)"
    )
    p.add_argument(
        "--rolls",
        type=count(1),
        help="dice rolls and RNG numbers for the battery (default 200000), and half as many "
        "starts for the first stack's chi-square",
    )
    p.add_argument("--json", action="store_true", help="print what was written as JSON")


def profile_text(name: str) -> str | None:
    """The TOML text of a profile named on the command line (a bundled name or a file), for
    its annotations; None when it cannot be read."""
    from paigow.profiles import bundled_text
    from paigow.textfiles import read_text

    if name.endswith(".toml"):
        try:
            return read_text(Path(name), what="profile", limit=1 << 20)
        except ConfigError:
            return None
    return bundled_text(name)


def run(args: argparse.Namespace) -> int:
    """Build the report, write it, print where."""
    from dataclasses import replace

    from paigow.profiles import get_profile
    from paigow.report.build import build_report
    from paigow.report.html import report_html
    from paigow.report.randomness import RandomnessPlan
    from paigow.service.pit.lab_report import build_identity

    prof = get_profile(args.profile)
    plan = RandomnessPlan(source=args.source)
    if args.seed is not None:
        if args.source != "replay":
            raise ConfigError("--seed seeds the replay source; the system source has none")
        plan = replace(plan, seed=args.seed)
    if args.shuffles is not None:
        plan = replace(plan, shuffles=args.shuffles)
    if args.rolls is not None:
        plan = replace(
            plan, rolls=args.rolls, rng_numbers=args.rolls, starts=max(1, args.rolls // 2)
        )
    report = build_report(
        prof, text=profile_text(args.profile), identity=build_identity(), plan=plan
    )
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        html = out / f"paigow-report-{prof.name}.html"
        html.write_text(report_html(report), encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot write the report in {str(out)!r}: {e.strerror}") from e
    data: dict[str, object] = {"profile": prof.name, "html": str(html)}
    failed = [c for c in report.checks if not c.startswith("ok")]
    if args.pdf:
        from .pdf import print_pdf

        pdf = out / f"paigow-report-{prof.name}.pdf"
        print_pdf(str(html), str(pdf))
        data["pdf"] = str(pdf)
    data["checks_failed"] = failed
    if args.json:
        print(json.dumps(data))
    else:
        print(f"wrote {data['html']}" + (f" and {data['pdf']}" if "pdf" in data else ""))
        for c in failed:
            print(c)
    return 1 if failed else 0
