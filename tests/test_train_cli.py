"""``paigow train`` driven from scripts: text and JSON sessions, statistics files, bad input,
markup-looking input printed as typed, Ctrl-C."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import TextIO, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from cli_helpers import interruptible
from paigow.cli.main import main
from paigow.cli.train_cmds import default_path, train
from paigow.trainer import Trainer


def run_script(lines: list[str], **kw: object) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    script = io.StringIO("".join(f"{x}\n" for x in lines))
    code = train(stdin=script, console=console, **kw)  # type: ignore[arg-type]
    return code, out.getvalue()


def test_a_scripted_session_scores_explains_and_sums_up(tmp_path: Path) -> None:
    stats = tmp_path / "stats.json"
    code, text = run_script(
        ["?", "9", "1", "2", "6-6 4-5 / 1-2", "s", "q"], seed=3, stats_path=stats
    )
    assert code == 0
    assert "Hand 1" in text and "Hand 2" in text
    assert "Answer with:" in text  # ?
    assert "choose a setting 1..2, got 9" in text
    assert "House way (regulation, rule (" in text
    assert "Session: 2 hands" in text
    assert "Your statistics (all sessions)" in text
    assert "Session over: 2 hands" in text
    data = json.loads(stats.read_text())
    assert data["profiles"]["generic"]["total"]["hands"] == 2
    # a second session adds to the same file
    run_script(["1"], seed=4, stats_path=stats, hands=1)
    assert json.loads(stats.read_text())["profiles"]["generic"]["total"]["hands"] == 3


def test_tile_notation_answers_one_hand_or_a_whole_setting() -> None:
    code, text = run_script(["3-3 2-4", "6-6 1-1 / 1-3 5-5"], seed=3, hands=2)
    assert code == 0
    assert text.count("Your setting ") >= 2


@pytest.mark.parametrize("drill", ["pairs", "no-pair", "gee-joon", "two-pairs", "split", "weak"])
def test_every_drill_runs(drill: str) -> None:
    code, text = run_script(["1", "2", "1"], seed=1, drill=drill, hands=3)
    assert code == 0 and "Session over: 3 hands" in text


def test_supreme_pai_gow_cards() -> None:
    code, text = run_script(["1", "q"], profile="nj-supreme", drill="jokers", seed=2)
    assert code == 0 and "Your cards:" in text and "spg-house, rule (" in text
    assert "joker hands" in text


def test_a_foul_is_refused_with_the_rule() -> None:
    """R-SPG-21: the lower pair of a two-pair hand written high is a foul, refused."""
    p = Trainer("nj-supreme").deal("two-pairs", random.Random(5))
    best = p.options[p.best].setting
    assert best.high.strength > best.low.strength
    foul = f"{best.low} / {best.high}"
    code, text = run_script([foul, "1"], profile="nj-supreme", drill="two-pairs", seed=5, hands=1)
    assert code == 0
    assert "is a foul" in text and "R-SPG-21" in text
    assert "Session over: 1 hand," in text


def test_json_lines_session() -> None:
    code, text = run_script(["1", "nonsense", "2", "s"], seed=7, as_json=True, hands=2)
    assert code == 0
    events = [json.loads(line) for line in text.splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds[0] == "start" and kinds[-1] == "end"
    assert kinds.count("hand") == 2 and kinds.count("score") == 2 and "error" in kinds
    score = next(e for e in events if e["event"] == "score")
    assert set(score) >= {"ev_lost", "ev_lost_exact", "is_best", "matches_house_way", "rule"}
    assert score["explanation"]["lines"]
    hand = next(e for e in events if e["event"] == "hand")
    assert "ev" not in json.dumps(hand["options"])  # nothing given away before the answer


def test_input_is_never_read_as_markup() -> None:
    """Text that looks like rich markup or emoji codes is echoed and quoted as typed."""
    code, text = run_script(["[bold red]6-6[/]", ":smile: [link=x]y[/link]", "q"], seed=3)
    assert code == 0
    assert "[bold red]6-6[/]" in text
    assert ":smile: [link=x]y[/link]" in text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(max_size=30).filter(lambda s: "\n" not in s and "\r" not in s), max_size=6))
def test_random_text_at_the_prompt_never_breaks_the_session(lines: list[str]) -> None:
    code, text = run_script([*lines, "1", "1"], seed=11, hands=2)
    assert code == 0
    assert "Traceback" not in text


def test_end_of_input_quits_cleanly() -> None:
    code, text = run_script([], seed=1)
    assert code == 0 and "Session over: 0 hands" in text


def test_ctrl_c_in_process_returns_130() -> None:
    class Interrupted:
        def readline(self) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    code = train(stdin=cast(TextIO, Interrupted()), console=Console(file=out), seed=1)
    assert code == 130


def _env(tmp_path: Path) -> dict[str, str]:
    return os.environ | {"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "100"}


def test_the_command_from_a_pipe_keeps_statistics_in_xdg_data_home(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "paigow.cli.main", "train", "--seed", "5", "--hands", "2"],
        input="1\n2\n",
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        check=True,
    )
    assert "Hand 2" in proc.stdout and "Traceback" not in proc.stderr
    stats = tmp_path / "paigow" / "trainer.json"
    assert json.loads(stats.read_text())["profiles"]["generic"]["total"]["hands"] == 2


def test_ctrl_c_at_the_prompt_exits_quietly_with_130(tmp_path: Path) -> None:
    proc = interruptible(
        [sys.executable, "-m", "paigow.cli.main", "train", "--seed", "5", "--no-stats"],
        text=True,
        env=_env(tmp_path),
    )
    assert proc.stdout is not None
    seen = ""
    while "Your setting" not in seen:
        ch = proc.stdout.read(1)
        assert ch, "the session ended before asking"
        seen += ch
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_a_corrupt_statistics_file_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "s.json"
    bad.write_text('{"format": "paigow-trainer-stats", "version": 1, "profiles": {"generic": 3}}')
    assert main(["train", "--stats", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paigow: error: statistics file")
    assert "profiles.generic must be a JSON object" in err and "--no-stats" in err
    bad.write_bytes(b"\xff\xfe")
    assert main(["train", "--stats", str(bad)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_an_unwritable_statistics_file_warns_and_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, text = run_script(["1", "1"], seed=2, hands=2, stats_path=blocker / "s.json")
    assert code == 0
    assert text.count("cannot write the statistics file") == 1
    assert "Session over: 2 hands" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--drill", "trips"], "unknown drill 'trips'"),
        (["--profile", "nowhere"], "profile"),
        (["--dealer", "nonsense"], "unknown house way 'nonsense'"),
        (["--profile", "nj-supreme", "--way", "regulation"], "unknown Supreme Pai Gow way"),
    ],
)
def test_bad_options_are_one_line_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["train", "--no-stats", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_hands_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--hands", "0"]) == 2  # a usage error: exit 2, no SystemExit
    assert "at least 1" in capsys.readouterr().err


def test_default_statistics_path_follows_xdg() -> None:
    assert default_path({"XDG_DATA_HOME": "/data"}) == Path("/data/paigow/trainer.json")
    home = Path.home() / ".local" / "share" / "paigow" / "trainer.json"
    assert default_path({}) == home
    assert default_path({"XDG_DATA_HOME": "relative"}) == home


def test_the_documented_session_is_real_output() -> None:
    """README.md and docs/trainer.md print `printf '1\\n' | paigow train --seed 6 --hands 1`."""
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False, color_system=None)
    train(stdin=io.StringIO("1\n"), console=console, seed=6, hands=1)
    lines = [x.rstrip() for x in out.getvalue().splitlines()]
    start = next(i for i, x in enumerate(lines) if x.startswith("Your tiles:"))
    end = next(i for i, x in enumerate(lines) if x.startswith("Session: "))
    block = "\n".join(lines[start : end + 1])
    root = Path(__file__).resolve().parents[1]
    for doc in ("README.md", "docs/trainer.md"):
        assert block in (root / doc).read_text(encoding="utf-8"), doc


def test_a_huge_number_is_an_ordinary_wrong_answer() -> None:
    code, text = run_script(["9" * 5000, "1"], seed=3, hands=1)
    assert code == 0 and "choose a setting 1..2, got 999999999999..." in text
