"""Money in integer cents: accounts moved only by balanced transfers.

Every change of money is a :class:`Transfer` from one account to another, so the sum over all
accounts never changes: chips are conserved by construction. Account names are plain strings:

* ``player:NAME`` — a player's chips in front of them;
* ``house`` — the table tray (the house's money, including commission and collection);
* ``layout`` — wagers on the layout, not yet settled (must be 0 after settlement);
* ``centre`` — the centre of the table in a player-bank round (must be 0 after settlement);
* ``bank`` — a player bank's or Player-Dealer's stake in action (must be 0 after settlement).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from paigow.errors import IllegalActionError

__all__ = ["TRANSIENT", "Ledger", "Transfer"]

#: Accounts that hold money only during a round.
TRANSIENT = ("layout", "centre", "bank")


@dataclass(frozen=True, slots=True)
class Transfer:
    """``cents`` moved from ``src`` to ``dst`` for ``reason`` (e.g. ``"wager"``, ``"vig"``)."""

    src: str
    dst: str
    cents: int
    reason: str
    ref: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.cents, int) or isinstance(self.cents, bool):
            raise TypeError(f"money is integer cents, got {self.cents!r}")
        if self.cents < 0:
            raise ValueError(f"a transfer moves a positive amount, got {self.cents}")

    def to_json(self) -> dict[str, object]:
        """``{"from", "to", "cents", "reason", "ref"}``."""
        return {
            "from": self.src,
            "to": self.dst,
            "cents": self.cents,
            "reason": self.reason,
            "ref": self.ref,
        }


@dataclass
class Ledger:
    """Balances per account and the list of transfers that produced them."""

    balances: dict[str, int] = field(default_factory=dict)
    transfers: list[Transfer] = field(default_factory=list)

    @classmethod
    def opening(cls, balances: Mapping[str, int]) -> Ledger:
        """A ledger with the given opening balances."""
        return cls(dict(balances), [])

    def copy_state(self) -> Ledger:
        """An independent copy (balances and transfers), for all-or-nothing actions."""
        return Ledger(dict(self.balances), list(self.transfers))

    def balance(self, account: str) -> int:
        """The balance of ``account`` (0 if never used)."""
        return self.balances.get(account, 0)

    def can_pay(self, account: str, cents: int) -> bool:
        """True when ``account`` holds at least ``cents`` (the house and transients may not go
        below zero either; the house tray is assumed deep, see :meth:`move`)."""
        return account == "house" or self.balance(account) >= cents

    def move(self, src: str, dst: str, cents: int, reason: str, ref: str = "") -> Transfer:
        """Move money. A zero amount records nothing and returns a zero transfer.

        Raises:
            IllegalActionError: ``src`` (other than the house tray) lacks the chips.
        """
        t = Transfer(src, dst, cents, reason, ref)
        if cents == 0:
            return t
        if not self.can_pay(src, cents):
            raise IllegalActionError(
                f"{src} has {self.balance(src)} cents, cannot pay {cents} for {reason}"
            )
        self.balances[src] = self.balance(src) - cents
        self.balances[dst] = self.balance(dst) + cents
        self.transfers.append(t)
        return t

    def apply(self, transfers: Iterable[Transfer]) -> None:
        """Apply precomputed transfers in order, all or nothing.

        Raises:
            IllegalActionError: some account (other than the house tray) would go below zero
                at its turn; no transfer is applied.
        """
        batch = list(transfers)
        trial = dict(self.balances)
        for t in batch:
            if t.cents and t.src != "house" and trial.get(t.src, 0) < t.cents:
                raise IllegalActionError(
                    f"{t.src} would have {trial.get(t.src, 0)} cents, cannot pay {t.cents} "
                    f"for {t.reason}; nothing was paid"
                )
            trial[t.src] = trial.get(t.src, 0) - t.cents
            trial[t.dst] = trial.get(t.dst, 0) + t.cents
        for t in batch:
            self.move(t.src, t.dst, t.cents, t.reason, t.ref)

    def net(self, opening: Mapping[str, int]) -> dict[str, int]:
        """Net change of every account since ``opening``; the values sum to zero."""
        names = set(opening) | set(self.balances)
        return {n: self.balance(n) - opening.get(n, 0) for n in sorted(names)}
