"""Settlement arithmetic: who pays whom, as :class:`~paigow.table.ledger.Transfer` lists.

Every function here is pure: it reads the results of a round and returns the transfers in the
order the dealer makes them, without touching a ledger. Apply them with
:meth:`~paigow.table.ledger.Ledger.apply`. For valid input the transfers empty the transient
accounts (``layout``, ``centre``, ``bank``) and never create or destroy a cent.

Wagers are already on the layout when settlement starts (moved from ``player:NAME`` to
``layout`` when placed); a Player-Dealer's stake is already in ``bank``. Results are given in
resolution order: from the player farthest to the dealer's right, counterclockwise
(R-SETTLE-01), or from the ACTION seat in Lucky Chances (R-LC-07).

Transfer reasons: ``surrender``, ``lose``, ``push`` (R-SETTLE-02/03, R-SURR-01); ``stake``
(a winning wager returned), ``win`` (paid 1 to 1), ``vig`` (R-SETTLE-07/08); ``shortfall``,
``surplus-half``, ``surplus-vig``, ``surplus`` (R-BANK-13/14); ``out-of-action``, ``no-action``,
``unused`` (R-LC-09). Each transfer carries the ``ref`` of the wager it settles
(:data:`DEALER_REF` for the dealer's wager against a player bank, ``""`` for bank-level ones).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from paigow.errors import IllegalActionError
from paigow.games.outcomes import Outcome
from paigow.table.ledger import Transfer

__all__ = [
    "DEALER_REF",
    "ODD_CENT",
    "ROUNDINGS",
    "SpotResult",
    "WagerResult",
    "pro_rata",
    "settle_co_bank",
    "settle_house_banked",
    "settle_player_bank",
    "settle_player_dealer",
    "vig",
]

#: Vig rounding modes (R-SETTLE-08, AMB-85).
ROUNDINGS = ("quarter-up", "cent-up")
#: Who takes (and pays) the odd cent when a co-bank round is halved (AMB-86).
ODD_CENT = ("house", "co-bank")
#: The ``ref`` of the dealer's wager against a player bank (R-BANK-10/12).
DEALER_REF = "dealer"


def _cents(value: object, what: str, *, positive: bool = False) -> int:
    """``value`` as a count of cents, or :class:`IllegalActionError`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalActionError(f"{what} must be integer cents, got {value!r}")
    if value < 0 or (positive and value == 0):
        sign = "positive" if positive else "zero or more"
        raise IllegalActionError(f"{what} must be {sign} cents, got {value}")
    return value


def _player(account: object, what: str) -> str:
    if not isinstance(account, str) or not account.startswith("player:") or account == "player:":
        raise IllegalActionError(f"{what} must be a player account 'player:NAME', got {account!r}")
    return account


def vig(won_cents: int, rate: Fraction, rounding: str) -> int:
    """The vigorish on a win of ``won_cents`` at ``rate`` (R-SETTLE-07/08, AMB-85).

    ``"quarter-up"``: ``rate * won`` rounded up to the next multiple of 25 cents, so any win
    above 0 pays at least 25 cents (at 5 %: ``25 * ceil(won / 500)``). ``"cent-up"``: rounded up
    to the whole cent. A rate of 0 (Lucky Chances, Dragon's Eye alternative (b)) gives 0.

    Raises:
        IllegalActionError: a negative or non-integer amount, a rate outside [0, 1], or an
            unknown rounding mode.
    """
    won = _cents(won_cents, "the amount won")
    try:
        r = Fraction(rate)
    except (TypeError, ValueError) as exc:
        raise IllegalActionError(f"the vig rate must be a fraction, got {rate!r}") from exc
    if not 0 <= r <= 1:
        raise IllegalActionError(f"the vig rate must lie in [0, 1], got {rate!r}")
    exact = r * won
    if rounding == "quarter-up":
        return 25 * ceil(exact / 25)
    if rounding == "cent-up":
        return ceil(exact)
    raise IllegalActionError(f"vig rounding must be one of {ROUNDINGS}, got {rounding!r}")


@dataclass(frozen=True, slots=True)
class WagerResult:
    """A wager on the layout and its outcome against the bank.

    Attributes:
        ref: unique name of the wager in the round (e.g. ``"spot3:alice"``).
        account: the owner, ``player:NAME``.
        cents: the amount on the layout, positive.
        outcome: WIN, PUSH or LOSE against the bank; None only when surrendered.
        surrendered: the player surrendered (R-SURR-01); the outcome is then None (or LOSE).

    Raises:
        IllegalActionError: on construction, for any of the above violated.
    """

    ref: str
    account: str
    cents: int
    outcome: Outcome | None
    surrendered: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.ref, str) or not self.ref:
            raise IllegalActionError(f"a wager needs a non-empty ref, got {self.ref!r}")
        _player(self.account, f"the account of wager {self.ref!r}")
        _cents(self.cents, f"wager {self.ref!r}", positive=True)
        if self.outcome is not None and not isinstance(self.outcome, Outcome):
            raise IllegalActionError(f"wager {self.ref!r}: outcome must be an Outcome or None")
        if self.outcome is None and not self.surrendered:
            raise IllegalActionError(f"wager {self.ref!r} has no outcome and was not surrendered")
        if self.surrendered and self.outcome not in (None, Outcome.LOSE):
            raise IllegalActionError(
                f"wager {self.ref!r} was surrendered, so it cannot {self.outcome.value}"
            )


@dataclass(frozen=True, slots=True)
class SpotResult:
    """One betting square in a Lucky Chances round: its bettors, settled "as one bet" (¶25).

    ``outcome`` is the result of the hand as the controlling player set it (for the record).
    Each of ``wagers`` settles its share of the action by its *own* outcome, which differs from
    the spot's only where R-LC-10 resets a lesser bettor's hand House Way (TC-68). The order of
    ``wagers`` breaks ties in :func:`pro_rata`; list the controlling player first (AMB-71(d)).
    """

    spot: str
    outcome: Outcome
    wagers: tuple[WagerResult, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "wagers", tuple(self.wagers))
        if not isinstance(self.outcome, Outcome):
            raise IllegalActionError(f"spot {self.spot!r} needs an Outcome, got {self.outcome!r}")
        if not self.wagers:
            raise IllegalActionError(f"spot {self.spot!r} has no wagers")
        _check_refs(self.wagers)
        if any(w.surrendered for w in self.wagers):
            raise IllegalActionError(
                f"spot {self.spot!r}: a Lucky Chances player may not surrender (R-LC-15)"
            )

    @property
    def total(self) -> int:
        """The spot's total wager in cents."""
        return sum(w.cents for w in self.wagers)


def _check_refs(results: Iterable[WagerResult], *, not_account: str | None = None) -> None:
    seen: set[str] = set()
    for r in results:
        if not isinstance(r, WagerResult):
            raise IllegalActionError(f"{r!r} is not a WagerResult")
        if r.ref in seen or r.ref == DEALER_REF:
            raise IllegalActionError(f"duplicate or reserved wager ref {r.ref!r}")
        seen.add(r.ref)
        if r.account == not_account:
            raise IllegalActionError(f"{r.account} banks this round and cannot bet against itself")


def _expose(
    results: Sequence[WagerResult], losers_to: str
) -> tuple[list[Transfer], list[WagerResult]]:
    """Surrenders first (collected when announced), then each result in order: losing wagers
    to ``losers_to``, pushes back to their owners. Returns the transfers and the winners."""
    gone = [r for r in results if r.surrendered]
    out = [Transfer("layout", losers_to, r.cents, "surrender", r.ref) for r in gone]
    for r in results:
        if not r.surrendered and r.outcome is not Outcome.WIN:
            to, why = (losers_to, "lose") if r.outcome is Outcome.LOSE else (r.account, "push")
            out.append(Transfer("layout", to, r.cents, why, r.ref))
    return out, [r for r in results if r.outcome is Outcome.WIN]


def _t(src: str, dst: str, cents: int, reason: str, ref: str = "") -> list[Transfer]:
    """A one-transfer list, or no transfer for zero cents."""
    return [Transfer(src, dst, cents, reason, ref)] if cents else []


def _pay(r: WagerResult, src: str, rate: Fraction, rounding: str) -> list[Transfer]:
    """Stake back, winnings 1 to 1 from ``src``, vig from the player to the house."""
    return [
        Transfer("layout", r.account, r.cents, "stake", r.ref),
        Transfer(src, r.account, r.cents, "win", r.ref),
        *_t(r.account, "house", vig(r.cents, rate, rounding), "vig", r.ref),
    ]


def settle_house_banked(
    results: Sequence[WagerResult], *, rate: Fraction, rounding: str
) -> list[Transfer]:
    """Settle a house-banked round (R-SETTLE-02..08, R-SURR-01).

    Surrenders and losing wagers go from the layout to the house; pushes go back to the player;
    then, after all hands are exposed, each winner in order gets the stake back, is paid 1 to 1
    from the house and pays the vig (TC-31, TC-32).

    Raises:
        IllegalActionError: invalid results (duplicate refs), rate or rounding.
    """
    vig(0, rate, rounding)
    _check_refs(results)
    out, winners = _expose(results, "house")
    for r in winners:
        out += _pay(r, "house", rate, rounding)
    return out


def _centre_round(
    results: Sequence[WagerResult],
    dealer_wager: tuple[int, Outcome] | None,
    *,
    rate: Fraction,
    rounding: str,
    fund: Callable[[int], list[Transfer]],
    surplus: Callable[[int], list[Transfer]],
) -> list[Transfer]:
    """The centre-of-table flow shared by player banks and co-banks (R-BANK-12..14).

    Winners are paid whole wagers from the centre in order; at the first one the centre cannot
    cover, ``fund(short)`` tops the centre up by exactly what is still owed minus what it holds
    (TC-34). What the centre holds at the end goes to ``surplus``.
    """
    out: list[Transfer] = []
    owed: list[tuple[WagerResult | None, int]] = []
    if dealer_wager is not None:  # R-BANK-12, resolved before the players' hands
        cents, outcome = dealer_wager
        if outcome is Outcome.PUSH:  # back to the tray
            out.append(Transfer("layout", "house", cents, "push", DEALER_REF))
        elif outcome is Outcome.LOSE:  # to the centre
            out.append(Transfer("layout", "centre", cents, "lose", DEALER_REF))
        else:  # paid first from the centre, R-BANK-13 step 3
            owed.append((None, cents))
    exposed, winners = _expose(results, "centre")
    out += exposed
    centre = sum(t.cents for t in out if t.dst == "centre")
    owed += [(r, r.cents) for r in winners]
    remaining = sum(c for _, c in owed)
    for r, cents in owed:
        if centre < cents:
            out += fund(remaining - centre)
            centre = remaining
        if r is None:  # R-BANK-13 step 7, AMB-83: no vig on the dealer's win
            out.append(Transfer("centre", "house", cents, "win", DEALER_REF))
            out.append(Transfer("layout", "house", cents, "stake", DEALER_REF))
        else:
            out += _pay(r, "centre", rate, rounding)
        centre -= cents
        remaining -= cents
    return out + (surplus(centre) if centre else [])


def settle_player_bank(
    results: Sequence[WagerResult],
    *,
    bank: str,
    dealer_wager: tuple[int, Outcome] | None,
    rate: Fraction,
    rounding: str,
    surplus_vig: bool = True,
) -> list[Transfer]:
    """Settle a round banked by the player ``bank`` (R-BANK-12/13, AMB-82..84).

    ``dealer_wager`` is ``(cents, outcome)`` of the dealer's wager against the bank (house
    money already on the layout), or None. Order: the dealer's wager (push: back to the tray;
    lose: to the centre); surrenders to the centre (AMB-84); players in order (lose: to the
    centre; push: back). Then winners are paid from the centre, the dealer's win first and
    without vig (AMB-83), its stake and winnings to the tray; each winning player pays vig to
    the house. When the centre runs short, ``bank`` pays the rest of the winning wagers into
    it. A surplus is charged vig (same rounding, AMB-82; never more than the surplus) unless
    ``surplus_vig`` is False, and the rest goes to ``bank`` (TC-33, TC-34).

    Raises:
        IllegalActionError: invalid results, dealer's wager, bank account, rate or rounding,
            or the bank betting against itself.
    """
    vig(0, rate, rounding)
    _player(bank, "the bank")
    _check_refs(results, not_account=bank)
    if dealer_wager is not None:
        if not isinstance(dealer_wager, tuple) or len(dealer_wager) != 2:
            raise IllegalActionError(f"dealer_wager is (cents, Outcome) or None: {dealer_wager!r}")
        _cents(dealer_wager[0], "the dealer's wager", positive=True)
        if not isinstance(dealer_wager[1], Outcome):
            raise IllegalActionError(f"the dealer's wager needs an Outcome: {dealer_wager!r}")

    def share(left: int) -> list[Transfer]:
        v = min(vig(left, rate, rounding), left) if surplus_vig else 0
        return _t("centre", "house", v, "surplus-vig") + _t("centre", bank, left - v, "surplus")

    def fund(short: int) -> list[Transfer]:
        return _t(bank, "centre", short, "shortfall")

    return _centre_round(
        results, dealer_wager, rate=rate, rounding=rounding, fund=fund, surplus=share
    )


def settle_co_bank(
    results: Sequence[WagerResult],
    *,
    bank: str,
    rate: Fraction,
    rounding: str,
    odd_cent: str = "house",
) -> list[Transfer]:
    """Settle a co-banked round: the house covers half (R-BANK-09, R-BANK-14, AMB-86).

    No dealer's wager (R-BANK-09). Losers and surrenders go to the centre, winners are paid from
    it and pay vig. Halves of an odd amount (AMB-86): with ``odd_cent="house"`` (default) the
    house *receives* the ceiling half of a surplus and *pays* the ceiling half of a shortfall,
    the co-bank the floor halves; with ``"co-bank"`` the roles swap. A shortfall is paid into
    the centre by the co-bank, then the house. A surplus: the house's half to the tray, vig on
    the other half to the tray (never more than that half), the rest to the co-bank
    (TC-35, TC-36).

    Raises:
        IllegalActionError: invalid results, bank account, rate, rounding or ``odd_cent``.
    """
    vig(0, rate, rounding)
    _player(bank, "the co-bank")
    if odd_cent not in ODD_CENT:
        raise IllegalActionError(f"odd_cent must be one of {ODD_CENT}, got {odd_cent!r}")
    _check_refs(results, not_account=bank)
    house_ceil = odd_cent == "house"

    def halves(n: int) -> tuple[int, int]:
        """(house, co-bank) halves of ``n``."""
        big, small = n - n // 2, n // 2
        return (big, small) if house_ceil else (small, big)

    def fund(short: int) -> list[Transfer]:
        h, b = halves(short)
        return _t(bank, "centre", b, "shortfall") + _t("house", "centre", h, "shortfall")

    def share(left: int) -> list[Transfer]:
        h, b = halves(left)
        v = min(vig(b, rate, rounding), b)
        return [
            *_t("centre", "house", h, "surplus-half"),
            *_t("centre", "house", v, "surplus-vig"),
            *_t("centre", bank, b - v, "surplus"),
        ]

    return _centre_round(results, None, rate=rate, rounding=rounding, fund=fund, surplus=share)


def pro_rata(amount: int, stakes: Sequence[int]) -> list[int]:
    """Split ``amount`` cents in proportion to ``stakes`` (AMB-71(c)), in whole cents.

    Each share is first ``floor(amount * stake / total)``; the cents left over go one each to
    the largest fractional remainders, ties to the earlier stake in the list. No share exceeds
    its stake when ``amount <= sum(stakes)``.

    Raises:
        IllegalActionError: a negative amount, no stakes, or a stake that is not positive.
    """
    _cents(amount, "the amount to share")
    if not stakes:
        raise IllegalActionError("pro_rata needs at least one stake")
    for s in stakes:
        _cents(s, "a stake", positive=True)
    total = sum(stakes)
    shares = [amount * s // total for s in stakes]
    order = sorted(range(len(stakes)), key=lambda i: (-(amount * stakes[i] % total), i))
    for i in order[: amount - sum(shares)]:
        shares[i] += 1
    return shares


def settle_player_dealer(
    results_in_order: Sequence[SpotResult],
    *,
    pd: str,
    pd_stake: int,
    max_action: int | None = None,
) -> tuple[list[Transfer], int]:
    """Settle a Lucky Chances round against the Player-Dealer ``pd`` (R-LC-09, AMB-71).

    ``pd_stake`` is already in ``bank``. Spots come in resolution order (R-LC-07), the PD's
    own seat left out. Each spot's action is ``min(spot total, max_action, remaining)`` (an
    amount over the table maximum gets no action, R-LC-08, ¶23), shared by its
    bettors with :func:`pro_rata`; each bettor's share then settles by that bettor's outcome:

    * PD wins: the share goes from the wager to ``pd`` (``"lose"``) and the same amount of the
      PD's stake goes back to ``pd`` out of action (``"out-of-action"``); the uncovered rest of
      the wager goes back to the bettor (``"no-action"``);
    * player wins: the wager goes back (``"stake"``) and the share is paid from ``bank``;
    * push: the wager goes back and the share stays in action (AMB-71(a)).

    Whatever remains in ``bank`` at the end goes back to ``pd`` (``"unused"``). No vig
    (R-LC-01). Returns the transfers and the action used (``pd_stake`` minus what came back as
    unused) (TC-62..64).

    Raises:
        IllegalActionError: a non-positive stake, a bad ``pd`` account, duplicate spots or
            refs, or the PD betting on a spot.
    """
    _player(pd, "the Player-Dealer")
    remaining = _cents(pd_stake, "the Player-Dealer's stake", positive=True)
    if not all(isinstance(s, SpotResult) for s in results_in_order):
        raise IllegalActionError(f"results_in_order must hold SpotResults: {results_in_order!r}")
    spots = [s.spot for s in results_in_order]
    if len(set(spots)) != len(spots):
        raise IllegalActionError(f"a spot is listed twice: {spots}")
    _check_refs((w for s in results_in_order for w in s.wagers), not_account=pd)
    out: list[Transfer] = []
    for spot in results_in_order:
        cap = spot.total if max_action is None else min(spot.total, max_action)
        shares = pro_rata(min(cap, remaining), [w.cents for w in spot.wagers])
        for w, a in zip(spot.wagers, shares, strict=True):
            if w.outcome is Outcome.PUSH:
                out.append(Transfer("layout", w.account, w.cents, "push", w.ref))
                continue
            if w.outcome is Outcome.LOSE:
                out += _t("layout", pd, a, "lose", w.ref)
                out += _t("bank", pd, a, "out-of-action", w.ref)
                out += _t("layout", w.account, w.cents - a, "no-action", w.ref)
            else:
                out.append(Transfer("layout", w.account, w.cents, "stake", w.ref))
                out += _t("bank", w.account, a, "win", w.ref)
            remaining -= a
    return out + _t("bank", pd, remaining, "unused"), pd_stake - remaining
