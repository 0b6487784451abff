"""Running the command line in tests: in-process (fast) and through the real entry points
(the ``paigow`` console script, ``python -m paigow``) for a bounded number of checks."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from paigow.cli.main import main
from paigow.cli.play import play

#: The console script installed next to the interpreter running the tests.
CONSOLE_SCRIPT = Path(sys.executable).with_name("paigow")


def interruptible(args: list[str], **kw: Any) -> subprocess.Popen[Any]:
    """Start ``args`` with pipes for its standard streams and Ctrl-C (SIGINT) at its default
    disposition (GNU ``env --default-signal``, which then executes the command in the same
    process): a test run started in the background inherits SIGINT ignored, and Python then never
    raises KeyboardInterrupt, so the command would not see the Ctrl-C the test sends."""
    return subprocess.Popen(
        ["env", "--default-signal=INT", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


def run_play(lines: list[str], **kw: Any) -> tuple[dict[str, Any], str]:
    """``play`` driven by a script of answers; returns the summary and everything printed."""
    out = io.StringIO()
    console = Console(file=out, width=200, force_terminal=False, color_system=None)
    summary = play(stdin=io.StringIO("".join(f"{x}\n" for x in lines)), console=console, **kw)
    return summary, out.getvalue()


def run_main(
    argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    """``main(argv)`` in-process with ``stdin``; returns (exit code, stdout, stderr)."""
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(argv)
    finally:
        sys.stdin = old
    out = capsys.readouterr()
    return code, out.out, out.err


def console_script(
    args: list[str], stdin: str = "", *, cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """The installed ``paigow`` command, as a user runs it."""
    if not CONSOLE_SCRIPT.exists():
        pytest.fail(
            f"these tests run the installed console script {CONSOLE_SCRIPT}; it is absent: "
            "install the package (make test does: pip install -e .)",
            pytrace=False,
        )
    return subprocess.run(
        [str(CONSOLE_SCRIPT), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        check=False,
    )


def assert_clean(proc: subprocess.CompletedProcess[str], code: int) -> None:
    """The documented exit code, and no traceback anywhere."""
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr[-2000:]
    assert proc.returncode == code, (proc.returncode, proc.stderr[-2000:])
    if code in (1, 2) and not proc.stderr.startswith("usage:"):
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("paigow: error:"), proc.stderr


def table_row(text: str, *cells: str) -> bool:
    """Whether a row of a table printed in ``text`` holds ``cells``, in order, as its cells
    (padding ignored): ``table_row(out, "3", "You", "Pai Gow")``."""
    for line in text.splitlines():
        row = [c.strip() for c in line.split("│")[1:-1]]
        for start in range(len(row) - len(cells) + 1):
            if tuple(row[start : start + len(cells)]) == cells:
                return True
    return False
