"""What a cluster process announces of the tables it runs (:mod:`paigow.service.cluster.replicas`,
docs/scaling.md "What a table costs"): every lobby line and every digest goes out exactly
once, in notifications PostgreSQL accepts (under ``MAX_PAYLOAD`` bytes, as
:class:`paigow.service.cluster.fanout.PgFanout` sends them); a line never carries what moves every
round (the phase, the round count); after the first announcement only the lines that changed,
and every ``every``-th time the digests of the others, a few bytes a table; what a process
hears it keeps, and lists, fresh, but the tables it has an actor of; a digest it cannot match
makes it ask for every line."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.cluster.fanout import MAX_PAYLOAD
from paigow.service.cluster.replicas import MOVING, Announcer, Directory, announcements, digest

LINE = st.fixed_dictionaries(
    {
        "title": st.text(max_size=60),
        "seats": st.dictionaries(st.sampled_from("123456"), st.none() | st.text(max_size=20)),
        "rounds": st.integers(0, 10**6),
    }
)


def lines_of(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"id": f"t{i}", **x} for i, x in enumerate(raw)]


@given(
    st.lists(LINE, max_size=120),
    st.dictionaries(st.text(max_size=12), st.text(max_size=10), max_size=400),
    st.text(max_size=40),
)
@settings(max_examples=60, deadline=None)
def test_every_line_once_under_the_payload_limit(
    raw: list[dict[str, Any]], keep: dict[str, str], address: str
) -> None:
    lines = lines_of(raw)
    msgs = announcements(address, lines, keep)
    assert msgs, "an idle process still says where it is"
    sent = [x for m in msgs for x in m["tables"]]
    assert sent == lines
    kept = [(t, d) for m in msgs for t, d in m.get("keep", {}).items()]
    assert kept == list(keep.items())
    for m in msgs:
        assert m["op"] == "lobby" and m["address"] == address
        payload = json.dumps({**m, "from": "x" * 60}, separators=(",", ":"))
        assert len(payload.encode()) <= MAX_PAYLOAD


@given(
    st.lists(
        st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3)), min_size=3, max_size=3),
        min_size=1,
        max_size=12,
    ),
    st.integers(0, 11),
)
def test_changed_lines_then_digests(moves: list[list[tuple[int, int]]], ask: int) -> None:
    """The reference: a line (without its phase and round count) is due the first time, when a
    process asked for every line, or when it differs from the line announced the time before;
    every ``every``-th time the others go as digests."""
    announcer = Announcer(every=3)
    before: dict[str, dict[str, Any]] = {}
    for n, values in enumerate(moves):
        lines: list[dict[str, Any]] = [
            {
                "id": f"t{i}",
                "seats": {"1": None if s == 0 else f"p{s}"},
                "phase": "deal",
                "rounds": r,
            }
            for i, (s, r) in enumerate(values)
        ]
        if n == ask:
            announcer.full = True
        due, keep = announcer.due(lines)
        bare = [{k: v for k, v in x.items() if k not in MOVING} for x in lines]
        want = [x for x in bare if n in (0, ask) or before.get(x["id"]) != x]
        assert due == want
        sent = {x["id"] for x in want}
        assert keep == {x["id"]: digest(x) for x in bare if n % 3 == 0 and x["id"] not in sent}
        before = {x["id"]: x for x in bare}


def test_a_table_costs_a_few_bytes_a_period_while_its_line_holds() -> None:
    """At 1,500 tables whose seats do not change, a period's announcement is their digests:
    under 30 bytes a table, against ~470 for the line (as sent: compact JSON)."""
    line = {
        "id": "t",
        "profile": "colorado",
        "title": "Colorado Pai Gow Tiles",
        "game": "tiles",
        "limits": {"min": 500, "max": 50_000},
        "variations": {"pair_fortunes": "1", "dragons_eye": False, "supreme_bonus": False},
        "computer_players": 2,
        "seats": {str(s): f"player{s}" for s in range(1, 7)},
        "free": [],
        "notes": ["the house banks; players may bank in turn, or co-bank", "two spots"],
        "phase": "deal",
        "rounds": 12,
        "held": None,
        "private": None,
    }
    lines = [{**line, "id": f"table{i:05d}"} for i in range(1500)]
    announcer = Announcer(every=1)

    def size(msgs: list[dict[str, Any]]) -> int:
        return sum(len(json.dumps(m, separators=(",", ":"))) for m in msgs)

    first = size(announcer.messages("/p/a/ws", lines))
    moved = [{**x, "phase": "setting", "rounds": 13} for x in lines]
    then = size(announcer.messages("/p/a/ws", moved))
    assert first > 400 * 1500 and then < 30 * 1500, (first, then)


def test_a_directory_lists_what_it_heard_but_its_own() -> None:
    d = Directory(fresh=60)
    assert not d.heard(
        "b", {"address": "ws://b/ws", "tables": [{"id": "t1"}, {"id": "t2"}, "junk"]}
    )
    d.heard("c", {"address": 7, "tables": "junk", "keep": "junk"})  # malformed: ignored
    assert d.addresses == {"b": "ws://b/ws"}
    unknown = dict.fromkeys(MOVING)  # not announced: null
    assert d.lines() == [{"id": "t1", **unknown}, {"id": "t2", **unknown}]
    assert d.lines(skip={"t1"}) == [{"id": "t2", **unknown}]
    # a digest that matches keeps the line; one that does not, or an unknown table, asks
    assert not d.heard("b", {"keep": {"t1": digest({"id": "t1"})}})
    assert d.heard("b", {"keep": {"t1": "0000000000"}})
    assert d.heard("b", {"keep": {"t9": digest({"id": "t9"})}})
    assert d.heard("c", {"keep": {"t1": digest({"id": "t1"})}})  # not c's table
    assert d.heard_bytes > 0
    d.forget({"t2"})
    assert d.lines() == [{"id": "t2", **unknown}]
    d.watch("b", ["t2"])
    assert d.watched("t2") and not d.watched("t1")
    d.unwatch("b", "t2")
    assert not d.watched("t2")
    stale = Directory(fresh=-1)
    stale.heard("b", {"tables": [{"id": "t1"}]})
    stale.watch("b", ["t1"])
    assert stale.lines() == [] and not stale.watched("t1")
