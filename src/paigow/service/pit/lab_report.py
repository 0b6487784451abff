"""What the report needs read from files (:mod:`paigow.report` is pure): which build this is
(:class:`paigow.report.model.Identity`: the version, the round record format and database
schema revision it writes, the interpreter and libraries it runs on, and the SHA-256 of every
file of the installed package), and a bundled profile's whole document
(:func:`report_document`, what the pit's download sends).

Shared by ``paigow report`` and the pit, which must name the same build and send the same
document; it imports nothing of the service's packages (``paigow --version``'s rule).
"""

from __future__ import annotations

import hashlib
import platform
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from paigow.report.model import Identity

__all__ = ["build_identity", "package_manifest", "report_document"]

#: The package's root folder.
_ROOT = Path(__file__).resolve().parents[2]


def package_manifest(root: Path = _ROOT) -> tuple[tuple[str, int, str], ...]:
    """``(path, bytes, sha256)`` of every file under ``root``, by path, bytecode caches left
    out (paths relative to the folder above ``root``: ``paigow/...``)."""
    out = []
    for p in sorted(root.rglob("*")):
        if not p.is_file() or "__pycache__" in p.parts or p.suffix in (".pyc", ".pyo"):
            continue
        data = p.read_bytes()
        rel = p.relative_to(root.parent).as_posix()
        out.append((rel, len(data), hashlib.sha256(data).hexdigest()))
    out.sort()
    return tuple(out)


@cache
def build_identity() -> Identity:
    """This build's identity (read once per process: the files do not change under it)."""
    import scipy

    from paigow import __version__
    from paigow.table.record_header import FORMAT

    from ..db.migrations import schema_head

    return Identity(
        version=__version__,
        record_format=FORMAT,
        schema=schema_head(),
        python=f"{platform.python_implementation()} {platform.python_version()}",
        platform=f"{platform.system()} {platform.machine()}",
        libraries=(("numpy", np.__version__), ("scipy", scipy.__version__)),
        manifest=package_manifest(),
    )


@lru_cache(maxsize=8)
def report_document(name: str) -> str:
    """The report of the bundled profile ``name`` as ``paigow report --profile NAME`` writes it
    (the default randomness plan; a pure function of the build and the name, so kept: the
    pit's download, run on the reports' worker process, where a second request for the same
    profile, waiting while the first was made, finds it made).

    Raises:
        ConfigError: no bundled profile of that name.
    """
    from paigow.profiles import bundled_profile, bundled_text
    from paigow.report.build import build_report
    from paigow.report.html import report_html

    prof = bundled_profile(name)
    report = build_report(prof, text=bundled_text(prof.name), identity=build_identity())
    return report_html(report)
