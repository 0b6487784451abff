"""The round record: a documented, tamper-evident JSON form of everything that happened.

A record (format :data:`FORMAT`, documented in ``docs/table.md``) holds the round's header
(record and table ids, the opening time, the previous round's chain head, the software, the
profile's full rules and their digest, and the inputs: banker, seats, opening stacks, options),
every operation of its log with the chance outcomes (shuffle order, dice) and the time the
caller gave for it, every transfer with the operation that made it, the results (the hands as
dealt and as set, each wager's result, every account's net change) and the hash chain
(:mod:`.chain`) that links them. :func:`paigow.table.replay.replay` checks a record against all
of this (R-SETTLE-10, R-ADMIN-02).
"""

from __future__ import annotations

from typing import Any

from paigow.errors import ReplayMismatchError
from paigow.games import hand_pieces

from .chain import seal
from .record_header import FORMAT, HEADER_FIELDS
from .state import RoundState, transfer_content

__all__ = ["FORMAT", "ReplayMismatchError", "round_record", "seal_record"]


def _clone(value: Any) -> Any:
    """A copy of a plain JSON value."""
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clone(v) for v in value]
    return value


def _setting_json(s: Any) -> dict[str, list[str]] | None:
    if s is None:
        return None
    return {
        "high": [str(t) for t in hand_pieces(s.high)],
        "low": [str(t) for t in hand_pieces(s.low)],
    }


def _de_json(rnd: RoundState) -> dict[str, Any] | None:
    ph = rnd.dice_phase
    if ph is None:
        return None
    return {
        "button": ph.button,
        "triple": ph.triple,
        "tier": ph.tier,
        "streak": ph.streak_after,
        "retained": [list(r) for r in rnd.retained],
    }


def _wager_json(rnd: RoundState, w: Any, pos: str) -> dict[str, Any]:
    res = rnd.results.get(w.ref, {})
    if w.ref in rnd.results:
        result = res.get("result")
    elif rnd.void_reason or pos in rnd.voided_spots:
        result = "void"
    else:
        result = None
    out: dict[str, Any] = {
        "ref": w.ref,
        "player": w.player,
        "kind": w.kind,
        "cents": w.cents,
        "result": result,
        "high": res.get("high"),
        "low": res.get("low"),
    }
    if w.kind != "main":
        out["pays"] = res.get("pays")
        if "class" in res:
            out["class"] = res["class"]
    if w.ref in rnd.removed:
        out["removed"] = "known" if rnd.removed[w.ref] else "unknown"
        out["stake"] = res.get("stake")
    return out


def _positions(rnd: RoundState) -> dict[str, Any]:
    positions: dict[str, Any] = {}
    for pos in rnd.ring:
        entry: dict[str, Any] = {
            "dealt": [str(t) for t in rnd.dealt[pos]] if pos in rnd.dealt else None,
            "collected": pos in rnd.collected,
            "setting": None,
            "set_by": None,
            "wagers": [],
        }
        if pos == rnd.bank_spot:
            entry["setting"] = _setting_json(rnd.bank_setting)
            entry["set_by"] = "bank" if rnd.is_player_banked else "dealer"
            entry["bank"] = True
        elif pos == "dealer" and rnd.dealer_setting is not None:
            entry["setting"] = _setting_json(rnd.dealer_setting)
            entry["set_by"] = "house way"
        else:
            entry["setting"] = _setting_json(rnd.settings.get(pos))
            entry["set_by"] = rnd.set_by.get(pos)
        entry["wagers"] = [_wager_json(rnd, w, pos) for w in rnd.wagers if w.spot == pos]
        if pos == "dealer" and rnd.dealer_wager:
            res = rnd.results.get("dealer", {})
            entry["wagers"].append(
                {
                    "ref": "dealer",
                    "player": "dealer",
                    "kind": "dealer",
                    "cents": rnd.dealer_wager,
                    "result": "void" if rnd.void_reason else res.get("result"),
                    "high": res.get("high"),
                    "low": res.get("low"),
                }
            )
        positions[pos] = entry
    return positions


def round_record(rnd: RoundState, *, key: bytes | None = None) -> dict[str, Any]:
    """The record of a round (documented in ``docs/table.md``); sealed with an HMAC of its
    chain head when the operator's ``key`` is given."""
    transfers = [
        transfer_content(k, rnd.transfer_ops[k], t) | {"link": rnd.transfer_links[k]}
        for k, t in enumerate(rnd.ledger.transfers)
    ]
    last_at = next((o.at for o in reversed(rnd.log) if o.at is not None), None)
    record: dict[str, Any] = {k: _clone(rnd.header[k]) for k in HEADER_FIELDS}
    record |= {
        "closed_at": last_at if rnd.phase == "done" else None,
        "style": rnd.style,
        "dice": list(rnd.dice) if rnd.dice is not None else rnd.rng_number,
        "start": rnd.start,
        "void": rnd.void_reason,
        "dragons_eye": _de_json(rnd),
        "positions": _positions(rnd),
        "net": rnd.net() if rnd.phase == "done" else None,
        "operations": [op.to_json() for op in rnd.log],
        "transfers": transfers,
        "chain": {
            "fields": dict(rnd.header_digests),
            "start": rnd.chain_start,
            "head": rnd.head,
            "operations": len(rnd.log),
            "transfers": len(transfers),
        },
    }
    if key is not None:
        record["seal"] = seal(rnd.head, key)
    return record


def seal_record(record: dict[str, Any], key: bytes) -> dict[str, Any]:
    """A copy of ``record`` sealed with an HMAC of its chain head under ``key``."""
    if not isinstance(key, bytes) or not key:
        raise ReplayMismatchError("a seal needs a non-empty key (bytes)")
    return {k: v for k, v in record.items() if k != "seal"} | {
        "seal": seal(record["chain"]["head"], key)
    }
