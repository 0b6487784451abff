"""A recalled record carries nothing that is a function of the pieces its reader may not see
(docs/table.md, "The redacted record"; docs/brief: nothing sent to a viewer may be a function
of hidden data — a hash, a link, a count — unless its space is too large to search).

The defect these tests guard: a table's history, signed out, kept each transfer's chain link,
the chain's head, its header digests and the previous round's head. The last wager transfer's
link and the first settlement transfer's link bracket the deal and the setting; a search over
the unexposed tiles, in every order, and the three settings of a hand found the surrendered hand,
the unused stack (the dead hand) and the setting, and the head gave the surrendered hand's
comparisons with the dealer's. :mod:`record_attack` is that adversary; here it is run on what a
history sends (:func:`paigow.service.tables.recall.recalled`, the function every recall calls), for
a spectator, a player who saw no hidden hand and the player who surrendered.

The round: a Pai Gow Tiles table with six players, each on their own spot, so that only the
surrendered hand (set by its player, not by the house way) and the unused stack are never
exposed: eight tiles, a pair among them (``SEED``), 10,080 orders to search.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from paigow.errors import RecordError
from paigow.games import hand_pieces
from paigow.games.tiles.settings import settings_of
from paigow.service.tables.conduct import Floor, Wait, next_step
from paigow.service.tables.config import TableConfig
from paigow.service.tables.engine import TableEngine
from paigow.service.tables.recall import recalled
from paigow.table.record_schema import check_record
from record_attack import attack, digests

#: The deal whose hidden tiles hold a pair (a quicker search; the defect's took 5-53 s).
SEED = 2
PLAYERS = "abcdef"
#: Who recalls the round: signed out (a spectator), a player who saw no hidden hand, and the
#: player who surrendered (who sees their own hand, not the unused stack).
CALLERS = {"signed out": None, "another player": "a", "the surrendering player": "b"}


def surrendered_round(seed: int = SEED) -> dict[str, Any]:
    """The record of a round at which player b set spot 2 another way than the house way's,
    then surrendered it; the five others set by the house way."""
    e = TableEngine(TableConfig(id="t", profile="generic"))
    for i, p in enumerate(PLAYERS, 1):
        e.apply({"a": "sit", "player": p, "seat": str(i), "cents": 10_000})
    floor, rng = Floor(), random.Random(seed)
    while True:
        rnd = e.round
        if rnd is not None and rnd.phase == "setting" and "2" not in rnd.settings:
            way = rnd.house_way.set(rnd.dealt["2"]).key()
            own = next(s for s in settings_of(list(rnd.dealt["2"])) if s.key() != way)
            hands = {k: [str(t) for t in hand_pieces(h)] for k, h in (("high", own.high),)}
            hands["low"] = [str(t) for t in hand_pieces(own.low)]
            e.apply({"a": "set", "player": "b", "spot": "2", **hands})
            continue
        if rnd is not None and rnd.phase == "surrender" and "2" not in rnd.surrendered:
            e.apply({"a": "surrender", "spot": "2"})
            continue
        step = next_step(e, floor, rng)
        if isinstance(step, Wait):
            if step.what == "wagers":
                for p in PLAYERS:
                    e.apply({"a": "wager", "player": p, "spot": e.seats[p], "cents": 500})
            floor.expired.add(step.key)
            continue
        assert step is not None
        record = e.apply(step).record
        if record is not None:
            return record


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """The whole record of the surrendered round."""
    return surrendered_round()


def _truth(record: dict[str, Any], hidden: list[str]) -> dict[str, Any]:
    """What a reader who may not see ``hidden`` must not learn of the record."""
    pos = record["positions"]
    out: dict[str, Any] = {"dealt": {p: pos[p]["dealt"] for p in hidden}}
    if "2" in hidden:
        out["settings"] = {"2": pos["2"]["setting"]}
        w = pos["2"]["wagers"][0]
        out["results"] = {w["ref"]: {"high": w["high"], "low": w["low"]}}
    return out


def _recalled(record: dict[str, Any], name: str | None) -> dict[str, Any]:
    """The record as a table's history sends it to ``name`` (None: signed out)."""
    rows = recalled([{"table": "t", "round": 1, "record": record}], "caller", name)
    found: dict[str, Any] = rows[0]["record"]
    return found


def test_the_round_hides_what_the_adversary_searches(record: dict[str, Any]) -> None:
    """The round is the defect's: the surrendered hand and the unused stack never exposed,
    the surrendered hand set by its player, and its comparisons held back from others."""
    red = _recalled(record, None)
    hidden = sorted(p for p, e in red["positions"].items() if e["dealt"] is None)
    assert hidden == ["2", "dead"]
    assert record["positions"]["2"]["set_by"] != "house way"
    assert "high" not in red["positions"]["2"]["wagers"][0]


def test_the_adversary_finds_the_hidden_hands_where_links_are_sent(
    record: dict[str, Any],
) -> None:
    """The adversary is not idle: given the recalled record with what the history sent before
    the fix put back (each transfer's link, the chain), it finds the surrendered hand, the
    unused stack, the setting and the surrendered hand's comparisons, and nothing else."""
    red = _recalled(record, None)
    leaky = red | {"transfers": record["transfers"], "chain": record["chain"]}
    assert attack(leaky) == [_truth(record, ["2", "dead"])]


@pytest.mark.parametrize("caller", list(CALLERS), ids=list(CALLERS))
def test_a_recalled_record_gives_the_adversary_nothing(record: dict[str, Any], caller: str) -> None:
    """Defect (hidden information through chain links): the history of a round with a
    surrendered hand and a dead hand, as each caller is sent it, carries no digest but the
    rules' (a function of the public rules alone), so the search over the unexposed tiles and
    the settings finds nothing; before the fix it found the hidden hands, the setting and the
    comparisons for every caller (the surrendering player: the unused stack)."""
    red = _recalled(record, CALLERS[caller])
    assert digests(red) == {record["profile_digest"].removeprefix("sha256:")}
    for key in ("chain", "previous", "seal", "note"):
        assert key not in red, key
    assert all("link" not in x for x in red["operations"] + red["transfers"])
    assert attack(red) == []


def test_a_recalled_record_is_told_from_a_whole_one(record: dict[str, Any]) -> None:
    """A redacted record cannot be checked as a whole one (it has no chain): the check says
    so in words, instead of naming a missing field."""
    with pytest.raises(RecordError, match="no hash chain"):
        check_record(_recalled(record, "a"))
