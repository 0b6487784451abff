"""Rebuild a table session from its journal (:meth:`TableSession.journal`).

A service that keeps one session per table persists each journal entry as it is accepted; after
a crash, :func:`restore` replays the entries through the same actions, in order, and checks that
every operation comes out identical to the one recorded, link for link. The rebuilt session
holds the same stacks, rotation, Dragon's Eye state and open round, and its journal equals the
one given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from paigow.errors import ConfigError, PaigowError, RecordError, ReplayMismatchError
from paigow.profiles import parse_profile

from .chain import profile_digest
from .record_schema import ANY, BOOL, INT, OPERATION, STR, MapOf, Obj, Opt, check_plain
from .replay import apply_operation, first_difference
from .round import Banker
from .session import TableSession

__all__ = ["restore"]

_AT = {"seq": INT, "kind": STR, "at": Opt(STR)}
ENTRIES = {
    "open": Obj(
        _AT
        | {
            "table_id": STR,
            "profile": STR,
            "profile_digest": STR,
            "rules": MapOf(MapOf(ANY)),
            "house_way": Opt(STR),
            "pair_fortunes": Opt(STR),
            "dragons_eye": BOOL,
            "seats": MapOf(STR),
            "stacks": MapOf(INT),
        }
    ),
    "seat": Obj(_AT | {"player": STR, "seat": STR, "cents": INT}),
    "leave": Obj(_AT | {"player": STR}),
    "restack": Obj(_AT),
    "withdraw_dice_bonus": Obj(_AT | {"player": STR}),
    "new_round": Obj(
        _AT
        | {
            "round": INT,
            "banker": Obj({"kind": STR, "player": Opt(STR), "position": Opt(STR)}),
        }
    ),
    "operation": Obj({"seq": INT, "kind": STR, "round": INT, "operation": OPERATION}),
    "finish": Obj(_AT | {"round": INT, "head": STR}),
}


def _shape(entry: Any, i: int) -> Mapping[str, Any]:
    where = f"journal[{i}]"
    if type(entry) is not dict or entry.get("kind") not in ENTRIES:
        raise RecordError(f"{where}: expected a journal entry of a known kind")
    check_plain(entry, where)
    ENTRIES[entry["kind"]].check(entry, where)
    if entry["seq"] != i:
        raise ReplayMismatchError(
            f"{where} carries seq {entry['seq']}: entries were removed, inserted or reordered"
        )
    return entry


def _open(entry: Mapping[str, Any]) -> TableSession:
    rules = entry["rules"]
    if profile_digest(rules) != entry["profile_digest"]:
        raise ReplayMismatchError("journal[0]: the rules do not match profile_digest")
    try:
        prof = parse_profile(dict(rules), "the journal's rules")
    except ConfigError as e:
        raise RecordError(str(e)) from None
    return TableSession(
        prof,
        entry["seats"],
        entry["stacks"],
        house_way=entry["house_way"],
        pair_fortunes=entry["pair_fortunes"],
        dragons_eye=entry["dragons_eye"],
        table_id=entry["table_id"],
        opened_at=entry["at"],
    )


def _step(s: TableSession, e: Mapping[str, Any]) -> None:
    kind = e["kind"]
    if kind == "operation":
        op = e["operation"]
        rnd = s.current
        if rnd is None or e["round"] != s.rounds + 1:
            raise ReplayMismatchError(f"an operation of round {e['round']} with no such round open")
        if not isinstance(op.get("index"), int) or op["index"] > len(rnd.log):
            raise ReplayMismatchError(f"operation {op.get('index')!r} is out of order")
        if op["index"] == len(rnd.log):
            apply_operation(rnd, op)
        if op["index"] >= len(rnd.log) or rnd.log[op["index"]].to_json() != op:
            raise ReplayMismatchError(
                f"operation {op['index']} ({op.get('kind')}) comes out differently on replay"
            )
        return
    s.now = e["at"]
    if kind == "seat":
        s.seat(e["player"], e["seat"], e["cents"])
    elif kind == "leave":
        s.leave(e["player"])
    elif kind == "restack":
        s.restack()
    elif kind == "withdraw_dice_bonus":
        s.withdraw_dice_bonus(e["player"])
    elif kind == "new_round":
        b = e["banker"]
        s.new_round(None if b["kind"] == "house" else Banker(b["kind"], b["player"], b["position"]))
    elif kind == "finish":
        head = s.current.head if s.current is not None else None
        s.finish()
        if head != e["head"]:
            raise ReplayMismatchError(f"round {e['round']} ends with another chain head")
    else:  # pragma: no cover - _shape admits only known kinds
        raise RecordError(f"unknown journal entry {kind!r}")


def restore(entries: Sequence[Mapping[str, Any]]) -> TableSession:
    """The session (and its open round) that the journal ``entries`` describe.

    Raises:
        RecordError: an entry is not of the documented shape.
        ReplayMismatchError: an entry is refused by the engine, or an operation, a chain head
            or the rebuilt journal differs from the one given (the message names the entry).
    """
    if not isinstance(entries, Sequence) or not entries:
        raise RecordError("a journal is a non-empty list of entries")
    first = _shape(entries[0], 0)
    if first["kind"] != "open":
        raise RecordError("journal[0]: a journal starts with its 'open' entry")
    try:
        session = _open(first)
    except PaigowError as err:
        raise ReplayMismatchError(f"journal[0] (open) is refused: {err}") from err
    for i, entry in enumerate(entries[1:], start=1):
        e = _shape(entry, i)
        if e["kind"] == "open":
            raise RecordError(f"journal[{i}]: a second 'open' entry")
        try:
            _step(session, e)
        except (ReplayMismatchError, RecordError) as err:
            raise type(err)(f"journal[{i}] ({e['kind']}): {err}") from err
        except PaigowError as err:
            raise ReplayMismatchError(f"journal[{i}] ({e['kind']}) is refused: {err}") from err
    where = first_difference(list(entries), session.journal())
    if where is not None:
        raise ReplayMismatchError(f"the rebuilt journal differs at {where}")
    return session
