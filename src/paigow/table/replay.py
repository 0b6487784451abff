"""Replay: check a round record against itself, its chain, its rules, and the engine.

:func:`replay` runs, in order, and stops at the first problem with an error naming it:

1. the shape (:mod:`.record_schema`): every key present, every type exact;
2. the format version;
3. the header: each field against its digest in ``chain.fields``, and the chain's start;
4. the chain: every transfer and operation in place (``index``), linked to the one before, the
   counts and the head — an edited, removed or reordered element is named;
5. the rules: the full profile in the record against its digest, and against the bundled
   profile of that name (or the profile the caller names): rules that differ are named key by
   key; a profile that is neither bundled nor given is reported as checked only against itself;
6. the engine: the round rebuilt from the header's inputs and the recorded operations, then
   every field of the rebuilt record compared with the file, type for type;
7. the seal, when the caller gives the operator's key, and the head, when the caller gives the
   head it anchored elsewhere.

A forger who edits a record and recomputes every digest and link produces a record that passes
1-4 and 6 but has another head: anchoring heads (each round's header names the previous one)
or sealing them with a key the forger lacks is what makes the record unforgeable.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from paigow.errors import ConfigError, PaigowError, RecordError, ReplayMismatchError
from paigow.profiles import Profile, get_profile, parse_profile, profile_names

from .chain import GENESIS, field_digests, link, profile_digest, rules_of, seal
from .record import round_record
from .record_header import FORMAT, HEADER_FIELDS
from .record_schema import check_record
from .round import Round
from .state import Banker, Provenance
from .variations import TableOptions

__all__ = ["Replayed", "apply_operation", "rebuild", "replay", "verify_chain"]


@dataclass(frozen=True)
class Replayed:
    """What :func:`replay` established.

    Attributes:
        round: the rebuilt round.
        head: the record's chain head (anchor it to detect a recomputed forgery).
        profile_check: how the rules were checked, in words.
        sealed: True when a seal was checked with the key; None when the record has a seal but
            no key was given; False when the record is not sealed.
    """

    round: Round
    head: str
    profile_check: str
    sealed: bool | None


def apply_operation(rnd: Round, op: Mapping[str, Any]) -> None:
    """Perform a recorded operation again (derived operations follow from their cause and are
    skipped). Raises whatever the action raises."""
    data = op["data"]
    if data.get("derived"):
        return
    rnd.now = op["at"]
    _ACTIONS[op["kind"]](rnd, data)


def _roll(rnd: Round, d: Mapping[str, Any]) -> None:
    if d["button"] is not None:
        rnd.button(d["button"])
    elif d["dice"] is not None:
        rnd.roll(d["dice"])
    else:
        rnd.roll(rng=d["rng"])


def _bank_set(rnd: Round, d: Mapping[str, Any]) -> None:
    if d["by"] == "house way":
        rnd.set_bank()
    else:
        rnd.set_bank(d["high"], d["low"])


_ACTIONS: dict[str, Any] = {
    "shuffle": lambda r, d: r.shuffle(d["order"]),
    "expose_stacking": lambda r, d: r.expose_while_stacking(d["tiles"]),
    "cut": lambda r, d: r.cut(d["cut"]),
    "decline_cut": lambda r, d: r.cut(None),
    "dealer_wager": lambda r, d: r.place_dealer_wager(d["cents"]),
    "pd_wager": lambda r, d: r.place_pd_wager(d["cents"]),
    "wager": lambda r, d: r.wager(d["player"], d["spot"], d["cents"], d["kind"]),
    "remove_wager": lambda r, d: r.remove_wager(d["ref"]),
    "no_more_bets": lambda r, d: r.no_more_bets(),
    "style": lambda r, d: r.choose_style(d["style"], d["chooser"]),
    "no_roll": lambda r, d: r.no_roll(d["reason"]),
    "dealer_shakes": lambda r, d: r.dealer_shakes(d["player"]),
    "roll": _roll,
    "deal": lambda r, d: r.deal(d["first_stack"]),
    "face_up_in_shoe": lambda r, d: r.face_up_in_shoe(d["card"]),
    "stub_count": lambda r, d: r.stub_count(d["cards"]),
    "expose_dealt": lambda r, d: r.expose_dealt(d["position"], d["count"]),
    "void_hand": lambda r, d: r.void_hand(d["spot"]),
    "tile_off_table": lambda r, d: r.tile_off_table(d["position"]),
    "abandon": lambda r, d: r.abandon(d["player"]),
    "set": lambda r, d: r.set_hand(d["by"], d["spot"], d["high"], d["low"]),
    "house_way": lambda r, d: r.set_house_way(d["spot"]),
    "bank_set": _bank_set,
    "surrender": lambda r, d: r.surrender(d["spot"]),
    "expose_hand": lambda r, d: r.expose_hand(d["spot"]),
    "foul": lambda r, d: r.foul(d["spot"]),
    "bet_removed": lambda r, d: r.remove_bet(d["ref"], d["known"]),
    "settle": lambda r, d: r.settle(),
    "void": lambda r, d: r.void(d["reason"], keep_bonus=d["keep_bonus"]),
}


def _element(name: str, i: int, e: Mapping[str, Any]) -> str:
    if name == "operations":
        return f"operations[{i}] ({e['kind']} by {e['actor']})"
    return f"transfers[{i}] ({e['cents']} cents {e['from']} -> {e['to']}, {e['reason']})"


Element = tuple[str, int, Mapping[str, Any]]


def _content(e: Mapping[str, Any]) -> dict[str, Any]:
    return {x: v for x, v in e.items() if x != "link"}


def _named(element: Element) -> str:
    kind, n, e = element
    return _element("operations" if kind == "operation" else "transfers", n, e)


def verify_chain(record: Mapping[str, Any]) -> None:
    """Steps 3 and 4 of :func:`replay` on a record of the right shape.

    Raises:
        ReplayMismatchError: the first header field, operation or transfer that does not
            match the chain, named.
    """
    chain = record["chain"]
    expected = field_digests({k: record[k] for k in HEADER_FIELDS})
    for k in sorted(set(chain["fields"]) | set(expected)):
        if chain["fields"].get(k) != expected.get(k):
            raise ReplayMismatchError(
                f"header field {k!r} was changed: it does not match chain.fields[{k!r}]"
            )
    start = link(GENESIS, "header", chain["fields"])
    if chain["start"] != start:
        raise ReplayMismatchError("chain.start was changed: it does not follow from the header")
    for name in ("operations", "transfers"):
        for i, e in enumerate(record[name]):
            if e["index"] != i:
                raise ReplayMismatchError(
                    f"{name}[{i}] carries index {e['index']}: {name} were removed, inserted "
                    "or reordered"
                )
    ops, trs = record["operations"], record["transfers"]
    for name, have in (("operations", len(ops)), ("transfers", len(trs))):
        if chain[name] != have:
            raise ReplayMismatchError(
                f"the record holds {have} {name} but chain.{name} says {chain[name]}: "
                f"{name} were removed or added at the end"
            )
    for k, t in enumerate(trs):
        if not 0 <= t["op"] < len(ops):
            raise ReplayMismatchError(
                f"transfers[{k}] names operations[{t['op']}], which the record does not have: "
                "an operation was removed, or the transfer changed"
            )
    made: dict[int, list[int]] = {}
    for k, t in enumerate(trs):
        made.setdefault(t["op"], []).append(k)
    elements: list[Element] = []  # in chain order: each operation after its transfers
    for i, op in enumerate(ops):
        elements += [("transfer", k, trs[k]) for k in made.get(i, [])]
        elements.append(("operation", i, op))
    before = start
    for kind, _, e in elements:
        if link(before, kind, _content(e)) != e["link"]:
            _blame(elements, start)
        before = e["link"]
    if chain["head"] != before:
        raise ReplayMismatchError("chain.head was changed: it is not the last link")


def _blame(elements: list[Element], start: str) -> None:
    """Name the first element whose content or link was changed: the one that follows from
    no stored link at all (an element merely out of place still follows from one)."""
    stored = {start} | {e["link"] for _, _, e in elements}
    for element in elements:
        kind, _, e = element
        if not any(link(p, kind, _content(e)) == e["link"] for p in stored):
            raise ReplayMismatchError(
                f"{_named(element)} was changed: it follows from no link of the chain"
            )
    before = start
    for element in elements:
        kind, _, e = element
        if link(before, kind, _content(e)) != e["link"]:
            raise ReplayMismatchError(f"{_named(element)} is out of place in the chain")
        before = e["link"]


def _rules_diff(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    out = []
    for sec in sorted(set(a) | set(b)):
        x, y = a.get(sec, {}), b.get(sec, {})
        for key in sorted(set(x) | set(y)):
            if x.get(key) != y.get(key):
                out.append(f"[{sec}] {key}: record {x.get(key)!r}, profile {y.get(key)!r}")
    return out


#: Profiles parsed from records, by the digest of their rules (a profile is immutable).
_PARSED: dict[str, Profile] = {}


def _own_rules(record: Mapping[str, Any]) -> Profile:
    """The profile a record's rules describe, checked against their digest and name."""
    rules = record["rules"]
    if profile_digest(rules) != record["profile_digest"]:
        raise ReplayMismatchError("the rules do not match profile_digest")
    prof = _PARSED.get(record["profile_digest"])
    if prof is None:
        try:
            prof = parse_profile(dict(rules), f"the rules of record {record['record_id']}")
        except ConfigError as e:
            raise RecordError(str(e)) from None
        if len(_PARSED) > 64:
            _PARSED.clear()
        _PARSED[record["profile_digest"]] = prof
    if prof.name != record["profile"]:
        raise ReplayMismatchError(
            f"the rules are those of {prof.name!r}, not {record['profile']!r}"
        )
    return prof


def _rules(record: Mapping[str, Any], given: Profile | None) -> tuple[Profile, str]:
    rules = record["rules"]
    prof = _own_rules(record)
    name = record["profile"]
    if given is None and name in profile_names():
        given = get_profile(name)
        what = f"the bundled profile {name!r}"
    elif given is not None:
        what = f"the profile {given.name!r}"
        if given.name != name:
            what += f" (the record names {name!r})"
    else:
        what = ""
    if given is None:
        return prof, (
            f"profile {name!r} is not bundled: the record's own rules were used, unverified "
            f"(digest {record['profile_digest']})"
        )
    if rules_of(given)[1] != record["profile_digest"]:
        diff = _rules_diff(rules, given.to_dict())
        raise ReplayMismatchError(f"the record's rules differ from {what}: " + "; ".join(diff[:5]))
    return prof, f"rules identical to {what} ({record['profile_digest']})"


def rebuild(record: Mapping[str, Any], profile: Profile | None = None) -> Round:
    """A new round from a record's header, with its operations applied (the record's shape
    checked; without ``profile``, the record's own rules, checked against their digest).

    Raises:
        RecordError: the record is not of the documented shape.
        ReplayMismatchError: the rules or their digest differ, or the inputs or an operation
            are refused by the engine.
    """
    if profile is None:
        check_record(record)
        profile = _own_rules(record)
    o = record["options"]
    b = record["banker"]
    try:
        rnd = Round(
            profile,
            record["seats"],
            record["stacks"],
            banker=Banker(b["kind"], b["player"], b["position"]),
            house_way=record["house_way"],
            collection_free=record["collection_free"],
            options=TableOptions(
                o["pair_fortunes"],
                o["dragons_eye"],
                o["de_streak"],
                o["de_shaker"],
                tuple((c[0], c[1], c[2]) for c in o["carried"]),
                o["after_triple"],
            ),
            dealer_wager_limit=record["dealer_wager_limit"],
            provenance=Provenance(
                record["table_id"],
                record["record_id"],
                record["opened_at"],
                record["previous"],
                tuple(record["note"].items()),
                record["software"]["version"],
            ),
        )
    except PaigowError as e:
        raise ReplayMismatchError(f"the record's inputs are refused: {e}") from e
    for i, op in enumerate(record["operations"]):
        try:
            apply_operation(rnd, op)
        except PaigowError as e:
            raise ReplayMismatchError(f"operations[{i}] ({op['kind']}) failed: {e}") from e
    return rnd


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The path of the first difference between two JSON values, type for type."""
    if type(a) is not type(b):
        return path or "the record"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            p = f"{path}.{k}" if path else k
            if k not in a or k not in b:
                return p
            found = first_difference(a[k], b[k], p)
            if found is not None:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        return None if len(a) == len(b) else f"{path}[{min(len(a), len(b))}]"
    return None if a == b else path


def _at(value: Any, path: str) -> Any:
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if part.startswith("["):
            idx = int(part[1:-1])
            value = value[idx] if isinstance(value, list) and idx < len(value) else "(absent)"
        else:
            value = value.get(part, "(absent)") if isinstance(value, dict) else "(absent)"
    return value


def replay(
    record: Any,
    *,
    profile: Profile | None = None,
    key: bytes | None = None,
    head: str | None = None,
) -> Replayed:
    """Check a record (see the module notes) and return the rebuilt round.

    Args:
        record: a parsed record (what ``paigow round --json`` writes).
        profile: check the rules against this profile instead of the bundled one of the name.
        key: the operator's key: the seal must be present and match.
        head: the chain head anchored elsewhere: the record's must be this one.

    Raises:
        RecordError: the record is not of the documented shape.
        ReplayMismatchError: anything differs; the message names it.
    """
    check_record(record)
    if record["format"] != FORMAT:
        raise RecordError(f"format {record['format']!r}: this software reads {FORMAT!r}")
    verify_chain(record)
    prof, profile_check = _rules(record, profile)
    rnd = rebuild(record, prof)
    again = round_record(rnd)
    body = {k: v for k, v in record.items() if k != "seal"}
    where: str | None
    if body != again:
        where = first_difference(body, again) or "the record"
    else:  # == takes true for 1: the one field of free shape not covered by a digest
        where = first_difference(body["positions"], again["positions"], "positions")
    if where is not None:
        raise ReplayMismatchError(
            f"replay differs in {where}: recorded {_at(body, where)!r}, "
            f"replayed {_at(again, where)!r}"
        )
    sealed: bool | None = False
    if key is not None:
        if "seal" not in record:
            raise ReplayMismatchError("the record has no seal to check against the key")
        if not hmac.compare_digest(record["seal"], seal(record["chain"]["head"], key)):
            raise ReplayMismatchError("the seal does not match: altered, or another key")
        sealed = True
    elif "seal" in record:
        sealed = None
    if head is not None and record["chain"]["head"] != head:
        raise ReplayMismatchError(
            f"chain.head {record['chain']['head']} is not the anchored head {head}"
        )
    return Replayed(rnd, record["chain"]["head"], profile_check, sealed)
