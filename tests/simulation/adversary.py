"""The adversary of the hidden-information invariant: given a round record exactly as one
viewer received it (a signed-out history, a player's recall), it tries to recover what that
viewer may never see — an unexposed hand (surrendered, dead, collected), a hidden setting,
a hand's hidden comparisons — by brute force against every chain link the record still
carries, with its own hashing (:mod:`.canon`).

The record's chain links every element in the order it happened, each operation after the
transfers it made (docs/table.md). Wherever two links the viewer holds (the chain's start, a
transfer's link, the chain's head) bracket elements whose only unknowns are hidden pieces, the
adversary enumerates those pieces — the tiles the viewer has not seen arranged into the hidden
hands, every split of a hidden hand into high and low, every value of a hidden comparison —
and recomputes the links. A match is a recovery: a violation, since the rules never reveal
these to that viewer. A search whose space is over the budget is not tried (counted): "a
space too large to search" is exactly what the standards allow.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .canon import record_link

__all__ = ["TILES", "Attack", "attack_record"]

#: The 32 Chinese dominoes of Pai Gow Tiles (eleven pairs, ten single tiles): public knowledge.
TILES: tuple[str, ...] = (
    *(t for t in ("6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5")
      for _ in range(2)),
    "3-6", "4-5", "2-6", "3-5", "2-5", "3-4", "1-4", "2-3", "1-2", "2-4",
)  # fmt: skip

#: The values a hand's comparison with the dealer's may take.
SIDES = ("player", "dealer", "push", "copy")
_SETTING_KINDS = frozenset({"set", "house_way", "bank_set"})


@dataclass
class Attack:
    """What one record's attack did."""

    #: Each recovery: what was recovered, in words.
    recovered: list[str] = field(default_factory=list)
    #: Gaps searched, gaps over the budget, gaps whose elements the model did not reproduce.
    searched: int = 0
    too_large: int = 0
    unmodelled: int = 0
    #: Link computations done.
    hashes: int = 0


@dataclass
class _Unknown:
    """One element with hidden parts, and how to fill them in."""

    where: int  # its place in the gap
    kind: str  # deal | setting | settle
    spot: str = ""
    missing: tuple[str, ...] = ()  # deal: the hidden positions; settle: hidden result refs


def _elements(record: dict[str, Any]) -> list[tuple[str, dict[str, Any], str | None]]:
    """The chain's elements in order: (kind, element without its link, its link if held)."""
    out: list[tuple[str, dict[str, Any], str | None]] = []
    transfers = sorted(record.get("transfers") or [], key=lambda t: t["index"])
    by_op: dict[int, list[dict[str, Any]]] = {}
    for t in transfers:
        by_op.setdefault(int(t["op"]), []).append(t)
    for op in sorted(record.get("operations") or [], key=lambda o: o["index"]):
        for t in by_op.get(int(op["index"]), []):
            out.append(("transfer", {k: v for k, v in t.items() if k != "link"}, t.get("link")))
        element = {k: v for k, v in op.items() if k != "link"}
        element.setdefault("at", None)
        out.append(("operation", element, op.get("link")))
    return out


def attack_record(record: dict[str, Any], budget: int) -> Attack:
    """Attack one record as received; ``budget``: the most candidates tried per gap."""
    out = Attack()
    chain = record.get("chain") or {}
    start, head = chain.get("start"), chain.get("head")
    if not isinstance(start, str) or not isinstance(head, str):
        return out
    elements = _elements(record)
    if not elements:
        return out
    seen_hands = _seen_hands(record)
    prev, gap = start, []
    for i, (kind, element, held) in enumerate(elements):
        gap.append((kind, element))
        target = held if held else (head if i == len(elements) - 1 else None)
        if target is None:
            continue
        _solve(prev, gap, target, seen_hands, record, budget, out)
        prev, gap = target, []
    return out


def _seen_hands(record: dict[str, Any]) -> dict[str, list[str]]:
    """Every hand the viewer was shown whole: position -> pieces."""
    shown: dict[str, list[str]] = {}
    for op in record.get("operations") or []:
        if op.get("kind") == "deal":
            for pos, pieces in ((op.get("data") or {}).get("hands") or {}).items():
                shown[str(pos)] = list(pieces)
    for pos, entry in (record.get("positions") or {}).items():
        if isinstance(entry, dict) and isinstance(entry.get("dealt"), list):
            shown[str(pos)] = list(entry["dealt"])
    return shown


def _solve(  # noqa: PLR0917 (one gap: its bounds, elements, and the attack)
    prev: str,
    gap: list[tuple[str, dict[str, Any]]],
    target: str,
    seen: dict[str, list[str]],
    record: dict[str, Any],
    budget: int,
    out: Attack,
) -> None:
    unknowns = _unknowns(gap, record)
    if not unknowns:
        link = prev
        for kind, element in gap:
            link = record_link(link, kind, element)
        out.hashes += len(gap)
        if link != target:
            out.unmodelled += 1
        return
    if any(u.kind == "shuffle" for u in unknowns):
        out.too_large += 1  # the stack order: 32! / 2^11 orders
        return
    deal = next((u for u in unknowns if u.kind == "deal"), None)
    hidden_tiles: list[str] = []
    if deal is not None:
        left = Counter(TILES)
        left.subtract(Counter(t for p, hand in seen.items() if p not in deal.missing for t in hand))
        if any(n < 0 for n in left.values()) or sum(left.values()) != 4 * len(deal.missing):
            out.unmodelled += 1  # not a game of these tiles (cards), or more hidden than dealt
            return
        hidden_tiles = sorted(left.elements())
    space = _space(unknowns, hidden_tiles)
    if space > budget:
        out.too_large += 1
        return
    out.searched += 1
    for filled in _candidates(gap, unknowns, hidden_tiles, seen):
        link = prev
        for kind, element in filled:
            link = record_link(link, kind, element)
        out.hashes += len(filled)
        if link == target:
            out.recovered.append(_describe(record, gap, filled, unknowns))
            return


def _unknowns(gap: list[tuple[str, dict[str, Any]]], record: dict[str, Any]) -> list[_Unknown]:
    positions = [str(p) for p in (record.get("positions") or {})]
    out: list[_Unknown] = []
    for i, (kind, element) in enumerate(gap):
        if kind != "operation":
            continue
        data = element.get("data") or {}
        k = element.get("kind")
        if k == "shuffle" and "order" not in data:
            out.append(_Unknown(i, "shuffle"))
        elif k == "deal":
            hands = data.get("hands") or {}
            missing = tuple(p for p in positions if p not in hands)
            if missing:
                out.append(_Unknown(i, "deal", missing=missing))
        elif k in _SETTING_KINDS and "high" not in data:
            spot = str(data.get("spot")) if k != "bank_set" else _bank_spot(record)
            if spot and (k != "bank_set" or data.get("by") != "house way" or spot):
                out.append(_Unknown(i, "setting", spot=spot))
        elif k == "settle":
            refs = tuple(
                ref
                for ref, r in sorted((data.get("results") or {}).items())
                if isinstance(r, dict)
                and "spot" in r
                and "high" not in r
                and "low" not in r
                and r.get("result") not in (None, "void", "removed")
            )
            if refs:
                out.append(_Unknown(i, "settle", missing=refs))
    return out


def _bank_spot(record: dict[str, Any]) -> str:
    banker = record.get("banker") or {}
    return str(banker.get("position") or "dealer")


def _distinct_orders(tiles: list[str]) -> int:
    n = math.factorial(len(tiles))
    for c in Counter(tiles).values():
        n //= math.factorial(c)
    return n


def _space(unknowns: list[_Unknown], hidden_tiles: list[str]) -> int:
    space = _distinct_orders(hidden_tiles) if hidden_tiles else 1
    for u in unknowns:
        if u.kind == "setting":
            space *= 24
        elif u.kind == "settle":
            space *= (len(SIDES) ** 2 + 1) ** len(u.missing)
    return space


def _unique_permutations(tiles: list[str]) -> Iterator[tuple[str, ...]]:
    """Every distinct order of ``tiles`` (a multiset), each once."""
    counts = Counter(tiles)
    keys = sorted(counts)
    n = len(tiles)
    order: list[str] = []

    def step() -> Iterator[tuple[str, ...]]:
        if len(order) == n:
            yield tuple(order)
            return
        for k in keys:
            if counts[k]:
                counts[k] -= 1
                order.append(k)
                yield from step()
                order.pop()
                counts[k] += 1

    yield from step()


def _settings(hand: list[str]) -> Iterator[tuple[list[str], list[str]]]:
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    for p in itertools.permutations(hand):
        key = (p[:2], p[2:])
        if key not in seen:
            seen.add(key)
            yield list(p[:2]), list(p[2:])


def _candidates(
    gap: list[tuple[str, dict[str, Any]]],
    unknowns: list[_Unknown],
    hidden_tiles: list[str],
    seen: dict[str, list[str]],
) -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """Every way of filling in the gap's hidden parts."""
    deal = next((u for u in unknowns if u.kind == "deal"), None)
    deals: Iterator[dict[str, list[str]]]
    if deal is None:
        deals = iter([{}])
    else:
        deals = (
            {p: list(order[4 * j : 4 * j + 4]) for j, p in enumerate(deal.missing)}
            for order in _unique_permutations(hidden_tiles)
        )
    rest = [u for u in unknowns if u.kind != "deal"]
    for hands in deals:
        known = {**seen, **hands}
        choices: list[list[Any]] = []
        for u in rest:
            if u.kind == "setting":
                hand = known.get(u.spot)
                choices.append(list(_settings(hand)) if hand and len(hand) == 4 else [])
            else:  # settle: each hidden result's comparisons, or none
                sides = [None, *itertools.product(SIDES, SIDES)]
                choices.append(list(itertools.product(sides, repeat=len(u.missing))))
        for picks in itertools.product(*choices):
            filled = [(k, dict(e)) for k, e in gap]
            if deal is not None:
                kind, e = filled[deal.where]
                data = dict(e["data"])
                data["hands"] = {**(data.get("hands") or {}), **hands}
                filled[deal.where] = (kind, {**e, "data": data})
            for u, pick in zip(rest, picks, strict=True):
                kind, e = filled[u.where]
                data = dict(e["data"])
                if u.kind == "setting":
                    data["high"], data["low"] = pick
                else:
                    results = dict(data["results"])
                    for ref, sides_of in zip(u.missing, pick, strict=True):
                        if sides_of is not None:
                            results[ref] = {**results[ref], "high": sides_of[0], "low": sides_of[1]}
                    data["results"] = results
                filled[u.where] = (kind, {**e, "data": data})
            yield filled


def _describe(
    record: dict[str, Any],
    gap: list[tuple[str, dict[str, Any]]],
    filled: list[tuple[str, dict[str, Any]]],
    unknowns: list[_Unknown],
) -> str:
    parts: list[str] = []
    for u in unknowns:
        data = filled[u.where][1]["data"]
        if u.kind == "deal":
            parts += [f"hand {p} {data['hands'][p]}" for p in u.missing]
        elif u.kind == "setting":
            parts.append(f"setting of {u.spot} high {data['high']} low {data['low']}")
        else:
            parts += [
                f"comparisons of {ref} {data['results'][ref].get('high')}/"
                f"{data['results'][ref].get('low')}"
                for ref in u.missing
            ]
    where = f"{record.get('table_id')} round {record.get('record_id')}"
    return f"{where}: recovered {'; '.join(parts)} from the record's chain links"
