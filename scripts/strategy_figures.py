"""The strategy curves of docs/math.md: every shipped tile profile and dealer way, as player and
as banker, K = 1..20 rules (exact EVs, the share of the gap between the house way and optimal).

    .venv/bin/python scripts/strategy_figures.py [--rules 20] [--jobs 2] --out DIR

Profiles with the same rules and commission give the same curves (generic and colorado; at 5 %
maryland and lucky-chances), so each rule set is derived once and reported for every profile.
Writes DIR/curves.json, DIR/curves.md (the tables) and the 10-rule cards DIR/PROFILE-WAY-ROLE.toml
of the distinct rule sets.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

from paigow.exact.results import commission_of
from paigow.games.rulebook import format_toml
from paigow.games.tiles.ways.rule_tiles import TILE_VOCABULARY
from paigow.profiles import get_profile
from paigow.strategy.derive import derive

WAYS = ("regulation", "taj-mahal", "taj-mahal-literal", "canberra")
PROFILES = ("generic", "colorado", "maryland", "lucky-chances")
#: (profile, commission override): the targets are at 5 %; Lucky Chances takes none.
RUNS = (*((p, None) for p in PROFILES), ("lucky-chances", "0.05"))


def _one(job: tuple[str, str | None, str, str, int, str]) -> dict[str, Any]:
    profile, commission, way, role, k, out = job
    t = time.perf_counter()
    prof = get_profile(profile)
    d = derive(prof, way, role=role, rules=k, commission=commission)
    tag = f"{profile}-{way}-{role}" + ("-5pct" if commission else "")
    card = d.strategy(min(10, k))
    Path(out, f"{tag}.toml").write_text(format_toml(card, {"tiles": TILE_VOCABULARY}))
    data = d.to_json()
    data["seconds"] = round(time.perf_counter() - t, 1)
    data["tag"] = tag
    r80 = d.first_reaching(Fraction(4, 5))
    data["rules_for_80"] = None if r80 is None else r80.k
    return data


def _key(profile: str, commission: str | None) -> tuple[object, ...]:
    prof = get_profile(profile)
    return (prof.compare_rules, commission_of(prof, commission))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rules", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", required=True)
    ap.add_argument("--roles", default="player,banker", help="player, banker or both")
    a = ap.parse_args()
    roles = tuple(a.roles.split(","))
    Path(a.out).mkdir(parents=True, exist_ok=True)
    first: dict[tuple[object, ...], str] = {}
    jobs, alias = [], {}
    for profile, commission in RUNS:
        key = _key(profile, commission)
        alias[(profile, commission)] = first.setdefault(key, f"{profile}/{commission}")
        if alias[(profile, commission)] == f"{profile}/{commission}":
            jobs += [(profile, commission, w, r, a.rules, a.out) for w in WAYS for r in roles]
    with ProcessPoolExecutor(a.jobs) as pool:
        results = list(pool.map(_one, jobs))
    by = {(r["tag"]): r for r in results}
    rows = []
    for profile, commission in RUNS:
        src = alias[(profile, commission)].split("/")[0]
        src_c = None if alias[(profile, commission)].endswith("/None") else "0.05"
        for w in WAYS:
            for role in roles:
                r = by[f"{src}-{w}-{role}" + ("-5pct" if src_c else "")]
                rows.append({**r, "profile": profile, "commission_override": commission})
    Path(a.out, "curves.json").write_text(json.dumps(rows, indent=1))
    lines = [
        "| profile | commission | dealer way | role | house way | optimal | 10 rules | share "
        "| rules for 80 % |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        p10 = r["curve"][min(10, len(r["curve"])) - 1]
        lines.append(
            f"| {r['profile']} | {r['commission_override'] or r['commission']} | {r['against']} | "
            f"{r['role']} | "
            f"{100 * r['house']['ev']:+.4f} % | {100 * r['optimal']['ev']:+.4f} % | "
            f"{100 * p10['ev']:+.4f} % | {100 * (p10['share'] or 0):.1f} % | "
            f"{r['rules_for_80'] or '> ' + str(len(r['curve']))} |"
        )
    lines += ["", "Curves (share of the gap recovered, K = 1..20):", ""]
    seen = set()
    for r in rows:
        if r["tag"] in seen:
            continue
        seen.add(r["tag"])
        shares = " ".join(f"{100 * (c['share'] or 0):.1f}" for c in r["curve"])
        lines.append(f"* {r['tag']} ({r['seconds']} s): {shares}")
    Path(a.out, "curves.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
