"""The randomness battery in CI: the engine's real path passes it, and it catches flawed
sources (R-SHUF-03 uniform wash, R-SPG-08 shuffle, R-START-02 dice, R-START-07 RNG number).

The full run of a million shuffles and rolls is ``scripts/randomness_report.py`` (figures in
docs/reliability.md); here the same battery runs on tens of thousands of outcomes:

* through SystemRandom's code over a fixed seeded byte stream, at the report's family-wise
  level 0.01 — deterministic;
* through SystemRandom reading the operating system, at family-wise level 1e-6, so that this
  test fails by chance less than once in a million runs;
* through each deliberately flawed source, which must FAIL, on the tests meant to catch it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from paigow.qa.battery import run_battery
from paigow.qa.sampling import Plan, collect
from paigow.qa.sources import FLAWED

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "randomness_report.py"


def test_the_replayed_system_random_path_passes_at_the_report_level() -> None:
    samples = collect(Plan(8_000, 40_000, 20_000, 1 << 15, "replay", 20_260_101))
    report = run_battery(samples.arrays, alpha=0.01)
    assert report.passed, report.failures()
    assert len(report.sections) == 6
    # docs/reliability.md gives the number of tests of a full run.
    doc = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    assert f"{len(report.results)} tests" in doc


def test_the_documentation_names_every_flawed_source() -> None:
    doc = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    assert set(POWER) == set(FLAWED)
    for name in FLAWED:
        assert f"`{name}`" in doc


def test_the_operating_system_source_passes() -> None:
    samples = collect(Plan(4_000, 30_000, 10_000, 1 << 15, "system"))
    report = run_battery(samples.arrays, alpha=1e-6)
    assert report.passed, report.failures()


POWER = {
    # source: (plan sizes, tests that must be among the rejected)
    "naive-shuffle": (Plan(1_500, 0, 0, 0), {"position of each tile", "position of each card"}),
    "sattolo": (Plan(1_500, 0, 0, 0), {"position of each tile", "position of each card"}),
    "modulo-shuffle": (Plan(4_000, 0, 0, 0), {"position of each card"}),
    "modulo-dice": (Plan(0, 300_000, 0, 0), {"totals 3..18", "faces of die 2"}),
    "sticky-dice": (
        Plan(0, 20_000, 20_000, 0),
        {"whole rolls (216 cells)", "serial correlation lag 1"},
    ),
    "lcg": (Plan(1_000, 5_000, 5_000, 0), {"position of each tile", "consecutive numbers (pairs)"}),
    "clock-seeded": (Plan(2_000, 0, 0, 0), {"repeated washes", "repeated shuffles"}),
}


@pytest.mark.parametrize("source", list(POWER))
def test_the_battery_catches_a_flawed_source(source: str) -> None:
    sizes, expected = POWER[source]
    plan = Plan(sizes.shuffles, sizes.rolls, sizes.rng_numbers, 0, source, 1)
    report = run_battery(collect(plan).arrays, alpha=0.01)
    assert not report.passed
    rejected = {r.name for _, r in report.failures()}
    assert expected <= rejected, rejected


def test_a_seeded_run_is_the_same_on_any_number_of_workers() -> None:
    plan = Plan(300, 1_000, 500, 100, "replay", 9)
    one, two = collect(plan, jobs=1), collect(plan, jobs=2)
    assert one.arrays.keys() == two.arrays.keys()
    for k in one.arrays:
        assert np.array_equal(one.arrays[k], two.arrays[k])


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_report_script_passes_the_engine_and_prints_the_verdict() -> None:
    out = _run(
        "--shuffles", "600", "--rolls", "5000", "--bits", "100000", "--seed", "4", "--jobs", "1"
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "source replay, seed 4" in text
    for section in ("Tile wash", "Card shuffle", "Dice", "RNG start number, maryland", "NIST"):
        assert section in text
    assert "Holm's method" in text and text.rstrip().endswith("PASS: no test rejected.")


def test_the_report_script_fails_a_flawed_source_with_exit_status_1() -> None:
    out = _run(
        "--source", "naive-shuffle", "--seed", "1", "--shuffles", "1500",
        "--rolls", "0", "--bits", "0", "--json",
    )  # fmt: skip
    assert out.returncode == 1, out.stderr
    data = json.loads(out.stdout)
    assert data["passed"] is False and data["source"] == "naive-shuffle"
    rejected = {t["name"] for s in data["sections"] for t in s["tests"] if t["rejected"]}
    assert "position of each tile" in rejected


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--source", "system", "--seed", "1"], "cannot be seeded"),
        (["--source", "mersenne"], "needs --seed"),
        (["--shuffles", "-1"], "cannot be negative"),
        (["--shuffles", "0", "--rolls", "0", "--bits", "0"], "nothing to draw"),
        (["--alpha", "2"], "--alpha"),
    ],
)
def test_the_report_script_refuses_bad_arguments(args: list[str], message: str) -> None:
    out = _run(*args)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
