"""The JSON of the websocket messages: what the service sends and reads on the wire.

One encoder for every frame (a ``delta`` made once for all who see the same, each message made
for one client), ``orjson``: the frames are encoded at every broadcast for every distinct view
of every table, so their encoding is on the service's hot path. The text is JSON as RFC 8259 has
it, UTF-8 (not ``\\u`` escapes), no spaces, the keys in their order.

What clients send is read by the standard library's parser (a message is small and read once):
an integer keeps every digit, however large, so that the protocol names the bound it passes
(orjson reads an integer over 64 bits as a float), and ``NaN`` and ``Infinity``, which are not
JSON, are refused.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

import orjson

__all__ = ["decode", "encode"]


def encode(value: Any) -> str:
    """``value`` (JSON data: dicts with string keys, lists, tuples, strings, integers that fit
    in 64 bits, floats, booleans, None) as the text of a websocket frame.

    Raises:
        TypeError: ``value`` holds something that is not JSON data.
    """
    return orjson.dumps(value).decode()


def decode(text: str | bytes) -> Any:
    """The JSON data of a client's message.

    Raises:
        ValueError: ``text`` is not JSON, or nests deeper than the parser goes.
    """
    try:
        return _DECODER.decode(text if isinstance(text, str) else text.decode())
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


def _not_json(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


#: One decoder for every message (``json.loads`` with an option makes a new one each call).
_DECODER = json.JSONDecoder(parse_constant=_not_json)
