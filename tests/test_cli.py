"""The command line: JSON shapes, human output, errors and --batch."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from paigow.cli import batch
from paigow.cli.main import main
from paigow.games.tiles.hands4 import distinct_hands
from paigow.games.tiles.ways import get_way


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_hand_json_r_rank_03_wong(capsys: pytest.CaptureFixture[str]) -> None:
    """R-RANK-03: 6-6 + 4-5 is a wong, 17th."""
    d = run_json(capsys, "hand", "6-6", "4-5")
    assert isinstance(d, dict)
    assert d["category"] == "wong"
    assert d["pair_rank"] == 17
    assert d["high_tile"] == "6-6"
    assert d["rank"] == 17


def test_hand_json_r_rank_06_gee_joon_value(capsys: pytest.CaptureFixture[str]) -> None:
    """R-RANK-06/07 (TC-18): 2-4 + 1-4 is worth 8 with the 2-4 counted 3; high tile 1-4."""
    d = run_json(capsys, "hand", "2-4 1-4")
    assert isinstance(d, dict)
    assert (d["value"], d["high_tile"], d["gee_joon_counted"]) == (8, "1-4", 3)


def test_compare_json_shape_r_settle_05(capsys: pytest.CaptureFixture[str]) -> None:
    """R-SETTLE-05: the issue's example is a player win on both hands."""
    d = run_json(capsys, "compare", "6-6 4-5 / 1-2 3-3", "1-1 3-6 / 2-2 5-6")
    assert isinstance(d, dict)
    assert {k: d[k] for k in ("result", "high", "low")} == {
        "result": "win",
        "high": "player",
        "low": "player",
    }


@pytest.mark.parametrize(
    ("profile", "result"),
    [("colorado", "push"), ("generic", "push"), ("maryland", "lose"), ("lucky-chances", "lose")],
)
def test_compare_tc_22_zero_zero_by_profile(
    capsys: pytest.CaptureFixture[str], profile: str, result: str
) -> None:
    """TC-22 / R-RANK-11 / M-10: 0-vs-0 high hands; CO/GEN push, MD/LC lose."""
    d = run_json(capsys, "compare", "5-5 4-6 / 2-2 1-5", "5-6 3-6 / 5-6 4-5", "--profile", profile)
    assert isinstance(d, dict)
    assert d["result"] == result


def test_set_json_r_hw_01(capsys: pytest.CaptureFixture[str]) -> None:
    """R-HW-01 (b): TC-41 through the CLI."""
    d = run_json(capsys, "set", "6-6", "4-5", "1-1", "2-6", "--way", "regulation")
    assert isinstance(d, dict)
    assert d["high"] == ["6-6", "4-5"]
    assert sorted(d["low"]) == ["1-1", "2-6"]
    assert d["rule"] == "b"


def test_human_output_is_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "6-6 4-5 / 1-2 3-3", "1-1 3-6 / 2-2 5-6"]) == 0
    out = capsys.readouterr().out
    assert "WIN" in out and "High wong" in out
    assert main(["set", "6-6", "4-5", "1-2", "3-3"]) == 0
    assert "rule (b)" in capsys.readouterr().out
    assert main(["hand", "Teen", "Day"]) == 0
    assert "4" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "code", "fragment"),
    [
        (["hand", "7-1", "6-6"], 2, "'7-1'"),
        (["hand", "6-6"], 2, "two tiles"),
        (["hand", "Chop", "Gow", "6-6"], 2, "ambiguous"),
        (["compare", "6-6 4-5", "1-1 3-6 / 2-2 5-6"], 2, "HIGH / LOW"),
        (["compare", "1-2 3-3 / 6-6 4-5", "1-1 3-6 / 2-2 5-6"], 1, "ranks below"),
        (["compare", "6-6 6-6 / 1-2 3-3", "6-6 3-6 / 2-2 5-6"], 1, "copies of 6-6"),
        (["set", "6-6", "4-5", "1-2"], 1, "four tiles"),
        (["set", "1-2", "1-2", "3-3", "4-4"], 1, "only 1"),
        (["set", "6-6", "4-5", "1-2", "3-3", "--way", "nonsense"], 2, "unknown house way"),
        (["hand", "6-6", "4-5", "--profile", "atlantis"], 2, "unknown profile"),
        (["profiles", "show", "atlantis"], 2, "unknown profile"),
    ],
)
def test_errors_exit_nonzero_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: int, fragment: str
) -> None:
    """Errors are specific: exit 2 for syntax/config, 1 for illegal input; one clear line."""
    assert main(argv) == code
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert err.startswith("paigow: error:")
    assert fragment in err


def test_profiles_list_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_json(capsys, "profiles")
    assert isinstance(rows, list)
    assert {r["name"] for r in rows} >= {"colorado", "maryland", "generic", "lucky-chances"}
    d = run_json(capsys, "profiles", "show", "md")
    assert isinstance(d, dict)
    assert d["ranking"]["zero_zero_banker"] is True
    assert main(["profiles", "show", "colorado"]) == 0
    assert "[banking]" in capsys.readouterr().out


def test_ways_list(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_json(capsys, "ways")
    assert isinstance(rows, list)
    assert "regulation" in {r["name"] for r in rows}


def test_strategy_export_roundtrip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Export 3,620 rows, read back as table:FILE.csv, identical settings on every hand."""
    out = tmp_path / "reg.csv"
    d = run_json(capsys, "strategy", "export", "--way", "regulation", "--out", str(out))
    assert isinstance(d, dict)
    assert d["rows"] == 3620
    with out.open() as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["tiles", "setting"] and len(rows) == 3621
    table = get_way(f"table:{out}")
    reg = get_way("regulation")
    for h in distinct_hands():
        assert table.set(h.tiles).key() == reg.set(h.tiles).key()
    d = run_json(capsys, "set", "6-6 4-5 1-2 3-3", "--way", f"table:{out}")
    assert isinstance(d, dict)
    assert d["high"] == ["6-6", "4-5"]


def test_demo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "demo", "--seed", "7")
    b = run_json(capsys, "demo", "--seed", "7")
    assert a == b
    assert isinstance(a, dict)
    assert len(a["hands"]) == 8
    tiles = sorted(t for h in a["hands"] for t in h["dealt"])
    assert len(tiles) == 32
    for profile in ("colorado", "maryland", "lucky-chances"):
        assert main(["demo", "--profile", profile]) == 0
        assert "position" in capsys.readouterr().out


def test_batch_keeps_order_and_reports_bad_lines() -> None:
    lines = [
        '{"player": "6-6 4-5 / 1-2 3-3", "dealer": "1-1 3-6 / 2-2 5-6"}',
        "not json",
        '{"player": "6-6 4-5 / 1-2"}',
        '{"player": "5-5 4-6 / 2-2 1-5", "dealer": "5-6 3-6 / 5-6 4-5", "profile": "md"}',
        "[1, 2]",
        "",
    ]
    out = io.StringIO()
    assert batch.run("compare", io.StringIO("\n".join(lines) + "\n"), out) == 0
    res = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(res) == len(lines)
    assert res[0]["result"] == "win"
    assert "error" in res[1] and "error" in res[2] and "error" in res[4] and "error" in res[5]
    assert res[3]["result"] == "lose" and res[3]["profile"] == "maryland"


def test_batch_hand_and_set() -> None:
    out = io.StringIO()
    batch.run("hand", io.StringIO('{"tiles": "6-6 4-5"}\n{"tiles": "6-6"}\n'), out)
    a, b = (json.loads(x) for x in out.getvalue().splitlines())
    assert a["category"] == "wong" and "error" in b
    out = io.StringIO()
    batch.run(
        "set", io.StringIO('{"tiles": "6-6 4-5 1-2 3-3", "way": "regulation"}\n{"tiles": 5}\n'), out
    )
    a, b = (json.loads(x) for x in out.getvalue().splitlines())
    assert a["high"] == ["6-6", "4-5"] and "error" in b


def test_console_script_runs() -> None:
    """The module runs as a program (same entry point as the console script)."""
    proc = subprocess.run(
        [sys.executable, "-m", "paigow.cli.main", "hand", "6-6", "6-6", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(proc.stdout)["name"] == "Pair of Teen (6-6)"


def test_sidebet_pair_fortunes_json_r_pf_05(capsys: pytest.CaptureFixture[str]) -> None:
    """R-PF-04/05, App. E: counts and the returns of tables 1 and 2 (to 6 decimals)."""
    d = run_json(capsys, "sidebet", "pair-fortunes", "--table", "1")
    assert isinstance(d, dict)
    assert round(d["return"], 6) == -0.052976
    assert list(d["counts"].values()) == [1, 119, 420, 1680, 4620, 29120]
    d = run_json(capsys, "sidebet", "pair-fortunes", "--table", "B")
    assert isinstance(d, dict)
    assert round(d["return"], 6) == -0.136123
    assert main(["sidebet", "pair-fortunes", "--table", "9"]) == 2


def test_sidebet_dragons_eye_json_r_de(capsys: pytest.CaptureFixture[str]) -> None:
    """R-DE-05..10: every wager has a return per unit."""
    d = run_json(capsys, "sidebet", "dragons-eye")
    assert isinstance(d, dict)
    assert {"odd", "even", "double", "triple", "match", "dice_bonus"} <= set(d["return"])
    assert d["return_exact"]["odd"] == "-1/36"


def test_sidebet_supreme_bonus_json_r_spg_17(capsys: pytest.CaptureFixture[str]) -> None:
    """R-SPG-16/17, App. F: a class for each of the 316,251 hands, including 'Nothing'."""
    d = run_json(capsys, "sidebet", "supreme-bonus")
    assert isinstance(d, dict)
    assert sum(d["counts"].values()) == 316251 == d["hands"]
    assert d["counts"]["Nothing"] == 213120
    assert main(["sidebet", "supreme-bonus"]) == 0
    assert "Royal flush" in capsys.readouterr().out


def test_supreme_pai_gow_edge_advise_round_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """R-SPG: the card game in the edge, advise, round and replay commands."""
    d = run_json(capsys, "edge", "--profile", "nj-supreme")
    assert isinstance(d, dict)
    assert d["deals"] == 316_251 * 230_300
    a = run_json(capsys, "advise", "As", "Ad", "Kh", "5c", "--profile", "nj-supreme")
    assert isinstance(a, dict)
    assert a["settings"][a["best"]]["high"] == ["Ad", "As"]
    rec = run_json(capsys, "round", "--profile", "nj-supreme", "--seed", "9", "--banking")
    assert isinstance(rec, dict)
    assert sum(rec["net"].values()) == 0
    path = tmp_path / "nj.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 0


def test_card_hand_set_compare(capsys: pytest.CaptureFixture[str]) -> None:
    """R-SPG-02..05, R-SPG-21: hand, set and compare with a card profile; a foul loses."""
    d = run_json(capsys, "hand", "Ks", "Qd", "--profile", "nj-supreme")
    assert isinstance(d, dict)
    assert d["category"] == "face" and d["name"] == "K-Q"
    d = run_json(capsys, "set", "As Ad Kh 5c", "--profile", "nj-supreme")
    assert isinstance(d, dict)
    assert sorted(d["high"]) == ["Ad", "As"]
    d = run_json(capsys, "compare", "Ks Qd / 7h 7c", "Jc Jd / 9s 8d", "--profile", "nj")
    assert isinstance(d, dict)
    assert d["foul"] is True and d["result"] == "lose"
    assert main(["compare", "Ks Qd / 7h 7c", "Jc Jd / 9s 8d", "--profile", "nj"]) == 0
    assert "foul" in capsys.readouterr().out
