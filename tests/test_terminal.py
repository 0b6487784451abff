"""One reader of answers for the terminal table (`paigow play`) and the trainer (`paigow
train`): a line per answer, Enter for the default, `?` for help, `q` or the end of input to
leave, input never read as markup, bytes that are not UTF-8 refused and asked again, Ctrl-C
exit 130 (issue 9: never a traceback, never a silent default)."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import TextIO, cast

import pytest
from rich.console import Console

from paigow.cli.main import main
from paigow.cli.terminal import INTERRUPTED, QuitGame, Terminal, converse, line_reader
from paigow.cli.train_cmds import train

CLI = Path(__file__).resolve().parents[1] / "src" / "paigow" / "cli"


def _terminal(
    lines: str, *, echo: bool = True, prompts: bool = True
) -> tuple[Terminal, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    return Terminal(console, line_reader(io.StringIO(lines)), echo=echo, prompts=prompts), out


def test_one_reader_serves_the_table_and_the_trainer() -> None:
    """Only terminal.py reads standard input: the table's and the trainer's modules ask it."""
    readers = {"input", "readline"}
    for path in sorted(CLI.glob("*.py")):
        if path.name == "terminal.py":
            continue
        calls = {
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call)
        }
        assert not calls & readers, f"{path.name} reads input itself: {calls & readers}"
    for name in ("play.py", "train_session.py"):
        text = (CLI / name).read_text(encoding="utf-8")
        assert "line_reader(stdin)" in text and "Terminal(" in text, name


def test_answers_defaults_help_words_and_leaving() -> None:
    term, out = _terminal("\n?\nS\n  x  \nq\n")
    shown: list[str] = []
    assert term.answer("Wager", "10", help=lambda: shown.append("help")) == "10"
    extra = {"s": lambda: shown.append("stats")}
    assert term.answer("Wager", help=lambda: shown.append("help"), words=extra) == "x"
    assert shown == ["help", "stats"]
    with pytest.raises(QuitGame):
        term.answer("Wager", help=lambda: None)
    with pytest.raises(QuitGame):  # the end of input
        term.answer("Wager", help=lambda: None)
    text = out.getvalue()
    assert text.count("? Wager [10]: ") == 1 and text.count("? Wager: ") == 5


def test_markup_and_control_characters_are_printed_as_typed() -> None:
    term, out = _terminal("[bold red]x[/] \x1b[31m\n")
    term.answer("Question [/]", "n", help=lambda: None)
    text = out.getvalue()
    assert text.startswith("? Question [/] [n]: ")  # a letter default stays visible
    assert "[bold red]x[/] \\x1b[31m" in text and "\x1b" not in text


def test_without_prompts_nothing_is_printed() -> None:
    """The trainer's JSON lines: the questions are asked without a word on the console."""
    term, out = _terminal("a\n", prompts=False)
    assert term.answer("Your setting (1-2)", help=lambda: None) == "a"
    with pytest.raises(QuitGame):
        term.answer("Your setting (1-2)", help=lambda: None)
    assert out.getvalue() == ""


def test_converse_exits_130_after_ctrl_c(capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted() -> int:
        raise KeyboardInterrupt

    assert converse(lambda: 0) == 0
    assert converse(interrupted) == INTERRUPTED == 130
    assert capsys.readouterr().out == "\n"  # the prompt's line is ended
    assert converse(interrupted, newline=False) == 130
    assert capsys.readouterr().out == ""


class _Interrupted:
    def readline(self) -> str:
        raise KeyboardInterrupt

    def isatty(self) -> bool:
        return False


def test_ctrl_c_at_a_question_of_either_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both commands leave through the same helper: exit 130, no traceback."""
    monkeypatch.setattr(sys, "stdin", _Interrupted())
    assert main(["play", "--seed", "1"]) == 130
    assert main(["train", "--seed", "1", "--no-stats"]) == 130
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    console = Console(file=io.StringIO())
    assert train(stdin=cast(TextIO, _Interrupted()), console=console, as_json=True) == 130


def _pipe(args: list[str], data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "paigow.cli.main", *args],
        input=data,
        capture_output=True,
        timeout=120,
        check=False,
    )


def test_bytes_that_are_not_utf8_are_refused_and_asked_again() -> None:
    """The trainer read a pipe with the table's reader: a byte that is not UTF-8 arrives as
    U+FFFD, is refused with the reason, and the question is asked again (before, the trainer
    echoed a lone surrogate, which no terminal can print)."""
    proc = _pipe(["train", "--seed", "1", "--hands", "1", "--no-stats"], b"\xff\n1\n")
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr
    text = proc.stdout.decode("utf-8")
    assert "'\ufffd' is not a tile" in text and "Session over: 1 hand," in text
    proc = _pipe(["train", "--seed", "1", "--hands", "1", "--no-stats", "--json"], b"\xff\n1\n")
    events = [json.loads(x) for x in proc.stdout.decode("utf-8").splitlines()]
    assert [e["event"] for e in events] == ["start", "hand", "error", "score", "end"]


def test_the_trainer_answers_help_the_way_the_table_does() -> None:
    """`?` and `help` (and the trainer's own `h`) explain the question; `s` shows statistics."""
    for word in ("?", "help", "h", "HELP"):
        out = io.StringIO()
        console = Console(file=out, width=120, color_system=None)
        script = io.StringIO(f"{word}\ns\nq\n")
        assert train(stdin=script, console=console, seed=2, stats_path=None) == 0
        text = out.getvalue()
        assert "Answer with:" in text and "Your statistics (all sessions)" in text, word
