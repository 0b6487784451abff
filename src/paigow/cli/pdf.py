"""Printing an HTML document to PDF with headless Chromium (Debian's ``chromium``): the
strategy card (``paigow strategy card --pdf``) and the report (``paigow report --pdf``).

No Python library of the package registry lays out these documents' tables without a browser
engine (or native libraries), so the PDF is the browser's print of the very HTML written; where
Chromium is not installed, the command says so and the HTML is still written.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from paigow.errors import ConfigError

__all__ = ["print_pdf"]


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise ConfigError(
        "no PDF: Chromium was not found (apt-get install chromium); the HTML is written"
    )


def print_pdf(html_path: str, pdf_path: str) -> None:
    """Print an HTML file to PDF with headless Chromium."""
    with tempfile.TemporaryDirectory() as profile_dir:
        cmd = [
            _chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--user-data-dir={profile_dir}",
            "--no-pdf-header-footer",
            f"--print-to-pdf={Path(pdf_path).resolve()}",
            Path(html_path).resolve().as_uri(),
        ]
        try:
            done = subprocess.run(cmd, capture_output=True, timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise ConfigError(f"no PDF: Chromium failed: {e}") from None
    if done.returncode != 0 or not Path(pdf_path).is_file():
        raise ConfigError(f"no PDF: Chromium exited with {done.returncode}")
