"""What README.md promises about the command line is true (issue 9): the options every command
takes, the ways `paigow ways` lists and where they can be used, the figures (the same
measurement as docs/math.md), and clear messages where input or rule documents are missing."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

import shared_docs
from cli_helpers import run_main
from paigow.cli.main import COMMANDS, build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
# The exceptions README.md names, and nothing else (a command with actions, ``strategy
# derive``..., by each action).
NO_JSON = {"play", "serve"}
NO_PROFILE = {"audit", "db", "serve", "strategy show", "strategy card"}


def _leaves() -> dict[str, set[str]]:
    """The options of every command, and of each action of a command that has actions
    (``strategy derive``...: its own options and its command's)."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a.choices, dict))
    assert isinstance(sub.choices, dict)
    out: dict[str, set[str]] = {}
    for name, command in sub.choices.items():
        own = {o for a in command._actions for o in a.option_strings}
        actions = [a for a in command._actions if isinstance(a.choices, dict)]
        if not actions:
            out[name] = own
        for a in actions:
            assert isinstance(a.choices, dict)
            for action, p in a.choices.items():
                out[f"{name} {action}"] = own | {o for b in p._actions for o in b.option_strings}
    return out


LEAVES = _leaves()


def test_every_command_is_checked() -> None:
    assert {leaf.split()[0] for leaf in LEAVES} == {c.name for c in COMMANDS}
    assert {"strategy derive", "strategy show", "strategy card"} <= set(LEAVES)


@pytest.mark.parametrize("leaf", sorted(LEAVES))
def test_every_command_takes_profile_and_json_but_those_readme_names(leaf: str) -> None:
    opts = LEAVES[leaf]
    assert ("--json" in opts) == (leaf not in NO_JSON)
    assert ("--profile" in opts) == (leaf not in NO_PROFILE)


def test_readme_names_exactly_those_exceptions() -> None:
    assert "`play` has no `--json`" in README and "`replay` has no `--profile`" not in README
    flat = " ".join(README.split())
    assert "`audit` has no `--profile`" in flat and "`db` has no `--profile`" in flat
    assert "`serve` has neither" in README and "except these:" in README
    assert "`strategy show` and `strategy card` take only `--json`" in flat
    assert "Every command takes `--profile NAME`" in README


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d[\d,]*(?:\.\d+)?", text.replace("−", "-"))


def test_readme_figures_are_the_docs_math_figures() -> None:
    """Issue 9: the README's figures and docs/math.md's must be one measurement."""
    figures = README.split("## Figures", 1)[1].split("\n## ", 1)[0]
    math = (ROOT / "docs" / "math.md").read_text(encoding="utf-8").replace("−", "-")
    numbers = [n for n in _numbers(figures) if len(n.replace(",", "")) > 2 or "." in n]
    assert len(numbers) >= 12
    missing = [n for n in numbers if n not in math]
    assert not missing, f"README figures not in docs/math.md: {missing}"


def test_ways_lists_optimal_and_every_listed_way_sets_tiles(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_main(["ways", "--json"], capsys)
    rows = json.loads(out)
    names = [r["name"] for r in rows]
    assert {"regulation", "taj-mahal", "canberra", "optimal", "optimal-banker"} <= set(names)
    assert "table:FILE.csv" in names
    assert [r["name"] for r in rows if r["default"]] == ["regulation"]
    for name in names:
        if name.startswith(("table:", "strategy:")):
            continue
        code, out, err = run_main(["set", "6-6 1-1 1-3 5-5", "--way", name, "--json"], capsys)
        assert code == 0, err
        assert json.loads(out)["way"].startswith(name)


def test_ways_of_the_card_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["ways", "--profile", "nj-supreme", "--json"], capsys)
    assert code == 0 and [r["name"] for r in json.loads(out)] == ["spg-house"]


def test_optimal_in_set_demo_round_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`optimal` against a dealer way given by `--against`, under the profile's rules; a
    round set by it replays (the record names the full way)."""
    code, out, _ = run_main(
        ["set", "6-6 1-1 1-3 5-5", "--way", "optimal", "--against", "canberra", "--json"], capsys
    )
    assert code == 0 and json.loads(out)["way"] == "optimal:canberra"
    code, out, _ = run_main(
        ["set", "6-6 1-1 1-3 5-5", "--way", "optimal", "--profile", "md", "--json"], capsys
    )
    assert json.loads(out)["way"] == "optimal:regulation@maryland"
    code, out, _ = run_main(["demo", "--way", "optimal-banker", "--seed", "3", "--json"], capsys)
    assert code == 0 and json.loads(out)["way"] == "optimal-banker:regulation"
    code, out, _ = run_main(["round", "--way", "optimal", "--seed", "3", "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and record["house_way"] == "optimal:regulation"
    path = tmp_path / "round.json"
    path.write_text(out, encoding="utf-8")
    assert run_main(["replay", str(path)], capsys)[0] == 0


def test_optimal_for_the_card_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """R-SPG: `optimal` is the player's best setting against the card dealer way, under the
    profile's commission and zero rule; a round set by it replays."""
    argv = ["set", "As Ad Kh 5c", "--way", "optimal", "--profile", "nj-supreme", "--json"]
    code, out, _ = run_main(argv, capsys)
    assert code == 0 and json.loads(out)["way"] == "optimal:spg-house@nj-supreme"
    argv = ["round", "--way", "optimal", "--profile", "nj-supreme", "--seed", "2", "--json"]
    code, out, _ = run_main(argv, capsys)
    assert code == 0 and json.loads(out)["house_way"] == "optimal:spg-house@nj-supreme"
    path = tmp_path / "round.json"
    path.write_text(out, encoding="utf-8")
    assert run_main(["replay", str(path)], capsys)[0] == 0
    argv = ["set", "As Ad Kh 5c", "--way", "optimal-banker", "--profile", "nj-supreme"]
    code, _, err = run_main(argv, capsys)
    assert code == 2 and "unknown Supreme Pai Gow way" in err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["set", "6-6 1-1 1-3 5-5", "--against", "canberra"], "--against goes with --way"),
        (["set", "6-6 1-1 1-3 5-5", "--way", "canberra", "--against", "x"], "applies to"),
        (["set", "6-6 1-1 1-3 5-5", "--way", "optimal", "--against", "optimal"], "fixed way"),
        (["strategy", "export", "--way", "canberra", "--against", "x", "--out", "-"], "--against"),
        (["sidebet", "dragons-eye", "--profile", "maryland"], "does not offer Dragon's Eye"),
        (["sidebet", "pair-fortunes", "--profile", "maryland", "--table", "9"], "offers Pair"),
        (["sidebet", "dragons-eye", "--table", "1"], "has none"),
    ],
)
def test_options_that_do_not_apply_are_refused(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Never a silent default: an option that cannot apply is an error, not ignored."""
    code, _, err = run_main(argv, capsys)
    assert code == 2 and fragment in err


def test_sidebet_and_profiles_use_the_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["sidebet", "pair-fortunes", "--profile", "md", "--json"], capsys)
    assert code == 0 and json.loads(out)["table"] == "A"  # Maryland's first table
    code, out, _ = run_main(["profiles", "show", "--profile", "md", "--json"], capsys)
    assert json.loads(out)["profile"]["name"] == "maryland"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["demo", "--seed", "x"], "expected a whole number, got 'x'"),
        (["demo", "--seed", "9" * 5000], "expected a whole number"),
        (["round", "--players", "0"], "expected at least 1, got 0"),
        (["edge", "--commission", "1e-5000"], "expected a rate from 0 to below 1"),
        (["advise", "6-6 1-1 1-3 5-5", "--commission", "inf"], "expected a rate"),
    ],
)
def test_number_options_speak_plainly(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No "invalid int value" or other Python wording; the documented exit code 2."""
    code, _, err = run_main(argv, capsys)
    assert code == 2 and fragment in err
    assert "invalid" not in err and "int value" not in err


def test_batch_lines_that_cannot_be_read_fail_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bytes that are not UTF-8, JSON nested too deeply, a number too long to read: each line
    yields an error object and the lines after it are answered."""
    good = b'{"tiles": "6-6 4-5"}\n'
    data = good + b'{"tiles": "\xff"}\n' + b"[" * 100_000 + b"\n"
    data += b'{"tiles": ' + b"9" * 5000 + b"}\n" + good
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    from paigow.cli.main import main

    assert main(["hand", "--batch"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(out) == 5
    assert out[0]["category"] == "wong" and out[4]["category"] == "wong"
    assert all("error" in o for o in out[1:4])


def test_tests_that_read_shared_say_what_they_need(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9: tests that quote the rule documents fail with what they need when ../shared
    is absent, not with a FileNotFoundError."""
    monkeypatch.setattr(shared_docs, "SHARED", tmp_path / "shared")
    with pytest.raises(pytest.fail.Exception) as err:
        shared_docs.shared_text("RULES.md")
    msg = str(err.value)
    assert "needs RULES.md" in msg and "absent" in msg and str(tmp_path) in msg
