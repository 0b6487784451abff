"""The crashes of issue 9 through the real entry points (the installed ``paigow`` command,
``python -m paigow``): Ctrl-C, files that are not UTF-8 or too deep or too large, markup in
data. Each asserts the documented exit code and that no traceback is printed. A bounded number
of processes; the same classes are covered in-process in the other CLI tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_helpers import CONSOLE_SCRIPT, assert_clean, console_script, interruptible, run_main

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ROOT / "src" / "paigow" / "profiles" / "generic.toml"


def _wait_until_blocked(pid: int, timeout: float = 30) -> None:
    """Wait until the process sleeps on a pipe or FIFO (it is inside ``main``, reading).

    Where the kernel does not say what a process waits on, wait a few seconds instead."""
    wchan = Path(f"/proc/{pid}/wchan")
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            where = wchan.read_text()
        except OSError:
            time.sleep(3)
            return
        if any(w in where for w in ("pipe", "fifo", "partner")):
            return
        time.sleep(0.05)
    pytest.fail(f"the process did not wait for input within {timeout} s (wchan {where!r})")


def _interrupted(args: list[str], send: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run the command, let it wait for input, press Ctrl-C (SIGINT)."""
    if not CONSOLE_SCRIPT.exists():
        pytest.fail(f"needs the installed console script {CONSOLE_SCRIPT}", pytrace=False)
    proc = interruptible([str(CONSOLE_SCRIPT), *args])
    try:
        assert proc.stdin is not None
        if send:
            proc.stdin.write(send)
            proc.stdin.flush()
        _wait_until_blocked(proc.pid)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize(
    ("args", "send"),
    [
        (["play", "--seed", "1"], b""),
        (["play", "--seed", "1"], b"10\n"),  # at the setting question
        (
            ["compare", "--batch"],
            b'{"player": "6-6 4-5 / 1-2 3-3", "dealer": "1-1 3-6 / 2-2 5-6"}\n',
        ),
    ],
)
def test_ctrl_c_exits_quietly_with_130(args: list[str], send: bytes) -> None:
    """Issue 9: Ctrl-C printed a KeyboardInterrupt traceback; now a quiet exit, status 130."""
    proc = _interrupted(args, send)
    assert proc.returncode == 130
    assert b"Traceback" not in proc.stderr + proc.stdout
    assert proc.stderr.strip() == b""


def test_ctrl_c_during_edge(tmp_path: Path) -> None:
    """`paigow edge` interrupted (here while it opens its profile, a FIFO nobody writes)."""
    fifo = tmp_path / "slow.toml"
    os.mkfifo(fifo)
    proc = _interrupted(["edge", "--profile", str(fifo)])
    assert proc.returncode == 130
    assert b"Traceback" not in proc.stderr + proc.stdout


def test_ctrl_c_in_process_for_every_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Wherever the interrupt lands in a command, `main` returns 130 with no traceback."""
    from paigow.cli import commands

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(commands, "emit", interrupted)
    for argv in (["hand", "6-6", "4-5"], ["edge"], ["ways"], ["sidebet", "dragons-eye"]):
        code, out, err = run_main(argv, capsys)
        assert code == 130 and "Traceback" not in out + err


def _profile_variant(tmp_path: Path, name: str, **replace: str) -> Path:
    text = GENERIC.read_text(encoding="utf-8")
    for old, new in replace.items():
        text = text.replace(old, new)
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_bad_files_through_the_console_script(tmp_path: Path) -> None:
    """Issue 9: a profile that is not UTF-8, a TOML nested 5,000 deep, a CSV that is not
    UTF-8 and a CSV field over 128 KiB: each one clean line naming the file, exit 2; a CSV
    saved with a byte-order mark is accepted."""
    latin = tmp_path / "latin.toml"
    latin.write_bytes(GENERIC.read_bytes().replace(b"Generic", b"G\xe9n\xe9ric"))
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    bad_csv = tmp_path / "bad.csv"
    bad_csv.write_bytes(b"tiles,setting\n\xff\n")
    big_csv = tmp_path / "big.csv"
    big_csv.write_bytes(b'tiles,setting\n"' + b"x" * 140_000 + b'",y\n')
    table = subprocess.run(
        [str(CONSOLE_SCRIPT), "strategy", "export", "--way", "regulation", "--out", "-"],
        capture_output=True,
        check=True,
    ).stdout
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + table.replace(b"\n", b"\r\n"))
    cases = [
        (["hand", "6-6", "4-5", "--profile", str(latin)], "latin.toml: line"),
        (["hand", "6-6", "4-5", "--profile", str(deep)], "deep.toml: not a profile"),
        (["set", "6-6 4-5 1-2 3-3", "--way", f"table:{bad_csv}"], "bad.csv: line 2: not UTF-8"),
        (["set", "6-6 4-5 1-2 3-3", "--way", f"table:{big_csv}"], "big.csv: line 2"),
    ]
    for args, fragment in cases:
        proc = console_script(args)
        assert_clean(proc, 2)
        assert fragment in proc.stderr
    proc = console_script(["set", "6-6 4-5 1-2 3-3", "--way", f"table:{bom}", "--json"])
    assert_clean(proc, 0)
    assert '"high": ["6-6", "4-5"]' in proc.stdout


def test_markup_in_data_is_printed_as_text(tmp_path: Path) -> None:
    """A profile named `[/]` (markup to rich) is printed literally by every renderer."""
    weird = _profile_variant(
        tmp_path, "weird.toml", **{'name = "generic"': 'name = "[/]"', "Generic": "[bold]x[/"}
    )
    for args in (["hand", "6-6", "4-5"], ["profiles", "show"], ["demo", "--seed", "1"]):
        proc = console_script([*args, "--profile", str(weird)])
        assert_clean(proc, 0)
        assert "[/]" in proc.stdout


def test_python_dash_m_paigow() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "paigow", "ways", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert_clean(proc, 0)
    assert '"optimal"' in proc.stdout


def test_usage_errors_exit_2_through_the_console_script() -> None:
    assert_clean(console_script(["hand", "7-1", "6-6"]), 2)
    assert_clean(console_script(["compare", "1-2 3-3 / 6-6 4-5", "1-1 3-6 / 2-2 5-6"]), 1)
    proc = console_script(["edge", "--commission", "1e-5000"])
    assert_clean(proc, 2)
    assert "expected a rate from 0 to below 1" in proc.stderr
