"""How large a sample the sampling tests draw (README.md, "Quick start").

``make test`` runs each sampling test at the size whose coverage the test itself asserts (every
profile, phase, banking mode, irregularity or kind of message it claims is exercised); with
``PAIGOW_TEST_DEEP=1`` in the environment they run at their full, older sizes.
"""

from __future__ import annotations

import os

__all__ = ["DEEP", "size"]

#: Whether the full-size samples were asked for.
DEEP = os.environ.get("PAIGOW_TEST_DEEP", "") not in ("", "0")


def size(short: int, deep: int) -> int:
    """``deep`` under ``PAIGOW_TEST_DEEP=1``, else ``short``."""
    return deep if DEEP else short
