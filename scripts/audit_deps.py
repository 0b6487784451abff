"""The dependency audit of ``make test``: ``pip-audit`` over the installed environment, against
the PyPI advisory service (docs/reliability.md, "Dependency audit").

Exit status:

* 0 — every dependency was audited and none has a known vulnerability;
* 1 — a dependency has a known vulnerability (the advisories are listed);
* 0 with an ``INCOMPLETE`` line, or 3 when ``PAIGOW_DEPS_AUDIT=strict`` — the advisory service
  could not be reached, or does not know some of the pinned versions, so they could not be
  audited. pip-audit itself reports such a run as "No known vulnerabilities found"; this script
  says instead how many dependencies went unaudited and why, and never calls that clean.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

BIN = Path(sys.executable).parent


def main() -> int:
    strict = os.environ.get("PAIGOW_DEPS_AUDIT", "") == "strict"
    cmd = [
        str(BIN / "pip-audit"),
        "--format",
        "json",
        "--progress-spinner",
        "off",
        "--skip-editable",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        print(
            f"dependency audit INCOMPLETE: pip-audit could not reach the advisory service ({last})"
        )
        return 3 if strict else 0
    deps = [
        d for d in report.get("dependencies", []) if "editable" not in str(d.get("skip_reason"))
    ]
    vulnerable = [d for d in deps if d.get("vulns")]
    skipped = [d for d in deps if d.get("skip_reason")]
    audited = len(deps) - len(skipped)
    for d in vulnerable:
        for v in d["vulns"]:
            fixed = ", ".join(v.get("fix_versions") or []) or "no fixed version"
            print(f"VULNERABLE {d['name']} {d.get('version')}: {v['id']} (fixed in {fixed})")
    if vulnerable:
        return 1
    if skipped:
        why = Counter(str(d["skip_reason"]).split(":")[0] for d in skipped)
        reasons = "; ".join(f"{n} x {r}" for r, n in why.most_common())
        print(
            f"dependency audit INCOMPLETE: {audited} of {len(deps)} dependencies audited, no "
            f"known vulnerability among them; {len(skipped)} could not be audited ({reasons})"
        )
        return 3 if strict else 0
    print(f"dependency audit: {audited} dependencies, no known vulnerability")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
