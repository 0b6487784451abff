"""``paigow strategy``: derive a strategy card, show one, print it, or export a way as a table.

* ``derive --against WAY [--as-banker] --rules K [--out FILE] [--plot FILE.png]``: the curve of
  the best lists of 1..K rules (exact EV and share of the gap recovered), the K-rule list in
  words, written as a strategy file (TOML, or JSON by the extension);
* ``show FILE``: the rules in words and the file's figures, with the EV recomputed by the exact
  engine from the rules as written;
* ``card FILE --out CARD.html [--pdf CARD.pdf]``: the one-page card, printed to PDF by Chromium;
* ``export --way WAY --out FILE.csv``: any way as a table (``table:FILE.csv``).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paigow.errors import ConfigError

from .options import rate
from .pdf import print_pdf

if TYPE_CHECKING:
    from paigow.games.rulebook import Strategy, Vocabulary

__all__ = ["add_arguments", "run"]


def _vocabs() -> dict[str, Vocabulary]:
    """Every game's vocabulary by the game's name (loaded when a command runs, not when its
    options are read)."""
    from paigow.games import GAMES

    return {name: make().vocabulary for name, make in GAMES.items()}


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The actions of ``paigow strategy`` and their options."""
    sub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    d = sub.add_parser("derive", help="derive short rule lists from the exact game")
    d.add_argument("--against", help="the opposing way (default: the profile's dealer way)")
    d.add_argument("--as-banker", action="store_true", help="the banker's card against players")
    d.add_argument("--rules", type=_rules, default=10, help="the longest list, 1-40 (default 10)")
    d.add_argument("--fallback", help="the way for hands no rule covers (default: --against)")
    d.add_argument("--profile", default="generic", help="profile (default: generic)")
    d.add_argument("--commission", type=rate, help="commission rate (default: the profile's)")
    d.add_argument("--out", metavar="FILE", help="write the strategy (.toml, or .json)")
    d.add_argument("--plot", metavar="FILE.png", help="draw the curve")
    d.add_argument("--json", action="store_true", help="print JSON")
    s = sub.add_parser("show", help="a strategy file in words, its EV recomputed")
    s.add_argument("file")
    s.add_argument("--json", action="store_true", help="print JSON")
    c = sub.add_parser("card", help="the printable one-page card (HTML, and PDF)")
    c.add_argument("file")
    c.add_argument("--out", required=True, metavar="CARD.html", help="the HTML card")
    c.add_argument("--pdf", metavar="CARD.pdf", help="also print it to PDF (Chromium)")
    c.add_argument("--json", action="store_true", help="print JSON")
    e = sub.add_parser("export", help="export a house way as a CSV table")
    e.add_argument("--way", required=True, help="way name, optimal, optimal-banker, table:FILE")
    e.add_argument("--against", help="for optimal/optimal-banker: the opposing way")
    e.add_argument("--profile", default="generic", help="profile (rules for optimal)")
    e.add_argument("--commission", type=rate, help="commission for optimal (default: profile's)")
    e.add_argument("--all", action="store_true", help="all 35,960 combinations, not 3,620")
    e.add_argument("--out", required=True, help="output CSV file ('-' for stdout)")
    e.add_argument("--json", action="store_true", help="print a JSON summary")


def _rules(text: str) -> int:
    from .options import count

    n = count(1)(text)
    if n > 40:
        raise argparse.ArgumentTypeError(f"expected at most 40 rules, got {n}")
    return n


def _write(path: str, text: str | bytes) -> None:
    try:
        if isinstance(text, bytes):
            Path(path).write_bytes(text)
        else:
            Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot write {path!r}: {e.strerror or e}") from None
    except ValueError as e:  # a NUL in the name
        raise ConfigError(f"cannot write {path!r}: {e}") from None


def _format(s: Strategy, path: str) -> str:
    from paigow.games.rulebook import format_json, format_toml

    return (
        format_json(s, _vocabs()) if path.lower().endswith(".json") else format_toml(s, _vocabs())
    )


def _pct(x: float | None) -> str:
    return "      -" if x is None else f"{100 * x:+.4f}%"


def derive_cmd(args: argparse.Namespace) -> int:
    """``paigow strategy derive``."""
    from paigow.games.rulebook import rule_words
    from paigow.profiles import get_profile
    from paigow.strategy.derive import derive

    prof = get_profile(args.profile)
    role = "banker" if args.as_banker else "player"
    d = derive(
        prof,
        args.against,
        role=role,
        rules=args.rules,
        fallback=args.fallback,
        commission=args.commission,
    )
    data = d.to_json()
    if args.out:
        _write(args.out, _format(d.strategy(), args.out))
        data["out"] = args.out
    if args.plot:
        from .strategy_plot import plot_curve

        plot_curve(data, args.plot)
        data["plot"] = args.plot
    if args.json:
        print(json.dumps(data))
        return 0
    print(
        f"{role} against {data['against']} ({data['profile']}, commission {data['commission']});"
        f" otherwise the house way {data['fallback']}"
    )
    print(f"house way {_pct(data['house']['ev'])}   optimal {_pct(data['optimal']['ev'])}")
    print(" rules          EV   share of the gap")
    for row in data["curve"]:
        share = row["share"]
        shown = "-" if share is None else f"{100 * share:.1f}%"
        print(f"{row['rules']:>6}  {_pct(row['ev'])}   {shown}")
    best = d.point()
    print(f"\nThe {len(best.rules)} rules (the first that applies sets the hand):")
    for i, rule in enumerate(best.rules, 1):
        print(f"{i:>3}. {rule_words(rule, d.problem.vocab)}")
    print(
        f"{len(best.rules) + 1:>3}. Otherwise: set the hand the house way ({d.problem.fallback})."
    )
    for key in ("out", "plot"):
        if key in data:
            print(f"wrote {data[key]}")
    return 0


def _load(path: str) -> Strategy:
    from paigow.games.rulebook import parse_strategy
    from paigow.games.tiles.ways.rule_tiles import STRATEGY_LIMIT
    from paigow.textfiles import read_text

    return parse_strategy(
        read_text(path, what="strategy", limit=STRATEGY_LIMIT), _vocabs(), origin=path
    )


def show_cmd(args: argparse.Namespace) -> int:
    """``paigow strategy show FILE``: the EV is recomputed from the rules as written."""
    from paigow.exact.results import commission_of
    from paigow.games import game_for
    from paigow.games.rulebook import rule_words
    from paigow.profiles import get_profile

    s = _load(args.file)
    vocab = _vocabs()[s.game]
    data: dict[str, Any] = {
        "file": args.file,
        "name": s.name,
        "fallback": s.fallback,
        "rules": [rule_words(r, vocab) for r in s.rules],
        "derived": dict(s.derived),
    }
    if s.figure("against") and s.figure("profile"):
        prof = get_profile(s.figure("profile") or "generic")
        c = Fraction(s.figure("commission") or str(commission_of(prof)))
        way, opp = f"strategy:{args.file}", s.figure("against") or ""
        banker = s.figure("role") == "banker"
        player, dealer = (opp, way) if banker else (way, opp)
        res = game_for(prof).edge(player, dealer, prof, c)
        ev = res.banker_ev if banker else res.player_ev
        data["ev"], data["ev_exact"] = float(ev), str(ev)
        data["matches_derived"] = s.ev() == ev
    if args.json:
        print(json.dumps(data))
        return 0
    print(s.name or args.file)
    for i, words in enumerate(data["rules"], 1):
        print(f"{i:>3}. {words}")
    print(f"{len(s.rules) + 1:>3}. Otherwise: set the hand the house way ({s.fallback}).")
    if "ev" in data:
        said = "as derived" if data["matches_derived"] else "NOT the EV the file states"
        print(f"EV recomputed from the rules: {_pct(data['ev'])} ({said})")
    return 0


def card_cmd(args: argparse.Namespace) -> int:
    """``paigow strategy card FILE --out CARD.html [--pdf CARD.pdf]``."""
    from paigow.strategy.card import card_html

    s = _load(args.file)
    _write(args.out, card_html(s, _vocabs()[s.game]))
    data = {"file": args.file, "html": args.out}
    if args.pdf:
        print_pdf(args.out, args.pdf)
        data["pdf"] = args.pdf
    if args.json:
        print(json.dumps(data))
    else:
        print(f"wrote {args.out}" + (f" and {args.pdf}" if args.pdf else ""))
    return 0


def run(args: argparse.Namespace) -> int:
    """Run the action of ``paigow strategy``."""
    if args.action == "export":
        from .commands import strategy

        return strategy(args)
    return {"derive": derive_cmd, "show": show_cmd, "card": card_cmd}[args.action](args)
