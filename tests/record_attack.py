"""An adversary of the recalled record (tests/test_record_redaction.py): it searches the hidden
pieces of a tiles round — the unexposed tiles, dealt in every order to the positions it did not
see, each such hand set in each of its three ways, each hidden result's comparisons — for those
whose hash chain gives a digest that the record it was sent carries.

It walks the chain (docs/table.md, "The hash chain": each operation after the transfers it made,
``link = sha256(previous | kind | canonical JSON)``) from the last element before the first
hidden part whose link it was sent, fills each hidden part with every candidate, and keeps the
candidates whose links meet a digest of the record (a transfer's link, the head): on a record
that carries them, a few tens of thousands of candidates, the right one found in a second or
two. It knows the rules of the game (the tiles, the three settings of four tiles) and the
record's documented form, nothing of the round it was not sent.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

import orjson

from paigow.games import hand_pieces
from paigow.games.tiles.settings import settings_of
from paigow.games.tiles.tiles import FULL_SET
from paigow.table.chain import link

__all__ = ["DIGEST", "attack", "digests"]

#: A SHA-256 digest in hex, wherever it is written (a link, a head, ``sha256:...``,
#: ``hmac-sha256:...``).
DIGEST = re.compile(r"[0-9a-f]{64}")

#: A candidate: what it fills in (position -> tiles dealt; spot -> setting; ref -> comparisons).
Candidate = dict[str, Any]


def digests(value: Any) -> set[str]:
    """Every SHA-256 digest written anywhere in ``value`` (its JSON text)."""
    return set(DIGEST.findall(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()))


def _elements(record: Mapping[str, Any]) -> list[tuple[str, dict[str, Any], str | None]]:
    """The chain's elements in order: (kind, content as sent without its link, link if sent)."""
    made: dict[int, list[Mapping[str, Any]]] = {}
    for t in record["transfers"]:
        made.setdefault(int(t["op"]), []).append(t)
    out: list[tuple[str, dict[str, Any], str | None]] = []
    for op in record["operations"]:
        for t in made.get(int(op["index"]), []):
            out.append(("transfer", {k: v for k, v in t.items() if k != "link"}, t.get("link")))
        content = {k: op.get(k) for k in ("index", "kind", "actor", "at", "data")}
        out.append(("operation", content, op.get("link")))
    return out


def _hidden_positions(record: Mapping[str, Any]) -> list[str]:
    return sorted(p for p, e in record["positions"].items() if e.get("dealt") is None)


def _unexposed(record: Mapping[str, Any]) -> list[str]:
    seen = Counter(t for e in record["positions"].values() for t in (e.get("dealt") or []))
    left = Counter(str(t) for t in FULL_SET) - seen
    return sorted(left.elements())


def _deals(record: Mapping[str, Any]) -> Iterator[Candidate]:
    """Every way to deal the unexposed tiles, in order, to the positions not seen."""
    hidden = _hidden_positions(record)
    tiles = _unexposed(record)
    if len(tiles) != 4 * len(hidden):
        return
    for order in _distinct_permutations(tiles):
        yield {p: list(order[4 * i : 4 * i + 4]) for i, p in enumerate(hidden)}


def _distinct_permutations(items: list[str]) -> Iterator[tuple[str, ...]]:
    counts = Counter(items)
    n = len(items)
    out: list[str] = []

    def more() -> Iterator[tuple[str, ...]]:
        if len(out) == n:
            yield tuple(out)
            return
        for t in sorted(counts):
            if counts[t]:
                counts[t] -= 1
                out.append(t)
                yield from more()
                out.pop()
                counts[t] += 1

    return more()


def _settings(tiles: list[str]) -> list[dict[str, list[str]]]:
    return [
        {"high": [str(t) for t in hand_pieces(s.high)], "low": [str(t) for t in hand_pieces(s.low)]}
        for s in settings_of(" ".join(tiles))
    ]


def _fills(
    kind: str, content: dict[str, Any], dealt: Mapping[str, list[str]]
) -> list[tuple[dict[str, Any], Candidate]] | None:
    """The candidate contents of an element with a hidden part, each with what it fills in
    (None: nothing of it is hidden), given the hands dealt in the candidate."""
    data = content["data"] if kind == "operation" else {}
    what = content.get("kind")
    if what in ("set", "house_way") and "high" not in data:
        spot = str(data["spot"])
        hand = dealt.get(spot)
        if hand is None:
            return []
        return [(content | {"data": data | s}, {"settings": {spot: s}}) for s in _settings(hand)]
    if what == "settle":
        results = data["results"]
        bare = sorted(r for r, v in results.items() if "spot" in v and "high" not in v)
        if not bare:
            return None
        sides = sorted(
            {v[k] for v in results.values() for k in ("high", "low") if k in v}
            | {"dealer", "player"}
        )
        out = []
        for pick in itertools.product(sides, repeat=2 * len(bare)):
            filled = dict(results)
            told = {}
            for i, r in enumerate(bare):
                filled[r] = results[r] | {"high": pick[2 * i], "low": pick[2 * i + 1]}
                told[r] = {"high": pick[2 * i], "low": pick[2 * i + 1]}
            out.append((content | {"data": data | {"results": filled}}, {"results": told}))
        return out
    return None


def _merged(a: Candidate, b: Candidate) -> Candidate:
    out = dict(a)
    for k, v in b.items():
        out[k] = {**out.get(k, {}), **v}
    return out


def attack(record: Mapping[str, Any]) -> list[Candidate]:
    """The candidates for the hidden parts of ``record`` that its digests confirm: each with
    the hidden positions' tiles as dealt (``dealt``), and the hidden settings (``settings``)
    and comparisons (``results``) that a digest confirmed too. Empty when the record carries
    no link to start from, or none that a candidate meets."""
    known = digests(record)
    elements = _elements(record)
    deal = next(
        (
            i
            for i, (_k, c, _l) in enumerate(elements)
            if c.get("kind") == "deal" and set(c["data"]["hands"]) != set(record["positions"])
        ),
        None,
    )
    if deal is None:
        return []
    start = next((i for i in range(deal - 1, -1, -1) if elements[i][2] in known), None)
    if start is None:
        return []
    anchor = elements[start][2]
    assert anchor is not None
    for i in range(start + 1, deal):  # the public steps between the anchor and the deal
        kind, content, _ = elements[i]
        anchor = link(anchor, kind, content)
    found: list[Candidate] = []
    deal_content = elements[deal][1]
    for dealt in _deals(record):
        hands = deal_content["data"]["hands"] | dealt
        content = deal_content | {"data": deal_content["data"] | {"hands": hands}}
        first = link(anchor, "operation", content)
        found += _walk(elements[deal + 1 :], first, dealt, {}, {"dealt": dealt}, known=known)
    return _most(found)


def _within(a: Candidate, b: Candidate) -> bool:
    """Whether ``b`` fills in all that ``a`` does, the same way."""
    return all(k in b and v.items() <= b[k].items() for k, v in a.items())


def _most(found: list[Candidate]) -> list[Candidate]:
    """The candidates found, each once, without those another one says more than (a branch
    that filled in a part no digest confirmed ends with what it had confirmed before)."""
    once: list[Candidate] = []
    for c in found:
        if c not in once:
            once.append(c)
    return [c for c in once if not any(d is not c and _within(c, d) for d in once)]


def _walk(
    rest: list[tuple[str, dict[str, Any], str | None]],
    previous: str,
    dealt: Mapping[str, list[str]],
    sure: Candidate,
    pending: Candidate,
    *,
    known: set[str],
) -> list[Candidate]:
    """The candidate's branches along ``rest``: what each filled in up to the last digest of
    the record that it gave (``sure``; ``pending``: filled in since). A branch is dropped at
    the first link sent that it does not give."""
    for n, (kind, content, sent) in enumerate(rest):
        options = _fills(kind, content, dealt)
        if options is not None:
            out: list[Candidate] = []
            for option, part in options:
                again = link(previous, kind, option)
                if sent is not None and again != sent:
                    continue
                now, later = _merged(pending, part), {}
                if again not in known:
                    now, later = {}, now
                out += _walk(rest[n + 1 :], again, dealt, _merged(sure, now), later, known=known)
            return out
        previous = link(previous, kind, content)
        if sent is not None and previous != sent:
            return []
        if previous in known:
            sure, pending = _merged(sure, pending), {}
    return [sure] if sure else []
