"""Operation records: every action of a round is one immutable :class:`Operation` in its log.

An operation has an ``index`` (its place in the log), a ``kind`` (what happened), an ``actor``
(``dealer``, ``player:NAME``, ``bank``), the time ``at`` which the caller said it happened (the
table has no clock; None when no time was given), ``data`` (the inputs and outcomes needed to
replay it: the shuffle order, the dice, the setting chosen) and its ``link`` in the round's hash
chain (:mod:`paigow.table.chain`). The log of a round is enough to rebuild the round exactly
(:mod:`paigow.table.record`). Operations marked ``"derived": true`` in their data follow from
an earlier operation of the same action and are skipped on replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from .chain import link as chain_link

__all__ = ["KINDS", "Operation"]

#: Every operation kind, with the rule it implements.
KINDS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "shuffle": "R-SHUF-03/04: the wash and the eight stacks (data: order)",
        "expose_stacking": "R-SHUF-05 / R-LC-16: a tile exposed while stacking (data: tiles)",
        "cut": "R-CUT-01/02: the bank's cut (data: cut)",
        "decline_cut": "R-CUT-01: the bank declines to cut",
        "dealer_wager": "R-BANK-10: the dealer's wager against the bank (data: cents)",
        "pd_wager": "R-LC-09: the Player-Dealer's stake (data: cents)",
        "wager": "R-WAGER-01..07: a wager on a spot (data: ref, player, spot, cents, kind)",
        "remove_wager": "R-WAGER-03: a wager taken back before no more bets (data: ref)",
        "no_more_bets": "R-WAGER-03 / R-START-01: betting closes",
        "style": "R-DEAL-04 / R-STYLE: the delivery style (data: style, chooser)",
        "no_roll": "R-START-12: dice not flat or a die out: reshake",
        "roll": "R-START-02..05: the dice or RNG number and the start (data: dice|rng, start)",
        "deal": "R-DEAL-01..03 / R-STYLE: the tiles delivered and unwagered stacks collected",
        "face_up_in_shoe": "R-IRR-NJ-f: a card face up in the shoe, not used (data: card)",
        "stub_count": "R-SPG-11 / R-IRR-NJ-p: the stub counted after the deal (data: cards)",
        "dragons_eye": "R-DE-03..11: the dice phase settled before the deal (derived)",
        "dealer_shakes": "§30-2607.01(6): the shaker lets the dealer shake for them (data: player)",
        "expose_dealt": "R-IRR: a dealt tile exposed by the dealer (data: position, count)",
        "hand_dead": "R-LC-16 (¶39): two or more tiles of a hand exposed; bet returned (derived)",
        "void_hand": "R-IRR-CO-5 / MD-4: a player voids the hand, wager returned (data: spot)",
        "tile_off_table": "R-IRR-CO-8: a tile leaves the table (data: position)",
        "set": "R-SET-01..08: a spot's setting (data: spot, high, low, by)",
        "house_way": "R-SET-04 / R-LC-11: a spot set by the house way on request (data: spot)",
        "bank_set": "R-SET-05/06: the dealer's or bank's setting (data: high, low, by)",
        "reset_to_house_way": "R-HW-02 / R-IRR: a mis-set dealer or bank hand reset",
        "surrender": "R-SURR-01: a surrendered wager (data: spot)",
        "expose_hand": "R-SETTLE-01: the dealer exposes the next player's hands (data: spot)",
        "foul": "R-LC ¶48: a hand fouled by switching, passing or holding out (data: spot)",
        "bet_removed": "R-LC ¶49/¶50: a bet taken off the layout during play (data: ref, known)",
        "abandon": "R-IRR-MD-7: a player leaves; wagers treated as losing (data: player)",
        "settle": "R-SETTLE / R-BANK-12..14 / R-LC-09: results and transfers",
        "void": "R-IRR: all hands void, every wager returned (data: reason)",
    }
)


@dataclass(frozen=True, slots=True)
class Operation:
    """One action of a round, as recorded in its log."""

    index: int
    kind: str
    actor: str
    data: Mapping[str, Any] = field(default_factory=dict)
    at: str | None = None
    link: str = ""
    #: ``data`` as plain JSON, made once (:meth:`content`): the operation is immutable.
    _json: Any = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown operation kind {self.kind!r}")
        object.__setattr__(self, "data", MappingProxyType(dict(self.data)))

    def content(self) -> dict[str, Any]:
        """``{"index", "kind", "actor", "at", "data"}``: what the chain link covers (its
        ``data`` made once and shared by every call: it must not be changed)."""
        data = self._json
        if data is None:
            data = _plain(self.data)
            object.__setattr__(self, "_json", data)
        return {
            "index": self.index,
            "kind": self.kind,
            "actor": self.actor,
            "at": self.at,
            "data": data,
        }

    @classmethod
    def chained(
        cls,
        previous: str,
        *,
        index: int,
        kind: str,
        actor: str,
        data: Mapping[str, Any],
        at: str | None,
    ) -> Operation:
        """A new operation linked after ``previous`` in its round's chain (made once, its
        ``link`` set before anyone sees it)."""
        op = cls(index, kind, actor, data, at)
        object.__setattr__(op, "link", chain_link(previous, "operation", op.content()))
        return op

    def to_json(self) -> dict[str, Any]:
        """:meth:`content` and the ``link``."""
        return self.content() | {"link": self.link}


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is list or kind is tuple:
        return [_plain(v) for v in value]
    if kind is dict or kind is MappingProxyType:  # (before the slower check of any mapping)
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
