"""``--batch``: one JSON object per input line in, one JSON object per line out, in order.

A line that cannot be handled yields ``{"error": "..."}`` and the rest go on.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from paigow.errors import PaigowError

from . import services

__all__ = ["run"]

_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # command: (required fields, optional fields)
    "hand": (("tiles",), ("profile",)),
    "compare": (("player", "dealer"), ("profile",)),
    "set": (("tiles",), ("way", "profile")),
}

_CALLS: dict[str, Callable[..., dict[str, Any]]] = {
    "hand": services.hand_data,
    "compare": services.compare_data,
    "set": services.set_data,
}


def handle_line(
    command: str, line: str, default_profile: str, default_way: str | None = None
) -> dict[str, Any]:
    """The output object for one input line (``default_way``: the ``set`` way of lines that
    name none)."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        return {"error": f"not a JSON object: {e.msg} at column {e.colno}"}
    except (ValueError, RecursionError):  # a number too long to read, nesting too deep
        return {
            "error": "not a JSON object this program can read (a number too long, or "
            "arrays nested too deeply)"
        }
    if not isinstance(obj, dict):
        return {"error": f"expected a JSON object, got {type(obj).__name__}"}
    required, optional = _FIELDS[command]
    kwargs: dict[str, Any] = {}
    for key in required:
        val = obj.get(key)
        if not isinstance(val, str):
            return {"error": f"missing or non-text field {key!r}; expected {list(required)}"}
        kwargs[key] = val
    for key in optional:
        val = obj.get(key)
        if val is not None:
            if not isinstance(val, str):
                return {"error": f"field {key!r} must be text"}
            kwargs[key] = val
    kwargs.setdefault("profile", default_profile)
    if default_way is not None and command == "set":
        kwargs.setdefault("way", default_way)
    try:
        return _CALLS[command](**kwargs)
    except PaigowError as e:
        return {"error": str(e)}


def run(
    command: str,
    inp: TextIO,
    out: TextIO,
    *,
    default_profile: str = "generic",
    default_way: str | None = None,
    line_by_line: bool = False,
) -> int:
    """Process every line of ``inp``; returns 0 (errors are reported per line).

    Output is written in blocks, or after every line with ``line_by_line`` (someone typing)."""
    dumps = json.dumps
    buf: list[str] = []
    block = 1 if line_by_line else 4096
    for line in inp:
        buf.append(dumps(handle_line(command, line, default_profile, default_way)))
        if len(buf) >= block:
            out.write("\n".join(buf) + "\n")
            out.flush()
            buf.clear()
    if buf:
        out.write("\n".join(buf) + "\n")
    out.flush()
    return 0
