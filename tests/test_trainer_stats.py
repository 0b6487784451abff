"""The trainer's statistics (a pure, serialisable aggregate) and the weakness-driven drill."""

from __future__ import annotations

import contextlib
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.errors import ConfigError
from paigow.trainer import PlayerStats, Tally, Trainer, dump_store, load_store
from paigow.trainer.select import ALL_WEIGHT, GAP, choose_drill, drill_weights, weakness

T = Trainer("generic")


def _play(stats: PlayerStats, text: str, answer: int) -> tuple[PlayerStats, bool]:
    p = T.parse(text)
    s = T.score(p, answer)
    return stats.record(s), s.is_best


def test_record_counts_hands_best_house_and_ev_by_category() -> None:
    p = T.parse("6-6 1-1 1-3 5-5")  # no pair; the house way (d) is not the best
    stats = PlayerStats()
    for choice in range(len(p.options)):
        stats = stats.record(T.score(p, choice))
    n = len(p.options)
    lost = sum((p.options[p.best].ev - o.ev for o in p.options), Fraction(0))
    assert stats.total == stats.tally("no-pair")
    assert stats.total.hands == n
    assert stats.total.best == 1 and stats.total.house == 1
    assert stats.total.ev_lost == lost
    assert stats.tally("pairs") == Tally()
    assert stats.total.ev_lost_per_hand == lost / n
    assert stats.summary()["categories"]["no-pair"]["hands"] == n


def test_json_round_trip_is_exact() -> None:
    stats = PlayerStats()
    rng = random.Random(4)
    for _ in range(30):
        p = T.deal("all", rng)
        stats = stats.record(T.score(p, rng.randrange(len(p.options))))
    again = load_store(dump_store({"generic": stats}))["generic"]
    assert again == stats
    assert json.loads(dump_store({"generic": stats}))["version"] == 1
    assert load_store("") == {}


def test_recent_answers_and_review_are_bounded() -> None:
    stats = PlayerStats()
    rng = random.Random(6)
    for _ in range(60):
        p = T.deal("no-pair", rng)
        worst = min(range(len(p.options)), key=lambda i: p.options[i].ev)
        stats = stats.record(T.score(p, worst))
    assert len(stats.total.recent) == 20
    assert 0 < len(stats.review) <= 12


def test_a_right_answer_takes_a_hand_off_the_review_list() -> None:
    p = T.parse("6-6 1-1 1-3 5-5")
    stats = PlayerStats().record(T.score(p, p.house))
    assert [r.family for r in stats.review] == [p.family]
    # the same class with the other copies of its tiles
    q = T.parse("1-1 6-6 5-5 1-3")
    assert q.family == p.family
    stats = stats.record(T.score(q, q.best))
    assert stats.review == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"format": "x"}', "not a trainer statistics file"),
        ('{"format": "paigow-trainer-stats", "version": 9}', "version 9"),
        (
            '{"format": "paigow-trainer-stats", "version": 1, "profiles": {"generic": '
            '{"total": {"hands": 1, "best": 2, "house": 0, "ev_lost": "0"}}}}',
            "more best",
        ),
        (
            '{"format": "paigow-trainer-stats", "version": 1, "profiles": {"generic": '
            '{"total": {"hands": 1, "best": 0, "house": 0, "ev_lost": "-1/2"}}}}',
            "negative",
        ),
        (
            '{"format": "paigow-trainer-stats", "version": 1, "profiles": {"generic": '
            '{"total": {"hands": true, "best": 0, "house": 0, "ev_lost": "0"}}}}',
            "whole number",
        ),
    ],
)
def test_bad_stores_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_store(text)


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=4),
        max_leaves=12,
    )
)
def test_any_json_loads_or_is_refused(data: object) -> None:
    """Malformed content of every shape gives a ConfigError, never another exception."""
    body = {"format": "paigow-trainer-stats", "version": 1, "profiles": {"generic": data}}
    with contextlib.suppress(ConfigError):
        load_store(json.dumps(body))


def test_weakness_grows_with_wrong_answers_and_their_cost() -> None:
    assert weakness(Tally()) == Fraction(1, 2)  # never seen: tried early
    right = Tally(10, 10, 10, Fraction(0), (True,) * 10)
    wrong = Tally(10, 0, 0, Fraction(1, 100) * 10, (False,) * 10)
    costly = Tally(10, 0, 0, Fraction(10, 100) * 10, (False,) * 10)
    assert weakness(right) < weakness(Tally()) < weakness(wrong) < weakness(costly)
    assert weakness(costly) == Fraction(11, 12) * 3  # severity capped at 3


def test_the_weak_drill_deals_more_of_what_the_player_gets_wrong() -> None:
    """A player who always misses two-pair hands and sets every other hand right gets them far
    more often than the 0.3 % of a fair deal."""
    stats = PlayerStats()
    rng = random.Random(2)
    for _ in range(200):
        p = T.deal("weak", rng, stats)
        worst = min(range(len(p.options)), key=lambda i: (p.options[i].ev, i))
        choice = worst if "two-pairs" in p.categories and worst != p.best else p.best
        stats = stats.record(T.score(p, choice))
    w = drill_weights(stats, T.game.table)
    assert max(w, key=lambda k: w[k]) == "two-pairs"
    assert w["all"] == ALL_WEIGHT
    assert stats.tally("two-pairs").hands > 20


def test_a_missed_hand_comes_back_for_review() -> None:
    p = T.parse("6-6 1-1 1-3 5-5")
    stats = PlayerStats().record(T.score(p, p.house))
    rng = random.Random(1)
    # not before GAP answers
    assert all(choose_drill(stats, rng, T.game.table).review is None for _ in range(50))
    for _ in range(GAP):
        q = T.deal("pairs", rng)
        stats = stats.record(T.score(q, q.best))
    picks = [choose_drill(stats, rng, T.game.table) for _ in range(60)]
    assert any(pk.review == p.family for pk in picks)
    q = next(q for q in (T.deal("weak", rng, stats) for _ in range(60)) if q.drill == "review")
    assert q.family == p.family
