"""``paigow --version``: the version, the format of the round records this version writes, and
the database schema revision its table service migrates to (``--json``: the same as JSON)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from paigow.errors import ConfigError

__all__ = ["about", "run"]


def about() -> dict[str, str]:
    """What ``paigow --version`` prints."""
    from paigow import __version__
    from paigow.service.db.migrations import schema_head
    from paigow.table.record_header import FORMAT

    return {
        "name": "paigow",
        "version": __version__,
        "record_format": FORMAT,
        "schema": schema_head(),
    }


def run(rest: Sequence[str]) -> int:
    """Print the version (``rest``: nothing, or ``--json``)."""
    if list(rest) not in ([], ["--json"]):
        raise ConfigError("--version takes --json and nothing else")
    info = about()
    if rest:
        print(json.dumps(info, indent=2))
    else:
        print(f"{info['name']} {info['version']}")
        print(f"record format {info['record_format']}")
        print(f"database schema {info['schema']}")
    return 0
