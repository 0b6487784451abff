"""Canonical JSON written fast, checked against its definition (docs/table.md, "The hash
chain": keys sorted, no spaces, UTF-8; integers as integers, floats never occur).

:func:`paigow.table.chain.canonical` is the fast path (orjson, with the reference for what
orjson does not take); :func:`~paigow.table.chain.reference_canonical` is the definition (the
standard library's encoder). Every link of every record depends on these bytes, so they must be
the same: for any JSON value without floats (hypothesis: every kind of string, integers of any
size, keys that are not strings), for what is not JSON data (refused the same way), and for
every value the chains of simulated tables of every profile hashed. Those records hold no float
(what makes the definition's "floats never occur" true where it matters).

The stored text of records and commands (``paigow.service.db.stored_json.dumps``) is written by
orjson too; it is read back as the value the standard library's text gives, for the same values.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from paigow.service.db import stored_json
from paigow.service.tables.config import TableConfig
from paigow.table import chain
from paigow.table.chain import canonical, reference_canonical
from paigow.table.ops import _plain
from service_sim import PROFILES, Sim

#: Every kind of text: control characters, quotes, backslashes, non-ASCII, astral characters and
#: lone surrogates (which are not Unicode text: both refuse them).
texts = st.text(st.characters(codec=None), max_size=12)
huge = st.sampled_from([2**63, 2**64, -(2**63) - 1])
integers = st.integers() | st.integers(-(2**70), 2**70) | huge
scalars = st.none() | st.booleans() | integers | texts
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(texts, inner, max_size=4)
        | st.dictionaries(st.integers(-3, 3), inner, max_size=3)
    ),
    max_leaves=16,
)


def outcome(encode: Any, value: Any) -> tuple[str, Any]:
    """What ``encode`` gives for ``value``: its bytes, or the kind of error it raises."""
    try:
        return ("bytes", encode(value))
    except (TypeError, ValueError) as e:
        return ("refused", type(e).__name__)


@settings(max_examples=600, deadline=None)
@given(json_values)
@example({"b": 1, "a": [None, True, 'é\u2028\x7f\x00\n"\\']})
@example({"\ud800": 1})  # a lone surrogate: refused by both
@example({1: "a", 2: "b"})  # keys that are not strings: written as strings by the reference
@example([2**64])  # an integer over 64 bits
@example({"😀": "Ａ", "a": "\x1f"})
def test_canonical_is_the_reference_for_any_json_without_floats(value: Any) -> None:
    """The fast canonical JSON is byte for byte the reference's, or refused as it refuses."""
    assert outcome(canonical, value) == outcome(reference_canonical, value)


@pytest.mark.parametrize(
    "value",
    [
        {"at": dt.datetime(2026, 1, 1, tzinfo=dt.UTC)},
        [dataclasses.make_dataclass("D", [("x", int)])(1)],
        {"x": {1, 2}},
        {"x": b"bytes"},
        {"x": 1.5},
    ],
    ids=["datetime", "dataclass", "set", "bytes", "float"],
)
def test_what_is_not_canonical_json_is_refused_or_written_as_the_reference_writes_it(
    value: Any,
) -> None:
    """orjson writes datetimes and dataclasses; canonical JSON has neither, and the reference
    refuses them: so does the fast path. (A float, never in a record, is written by both.)"""
    fast, ref = outcome(canonical, value), outcome(reference_canonical, value)
    if value == {"x": 1.5}:
        assert fast == ref == ("bytes", b'{"x":1.5}')
    else:
        assert fast == ref == ("refused", "TypeError")


def _floats(value: Any, path: str = "") -> Iterator[str]:
    if isinstance(value, float):
        yield path
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _floats(v, f"{path}.{k}")
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _floats(v, f"{path}[{i}]")


@pytest.mark.parametrize(("profile", "options"), PROFILES, ids=[p for p, _ in PROFILES])
def test_every_value_a_tables_chain_hashes_is_written_as_the_reference_writes_it(
    profile: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """12 rounds per profile played by four random people (with irregularities): every value
    the rounds' chains hashed (headers, transfers, operations) is written by the fast path as
    the reference writes it, and no finished round's record holds a float; the stored text of
    every record and command reads back as the value it stores; and every operation's JSON,
    made once, is still what its data makes after all its uses."""
    hashed: list[Any] = []

    def spying(value: Any) -> bytes:
        hashed.append(value)
        return canonical(value)

    monkeypatch.setattr(chain, "canonical", spying)
    config = TableConfig(
        id="canonical", profile=profile, computer_players=0, pause_seconds=0, **options
    )
    sim = Sim(config, players=4, seed=len(profile), irregular=0.05)
    sim.run(12, lambda _sim, _sub, _message: None)
    monkeypatch.undo()
    assert len(hashed) > 12 * 20  # a header of fields, operations and transfers per round
    for value in hashed:
        assert canonical(value) == reference_canonical(value), value
    records = [r.record for b in sim.store.batches for r in b.rounds]
    commands = [o.command for b in sim.store.batches for o in b.ops]
    assert len(records) >= 12 and len(commands) > 100
    for record in records:
        assert list(_floats(record)) == []
    for value in records + commands:
        assert json.loads(stored_json.dumps(value)) == json.loads(
            json.dumps(value, sort_keys=True, separators=(",", ":"))
        )
    # an operation's JSON is made once and shared by every use (its link, the broadcasts, the
    # record, the statement): none of them changed it
    logs = [op for rnd in sim.rounds.values() for op in rnd.log]
    assert len(logs) > 12 * 5
    for op in logs:
        assert op.content()["data"] == _plain(op.data)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_the_stored_text_reads_back_as_the_standard_librarys(value: Any) -> None:
    """A record's or a command's stored text (orjson, keys sorted) is read back as the value
    the standard library's text is read back as (or refused likewise)."""

    def read(encode: Any) -> tuple[str, Any]:
        try:
            return ("value", json.loads(encode(value)))
        except (TypeError, ValueError) as e:
            return ("refused", type(e).__name__)

    def standard(v: Any) -> str:
        return json.dumps(v, sort_keys=True, separators=(",", ":"))

    assert read(stored_json.dumps) == read(standard)
