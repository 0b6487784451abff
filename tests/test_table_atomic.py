"""Every action all-or-nothing: the reproductions of the defects, each refused cleanly now.

A refused action raises a PaigowError subclass and leaves the record byte-identical; the
mechanism is structural (paigow.table.atomic), so every public mutating method of a round and
a session must go through it (checked below by enumeration).
"""

from __future__ import annotations

import inspect
import json
import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from paigow.errors import IllegalActionError, PaigowError
from paigow.games.cards.cards import DECK
from paigow.games.tiles.tiles import FULL_SET
from paigow.profiles import get_profile
from paigow.table.atomic import is_action
from paigow.table.auto import run_dealer
from paigow.table.record import round_record
from paigow.table.replay import replay
from paigow.table.round import Banker, Round
from paigow.table.session import TableSession
from paigow.table.variations import TableOptions

GEN = get_profile("generic")
CO = get_profile("colorado")
LC = get_profile("lucky-chances")
NJ = get_profile("nj-supreme")

#: Public methods of a round or a session that change nothing.
QUERIES = {
    "can_cut",
    "can_dealer_wager",
    "can_pd_wager",
    "can_set",
    "can_style",
    "can_surrender",
    "can_void_hand",
    "can_wager",
    "can_wager_on",
    "wager_amounts",
    "verify_cut",
    "verify_dealer_wager",
    "verify_pd_wager",
    "verify_style",
    "verify_surrender",
    "verify_void_hand",
    "controller",
    "controllers",
    "exposure_queue",
    "in_play",
    "legal_settings",
    "net",
    "spot_wagers",
    "stake_on",
    "unset_spots",
    "setting_turns",
    "verify_set",
    "verify_shuffle",
    "verify_wager",
    "wagered_spots",
    "checkpoint",
    "cut_offers",
    "dealer_wager",
    "held",
    "journal",
    "offers",
    "options",
    "stacks_view",
    "why_not",
}


def frozen(rnd: Round) -> str:
    return json.dumps(round_record(rnd), sort_keys=True)


def refused(rnd: Round, action: Callable[[], object], kind: type[Exception] = PaigowError) -> str:
    """Run a refused action; the record must not change. Returns the message."""
    before = frozen(rnd)
    with pytest.raises(kind) as info:
        action()
    assert frozen(rnd) == before
    return str(info.value)


def dealt_round(profile: Any = CO, banker: Banker | None = None) -> Round:
    rnd = Round(profile, {"A": "1", "B": "2"}, dict.fromkeys("AB", 100_000), banker=banker)
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", 1_000)
    rnd.wager("B", "2", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("a")
    rnd.roll((1, 2, 3))
    rnd.deal()
    return rnd


def _shake_round() -> Round:
    rnd = Round(GEN, {"A": "1"}, {"A": 100_000})
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("a")
    return rnd


def _deal_round() -> Round:
    rnd = _shake_round()
    rnd.roll((1, 2, 3))
    return rnd


def _stacked_round() -> Round:
    rnd = Round(GEN, {"A": "1"}, {"A": 100_000})
    rnd.shuffle(list(FULL_SET))
    return rnd


def _cut_round() -> Round:
    rnd = Round(
        GEN, {"A": "1", "B": "2"}, dict.fromkeys("AB", 100_000), banker=Banker("player", "B", "2")
    )
    rnd.shuffle(list(FULL_SET))
    return rnd


def _pd_round() -> Round:
    rnd = Round(
        LC,
        {"A": "1", "B": "2"},
        dict.fromkeys("AB", 100_000),
        banker=Banker("player-dealer", "A", "1"),
    )
    rnd.shuffle(list(FULL_SET))
    return rnd


def _card_round() -> Round:
    rnd = Round(NJ, {"A": "1"}, {"A": 100_000})
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("hand")
    rnd.roll((2, 3, 4))
    rnd.deal()
    return rnd


def _manual_shoe_round() -> Round:
    rnd = Round(NJ, {"A": "1"}, {"A": 100_000})
    rnd.shuffle(list(DECK))
    rnd.wager("A", "1", 1_000)
    rnd.no_more_bets()
    rnd.choose_style("manual-shoe")
    rnd.roll((2, 3, 4))
    return rnd


@pytest.mark.parametrize("cls", [Round, TableSession])
def test_every_public_mutating_method_is_an_action(cls: type) -> None:
    """The all-or-nothing rule is structural: nothing public changes state outside it."""
    for name, member in inspect.getmembers(cls, inspect.isfunction):
        if name.startswith("_") or name in QUERIES:
            continue
        assert is_action(member), f"{cls.__name__}.{name} is not an all-or-nothing action"


def test_r_irr_co_5_a_hand_is_voided_once() -> None:
    """R-IRR-CO-5 / MD-4: the second void_hand used to refund the wager again out of the
    other players' stakes; now refused, and the round still settles."""
    rnd = dealt_round()
    rnd.expose_dealt("1")
    rnd.void_hand("1")
    msg = refused(rnd, lambda: rnd.void_hand("1"), IllegalActionError)
    assert "already void" in msg
    rnd.void("every hand void")
    assert rnd.net() == {"house": 0, "player:A": 0, "player:B": 0}
    replay(round_record(rnd))


def test_r_irr_co_8_tile_off_an_unplayed_spot_leaves_no_trace() -> None:
    """R-IRR-CO-8: refused for a spot nobody plays, and not left in the log."""
    rnd = dealt_round()
    refused(rnd, lambda: rnd.tile_off_table("5"), IllegalActionError)
    run_dealer(rnd, random.Random(1))
    replay(round_record(rnd))


@pytest.mark.parametrize(
    ("make", "action"),
    [
        (_card_round, lambda r: r.stub_count("26")),
        (_card_round, lambda r: r.stub_count(26.0)),
        (_shake_round, lambda r: r.roll((1.5, 2, 3))),
        (_shake_round, lambda r: r.roll((True, True, True))),
        (_shake_round, lambda r: r.roll("123")),
        (_shake_round, lambda r: r.roll(rng=2.0)),
        (_pd_round, lambda r: r.place_pd_wager(0.5)),
        (_pd_round, lambda r: r.place_pd_wager(True)),
        (_stacked_round, lambda r: r.expose_while_stacking([42])),
        (_stacked_round, lambda r: r.expose_while_stacking(None)),
        (_cut_round, lambda r: r.cut(5)),
        (_manual_shoe_round, lambda r: r.face_up_in_shoe("")),
        (_manual_shoe_round, lambda r: r.face_up_in_shoe(None)),
        (_shake_round, lambda r: r.void("")),
        (_shake_round, lambda r: r.void(None)),
        (dealt_round, lambda r: r.set_hand("A", "1", [42, 7], ["1-1", "2-2"])),
        (dealt_round, lambda r: r.set_hand("A", "1", None, None)),
        (dealt_round, lambda r: r.set_hand("A", 1, "6-6 4-5", "1-1 2-2")),
        (dealt_round, lambda r: r.expose_dealt("1", 1.0)),
        (_deal_round, lambda r: r.deal(1.5)),
        (_deal_round, lambda r: r.deal("2")),
    ],
)
def test_malformed_arguments_raise_the_librarys_own_errors(
    make: Callable[[], Round], action: Callable[[Round], object]
) -> None:
    """Each of these used to change state and then fail, or fail with AttributeError,
    TypeError or IndexError: now a PaigowError, the record unchanged."""
    rnd = make()
    refused(rnd, lambda: action(rnd))


def test_set_hand_takes_tile_texts_in_a_list() -> None:
    """R-SET-01: a list of tile texts is a setting like any other."""
    rnd = dealt_round()
    s = rnd.legal_settings("1")[0]
    rnd.set_hand("A", "1", [str(t) for t in s.high.tiles], [str(t) for t in s.low.tiles])
    assert rnd.settings["1"].key() == s.key()


@pytest.mark.parametrize("bad", [1000.0, -5, "1000", math.nan, True, None, 10**15])
def test_round_refuses_stacks_that_are_not_whole_cents(bad: object) -> None:
    """A stack is a whole number of cents, not a float, negative, text, NaN or bool."""
    with pytest.raises(IllegalActionError, match="stack"):
        Round(GEN, {"A": "1"}, {"A": bad})  # type: ignore[dict-item]


@pytest.mark.parametrize(
    ("seats", "message"),
    [({"A": 1}, "betting position"), ({"": "1"}, "non-empty"), ({"A": "9"}, "betting position")],
)
def test_round_refuses_bad_seats(seats: dict[str, Any], message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        Round(GEN, seats, dict.fromkeys(seats, 1000))


def test_a_kept_dice_bonus_the_player_cannot_cover_is_refused_up_front() -> None:
    """R-DE-10, AMB-14: the shuffle used to place a kept dice bonus the player could not
    cover, then fail; the round now refuses such options when it is built, and a session holds
    the kept chips aside so that it cannot happen."""
    opts = TableOptions(None, True, 1, None, (("A", "1", 5_000),), True)
    with pytest.raises(IllegalActionError, match="kept dice bonus"):
        Round(CO, {"A": "1"}, {"A": 1_000}, options=opts)
    rnd = Round(CO, {"A": "1"}, {"A": 5_000}, options=opts)
    rnd.shuffle(list(FULL_SET))
    assert rnd.ledger.balance("layout") == 5_000


def test_session_finish_is_once_and_all_or_nothing() -> None:
    """TableSession.finish used to apply the net before the rotation could reject the round
    (each retry debited again) and could apply it twice."""
    s = TableSession(GEN, {"A": "1", "B": "2"}, dict.fromkeys("AB", 100_000))
    rnd = s.new_round()
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", 1_000)
    rnd.wager("B", "2", 1_000)
    run_dealer(rnd, random.Random(2))
    good = s.bank
    s.bank = replace(good, positions=1)  # a rotation that rejects the round's wagers
    before = dict(s.stacks)
    for _ in range(2):
        with pytest.raises(IllegalActionError):
            s.finish(rnd)
        assert s.stacks == before and s.current is rnd and s.rounds == 0
    s.bank = good
    s.finish(rnd)
    after = dict(s.stacks)
    with pytest.raises(IllegalActionError, match="no round is open"):
        s.finish(rnd)
    assert s.stacks == after and sum(after.values()) - sum(before.values()) == -rnd.net()["house"]


def test_session_opens_one_round_at_a_time() -> None:
    """Two rounds opened from one stack could drive it negative: one open round at a time."""
    s = TableSession(GEN, {"A": "1"}, {"A": 1_000})
    rnd = s.new_round()
    with pytest.raises(IllegalActionError, match="a round is open"):
        s.new_round()
    rnd.shuffle(list(FULL_SET))
    rnd.wager("A", "1", 1_000)
    with pytest.raises(IllegalActionError, match="not finished"):
        s.finish(rnd)
    other = Round(GEN, {"A": "1"}, {"A": 1_000})
    with pytest.raises(IllegalActionError, match="not this session's"):
        s.finish(other)
    rnd.void("the table closes")
    s.finish()
    assert s.stacks == {"A": 1_000}


def test_an_action_that_breaks_an_invariant_is_undone() -> None:
    """The invariants are checked after every action; a breach undoes the action."""
    rnd = dealt_round()
    before = frozen(rnd)
    rnd.ledger.balances["player:A"] -= 10**9  # a corrupted ledger: the next action must refuse
    with pytest.raises(AssertionError, match="negative"):
        rnd.set_house_way("1")
    rnd.ledger.balances["player:A"] += 10**9
    assert frozen(rnd) == before
