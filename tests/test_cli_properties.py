"""Property: random text in any argument of any command (markup characters, huge numbers,
control characters, paths that are not files) gives an answer or one clear error line with the
documented exit code, never a traceback.

Each case is a valid command line with one slot replaced by the random text; the command runs
in-process through :func:`paigow.cli.main.main`, in a scratch directory (some commands write
files).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paigow.cli.main import main

X = "\x00SLOT\x00"

# (command line with one slot X) for every value argument of every command
CASES: list[list[str]] = [
    ["hand", X, "4-5"],
    ["hand", "6-6", "4-5", "--profile", X],
    ["compare", X, "1-1 3-6 / 2-2 5-6"],
    ["compare", "6-6 4-5 / 1-2 3-3", X, "--profile", "md"],
    ["set", X],
    ["set", "6-6 4-5 1-2 3-3", "--way", X],
    ["set", "6-6 4-5 1-2 3-3", "--way", "optimal", "--against", X],
    ["set", "6-6 4-5 1-2 3-3", "--profile", X],
    ["demo", "--seed", X],
    ["demo", "--way", X, "--seed", "1"],
    ["demo", "--profile", X, "--seed", "1"],
    ["profiles", "show", X],
    ["profiles", X],
    ["profiles", "show", "--profile", X],
    ["ways", "--profile", X],
    ["edge", "--player", X],
    ["edge", "--dealer", X],
    ["edge", "--commission", X],
    ["edge", "--profile", X],
    ["advise", X],
    ["advise", "6-6 1-1 1-3 5-5", "--dealer", X],
    ["advise", "6-6 1-1 1-3 5-5", "--as-banker", "--player", X],
    ["advise", "6-6 1-1 1-3 5-5", "--commission", X],
    ["advise", "As Ad Kh 5c", "--profile", X],
    ["play", "--profile", X],
    ["play", "--seat", X],
    ["play", "--players", X],
    ["play", "--seed", X],
    ["play", "--rounds", X],
    ["play", "--dealer", X],
    ["play", "--way", X],
    ["play", "--way", "optimal", "--against", X],
    ["play", "--profile", "colorado", "--pair-fortunes", X],
    ["round", "--seed", X],
    ["round", "--players", X],
    ["round", "--way", X, "--seed", "1"],
    ["round", "--profile", X, "--seed", "1"],
    ["round", "--profile", "colorado", "--pair-fortunes", X, "--seed", "1"],
    ["replay", X],
    ["replay", "round.json", "--profile", X],
    ["replay", "round.json", "--key", X],
    ["replay", "round.json", "--head", X],
    ["round", "--seed", "1", "--key", X],
    ["sidebet", X],
    ["sidebet", "pair-fortunes", "--table", X],
    ["sidebet", "dragons-eye", "--profile", X],
    ["strategy", "export", "--way", X, "--out", "x.csv"],
    ["strategy", "export", "--way", "regulation", "--out", X],
    ["strategy", "export", "--way", "optimal", "--against", X, "--out", "x.csv"],
    ["strategy", "export", "--way", "regulation", "--commission", X, "--out", "x.csv"],
    ["strategy", "export", "--way", "regulation", "--profile", X, "--out", "x.csv"],
    ["train", "--profile", X, "--hands", "1", "--no-stats"],
    ["train", "--drill", X, "--hands", "1", "--no-stats"],
    ["train", "--dealer", X, "--hands", "1", "--no-stats"],
    ["train", "--way", X, "--hands", "1", "--no-stats"],
    ["train", "--seed", X, "--hands", "1", "--no-stats"],
    ["train", "--hands", X, "--no-stats"],
    ["train", "--stats", X, "--hands", "1"],
    [X],
]

NASTY = ["[/]", "[bold]x", "inf", "nan", "1e308", "-1", "9" * 5000, "1e-9", "\x1b[31m", ""]
NASTY += ["x.toml", "../x.toml", "/dev/null", "/", ".", "table:", "table:/", "table:x.csv"]
NASTY += ["optimal", "optimal:optimal", "optimal@atlantis", "optimal:table:/dev/null", "-"]
NASTY += ["\x00", "a\x00b.csv", "table:a\x00b", "٣", "𝟡", "3" * 40, "0", "99", "--json"]

text = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=30),
    st.from_regex(r"-?[0-9]{1,40}(\.[0-9]{0,9})?(e-?[0-9]{1,4})?", fullmatch=True),
)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A scratch working directory: `--out`, `--plot` and relative paths land there."""
    d = tmp_path_factory.mktemp("cli-random")
    code, record, _ = run(["round", "--seed", "1", "--json"])
    assert code == 0
    (d / "round.json").write_text(record, encoding="utf-8")  # what the replay cases read
    old = Path.cwd()
    os.chdir(d)
    try:
        yield d
    finally:
        os.chdir(old)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_in = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old_in
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), value=text)
def test_random_text_in_any_argument(scratch: Path, case: list[str], value: str) -> None:
    argv = [value if a == X else a for a in case]
    code, out, err = run(argv)
    assert "Traceback" not in out + err
    assert code in (0, 1, 2), (argv, code, err)
    if code in (1, 2):
        lines = err.strip().splitlines()
        assert lines, argv
        last = lines[-1]
        assert last.startswith(("paigow: error:", "paigow ")) and "error:" in last, err
        if not err.startswith("usage:"):
            assert len(lines) == 1, err  # one line, no traceback
