"""The legal choices of a decision, found with the round's own checks (its ``can_…`` methods).

A front end offers a player exactly these and nothing else, so that no control it shows is one
the round then refuses: the spots and kinds a wager may go on with the least and the most it
may be, the dealer's wager a bank may direct and the Player-Dealer's stake, the cuts, the
delivery styles, the spots that may be set now (R-SET-07's order), surrendered or voided.

Nothing here decides a rule: every answer comes from the action's check. Amounts are searched
with the check alone (:func:`amount_range`), on the rounds' property that the accepted amounts
of one choice form one interval (a minimum below, the table maximum, the chips and the bank's
cover above); the tests check the ends and the amounts just past them against the actions.
A wager's spot and kind that the round refuses whatever the amount
(:meth:`~paigow.table.wagers.WagerActions.can_wager_on`) is not searched, and the amounts of
the others are tried with the round's checks of the amount alone, the place's having passed
(:meth:`~paigow.table.wagers.WagerActions.wager_amounts`): the same answers, in fewer checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

__all__ = [
    "amount_range",
    "cut_options",
    "dealer_wager_range",
    "pd_stake_range",
    "setting_spots",
    "style_options",
    "surrender_spots",
    "void_hand_spots",
    "wager_options",
]


def amount_range(accepts: Callable[[int], bool], hints: Iterable[int], cap: int) -> Any:
    """``(least, most)`` of the amounts ``accepts`` takes, or None when it takes none of the
    ``hints`` (the amounts to try first, such as the table minimum) up to ``cap``.

    From the first hint accepted, the least amount is found by bisection below it and the most
    by bisection up to ``cap`` (about 2 log2(cap) calls of ``accepts``).
    """
    start = next((h for h in hints if 0 <= h <= cap and accepts(h)), None)
    if start is None:
        return None
    lo = start
    if start > 0 and accepts(start - 1):
        a, b = 0, start - 1  # b is accepted
        while a < b:
            m = (a + b) // 2
            if accepts(m):
                b = m
            else:
                a = m + 1
        lo = b
    hi = cap
    if not accepts(cap):
        a, b = start, cap  # a accepted, b refused
        while b - a > 1:
            m = (a + b) // 2
            if accepts(m):
                a = m
            else:
                b = m
        hi = a
    return lo, hi


#: How a spot's range is found: ``(spot, kind, accepts, hints, chips)`` to the least and the
#: most ``accepts`` takes, or None (:func:`amount_range` unless a caller knows better).
RangeSearch = Callable[
    [str, str, Callable[[int], bool], Sequence[int], int], "tuple[int, int] | None"
]


def _search(
    spot: str, kind: str, accepts: Callable[[int], bool], hints: Sequence[int], chips: int
) -> tuple[int, int] | None:
    found: tuple[int, int] | None = amount_range(accepts, hints, chips)
    return found


def wager_options(
    rnd: Any,
    player: str,
    kinds: Iterable[str],
    also: Callable[[str, str], bool] | None = None,
    search: RangeSearch = _search,
) -> list[dict[str, Any]]:
    """Every spot and kind ``player`` may wager on now, with the least and the most (R-WAGER,
    R-WAGER-04/05 two spots and shared spots, R-BANK-06/08, R-PF-02, R-DE-01, R-SPG-15);
    ``also``: a further check of the caller's (spot, kind); ``search``: how each range is
    found (the same ends, however found)."""
    if rnd.phase != "wagers" or player not in rnd.seats:
        return []
    t = rnd.profile.table
    chips = rnd.ledger.balance(f"player:{player}")
    hints = (t.min_wager, rnd.profile.side_bets.supreme_bonus_min_cents, 1)
    out = []
    for kind in kinds:
        for spot in (str(i) for i in range(1, t.positions + 1)):
            amounts = rnd.wager_amounts(player, spot, kind)
            if amounts is None:
                continue  # no amount is accepted: the round's checks of the place refuse it
            if also is not None and not also(spot, kind):
                continue
            found = search(spot, kind, _positive(amounts), hints, chips)
            if found is not None:
                out.append({"spot": spot, "kind": kind, "min": found[0], "max": found[1]})
    return out


def _positive(amounts: Callable[[int], bool]) -> Callable[[int], bool]:
    def accepts(cents: int) -> bool:
        return cents > 0 and amounts(cents)

    return accepts


def dealer_wager_range(rnd: Any) -> Any:
    """``(least, most)`` of the dealer's wager the bank may direct (R-BANK-10), or None."""
    if rnd.phase != "wagers":
        return None
    return amount_range(rnd.can_dealer_wager, (0,), rnd.dealer_wager_limit or 0)


def pd_stake_range(rnd: Any) -> Any:
    """``(least, most)`` of the Player-Dealer's stake (R-LC-08/09), or None."""
    if rnd.phase != "wagers" or rnd.banker.kind != "player-dealer" or rnd.pd_stake:
        return None
    chips = rnd.ledger.balance(f"player:{rnd.banker.player}")
    return amount_range(rnd.can_pd_wager, (rnd.profile.table.min_wager, 1), chips)


def cut_options(rnd: Any) -> list[str]:
    """Every cut the bank may make now (R-CUT-01/02; cards ``card:N``, R-SPG-09), in the
    notation of its game (the game lists them)."""
    if rnd.phase != "cut":
        return []
    return [c for c in rnd.game.cut_options(len(rnd.order)) if rnd.can_cut(c)]


def style_options(rnd: Any, chooser: str) -> list[str]:
    """The delivery styles ``chooser`` (``bank`` or ``dealer``) may choose now (R-DEAL-04)."""
    return [s for s in rnd.profile.dealing.styles if rnd.can_style(s, chooser)]


def setting_spots(
    rnd: Any, player: str, turns: list[tuple[str, str]] | None = None
) -> tuple[list[str], list[str]]:
    """The spots ``player`` sets, in the order they must be set (R-SET-07), and those of them
    that may be set now; ``turns``: the round's ``setting_turns()`` now, when the caller has
    them already (the same for every player)."""
    if rnd.phase != "setting":
        return [], []
    mine = [s for s, who in (rnd.setting_turns() if turns is None else turns) if who == player]
    return mine, [s for s in mine if rnd.can_set(s)]


def surrender_spots(rnd: Any, player: str, who: dict[str, str] | None = None) -> list[str]:
    """The spots ``player`` controls that may surrender now (R-SURR-01); ``who``: the round's
    ``controllers()`` now, when the caller has them already."""
    if rnd.phase != "surrender":
        return []
    who = rnd.controllers() if who is None else who  # every wagered spot, in ring order
    return [s for s, c in who.items() if c == player and rnd.can_surrender(s)]


def void_hand_spots(rnd: Any, player: str, who: dict[str, str] | None = None) -> list[str]:
    """The spots ``player`` controls whose hand may be voided now (R-IRR-CO-5, MD-4); ``who``:
    the round's ``controllers()`` now, when the caller has them already."""
    if rnd.phase != "setting":
        return []
    who = rnd.controllers() if who is None else who  # every wagered spot, in ring order
    return [s for s, c in who.items() if c == player and rnd.can_void_hand(s)]
