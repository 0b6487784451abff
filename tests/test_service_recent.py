"""The events a table keeps for clients that come back (``TableViews.remember``: this round's
and the last one's, at most ``RECENT``): the kept list, filtered again only when the round's
number changes, is at every step the one the slow obvious filter of all events gives."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.tables.views import RECENT, TableViews

#: A step of the table: how many rounds are finished, whether one is open, and the round
#: numbers (None: between rounds) of the events one broadcast tells.
STEPS = st.lists(
    st.tuples(
        st.integers(0, 3),
        st.booleans(),
        st.lists(st.one_of(st.none(), st.integers(0, 8)), max_size=RECENT // 3),
    ),
    max_size=40,
)


def _reference(events: list[tuple[int, Any]], now: int) -> list[tuple[int, Any]]:
    keep = [(s, a) for s, a in events if a.round_no is None or a.round_no >= now - 1]
    return keep[-RECENT:]


@settings(max_examples=300, deadline=None)
@given(steps=STEPS)
def test_the_recent_events_are_those_of_the_obvious_filter(
    steps: list[tuple[int, bool, list[int | None]]],
) -> None:
    session = SimpleNamespace(rounds=0)
    table: Any = SimpleNamespace(
        engine=SimpleNamespace(session=session, round=None), recent=[], recent_now=None
    )
    expected: list[tuple[int, Any]] = []
    seq = 0
    for more, open_round, round_nos in steps:
        session.rounds += more  # the number of rounds finished only grows
        table.engine.round = object() if open_round else None
        now = session.rounds + (1 if open_round else 0)
        applied: list[tuple[int, Any]] = []
        for r in round_nos:
            seq += 1
            applied.append((seq, SimpleNamespace(round_no=r)))
        TableViews.remember(table, applied)
        expected = _reference(expected + applied, now)
        assert table.recent == expected
