"""The stateful test of the table: rounds and sessions of every profile and banking mode driven
by random legal and illegal actions (tests/table_machine.py has the machine and what it checks).

R-SETTLE, R-BANK, R-LC, R-IRR, R-SPG: refused actions change nothing, money balances, every
wager settles once, every record replays, every session journal rebuilds its session. At least
20,000 actions per run (two halves of at least 10,000); ``python tests/stress_table.py`` runs
it much longer.
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from table_machine import COUNTS, TableMachine

EXAMPLES = 60
STEPS = 200
AT_LEAST = 10_000


class TilesMachine(TableMachine):
    profiles = ("generic", "colorado", "maryland")


class PlayerDealerAndCardsMachine(TableMachine):
    profiles = ("lucky-chances", "nj-supreme")


def run(
    machine: type[TableMachine],
    examples: int = EXAMPLES,
    steps: int = STEPS,
    *,
    derandomize: bool = True,
    shrink: bool = True,
) -> None:
    """Run the machine (by default with fixed seeds) and no example database."""
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=examples,
            stateful_step_count=steps,
            deadline=None,
            derandomize=derandomize,
            phases=list(Phase) if shrink else [Phase.generate],
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )


def test_tiles_tables_under_random_legal_and_illegal_actions() -> None:
    """Generic, Colorado, Maryland: house, player and co-bank rounds, Pair Fortunes, Dragon's
    Eye, cuts, styles, irregularities."""
    COUNTS.clear()
    run(TilesMachine)
    assert COUNTS["actions"] >= AT_LEAST, COUNTS
    assert COUNTS["refused"] and COUNTS["accepted"] and COUNTS["records"]
    for key in ("bank:house", "bank:player", "bank:co-bank", "settled", "void", "journals"):
        assert COUNTS[key] > 0, f"{key} never exercised: {COUNTS}"


def test_player_dealer_and_card_tables_under_random_actions() -> None:
    """Lucky Chances (Player-Dealer, collection, kum-kum, fouls, removed bets) and New Jersey
    Supreme Pai Gow (cards, the bonus wager, the stub count, the shoe)."""
    COUNTS.clear()
    run(PlayerDealerAndCardsMachine)
    assert COUNTS["actions"] >= AT_LEAST, COUNTS
    for key in ("bank:player-dealer", "settled", "void", "records", "journals"):
        assert COUNTS[key] > 0, f"{key} never exercised: {COUNTS}"
