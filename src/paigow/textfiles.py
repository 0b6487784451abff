"""Reading a user's text file (a profile, a house-way table) with errors that name the file.

Files are UTF-8; a byte-order mark, as spreadsheet programs write it, is accepted and dropped.
A file that cannot be opened, is larger than the limit given, or is not UTF-8 raises
:class:`~paigow.errors.ConfigError` naming the file (and, for a bad byte, its line).
"""

from __future__ import annotations

from pathlib import Path

from paigow.errors import ConfigError

__all__ = ["read_text"]


def _size(n: int) -> str:
    if n >= 1 << 20:
        return f"{n / (1 << 20):g} MiB"
    return f"{n / (1 << 10):g} KiB"


def read_text(path: str | Path, *, what: str, limit: int) -> str:
    """The text of the file at ``path``, at most ``limit`` bytes.

    Args:
        path: the file.
        what: what the file is, for messages (``"profile"``, ``"house-way table"``).
        limit: the largest size accepted, in bytes.

    Raises:
        ConfigError: the file cannot be read, is over ``limit`` bytes, or is not UTF-8 text.
    """
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise ConfigError(f"cannot read {what} {str(p)!r}: {reason}") from None
    except ValueError as e:  # e.g. a path with a NUL character
        raise ConfigError(f"cannot read {what} {str(p)!r}: {e}") from None
    if len(data) > limit:
        raise ConfigError(f"{p}: the {what} is larger than {_size(limit)}; is it the right file?")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise ConfigError(
            f"{p}: line {line}: not UTF-8 text (byte 0x{data[e.start]:02x}); "
            f"save the {what} as UTF-8"
        ) from None
