"""A third game is a folder and a profile, not new ``if``s: the round engine plays a test
double game it has never heard of, through the ``Game`` protocol alone (docs/architecture.md,
"Where to change what").

The double deals Pai Gow Tiles from the other end of the shuffle and offers no cut. Its rounds
keep the engine's invariants that tests/test_table_random.py checks for the real games
(R-SETTLE, R-BANK): chips conserved to the cent, the layout, centre and bank accounts empty,
every wager settled exactly once, every hand set by the game's own house way among the game's
own settings, and the round's record a JSON document that names the double.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest

from paigow.games import GAMES, game_for, register_game
from paigow.games.tiles import TileGame
from paigow.profiles import Profile, get_profile
from paigow.table.record import round_record
from paigow.table.round import Round


class DoubleGame(TileGame):
    """Tiles dealt from the bottom of the shuffle up; no cut."""

    name = "double"

    def deal(
        self,
        order: Sequence[Any],
        style: str,
        ring: Sequence[str],
        start: str,
        *,
        bank_first_stack: int | None = None,
    ) -> dict[str, tuple[Any, ...]]:
        """The tile delivery of the reversed order."""
        reverse = list(reversed(order))
        return super().deal(reverse, style, ring, start, bank_first_stack=bank_first_stack)

    def cut_options(self, n_pieces: int) -> Iterable[str]:
        """No cut."""
        return ()


@pytest.fixture
def double() -> Iterator[Profile]:
    """The generic profile playing the double, registered for the test only."""
    register_game("double", DoubleGame)
    base = get_profile("generic")
    try:
        yield dataclasses.replace(base, meta=dataclasses.replace(base.meta, game="double"))
    finally:
        del GAMES["double"]


def _play(prof: Profile, rng: random.Random) -> Round:
    seats_idx = rng.sample(range(1, prof.table.positions + 1), rng.randint(2, 5))
    seats = {f"P{i}": str(i) for i in seats_idx}
    rnd = Round(prof, seats, {nm: 100_000 for nm in seats}, house_way="regulation")
    order = list(rnd.game.full_set)
    rng.shuffle(order)
    rnd.shuffle(order)
    if rnd.phase == "cut":
        rnd.cut(None)
    for nm, spot in seats.items():
        rnd.wager(nm, spot, rng.choice([500, 1_000, 2_500]))
    rnd.no_more_bets()
    rnd.choose_style(prof.dealing.default_style, "dealer")
    rnd.roll((rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)))
    if rnd.phase == "deal":
        rnd.deal()
    for spot in rnd.unset_spots():
        rnd.set_house_way(spot)
        assert rnd.settings[spot].key() in {s.key() for s in rnd.legal_settings(spot)}
    rnd.set_bank()
    rnd.settle()
    return rnd


def test_the_round_engine_plays_a_game_it_does_not_know(double: Profile) -> None:
    assert isinstance(game_for(double), DoubleGame)
    rng = random.Random(22)
    outcomes: Counter[str] = Counter()
    for _ in range(200):
        rnd = _play(double, rng)
        assert rnd.game.name == "double" and rnd.phase == "done"
        net = rnd.net()
        assert sum(net.values()) == 0
        for account in ("layout", "centre", "bank"):
            assert rnd.ledger.balance(account) == 0, account
        off = Counter(t.ref for t in rnd.ledger.transfers if t.src == "layout")
        for w in rnd.wagers:
            assert w.ref in rnd.results and off[w.ref] == 1
            outcomes[rnd.results[w.ref]["result"]] += 1
        record = json.loads(json.dumps(round_record(rnd)))
        assert record["rules"]["profile"]["game"] == "double"
    assert outcomes["win"] and outcomes["lose"]


def test_the_double_deals_otherwise_than_the_tiles(double: Profile) -> None:
    """The round asked the double for its delivery: the same shuffle and dice give other
    hands than under the tile game."""
    tiles = get_profile("generic")
    hands = []
    for prof in (tiles, double):
        rnd = _play(prof, random.Random(7))
        hands.append(rnd.dealt)
    assert hands[0] != hands[1]
