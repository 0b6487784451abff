"""Supreme Pai Gow: which cards each position receives (R-SPG-10(d), R-SPG-11..13, R-SPG-24).

Pure functions, generic over the card type and the position type. The ring lists the hand
positions counterclockwise, dealer first: :data:`RING` = ``dealer, 1, ..., 6`` (§0.3). The
starting position comes from :func:`paigow.games.dice.count_start` (the dealer counted as one, or
the bank in a bank round, R-SPG-24) or from :func:`button_position`.

The directions differ by method and are implemented as written (AMB-48):

* manual shoe (R-SPG-11): card by card, **clockwise** from the start;
* hand-dealt stacks (R-SPG-12): stack 1 (far right) to the start, then **counterclockwise**;
* automated shoe (R-SPG-13): stacks as dispensed, **clockwise** from the start;
* bank round dealt by hand (R-SPG-24): the bank's first stack ``f`` to the start, then stacks
  ``f-1, ..., 1, 7, ..., f+1``, **clockwise**;
* the button (R-SPG-10(d)) starts at the dealer and moves **clockwise** each round.

Every function returns the positions' hands as a dict in delivery order (the order in which
positions receive their first card or their stack); cards keep the order they were dealt in.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final, TypeAlias, TypeVar

from paigow.errors import IllegalActionError
from paigow.games.ring import start_ring_order

__all__ = [
    "CARDS_PER_HAND",
    "RING",
    "bank_stack_order",
    "button_position",
    "clockwise_order",
    "deal_hand_stacks",
    "deal_manual_shoe",
    "deliver_automated_shoe",
    "deliver_bank_hand_stacks",
    "deliver_hand_stacks",
    "manual_shoe_sequence",
]

C = TypeVar("C")
P = TypeVar("P", bound=Hashable)

#: The Supreme Pai Gow ring, counterclockwise: the dealer, then positions 1..6 (§0.3).
RING: Final = ("dealer", "1", "2", "3", "4", "5", "6")
#: Cards each position receives (R-SPG-01).
CARDS_PER_HAND: Final = 4

_Hand: TypeAlias = tuple[C, C, C, C]


def clockwise_order(ring: Sequence[P], start: P) -> list[P]:
    """The ring **clockwise** from ``start``: start, then the position to its left, and so on."""
    ccw = start_ring_order(ring, start)
    return [ccw[0], *reversed(ccw[1:])]


def manual_shoe_sequence(ring: Sequence[P], start: P) -> list[P]:
    """The position receiving each card from a manual shoe, in order (R-SPG-11, TC-81).

    Card ``k`` (0-based) goes to ``R[(i_start - (k mod n)) mod n]``: one card to each position
    clockwise from the start, including the dealer, four rounds in all (28 cards for 7).
    """
    return clockwise_order(ring, start) * CARDS_PER_HAND


def _need_cards(cards: Sequence[C], count: int) -> None:
    if len(cards) < count:
        raise IllegalActionError(f"the deal needs {count} cards, got {len(cards)}")


def _hand(cards: Sequence[C]) -> _Hand[C]:
    a, b, c, d = cards
    return (a, b, c, d)


def deal_manual_shoe(cards: Sequence[C], ring: Sequence[P], start: P) -> dict[P, _Hand[C]]:
    """Deal from a manual shoe (R-SPG-11): card by card, clockwise from ``start``.

    Args:
        cards: the shoe from its first card; cards after the ``4 * len(ring)`` dealt are the
            stub (26 of a 54-card deck).
        ring: the positions counterclockwise (:data:`RING`).
        start: the starting position.
    """
    order = manual_shoe_sequence(ring, start)
    _need_cards(cards, len(order))
    dealt: dict[P, list[C]] = {}
    for position, card in zip(order, cards, strict=False):
        dealt.setdefault(position, []).append(card)
    return {position: _hand(hand) for position, hand in dealt.items()}


def deal_hand_stacks(cards: Sequence[C], n_stacks: int = len(RING)) -> list[_Hand[C]]:
    """The stacks dealt from the hand (R-SPG-12, TC-82), stack 1 (far right) first.

    The first ``n_stacks`` cards go left to right, the next right to left, alternating, until
    each stack holds four. With 7 stacks and cards numbered 1..28, stack 1 holds cards
    {7, 8, 21, 22} and stack 7 holds {1, 14, 15, 28}. Cards past the dealt ones are the stub.
    """
    if n_stacks < 1:
        raise IllegalActionError(f"a hand deal makes at least one stack, got {n_stacks}")
    _need_cards(cards, n_stacks * CARDS_PER_HAND)
    stacks: list[list[C]] = [[] for _ in range(n_stacks)]
    for k in range(n_stacks * CARDS_PER_HAND):
        sweep, offset = divmod(k, n_stacks)
        # even sweeps run left to right: the first card lands on the far-left stack (n)
        index = n_stacks - 1 - offset if sweep % 2 == 0 else offset
        stacks[index].append(cards[k])
    return [_hand(stack) for stack in stacks]


def _check_stacks(stacks: Sequence[Sequence[C]], ring: Sequence[P]) -> None:
    if len(stacks) != len(ring):
        raise IllegalActionError(
            f"one stack per ring position: {len(ring)} positions, {len(stacks)} stacks"
        )
    for n, stack in enumerate(stacks, start=1):
        if len(stack) != CARDS_PER_HAND:
            raise IllegalActionError(
                f"stack {n} must hold {CARDS_PER_HAND} cards, got {len(stack)}"
            )


def _give(
    stacks: Sequence[Sequence[C]], stack_order: Sequence[int], positions: Sequence[P]
) -> dict[P, _Hand[C]]:
    return {p: _hand(stacks[s - 1]) for p, s in zip(positions, stack_order, strict=True)}


def deliver_hand_stacks(
    stacks: Sequence[Sequence[C]], ring: Sequence[P], start: P
) -> dict[P, _Hand[C]]:
    """Deliver hand-dealt stacks (R-SPG-12): stack 1 to ``start``, then counterclockwise.

    ``stacks`` are numbered from the dealer's right, as :func:`deal_hand_stacks` returns them.
    """
    _check_stacks(stacks, ring)
    return _give(stacks, range(1, len(stacks) + 1), start_ring_order(ring, start))


def deliver_automated_shoe(
    stacks: Sequence[Sequence[C]], ring: Sequence[P], start: P
) -> dict[P, _Hand[C]]:
    """Deliver an automated shoe's stacks (R-SPG-13): the first dispensed to ``start``, then
    each next one to the next position clockwise."""
    _check_stacks(stacks, ring)
    return _give(stacks, range(1, len(stacks) + 1), clockwise_order(ring, start))


def bank_stack_order(first: int, n_stacks: int = len(RING)) -> list[int]:
    """Stack numbers in delivery order in a bank round dealt by hand (R-SPG-24, AMB-48).

    The bank's chosen stack ``first``, then the stacks to its right from nearest
    (``first - 1 .. 1``), then from the far left rightward (``n .. first + 1``). Stacks are
    numbered from the dealer's right (1 = far right).
    """
    if not 1 <= first <= n_stacks:
        raise IllegalActionError(f"the bank chooses a stack 1..{n_stacks}, got {first}")
    return [first, *range(first - 1, 0, -1), *range(n_stacks, first, -1)]


def deliver_bank_hand_stacks(
    stacks: Sequence[Sequence[C]], first: int, ring: Sequence[P], start: P
) -> dict[P, _Hand[C]]:
    """Deliver hand-dealt stacks in a bank round (R-SPG-24, §34.13(i)5, AMB-48).

    The bank's chosen stack ``first`` goes to ``start`` (counted with the bank as one); the
    others follow in :func:`bank_stack_order` to the positions **clockwise** from ``start``.
    """
    _check_stacks(stacks, ring)
    order = bank_stack_order(first, len(stacks))
    return _give(stacks, order, clockwise_order(ring, start))


def button_position(ring: Sequence[P], round_number: int, dealer: P | None = None) -> P:
    """The button's position in a round (R-SPG-10(d), TC-83): the starting position.

    The button is placed in front of the dealer when play begins (round 1) and moves one
    position clockwise after each round: round 2 is position 6, round 3 position 5, ...

    Args:
        ring: the positions counterclockwise (:data:`RING`).
        round_number: 1 for the first round of play.
        dealer: the dealer's position; ``ring[0]`` by default.
    """
    if round_number < 1:
        raise IllegalActionError(f"rounds are numbered from 1, got {round_number}")
    if not ring:
        raise IllegalActionError("the ring has no positions")
    order = clockwise_order(ring, ring[0] if dealer is None else dealer)
    return order[(round_number - 1) % len(order)]
