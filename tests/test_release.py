"""What a release says about itself is true: ``paigow --version`` (the version, the record format
this version writes, the schema revision its service migrates to) against independent sources;
one place for the version; the change log's newest entry; ``paigow db status|upgrade`` on a
database behind, up to date, empty or from a newer paigow; the README's install section."""

from __future__ import annotations

import json
import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

import paigow
from cli_helpers import run_main
from paigow.cli.db_cmd import status_of
from paigow.cli.version_cmd import about
from paigow.service.db.migrations import VERSIONS, revisions, schema_head

ROOT = Path(__file__).resolve().parents[1]


def _alembic() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(VERSIONS.parent))
    return cfg


def test_version_prints_what_this_version_writes(capsys: pytest.CaptureFixture[str]) -> None:
    """The version is the installed distribution's; the record format is that of a round
    record ``paigow round --json`` writes; the schema revision is Alembic's head."""
    code, out, _ = run_main(["--version", "--json"], capsys)
    info = json.loads(out)
    assert code == 0 and info == about()
    assert info["version"] == paigow.__version__ == version("paigow")
    code, out, _ = run_main(["round", "--seed", "3", "--json"], capsys)
    record = json.loads(out)
    assert info["record_format"] == record["format"]
    assert record["software"] == {"name": "paigow", "version": info["version"]}
    assert [info["schema"]] == ScriptDirectory.from_config(_alembic()).get_heads()
    code, text, _ = run_main(["--version"], capsys)
    assert text.splitlines() == [
        f"paigow {info['version']}",
        f"record format {info['record_format']}",
        f"database schema {info['schema']}",
    ]
    assert run_main(["-V"], capsys)[1] == text


def test_version_takes_only_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["--version", "--profile", "x"], capsys)
    assert (
        code == 2
        and out == ""
        and err == "paigow: error: --version takes --json and nothing else\n"
    )


def test_schema_head_reads_the_migration_files_as_alembic_does() -> None:
    """The revisions read from the files without importing them are Alembic's own graph."""
    script = ScriptDirectory.from_config(_alembic())
    graph = {}
    for s in script.walk_revisions():
        down = s.down_revision
        graph[s.revision] = (down,) if isinstance(down, str) else tuple(down or ())
    assert revisions() == graph
    assert schema_head() == "+".join(sorted(script.get_heads()))


def test_one_place_for_the_version() -> None:
    """pyproject.toml takes the version from paigow.__version__ (no number of its own); the
    browser client's package.json carries the same number (npm wants one)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "paigow.__version__"}
    assert project["project"]["license"] == "MIT"  # an SPDX expression, not a table
    web = json.loads((ROOT / "web" / "package.json").read_text(encoding="utf-8"))
    assert web["version"] == paigow.__version__


def test_the_changelog_opens_with_this_version() -> None:
    """The newest entry is this version's and names its record format and schema revision."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heading = re.search(r"^## (\S+)", text, re.MULTILINE)
    assert heading is not None and heading[1] == paigow.__version__
    entry = text[heading.end() :].split("\n## ", 1)[0]
    info = about()
    assert f"Record format `{info['record_format']}`" in entry
    assert f"database schema revision `{info['schema']}`" in entry


def test_readme_install_section() -> None:
    """README.md says how to build this version's wheel and install the engine and the whole
    product from it with pip (it is not on PyPI yet, and says so)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Install", 1)[1].split("\n## ", 1)[0]
    wheel = f"dist/paigow-{paigow.__version__}-py3-none-any.whl"
    assert "make wheel" in section and "not yet published on PyPI" in section
    assert f"pip install {wheel} " in section and f"pip install '{wheel}[service]'" in section
    assert "paigow serve --demo" in section and "docs/deploy.md" in section


@pytest.mark.parametrize(
    ("current", "state", "ok"),
    [
        ("0003", "up to date", True),
        (None, "empty", False),
        ("0001", "behind", False),
        ("0002_trainer", "behind", False),
        ("0099_future", "unknown", False),
        ("0003+0099_future", "unknown", False),
    ],
)
def test_status_of(current: str | None, state: str, ok: bool) -> None:
    assert status_of(current, "0003", set(revisions())) == (state, ok)


def test_db_status_and_upgrade_of_a_database_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A database migrated to an older revision (by Alembic directly) is behind: status exits
    1 and says to upgrade; upgrade migrates it from that revision; then it is up to date; a
    revision this paigow does not know is named as such."""
    path = tmp_path / "old.sqlite3"
    url = f"sqlite:///{path}"
    older = sorted(revisions())[0]
    cfg = _alembic()
    with sa.create_engine(url).begin() as conn:  # as Store.migrate does (env.py takes it)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, older)
    head = schema_head()
    code, out, _ = run_main(["db", "status", "--db", url], capsys)
    assert code == 1
    assert out == f"{url}: schema {older}, this paigow migrates to {head}: run paigow db upgrade\n"
    code, out, _ = run_main(["db", "upgrade", "--db", url, "--json"], capsys)
    assert code == 0
    assert json.loads(out) == {
        "database": url,
        "schema": head,
        "head": head,
        "state": "up to date",
        "from": older,
    }
    assert run_main(["db", "status", "--db", url], capsys)[:2] == (
        0,
        f"{url}: schema {head}, up to date\n",
    )
    with sa.create_engine(url).begin() as c:
        c.execute(sa.text("UPDATE alembic_version SET version_num = '0099_future'"))
    code, out, _ = run_main(["db", "status", "--db", url, "--json"], capsys)
    assert code == 1 and json.loads(out)["state"] == "unknown"
    code, _, err = run_main(
        ["db", "status", "--db", f"sqlite:///{tmp_path / 'none.sqlite3'}"], capsys
    )
    assert code == 2 and "no database at" in err and not (tmp_path / "none.sqlite3").exists()
