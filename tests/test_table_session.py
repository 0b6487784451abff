"""The table session: it owns its rounds, journals what it accepts, and is rebuilt from the
journal alone (the contract a table service relies on to recover after a crash)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from paigow.errors import IllegalActionError, RecordError, ReplayMismatchError
from paigow.games.tiles.tiles import FULL_SET
from paigow.profiles import get_profile
from paigow.table.auto import run_dealer
from paigow.table.journal import restore
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker
from paigow.table.session import TableSession

GEN = get_profile("generic")
CO = get_profile("colorado")


def _round(s: TableSession, seed: int, banker: Banker | None = None) -> dict[str, Any]:
    rnd = s.new_round(banker)
    rnd.shuffle(list(rnd.game.full_set))
    if rnd.phase == "cut":
        rnd.cut(None)
    for name, seat in s.seats.items():
        if name != rnd.banker.player and rnd.can_wager(name, seat, 1_000):
            rnd.wager(name, seat, 1_000)
    run_dealer(rnd, random.Random(seed))
    return s.finish(rnd)


def _busy_session() -> TableSession:
    s = TableSession(GEN, {"A": "1", "B": "2"}, dict.fromkeys("AB", 100_000), table_id="T1")
    s.now = "2025-04-01T18:00:00Z"
    _round(s, 1)
    s.seat("C", "4", 50_000)
    _round(s, 2, Banker("player", "A", "1"))
    s.leave("B")
    _round(s, 3)
    s.restack()
    rnd = s.new_round()  # left open, half played
    s.now = "2025-04-01T18:05:00Z"
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", 2_000)
    return s


def test_the_journal_rebuilds_the_session_and_its_open_round() -> None:
    """Rebuilt from the journal alone (as plain JSON): the same stacks, rotation, history and
    open round, every operation identical link for link."""
    s = _busy_session()
    entries = json.loads(json.dumps(s.journal()))
    again = restore(entries)
    assert again.stacks == s.stacks and again.seats == s.seats and again.bank == s.bank
    assert again.rounds == s.rounds == 3 and again.history == s.history
    assert again.current is not None and s.current is not None
    assert round_record(again.current) == round_record(s.current)
    assert again.journal() == s.journal()
    assert [e["kind"] for e in entries[:2]] == ["open", "new_round"]
    assert s.journal(since=len(entries) - 2) == entries[-2:]
    rnd = again.current
    rnd.wager("C", "4", 1_000)
    run_dealer(rnd, random.Random(9))
    replay(again.finish())


def test_operations_carry_the_callers_time() -> None:
    """The table has no clock: each operation carries the time the caller set."""
    s = _busy_session()
    assert s.current is not None
    ats = [o.at for o in s.current.log]
    assert ats == ["2025-04-01T18:05:00Z", "2025-04-01T18:05:00Z"]
    with pytest.raises(IllegalActionError, match="before the last operation"):
        s.now = "2025-04-01T17:00:00Z"
        s.current.remove_wager("w1")
    with pytest.raises(IllegalActionError, match="UTC time"):
        s.now = "yesterday"


def _shuffle(j: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in j if e["kind"] == "operation" and e["operation"]["kind"] == "shuffle")


def _reverse_order(j: list[dict[str, Any]]) -> None:
    data = _shuffle(j)["operation"]["data"]
    data["order"] = data["order"][::-1]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_reverse_order, "comes out differently"),
        (lambda j: j.pop(3), "seq"),
        (
            lambda j: j[1].update(banker={"kind": "player", "player": "A", "position": "1"}),
            "may not bank",
        ),
        (lambda j: j[0]["stacks"].update(A=10**7), "comes out differently"),
        (lambda j: j[0].update(rules=None), "rules"),
        (lambda j: j.__setitem__(2, []), "journal entry"),
    ],
)
def test_a_tampered_journal_is_refused_naming_the_entry(edit: Any, message: str) -> None:
    s = _busy_session()
    entries = copy.deepcopy(s.journal())
    edit(entries)
    with pytest.raises((RecordError, ReplayMismatchError), match=message):
        restore(entries)


def test_session_calls_between_rounds_only_and_all_or_nothing() -> None:
    s = TableSession(GEN, {"A": "1"}, {"A": 10_000})
    before = (dict(s.stacks), dict(s.seats), len(s.journal()))
    for bad in (
        lambda: s.seat("B", "1", 1_000),  # taken seat
        lambda: s.seat("B", "9", 1_000),  # no such seat
        lambda: s.seat("B", "2", 10.5),  # type: ignore[arg-type]  # not cents
        lambda: s.seat("A", "3", 1_000),  # already seated
        lambda: s.leave("Z"),
        lambda: s.withdraw_dice_bonus("A"),
        s.finish,
        lambda: s.new_round(Banker("player", "A", "1")),  # start of game: no player bank
    ):
        with pytest.raises(IllegalActionError):
            bad()
        assert (dict(s.stacks), dict(s.seats), len(s.journal())) == before
    s.new_round()
    with pytest.raises(IllegalActionError, match="between rounds"):
        s.leave("A")


def test_a_kept_dice_bonus_is_held_on_the_layout_between_rounds() -> None:
    """R-DE-10, AMB-14: a winning dice bonus stays on the layout: its chips are held, not
    spendable, placed again at the next shuffle; withdrawing it gives them back."""
    s = TableSession(CO, {"X": "5", "Y": "3"}, dict.fromkeys("XY", 100_000), dragons_eye=True)
    rnd = s.new_round()
    rnd.shuffle(list(FULL_SET))
    rnd.wager("X", "5", 1_000)
    rnd.wager("X", "5", 2_000, "dice-bonus")
    rnd.no_more_bets()
    rnd.choose_style("a")
    rnd.roll((5, 5, 5))
    run_dealer(rnd, random.Random(1))
    s.finish()
    assert s.carried == (("X", "5", 2_000),) and s.held("X") == 2_000
    assert s.stacks_view()["X"] == s.stacks["X"] + 2_000
    nxt = s.new_round()
    assert nxt.opening["player:X"] == s.stacks["X"] + 2_000
    nxt.void("the table closes")
    s.finish()
    assert s.held("X") == 2_000
    x = s.stacks["X"]
    s.withdraw_dice_bonus("X")
    assert s.stacks["X"] == x + 2_000 and not s.carried
    replay(json.loads(json.dumps(round_record(nxt))))


def test_a_checkpoint_can_be_rolled_back_to_more_than_once() -> None:
    """A caller that cannot store what the engine accepted rolls the session and its open
    round back to a checkpoint, as often as it needs."""
    s = _busy_session()
    rnd = s.current
    assert rnd is not None
    cp = s.checkpoint()
    before = (json.dumps(round_record(rnd), sort_keys=True), s.journal(), dict(s.stacks))
    for _ in range(2):
        rnd.wager("C", "4", 1_000)
        rnd.no_more_bets()
        s.seat("D", "6", 5_000)
        s.rollback(cp)
        assert s.current is rnd
        assert (
            json.dumps(round_record(rnd), sort_keys=True),
            s.journal(),
            dict(s.stacks),
        ) == before


def _sizes(s: TableSession) -> dict[str, int]:
    """The length of every container the session holds (what its actions save and copy)."""
    return {k: len(v) for k, v in vars(s).items() if isinstance(v, (list, dict, set, tuple))}


def test_a_session_without_a_journal_plays_the_same_and_does_not_grow() -> None:
    """``journal=False`` (the table service, which stores its own commands): the same rounds
    give the same records, stacks and rotation as a journaled session, while what the session
    holds stays the same size however many rounds it plays; its journal is refused by name."""
    kept = TableSession(GEN, {"A": "1", "B": "2"}, dict.fromkeys("AB", 100_000))
    light = TableSession(GEN, {"A": "1", "B": "2"}, dict.fromkeys("AB", 100_000), journal=False)
    sizes = []
    for seed in range(30):
        assert _round(light, seed) == _round(kept, seed)
        assert (light.stacks, light.bank, light.rounds) == (kept.stacks, kept.bank, kept.rounds)
        sizes.append(_sizes(light))
    assert all(s == sizes[0] for s in sizes)
    assert len(kept.history) == 30 and light.history == []
    assert len(kept.journal()) > 30 * 10
    with pytest.raises(IllegalActionError, match="keeps no journal"):
        light.journal()
    with pytest.raises(IllegalActionError, match="journal is true or false"):
        TableSession(GEN, {"A": "1"}, {"A": 100}, journal="no")  # type: ignore[arg-type]
