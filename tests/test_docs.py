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
