"""A round record as a viewer who may not see everything may recall it (a player's rounds, a
table's history): the pieces it may not see removed, and with them everything that is a
function of them.

A hidden piece is not hidden when something sent is a function of it and its space is small
enough to search: the four tiles of a surrendered hand and the four of the unused stack are
a few tens of thousands of candidates, and a digest that covers them (a chain link, the chain's
head, a seal, the previous round's head) names the right one at once. So the redacted record
carries no digest of the round at all (docs/table.md, "The redacted record", says field by field
what it keeps and why):

* kept: what everyone at the table saw — the header's inputs (the table, the rules and their
  digest, the banker, the seats, the stacks, the options), the dice, the wagers and their
  results, every transfer's money and the net; every operation with its data as the viewer may
  see it (:func:`.observation.redact_op`), and the hands the viewer may see;
* left out: the hands the viewer may not see and their settings, the comparisons of their
  results, the stack order, every ``link``, the ``chain`` (its head, its start, its field
  digests), the ``seal``, ``previous`` (the previous round's head), the caller's ``note`` (it
  may hold the seed a round was dealt from) and the operations' times;
* a record id made from the header's digest (``r-``: a round played outside a table session)
  is made again from the header without ``previous`` and ``note``.

The operator's and surveillance's record of a finished round is the whole record (the round is
over): it keeps its chain, so that replay and the audit check it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from .chain import digest
from .comparisons import uncompared
from .observation import redact_op, visible_positions
from .record_header import HEADER_FIELDS
from .replay import rebuild
from .viewers import Viewer

__all__ = ["WHOLE_ONLY", "redact_record"]

#: The fields of a record only its whole form carries (each a digest of, or a way to, the
#: round's hidden pieces: docs/table.md, "The redacted record").
WHOLE_ONLY: Final = ("previous", "note", "chain", "seal")


def redact_record(record: Mapping[str, Any], viewer: Viewer) -> dict[str, Any]:
    """A round record as ``viewer`` may see it at the point it records (module notes): the
    operator and surveillance get a finished round whole; others get it redacted
    (``"redacted": true``). The round is rebuilt from the record by the engine's replay, so
    what is visible is decided exactly as in :func:`.observation.observe`."""
    if viewer.role in ("operator", "surveillance") and record.get("net") is not None:
        return dict(record)
    rnd = rebuild(record)
    seen = visible_positions(rnd, viewer)
    bank_spot = rnd.bank_spot
    out = {k: v for k, v in record.items() if k not in WHOLE_ONLY}
    out["record_id"] = _public_id(record)
    positions = {}
    for pos, entry in (record.get("positions") or {}).items():
        e = dict(entry)
        if pos not in seen:
            e["dealt"] = None
            e["setting"] = None
            if isinstance(e.get("wagers"), list):
                e["wagers"] = [uncompared(w) if isinstance(w, Mapping) else w for w in e["wagers"]]
        positions[pos] = e
    out["positions"] = positions
    out["operations"] = [redact_op(op, seen, bank_spot) for op in record.get("operations", [])]
    out["transfers"] = [
        {k: v for k, v in t.items() if k != "link"} for t in record.get("transfers", [])
    ]
    out["redacted"] = True
    return out


def _public_id(record: Mapping[str, Any]) -> Any:
    """The record's id; one made from the header's digest (``r-`` and 16 hex digits) is made
    again from the header with no ``previous`` and no ``note`` (the same id when it had
    neither)."""
    rid = record.get("record_id")
    if not isinstance(rid, str) or not rid.startswith("r-"):
        return rid
    header = {k: record.get(k) for k in HEADER_FIELDS} | {"record_id": ""}
    if rid != "r-" + digest(header)[:16]:
        return rid  # given by the caller
    return "r-" + digest(header | {"previous": None, "note": {}})[:16]
