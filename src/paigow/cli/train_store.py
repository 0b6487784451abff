"""Where ``paigow train`` keeps a player's statistics: a small JSON file in the data directory.

The file is :func:`paigow.cli.train_cmds.default_path` or the path given by ``--stats``. It holds
one :class:`~paigow.trainer.stats.PlayerStats` per profile (:func:`~paigow.trainer.dump_store`).
Writes go to a temporary file first and replace the old file in one step.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from paigow.errors import ConfigError
from paigow.trainer import PlayerStats, dump_store, load_store

__all__ = ["StatsFile"]


class StatsFile:
    """The statistics store on disk (``path`` None: nothing is read or written)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def load(self) -> dict[str, PlayerStats]:
        """Every profile's statistics (none if the file does not exist yet).

        Raises:
            ConfigError: the file cannot be read or is not a valid statistics file.
        """
        if self.path is None:
            return {}
        hint = "repair or remove it, or choose another file with --stats FILE (or --no-stats)"
        try:
            text = self.path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):  # nothing there yet: start afresh
            return {}
        except (OSError, UnicodeDecodeError, ValueError) as e:
            reason = e.strerror if isinstance(e, OSError) else "not UTF-8 text"
            if isinstance(e, ValueError) and not isinstance(e, UnicodeDecodeError):
                reason = "not a usable file name"
            raise ConfigError(f"cannot read the statistics file {self.path}: {reason}") from None
        try:
            return load_store(text)
        except ConfigError as e:
            raise ConfigError(f"statistics file {self.path}: {e}; {hint}") from None

    def save(self, store: Mapping[str, PlayerStats]) -> str | None:
        """Write the store; the reason as text if it could not be written."""
        if self.path is None:
            return None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".trainer-", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(dump_store(store))
                os.replace(tmp, self.path)
            except BaseException:
                os.unlink(tmp)
                raise
        except ValueError:
            return f"cannot write the statistics file {self.path}: not a usable file name"
        except OSError as e:
            return f"cannot write the statistics file {self.path}: {e.strerror}"
        return None
