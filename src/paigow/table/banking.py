"""Who may bank the next round: a pure, immutable state machine kept across rounds.

A table session keeps one :class:`BankState`, asks :func:`offer_order` and :func:`eligibility`
before a round, and records the finished round with :func:`after_round`. Positions are the
betting positions ``1..n`` counted counterclockwise from the dealer's right (§0.3).

House-banked profiles (``house_banks = true``: CO, GEN, MD), one round at a time::

    start of game (first round after a restack)   -> house banks, no offer       R-BANK-02
    CO, previous round player-banked              -> house banks, no offer       R-BANK-05, AMB-18
    first_offer > n ("returns to the dealer")     -> house banks, no offer;
                                                     then first_offer := 1       AMB-20
    otherwise offer first_offer..n (and 1..first_offer-1 when offer_wraps);
        afterwards first_offer moves to the next seated position whoever accepts,
        or past the acceptor with offer_pointer_follows_acceptor                 R-BANK-03, AMB-20

The offers and the pointer move among the *seated* positions (the texts offer the bank "to each
player" and then to "the player seated to the right"): an empty seat is never offered the bank
and the pointer never stops on one, so no round passes in which no seated player is offered the
bank while the offer has not yet returned to the dealer. Callers that know the seats pass
``seated``; without it every position counts as seated.

A player may bank when not the banker of the last ``max_consecutive`` rounds (R-BANK-04), when
the player wagered in the last round with no player bank (R-BANK-06(a)) and has chips on the
table covering every other wager of the round (R-BANK-06(b); in full even under co-banking,
AMB-81). A co-banked round is a player-banked round. The dealer's wager against a bank
(R-BANK-10) is the player's own stake in that last house-banked round: only that bettor's own
chips, never the co-bettors' on a shared spot (R-BANK-07, AMB-19); with two spots, both stakes.

Player-Dealer profiles (``house_banks = false``: Lucky Chances)::

    the offer goes counterclockwise round the whole table from the last PD's seat, starting
    with the PD itself while it may continue (up to max_consecutive hands, R-LC-03); there is
    no house round and no hand without a PD (R-LC-01, AMB-69).

Qualification (R-LC-04): the player wagered on that seat on the previous hand (a PD continuing
from its own seat counts), and has wagered ``min_bets_to_qualify`` times as a Player "during
that round of play", read as: since the PD offer last reached that seat (AMB-68). When an
offer reaches a seat, the counts of the players who wagered there on the previous hand restart,
and so does the new PD's. A PD's second hand needs no new count. A new game has no previous
hand and nobody can yet have bet ``min_bets_to_qualify`` times, so the operator picks the
opening PDs (AMB-69), here by the same offer from position 1: the opening hand waives R-LC-04,
and (a) is waived while fewer hands than ``min_bets_to_qualify`` have been played; otherwise no
PD could ever follow the first. A game that stalls for want of a PD starts again from
:func:`initial_state`, as does a table restacked under the idle-table procedure.

:func:`after_round` enforces every rule it can check (all but the chip cover) and raises
:class:`~paigow.errors.IllegalActionError` for a banker the rules forbid or malformed wagers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from paigow.errors import IllegalActionError
from paigow.profiles import Profile

__all__ = [
    "BankState",
    "Wager",
    "after_round",
    "dealer_wager_amount",
    "eligibility",
    "initial_state",
    "offer_order",
]

#: One bettor's own stake in a round: (position, player, cents, seated at that position).
Wager = tuple[int, str, int, bool]


@dataclass(frozen=True, slots=True)
class BankState:
    """Banking state between rounds. Build with :func:`initial_state`; never mutate.

    Attributes:
        positions: betting positions ``1..positions``.
        first_offer: the ``firstOffer`` pointer (AMB-20); ``positions + 1`` means the offer has
            returned to the dealer, so the next offer round is house-banked.
        start_of_game: no round recorded since the table opened or was restacked (R-BANK-02).
        round_no: rounds recorded so far (the next round's index, from 0).
        last_banker: (position, player) of the previous round's player bank; None if house.
        streak: rounds in a row ``last_banker``'s player has banked (0 after a house round).
        last_house_round: index of the last round with no player bank, if any.
        house_wagers: each player's own stake (cents) in that round, sorted by player.
        rotation_bets: bets per player since the offer last reached their seat (R-LC-04(a)).
        previous_hand: who wagered on each position in the previous hand (the PD on its seat).
    """

    positions: int
    first_offer: int = 1
    start_of_game: bool = True
    round_no: int = 0
    last_banker: tuple[int, str] | None = None
    streak: int = 0
    last_house_round: int | None = None
    house_wagers: tuple[tuple[str, int], ...] = ()
    rotation_bets: tuple[tuple[str, int], ...] = ()
    previous_hand: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @property
    def previous_player_banked(self) -> bool:
        """Whether a player (bank, co-bank or PD) banked the previous round."""
        return self.last_banker is not None

    def bets_in_rotation(self, player: str) -> int:
        """Bets ``player`` has made as a Player in the current PD rotation (AMB-68)."""
        return dict(self.rotation_bets).get(player, 0)

    def bettors_on(self, position: int) -> tuple[str, ...]:
        """Players who wagered on ``position`` in the previous hand."""
        return dict(self.previous_hand).get(position, ())


def _money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def _count(value: object, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise IllegalActionError(f"{what} must be a whole number >= {low}, got {value!r}")
    return value


def initial_state(profile: Profile, positions: int | None = None) -> BankState:
    """The state at the start of a game (table opened or restacked: R-BANK-02, AMB-68).

    ``positions`` defaults to the profile's; a Colorado six-spot table (``six_spot_option``)
    may pass 6.
    """
    n = profile.table.positions if positions is None else _count(positions, "positions", 1)
    allowed = {profile.table.positions} | ({6} if profile.table.six_spot_option else set())
    if n not in allowed:
        raise IllegalActionError(
            f"profile {profile.name!r} has {sorted(allowed)} betting positions, not {n}"
        )
    return BankState(positions=n)


def _occupied_set(state: BankState, seated: Iterable[int] | None) -> set[int]:
    if seated is None:
        return set(range(1, state.positions + 1))
    out = set()
    for pos in seated:
        if _count(pos, "a seated position", 1) > state.positions:
            raise IllegalActionError(f"seated position {pos} is not in 1..{state.positions}")
        out.add(pos)
    return out


def _pointer(state: BankState, profile: Profile, occupied: set[int]) -> int:
    """The seated position offered the bank first this round (``first_offer`` moved past
    empty seats); ``positions + 1`` when the offer has passed the last seated player and
    returns to the dealer (or, without that dealer round, the first seated position)."""
    n = state.positions
    ptr = min((p for p in occupied if state.first_offer <= p <= n), default=n + 1)
    if ptr > n and not profile.banking.offer_returns_to_dealer:
        ptr = min(occupied, default=n + 1)
    return ptr


def _closed(state: BankState, profile: Profile, occupied: set[int]) -> str | None:
    """Why no player may be offered the bank this round at all, or None."""
    b = profile.banking
    if not b.player_bank:
        return f"players may not bank under profile {profile.name!r} (R-BANK-01)"
    if not b.house_banks:
        return None
    if state.start_of_game:
        return "a player may not bank the start-of-game round (R-BANK-02)"
    if b.house_round_between and state.previous_player_banked:
        return "the house banks the round after a player bank (R-BANK-05, AMB-18)"
    if _pointer(state, profile, occupied) > state.positions:
        return "the offer has passed the last seated player and returns to the dealer (AMB-20)"
    return None


def offer_order(
    state: BankState, profile: Profile, seated: Iterable[int] | None = None
) -> list[int]:
    """Seated positions to offer the bank to this round, in order; [] when the house banks."""
    n = state.positions
    occupied = _occupied_set(state, seated)
    if _closed(state, profile, occupied) is not None:
        return []
    if not profile.banking.house_banks:
        if state.last_banker is None:
            ring = list(range(1, n + 1))
        else:
            ring = [(state.last_banker[0] - 1 + k) % n + 1 for k in range(n)]
            if state.streak >= profile.banking.max_consecutive:
                ring = ring[1:] + ring[:1]
        return [p for p in ring if p in occupied]
    first = _pointer(state, profile, occupied)
    order = list(range(first, n + 1))
    if profile.banking.offer_wraps:
        order += range(1, first)
    return [p for p in order if p in occupied]


def _next_first(state: BankState, after: int, occupied: set[int]) -> int:
    """The seated position after ``after``, offered the bank first next round; past the last
    one, ``positions + 1``: the offer returns to the dealer."""
    return min((p for p in occupied if p > after), default=state.positions + 1)


def _blocker(
    state: BankState,
    profile: Profile,
    position: int,
    player: str,
    seated: Iterable[int] | None = None,
) -> str | None:
    """Why ``player`` at ``position`` may not bank this round (all but the chip cover)."""
    b = profile.banking
    if _count(position, "position", 1) > state.positions:
        raise IllegalActionError(f"position {position} is not in 1..{state.positions}")
    if not isinstance(player, str) or not player:
        raise IllegalActionError(f"a player is named by a non-empty string, got {player!r}")
    occupied = _occupied_set(state, seated)
    closed = _closed(state, profile, occupied)
    if closed is not None:
        return closed
    if (
        state.last_banker is not None
        and state.last_banker[1] == player
        and state.streak >= b.max_consecutive
    ):
        rule = "R-LC-03" if not b.house_banks else "R-BANK-04"
        return f"{player} has banked {state.streak} round(s) in a row, the limit ({rule})"
    order = offer_order(state, profile, occupied)
    if position not in order:
        return f"position {position} is not offered the bank this round; offers run {order}"
    if b.house_banks and player not in dict(state.house_wagers):
        when = "" if state.last_house_round is None else f" (round {state.last_house_round})"
        return (
            f"{player} did not wager against the dealer in the last round with no player "
            f"bank{when} (R-BANK-06(a))"
        )
    if b.house_banks or state.last_banker == (position, player):
        return None  # a PD may continue (R-LC-03)
    bettors = state.bettors_on(position)
    if state.round_no > 0 and not bettors:
        return f"no wager on position {position} on the previous hand, so no PD there (R-LC-04)"
    if state.round_no > 0 and player not in bettors:
        return f"{player} did not wager on position {position} on the previous hand (R-LC-04(b))"
    bets = state.bets_in_rotation(player)
    if state.round_no >= b.min_bets_to_qualify and bets < b.min_bets_to_qualify:
        return (
            f"{player} has wagered {bets} time(s) as a Player this rotation, fewer than "
            f"{b.min_bets_to_qualify} (R-LC-04(a), AMB-68)"
        )
    return None


def eligibility(
    state: BankState,
    profile: Profile,
    position: int,
    player: str,
    *,
    chips_on_table: int,
    others_wagers: int,
    seated: Iterable[int] | None = None,
) -> tuple[bool, str]:
    """Whether ``player`` at ``position`` may bank this round, and why not.

    ``chips_on_table`` is the player's chips on the table and ``others_wagers`` the total of the
    other players' wagers this round, in cents (R-BANK-06(b), AMB-81).
    """
    chips = _count(chips_on_table, "chips_on_table", 0)
    others = _count(others_wagers, "others_wagers", 0)
    reason = _blocker(state, profile, position, player, seated)
    if reason is not None:
        return False, reason
    if profile.banking.bank_must_cover_all and chips < others:
        return False, (
            f"{player} has {_money(chips)} on the table, short of the {_money(others)} "
            "wagered by the other players (R-BANK-06(b), AMB-81)"
        )
    return True, "eligible"


def dealer_wager_amount(state: BankState, player: str) -> int:
    """The dealer's wager against ``player``'s bank, in cents (R-BANK-10, AMB-19); 0 if none.

    It is the player's own stake in the last round with no player bank. The caller applies
    co-banking (no dealer wager), the ``dealer_wager`` option and the bank's request for less.
    """
    return dict(state.house_wagers).get(player, 0)


def _check_wagers(state: BankState, wagers: list[Wager]) -> list[Wager]:
    seen: set[tuple[int, str]] = set()
    seated: set[int] = set()
    for w in wagers:
        if not isinstance(w, tuple) or len(w) != 4:
            raise IllegalActionError(f"a wager is (position, player, cents, seated), got {w!r}")
        pos, name, cents, is_seated = w
        if _count(pos, "a wager's position", 1) > state.positions:
            raise IllegalActionError(f"wager {w!r}: position not in 1..{state.positions}")
        if not isinstance(name, str) or not name:
            raise IllegalActionError(f"wager {w!r}: the player must be a non-empty string")
        _count(cents, f"wager {w!r}: cents", 1)
        if not isinstance(is_seated, bool):
            raise IllegalActionError(f"wager {w!r}: seated must be True or False")
        if (pos, name) in seen:
            raise IllegalActionError(f"{name} has two wagers on position {pos}")
        if is_seated and pos in seated:
            raise IllegalActionError(f"two players are seated at position {pos}")
        seen.add((pos, name))
        if is_seated:
            seated.add(pos)
    return list(wagers)


def after_round(
    state: BankState,
    profile: Profile,
    *,
    banker: tuple[int, str] | None,
    co_bank: bool,
    wagers: list[Wager],
    seated: Iterable[int] | None = None,
) -> BankState:
    """Record a finished round and return the state for the next one.

    Args:
        banker: the player bank's (position, player), or None when the house banked.
        co_bank: the bank was co-banked with the house (R-BANK-09).
        wagers: every bettor's own stake against the bank or dealer, as
            (position, player, cents, seated); the banker's own stake is not a wager.
        seated: the occupied positions (default: all); the pointer moves among them.

    Raises:
        IllegalActionError: malformed wagers, or a banker the rules forbid this round.
    """
    b = profile.banking
    ws = _check_wagers(state, wagers)
    occupied = _occupied_set(state, seated)
    order = offer_order(state, profile, occupied)
    if banker is None:
        if co_bank:
            raise IllegalActionError("a co-bank needs a player bank (R-BANK-09)")
        if not b.house_banks:
            raise IllegalActionError("no hand is played without a Player-Dealer (R-LC-01, AMB-69)")
    else:
        if not isinstance(banker, tuple) or len(banker) != 2:
            raise IllegalActionError(f"banker is (position, player) or None, got {banker!r}")
        reason = _blocker(state, profile, banker[0], banker[1], occupied)
        if reason is not None:
            raise IllegalActionError(f"{banker[1]} may not bank this round: {reason}")
        if co_bank and not (b.co_bank and b.house_banks):
            raise IllegalActionError(f"profile {profile.name!r} offers no co-banking")
        if any(w[1] == banker[1] for w in ws):
            raise IllegalActionError(
                f"{banker[1]} is the bank and plays only the bank's area (R-BANK-08)"
            )

    streak = 0
    if banker is not None:
        continuing = state.last_banker is not None and state.last_banker[1] == banker[1]
        streak = state.streak + 1 if continuing else 1

    first = state.first_offer  # AMB-20, among the seated positions
    returned = b.house_banks and _pointer(state, profile, occupied) > state.positions
    if b.house_banks and order:
        if b.offer_pointer_follows_acceptor and banker is not None:
            first = _next_first(state, banker[0], occupied)
        else:
            first = _next_first(state, order[0], occupied)
    elif returned and _closed(state, profile, occupied) is not None and not state.start_of_game:
        first = 1  # the dealer's round is over: the offer starts again at position 1
    if b.house_banks and not b.offer_returns_to_dealer and first > state.positions:
        first = 1  # no dealer round between cycles (MD Ch.9 §C)

    house = state.house_wagers
    last_house = state.last_house_round
    if banker is None:
        stakes: Counter[str] = Counter()
        for _pos, name, cents, _seated in ws:
            stakes[name] += cents
        house, last_house = tuple(sorted(stakes.items())), state.round_no

    rotation = state.rotation_bets
    if b.min_bets_to_qualify > 0:
        reached = order
        if banker is not None and banker[0] in order:
            reached = order[: order.index(banker[0]) + 1]
        restart = {name for pos in reached for name in state.bettors_on(pos)}
        if banker is not None:
            restart.add(banker[1])
        counts = Counter({k: v for k, v in state.rotation_bets if k not in restart})
        counts.update({name for _p, name, _c, _s in ws})
        rotation = tuple(sorted(counts.items()))

    on_seat: dict[int, set[str]] = {}
    for pos, name, _c, _s in ws:
        on_seat.setdefault(pos, set()).add(name)
    if banker is not None:
        on_seat.setdefault(banker[0], set()).add(banker[1])
    previous = tuple((pos, tuple(sorted(names))) for pos, names in sorted(on_seat.items()))

    return replace(
        state,
        first_offer=first,
        start_of_game=False,
        round_no=state.round_no + 1,
        last_banker=banker,
        streak=streak,
        last_house_round=last_house,
        house_wagers=house,
        rotation_bets=rotation,
        previous_hand=previous,
    )
