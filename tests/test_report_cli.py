"""``paigow report`` (docs/report.md): the document it writes for a bundled profile and for a
profile file, its PDF through Chromium, and its refusals in words (never a traceback)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cli_helpers import CONSOLE_SCRIPT, assert_clean, console_script, run_main

#: A small sample for the randomness section (the figures are exact whatever its size).
SMALL = ["--shuffles", "200", "--rolls", "2000"]


def test_the_report_of_a_profile_file_names_its_clauses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A profile file's own annotations are its clauses, and its name the report's."""
    text = (Path(__file__).parents[1] / "src/paigow/profiles/generic.toml").read_text()
    text = text.replace('name = "generic"', 'name = "my-casino"')
    text = text.replace("# §7(k)\n", "# Casino rule 12.3\n", 1)
    prof = tmp_path / "my-casino.toml"
    prof.write_text(text)
    code, out, _ = run_main(
        ["report", "--profile", str(prof), "--out", str(tmp_path), *SMALL, "--json"], capsys
    )
    assert code == 0
    data = json.loads(out)
    assert data["checks_failed"] == []
    html = Path(data["html"]).read_text()
    assert Path(data["html"]).name == "paigow-report-my-casino.html"
    assert "Casino rule 12.3" in html and "my-casino" in html
    assert "200 tile washes" in html and "2,000 rolls of three dice" in html


def test_the_pdf_is_the_browsers_print_of_the_document(tmp_path: Path) -> None:
    """--pdf: the HTML and a PDF of it (Chromium, as the strategy card's)."""
    if shutil.which("chromium") is None:  # pragma: no cover - make test installs it
        pytest.skip("Chromium is not installed")
    done = console_script(
        ["report", "--profile", "nj-supreme", "--out", str(tmp_path), *SMALL, "--pdf"]
    )
    assert_clean(done, 0)
    pdf = tmp_path / "paigow-report-nj-supreme.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes())) > 5
    assert f"wrote {tmp_path}/paigow-report-nj-supreme.html and {pdf}" in done.stdout


def test_without_chromium_it_says_so_and_keeps_the_html(tmp_path: Path) -> None:
    """No Chromium on the path: one line saying so, exit 2, the HTML written."""
    bare = tmp_path / "bin"
    bare.mkdir()
    done = subprocess.run(
        [str(CONSOLE_SCRIPT), "report", "--out", str(tmp_path), *SMALL, "--pdf"],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": str(bare)},
        check=False,
    )
    assert_clean(done, 2)
    assert "no PDF: Chromium was not found" in done.stderr
    assert (tmp_path / "paigow-report-generic.html").is_file()


def test_refusals_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_main(["report", "--source", "system", "--seed", "3"], capsys)
    assert code == 2 and "--seed seeds the replay source" in err
    code, _, err = run_main(["report", "--profile", "nowhere"], capsys)
    assert code == 2 and "unknown profile 'nowhere'" in err
    blocked = tmp_path / "file"
    blocked.write_text("")
    code, _, err = run_main(["report", "--out", str(blocked / "x"), *SMALL], capsys)
    assert code == 2 and "cannot write the report" in err
