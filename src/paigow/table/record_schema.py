"""The shape of a round record, checked strictly before anything else is read.

An integer field is an integer (not ``1000.0``, not ``true``), a text field is text, every
object has exactly its documented keys, and no value is nested deeper than :data:`MAX_DEPTH`.
Every problem raises :class:`~paigow.errors.RecordError` naming the field by its path, e.g.
``operations[3].data.cents``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from paigow.errors import RecordError

from .ops import KINDS

__all__ = [
    "ANY",
    "MAX_DEPTH",
    "OPERATION",
    "REDACTED",
    "check_plain",
    "check_record",
    "check_redacted",
    "load_record",
]

#: The deepest nesting a record has (positions -> wagers -> result): far below this.
MAX_DEPTH: Final = 16


class Spec:
    """A type of JSON value."""

    def check(self, value: Any, path: str) -> None:
        """Raise :class:`RecordError` unless ``value`` fits."""
        raise NotImplementedError


class _Type(Spec):
    def __init__(self, kind: type, word: str) -> None:
        self.kind, self.word = kind, word

    def check(self, value: Any, path: str) -> None:
        if type(value) is not self.kind:
            raise RecordError(f"{path}: expected {self.word}, got {_show(value)}")


INT = _Type(int, "a whole number")
STR = _Type(str, "text")
BOOL = _Type(bool, "true or false")


class Opt(Spec):
    """``spec`` or null."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    def check(self, value: Any, path: str) -> None:
        if value is not None:
            self.spec.check(value, path)


class Either(Spec):
    """One of several specs."""

    def __init__(self, *specs: Spec, word: str) -> None:
        self.specs, self.word = specs, word

    def check(self, value: Any, path: str) -> None:
        for s in self.specs:
            try:
                s.check(value, path)
            except RecordError:
                continue
            return
        raise RecordError(f"{path}: expected {self.word}, got {_show(value)}")


class ListOf(Spec):
    """A list of ``spec``."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    def check(self, value: Any, path: str) -> None:
        if type(value) is not list:
            raise RecordError(f"{path}: expected a list, got {_show(value)}")
        for i, v in enumerate(value):
            self.spec.check(v, f"{path}[{i}]")


class Row(Spec):
    """A list of fixed length, one spec per item."""

    def __init__(self, *specs: Spec) -> None:
        self.specs = specs

    def check(self, value: Any, path: str) -> None:
        if type(value) is not list or len(value) != len(self.specs):
            raise RecordError(f"{path}: expected a list of {len(self.specs)}, got {_show(value)}")
        for i, (s, v) in enumerate(zip(self.specs, value, strict=True)):
            s.check(v, f"{path}[{i}]")


class MapOf(Spec):
    """An object with any text keys and ``spec`` values."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    def check(self, value: Any, path: str) -> None:
        if type(value) is not dict:
            raise RecordError(f"{path}: expected an object, got {_show(value)}")
        for k, v in value.items():
            self.spec.check(v, f"{path}.{k}")


class Obj(Spec):
    """An object with exactly these keys (``optional`` ones may be absent)."""

    def __init__(self, keys: Mapping[str, Spec], optional: Mapping[str, Spec] | None = None):
        self.keys, self.optional = dict(keys), dict(optional or {})

    def check(self, value: Any, path: str) -> None:
        if type(value) is not dict:
            raise RecordError(f"{path or 'the record'}: expected an object, got {_show(value)}")
        prefix = f"{path}." if path else ""
        for k in self.keys:
            if k not in value:
                raise RecordError(f"{prefix}{k}: missing")
        for k in value:
            if k not in self.keys and k not in self.optional:
                raise RecordError(f"{prefix}{k}: not a field of this record format")
        for k, v in value.items():
            (self.keys.get(k) or self.optional[k]).check(v, prefix + k)


class AnyJson(Spec):
    """Any JSON value (already free of floats and too deep nesting)."""

    def check(self, value: Any, path: str) -> None:
        return None


ANY = AnyJson()
TEXTS = ListOf(STR)
SCALAR = Either(STR, INT, BOOL, Opt(STR), word="text, a whole number, true, false or null")
HANDS = {"high": TEXTS, "low": TEXTS}

#: The data of each operation kind.
DATA: Final[dict[str, Obj]] = {
    "shuffle": Obj({"order": TEXTS}),
    "expose_stacking": Obj({"tiles": TEXTS, "reshuffle": BOOL}),
    "cut": Obj({"cut": STR}),
    "decline_cut": Obj({}),
    "dealer_wager": Obj({"cents": INT}),
    "pd_wager": Obj({"cents": INT}),
    "wager": Obj(
        {"ref": STR, "player": STR, "spot": STR, "cents": INT, "kind": STR, "derived": BOOL}
    ),
    "remove_wager": Obj({"ref": STR, "also": TEXTS}),
    "no_more_bets": Obj({}),
    "style": Obj({"style": STR, "chooser": STR}),
    "no_roll": Obj({"reason": STR}),
    "dealer_shakes": Obj({"player": STR}),
    "roll": Obj({"dice": Opt(ListOf(INT)), "rng": Opt(INT), "button": Opt(STR), "start": STR}),
    "deal": Obj({"style": STR, "first_stack": Opt(INT), "hands": MapOf(TEXTS), "collected": TEXTS}),
    "face_up_in_shoe": Obj({"card": STR}),
    "stub_count": Obj({"cards": INT, "expected": INT}),
    "dragons_eye": Obj(
        {"button": INT, "triple": BOOL, "tier": INT, "streak": INT, "derived": BOOL}
    ),
    "expose_dealt": Obj({"position": STR, "count": INT}),
    "hand_dead": Obj({"position": STR, "derived": BOOL}),
    "void_hand": Obj({"spot": STR}),
    "tile_off_table": Obj({"position": STR}),
    "set": Obj({"spot": STR, "by": STR, **HANDS}),
    "house_way": Obj({"spot": STR, **HANDS}),
    "bank_set": Obj({"by": STR, **HANDS}),
    "reset_to_house_way": Obj({"derived": BOOL, **HANDS}),
    "surrender": Obj({"spot": STR}),
    "expose_hand": Obj({"spot": STR}),
    "foul": Obj({"spot": STR}),
    "bet_removed": Obj({"ref": STR, "known": BOOL}),
    "abandon": Obj({"player": STR}),
    "settle": Obj({"results": MapOf(MapOf(SCALAR))}),
    "void": Obj({"reason": STR, "derived": BOOL, "keep_bonus": BOOL}),
}
assert set(DATA) == set(KINDS), set(KINDS) ^ set(DATA)
#: The operations that carry a hand's setting (``high``, ``low``).
_HIDING: Final = ("set", "house_way", "bank_set", "reset_to_house_way")


class _Operation(Spec):
    """An operation: its fields, and the data of its kind."""

    def check(self, value: Any, path: str) -> None:
        Obj(
            {"index": INT, "kind": STR, "actor": STR, "at": Opt(STR), "data": ANY, "link": STR}
        ).check(value, path)
        kind = value["kind"]
        if kind not in DATA:
            raise RecordError(f"{path}.kind: {kind!r} is not an operation kind")
        DATA[kind].check(value["data"], f"{path}.data")


OPERATION = _Operation()
TRANSFER = Obj(
    {
        "index": INT,
        "op": INT,
        "from": STR,
        "to": STR,
        "cents": INT,
        "reason": STR,
        "ref": STR,
        "link": STR,
    }
)

RECORD = Obj(
    {
        "format": STR,
        "record_id": STR,
        "table_id": STR,
        "previous": Opt(STR),
        "opened_at": Opt(STR),
        "closed_at": Opt(STR),
        "software": Obj({"name": STR, "version": STR}),
        "note": MapOf(Opt(Either(STR, INT, word="text or a whole number"))),
        "profile": STR,
        "profile_digest": STR,
        "rules": MapOf(MapOf(ANY)),
        "house_way": STR,
        "banker": Obj({"kind": STR, "player": Opt(STR), "position": Opt(STR)}),
        "seats": MapOf(STR),
        "stacks": MapOf(INT),
        "collection_free": BOOL,
        "options": Obj(
            {
                "pair_fortunes": Opt(STR),
                "dragons_eye": BOOL,
                "de_streak": INT,
                "de_shaker": Opt(STR),
                "carried": ListOf(Row(STR, STR, INT)),
                "after_triple": BOOL,
            }
        ),
        "dealer_wager_limit": Opt(INT),
        "style": STR,
        "dice": Opt(Either(ListOf(INT), INT, word="a list of dice or an RNG number")),
        "start": Opt(STR),
        "void": Opt(STR),
        "dragons_eye": Opt(
            Obj(
                {
                    "button": INT,
                    "triple": BOOL,
                    "tier": INT,
                    "streak": INT,
                    "retained": ListOf(Row(STR, STR, INT)),
                }
            )
        ),
        "positions": MapOf(MapOf(ANY)),
        "net": Opt(MapOf(INT)),
        "operations": ListOf(OPERATION),
        "transfers": ListOf(TRANSFER),
        "chain": Obj(
            {
                "fields": MapOf(STR),
                "start": STR,
                "head": STR,
                "operations": INT,
                "transfers": INT,
            }
        ),
    },
    optional={"seal": STR},
)


def _may_hide(spec: Obj, *hidden: str) -> Obj:
    """``spec`` with the keys ``hidden`` optional (a viewer may not see them)."""
    keys = {k: v for k, v in spec.keys.items() if k not in hidden}
    return Obj(keys, {**spec.optional, **{k: spec.keys[k] for k in hidden}})


#: The data of each operation kind in a redacted record: the stack order never, a setting
#: only where the viewer sees the hand (a deal's hands and a result's comparisons are already
#: optional: only those the viewer sees are there).
REDACTED_DATA: Final[dict[str, Obj]] = DATA | {
    "shuffle": Obj({}),
    **{k: _may_hide(DATA[k], "high", "low") for k in _HIDING},
}


class _RedactedOperation(Spec):
    """An operation of a redacted record: no time, no link."""

    def check(self, value: Any, path: str) -> None:
        Obj({"index": INT, "kind": STR, "actor": STR, "data": ANY}).check(value, path)
        kind = value["kind"]
        if kind not in REDACTED_DATA:
            raise RecordError(f"{path}.kind: {kind!r} is not an operation kind")
        REDACTED_DATA[kind].check(value["data"], f"{path}.data")


#: A record redacted for a viewer who may not see everything
#: (:func:`paigow.table.redaction.redact_record`; docs/table.md, "The redacted record"): the
#: whole record's fields but ``previous``, ``note``, ``chain`` and ``seal``; no link and no
#: time anywhere; ``redacted`` true.
REDACTED = Obj(
    {k: v for k, v in RECORD.keys.items() if k not in ("previous", "note", "chain")}
    | {
        "operations": ListOf(_RedactedOperation()),
        "transfers": ListOf(Obj({k: v for k, v in TRANSFER.keys.items() if k != "link"})),
        "redacted": BOOL,
    }
)


def _show(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    kind = {dict: "an object", list: "a list", bool: "a boolean", float: "a fraction"}.get(
        type(value), ""
    )
    short = text if len(text) <= 40 else text[:37] + "..."
    return f"{kind} {short}".strip() if kind else short


def _plain(value: Any, depth: int) -> bool:
    """True when ``value`` holds no float and nests at most :data:`MAX_DEPTH` deep."""
    if depth > MAX_DEPTH:
        return False
    kind = type(value)
    if kind is float:
        return False
    if kind is dict:
        return all(_plain(v, depth + 1) for v in value.values())
    if kind is list:
        return all(_plain(v, depth + 1) for v in value)
    return True


def check_plain(value: Any, where: str = "") -> None:
    """No floats anywhere (money and counts are whole numbers) and no deep nesting.

    Raises:
        RecordError: naming the path of the first offending value.
    """
    if _plain(value, 0):
        return
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    while stack:
        v, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(f"{path or 'the record'}: nested deeper than any record field")
        if isinstance(v, float):
            raise RecordError(
                f"{path}: {v!r} is a fraction; the format has only whole numbers (cents)"
            )
        if isinstance(v, dict):
            stack += [(x, f"{path}.{k}" if path else str(k), depth + 1) for k, x in v.items()]
        elif isinstance(v, list):
            stack += [(x, f"{path}[{i}]", depth + 1) for i, x in enumerate(v)]


def check_record(record: Any) -> None:
    """Check the shape of a parsed record (see the module notes).

    Raises:
        RecordError: the first problem found, named by its path.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a round record is a JSON object, got {_show(record)}")
    if "redacted" in record:
        raise RecordError(
            "this record was redacted for a viewer who could not see every hand: it has no "
            "hash chain and cannot be checked (the operator's whole record can)"
        )
    check_plain(record)
    RECORD.check(record, "")


def check_redacted(record: Any) -> None:
    """Check the shape of a redacted record (:data:`REDACTED`): exactly its fields, so that
    nothing of the whole record's chain is in it.

    Raises:
        RecordError: the first problem found, named by its path.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a round record is a JSON object, got {_show(record)}")
    check_plain(record)
    REDACTED.check(record, "")
    if record["redacted"] is not True:
        raise RecordError("redacted: a redacted record says true")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise RecordError(f"the key {k!r} appears twice in one object")
        out[k] = v
    return out


def _no_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a number in a record")


def load_record(text: str, origin: str = "the record") -> dict[str, Any]:
    """Parse a record's JSON text strictly (no NaN or Infinity, no repeated keys, no deep
    nesting) and check its shape.

    Raises:
        RecordError: one clear line naming the problem.
    """
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"{origin}: not JSON ({e.msg} at line {e.lineno})") from None
    except RecursionError:
        raise RecordError(f"{origin}: nested too deeply to be a record") from None
    except RecordError as e:
        raise RecordError(f"{origin}: {e}") from None
    check_record(data)
    record: dict[str, Any] = data
    return record
