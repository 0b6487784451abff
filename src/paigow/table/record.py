"""The round record: a documented JSON form of everything that happened, and its replay.

A record holds the round's inputs (profile, house way, banker, seats, opening stacks), every
operation of its log with the chance outcomes (shuffle order, dice), and the results: the
hands as dealt and as set, each wager's result, the transfers and every account's net change.
:func:`replay` rebuilds the round from the inputs and operations alone and fails loudly if the
rebuilt record differs in anything (R-SETTLE-10, R-ADMIN-02).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from paigow.errors import PaigowError
from paigow.profiles import get_profile, parse_profile

from .games import hand_pieces
from .round import Banker, Round
from .variations import TableOptions

__all__ = ["FORMAT", "ReplayMismatchError", "replay", "round_record"]

FORMAT = "paigow-round/1"


class ReplayMismatchError(PaigowError):
    """A replayed round differs from its record."""


def _setting_json(s: Any) -> dict[str, list[str]] | None:
    if s is None:
        return None
    return {
        "high": [str(t) for t in hand_pieces(s.high)],
        "low": [str(t) for t in hand_pieces(s.low)],
    }


def _de_json(rnd: Round) -> dict[str, Any] | None:
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


def round_record(rnd: Round) -> dict[str, Any]:
    """The record of a round (documented in ``docs/table.md``)."""
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
        for w in rnd.wagers:
            if w.spot == pos:
                res = rnd.results.get(w.ref, {})
                if w.ref in rnd.results:
                    result = res.get("result")
                elif rnd.void_reason or pos in rnd.voided_spots:
                    result = "void"
                else:
                    result = None
                entry_w: dict[str, Any] = {
                    "ref": w.ref,
                    "player": w.player,
                    "kind": w.kind,
                    "cents": w.cents,
                    "result": result,
                    "high": res.get("high"),
                    "low": res.get("low"),
                }
                if w.kind != "main":
                    entry_w["pays"] = res.get("pays")
                    if "class" in res:
                        entry_w["class"] = res["class"]
                entry["wagers"].append(entry_w)
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
    banker = rnd.banker
    return {
        "format": FORMAT,
        "profile": rnd.profile.name,
        "rules": rnd.profile.to_dict(),
        "house_way": rnd.house_way.name,
        "banker": {"kind": banker.kind, "player": banker.player, "position": banker.position},
        "seats": dict(rnd.seats),
        "stacks": {k.removeprefix("player:"): v for k, v in rnd.opening.items() if k != "house"},
        "collection_free": rnd.collection_free,
        "options": {
            "pair_fortunes": rnd.options.pair_fortunes,
            "dragons_eye": rnd.options.dragons_eye,
            "de_streak": rnd.options.de_streak,
            "de_shaker": rnd.options.de_shaker,
            "carried": [list(c) for c in rnd.options.carried],
            "after_triple": rnd.options.after_triple,
        },
        "dragons_eye": _de_json(rnd),
        "style": rnd.style,
        "dice": list(rnd.dice) if rnd.dice is not None else rnd.rng_number,
        "start": rnd.start,
        "void": rnd.void_reason,
        "positions": positions,
        "operations": [op.to_json() for op in rnd.log],
        "transfers": [t.to_json() for t in rnd.ledger.transfers],
        "net": rnd.net() if rnd.phase == "done" else None,
    }


def _apply(rnd: Round, kind: str, data: Mapping[str, Any]) -> None:
    if data.get("derived"):
        return
    if kind == "shuffle":
        rnd.shuffle(" ".join(data["order"]))
    elif kind == "expose_stacking":
        rnd.expose_while_stacking(" ".join(data["tiles"]))
    elif kind == "cut":
        rnd.cut(data["cut"])
    elif kind == "decline_cut":
        rnd.cut(None)
    elif kind == "dealer_wager":
        rnd.place_dealer_wager(data["cents"])
    elif kind == "pd_wager":
        rnd.place_pd_wager(data["cents"])
    elif kind == "wager":
        rnd.wager(data["player"], data["spot"], data["cents"], data["kind"])
    elif kind == "remove_wager":
        rnd.remove_wager(data["ref"])
    elif kind == "no_more_bets":
        rnd.no_more_bets()
    elif kind == "style":
        rnd.choose_style(data["style"], data.get("chooser", "dealer"))
    elif kind == "no_roll":
        rnd.no_roll(data.get("reason", ""))
    elif kind == "face_up_in_shoe":
        rnd.face_up_in_shoe(data["card"])
    elif kind == "stub_count":
        rnd.stub_count(data["cards"])
    elif kind == "roll":
        if data.get("button") is not None:
            rnd.button(data["button"])
        elif data.get("dice") is not None:
            rnd.roll(data["dice"])
        else:
            rnd.roll(rng=data["rng"])
    elif kind == "deal":
        rnd.deal(data.get("first_stack"))
    elif kind == "expose_dealt":
        rnd.expose_dealt(data["position"], data["count"])
    elif kind == "void_hand":
        rnd.void_hand(data["spot"])
    elif kind == "tile_off_table":
        rnd.tile_off_table(data["position"])
    elif kind == "abandon":
        rnd.abandon(data["player"])
    elif kind == "set":
        rnd.set_hand(data["by"], data["spot"], " ".join(data["high"]), " ".join(data["low"]))
    elif kind == "house_way":
        rnd.set_house_way(data["spot"])
    elif kind == "bank_set":
        if data["by"] == "house way":
            rnd.set_bank()
        else:
            rnd.set_bank(" ".join(data["high"]), " ".join(data["low"]))
    elif kind == "reset_to_house_way":
        return
    elif kind == "surrender":
        rnd.surrender(data["spot"])
    elif kind == "dragons_eye":
        return
    elif kind == "settle":
        rnd.settle()
    elif kind == "void":
        rnd.void(data["reason"], keep_bonus=data.get("keep_bonus", False))
    else:  # pragma: no cover - Operation() rejects unknown kinds
        raise ReplayMismatchError(f"unknown operation {kind!r}")


def rebuild(record: Mapping[str, Any]) -> Round:
    """A new round from the record's inputs, with its operations applied."""
    if record.get("format") != FORMAT:
        raise ReplayMismatchError(f"not a {FORMAT} record (format {record.get('format')!r})")
    b = record["banker"]
    o = record.get("options") or {}
    options = TableOptions(
        pair_fortunes=o.get("pair_fortunes"),
        dragons_eye=o.get("dragons_eye", False),
        de_streak=o.get("de_streak", 0),
        de_shaker=o.get("de_shaker"),
        carried=tuple((str(c[0]), str(c[1]), int(c[2])) for c in o.get("carried", ())),
        after_triple=o.get("after_triple", False),
    )
    rules = record.get("rules")
    profile = (
        parse_profile(rules, f"record of {record['profile']}")
        if rules is not None
        else get_profile(record["profile"])
    )
    rnd = Round(
        profile,
        record["seats"],
        record["stacks"],
        banker=Banker(b["kind"], b["player"], b["position"]),
        house_way=record["house_way"],
        collection_free=record["collection_free"],
        options=options,
    )
    for op in record["operations"]:
        try:
            _apply(rnd, op["kind"], op["data"])
        except PaigowError as e:
            raise ReplayMismatchError(f"operation {op['index']} ({op['kind']}) failed: {e}") from e
    return rnd


def replay(record: Mapping[str, Any]) -> Round:
    """Re-run a record from its inputs and check that every field comes out identical.

    Raises:
        ReplayMismatchError: an operation fails, or the rebuilt record differs (the message
            names the first differing field).
    """
    rnd = rebuild(record)
    again = round_record(rnd)
    for key in sorted(set(record) | set(again)):
        if record.get(key) != again.get(key):
            raise ReplayMismatchError(f"replay differs in {key!r}")
    return rnd
