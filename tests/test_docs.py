"""The documentation stays true to the code."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from paigow.games.tiles.ways import way_names
from paigow.profiles import _SECTIONS

ROOT = Path(__file__).resolve().parents[1]


def test_profile_format_documents_every_key() -> None:
    text = (ROOT / "docs" / "profiles.md").read_text(encoding="utf-8")
    for section, cls in _SECTIONS.items():
        assert f"`[{section}]`" in text
        for f in fields(cls):
            assert f"`{f.name}`" in text, f"docs/profiles.md misses [{section}] {f.name}"


def test_readme_names_every_way_and_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in text and "make test" in text
    for name in way_names():
        assert f"`{name}`" in text


def test_ci_runs_the_readme_test_command() -> None:
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_says_where_the_rule_documents_are_in_words_any_clone_holds() -> None:
    """The README placed RULES.md "in the directory `shared` beside this repository", which a
    clone made anywhere else does not have: it now says they are not in the repository, that
    nothing needs them to run, and where the tests look for them (tests/shared_docs.py)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "beside this repository" not in text
    assert "`RULES.md` and the rule documents it cites are not in this repository" in text
    assert "`../shared/RULES.md`" in text and "nothing needs them" in text
