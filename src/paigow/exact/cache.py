"""On-disk cache of derived arrays (hand spaces, their subset index, built-in ways' splits).

Computing these takes a few hundred milliseconds of Python at every start; reading them back is
a few milliseconds. Files live in the user's cache directory (``$PAIGOW_CACHE_DIR``, else
``$XDG_CACHE_HOME/paigow``, else ``~/.cache/paigow``), in a folder named by the package version
and a digest of the sources that define the arrays, so a changed rule never reads a stale file.
The cache is an optimisation only: a file that cannot be read or written is computed instead
(an unwritable cache directory costs speed, never a result).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["cache_dir", "load_arrays", "save_arrays"]

#: Sources whose content decides the cached arrays.
_SOURCES = (
    "games/tiles/tiles.py",
    "games/tiles/ranking.py",
    "games/tiles/settings.py",
    "games/outcomes.py",
    "games/tiles/hands4.py",
    "exact",
    "games/tiles/exact",
    "games/tiles/ways",
)


@cache
def _digest() -> str:
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for name in _SOURCES:
        path = root / name
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        for f in files:
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


@cache
def cache_dir() -> Path:
    """The folder of this version's cached arrays (not created until something is saved)."""
    from paigow import __version__

    base = os.environ.get("PAIGOW_CACHE_DIR")
    if base:
        root = Path(base)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        root = (Path(xdg) if xdg else Path.home() / ".cache") / "paigow"
    return root / f"{__version__}-{_digest()}"


def load_arrays(name: str) -> dict[str, npt.NDArray[np.generic]] | None:
    """The arrays saved under ``name``, or None when absent or unreadable."""
    path = cache_dir() / f"{name}.npz"
    try:
        with np.load(path, allow_pickle=False) as data:
            return {k: data[k] for k in data.files}
    except (OSError, ValueError, KeyError):
        return None


def save_arrays(name: str, arrays: dict[str, npt.NDArray[np.generic]]) -> None:
    """Save ``arrays`` under ``name`` atomically; failures are ignored (see the module doc)."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, **arrays)  # type: ignore[arg-type]
        os.replace(tmp, folder / f"{name}.npz")
    except OSError:
        Path(tmp).unlink(missing_ok=True)
