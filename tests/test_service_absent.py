"""Absent players do not hold a table up (docs/service.md, "Absent seats"): the dealer's next step
shortens a window that waits only for disconnected players to ``away_seconds``, waits for nobody
who sits out, and forgets neither the pause nor who sits out when a new round begins."""

from __future__ import annotations

import copy
import random
from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st

from paigow.service.tables.conduct import Floor, Wait, next_step
from paigow.service.tables.config import TableConfig
from paigow.service.tables.engine import TableEngine


def _table() -> tuple[TableEngine, Floor]:
    e = TableEngine(
        TableConfig(id="t", profile="generic", wager_seconds=30, away_seconds=2, missed_decisions=2)
    )
    for name, seat in (("ann", "1"), ("bob", "2"), ("bot-6", "6")):
        e.apply({"a": "sit", "player": name, "seat": seat, "cents": 50_000, "bot": name == "bot-6"})
    floor = Floor("r1")
    rng = random.Random(1)
    for _ in range(10):  # the dealer's chores up to the wagers window
        step = next_step(e, floor, rng)
        if isinstance(step, Wait):
            break
        assert step is not None
        e.apply(step)
    return e, floor


def test_a_window_for_disconnected_players_lasts_away_seconds() -> None:
    e, floor = _table()
    here = next_step(e, floor, random.Random(2), lambda _n: True)
    gone = next_step(e, floor, random.Random(2), lambda _n: False)
    one = next_step(e, floor, random.Random(2), lambda n: n == "ann")
    assert isinstance(here, Wait) and isinstance(gone, Wait) and isinstance(one, Wait)
    assert here.what == "wagers" and set(here.who) == {"ann", "bob"}
    assert (here.seconds, gone.seconds, one.seconds) == (30, 2, 30)


def test_missed_windows_make_a_player_sit_out_until_they_act() -> None:
    e, floor = _table()
    floor.missed_window(("ann", "bob"), 2)
    assert floor.away == set()
    floor.missed_window(("bob",), 2)
    assert floor.away == {"bob"}
    step = next_step(e, floor, random.Random(3))
    assert isinstance(step, Wait) and step.who == ("ann",)  # bob is not waited for
    floor.acted("bob")
    assert floor.away == set() and "bob" not in floor.missed


def test_a_new_round_keeps_the_pause_and_who_sits_out() -> None:
    floor = Floor("r1", paused=True)
    floor.missed_window(("ann",), 1)
    floor.ready.add("ann")
    floor.reset("r2")
    assert floor.paused and floor.away == {"ann"} and floor.ready == set()


def test_the_table_options_are_checked() -> None:
    import pytest

    from paigow.errors import IllegalActionError

    for bad in ({"away_seconds": -1}, {"missed_decisions": 0}, {"missed_decisions": True}):
        with pytest.raises(IllegalActionError):
            TableConfig(id="t", profile="generic", **bad).build_profile()


def test_a_player_who_chose_to_sit_out_is_not_waited_for_and_is_back_from_the_next_round() -> None:
    """``sit_out``: the wager window waits only for the others; acting does not bring the
    player back (only ``sit_in``), and ``sit_in`` during a round they were dealt into counts
    from the next round (docs/service.md, ``sit_out``)."""
    e, floor = _table()
    floor.sit_out("bob")
    step = next_step(e, floor, random.Random(4))
    assert isinstance(step, Wait) and step.who == ("ann",)
    floor.acted("bob")  # any other command: still sitting out
    assert "bob" in floor.away
    floor.back("bob", dealt_in=True)
    step = next_step(e, floor, random.Random(4))
    assert isinstance(step, Wait) and step.who == ("ann",)  # this round still passes him by
    floor.reset("r2")
    assert floor.away == set() and floor.resting == set() and floor.returning == set()


def test_back_between_rounds_is_back_at_once_and_leaving_forgets_it() -> None:
    floor = Floor("r1")
    floor.sit_out("ann")
    floor.back("ann", dealt_in=False)
    assert floor.away == set() and floor.resting == set()
    floor.sit_out("ann")
    floor.gone("ann")
    assert floor.away == set() and floor.resting == set() and floor.returning == set()
    floor.missed_window(("bob",), 1)
    floor.back("bob", dealt_in=True)  # sat out by the table, not by choice: back at once
    assert floor.away == set()


NAMES = st.sampled_from(["ann", "bob", "cy", "bot-6"])
FLOORS = st.builds(
    Floor,
    round_key=st.sampled_from(["r1", "r2"]),
    declined=st.sets(NAMES),
    accepted=st.dictionaries(NAMES, st.sampled_from(["1", "2"])),
    ready=st.sets(NAMES),
    stood=st.sets(NAMES),
    expired=st.sets(st.sampled_from(["w1", "w2"])),
    bots_done=st.sets(NAMES),
    dealer_wager_placed=st.booleans(),
    paused=st.booleans(),
    missed=st.dictionaries(NAMES, st.integers(0, 3)),
    away=st.sets(NAMES),
    resting=st.sets(NAMES),
    returning=st.sets(NAMES),
    pending=st.none() | st.just({"options": {"min_bet": 500}, "by": "op"}),
    refused=st.lists(st.just(("op", {"min_bet": 1}, "too low")), max_size=2),
)


@given(FLOORS)
def test_a_floor_copy_is_a_deep_copy_for_what_the_floor_changes(floor: Floor) -> None:
    # The batch keeps a copy of the floor to put back when it is undone (docs/service.md,
    # "Absent seats": decisions are undone with their batch). The copy equals copy.deepcopy's
    # (every field, the fields of a future version too), and no change the floor makes to
    # itself (its containers changed in place, pending replaced whole) reaches the copy.
    assert {f.name for f in fields(Floor)} == set(vars(floor))
    kept, deep = floor.copy(), copy.deepcopy(floor)
    assert kept == deep
    floor.acted("ann")
    floor.missed_window(("bob", "cy"), 2)
    floor.declined.add("zed")
    floor.accepted["zed"] = "9"
    floor.refused.append(("x", {}, "y"))
    floor.pending = {"options": {}, "by": "x"}
    floor.reset("r9")
    assert kept == deep
