"""What a cluster process announces of the tables it runs (:mod:`paigow.service.replicas`):
every lobby line goes out exactly once, in notifications PostgreSQL accepts (under
``MAX_PAYLOAD`` bytes, as :class:`paigow.service.fanout.PgFanout` sends them); after the first
announcement only the lines that changed, and all of them again every ``every``-th time; what
a process hears it keeps, and lists, fresh, but the tables it has an actor of."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.fanout import MAX_PAYLOAD
from paigow.service.replicas import Announcer, Directory, announcements

LINE = st.fixed_dictionaries(
    {
        "title": st.text(max_size=60),
        "seats": st.dictionaries(st.sampled_from("123456"), st.none() | st.text(max_size=20)),
        "rounds": st.integers(0, 10**6),
    }
)


def lines_of(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"id": f"t{i}", **x} for i, x in enumerate(raw)]


@given(st.lists(LINE, max_size=120), st.text(max_size=40))
@settings(max_examples=60, deadline=None)
def test_every_line_once_under_the_payload_limit(raw: list[dict[str, Any]], address: str) -> None:
    lines = lines_of(raw)
    msgs = announcements(address, lines)
    assert msgs, "an idle process still says where it is"
    sent = [x for m in msgs for x in m["tables"]]
    assert sent == lines
    for m in msgs:
        assert m["op"] == "lobby" and m["address"] == address
        payload = json.dumps({**m, "from": "x" * 60}, separators=(",", ":"))
        assert len(payload.encode()) <= MAX_PAYLOAD


@given(st.lists(st.lists(st.integers(0, 3), min_size=3, max_size=3), min_size=1, max_size=12))
def test_changed_lines_then_all_again(rounds: list[list[int]]) -> None:
    """The reference: a line is due when it is the first, an ``every``-th announcement, or
    differs from the line announced the time before."""
    announcer = Announcer(every=3)
    before: dict[str, dict[str, Any]] = {}
    for n, values in enumerate(rounds):
        lines: list[dict[str, Any]] = [{"id": f"t{i}", "rounds": v} for i, v in enumerate(values)]
        due = announcer.due(lines)
        want = [x for x in lines if n % 3 == 0 or before.get(x["id"]) != x]
        assert due == want
        before = {x["id"]: x for x in lines}


def test_a_directory_lists_what_it_heard_but_its_own() -> None:
    d = Directory(fresh=60)
    d.heard("b", {"address": "ws://b/ws", "tables": [{"id": "t1"}, {"id": "t2"}, "junk"]})
    d.heard("c", {"address": 7, "tables": "junk"})  # malformed: ignored
    assert d.addresses == {"b": "ws://b/ws"}
    assert d.lines() == [{"id": "t1"}, {"id": "t2"}]
    assert d.lines(skip={"t1"}) == [{"id": "t2"}]
    d.forget({"t2"})
    assert d.lines() == [{"id": "t2"}]
    d.watch("b", ["t2"])
    assert d.watched("t2") and not d.watched("t1")
    d.unwatch("b", "t2")
    assert not d.watched("t2")
    stale = Directory(fresh=-1)
    stale.heard("b", {"tables": [{"id": "t1"}]})
    stale.watch("b", ["t1"])
    assert stale.lines() == [] and not stale.watched("t1")
