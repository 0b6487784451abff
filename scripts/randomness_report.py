#!/usr/bin/env python3
"""Statistical battery over the engine's shuffles and dice: ``--help`` for the options.

A thin wrapper of :func:`paigow.qa.report.main`; see docs/reliability.md ("Randomness").
"""

from __future__ import annotations

import sys

from paigow.qa.report import main

if __name__ == "__main__":
    sys.exit(main())
