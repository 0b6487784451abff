"""The ledger the settlement tests play a round's transfers on (tests/test_money.py,
tests/test_money_properties.py), and the rate and outcomes they share: the wagers placed, the
transfers applied, every cent conserved and the transient accounts (``layout``, ``centre``,
``bank``) left empty (R-SETTLE-02..08, R-BANK-12..14, R-LC-09)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from paigow.games.outcomes import Outcome
from paigow.table.ledger import TRANSIENT, Ledger, Transfer
from paigow.table.money import DEALER_REF, WagerResult

__all__ = ["DEEP", "FIVE", "LOSE", "PUSH", "WIN", "play"]

FIVE = Fraction(1, 20)
WIN, PUSH, LOSE = Outcome.WIN, Outcome.PUSH, Outcome.LOSE
DEEP = 10**12  # chips in front of every player: enough for any vig or bank shortfall


def play(
    wagers: Sequence[WagerResult],
    transfers: Sequence[Transfer],
    *,
    dealer: int = 0,
    pd: tuple[str, int] | None = None,
) -> dict[str, int]:
    """Place the wagers (and the dealer's wager, the PD's stake) on a ledger, settle, and return
    each account's net change over placement and settlement. Checks conservation and that the
    transient accounts end empty."""
    opening = {r.account: DEEP for r in wagers} | {"player:bank": DEEP, "player:pd": DEEP}
    opening["house"] = 0  # the tray may go below its opening (Ledger.can_pay)
    ledger = Ledger.opening(opening)
    for r in wagers:
        ledger.move(r.account, "layout", r.cents, "wager", r.ref)
    ledger.move("house", "layout", dealer, "wager", DEALER_REF)
    if pd is not None:
        ledger.move(pd[0], "bank", pd[1], "wager")
    ledger.apply(transfers)
    assert sum(ledger.balances.values()) == sum(opening.values())
    assert all(ledger.balance(a) == 0 for a in TRANSIENT)
    return {a: n for a, n in ledger.net(opening).items() if n}
