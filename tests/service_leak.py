"""The leak reference: what a viewer may see of a round, derived independently from the round's
operation log (the slow obvious reference of :mod:`paigow.table.observation`), and a checker of
every message sent to a viewer against it (a delta's patch as sent, and the state it rebuilds).

Allowed for a seat: the pieces of the spots it wagered on (wagers not taken back) and of the
bank's spot when it banks, from the deal on; everyone: after a ``settle`` operation, the hands
settled with a result of win/push/lose (no "reason": not dead, not abandoned, not lost to a
triple), the bank's hand, and the dealer's hand played against a player bank; pieces turned up
by accident (stacking, a card face up in the shoe). The operator: what a spectator sees while
the round is open, every dealt piece once it is done (settled or void). Surveillance (an
operator with the surveillance right, one logged look at a time): every dealt piece. Nobody:
the stack order, nor any digest of the round (a chain link, its head: each a function of the
hidden pieces, whose space is small enough to search).
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from paigow.table.round import Round

__all__ = ["allowed_positions", "check_message", "piece_tokens"]

#: A SHA-256 digest in hex (a chain link, a head).
DIGEST = re.compile(r"[0-9a-f]{64}")
PIECE = re.compile(r'"([1-6]-[1-6]|[2-9TJQKA][cdhs]|Jk[12])"')


def piece_tokens(value: Any) -> list[str]:
    """Every string in ``value`` that names a tile or a card (written as JSON by orjson, whose
    text for these ASCII names is the standard library's, in a tenth of the time)."""
    return PIECE.findall(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode())


_LOGS: dict[int, tuple[Round, int, list[dict[str, Any]]]] = {}


def _log(rnd: Round) -> list[dict[str, Any]]:
    """The round's log as JSON (kept while the log does not grow; the round is kept with it,
    so that its id is not reused by another round)."""
    hit = _LOGS.get(id(rnd))
    if hit is not None and hit[0] is rnd and hit[1] == len(rnd.log):
        return hit[2]
    ops = [op.to_json() for op in rnd.log]
    if len(_LOGS) > 64:
        _LOGS.clear()
    _LOGS[id(rnd)] = (rnd, len(rnd.log), ops)
    return ops


def allowed_positions(rnd: Round, role: str, player: str | None) -> set[str]:
    """Positions whose pieces the viewer may see now, from the log alone."""
    ops = _log(rnd)
    dealt = any(o["kind"] == "deal" for o in ops)
    if not dealt:
        return set()
    positions = set(next(o for o in ops if o["kind"] == "deal")["data"]["hands"])
    done = any(o["kind"] in ("settle", "void") for o in ops)
    if role == "surveillance" or (role == "operator" and done):
        return positions
    out: set[str] = set()
    removed = {o["data"]["ref"] for o in ops if o["kind"] == "remove_wager"}
    removed |= {r for o in ops if o["kind"] == "remove_wager" for r in o["data"]["also"]}
    if player is not None:
        for o in ops:
            d = o["data"]
            if o["kind"] == "wager" and d["player"] == player and d["ref"] not in removed:
                out.add(d["spot"])
        if rnd.banker.player == player:
            out.add(rnd.banker.position or "dealer")
    settle = next((o for o in ops if o["kind"] == "settle"), None)
    if settle is not None:
        for ref, r in settle["data"]["results"].items():
            if r.get("result") in ("win", "push", "lose") and "reason" not in r:
                out.add("dealer" if ref == "dealer" else r["spot"])
        out.add(rnd.banker.position or "dealer")
    return out & positions


def accidental(rnd: Round) -> set[str]:
    """Pieces turned face up by accident, seen by everyone."""
    out: set[str] = set()
    for op in rnd.log:
        if op.kind == "expose_stacking":
            out |= set(op.data["tiles"])
        elif op.kind == "face_up_in_shoe":
            out.add(str(op.data["card"]))
    return out


def check_message(
    msg: dict[str, Any],
    rounds: dict[int, Round],
    current: Round | None,
    role: str,
    player: str | None,
) -> None:
    """Fail when ``msg``, sent now, shows the viewer a piece it may not see now. ``rounds``
    maps round numbers to rounds (for the operations of events); ``current`` is the round the
    table shows now (its state)."""
    text = orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    assert DIGEST.search(text) is None, f"{role} {player}: a digest of the round was sent"
    state = msg.get("state") or {}
    if "patch" in msg:  # a delta: what was sent is the patch (its state is rebuilt from it)
        assert current is not None or not piece_tokens(msg["patch"]), msg["patch"]
        if current is not None:
            _check_part({"patch": msg["patch"]}, current, role, player)
    view = state.get("round")
    if view is not None:
        assert current is not None
        _check_part({"state": state}, current, role, player)
        allowed = allowed_positions(current, role, player)
        for pos, entry in view["positions"].items():
            if entry["pieces"] is not None or entry["setting"] is not None:
                assert pos in allowed, f"{role} {player}: the hand at {pos} leaked"
    else:
        assert not list(piece_tokens(state)), msg
    for ev in msg.get("events", []):
        ops = ev.get("ops", [])
        if not ops:
            assert not list(piece_tokens(ev)), ev
            continue
        rnd = rounds[ev["round"]]
        _check_part(ev, rnd, role, player)
        allowed = allowed_positions(rnd, role, player)
        where = f"{role} {player} round {ev['round']}"
        for op in ops:
            data = op["data"]
            assert "order" not in data, f"{where}: the stack order leaked"
            if op["kind"] == "deal":
                assert set(data["hands"]) <= allowed, f"{where}: dealt hands leaked"
            if op["kind"] in ("set", "house_way") and "high" in data:
                assert data["spot"] in allowed, f"{where}: the setting of {data['spot']} leaked"
            if op["kind"] in ("bank_set", "reset_to_house_way") and "high" in data:
                assert (rnd.banker.position or "dealer") in allowed, f"{where}: bank hand leaked"


def _check_part(part: dict[str, Any], rnd: Round, role: str, player: str | None) -> None:
    allowed = allowed_positions(rnd, role, player)
    names = {str(t) for p in allowed for t in rnd.dealt.get(p, ())} | accidental(rnd)
    for token in piece_tokens(part):
        assert token in names, f"{role} {player} phase {rnd.phase}: {token} leaked in {part}"
