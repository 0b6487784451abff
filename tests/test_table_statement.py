"""The settlement statement (paigow.table.statement) is the ledger's, to the cent.

Rounds of every profile and banking mode — house bank, player bank with the dealer's wager,
co-bank, Lucky Chances Player-Dealer with shared spots, Supreme Pai Gow with the bonus, Pair
Fortunes and Dragon's Eye, surrender, two spots, voids and irregularities — are played at random
(hypothesis draws the seeds), and each statement is checked:

* every player's net is the ledger's movement of their chips in the round, and is the sum of
  the nets of their wagers plus, when they bank, the bank's lines (R-SETTLE, R-BANK-12..14,
  R-LC-09); the house's net is the negative of everyone else's;
* every wager line agrees with an independent, slow recomputation from the round's ledger (a
  counterfactual ledger without that wager's transfers) and the round's results;
* the statement of the record a player may see (redacted) is the statement of the whole record.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.table.observation import Viewer
from paigow.table.record import round_record
from paigow.table.redaction import redact_record
from paigow.table.round import Round
from paigow.table.statement import FORMAT, statement
from test_table_random import play_random_round

SEEN: Counter[str] = Counter()


def _balance_without(rnd: Round, account: str, ref: str) -> int:
    """The account's final balance had the transfers of ``ref`` never been made."""
    bal = rnd.opening.get(account, 0)
    for t in rnd.ledger.transfers:
        if t.ref == ref:
            continue
        bal += (t.dst == account) * t.cents - (t.src == account) * t.cents
    return bal


def _slow_line(rnd: Round, ref: str, player: str) -> dict[str, int]:
    """One wager's figures, recomputed from the round's ledger by another road."""
    acct = f"player:{player}"
    mine = [t for t in rnd.ledger.transfers if t.ref == ref]
    return {
        "net": rnd.ledger.balance(acct) - _balance_without(rnd, acct, ref),
        "stake": sum(t.cents for t in mine if t.src == acct and t.dst == "layout"),
        "returned": sum(t.cents for t in mine if t.dst == acct and t.src == "layout"),
        "won": sum(t.cents for t in mine if t.dst == acct and t.src != "layout"),
        "commission": sum(t.cents for t in mine if t.src == acct and t.reason == "vig"),
        "collection": sum(t.cents for t in mine if t.src == acct and t.reason == "collection"),
    }


def check_statement(rnd: Round) -> dict[str, Any]:
    """Every figure of the round's statement against the ledger; the statement."""
    record = json.loads(json.dumps(round_record(rnd)))
    s = statement(record)
    assert s["format"] == FORMAT
    ledger_net = rnd.net()
    # Every player: the ledger's movement, the sum of their lines.
    for p in s["players"]:
        name = p["player"]
        moved = rnd.ledger.balance(f"player:{name}") - rnd.opening[f"player:{name}"]
        assert p["net"] == moved == ledger_net.get(f"player:{name}", 0), (name, p)
        assert p["after"] == p["before"] + p["net"]
        lines = sum(x["net"] for x in s["wagers"] if x["owner"] == name)
        if s["bank"] is not None and s["bank"]["player"] == name:
            lines += sum(line["cents"] for line in s["bank"]["lines"])
            assert s["bank"]["net"] == p["net"]
            SEEN[f"bank:{s['bank']['kind']}"] += 1
        assert lines == p["net"], (name, lines, p["net"], s)
        on_spots = sum(x["net"] for x in s["spots"] if x["player"] == name)
        assert on_spots == p["net"], (name, s["spots"])
    assert s["house"]["net"] == ledger_net.get("house", 0)
    assert s["house"]["net"] + sum(p["net"] for p in s["players"]) == 0
    # Every wager line against the slow recomputation and the round's results.
    placed = [op.data for op in rnd.log if op.kind == "wager"]
    assert sorted(x["ref"] for x in s["wagers"]) == sorted(d["ref"] for d in placed)
    for x in s["wagers"]:
        slow = _slow_line(rnd, x["ref"], x["owner"])
        assert {k: x[k] for k in slow} == slow, (x, slow)
        assert x["net"] == x["returned"] + x["won"] - x["stake"] - x["commission"] - x["collection"]
        on_layout = next((w for w in rnd.wagers if w.ref == x["ref"]), None)
        if on_layout is None:
            assert x["result"] == "withdrawn" and x["net"] == -x["collection"]
            SEEN["withdrawn"] += 1
        elif x["ref"] in rnd.results:
            assert x["result"] == rnd.results[x["ref"]]["result"]
            SEEN[f"result:{x['result']}"] += 1
        if x["kind"] != "main":
            SEEN[f"side:{x['kind']}"] += 1
    if rnd.void_reason is not None:
        assert all(x["net"] == -x["collection"] for x in s["wagers"] if x["result"] == "void")
        SEEN["void"] += 1
    if s["dealer_wager"] is not None:
        d = s["dealer_wager"]
        assert d["net"] == rnd.ledger.balance("house") - _balance_without(rnd, "house", "dealer")
        SEEN["dealer wager"] += 1
    # The statement a player may see (their redacted record) is the same.
    name = min(rnd.seats)
    assert statement(redact_record(record, Viewer.seat(name))) == s
    return s


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_every_statement_is_the_ledgers(seed: int) -> None:
    """R-SETTLE-02..08, R-BANK-10..14, R-LC-09, R-PF, R-DE, R-SPG-17..19, R-SURR-01, R-IRR:
    over random rounds of every profile and banking mode, every statement's nets sum to the
    ledger's movement for that round, line by line."""
    rnd = play_random_round(random.Random(seed), Counter())
    check_statement(rnd)


def test_the_modes_are_reached() -> None:
    """The rounds above reach every banking mode and kind of line (a fixed run of seeds, so
    that this does not depend on what hypothesis drew)."""
    rng = random.Random(17)
    for _ in range(1500):
        check_statement(play_random_round(rng, Counter()))
    for key in (
        "bank:player",
        "bank:co-bank",
        "bank:player-dealer",
        "dealer wager",
        "void",
        "withdrawn",
        "result:win",
        "result:lose",
        "result:push",
        "result:surrender",
        "side:pair-fortunes",
        "side:supreme-bonus",
        "side:de-odd",
        "side:dice-bonus",
    ):
        assert SEEN[key] > 0, f"{key} never reached"


def test_a_statement_needs_a_finished_round() -> None:
    """A round still in play has no statement (its money is not settled)."""
    import pytest

    from paigow.errors import RecordError
    from paigow.profiles import get_profile

    rnd = Round(get_profile("generic"), {"a": "1"}, {"a": 10_000})
    with pytest.raises(RecordError):
        statement(round_record(rnd))
