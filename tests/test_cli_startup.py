"""Start-up of the command line (issue 12, "Start-up"): ``import paigow`` loads only the package
and its errors; a ``--json`` command never loads rich, and ``paigow hand`` loads neither NumPy
nor the table service's event loop. Checked on ``sys.modules`` of a fresh process, never by
timing (the figures are printed by ``benchmarks/bench_startup.py``)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys

import pytest

import paigow
from paigow.cli.main import COMMANDS, build_parser


def _modules(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def _roots(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def _after_command(argv: list[str]) -> set[str]:
    """The modules after ``paigow ARGV`` ran in-process (its output discarded)."""
    return _modules(
        "import contextlib, io\n"
        "from paigow.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({argv!r}) == 0\n"
    )


def test_import_paigow_is_light() -> None:
    mods = _modules("import paigow")
    assert {m for m in mods if m.startswith("paigow")} == {"paigow", "paigow.errors"}
    assert not _roots(mods) & {"tomllib", "numpy", "rich", "typing", "dataclasses", "asyncio"}


def test_public_names_load_on_first_use() -> None:
    mods = _modules("from paigow import *\nimport paigow\nassert paigow.Hand.parse('6-6 4-5')")
    assert {"paigow.profiles", "paigow.games.tiles.ranking", "paigow.games.tiles.ways"} <= mods
    assert "numpy" not in _roots(mods)
    for name in paigow.__all__:
        assert getattr(paigow, name) is not None
        assert name in dir(paigow)
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        paigow.nope  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize(
    "argv",
    [
        ["hand", "6-6", "4-5", "--json"],
        ["compare", "6-6 4-5 / 1-2 3-3", "1-1 3-6 / 2-2 5-6", "--json"],
        ["set", "6-6", "4-5", "1-2", "3-3", "--json"],
        ["profiles", "--json"],
    ],
)
def test_json_commands_load_neither_rich_numpy_nor_the_service(argv: list[str]) -> None:
    roots = _roots(_after_command(argv))
    assert not roots & {"rich", "numpy", "asyncio"}, argv


@pytest.mark.parametrize(
    "argv", [["advise", "6-6", "4-5", "1-2", "3-3", "--json"], ["edge", "--json"]]
)
def test_math_json_commands_do_not_load_rich(argv: list[str]) -> None:
    mods = _after_command(argv)
    assert "numpy" in _roots(mods)
    assert not _roots(mods) & {"rich", "asyncio"}, argv
    assert "paigow.cli.serve_cmd" not in mods and "paigow.cli.train_cmds" not in mods


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> tuple[str, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result = repr(sorted(vars(parser.parse_args(argv)).items()))
        except SystemExit as e:
            result = f"exit {e.code}"
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
def test_the_parser_of_one_command_parses_as_the_full_parser(command: str) -> None:
    """main() builds only the subparser of the command named: same values, help and errors."""
    for rest in ([], ["--help"], ["--bad"], ["--profile"], ["x", "y", "--json", "--seed", "q"]):
        argv = [command, *rest]
        assert _parse(build_parser(command), argv) == _parse(build_parser(), argv), argv


def test_the_full_parser_loads_no_math() -> None:
    """``paigow --help`` builds every command's options: the strategy and session commands
    read theirs without loading NumPy, the games or the generator."""
    mods = _modules("from paigow.cli.main import build_parser\nbuild_parser()")
    assert "numpy" not in _roots(mods)
    assert not {"paigow.strategy", "paigow.bankroll", "paigow.games.cards"} & mods
