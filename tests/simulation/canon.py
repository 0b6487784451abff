"""Canonical JSON and the two hash chains, written from their descriptions (docs/table.md,
"The hash chain"; docs/service.md, the commands' chain) with the standard library alone: the
checkers hash with this, never with the service's own code, so a mistake shared by both would
have to be made twice."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["GENESIS", "canonical", "command_link", "record_link"]

#: The link before the first element of a chain: 64 zeros.
GENESIS = "0" * 64


def canonical(value: Any) -> bytes:
    """Keys sorted, no spaces, UTF-8 (not escaped), integers as integers."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def record_link(previous: str, kind: str, element: Any) -> str:
    """A round record's next link: ``sha256(previous | kind | canonical(element))``."""
    return hashlib.sha256(
        previous.encode("ascii") + b"|" + kind.encode("ascii") + b"|" + canonical(element)
    ).hexdigest()


def command_link(
    previous: str, table: str, seq: int, command: Any, *, actor: str, idem_key: str | None
) -> str:
    """A stored command's link: ``sha256(previous | canonical([table, seq, command, actor,
    idem_key]))``."""
    return hashlib.sha256(
        previous.encode("ascii") + b"|" + canonical([table, seq, command, actor, idem_key])
    ).hexdigest()
