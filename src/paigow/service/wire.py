"""The JSON of the websocket messages: what the service sends and reads on the wire.

One encoder for every frame (a ``delta`` made once for all who see the same, each message made
for one client) and one decoder for what clients send, both ``orjson``: the frames are encoded
at every broadcast for every distinct view of every table, so their encoding is on the service's
hot path. The text is JSON as RFC 8259 has it, UTF-8 (not ``\\u`` escapes), no spaces, the keys
in their order; what it decodes to is what the standard library's :func:`json.loads` gives for
the messages the protocol takes (it refuses ``NaN`` and ``Infinity``, which are not JSON, and
gives an integer too large for 64 bits as a float, which the protocol then refuses).
"""

from __future__ import annotations

from typing import Any

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
        ValueError: ``text`` is not JSON.
    """
    return orjson.loads(text)
