"""The websocket frames' JSON (:mod:`paigow.service.wire.codec`) against the standard library's.

A frame is made by ``orjson``; the clients parse it with their own JSON parser. Whatever the
service sends must parse, with any conforming parser (here :func:`json.loads`, the slow obvious
reference), to the very value it was made from, types included; and what a client sends must
decode to what :func:`json.loads` gives, or be refused as not JSON.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.wire.codec import decode, encode

leaves = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=40,
)


def typed(v: Any) -> Any:
    """``v`` with every leaf tagged by its type (``1``, ``1.0`` and ``True`` differ; ``-0.0``
    and ``0.0`` too)."""
    if isinstance(v, dict):
        return {k: typed(x) for k, x in v.items()}
    if isinstance(v, list):
        return [typed(x) for x in v]
    if isinstance(v, float):
        return ("float", v, math.copysign(1.0, v))
    return (type(v).__name__, v)


@settings(max_examples=500, deadline=None)
@given(values)
def test_a_frame_parses_to_the_value_it_was_made_from(value: Any) -> None:
    """Any JSON value the service sends parses back to itself, types and key order included."""
    text = encode(value)
    back = json.loads(text)
    assert typed(back) == typed(value)
    if isinstance(value, dict):
        assert list(back) == list(value)
    if not _floats(value):  # floats may be written another way (0.00001 for 1e-05)
        assert text == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _floats(v: Any) -> bool:
    if isinstance(v, dict):
        return any(_floats(x) for x in v.values())
    if isinstance(v, list):
        return any(_floats(x) for x in v)
    return isinstance(v, float)


@settings(max_examples=500, deadline=None)
@given(values)
def test_a_message_decodes_as_the_standard_library_reads_it(value: Any) -> None:
    """A client's message, however it writes its JSON (ASCII escapes or not, spaces or not),
    decodes to the value it was made from."""
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=1)):
        assert typed(decode(text)) == typed(value)


@pytest.mark.parametrize(
    "text", ["", "{", "NaN", "[Infinity]", "{'a': 1}", "[1,]", "01", '{"a":1}x', "\ufeff{}"]
)
def test_what_is_not_json_is_refused(text: str) -> None:
    """Not JSON (RFC 8259): refused with ValueError, which the service answers ``not JSON``."""
    with pytest.raises(ValueError):
        decode(text)


@pytest.mark.parametrize("digits", [19, 20, 40, 400])
def test_an_integer_of_any_size_is_read_whole(digits: int) -> None:
    """An integer a client sends keeps every digit (not a float), so the protocol can name the
    bound it passes (tests/test_service_bounds.py)."""
    n = int("9" * digits)
    got = decode(f'{{"cents": {n}, "neg": -{n}}}')
    assert got == {"cents": n, "neg": -n}
    assert type(got["cents"]) is int


def test_something_that_is_not_json_data_is_not_sent() -> None:
    """A value that is not JSON data is an error in the service, not a frame."""
    with pytest.raises(TypeError):
        encode({"a": object()})
    with pytest.raises(TypeError):
        encode({1: "a"})
