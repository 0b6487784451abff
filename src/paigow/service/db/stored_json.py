"""The text the store writes of a record, a command or a table's options: JSON, keys sorted.

Written by orjson: the store's thread writes it while it holds the interpreter's lock (a
round's record at every round, every command), so it is on the service's hot path. What orjson
does not take (an integer over 64 bits, a key that is not a string) is written by the standard
library's encoder. Either text is read back as the same value
(``tests/test_chain_canonical.py``); the records' links are over their canonical JSON
(:func:`paigow.table.chain.canonical`), not over this text.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

__all__ = ["dumps"]

#: The encoder for what orjson does not take, made once.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))

#: orjson's options: keys sorted; a dataclass or a datetime, which are not JSON data, goes to
#: the standard library's encoder (which refuses it).
_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def dumps(value: Any) -> str:
    """The stored text of ``value`` (JSON data).

    Raises:
        TypeError, ValueError: ``value`` is not JSON data.
    """
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except TypeError:  # (orjson's JSONEncodeError) a value orjson does not take
        return _ENCODER.encode(value)
