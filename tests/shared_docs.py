"""The rule documents the tests compare against: ``../shared`` next to the repository.

Tests that quote RULES.md or a seed read them through :func:`shared_text`, which fails with a
message saying what is needed when the documents are absent (never a bare FileNotFoundError).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

#: ``../shared`` relative to the repository root.
SHARED: Final = Path(__file__).resolve().parents[2] / "shared"


def shared_text(relative: str) -> str:
    """The text of ``../shared/RELATIVE``; fails the test, saying what is missing, if absent."""
    path = SHARED / relative
    if not path.is_file():
        pytest.fail(
            f"this test compares the code with the rule documents and needs {relative} in "
            f"{SHARED} (the directory 'shared' next to the repository, holding RULES.md and "
            f"seeds/); it is absent",
            pytrace=False,
        )
    return path.read_text(encoding="utf-8")
